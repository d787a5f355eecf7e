"""Where everything goes on the play screen, for any window size and text size.

``layout_play`` is a pure function of the window size, the text sizes, the board's
aspect ratio and the number of button rows; it returns a ``PlayLayout`` of rectangles.

Landscape windows put the board (with the evaluation bar at its left and the status
line with the win-chance label under it) on the left and a panel on the right: a
toolbar, the players, the engine panel, the move list, the evaluation chart (where the
engine panel keeps the room it needs) and the buttons. The panel gets
at least the width the engine table needs at the current text size; the board takes
the rest. If the board then leaves room below it, the buttons move under the board and
the engine panel grows. Portrait windows stack the panel under the board.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from ui import theme
from ui.theme import TextSizes
from ui.widgets.controls import Button

TOOLBAR_SHARE = 0.85
"""The toolbar's buttons take at most this share of its width with their full labels
before they switch to their short ones (the rest is for the title)."""
CHART_LINES = 5
"""The evaluation chart's height in lines of small text, when there is room."""
CHART_MINIMUM_LINES = 3
"""Below this many lines of room the chart is left out."""
MOVES_KEPT_LINES = 3
"""The move list gives the chart room down to this many lines of moves (it scrolls),
when the engine panel has too little to spare."""


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
    chart: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    """The evaluation chart, under the move list; its room comes from what the engine
    panel can spare, then from the move list (down to ``MOVES_KEPT_LINES``); empty
    (hidden) when that is less than ``CHART_MINIMUM_LINES``."""


def panel_minimum_width(sizes: TextSizes) -> int:
    """The narrowest panel that holds the engine table's main columns and a short best line."""
    character = theme.font(sizes.small, "mono").size("0")[0]
    return 37 * character + 2 * sizes.small


def layout_play(size: tuple[int, int], sizes: TextSizes, aspect: float, button_rows: int,
                players_lines: int = 2) -> PlayLayout:
    """Lay out a play screen of ``size`` pixels; ``aspect`` is the board's width over its
    height; ``button_rows`` the rows of buttons (3 in watch mode, whose engine panel
    shows two searches); ``players_lines`` the text lines of the players panel beyond
    its two rows (a score line)."""
    width, height = size
    landscape = width >= height * 1.05
    if not landscape:
        return _portrait(size, sizes, aspect, button_rows, players_lines)
    panel_width = max(panel_minimum_width(sizes), int(width * 0.36))
    metrics = _Metrics(size, sizes, button_rows, players_lines)
    board_height = min(height - 2 * metrics.margin - metrics.status_height,
                       int((width - 3 * metrics.margin - metrics.bar_width - metrics.gap - panel_width) / aspect))
    layout = _landscape(size, sizes, aspect, max(100, board_height), metrics, buttons_under=None)
    sections = 2 if button_rows > 2 else 1
    if layout.engine.height < engine_height_needed(sizes, sections) and layout.button_rows[0].left >= layout.board.right:
        # The panel is too short for the engine table: make the board a little smaller so
        # the buttons fit under it, if the board stays large.
        status_height = metrics.status_height + metrics.narrow_extra
        smaller = height - 2 * metrics.margin - status_height - 2 - metrics.gap - metrics.buttons_height
        if smaller >= 0.45 * min(size):
            layout = _landscape(size, sizes, aspect, min(board_height, smaller), metrics, buttons_under=True)
    return layout


class _Metrics:
    """The fixed sizes of one layout (margins, bars, rows) for a window and text sizes."""

    def __init__(self, size: tuple[int, int], sizes: TextSizes, button_rows: int, players_lines: int) -> None:
        unit = theme.unit(size)
        self.margin = max(6, int(12 * unit))
        self.gap = max(4, int(8 * unit))
        self.bar_width = max(14, int(sizes.body * 1.3))
        self.status_height = 2 * theme.line_height(sizes.large) + 4
        self.narrow_extra = 2 * theme.line_height(sizes.small)
        self.button_rows = button_rows
        self.button_height = max(int(sizes.body * 2.2), 24)
        self.toolbar_height = int(sizes.small * 2.2)
        self.buttons_height = button_rows * self.button_height + (button_rows - 1) * self.gap
        self.body_line, self.small_line = theme.line_height(sizes.body), theme.line_height(sizes.small)
        self.players_height = (2 * (self.body_line + self.small_line + 2 * self.gap)
                               + (players_lines - 2) * self.small_line + self.gap)


