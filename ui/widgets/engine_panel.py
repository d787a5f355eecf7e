"""The engine panel: what the search is doing, live, and one row per completed iteration."""
from __future__ import annotations

import pygame

from ai.types import SearchInfo
from ui import theme
from ui.session import GameSession

COLUMNS = (("depth", 6), ("score", 10), ("nodes", 8), ("n/s", 8), ("time", 7), ("best line", 0))
"""Column titles and widths in characters of the monospaced font (0: the rest of the row)."""
OPTIONAL_COLUMNS = ("n/s", "time", "nodes")
"""Columns dropped, in this order, when the panel is too narrow."""


def visible_columns(width_in_characters: int) -> list[tuple[int, str, int]]:
    """``(index, title, width)`` of the columns that fit, keeping room for a short best line."""
    columns = [(index, title, chars) for index, (title, chars) in enumerate(COLUMNS)]
    for title in OPTIONAL_COLUMNS:
        if sum(chars for _, _, chars in columns) + 12 <= width_in_characters:
            break
        columns = [column for column in columns if column[1] != title]
    return columns


def iteration_cells(info: SearchInfo) -> list[str]:
    """The text of one table row: depth/seldepth, score, nodes, nodes per second, time, PV."""
    return [
        f"{info.depth}/{info.seldepth}",
        info.score.text() if not info.score.is_forced else _short_forced(info),
        theme.format_count(info.nodes),
        theme.format_count(info.nps),
        f"{info.time:.2f}s",
        " ".join(info.pv_text),
    ]


def _short_forced(info: SearchInfo) -> str:
    plies = info.score.plies_to_end or 0
    return f"win {plies}" if plies > 0 else f"loss {-plies}"


class EnginePanel:
    """Shows the current (or latest) search of a ``GameSession``.

    Header: whose search and with which algorithm. Live line: depth being searched,
    nodes, nodes per second, time. Table: completed iterations, newest at the bottom;
    scores are from the searching player's point of view.
    """

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)

    def draw(self, surface: pygame.Surface, session: GameSession, text_size: int) -> None:
        """Paint the panel inside ``rect``."""
        rect = self.rect
        theme.panel(surface, rect)
        pad = max(6, text_size // 2)
        x, y = rect.left + pad, rect.top + pad
        width = rect.width - 2 * pad
        theme.draw_text(surface, self._title(session), (x, y), text_size, theme.TEXT, style="bold", max_width=width)
        y += int(text_size * 1.5)
        depth, nodes, seconds = session.progress()
        if depth:
            nps = nodes / seconds if seconds > 0 else 0
            live = (f"searching depth {depth}  \u00b7  {theme.format_count(nodes)} nodes  \u00b7  "
                    f"{theme.format_count(nps)} n/s  \u00b7  {seconds:.1f} s")
            colour = theme.ACCENT
        elif session.search_rows:
            last = session.search_rows[-1]
            live = f"finished: depth {last.depth}, {theme.format_count(last.nodes)} nodes in {last.time:.2f} s"
            colour = theme.TEXT_DIM
        else:
            live = "no search yet"
            colour = theme.TEXT_DIM
        theme.draw_text(surface, live, (x, y), int(text_size * 0.9), colour, max_width=width)
        y += int(text_size * 1.6)
        small = max(9, int(text_size * 0.82))
        character = theme.font(small, "mono").size("0")[0]
        columns = visible_columns(width // max(1, character))
        lefts, left = [], x
        for _, _, chars in columns:
            lefts.append(left)
            left += chars * character
        for (_, title, chars), left in zip(columns, lefts):
            limit = chars * character - 2 if chars else x + width - left
            theme.draw_text(surface, title, (left, y), small, theme.TEXT_DIM, style="mono", max_width=limit)
        y += int(small * 1.45)
        pygame.draw.line(surface, theme.PANEL_BORDER, (x, y - 3), (x + width, y - 3))
        row_height = int(small * 1.45)
        rows_fit = max(0, (rect.bottom - pad - y) // row_height)
        rows = session.search_rows[-rows_fit:] if rows_fit else []
        for info in rows:
            cells = iteration_cells(info)
            colour = theme.TEXT if info is rows[-1] else theme.TEXT_DIM
            for (index, _, chars), left in zip(columns, lefts):
                limit = chars * character - 2 if chars else x + width - left
                theme.draw_text(surface, cells[index], (left, y), small, colour, style="mono", max_width=limit)
            y += row_height

    @staticmethod
    def _title(session: GameSession) -> str:
        player = session.search_player
        if player is None:
            return "Engine"
        name = session.game.player_name(player)
        if session.last_search_kind == "hint":
            return f"Hint for {name} \u2014 {session.hint_description()}"
        settings = session.players[player]
        verb = "thinking" if session.thinking else "last search"
        return f"{name} {verb} \u2014 {settings.algorithm.label}, level {settings.level}"
