"""The backgammon board's colours and its pieces drawn in a given rectangle.

Checkers (a ring when selected), the dice (spent ones grey, new ones tumbling, at the
opening roll each in the colour of the side that rolled it), the spots of a die, and the
opening roll said in words. Where things go is ``ui.views.backgammon_view``'s: these
functions draw where they are told and change nothing else.
"""
from __future__ import annotations

import pygame

from games.backgammon.rules import Backgammon, BackgammonState, remaining_dice
from games.base import FIRST
from ui import theme
from ui.i18n import tr, tr_known

FELT = (38, 92, 70)
FRAME = (92, 62, 38)
POINT_LIGHT = (214, 190, 150)
POINT_DARK = (150, 64, 52)
WHITE_CHECKER = (240, 236, 224)
WHITE_RIM = (90, 80, 70)
BLACK_CHECKER = (40, 36, 40)
BLACK_RIM = (200, 196, 190)
SELECTED = (255, 214, 80)
TARGET = (120, 220, 140)
LAST_MOVE = (250, 214, 90)
DIE = (250, 248, 240)
DIE_USED = (150, 150, 150)


def draw_checker(surface: pygame.Surface, centre: tuple[float, float], player: int, glow: bool,
                 radius: float) -> None:
    """A checker of ``player`` (``FIRST``: White) of ``radius`` pixels at ``centre``;
    ``glow``: ringed as selected."""
    fill, rim = (WHITE_CHECKER, WHITE_RIM) if player == FIRST else (BLACK_CHECKER, BLACK_RIM)
    if glow:
        pygame.draw.circle(surface, SELECTED, centre, radius + 3)
    pygame.draw.circle(surface, fill, centre, radius)
    pygame.draw.circle(surface, rim, centre, radius, max(1, round(radius / 8)))


def draw_opening_caption(surface: pygame.Surface, area: pygame.Rect, opening: tuple[int, int, int]) -> None:
    """The opening roll in words in ``area``: each side's die and who starts
    (``opening``: the starter, its die, the other side's die; see
    ``ui.views.backgammon_arrival.opening_roll``)."""
    starter, starter_die, other_die = opening
    names = [tr_known(name) for name in Backgammon.player_names]
    words = {"starter": names[starter], "other": names[1 - starter], "high": starter_die, "low": other_die}
    largest = max(theme.SMALLEST_TEXT, area.height // 3)
    lines = (tr("Opening roll"), tr("{starter} {high}, {other} {low}: {starter} starts", **words))
    if theme.font(theme.SMALLEST_TEXT, "bold").size(lines[1])[0] > area.width - 8:  # a narrow board: the
        lines = (lines[0], tr("{starter} {high}, {other} {low}", **words))  # status line says who moves
    size = min(theme.fit_text_size(line, largest, theme.SMALLEST_TEXT, area.width - 8, "bold") for line in lines)
    pygame.draw.rect(surface, FRAME, area, border_radius=max(3, area.height // 6))
    step = theme.line_height(size)
    for index, line in enumerate(lines):
        theme.draw_text(surface, line, (area.centerx, area.centery + round((index - 0.5) * step)), size, DIE,
                        "bold", anchor="center", max_width=area.width - 8)


def draw_dice(surface: pygame.Surface, area: pygame.Rect, state: BackgammonState, played: tuple,
              tumbling: bool = False, seconds: float = 0.0, opening: tuple[int, int, int] | None = None) -> None:
    """``state``'s dice side by side in ``area`` (a die as high as it), those ``played``
    has spent grey; ``tumbling``: new dice still rolling (faces and places changing every
    few hundredths of a second, ``seconds`` into the roll). At the opening roll
    (``opening``: the starter, its die, the other side's die) each die is in the colour of
    the side that rolled it. Nothing when ``state`` has no dice."""
    if not state.dice:
        return
    high, low = state.dice
    values = [high, low] if high != low else [high] * 4
    left_to_play = remaining_dice(state, played)[0]
    size = area.height
    count = 2 if tumbling else len(values)
    left = area.centerx - (count * size + (count - 1) * 6) / 2
    frame = int(seconds * 14)
    for index, value in enumerate(values[:count]):
        rect = pygame.Rect(round(left + index * (size + 6)), area.top, size, size)
        spent = value not in left_to_play
        if not spent:
            left_to_play.remove(value)
        if tumbling:  # a pseudo-random face and a little jump, the same in every run
            value = (frame * 7 + index * 3 + frame // 3) % 6 + 1
            rect.move_ip(((frame + index) % 3 - 1) * size // 8, -abs((frame + 2 * index) % 5 - 2) * size // 8)
            spent = False
        face, spots = DIE_USED if spent else DIE, (30, 30, 30)
        if opening is not None and not tumbling and not spent:
            roller = opening[0] if index == 0 else 1 - opening[0]  # the starter rolled the higher die
            face, spots = (DIE, (30, 30, 30)) if roller == FIRST else (BLACK_CHECKER, DIE)
        pygame.draw.rect(surface, face, rect, border_radius=max(3, size // 6))
        pygame.draw.rect(surface, DIE_USED, rect, 1, border_radius=max(3, size // 6))
        draw_pips(surface, rect, value, spots)


def draw_pips(surface: pygame.Surface, rect: pygame.Rect, value: int,
              colour: tuple[int, int, int] = (30, 30, 30)) -> None:
    """The spots of a die showing ``value`` (1-6) on the die's square ``rect``."""
    spots = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
             4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
             6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}[value]
    step = rect.width * 0.27
    for dx, dy in spots:
        pygame.draw.circle(surface, colour, (rect.centerx + dx * step, rect.centery + dy * step),
                           max(2, rect.width / 11))
