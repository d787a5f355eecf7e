"""The search lab's Retrograde view: a database solved layer by layer, and one position.

Left, a chart of the layers in the order they are solved (backgammon: pip counts 0 up):
a bar per layer whose height is the number of positions in it, filled once the layer is
solved (outlined while it waits), and a dot per solved layer at its positions' mean
value. Right, the chosen position: each chance outcome (backgammon: the 21 rolls) with
its chance, its best choice and the position that choice leads to (always in a lower
layer, solved already), and the sum that gives the position its value. A click on a bar
picks a position of that layer (clicks go round it); a click on a row moves to the
position it leads to; hovering a row shows that position (``hovered``).
"""
from __future__ import annotations

import math
from fractions import Fraction

import pygame

from games.base import State
from games.retrograde import BestChoice, RetrogradeAnalysis
from ui import theme
from ui.i18n import format_number, mark, tr, tr_known
from ui.retrograde_steps import RetrogradeSteps
from ui.theme import TextSizes
from ui.widgets.scroll_text import ScrollText
from ui.widgets.table_fit import fit_table

LEGEND = mark("Bars: the positions of each layer (outlined: not solved yet); dots: their mean value. Click a bar for "
              "a position of that layer, a row for the position its best choice leads to; hover a row to see it.")
"""The view's legend (the lab draws it under the view)."""
CHART_SHARE = 0.38
"""The chart's share of the view's width (the table has the rest)."""


def chance_texts(probabilities: list[float]) -> list[str]:
    """Probabilities as fractions over their common denominator (``1/36``, ``2/36``),
    or as decimals when no small one fits."""
    fractions = [Fraction(value).limit_denominator(1000) for value in probabilities]
    denominator = math.lcm(*(fraction.denominator for fraction in fractions)) if fractions else 1
    if denominator > 1000 or any(abs(float(fraction) - value) > 1e-9 for fraction, value in zip(fractions, probabilities)):
        return [format_number(value, ".3f") for value in probabilities]
    return [f"{fraction.numerator * denominator // fraction.denominator}/{denominator}" for fraction in fractions]


TABLE_WIDTHS = (6, 7, 8, 10, 5, 11)
"""The rolls table's columns in characters: the outcome, its chance, the best choice (at
least this; it takes the rest), the position it leads to, its layer, its value."""
TABLE_DROP_ORDER = (3, 4, 1)
"""Columns a narrow table leaves out, in this order, before its text gets smaller: the
position led to, its layer, the roll's chance (``ui.widgets.table_fit``)."""


def table_widths(titles: tuple[str, ...], rest: int) -> list[int]:
    """The rolls table's columns in characters: ``TABLE_WIDTHS``, wider where a title is
    longer; the choice ``rest`` characters wide (at least its title's; the caller makes
    it as wide as the longest choice)."""
    return [max(rest if index == 2 else width, len(title) + 1) for index, (title, width)
            in enumerate(zip(titles, TABLE_WIDTHS))]  # the other columns' cells fit their widths


def table_line(cells: tuple[str, ...], widths: list[int], left_out: tuple[int, ...]) -> str:
    """One line of the rolls table in the monospaced font: ``cells`` in columns of
    ``widths`` characters (``table_widths``), those of ``left_out`` left out. A cell
    longer than its column is cut (and the cut recorded, ``theme.note_cut``)."""
    parts = []
    for index, (cell, width) in enumerate(zip(cells, widths)):
        if index in left_out:
            continue
        if len(cell) > width - 1:
            theme.note_cut(cell)
        text = cell[:width - 1]
        parts.append(f"{text:<{width}}" if index < 4 else f"{text:>{width}}")
    return "".join(parts)


def _draw_wrapped(surface: pygame.Surface, text: str, position: tuple[int, int], size: int,
                  colour: tuple[int, int, int], width: int, style: str = "regular") -> int:
    """``text`` from ``position``, wrapped to ``width`` pixels; returns the y under it."""
    x, y = position
    for part in theme.wrap_text(text, size, width, style):
        theme.draw_text(surface, part, (x, y), size, colour, style=style)
        y += theme.line_height(size)
    return y


