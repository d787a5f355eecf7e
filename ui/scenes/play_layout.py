"""Where everything goes on the play screen, for any window size and text size.

``layout_play`` is a pure function of the window size, the text sizes, the board's
aspect ratio and the number of button rows; it returns a ``PlayLayout`` of rectangles.

Landscape windows put the board (with the evaluation bar at its left and the status
line with the win-chance label under it) on the left and a panel on the right: a
toolbar, the players, the engine panel, the move list and the buttons. The panel gets
at least the width the engine table needs at the current text size; the board takes
the rest. If the board then leaves room below it, the buttons move under the board and
the engine panel grows. Portrait windows stack the panel under the board.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from ui import theme
from ui.theme import TextSizes


@dataclass
class PlayLayout:
    """The rectangles of the play screen (see the module docstring)."""

    board: pygame.Rect
    bar: pygame.Rect
    status: pygame.Rect
    toolbar: pygame.Rect
    players: pygame.Rect
    engine: pygame.Rect
    moves: pygame.Rect
    button_rows: list[pygame.Rect] = field(default_factory=list)
    button_height: int = 0
    gap: int = 0
    margin: int = 0
    landscape: bool = True


def panel_minimum_width(sizes: TextSizes) -> int:
    """The narrowest panel that holds the engine table's main columns and a short best line."""
    character = theme.font(sizes.small, "mono").size("0")[0]
    return 37 * character + 2 * sizes.small


def layout_play(size: tuple[int, int], sizes: TextSizes, aspect: float, button_rows: int,
                players_lines: int = 2) -> PlayLayout:
    """Lay out a play screen of ``size`` pixels; ``aspect`` is the board's width over its
    height; ``button_rows`` the rows of buttons; ``players_lines`` the text lines of the
    players panel beyond its two rows (a score line)."""
    width, height = size
    unit = theme.unit(size)
    margin = max(6, int(12 * unit))
    gap = max(4, int(8 * unit))
    bar_width = max(14, int(sizes.body * 1.3))
    status_height = 2 * theme.line_height(sizes.large) + 4
    button_height = max(int(sizes.body * 2.2), 24)
    toolbar_height = int(sizes.small * 2.2)
    buttons_height = button_rows * button_height + (button_rows - 1) * gap
    body_line, small_line = theme.line_height(sizes.body), theme.line_height(sizes.small)
    players_height = 2 * (body_line + small_line + 2 * gap) + (players_lines - 2) * small_line + gap
    landscape = width >= height * 1.05
    if landscape:
        panel_width = max(panel_minimum_width(sizes), int(width * 0.36))
        board_height = min(height - 2 * margin - status_height,
                           int((width - 3 * margin - bar_width - gap - panel_width) / aspect))
        board_height = max(100, board_height)
        board_width = int(board_height * aspect)
        left = margin + bar_width + gap
        board = pygame.Rect(left, margin, board_width, board_height)
        if board.right - margin < 24 * sizes.large:  # narrow: the status wraps under the evaluation label
            status_height += 2 * theme.line_height(sizes.small)
        status = pygame.Rect(margin, board.bottom + 2, board.right - margin, status_height)
        panel_left = board.right + margin
        panel = pygame.Rect(panel_left, margin, width - panel_left - margin, height - 2 * margin)
        room_below = height - margin - status.bottom - gap
        buttons_under_board = room_below >= buttons_height and board.right - margin >= 5 * sizes.body * 4
        if buttons_under_board:
            buttons_area = pygame.Rect(margin, status.bottom + gap, board.right - margin, buttons_height)
            panel_bottom = panel.bottom
        else:
            buttons_area = pygame.Rect(panel.left, panel.bottom - buttons_height, panel.width, buttons_height)
            panel_bottom = buttons_area.top - gap
    else:
        board_width = int(min(width - 2 * margin - bar_width - gap, height * 0.46 * aspect))
        board_height = int(board_width / aspect)
        left = (width - board_width + bar_width + gap) // 2
        board = pygame.Rect(left, margin, board_width, board_height)
        status = pygame.Rect(margin, board.bottom + 2, width - 2 * margin, status_height)
        panel = pygame.Rect(margin, status.bottom + gap, width - 2 * margin, height - status.bottom - gap - margin)
        buttons_area = pygame.Rect(panel.left, panel.bottom - buttons_height, panel.width, buttons_height)
        panel_bottom = buttons_area.top - gap
    bar = pygame.Rect(board.left - gap - bar_width, board.top, bar_width, board.height)
    toolbar = pygame.Rect(panel.left, panel.top, panel.width, toolbar_height)
    players = pygame.Rect(panel.left, toolbar.bottom + gap, panel.width, players_height)
    flexible = panel_bottom - players.bottom - gap
    moves_height = max(body_line + 2 * gap, min(int(flexible * 0.26), 5 * body_line + 2 * gap))
    moves = pygame.Rect(panel.left, panel_bottom - moves_height, panel.width, moves_height)
    engine = pygame.Rect(panel.left, players.bottom + gap, panel.width, max(40, moves.top - gap - players.bottom - gap))
    rows = [pygame.Rect(buttons_area.left, buttons_area.top + index * (button_height + gap), buttons_area.width,
                        button_height) for index in range(button_rows)]
    return PlayLayout(board, bar, status, toolbar, players, engine, moves, rows, button_height, gap, margin, landscape)


def layout_fits(layout: PlayLayout, size: tuple[int, int], sizes: TextSizes, sections: int = 1) -> bool:
    """Whether ``layout`` keeps the board large enough (at least 45% of the window's
    shorter side) and the engine panel tall enough for ``sections`` searches' titles,
    status lines and a few rows each."""
    small_line = theme.line_height(sizes.small)
    engine_needed = sections * (theme.line_height(sizes.body) + 7 * small_line)
    return layout.board.height >= 0.45 * min(size) and layout.engine.height >= engine_needed


def fitting_layout(size: tuple[int, int], aspect: float, button_rows: int, players_lines: int,
                   scale: float) -> tuple[PlayLayout, TextSizes]:
    """The layout at text-size factor ``scale``, or at the largest smaller factor (down to
    normal) whose layout fits (see ``layout_fits``), with its text sizes."""
    while True:
        sizes = theme.text_sizes(size, scale)
        layout = layout_play(size, sizes, aspect, button_rows, players_lines)
        if scale <= 1.0 or layout_fits(layout, size, sizes, 2 if button_rows > 2 else 1):
            return layout, sizes
        scale = max(1.0, scale - 0.05)
