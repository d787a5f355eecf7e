"""Iterative deepening made visible: one row per depth and a chart of what each cost.

The engine reports cumulative nodes and seconds after each completed depth
(``SearchInfo``); the rows show each depth's own share (the differences), how many
times the depth before it cost (the growth), the score, the best line, and which move
was searched first: the previous depth's best move, which iterative deepening puts in
front (with the table's stored moves, that is what makes re-searching cheap), the share
of the depth's nodes spent under it, and whether it stayed the best. The chart draws nodes (left axis) and seconds (right axis)
per depth as bars on log scales.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from ai.types import SearchInfo
from games.base import State
from ui import theme
from ui.game_texts import score_text
from ui.i18n import format_number, mark, tr
from ui.theme import TextSizes
from ui.widgets.table_fit import fit_table

COLUMNS = (mark("depth"), mark("nodes"), mark("growth"), mark("seconds"), mark("score"),
           mark("searched first (its share of the nodes)"), mark("best line"))
"""The table's column titles (translated where drawn)."""
SHORT_TITLES = {5: mark("searched first")}
"""Shorter titles, used where the table is too narrow for the full ones."""
SHORT = -1
"""In ``DROP_ORDER``: use ``SHORT_TITLES`` (before any column is left out)."""
DROP_ORDER = (SHORT, 6, 3, 2)
"""What a narrow table gives up, in this order, before its text gets smaller: the long
titles, then the best line, the seconds and the growth (``ui.widgets.table_fit``)."""
COLUMN_GAP = 12
"""Pixels between columns."""


@dataclass(frozen=True)
class DepthRow:
    """One completed depth: its own ``nodes`` and ``seconds`` (not cumulative), ``growth``
    (its nodes over the previous depth's; 0 for the first), the score text, the best line
    as people write it, the move searched first (the previous depth's best; "" at depth
    1) and whether the best move changed at this depth; ``first_share`` the part of the
    depth's nodes spent under that first move (0..1)."""

    depth: int
    nodes: int
    seconds: float
    growth: float
    score: str
    line: str
    first: str
    changed: bool
    first_share: float = 0.0


def display_line(state: State, line: tuple) -> list[str]:
    """The moves of ``line`` from ``state`` as people write them (``State.display_move``)."""
    texts = []
    for move in line:
        texts.append(state.display_move(move))
        state = state.apply(move)
    return texts


def depth_rows(state: State, infos: list[SearchInfo], unit: int) -> list[DepthRow]:
    """The rows for the iterations ``infos`` of a search of ``state``, in order."""
    rows: list[DepthRow] = []
    nodes_before, seconds_before, previous = 0, 0.0, None
    for info in infos:
        nodes = info.nodes - nodes_before
        seconds = max(0.0, info.time - seconds_before)
        line = " ".join(display_line(state, info.pv))
        first = display_line(state, previous.pv[:1])[0] if previous is not None and previous.pv else ""
        changed = previous is not None and previous.pv[:1] != info.pv[:1]
        growth = nodes / rows[-1].nodes if rows and rows[-1].nodes else 0.0
        share = min(1.0, info.first_move_nodes / nodes) if nodes else 0.0
        rows.append(DepthRow(info.depth, nodes, seconds, growth, score_text(info.score, unit), line, first, changed,
                             share))
        nodes_before, seconds_before, previous = info.nodes, info.time, info
    return rows


def first_text(row: DepthRow) -> str:
    """The "searched first" cell: the previous best move and what became of it."""
    if not row.first:
        return tr("\u2013 (no earlier depth)")
    share = format_number(100 * row.first_share, ".0f")
    if row.changed:
        return tr("{move} ({share}% of nodes): replaced", move=row.first, share=share)
    return tr("{move} ({share}% of nodes): still best", move=row.first, share=share)


def _log_ticks(most: float, least: float) -> list[float]:
    """Powers of ten from ``least`` up to ``most``."""
    low = math.floor(math.log10(max(least, 1e-9)))
    high = math.ceil(math.log10(max(most, least * 10)))
    return [10.0 ** exponent for exponent in range(low, high + 1)]


def seconds_text(seconds: float) -> str:
    """``1 ms``, ``0.1 s``, ``10 s``: an axis label."""
    return f"{format_number(seconds * 1000, 'g')} ms" if seconds < 0.1 else f"{format_number(seconds, 'g')} s"


def row_texts(row: DepthRow) -> list[str]:
    """One row's cells, in the order of ``COLUMNS``."""
    growth = f"\u00d7{format_number(row.growth, '.1f')}" if row.growth else "\u2013"
    return [str(row.depth), format_number(row.nodes, ","), growth, format_number(row.seconds, ".3f"), row.score,
            first_text(row), row.line]


def column_titles(left_out: tuple[int, ...]) -> list[str]:
    """The titles for people, short ones when ``left_out`` holds ``SHORT``."""
    return [tr(SHORT_TITLES[index]) if SHORT in left_out and index in SHORT_TITLES else tr(title)
            for index, title in enumerate(COLUMNS)]


