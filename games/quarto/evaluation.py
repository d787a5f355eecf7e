"""A heuristic evaluation of Quarto positions, for depth-limited search.

Scores are integers in centi-units from the point of view of a named player; a finished
game is never passed here (the search scores those from ``utility``).

The idea: a line holding three pieces that share an attribute value is a *threat*: any
piece with that value completes it. A piece that completes no threat is *safe* to give.
The player to move holds a piece to place and must then give one; a player who must give
when no safe piece is left loses. If nothing on the board changed, the players would
give safe pieces in turn, so the parity of the number of safe pieces decides who runs out
first; placements change the threats, so this is a guess, trusted more the more threats
there are. It does not look ahead: that is the search's job.
"""
from __future__ import annotations

import math

from games.quarto.board import FULL_BOARD, LINES, NONE, PIECES
from games.quarto.rules import QuartoState

_WIN_IN_HAND = 600
"""The mover holds a piece that completes a threat: it wins at once (the search sees it
one ply deeper; the evaluation says so for a leaf)."""
_PARITY = 30
_PER_THREAT = 8


def threats(state: QuartoState) -> list[tuple[int, int]]:
    """The ``(attribute bit, value)`` pairs that complete some line holding three
    pieces which share that value (value 0 or the bit), without repeats."""
    occupied = state[0]
    masks = (state[1], state[2], state[3], state[4])
    found: list[tuple[int, int]] = []
    for line in LINES:
        filled = occupied & line
        if filled.bit_count() != 3:
            continue
        for index, mask in enumerate(masks):
            common = mask & filled
            bit = 1 << index
            if common == filled and (bit, bit) not in found:
                found.append((bit, bit))
            elif common == 0 and (bit, 0) not in found:
                found.append((bit, 0))
    return found


def evaluate(state: QuartoState, player: int) -> int:
    """The position's value for ``player`` (positive is good), in about -650..650; see
    the module docstring. Blocks of the squares variant are not counted."""
    if state.occupied == FULL_BOARD or state.hand == NONE:
        return 0
    found = threats(state)
    mover = state.to_move()
    sign = 1 if player == mover else -1
    if not found:
        return 0
    hand = state.hand
    if any(hand & bit == value for bit, value in found):
        return sign * _WIN_IN_HAND
    taken = state.used | 1 << hand
    safe = 0
    for piece in range(PIECES):
        if not taken >> piece & 1 and not any(piece & bit == value for bit, value in found):
            safe += 1
    weight = _PARITY + _PER_THREAT * len(found)
    return sign * (weight if safe % 2 == 1 else -weight)


def win_chance(score: int) -> float:
    """Rough probability (0..1) that the side with ``score`` wins, for the evaluation bar:
    a logistic curve, 0 -> 0.5, +-100 -> about 0.73/0.27. Proven results are handled by
    the caller."""
    return 1.0 / (1.0 + math.exp(-score / 100.0))
