"""The search lab's comparison table: one row per search, with a bar of its nodes.

Columns: the algorithm, whether it used a table and move ordering, the nodes (and a bar
on a log scale, labelled with the share of the first row's nodes: the plain search every
other row saves against), the seconds, the value (for the side to move), the best move,
the effective branching factor, the table's hits and the cut-offs. A search stopped by
the node budget says "stopped" in place of its value.
"""
from __future__ import annotations

import math

import pygame

from ai.lab import LabRow
from ai.types import Score
from ui import theme
from ui.game_texts import score_text
from ui.i18n import format_number, mark, tr, tr_known
from ui.theme import TextSizes
from ui.widgets.table_fit import fit_table

COLUMNS = ((mark("algorithm"), 28, "left"), (mark("TT+ord"), 8, "center"), (mark("nodes"), 10, "right"),
           ("", 0, "bar"), (mark("seconds"), 9, "right"), (mark("value"), 9, "right"), (mark("best"), 9, "right"),
           (mark("EBF"), 6, "right"), (mark("TT hits"), 9, "right"), (mark("cut-offs"), 10, "right"))
"""Title (translated where drawn), width in characters of the monospaced font (0: the bar takes what is left)
and alignment."""
DROP_ORDER = (9, 8, 4, 3, 6, 7)
"""Columns left out, in this order, before the text gets smaller, where the table is too
narrow: the cut-offs, the table hits, the seconds, the bar, the best move, the effective
branching factor (``ui.widgets.table_fit``); the algorithm, the table, the nodes and the
value always show."""
LEGEND = mark("EBF = effective branching factor, nodes^(1/depth) \u00b7 TT+ord = with a transposition table and "
              "killer and history move ordering \u00b7 bars: nodes on a log scale, % of the first row")


def search_label(algorithm: str, enhanced: bool, evaluation: str = "") -> str:
    """A search of the comparison for people (``LabRow.label`` in the current language):
    ``alpha-beta + table and ordering``, ``expectiminimax (hand-made)`` with a chosen
    ``evaluation``."""
    label = tr_known(algorithm)
    label = tr("{algorithm} + table and ordering", algorithm=label) if enhanced else label
    return with_evaluation(label, evaluation)


def with_evaluation(label: str, evaluation: str) -> str:
    """``label`` followed by the evaluation's name in brackets, when one was chosen (see
    ``LabRow.evaluation``): ``expectiminimax (hand-made)``."""
    return tr("{algorithm} ({evaluation})", algorithm=label, evaluation=tr_known(evaluation)) if evaluation else label


SMALLEST_BAR = 100


def cells(row: LabRow, unit: int) -> list[str]:
    """The text of one row's columns (the bar's column empty)."""
    value = score_text(Score(round(row.value)), unit) if row.finished else tr("stopped")
    algorithm = tr_known(row.algorithm)
    name = algorithm if row.quiescence else tr("{algorithm}, no quiescence", algorithm=algorithm)
    name = with_evaluation(name, row.evaluation)
    return [name, tr("yes") if row.enhanced else "\u2013", format_number(row.nodes, ","), "",
            format_number(row.seconds, ".3f"), value, row.best_move if row.finished else "\u2013",
            format_number(row.branching, ".2f"), format_number(row.table_hits, ","), format_number(row.cutoffs, ",")]


def bar_fraction(nodes: int, most: int) -> float:
    """The length of a bar for ``nodes`` on a log scale whose full length is ``most``
    nodes (0 for 1 node or fewer)."""
    if nodes <= 1 or most <= 1:
        return 0.0
    return min(1.0, math.log10(nodes) / math.log10(most))