def column_widths(table: list[list[str]], size: int, left_out: tuple[int, ...]) -> list[int]:
    """Each column's width in pixels at text ``size``: its widest cell or title and a gap; 0 when left out."""
    face = theme.font(size)
    titles = column_titles(left_out)
    return [0 if index in left_out else
            max(face.size(text)[0] for text in [titles[index], *(cells[index] for cells in table)]) + COLUMN_GAP
            for index in range(len(COLUMNS))]


class DeepeningChart:
    """Draws the rows and the chart in ``rect``."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)

    def draw(self, surface: pygame.Surface, rows: list[DepthRow], sizes: TextSizes) -> None:
        """Paint the table (upper part) and the chart (the rest). Where the table is too
        narrow it gives up what ``DROP_ORDER`` says, then its text gets smaller."""
        theme.panel(surface, self.rect)
        table = [row_texts(row) for row in rows]
        size, left_out = fit_table(lambda size, left_out: sum(column_widths(table, size, left_out)),
                                   self.rect.width - 16, sizes.small, theme.SMALLEST_TEXT, DROP_ORDER)
        widths = column_widths(table, size, left_out)
        titles = column_titles(left_out)
        line = theme.line_height(size) + 2
        x, y = self.rect.left + 8, self.rect.top + 6
        lefts = []
        for width in widths:
            lefts.append(x)
            x += width
        for title, width, left in zip(titles, widths, lefts):
            if width:
                theme.draw_text(surface, title, (left, y), size, theme.TEXT_DIM, max_width=width)
        y += line + 2
        table_bottom = self.rect.top + int(self.rect.height * 0.45)
        for row, texts in zip(rows, table):
            if y + line > table_bottom:
                break
            for index, (text, width, left) in enumerate(zip(texts, widths, lefts)):
                if width:
                    colour = theme.WARNING if index == 5 and row.changed else theme.TEXT
                    theme.draw_text(surface, text, (left, y), size, colour, max_width=width)
            y += line
        chart = pygame.Rect(self.rect.left + 8, table_bottom + 4, self.rect.width - 16,
                            self.rect.bottom - table_bottom - 10)
        self._chart(surface, chart, rows, sizes.small)

    @staticmethod
    def _chart(surface: pygame.Surface, area: pygame.Rect, rows: list[DepthRow], size: int) -> None:
        line = theme.line_height(size)
        theme.draw_text(surface, tr("nodes per depth (log scale)"), (area.left, area.top), size, theme.ACCENT)
        theme.draw_text(surface, tr("seconds per depth (log scale)"), (area.right, area.top), size, theme.WARNING,
                        anchor="topright")
        if not rows:
            return
        axis_width = theme.font(size).size("100 ms")[0] + 8
        plot = pygame.Rect(area.left + axis_width, area.top + line + 6, area.width - 2 * axis_width,
                           area.height - 2 * line - 10)
        if plot.width < 40 or plot.height < 30:
            return
        node_ticks = _log_ticks(max(row.nodes for row in rows), 1)
        second_ticks = _log_ticks(max(row.seconds for row in rows), max(1e-4, min(row.seconds for row in rows)))

        def height_of(value: float, ticks: list[float]) -> int:
            low, high = math.log10(ticks[0]), math.log10(ticks[-1])
            if value <= ticks[0] or high <= low:
                return 0
            return int(plot.height * (math.log10(value) - low) / (high - low))

        for tick in node_ticks:
            y = plot.bottom - height_of(tick, node_ticks) if tick > node_ticks[0] else plot.bottom
            pygame.draw.line(surface, theme.PANEL_BORDER, (plot.left, y), (plot.right, y))
            theme.draw_text(surface, theme.format_count(tick), (plot.left - 4, y), size, theme.ACCENT,
                            anchor="midright")
        for tick in second_ticks:
            y = plot.bottom - height_of(tick, second_ticks) if tick > second_ticks[0] else plot.bottom
            theme.draw_text(surface, seconds_text(tick), (plot.right + 4, y), size, theme.WARNING, anchor="midleft")
        slot = plot.width / len(rows)
        bar = max(3, int(slot * 0.3))
        for index, row in enumerate(rows):
            centre = plot.left + int(slot * (index + 0.5))
            for offset, value, ticks, colour in ((-bar - 1, row.nodes, node_ticks, theme.ACCENT),
                                                 (1, row.seconds, second_ticks, theme.WARNING)):
                height = max(1, height_of(value, ticks))
                pygame.draw.rect(surface, colour, pygame.Rect(centre + offset, plot.bottom - height, bar, height))
            theme.draw_text(surface, tr("depth {depth}", depth=row.depth), (centre, plot.bottom + 2), size,
                            theme.TEXT_DIM,
                            anchor="midtop", max_width=int(slot) - 2)
