"""Where everything goes on the play screen, for any window size and text size.

``layout_play`` is a pure function of the window size, the text sizes, the board's
aspect ratio and the number of button rows; it returns a ``PlayLayout`` of rectangles.

Landscape windows put the board (with the evaluation bar at its left and the status
line with the win-chance label under it) on the left and a panel on the right: a
toolbar, the players, the engine panel, the move list, the evaluation chart (where the
engine panel keeps the room it needs) and the buttons. At normal text the panel
gets at least the width the engine table needs; the board takes the rest. If the
board then leaves room below it, the buttons move under the board and the engine panel
grows. Portrait windows stack the panel under the board.

**The layout rule** (``fitting_layout``): the board is laid out at normal text, and a
larger text size never makes it smaller in the same window. The text around it grows
instead: the panel shows fewer lines (the engine's rows, the moves, which scroll, the
chart), its columns abbreviate (the engine table drops columns, buttons take their
short labels, the toolbar's app-wide switches give way to their keys), and the status
line's text is as large as the room under the board allows. Only when the panel cannot
hold its text at the chosen size does the screen use the largest smaller one that it
can, down to normal.
"""
from __future__ import annotations

from collections.abc import Callable
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
PANEL_ENGINE_LINES = 4
"""At a larger text size each search in the engine panel keeps at least its title and
this many lines (fewer than at normal text: the layout rule keeps the board's room)."""
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
    toolbar_rows: int = 1
    """1: the game's name and the toolbar's buttons share ``toolbar``'s one row; 2: the
    name has the top row to itself (``title_row``), the buttons the bottom one
    (``tools_row``): at a larger text size, when they do not fit side by side."""

    @property
    def title_row(self) -> pygame.Rect:
        """Where the game's name goes: ``toolbar``'s top row (its only one if it has one)."""
        return pygame.Rect(self.toolbar.left, self.toolbar.top, self.toolbar.width,
                           (self.toolbar.height - (self.toolbar_rows - 1) * self.gap // 2) // self.toolbar_rows)

    @property
    def tools_row(self) -> pygame.Rect:
        """Where the toolbar's buttons go: ``toolbar``'s bottom row (its only one if it has one)."""
        title = self.title_row
        return pygame.Rect(title.left, self.toolbar.bottom - title.height, title.width, title.height)


def panel_minimum_width(sizes: TextSizes) -> int:
    """The narrowest panel that holds the engine table's main columns and a short best line."""
    character = theme.font(sizes.small, "mono").size("0")[0]
    return 37 * character + 2 * sizes.small


def layout_play(size: tuple[int, int], sizes: TextSizes, aspect: float, button_rows: int,
                players_lines: int = 2, board: pygame.Rect | None = None, toolbar_rows: int = 1) -> PlayLayout:
    """Lay out a play screen of ``size`` pixels; ``aspect`` is the board's width over its
    height; ``button_rows`` the rows of buttons (3 in watch mode, whose engine panel
    shows two searches); ``players_lines`` the text lines of the players panel beyond
    its two rows (a score line). ``board``, when given, is the board's rectangle, kept
    as it is (``fitting_layout`` passes the one laid out at normal text: the layout
    rule); the rest is laid out around it. ``toolbar_rows`` (1 or 2): see
    ``PlayLayout.toolbar_rows``."""
    width, height = size
    landscape = width >= height * 1.05
    metrics = _Metrics(size, sizes, button_rows, players_lines, toolbar_rows)
    if board is not None:
        if landscape:
            return _landscape(size, sizes, pygame.Rect(board), metrics, buttons_under=None)
        return _portrait(size, sizes, aspect, metrics, pygame.Rect(board))
    if not landscape:
        return _portrait(size, sizes, aspect, metrics)
    panel_width = max(panel_minimum_width(sizes), int(width * 0.36))
    board_height = min(height - 2 * metrics.margin - metrics.status_height,
                       int((width - 3 * metrics.margin - metrics.bar_width - metrics.gap - panel_width) / aspect))
    layout = _landscape(size, sizes, _board_at(metrics, aspect, max(100, board_height)), metrics, buttons_under=None)
    sections = 2 if button_rows > 2 else 1
    if layout.engine.height < engine_height_needed(sizes, sections) and layout.button_rows[0].left >= layout.board.right:
        # The panel is too short for the engine table: make the board a little smaller so
        # the buttons fit under it, if the board stays large.
        status_height = metrics.status_height + metrics.narrow_extra
        smaller = height - 2 * metrics.margin - status_height - 2 - metrics.gap - metrics.buttons_height
        if smaller >= 0.45 * min(size):
            layout = _landscape(size, sizes, _board_at(metrics, aspect, min(board_height, smaller)), metrics,
                                buttons_under=True)
    return layout


class _Metrics:
    """The fixed sizes of one layout (margins, bars, rows) for a window and text sizes."""

    def __init__(self, size: tuple[int, int], sizes: TextSizes, button_rows: int, players_lines: int,
                 toolbar_rows: int = 1) -> None:
        unit = theme.unit(size)
        self.margin = max(6, int(12 * unit))
        self.gap = max(4, int(8 * unit))
        self.bar_width = max(14, int(sizes.body * 1.3))
        self.status_height = 2 * theme.line_height(sizes.large) + 4
        self.narrow_extra = 2 * theme.line_height(sizes.small)
        self.button_rows = button_rows
        self.button_height = max(int(sizes.body * 2.2), 24)
        self.toolbar_rows = toolbar_rows
        self.toolbar_height = toolbar_rows * int(sizes.small * 2.2) + (toolbar_rows - 1) * (self.gap // 2)
        self.buttons_height = button_rows * self.button_height + (button_rows - 1) * self.gap
        self.body_line, self.small_line = theme.line_height(sizes.body), theme.line_height(sizes.small)
        self.players_height = (2 * (self.body_line + self.small_line + 2 * self.gap)
                               + (players_lines - 2) * self.small_line + self.gap)


def _board_at(metrics: _Metrics, aspect: float, board_height: int) -> pygame.Rect:
    """The board of a landscape layout: ``board_height`` tall, at the top left, right of the bar."""
    return pygame.Rect(metrics.margin + metrics.bar_width + metrics.gap, metrics.margin, int(board_height * aspect),
                       board_height)


def _landscape(size: tuple[int, int], sizes: TextSizes, board: pygame.Rect, metrics: _Metrics,
               buttons_under: bool | None) -> PlayLayout:
    """``board`` at the left, the panel at its right; ``buttons_under`` forces the
    buttons under the board (``None``: there if room is left there anyway). The status
    line never reaches below the window (around a board kept from normal text it may
    have less room than its text size asks for: its text then shrinks, see
    ``ui.widgets.status_line``); without the buttons under the board it has all the room
    there, for a long text."""
    width, height = size
    margin, gap = metrics.margin, metrics.gap
    status_height = metrics.status_height
    if board.right - margin < 24 * sizes.large:  # narrow: the status wraps under the evaluation label
        status_height += metrics.narrow_extra
    status_height = min(status_height, height - margin - board.bottom - 2)
    status = pygame.Rect(margin, board.bottom + 2, board.right - margin, status_height)
    panel_left = board.right + margin
    panel = pygame.Rect(panel_left, margin, width - panel_left - margin, height - 2 * margin)
    if buttons_under is None:
        room_below = height - margin - status.bottom - gap
        buttons_under = room_below >= metrics.buttons_height and board.right - margin >= 5 * sizes.body * 4
    if not buttons_under:  # nothing else goes under the board: the status line may use all of it
        status.height = max(status.height, height - margin - status.top)
    if buttons_under:
        buttons_area = pygame.Rect(margin, status.bottom + gap, board.right - margin, metrics.buttons_height)
        panel_bottom = panel.bottom
    else:
        buttons_area = pygame.Rect(panel.left, panel.bottom - metrics.buttons_height, panel.width,
                                   metrics.buttons_height)
        panel_bottom = buttons_area.top - gap
    return _finish(board, status, panel, buttons_area, panel_bottom, metrics, True)


def _portrait(size: tuple[int, int], sizes: TextSizes, aspect: float, metrics: _Metrics,
              board: pygame.Rect | None = None) -> PlayLayout:
    """The board on top (``board``, or as large as 46% of the height allows), the panel under it."""
    width, height = size
    margin, gap = metrics.margin, metrics.gap
    if board is None:
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
    bar_width = max(8, min(metrics.bar_width, board.left - gap - metrics.margin))  # a kept board keeps its bar
    bar = pygame.Rect(board.left - gap - bar_width, board.top, bar_width, board.height)
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
                      metrics.margin, landscape, chart, metrics.toolbar_rows)


def engine_height_needed(sizes: TextSizes, sections: int = 1, lines: int = 7) -> int:
    """Height the engine panel needs for ``sections`` searches' titles and ``lines``
    lines of small text each (the default: status, column titles and a few rows)."""
    return sections * (theme.line_height(sizes.body) + lines * theme.line_height(sizes.small))


def layout_fits(layout: PlayLayout, size: tuple[int, int], sizes: TextSizes, sections: int = 1) -> bool:
    """Whether ``layout`` keeps the board large enough (at least 45% of the window's
    shorter side) and the engine panel tall enough for ``sections`` searches' titles,
    status lines and a few rows each."""
    return layout.board.height >= 0.45 * min(size) and layout.engine.height >= engine_height_needed(sizes, sections)


def panel_fits(layout: PlayLayout, size: tuple[int, int], sizes: TextSizes, sections: int = 1) -> bool:
    """Whether the panel of ``layout`` (of a window of ``size``) holds its text at
    ``sizes``: the engine panel tall enough for ``sections`` searches' titles and
    ``PANEL_ENGINE_LINES`` lines each (a status line, the column titles, the newest
    row), the move list its heading and a line of moves, and nothing below the window's
    margin."""
    bottom = max(layout.moves.bottom, layout.chart.bottom, *(row.bottom for row in layout.button_rows))
    return (layout.engine.height >= engine_height_needed(sizes, sections, PANEL_ENGINE_LINES)
            and layout.moves.height >= 2 * theme.line_height(sizes.body) + 2 * layout.gap
            and bottom <= size[1] - layout.margin)


def fitting_layout(size: tuple[int, int], aspect: float, button_rows: int, players_lines: int, scale: float,
                   labels_fit: Callable[[PlayLayout, TextSizes], bool] | None = None) -> tuple[PlayLayout, TextSizes]:
    """The layout at text-size factor ``scale`` and its text sizes, by the **layout rule**:
    the board is laid out at normal text, and a larger text size keeps that board (never
    a smaller one) and lays the rest out around it, the panel giving up lines (the
    engine's rows, the moves, the chart) to the larger text. Where even so the panel
    does not hold its text (``panel_fits``) or ``labels_fit(layout, sizes)`` (the
    scene's own check: its buttons' and toolbar's labels whole) is false, the toolbar
    takes two rows (the game's name above its buttons), and if that does not do, the
    largest smaller factor that does is used, down to normal."""
    normal_sizes = theme.text_sizes(size, 1.0)
    normal = layout_play(size, normal_sizes, aspect, button_rows, players_lines)
    sections = 2 if button_rows > 2 else 1
    while scale > 1.0:
        sizes = theme.text_sizes(size, scale)
        for toolbar_rows in (1, 2):
            layout = layout_play(size, sizes, aspect, button_rows, players_lines, board=normal.board,
                                 toolbar_rows=toolbar_rows)
            if panel_fits(layout, size, sizes, sections) and (labels_fit is None or labels_fit(layout, sizes)):
                return layout, sizes
        scale = round(max(1.0, scale - 0.05), 2)
    return normal, normal_sizes


def place_toolbar(toolbar: pygame.Rect, buttons: list[Button], text_size: int, gap: int, title_room: int = 0,
                  yielding: tuple[Button, ...] = ()) -> int:
    """Put ``buttons`` in a row at the right of ``toolbar``, in order, each as wide as its
    label at ``text_size``: the full labels while they take at most ``TOOLBAR_SHARE`` of
    the width, else the short ones. While less than ``title_room`` pixels are left, the
    ``yielding`` buttons (ones with a key of their own) are hidden, one after another in
    that order (and while the buttons reach beyond the toolbar's left end); the others
    are shown. Returns the width left at the left (for the title; negative when even the
    buttons left do not fit)."""
    for button in buttons:
        button.visible = True
    face = theme.font(text_size)
    short = sum(face.size(button.label)[0] + text_size + gap // 2 for button in buttons) > \
        toolbar.width * TOOLBAR_SHARE  # and they stay short while buttons give way
    left = _place_toolbar_row(toolbar, buttons, text_size, gap, short)
    for button in yielding:
        if left >= max(0, title_room):
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
