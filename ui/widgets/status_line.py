"""The status line under the board: the evaluation's label (a chip in the colour of the
side it favours) and the status text beside it, or under it when the window is narrow."""
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
    it in up to two lines, or under it in the lines left when fewer than 14 characters
    would fit beside it."""
    text, leader = verdict
    chip = draw_verdict(surface, text, leader, (rect.left, rect.top + theme.line_height(sizes.large) // 2 + 2),
                        sizes.large, colours)
    beside = rect.right - chip.right - sizes.small
    if beside >= 14 * sizes.small:
        _draw_text(surface, pygame.Rect(chip.right + sizes.small, rect.top, beside, rect.height), status, sizes)
    else:  # too narrow beside the label: under it
        below = chip.bottom + 2
        _draw_text(surface, pygame.Rect(rect.left, below, rect.width, rect.bottom - below), status, sizes,
                   max(1, (rect.bottom - below) // theme.line_height(sizes.small)))


def _draw_text(surface: pygame.Surface, rect: pygame.Rect, status: tuple[str, Colour], sizes: TextSizes,
               most_lines: int = 2) -> None:
    """The status text, as large as fits in ``most_lines`` lines of ``rect``."""
    text, colour = status
    for size in range(sizes.large, sizes.small - 1, -1):
        lines = theme.wrap_text(text, size, rect.width, "bold")
        room = min(most_lines, max(1, (rect.height - 2) // theme.line_height(size)))  # lines that fit the height
        if len(lines) <= room or size == sizes.small:
            break
    y = rect.top + 2
    for line in lines[:room]:
        theme.draw_text(surface, line, (rect.left, y), size, colour, style="bold", max_width=rect.width)
        y += theme.line_height(size)
