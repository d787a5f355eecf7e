"""A heuristic evaluation of Sum-15 positions, for depth-limited search.

Scores are integers in "centi-units" from the point of view of a named player; a
finished game is never passed here (the search scores those from ``utility``).
"""
from __future__ import annotations

import math

from games.base import FIRST
from games.sum15.rules import TRIPLE_MASKS, Sum15State

# Value of a triple still open to one side, by how many of its numbers that side holds.
_OPEN_TRIPLE_VALUE = (0, 10, 40)
# Having the move is worth this much: the mover completes a pair first.
_TEMPO = 15


def evaluate(state: Sum15State, player: int) -> int:
    """Open triples of ``player`` minus open triples of the opponent, weighted by how many
    of their numbers are held.

    A triple (three numbers adding up to 15) holding only one side's numbers is worth 10
    when that side holds one of them and 40 when it holds two; the side to move gets a
    small bonus. Positive is good for ``player``. The result is in roughly -300..300; it
    does not look ahead (that is the search's job).
    """
    first_bits, second_bits = state
    score = 0
    for mask in TRIPLE_MASKS:
        first_count = (first_bits & mask).bit_count()
        second_count = (second_bits & mask).bit_count()
        if second_count == 0 and first_count < 3:
            score += _OPEN_TRIPLE_VALUE[first_count]
        elif first_count == 0 and second_count < 3:
            score -= _OPEN_TRIPLE_VALUE[second_count]
    score += _TEMPO if state.to_move() == FIRST else -_TEMPO
    return score if player == FIRST else -score


def win_chance(score: int) -> float:
    """Rough probability (0..1) that the side with ``score`` wins, for the evaluation bar.

    A logistic curve: 0 -> 0.5, +-100 -> about 0.73/0.27. Forced wins are handled by
    the caller (they map to 1.0 or 0.0).
    """
    return 1.0 / (1.0 + math.exp(-score / 100.0))
