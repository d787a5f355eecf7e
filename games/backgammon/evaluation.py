"""A hand-made, zero-sum evaluation of backgammon positions, for expectiminimax leaves.

Scores are integers in thousandths of a point (``ai.types.UTILITY_SCALE``: a single game
won is 1000) from the point of view of a named player, and ``evaluate(state, FIRST) ==
-evaluate(state, SECOND)`` always: the search averages them over dice, and a one-sided
evaluation searched deeper plays worse. Two parts:

* **Race** (no contact left): the pip counts, the side on roll worth about half a roll,
  and wastage (checkers piled on low points); the win chance from the effective lead
  relative to the length of the race.
* **Contact**: the race as above plus blots weighted by the opponent's checkers that can
  hit them, made points (home board and the bar point most), the longest prime, anchors
  in the opponent's home board, checkers on the bar, and checkers still back; turned
  into a win chance, with gammon chances growing with the lead.

It is a replaceable part: a learned evaluation can take its place behind the same
signature (the registry's ``evaluate``).
"""
from __future__ import annotations

import math

from games.backgammon.rules import BAR, OFF, BackgammonState
from games.base import FIRST

_ON_ROLL_PIPS = 4.0
"""Being on roll is worth about half an average roll (8.17 pips)."""


def _in_contact(own: tuple[int, ...], opponent: tuple[int, ...]) -> bool:
    """Whether some checker of one side still has to pass a checker of the other."""
    own_back = max((point for point in range(25, 0, -1) if own[point]), default=0)
    opponent_back = max((point for point in range(25, 0, -1) if opponent[point]), default=0)
    # Own point p faces the opponent's point 25 - p: contact if own_back + opponent_back > 25.
    return own_back + opponent_back > 25


def _pips(board: tuple[int, ...]) -> int:
    return sum(point * board[point] for point in range(1, 26))


def _wastage(board: tuple[int, ...]) -> float:
    """Pips likely wasted bearing off: checkers beyond two on the lowest points."""
    return 0.6 * board[1] + 0.4 * board[2] + 0.2 * board[3] + 0.1 * max(0, sum(board[1:7]) - 10)


def _shots(point: int, opponent: tuple[int, ...]) -> int:
    """How many of the opponent's checkers are 1-12 pips in front of our blot on ``point``
    (in their numbering they stand on points above 25 - point), nearer ones counting more."""
    their_point = 25 - point
    count = 0
    for distance in range(1, 13):
        source = their_point + distance
        if source > 25:
            break
        if opponent[source]:
            count += (3 if distance <= 6 else 1) * min(opponent[source], 2)
    return count


def _structure(own: tuple[int, ...], opponent: tuple[int, ...]) -> float:
    """Contact features for ``own`` (positive is good for it), in pips-like units."""
    score = 0.0
    made = [own[point] >= 2 for point in range(26)]
    for point in range(1, 7):
        if made[point]:
            score += 4.0 + (2.0 if point >= 4 else 0.0)
    if made[7]:
        score += 5.0
    if made[8]:
        score += 2.0
    longest = run = 0
    for point in range(1, 13):
        run = run + 1 if made[point] else 0
        longest = max(longest, run)
    score += (0, 0, 2, 5, 10, 18, 30)[min(longest, 6)]
    for point in range(1, 25):
        if own[point] == 1:
            shots = _shots(point, opponent)
            if shots:
                score -= (3.0 + 0.8 * min(shots, 12)) * (1.5 if point <= 6 else 1.0)
    anchors = sum(1 for point in range(19, 25) if made[point])
    score += 6.0 * min(anchors, 1) + 2.0 * max(0, anchors - 1)
    back = sum(own[point] for point in range(19, 26))
    opponent_home = sum(1 for point in range(1, 7) if opponent[point] >= 2)
    score -= back * (0.5 + 0.6 * opponent_home)
    score -= own[BAR] * (4.0 + 2.0 * opponent_home)
    return score


def _win_chance(lead: float, length: float) -> float:
    """A logistic win chance for an effective lead of ``lead`` pips in a race of about
    ``length`` pips a side."""
    spread = 0.55 * math.sqrt(max(length, 20.0)) + 2.0
    return 1.0 / (1.0 + math.exp(-lead / spread))


def outcome_probabilities(state: BackgammonState) -> tuple[float, float, float, float, float]:
    """Cubeless outcome probabilities for ``FIRST``: ``(win, win_gammon, win_backgammon,
    lose_gammon, lose_backgammon)``, gammons including backgammons (gnubg's convention).
    This hand-made model estimates no backgammons (0)."""
    first, second = state.checkers(FIRST), state.checkers(1 - FIRST)
    on_roll = state.player if state.player is not None else FIRST
    first_pips = _pips(first) + _wastage(first)
    second_pips = _pips(second) + _wastage(second)
    lead = second_pips - first_pips + (_ON_ROLL_PIPS if on_roll == FIRST else -_ON_ROLL_PIPS)
    if state.dice:  # the side on roll also has its dice already
        lead += (sum(state.dice) * (2 if state.dice[0] == state.dice[1] else 1) - 8.17) * \
            (1 if on_roll == FIRST else -1)
    length = (first_pips + second_pips) / 2
    contact = _in_contact(first, second)
    if contact:
        lead += _structure(first, second) - _structure(second, first)
    chance = _win_chance(lead, length)
    # Gammons: a side that has borne off nothing while the other is far ahead.
    win_gammon = lose_gammon = 0.0
    if contact or first[OFF] == 0 or second[OFF] == 0:
        if second[OFF] == 0:
            win_gammon = max(0.0, chance - 0.6) * 0.9
        if first[OFF] == 0:
            lose_gammon = max(0.0, (1.0 - chance) - 0.6) * 0.9
    return chance, win_gammon, 0.0, lose_gammon, 0.0


def equity_for_first(state: BackgammonState) -> float:
    """The expected points for ``FIRST``, in -3..3 (cubeless)."""
    win, win_gammon, win_backgammon, lose_gammon, lose_backgammon = outcome_probabilities(state)
    return 2.0 * win - 1.0 + win_gammon - lose_gammon + win_backgammon - lose_backgammon


def evaluate(state: BackgammonState, player: int) -> int:
    """The position's equity for ``player`` in thousandths of a point (zero-sum)."""
    value = round(1000 * equity_for_first(state))
    return value if player == FIRST else -value


def win_chance(score: int) -> float:
    """Rough win probability (0..1) for an equity of ``score`` thousandths of a point,
    for the evaluation bar: a logistic curve, 0 -> 0.5, +0.5 points -> about 0.75,
    +1.0 -> about 0.9 (gammons push the equity beyond 1 without making a win surer)."""
    return 1.0 / (1.0 + math.exp(-2.2 * score / 1000.0))
