"""A heuristic evaluation of tic-tac-toe positions, for depth-limited search.

Scores are integers in "centi-units" from the point of view of a named player; a
finished game is never passed here (the search scores those from ``utility``).
"""
from __future__ import annotations

import math

from games.base import FIRST
from games.tictactoe.rules import LINES, TicTacToeState

# Value of a line still open to one side, by how many marks that side has in it.
_OPEN_LINE_VALUE = (0, 10, 40)
# Having the move is worth this much: the mover completes a two first.
_TEMPO = 15


def evaluate(state: TicTacToeState, player: int) -> int:
    """Open lines of ``player`` minus open lines of the opponent, weighted by marks.

    A line holding only one side's marks is worth 10 for one mark and 40 for two;
    the side to move gets a small bonus. Positive is good for ``player``. The result
    is in roughly -300..300; it does not look ahead (that is the search's job).
    """
    x_bits, o_bits = state
    score = 0
    for line in LINES:
        x_count = (x_bits & line).bit_count()
        o_count = (o_bits & line).bit_count()
        if o_count == 0:
            score += _OPEN_LINE_VALUE[x_count] if x_count < 3 else 0
        elif x_count == 0:
            score -= _OPEN_LINE_VALUE[o_count] if o_count < 3 else 0
    score += _TEMPO if state.to_move() == FIRST else -_TEMPO
    return score if player == FIRST else -score


def win_chance(score: int) -> float:
    """Rough probability (0..1) that the side with ``score`` wins, for the evaluation bar.

    A logistic curve: 0 -> 0.5, +-100 -> about 0.73/0.27. Forced wins are handled by
    the caller (they map to 1.0 or 0.0).
    """
    return 1.0 / (1.0 + math.exp(-score / 100.0))
