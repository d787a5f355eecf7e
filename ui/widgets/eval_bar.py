"""The evaluation bar: who is winning, as a win chance rather than a raw score."""
from __future__ import annotations

import pygame

from ui import theme


class EvalBar:
    """A vertical bar split between the two players' colours.

    The share of the player shown at the bottom of the board grows from the bottom,
    so the bar flips with the board. Its size is the win chance (0..1), which keeps
    huge scores and forced wins readable; ``None`` (nothing searched yet) shows an
    even split in grey.
    """

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)

    def draw(
        self,
        surface: pygame.Surface,
        chance_first: float | None,
        bottom_player: int,
        colours: tuple[tuple[int, int, int], tuple[int, int, int]],
    ) -> None:
        """Paint the bar with a tick at the middle (even chances)."""
        rect = self.rect
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=4)
        if chance_first is None:
            bottom_share = 0.5
            bottom_colour, top_colour = theme.BUTTON_HOVER, theme.BUTTON
        else:
            bottom_share = chance_first if bottom_player == 0 else 1.0 - chance_first
            bottom_colour, top_colour = colours[bottom_player], colours[1 - bottom_player]
        split = rect.top + round(rect.height * (1.0 - bottom_share))
        pygame.draw.rect(surface, top_colour, pygame.Rect(rect.left, rect.top, rect.width, split - rect.top),
                         border_top_left_radius=4, border_top_right_radius=4)
        pygame.draw.rect(surface, bottom_colour, pygame.Rect(rect.left, split, rect.width, rect.bottom - split),
                         border_bottom_left_radius=4, border_bottom_right_radius=4)
        pygame.draw.line(surface, theme.TEXT_DIM, (rect.left, rect.centery), (rect.right - 1, rect.centery), 1)
        pygame.draw.rect(surface, theme.PANEL_BORDER, rect, width=1, border_radius=4)
