"""The status line under the board: the evaluation's label (a chip in the colour of the
side it favours) and the status text beside it, or under it when the window is narrow.

Both are shown whole: the text wraps onto as many lines as the line's height holds, at
the largest size that fits (from the large text size down to the smallest there is);
when it fits nowhere beside or under the label at the label's size, the label shrinks
too (a long label such as "Second wins in 12 moves" leaves little room on a small
window); only a text too long even then is cut, and the cut recorded (``theme.note_cut``). The
line's height is the layout's (``ui.scenes.play_layout``): around a board kept from
normal text it can be less than a larger text size asks for, and the text then shrinks.
``status_fits`` says beforehand whether a text would be shown whole (a hint's sentence
picks its longest form that is).
"""
from __future__ import annotations

import pygame

from ui import theme
from ui.theme import TextSizes
from ui.widgets.eval_bar import draw_verdict, verdict_chip

Colour = tuple[int, int, int]
BESIDE_CHARACTERS = 14
"""The status text may go beside the label when at least this many characters of the
small size fit there."""


def draw_status_line(surface: pygame.Surface, rect: pygame.Rect, verdict: tuple[str, int | None],
                     colours: tuple[Colour, Colour], status: tuple[str, Colour], sizes: TextSizes) -> None:
    """Paint ``verdict`` (the label and the player it favours, in the board's player
    ``colours``) at the left of ``rect`` and the ``status`` text (and its colour) beside
    it, or under it in the lines left when fewer than ``BESIDE_CHARACTERS`` characters
    would fit beside it or the text fits only there."""
    text, leader = verdict
    words, colour = status
    chip_size, position = _chip_place(rect, text, words, sizes)
    chip = draw_verdict(surface, text, leader, position, chip_size, colours)
    if chip.width > rect.width:
        theme.note_cut(text)
    place, size, lines, room = _text_place(rect, chip, words, sizes)
    if len(lines) > room:
        theme.note_cut(words)
    y = place.top + 2
    for line in lines[:room]:
        theme.draw_text(surface, line, (place.left, y), size, colour, style="bold", max_width=place.width)
        y += theme.line_height(size)


def status_fits(rect: pygame.Rect, verdict_text: str, text: str, sizes: TextSizes) -> bool:
    """Whether ``draw_status_line`` in ``rect``, beside the label ``verdict_text``, shows
    ``text`` whole (none of its lines left out, at some size it may shrink to)."""
    chip = verdict_chip(verdict_text, *reversed(_chip_place(rect, verdict_text, text, sizes)))
    _, _, lines, room = _text_place(rect, chip, text, sizes)
    return len(lines) <= room


def _chip_place(rect: pygame.Rect, label: str, text: str, sizes: TextSizes) -> tuple[int, tuple[int, int]]:
    """The label's text size and where its left edge's middle goes: the large size, or
    less if the line is too narrow for the label, or less again (down to the smallest
    size) until the status ``text`` fits whole beside or under it."""
    def position(size: int) -> tuple[int, int]:
        return rect.left, rect.top + theme.line_height(size) // 2 + 2

    largest = theme.fit_text_size(label, sizes.large, theme.SMALLEST_TEXT, rect.width - sizes.large, "bold")
    for size in range(largest, min(largest, theme.SMALLEST_TEXT) - 1, -1):
        _, _, lines, room = _text_place(rect, verdict_chip(label, position(size), size), text, sizes)
        if len(lines) <= room:
            return size, position(size)
    return largest, position(largest)


def _text_place(rect: pygame.Rect, chip: pygame.Rect, text: str,
                sizes: TextSizes) -> tuple[pygame.Rect, int, list[str], int]:
    """Where ``text`` goes beside the label ``chip`` (or under it), its size, its lines and
    how many of them fit: the first place where it fits whole, else the one that shows
    the most lines."""
    beside = pygame.Rect(chip.right + sizes.small, rect.top, rect.right - chip.right - sizes.small, rect.height)
    below = pygame.Rect(rect.left, chip.bottom + 2, rect.width, rect.bottom - chip.bottom - 2)
    places = [beside] if beside.width >= BESIDE_CHARACTERS * sizes.small else []
    places.append(below)  # too narrow beside the label, or the text too long for the room there: under it
    for place in places:
        size, lines, room = _fitted(text, place, sizes)
        if len(lines) <= room:
            return place, size, lines, room
    place = max(places, key=lambda candidate: _fitted(text, candidate, sizes)[2])
    return (place, *_fitted(text, place, sizes))


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