class RetrogradeChart:
    """Shows ``steps``, a database being built (see the module docstring), inside ``rect``."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.steps: RetrogradeSteps | None = None
        """The database being built, if any (``build``)."""
        self.bar_rects: dict[int, pygame.Rect] = {}
        """Where each layer's slot was last drawn (a click picks that layer)."""
        self.row_rects: list[tuple[pygame.Rect, BestChoice]] = []
        """Where each outcome's row was last drawn."""
        self.hovered: BestChoice | None = None
        """The row under the pointer, if any (set by ``pointer_move``)."""
        self.sentence = ScrollText()
        """The sentence under the rows (it scrolls where it is long for the room)."""

    def build(self, analysis: RetrogradeAnalysis, state: State) -> None:
        """Show ``analysis`` from its first layer, looking at the position ``state`` shows
        when the database holds it, else at the analysis' example."""
        self.steps = RetrogradeSteps(analysis, analysis.position_of(state))
        self.hovered = None

    def shown_state(self) -> State | None:
        """The position to show on the board: the hovered row's, else the one looked at."""
        if self.steps is None:
            return None
        position = self.hovered.position if self.hovered is not None else self.steps.position
        return self.steps.analysis.state(position)

    def handle_event(self, event: pygame.event.Event) -> None:
        """Hovering rows, clicks on bars and rows, the wheel over the sentence."""
        if self.steps is None or self.sentence.handle_event(event):
            return
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.choice_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.handle_click(self.steps, event.pos)

    def key_at(self, position: tuple[int, int]) -> int | None:
        """The layer whose slot is at ``position``."""
        for key, rect in self.bar_rects.items():
            if rect.collidepoint(position):
                return key
        return None

    def choice_at(self, position: tuple[int, int]) -> BestChoice | None:
        """The outcome whose row is at ``position``."""
        for rect, choice in self.row_rects:
            if rect.collidepoint(position):
                return choice
        return None

    def handle_click(self, steps: RetrogradeSteps, position: tuple[int, int]) -> bool:
        """A click on a bar or a row (see the module docstring); True if it was one."""
        key = self.key_at(position)
        if key is not None:
            steps.choose_layer(key)
            return True
        choice = self.choice_at(position)
        if choice is not None and any(steps.analysis.positions(choice.layer)):
            steps.choose(choice.position)
            self.hovered = None
            return True
        return False

    def draw(self, surface: pygame.Surface, sizes: TextSizes) -> None:
        """Paint the chart and the chosen position's table (what Run does, before a build)."""
        theme.panel(surface, self.rect)
        pad = max(6, sizes.small // 2)
        inner = self.rect.inflate(-2 * pad, -2 * pad)
        steps = self.steps
        if steps is None:
            theme.draw_paragraphs(surface, [(tr("Run builds the database from the end of the game backwards, one "
                                                "layer at a time."), theme.TEXT_DIM)], inner, sizes.body)
            return
        if inner.width * (1 - CHART_SHARE) >= 48 * theme.font(theme.SMALLEST_TEXT, "mono").size("0")[0]:
            chart = pygame.Rect(inner.left, inner.top, int(inner.width * CHART_SHARE), inner.height)
            table = pygame.Rect(chart.right + 2 * pad, inner.top, inner.right - chart.right - 2 * pad, inner.height)
        else:  # too narrow side by side: the chart above the table
            chart = pygame.Rect(inner.left, inner.top, inner.width, int(inner.height * 0.4))
            table = pygame.Rect(inner.left, chart.bottom + pad, inner.width, inner.bottom - chart.bottom - pad)
        self._draw_chart(surface, chart, steps, sizes)
        self._draw_table(surface, table, steps, sizes)

    def _draw_chart(self, surface: pygame.Surface, rect: pygame.Rect, steps: RetrogradeSteps, sizes: TextSizes) -> None:
        analysis, size = steps.analysis, sizes.small
        line = theme.line_height(size)
        solved = sum(layer.count for layer in steps.layers)
        total = sum(len(analysis.positions(key)) for key in analysis.keys)
        title = tr("{solved} of {total} positions solved", solved=format_number(solved, ","),
                   total=format_number(total, ","))
        if rect.height < 8 * line:
            return
        counts = {key: len(analysis.positions(key)) for key in analysis.keys}
        highest = max(counts.values(), default=1) or 1
        shown = {layer.key: layer for layer in steps.layers}
        means = [layer.mean for layer in steps.layers]
        top_mean = max(means, default=0.0) or 1.0
        heading = [(title, theme.TEXT, "bold"),
                   (tr("{layers} of {count} layers; bars: up to {most} positions", layers=steps.shown,
                       count=steps.total, most=highest), theme.TEXT_DIM, "regular")]
        if means:
            heading.append((tr("dots: {name} up to {value}", name=tr_known(analysis.value_name),
                               value=format_number(top_mean, ".2f")), theme.TEXT_DIM, "regular"))
        y = rect.top
        for text, colour, style in heading:  # wrapped: the plot starts under them
            for part in theme.wrap_text(text, size, rect.width, style):
                theme.draw_text(surface, part, (rect.left, y), size, colour, style=style)
                y += line
        plot = pygame.Rect(rect.left + size, y + line // 2, rect.width - 2 * size, rect.bottom - 2 * line - y - line // 2)
        slot = plot.width / max(1, len(analysis.keys))
        chosen = analysis.layer_of(steps.position)
        target = self.hovered.layer if self.hovered is not None else None
        self.bar_rects = {}
        pygame.draw.line(surface, theme.PANEL_BORDER, plot.bottomleft, plot.bottomright)
        dots = []
        for index, key in enumerate(analysis.keys):
            left = plot.left + int(index * slot)
            width = max(2, int(slot) - 2)
            height = max(1, int(plot.height * 0.95 * counts[key] / highest))
            bar = pygame.Rect(left, plot.bottom - height, width, height)
            self.bar_rects[key] = pygame.Rect(left, plot.top, max(3, int(slot)), plot.height)
            colour = theme.GOOD if key == chosen else theme.WARNING if key == target else theme.ACCENT
            if key in shown:
                pygame.draw.rect(surface, colour, bar)
                dots.append((left + width // 2, plot.bottom - int(plot.height * 0.95 * shown[key].mean / top_mean)))
            else:
                pygame.draw.rect(surface, colour if key in (chosen, target) else theme.PANEL_BORDER, bar, width=1)
            if index % max(1, len(analysis.keys) // 8) == 0 or index == len(analysis.keys) - 1:
                theme.draw_text(surface, str(key), (left + width // 2, plot.bottom + 2), size, theme.TEXT_DIM,
                                anchor="midtop")
        if len(dots) > 1:
            pygame.draw.lines(surface, theme.TEXT, False, dots, 2)
        for dot in dots:
            pygame.draw.circle(surface, theme.TEXT, dot, max(2, size // 5))
        theme.draw_text(surface, tr_known(analysis.layer_name), (plot.centerx, plot.bottom + line + 2), size,
                        theme.TEXT_DIM, anchor="midtop")

    def _draw_table(self, surface: pygame.Surface, rect: pygame.Rect, steps: RetrogradeSteps, sizes: TextSizes) -> None:
        analysis, size = steps.analysis, sizes.small
        line = theme.line_height(size)
        position = steps.position
        key = analysis.layer_of(position)
        self.row_rects = []
        y = rect.top
        names = {"layer_name": tr_known(analysis.layer_name), "value_name": tr_known(analysis.value_name)}
        if not steps.is_solved(position):
            title = tr("Position {position}: {layer} {layer_name}, not solved yet", position=analysis.position_text(
                position), layer=key, **names)
            y = _draw_wrapped(surface, title, (rect.left, y), size, theme.TEXT, rect.width, "bold") - line
            for text in theme.wrap_text(tr("Its layer comes later: step on (\u2192) until it is solved. Each layer "
                                           "needs only the layers before it."), size, rect.width):
                y += line
                theme.draw_text(surface, text, (rect.left, y + 4), size, theme.TEXT_DIM)
            return
        value = analysis.value(position)
        title = tr("Position {position}: {layer} {layer_name}, {value} {value_name}",
                   position=analysis.position_text(position), layer=key, value=format_number(value, ".3f"), **names)
        y = _draw_wrapped(surface, title, (rect.left, y), size, theme.TEXT, rect.width, "bold") + 2
        choices = steps.choices()
        if not choices:
            theme.draw_text(surface, tr("Nothing is left to do here: the end of the game, where the build starts."),
                            (rect.left, y), size, theme.TEXT_DIM, max_width=rect.width)
            return
        titles = (tr_known(analysis.outcome_name), tr("chance"), tr_known(analysis.choice_name), tr("leads to"),
                  names["layer_name"], names["value_name"])
        longest_choice = max(len(choice.choice) for choice in choices)
        least = table_widths(titles, max(TABLE_WIDTHS[2], longest_choice + 1))
        size, left_out = fit_table(lambda size, left_out: theme.font(size, "mono").size("0")[0]
                                   * sum(width for index, width in enumerate(least) if index not in left_out),
                                   rect.width, size, theme.SMALLEST_TEXT, TABLE_DROP_ORDER)
        line = theme.line_height(size)
        character = theme.font(size, "mono").size("0")[0]
        widths = table_widths(titles, max(least[2], rect.width // character - sum(
            width for index, width in enumerate(least) if index != 2 and index not in left_out)))
        header = table_line(titles, widths, left_out)
        theme.draw_text(surface, header, (rect.left, y), size, theme.TEXT_DIM, style="mono", max_width=rect.width)
        y += line
        average = sum(choice.probability * choice.value for choice in choices)
        sentence = tr("{value} = {step} + {average}: the average over the outcomes, each weighted by its chance, "
                      "of the value where its best choice leads; those positions have fewer {layer_name}, so they "
                      "were solved before.", value=format_number(value, ".3f"), step=format_number(analysis.step, "g"),
                      average=format_number(average, ".3f"), **names)
        sentence_lines = min(len(theme.wrap_text(sentence, size, rect.width)), 4)  # longer: it scrolls
        room = max(1, (rect.bottom - y) // line - sentence_lines)
        for choice, chance in list(zip(choices, chance_texts([choice.probability for choice in choices])))[:room]:
            row = pygame.Rect(rect.left, y, rect.width, line)
            self.row_rects.append((row, choice))
            if choice == self.hovered:
                pygame.draw.rect(surface, theme.SELECTION, row)
            text = table_line((str(choice.outcome), chance, choice.choice, analysis.position_text(choice.position),
                               str(choice.layer), format_number(choice.value, ".3f")), widths, left_out)
            theme.draw_text(surface, text, (rect.left, y), size, theme.TEXT, style="mono", max_width=rect.width)
            y += line
        self.sentence.rect = pygame.Rect(rect.left, y + 4, rect.width, rect.bottom - y - 4)
        self.sentence.draw(surface, sentence, theme.GOOD, size)