def _landscape(size: tuple[int, int], sizes: TextSizes, aspect: float, board_height: int, metrics: _Metrics,
               buttons_under: bool | None) -> PlayLayout:
    """Board left, panel right; ``buttons_under`` forces the buttons under the board
    (``None``: there if room is left there anyway)."""
    width, height = size
    margin, gap = metrics.margin, metrics.gap
    board = pygame.Rect(margin + metrics.bar_width + gap, margin, int(board_height * aspect), board_height)
    status_height = metrics.status_height
    if board.right - margin < 24 * sizes.large:  # narrow: the status wraps under the evaluation label
        status_height += metrics.narrow_extra
    status = pygame.Rect(margin, board.bottom + 2, board.right - margin, status_height)
    panel_left = board.right + margin
    panel = pygame.Rect(panel_left, margin, width - panel_left - margin, height - 2 * margin)
    if buttons_under is None:
        room_below = height - margin - status.bottom - gap
        buttons_under = room_below >= metrics.buttons_height and board.right - margin >= 5 * sizes.body * 4
    if buttons_under:
        buttons_area = pygame.Rect(margin, status.bottom + gap, board.right - margin, metrics.buttons_height)
        panel_bottom = panel.bottom
    else:
        buttons_area = pygame.Rect(panel.left, panel.bottom - metrics.buttons_height, panel.width,
                                   metrics.buttons_height)
        panel_bottom = buttons_area.top - gap
    return _finish(board, status, panel, buttons_area, panel_bottom, metrics, True)


def _portrait(size: tuple[int, int], sizes: TextSizes, aspect: float, button_rows: int,
              players_lines: int) -> PlayLayout:
    """Board on top, the panel under it."""
    width, height = size
    metrics = _Metrics(size, sizes, button_rows, players_lines)
    margin, gap = metrics.margin, metrics.gap
    board_width = int(min(width - 2 * margin - metrics.bar_width - gap, height * 0.46 * aspect))
    board_height = int(board_width / aspect)
    left = (width - board_width + metrics.bar_width + gap) // 2
    board = pygame.Rect(left, margin, board_width, board_height)
    status = pygame.Rect(margin, board.bottom + 2, width - 2 * margin, metrics.status_height)
    panel = pygame.Rect(margin, status.bottom + gap, width - 2 * margin, height - status.bottom - gap - margin)
    buttons_area = pygame.Rect(panel.left, panel.bottom - metrics.buttons_height, panel.width, metrics.buttons_height)
    return _finish(board, status, panel, buttons_area, buttons_area.top - gap, metrics, False)