class LabTable:
    """Draws comparison rows in ``rect``; where the columns do not fit its width, the
    less important ones are left out (``DROP_ORDER``), then the text shrinks (not below
    the smallest text size)."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)

    def column_widths(self, rows: list[LabRow], unit: int) -> list[int]:
        """Each column's width in characters: the widest of its title and its cells, plus
        room between columns; 0 for the bar."""
        texts = [cells(row, unit) for row in rows]
        widths = []
        for index, (title, width, align) in enumerate(COLUMNS):
            if align == "bar":
                widths.append(0)
                continue
            widest = max([len(tr(title))] + [len(cell[index]) for cell in texts])
            widths.append(widest + (2 if align == "left" else 1))
        return widths

    def _fit(self, sizes: TextSizes, widths: list[int]) -> tuple[int, tuple[int, ...]]:
        """The text size and the columns left out (see the class docstring)."""
        def width_at(size: int, left_out: tuple[int, ...]) -> int:
            characters = sum(width for index, width in enumerate(widths) if index not in left_out)
            return theme.font(size, "mono").size("0")[0] * characters + (0 if 3 in left_out else SMALLEST_BAR)

        return fit_table(width_at, self.rect.width - 16, sizes.body, theme.SMALLEST_TEXT, DROP_ORDER)

    def draw(self, surface: pygame.Surface, rows: list[LabRow], sizes: TextSizes, unit: int,
             pending: list[str]) -> int:
        """Paint the header, ``rows`` and, greyed, the ``pending`` searches still to run
        (their labels). Returns the y just under the last line drawn."""
        theme.panel(surface, self.rect)
        widths = self.column_widths(rows, unit)
        size, left_out = self._fit(sizes, widths)
        widths = [0 if index in left_out else width for index, width in enumerate(widths)]
        character = theme.font(size, "mono").size("0")[0]
        line = int(theme.line_height(size) * 1.35)
        fixed = sum(widths) * character
        bar_width = 0 if 3 in left_out else max(SMALLEST_BAR, self.rect.width - 16 - fixed)
        lefts, x = [], self.rect.left + 8
        for (_, _, align), width in zip(COLUMNS, widths):
            lefts.append(x)
            x += bar_width if align == "bar" else width * character
        y = self.rect.top + 6
        for (title, _, align), width, left in zip(COLUMNS, widths, lefts):
            if align != "bar" and width:  # in the monospaced font, as its width in characters counts it
                self._cell(surface, tr(title), left, width * character, align, y, size, theme.TEXT_DIM, "mono")
        y += line
        pygame.draw.line(surface, theme.PANEL_BORDER, (self.rect.left + 6, y - 4), (self.rect.right - 6, y - 4))
        most = max((row.nodes for row in rows), default=1)
        first = rows[0].nodes if rows else 0
        for row in rows:
            if y + line > self.rect.bottom:
                break
            colour = theme.TEXT if row.finished else theme.WARNING
            for (title, _, align), width, left, text in zip(COLUMNS, widths, lefts, cells(row, unit)):
                if align == "bar":
                    if bar_width:
                        self._bar(surface, row, left, bar_width, y, line, size, most, first)
                elif width:
                    self._cell(surface, text, left, width * character, align, y, size, colour)
            y += line
        for label in pending:
            if y + line > self.rect.bottom:
                break
            self._cell(surface, label, lefts[0], self.rect.right - 8 - lefts[0], "left", y, size, theme.TEXT_DISABLED)
            y += line
        return y

    @staticmethod
    def _cell(surface: pygame.Surface, text: str, left: int, width: int, align: str, y: int, size: int,
              colour: tuple[int, int, int], style: str = "") -> None:
        anchor, x = {"left": ("topleft", left), "right": ("topright", left + width - 2),
                     "center": ("midtop", left + width // 2)}[align]
        theme.draw_text(surface, text, (x, y), size, colour, style=style or ("mono" if align == "right" else "regular"),
                        anchor=anchor, max_width=width - 2)

    @staticmethod
    def _bar(surface: pygame.Surface, row: LabRow, left: int, width: int, y: int, line: int, size: int,
             most: int, first: int) -> None:
        height = max(6, int(line * 0.6))
        label_size = max(theme.SMALLEST_TEXT, size - 1)
        label_width = theme.font(label_size).size("100.0%")[0] + 6  # the share, at the right of the bar
        track = pygame.Rect(left + 4, y + (line - height) // 2 - 2, max(8, width - 8 - label_width), height)
        pygame.draw.rect(surface, theme.BUTTON, track, border_radius=3)
        filled = pygame.Rect(track.left, track.top, int(track.width * bar_fraction(row.nodes, most)), height)
        pygame.draw.rect(surface, theme.ACCENT_DARK if row.finished else theme.WARNING, filled, border_radius=3)
        if first > 0:
            share = 100.0 * row.nodes / first
            spec = ".0f" if share >= 10 else ".1f" if share >= 0.1 else ".2f"
            text = f"{format_number(share, spec)}%"
            theme.draw_text(surface, text, (track.right + label_width - 2, track.centery), label_size, theme.TEXT_DIM,
                            anchor="midright")
