"""Where everything goes on the board editor's screen, for any window and text size.

``layout_editor`` is a pure function of the window size, the text sizes, the board's
aspect ratio, the number of palette pieces and the kinds of settings; it returns an
``EditorLayout`` of rectangles, or ``None`` when the panel does not fit the window's
height at these text sizes (the scene then tries smaller ones).

The title runs along the top and the actions (Play, Watch, Lab, Back) along the bottom.
Between them the board (with the status line under it) is on the left and a panel on
the right: the palette (the pieces, a grid of squares), the take-off tool, the settings
(selectors two to a row where they fit, switches two to a row) and the editing buttons
(two to a row). The panel gets at least the room its widest selector needs (and 30%
of the width); the board takes the rest.

**The layout rule** (as the play screen's, ``ui.scenes.play_layout``): the board is laid
out at normal text, and a larger text size keeps it (``board_size``), never a smaller
one. The text around it grows instead: the title and the status line take more height,
and where the actions then leave the status line too little room under the board,
they move into the panel, under its editing buttons (two to a row). Where the panel
cannot hold its text at the larger size the scene uses a smaller one
(``ui.scenes.editor.EditorScene.resize``).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from ui import theme
from ui.theme import TextSizes

LARGEST_CELL = 72
"""A palette square is at most this many pixels (at the normal text size, 1280x800)."""
SMALLEST_CELL = 28
"""Below this a palette square is too small to tell the pieces apart."""
EDIT_BUTTONS = 4
"""Clear, start position, undo, position text."""
ACTIONS = 4
"""Play, Watch, Lab, Back."""


@dataclass
class EditorLayout:
    """The editor's rectangles (see the module docstring): ``cells`` one per palette
    piece, ``settings`` one per setting in the order given, ``edits`` and ``actions``
    one per button of each row."""

    title: pygame.Rect
    board: pygame.Rect
    status: pygame.Rect
    panel: pygame.Rect
    palette_heading: pygame.Rect
    cells: list[pygame.Rect] = field(default_factory=list)
    take_off: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    settings: list[pygame.Rect] = field(default_factory=list)
    edits: list[pygame.Rect] = field(default_factory=list)
    actions: list[pygame.Rect] = field(default_factory=list)


def layout_editor(size: tuple[int, int], sizes: TextSizes, aspect: float, pieces: int,
                  switches: Sequence[bool], selector_widths: Sequence[int] = (), sides: int = 0,
                  board_size: tuple[int, int] | None = None) -> EditorLayout | None:
    """Lay out the editor in a window of ``size`` pixels: a board of ``aspect`` (width over
    height), ``pieces`` palette pieces (the first half one side's and the second half the
    other's when ``sides`` is 2: each side then gets its own rows), and settings that are
    ``switches`` (``True``) or selectors (``False``), the selectors needing
    ``selector_widths`` pixels each (in the same order as the selectors among
    ``switches``; none: any width). ``board_size`` (pixels: the board laid out at normal
    text) keeps the board at that size, the rest laid out around it (the layout rule of
    the module docstring). ``None`` when it does not fit."""
    width, height = size
    unit = theme.unit(size)
    margin, gap = max(6, int(12 * unit)), max(4, int(8 * unit))
    button = max(int(sizes.body * 2.2), 24)
    selector = theme.line_height(sizes.small) + int(button * 0.9)
    small_line = theme.line_height(sizes.small)
    title = pygame.Rect(margin, margin, width - 2 * margin, theme.line_height(sizes.large) + 4)
    actions_top = height - margin - button
    top, bottom = title.bottom + gap, actions_top - gap
    status_height = 2 * theme.line_height(sizes.body) + 4
    actions_in_panel = False
    if board_size is None:
        panel_width = max(int(width * 0.3), 14 * sizes.body, *(needed + 2 * gap for needed in selector_widths))
        board_height = min(bottom - top - status_height - gap // 2, (width - 2 * margin - gap - panel_width) / aspect)
        if board_height < 120:
            return None
        board = pygame.Rect(margin, top, int(board_height * aspect), int(board_height))
    else:
        board = pygame.Rect(margin, top, *board_size)
        if width - margin - board.right - gap < max((needed + 2 * gap for needed in selector_widths), default=0):
            return None
        if board.bottom + gap // 2 + status_height > bottom:  # no room for the actions under it
            actions_in_panel, bottom = True, height - margin
            if board.bottom + gap // 2 + status_height > bottom:
                return None
            status_height = bottom - board.bottom - gap // 2  # the status line's text as large as fits
    status = pygame.Rect(margin, board.bottom + gap // 2, board.width, status_height)
    panel = pygame.Rect(board.right + gap, top, width - margin - board.right - gap, bottom - top)
    inner = panel.inflate(-2 * gap, -2 * gap)
    # The rows under the palette, top to bottom, and their height.
    rows: list[tuple[str, int, int]] = [("take_off", 1, button)]  # (kind, count in the row, height)
    selectors = [index for index, switch in enumerate(switches) if not switch]
    two_selectors = len(selectors) > 1 and all(needed * 2 + gap <= inner.width for needed in selector_widths)
    index = 0
    while index < len(switches):
        if switches[index]:
            count = 2 if index + 1 < len(switches) and switches[index + 1] else 1
            rows.append(("switch", count, button))
        else:
            count = 2 if two_selectors and index + 1 < len(switches) and not switches[index + 1] else 1
            rows.append(("selector", count, selector))
        index += count
    rows += [("edit", 2, button)] * (EDIT_BUTTONS // 2)
    if actions_in_panel:
        rows += [("action", 2, button)] * (ACTIONS // 2)
    fixed = small_line + sum(row_height for _, _, row_height in rows) + len(rows) * gap + gap
    largest = LARGEST_CELL * unit
    columns = _palette_columns(pieces, sides, inner.width, inner.height - fixed, largest)
    piece_rows = -(-pieces // columns)
    cell = min(largest, inner.width / columns, (inner.height - fixed) / piece_rows)
    if cell < SMALLEST_CELL:
        return None
    cell = int(cell)
    layout = EditorLayout(title, board, status, panel, pygame.Rect(inner.left, inner.top, inner.width, small_line))
    left = inner.left + (inner.width - columns * cell) // 2
    y = inner.top + small_line
    for number in range(pieces):
        row, column = divmod(number, columns)
        layout.cells.append(pygame.Rect(left + column * cell, y + row * cell, cell, cell))
    y += piece_rows * cell + gap
    for kind, count, row_height in rows:
        half = (inner.width - gap) // 2
        rects = [pygame.Rect(inner.left + number * (half + gap), y, half if count == 2 else inner.width, row_height)
                 for number in range(count)]
        if kind == "take_off":
            layout.take_off = rects[0]
        elif kind == "edit":
            layout.edits += rects
        elif kind == "action":
            layout.actions += rects
        else:
            layout.settings += rects
        y += row_height + gap
    if not actions_in_panel:
        action_width = (width - 2 * margin - (ACTIONS - 1) * gap) // ACTIONS
        layout.actions = [pygame.Rect(margin + number * (action_width + gap), actions_top, action_width, button)
                          for number in range(ACTIONS)]
    return layout


def _palette_columns(pieces: int, sides: int, width: int, height: float, largest: float) -> int:
    """How many palette squares to a row: all in one when there are 6 or fewer; for two
    sides' pieces, a row per side (two when a row would make the squares too small);
    else the number of columns, a divisor of ``pieces`` of at most 8, that makes the
    squares largest in ``width`` x ``height``."""
    if pieces <= 6:
        return max(1, pieces)
    if sides == 2 and pieces % 2 == 0:
        half = pieces // 2
        return half if width / half >= SMALLEST_CELL or half % 2 else half // 2
    candidates = [columns for columns in range(1, min(pieces, 8) + 1) if pieces % columns == 0] or [1]
    return max(candidates, key=lambda columns: (min(largest, width / columns, height / -(-pieces // columns)),
                                                columns))
