"""The evaluation bar and its label: who is winning, as a win chance in words a class reads.

The bar shows the win chance (not the raw score, which the engine panel keeps); the
label says it in words: ``X 73%``, ``X wins in 2 moves`` or ``draw, proven`` when a
search proved it, ``X won`` at the end, ``no estimate`` before any search.
"""
from __future__ import annotations

import pygame

from games.base import FIRST, SECOND, Outcome
from ui import theme
from ui.i18n import tr, tr_known, tr_plural
from ui.game_record import Evaluation


def verdict(result: Outcome | None, evaluation: Evaluation | None, plies_since: int, chance_first: float | None,
            names: tuple[str, str]) -> tuple[str, int | None]:
    """The label for the shown position and the player it favours (``None``: nobody).

    ``result`` is the game's end if the shown position is it; ``evaluation`` the search
    result that applies, made ``plies_since`` plies earlier (see
    ``GameRecord.evaluation_at``); ``chance_first`` the first player's win chance.
    A win chance that is not proven is never shown as 0% or 100%.
    """
    names = (tr_known(names[0]), tr_known(names[1]))
    if result is not None:
        if result.winner is None:
            return tr("Draw"), None
        return tr("{winner} won", winner=names[result.winner]), result.winner
    if evaluation is None or chance_first is None:
        return tr("no estimate"), None
    plies = evaluation.score.plies_to_end
    if plies is not None:
        winner = FIRST if plies > 0 else SECOND
        left = max(1, abs(plies) - plies_since)
        moves = (left + 1) // 2
        return tr_plural(moves, "{winner} wins in {count} move", "{winner} wins in {count} moves",
                         winner=names[winner]), winner
    if evaluation.proven and evaluation.score.value == 0:
        return tr("draw, proven"), None
    percent = round(max(chance_first, 1.0 - chance_first) * 100)
    if percent <= 50:
        return tr("even, 50%"), None
    leader = FIRST if chance_first > 0.5 else SECOND
    return f"{names[leader]} {min(percent, 99)}%", leader


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


def verdict_chip(text: str, position: tuple[int, int], size: int) -> pygame.Rect:
    """The rectangle of the label ``text`` drawn as a chip at text ``size``, its left
    edge's middle at ``position`` (nothing drawn)."""
    width, height = theme.font(size, "bold").size(text)
    pad = max(4, size // 3)
    chip = pygame.Rect(0, 0, width + 2 * pad, height + pad)
    chip.midleft = position
    return chip


def draw_verdict(surface: pygame.Surface, text: str, leader: int | None, position: tuple[int, int], size: int,
                 colours: tuple[tuple[int, int, int], tuple[int, int, int]]) -> pygame.Rect:
    """The label as a chip in the favoured player's colour (grey for nobody), its left
    edge's middle at ``position``; returns the chip's rectangle."""
    chip = verdict_chip(text, position, size)
    colour = theme.BUTTON if leader is None else colours[leader]
    pygame.draw.rect(surface, colour, chip, border_radius=chip.height // 3)
    pygame.draw.rect(surface, theme.PANEL_BORDER, chip, width=1, border_radius=chip.height // 3)
    text_colour = (236, 238, 242) if sum(colour) < 3 * 140 else (20, 22, 26)  # on the chip, in any theme
    theme.draw_text(surface, text, chip.center, size, text_colour, style="bold", anchor="center")
    return chip
