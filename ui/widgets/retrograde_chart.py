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
        """Hovering rows, clicks on bars and rows."""
        if self.steps is None:
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
        chart = pygame.Rect(inner.left, inner.top, int(inner.width * CHART_SHARE), inner.height)
        table = pygame.Rect(chart.right + 2 * pad, inner.top, inner.right - chart.right - 2 * pad, inner.height)
        self._draw_chart(surface, chart, steps, sizes)
        self._draw_table(surface, table, steps, sizes)

    def _draw_chart(self, surface: pygame.Surface, rect: pygame.Rect, steps: RetrogradeSteps, sizes: TextSizes) -> None:
        analysis, size = steps.analysis, sizes.small
        line = theme.line_height(size)
        solved = sum(layer.count for layer in steps.layers)
        total = sum(len(analysis.positions(key)) for key in analysis.keys)
        title = tr("{solved} of {total} positions solved", solved=format_number(solved, ","),
                   total=format_number(total, ","))
        theme.draw_text(surface, title, rect.topleft, size, theme.TEXT, style="bold", max_width=rect.width)
        plot = pygame.Rect(rect.left + size, rect.top + 3 * line, rect.width - 2 * size, rect.height - 5 * line)
        counts = {key: len(analysis.positions(key)) for key in analysis.keys}
        highest = max(counts.values(), default=1) or 1
        shown = {layer.key: layer for layer in steps.layers}
        means = [layer.mean for layer in steps.layers]
        top_mean = max(means, default=0.0) or 1.0
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
        theme.draw_text(surface, tr("{layers} of {count} layers; bars: up to {most} positions", layers=steps.shown,
                                    count=steps.total, most=highest), (rect.left, rect.top + line), size,
                        theme.TEXT_DIM, max_width=rect.width)
        if means:
            theme.draw_text(surface, tr("dots: {name} up to {value}", name=tr_known(analysis.value_name),
                                        value=format_number(top_mean, ".2f")), (rect.left, rect.top + 2 * line), size,
                            theme.TEXT_DIM, max_width=rect.width)

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
            theme.draw_text(surface, title, (rect.left, y), size, theme.TEXT, style="bold", max_width=rect.width)
            for text in theme.wrap_text(tr("Its layer comes later: step on (\u2192) until it is solved. Each layer "
                                           "needs only the layers before it."), size, rect.width):
                y += line
                theme.draw_text(surface, text, (rect.left, y + 4), size, theme.TEXT_DIM)
            return
        value = analysis.value(position)
        title = tr("Position {position}: {layer} {layer_name}, {value} {value_name}",
                   position=analysis.position_text(position), layer=key, value=format_number(value, ".3f"), **names)
        theme.draw_text(surface, title, (rect.left, y), size, theme.TEXT, style="bold", max_width=rect.width)
        y += line + 2
        choices = steps.choices()
        if not choices:
            theme.draw_text(surface, tr("Nothing is left to do here: the end of the game, where the build starts."),
                            (rect.left, y), size, theme.TEXT_DIM, max_width=rect.width)
            return
        character = theme.font(size, "mono").size("0")[0]
        widths = (6, 7, 0, 10, 5, 11)  # outcome, chance, choice (the rest), leads to, layer, value
        rest = max(8, rect.width // character - sum(widths))
        header = (f"{tr_known(analysis.outcome_name)[:5]:<6}{tr('chance')[:6]:<7}"
                  f"{tr_known(analysis.choice_name)[:rest - 1]:<{rest}}{tr('leads to'):<10}"
                  f"{names['layer_name'][:4]:>5}{names['value_name'][:10]:>11}")
        theme.draw_text(surface, header, (rect.left, y), size, theme.TEXT_DIM, style="mono", max_width=rect.width)
        y += line
        average = sum(choice.probability * choice.value for choice in choices)
        sentence = tr("{value} = {step} + {average}: the average over the outcomes, each weighted by its chance, "
                      "of the value where its best choice leads; those positions have fewer {layer_name}, so they "
                      "were solved before.", value=format_number(value, ".3f"), step=format_number(analysis.step, "g"),
                      average=format_number(average, ".3f"), **names)
        sentence_lines = theme.wrap_text(sentence, size, rect.width)
        room = max(1, (rect.bottom - y) // line - len(sentence_lines))
        for choice, chance in list(zip(choices, chance_texts([choice.probability for choice in choices])))[:room]:
            row = pygame.Rect(rect.left, y, rect.width, line)
            self.row_rects.append((row, choice))
            if choice == self.hovered:
                pygame.draw.rect(surface, theme.SELECTION, row)
            text = (f"{choice.outcome:<6}{chance:<7}{choice.choice[:rest - 1]:<{rest}}"
                    f"{analysis.position_text(choice.position)[:9]:<10}{choice.layer:>5}{format_number(choice.value, '>11.3f')}")
            theme.draw_text(surface, text, (rect.left, y), size, theme.TEXT, style="mono", max_width=rect.width)
            y += line
        theme.draw_paragraphs(surface, [(sentence, theme.GOOD)], pygame.Rect(rect.left, y + 4, rect.width,
                                                                              rect.bottom - y - 4), size)
