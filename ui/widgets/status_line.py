"""The status line under the board: the evaluation's label (a chip in the colour of the
side it favours) and the status text beside it, or under it when the window is narrow.

Both are shown whole: the text wraps onto as many lines as the line's height holds, at
the largest size that fits (from the large text size down to the smallest there is);
only a text too long even then is cut, and the cut recorded (``theme.note_cut``). The
line's height is the layout's (``ui.scenes.play_layout``): around a board kept from
normal text it can be less than a larger text size asks for, and the text then shrinks.
"""
from __future__ import annotations

import pygame

from ui import theme
from ui.theme import TextSizes
from ui.widgets.eval_bar import draw_verdict

Colour = tuple[int, int, int]


def draw_status_line(surface: pygame.Surface, rect: pygame.Rect, verdict: tuple[str, int | None],
                     colours: tuple[Colour, Colour], status: tuple[str, Colour], sizes: TextSizes) -> None:
    """Paint ``verdict`` (the label and the player it favours, in the board's player
    ``colours``) at the left of ``rect`` and the ``status`` text (and its colour) beside
    it, or under it in the lines left when fewer than 14 characters would fit beside it."""
    text, leader = verdict
    chip_size = theme.fit_text_size(text, sizes.large, theme.SMALLEST_TEXT, rect.width - sizes.large, "bold")
    chip = draw_verdict(surface, text, leader, (rect.left, rect.top + theme.line_height(chip_size) // 2 + 2),
                        chip_size, colours)
    if chip.width > rect.width:
        theme.note_cut(text)
    beside = rect.right - chip.right - sizes.small
    if beside >= 14 * sizes.small:
        _draw_text(surface, pygame.Rect(chip.right + sizes.small, rect.top, beside, rect.height), status, sizes)
    else:  # too narrow beside the label: under it
        below = chip.bottom + 2
        _draw_text(surface, pygame.Rect(rect.left, below, rect.width, rect.bottom - below), status, sizes)


def _draw_text(surface: pygame.Surface, rect: pygame.Rect, status: tuple[str, Colour], sizes: TextSizes) -> None:
    """The status text, as large as fits in the lines of ``rect`` (see the module docstring)."""
    text, colour = status
    smallest = min(theme.SMALLEST_TEXT, sizes.large)
    for size in range(sizes.large, smallest - 1, -1):
        lines = theme.wrap_text(text, size, rect.width, "bold")
        room = max(1, (rect.height - 2) // theme.line_height(size))  # lines that fit the height
        if len(lines) <= room and all(theme.font(size, "bold").size(line)[0] <= rect.width for line in lines):
            break
    if len(lines) > room:
        theme.note_cut(text)
    y = rect.top + 2
    for line in lines[:room]:
        theme.draw_text(surface, line, (rect.left, y), size, colour, style="bold", max_width=rect.width)
        y += theme.line_height(size)