def _finish(board: pygame.Rect, status: pygame.Rect, panel: pygame.Rect, buttons_area: pygame.Rect,
            panel_bottom: int, metrics: _Metrics, landscape: bool) -> PlayLayout:
    """The panel's stack (toolbar, players, engine, moves) and the button rows."""
    gap = metrics.gap
    bar = pygame.Rect(board.left - gap - metrics.bar_width, board.top, metrics.bar_width, board.height)
    toolbar = pygame.Rect(panel.left, panel.top, panel.width, metrics.toolbar_height)
    players = pygame.Rect(panel.left, toolbar.bottom + gap, panel.width, metrics.players_height)
    flexible = panel_bottom - players.bottom - gap
    body_line = metrics.body_line
    moves_height = max(body_line + 2 * gap, min(int(flexible * 0.26), 5 * body_line + 2 * gap))
    chart = pygame.Rect(panel.left, panel_bottom, panel.width, 0)
    sections = 2 if metrics.button_rows > 2 else 1
    spare = flexible - moves_height - gap - sections * (body_line + 7 * metrics.small_line)  # engine_height_needed
    lendable = max(0, moves_height - (MOVES_KEPT_LINES * body_line + 2 * gap))  # what the move list can give
    chart_height = min(CHART_LINES * metrics.small_line, max(0, spare) - gap + lendable)
    if chart_height >= CHART_MINIMUM_LINES * metrics.small_line:
        chart = pygame.Rect(panel.left, panel_bottom - chart_height, panel.width, chart_height)
        moves_height -= max(0, chart_height + gap - max(0, spare))
        panel_bottom = chart.top - gap
    moves = pygame.Rect(panel.left, panel_bottom - moves_height, panel.width, moves_height)
    engine = pygame.Rect(panel.left, players.bottom + gap, panel.width, max(40, moves.top - gap - players.bottom - gap))
    rows = [pygame.Rect(buttons_area.left, buttons_area.top + index * (metrics.button_height + gap),
                        buttons_area.width, metrics.button_height) for index in range(metrics.button_rows)]
    return PlayLayout(board, bar, status, toolbar, players, engine, moves, rows, metrics.button_height, gap,
                      metrics.margin, landscape, chart)


def engine_height_needed(sizes: TextSizes, sections: int = 1) -> int:
    """Height the engine panel needs for ``sections`` searches' titles, status and a few rows."""
    return sections * (theme.line_height(sizes.body) + 7 * theme.line_height(sizes.small))


def layout_fits(layout: PlayLayout, size: tuple[int, int], sizes: TextSizes, sections: int = 1) -> bool:
    """Whether ``layout`` keeps the board large enough (at least 45% of the window's
    shorter side) and the engine panel tall enough for ``sections`` searches' titles,
    status lines and a few rows each."""
    return layout.board.height >= 0.45 * min(size) and layout.engine.height >= engine_height_needed(sizes, sections)


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


def place_toolbar(toolbar: pygame.Rect, buttons: list[Button], text_size: int, gap: int, title_room: int = 0,
                  yielding: tuple[Button, ...] = ()) -> int:
    """Put ``buttons`` in a row at the right of ``toolbar``, in order, each as wide as its
    label at ``text_size``: the full labels while they take at most ``TOOLBAR_SHARE`` of
    the width, else the short ones. While less than ``title_room`` pixels are left, the
    ``yielding`` buttons (ones with a key of their own) are hidden, one after another in
    that order; the others are shown. Returns the width left at the left (for the title)."""
    for button in buttons:
        button.visible = True
    face = theme.font(text_size)
    short = sum(face.size(button.label)[0] + text_size + gap // 2 for button in buttons) > \
        toolbar.width * TOOLBAR_SHARE  # and they stay short while buttons give way
    left = _place_toolbar_row(toolbar, buttons, text_size, gap, short)
    for button in yielding:
        if left >= title_room:
            break
        button.visible = False
        left = _place_toolbar_row(toolbar, [shown for shown in buttons if shown.visible], text_size, gap, short)
    return left


def _place_toolbar_row(toolbar: pygame.Rect, buttons: list[Button], text_size: int, gap: int, short: bool) -> int:
    face = theme.font(text_size)
    right = toolbar.right
    for button in reversed(buttons):
        width = face.size(button.short_label if short else button.label)[0] + text_size
        button.rect = pygame.Rect(right - width, toolbar.top, width, toolbar.height)
        right -= width + gap // 2
    return right - toolbar.left - gap


def fitted_title(titles: tuple[str, ...], width: int, sizes: theme.TextSizes) -> tuple[str, int]:
    """The first of ``titles`` (longest first: the game and its opening, then the game
    alone) that fits ``width`` pixels in bold at the body size, else at the small one;
    the last title at the small size (cut by the drawing) when none fits."""
    for title in titles:
        for size in (sizes.body, sizes.small):
            if theme.font(size, "bold").size(title)[0] <= width:
                return title, size
    return titles[-1], sizes.small
