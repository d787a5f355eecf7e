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
    it, or under it in the lines left when fewer than 14 characters would fit beside it
    or the text fits only there."""
    text, leader = verdict
    chip_size = theme.fit_text_size(text, sizes.large, theme.SMALLEST_TEXT, rect.width - sizes.large, "bold")
    chip = draw_verdict(surface, text, leader, (rect.left, rect.top + theme.line_height(chip_size) // 2 + 2),
                        chip_size, colours)
    if chip.width > rect.width:
        theme.note_cut(text)
    beside = pygame.Rect(chip.right + sizes.small, rect.top, rect.right - chip.right - sizes.small, rect.height)
    below = pygame.Rect(rect.left, chip.bottom + 2, rect.width, rect.bottom - chip.bottom - 2)
    text, colour = status
    places = [beside] if beside.width >= 14 * sizes.small else []
    places.append(below)  # too narrow beside the label, or the text too long for the room there: under it
    for place in places:
        size, lines, room = _fitted(text, place, sizes)
        if len(lines) <= room:
            break
    else:
        place = max(places, key=lambda candidate: _fitted(text, candidate, sizes)[2])
        size, lines, room = _fitted(text, place, sizes)
        theme.note_cut(text)
    y = place.top + 2
    for line in lines[:room]:
        theme.draw_text(surface, line, (place.left, y), size, colour, style="bold", max_width=place.width)
        y += theme.line_height(size)


def _fitted(text: str, rect: pygame.Rect, sizes: TextSizes) -> tuple[int, list[str], int]:
    """The largest size (from the large text size down to the smallest there is) at
    which ``text`` wraps into the lines ``rect`` holds: the size, the lines, and how
    many lines fit (fewer than the lines when even the smallest size is too large)."""
    smallest = min(theme.SMALLEST_TEXT, sizes.large)
    for size in range(sizes.large, smallest - 1, -1):
        lines = theme.wrap_text(text, size, max(1, rect.width), "bold")
        room = max(0, (rect.height - 2) // theme.line_height(size))
        if len(lines) <= room:
            break
    return size, lines, room
