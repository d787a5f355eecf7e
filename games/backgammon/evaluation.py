"""A hand-made, zero-sum evaluation of backgammon positions, for expectiminimax leaves.

Scores are integers in thousandths of a point (``ai.types.UTILITY_SCALE``: a single game
won is 1000) from the point of view of a named player, and ``evaluate(state, FIRST) ==
-evaluate(state, SECOND)`` always: the search averages them over dice, and a one-sided
evaluation searched deeper plays worse.

The position is judged from the side on roll (dice still to be rolled), the way
backgammon programs do, as five cubeless outcome probabilities (win, win a gammon, win a
backgammon, lose a gammon, lose a backgammon); the equity follows from them. Each is a
logistic function of a weighted sum of hand-made features of both sides, the weights
fitted to GNU Backgammon's 0-ply probabilities (the comment above the weights says how).
Two parts:

* **Race** (no contact left): pip counts with Keith's adjustments for wastage (checkers
  piled on the low points, gaps), the number of checkers still to bear off, and the
  length of the race (a lead counts more in a short race); for gammons, the pips the
  side behind needs to bring every checker home against the leader's rolls to finish.
* **Contact**: pips, the chance that the opponent hits a blot with its next roll and the
  pips such a hit costs (counted exactly over the 36 rolls, blocked points respected),
  made points (home board, the bar point), the longest prime with opponent checkers
  behind it, anchors, checkers back and on the bar against the opponent's home board,
  checkers off, stacks, the chance the rearmost checker escapes; the gammon and
  backgammon chances from the same features.

It is a replaceable part: a learned evaluation can take its place behind the same
signature (the registry's ``evaluate``).
"""
from __future__ import annotations

import math
import operator

from games.backgammon.rules import BAR, CHECKERS, OFF, BackgammonState
from games.base import FIRST

_ROLLS = tuple((high, low, 1 if high == low else 2) for high in range(1, 7) for low in range(1, high + 1))
"""The 21 rolls with their weights out of 36."""
_AVERAGE_ROLL = 8.17


def _in_contact(own: tuple[int, ...], opponent: tuple[int, ...]) -> bool:
    """Whether some checker of one side still has to pass a checker of the other."""
    own_back = max((point for point in range(25, 0, -1) if own[point]), default=0)
    opponent_back = max((point for point in range(25, 0, -1) if opponent[point]), default=0)
    # Own point p faces the opponent's point 25 - p: contact if own_back + opponent_back > 25.
    return own_back + opponent_back > 25


def _pips(board: tuple[int, ...]) -> int:
    return sum(point * board[point] for point in range(1, 26))


# -- shots ----------------------------------------------------------------------------
_SHOT_CACHE: dict[tuple[int, int, int], tuple[float, float]] = {}


def _hits(sources: int, blots: int, blocks: int) -> tuple[float, float]:
    """For one side's next roll: the chance (0..1) that it hits at least one blot, and
    the expected pips the hit costs the blot's owner (the hit blot farthest from its
    own bar), in the roller's numbering as bit masks: ``sources`` its checkers (bit 25
    the bar), ``blots`` the opponent's blots, ``blocks`` the opponent's made points.
    Combination shots need open points between."""
    key = (sources, blots, blocks)
    cached = _SHOT_CACHE.get(key)
    if cached is not None:
        return cached
    open_points = ~blocks
    hit_rolls = 0
    loss = 0
    for high, low, weight in _ROLLS:
        if high == low:
            hit = 0
            reach = sources
            for _ in range(4):
                reach = (reach >> high) & open_points
                if not reach:
                    break
                hit |= reach & blots
        else:
            first = (sources >> high) & open_points
            second = (sources >> low) & open_points
            hit = ((first | second | (first >> low) | (second >> high)) & blots)
        if hit:
            hit_rolls += weight
            loss += weight * (hit.bit_length() - 1)
    result = (hit_rolls / 36.0, loss / 36.0)
    if len(_SHOT_CACHE) > 200_000:
        _SHOT_CACHE.clear()
    _SHOT_CACHE[key] = result
    return result


def _side(board: tuple[int, ...]) -> tuple:
    """One pass over a side's checkers (its own numbering): pips, made points, blots,
    and its checkers, blots and made points as bit masks (see ``contact_inputs``)."""
    pips = 25 * board[BAR]
    made = [False] * 26
    blots = stacked = outfield = 0
    sources = blot_mask = block_mask = 0
    back = 25 if board[BAR] else 0
    for point in range(1, 25):
        count = board[point]
        if not count:
            continue
        pips += point * count
        back = back if back > point else point
        sources |= 1 << point
        if count == 1:
            blots += 1
            blot_mask |= 1 << (25 - point)
        else:
            made[point] = True
            block_mask |= 1 << (25 - point)
            if count > 3:
                stacked += count - 3
        if point > 6:
            outfield += (point - 6) * count
    outfield += 19 * board[BAR]
    if board[BAR]:
        sources = 1 << 25
    return pips, made, blots, stacked, outfield, sources, blot_mask, block_mask, back


def _features(own: tuple[int, ...], mine: tuple, opponent: tuple[int, ...], theirs: tuple) -> list[float]:
    """Contact features of ``own`` (its numbering) against ``opponent`` (see
    ``CONTACT_FEATURES``) from both sides' ``_side``; the hit chances are filled in by
    ``contact_inputs``."""
    pips, made, blots, stacked, outfield, _, _, _, back = mine
    opponent_made = theirs[1]
    home_points = made[1] + made[2] + made[3] + made[4] + made[5] + made[6]
    # The longest run of made points with an opponent checker behind it (own numbering).
    opponent_rear = 25 - theirs[8]
    longest = run = 0
    trapped = 0
    for point in range(1, 25):
        if made[point]:
            run += 1
            if run > longest and opponent_rear < point - run + 1:
                longest = run
                trapped = sum(opponent[26 - point + run - 1:26]) if run >= 4 else 0
        else:
            run = 0
    anchors = made[19] + made[20] + made[21] + made[22] + made[23] + made[24]
    opponent_home = (opponent_made[1] + opponent_made[2] + opponent_made[3] + opponent_made[4] + opponent_made[5]
                     + opponent_made[6])
    # The chance that the rearmost checker gets past every opponent point in one roll.
    blocks = theirs[7] & ((1 << back) - 1)
    if blocks:
        lowest = (blocks & -blocks).bit_length() - 1
        escape = _hits(1 << back, (1 << lowest) - 1, blocks)[0]
    else:
        escape = 1.0
    return [
        pips / 100.0, 0.0, 0.0, home_points / 6.0, 0.0,
        1.0 if made[7] else 0.0, 1.0 if made[8] else 0.0, 1.0 if made[13] else 0.0,
        max(0, longest - 2) / 4.0, max(0, longest - 4) / 2.0, trapped / 4.0,
        min(anchors, 2) / 2.0, 1.0 if made[19] or made[20] or made[21] else 0.0,
        (own[19] + own[20] + own[21] + own[22] + own[23] + own[24] + own[25]) / 4.0,
        own[BAR] / 2.0, own[BAR] * opponent_home / 12.0,
        own[OFF] / 15.0, (own[1] + own[2] + own[3] + own[4] + own[5] + own[6]) / 15.0, stacked / 4.0,
        outfield / 10.0, escape, blots / 3.0, (made[4] + made[5] + made[6]) / 3.0,
        (own[7] + own[8] + own[9] + own[10] + own[11]) / 5.0,
    ]


def contact_inputs(on_roll: tuple[int, ...], other: tuple[int, ...]) -> list[float]:
    """The contact model's inputs: the side on roll's features, the other side's, then
    ``GLOBAL_FEATURES``."""
    my_side, their_side = _side(on_roll), _side(other)
    mine = _features(on_roll, my_side, other, their_side)
    theirs = _features(other, their_side, on_roll, my_side)
    # Hits by the other side's roll on the side on roll's blots, and the other way round
    # (masks in the roller's numbering: its checkers, the target's blots and points).
    my_risk, my_loss = _hits(their_side[5], my_side[6], my_side[7])
    their_risk, their_loss = _hits(my_side[5], their_side[6], their_side[7])
    mine[1], mine[2], mine[4] = my_risk, my_loss / 25.0, mine[3] * their_risk
    theirs[1], theirs[2], theirs[4] = their_risk, their_loss / 25.0, theirs[3] * my_risk
    my_pips, their_pips = mine[0], theirs[0]
    lead = (their_pips - my_pips) / math.sqrt(max(my_pips + their_pips, 0.2))
    return mine + theirs + [lead, 1.0]


# -- features ------------------------------------------------------------------------------
CONTACT_FEATURES = (
    "pips/100", "hit chance", "hit pip loss/25", "home points", "home points x opp hit chance",
    "bar point", "eight point", "mid point", "prime>=3", "prime>=5", "trapped opp checkers",
    "anchors", "advanced anchor", "back checkers", "on bar", "on bar x opp home points",
    "off", "in home", "stacked", "outfield pips/10", "escape", "blots", "high home points", "builders",
)
GLOBAL_FEATURES = ("pip lead/sqrt(pips)", "1")


def _keith(board: tuple[int, ...]) -> float:
    """Keith's adjusted pip count: 2 a checker beyond one on the 1-point, 1 a checker
    beyond one on the 2-point, 1 a checker beyond three on the 3-point, 1 for each empty
    4-, 5- or 6-point."""
    adjusted = _pips(board) + 2 * max(0, board[1] - 1) + max(0, board[2] - 1) + max(0, board[3] - 3)
    adjusted += sum(1 for point in (4, 5, 6) if not board[point])
    return adjusted


RACE_FEATURES = ("lead/sqrt", "1/sqrt", "lead/length", "checkers left diff/sqrt", "1")


def race_inputs(on_roll: tuple[int, ...], other: tuple[int, ...]) -> list[float]:
    """The race model's inputs (``RACE_FEATURES``): Keith counts of both sides."""
    mine, theirs = _keith(on_roll), _keith(other)
    length = max(mine + theirs, 8.0)
    root = math.sqrt(length)
    lead = theirs - mine
    checkers = (CHECKERS - other[OFF]) - (CHECKERS - on_roll[OFF])
    return [lead / root, 10.0 / root, 10.0 * lead / length, checkers / root, 1.0]


def race_gammon_inputs(leader: tuple[int, ...], trailer: tuple[int, ...]) -> list[float]:
    """For a race in which ``trailer`` has borne off nothing: the rolls ``leader`` needs
    to finish against the pips ``trailer`` needs to bring every checker home and bear
    one off."""
    finish = _keith(leader) / _AVERAGE_ROLL
    save = (sum((point - 6) * trailer[point] for point in range(7, 26))
            + min((point for point in range(1, 7) if trailer[point]), default=6)) / _AVERAGE_ROLL
    crossovers = sum(trailer[point] * ((point - 1) // 6) for point in range(7, 26)) / 4.0
    return [save - finish, crossovers, 1.0]


# -- the models -------------------------------------------------------------------------------
def _logistic(inputs: list[float], weights: tuple[float, ...]) -> float:
    total = sum(map(operator.mul, inputs, weights))
    if total < -40.0:
        return 0.0
    if total > 40.0:
        return 1.0
    return 1.0 / (1.0 + math.exp(-total))


def on_roll_probabilities(on_roll: tuple[int, ...], other: tuple[int, ...]) -> tuple[float, float, float, float, float]:
    """``(win, win_gammon, win_backgammon, lose_gammon, lose_backgammon)`` for the side
    on roll (its dice not yet rolled), gammons including backgammons."""
    if on_roll[OFF] == CHECKERS or other[OFF] == CHECKERS:  # a finished game: the side with all off won
        won = on_roll[OFF] == CHECKERS
        return (1.0, 0.0, 0.0, 0.0, 0.0) if won else (0.0, 0.0, 0.0, 0.0, 0.0)
    if not _in_contact(on_roll, other):
        win = _logistic(race_inputs(on_roll, other), RACE_WIN)
        win_gammon = lose_gammon = 0.0
        if other[OFF] == 0:
            win_gammon = win * _logistic(race_gammon_inputs(on_roll, other), RACE_GAMMON_ON_ROLL)
        if on_roll[OFF] == 0:
            lose_gammon = (1.0 - win) * _logistic(race_gammon_inputs(other, on_roll), RACE_GAMMON_OTHER)
        return win, win_gammon, 0.0, lose_gammon, 0.0
    inputs = contact_inputs(on_roll, other)
    win = _logistic(inputs, CONTACT_WIN)
    win_gammon = win * _logistic(inputs, CONTACT_WIN_GAMMON) if other[OFF] == 0 else 0.0
    lose_gammon = (1.0 - win) * _logistic(inputs, CONTACT_LOSE_GAMMON) if on_roll[OFF] == 0 else 0.0
    win_backgammon = win_gammon * _logistic(inputs, CONTACT_WIN_BACKGAMMON)
    lose_backgammon = lose_gammon * _logistic(inputs, CONTACT_LOSE_BACKGAMMON)
    return win, win_gammon, win_backgammon, lose_gammon, lose_backgammon


def outcome_probabilities(state: BackgammonState) -> tuple[float, float, float, float, float]:
    """Cubeless outcome probabilities for ``FIRST``: ``(win, win_gammon, win_backgammon,
    lose_gammon, lose_backgammon)``, gammons including backgammons (gnubg's convention).
    Judged with the side on roll to roll (a decision node's dice are not used); before
    the opening roll, the average of either side starting."""
    first, second = state.checkers(FIRST), state.checkers(1 - FIRST)
    if state.player is None:
        win, wg, wb, lg, lb = on_roll_probabilities(first, second)
        other = on_roll_probabilities(second, first)
        return ((win + 1.0 - other[0]) / 2, (wg + other[3]) / 2, (wb + other[4]) / 2,
                (lg + other[1]) / 2, (lb + other[2]) / 2)
    if state.player == FIRST:
        return on_roll_probabilities(first, second)
    win, win_gammon, win_backgammon, lose_gammon, lose_backgammon = on_roll_probabilities(second, first)
    return 1.0 - win, lose_gammon, lose_backgammon, win_gammon, win_backgammon


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


# -- the weights ------------------------------------------------------------------------------
# Fitted, not hand-set: logistic regressions of the features above on GNU Backgammon's
# 0-ply outcome probabilities (gnubg-nn, bench only), by
#     .venv/bin/python bench/backgammon_fit_evaluation.py --games 800 --seed 1
# (2026-11-23; 720 training games of gnubg's 0-ply choices with 10% random turns:
# 24,162 race and 166,385 contact positions; held-out 80 games: contact equity error
# 0.178, race 0.051, 0-ply choices losing 30.7 millipoints a decision by gnubg's
# judgement, pubeval's 40.4 and the first hand-set evaluation's 40.3 on the same games).
# Race: RACE_FEATURES; gammons from race_gammon_inputs. Contact: the on-roll side's
# CONTACT_FEATURES, the other side's, then GLOBAL_FEATURES; the gammon weights give the
# chance of a gammon given a win (or loss), the backgammon ones of a backgammon given a
# gammon.
RACE_WIN = (
    1.0193, 0.8894, 0.4438, 0.7746, -0.2198,
)
RACE_GAMMON_ON_ROLL = (
    2.2035, -0.3840, 1.7836,
)
RACE_GAMMON_OTHER = (
    1.8817, 0.0391, -0.7410,
)
CONTACT_WIN = (
    3.6411, 0.0517, 0.2294, 0.1680, 0.9524, -0.0659, 0.0258, 0.0330, 0.7072, 0.2679, -0.0703,
    -0.1794, -0.0310, 0.1057, 0.0115, -0.9188, 0.7363, -0.7436, -0.1946, -0.1767, 0.5410, -0.1575,
    0.5110, 0.0132, -3.4828, -0.2627, 0.4109, -0.2206, -0.1413, 0.0615, -0.0001, 0.0210, -0.8419,
    -0.2630, 0.1125, 0.2138, 0.0501, -0.1262, 0.4372, 0.4007, -1.2134, 0.8650, 0.2161, 0.1329,
    -0.2582, 0.0924, -0.5620, 0.0215, 5.4476, -0.0154,
)
CONTACT_WIN_GAMMON = (
    1.0082, -0.3022, 0.1633, 0.1194, 1.6708, 0.0224, -0.0026, 0.0267, -0.1332, -0.0372, -0.0004,
    0.2621, -0.0523, 0.3354, -0.1493, 0.7429, 0.5025, -0.0621, -0.1886, -0.0246, 0.0231, 0.0401,
    0.2247, -0.1627, -1.4495, -0.6449, 1.4190, -0.3407, 0.8941, -0.0107, 0.0161, -0.0240, 0.2374,
    -0.8866, -0.1857, -0.2693, -0.1892, -0.0864, 0.3969, 0.9158, 0.0000, -0.3815, 0.1321, 0.2034,
    -0.3059, 0.2253, -0.2204, 0.0621, 3.4418, -1.5553,
)
CONTACT_WIN_BACKGAMMON = (
    1.1214, 0.1681, 0.0444, -1.1093, 1.5680, -0.1937, -0.1290, -0.0123, 0.1455, -0.0748, 0.1102,
    0.2254, -0.1623, 0.7762, -0.0022, -0.0235, 1.6349, -2.4786, -0.4346, -0.4290, -0.1731, -0.0626,
    -0.0432, -0.8177, -0.0680, -1.2599, 1.5737, -0.0288, -0.2878, 0.1136, 0.0584, -0.1020, -0.2239,
    -0.0621, -0.0226, 0.3127, -0.7572, 0.4872, 0.4931, 0.1094, 0.0000, 0.2932, 0.1326, 0.1864,
    -0.7141, 0.5132, 0.2962, 0.0594, -0.7435, -1.8653,
)
CONTACT_LOSE_GAMMON = (
    -0.7960, -0.4925, 0.7784, -0.4748, 0.8865, -0.0336, -0.0172, 0.0226, 0.3235, -0.5257, -0.1987,
    -0.4376, -0.1154, 0.0045, -0.4138, 1.7760, 0.0000, -0.5634, 0.0535, 0.1817, -0.4588, -0.0101,
    -0.1100, 0.0197, 0.6892, -0.1466, -0.2346, 0.0637, 0.9504, -0.0216, -0.0224, -0.1467, 0.1883,
    -0.1479, -0.0195, 0.2819, -0.0926, 0.2166, 0.1289, 0.0658, 0.9062, -0.6394, -0.0924, -0.0632,
    -0.0833, 0.1221, 0.1943, -0.2200, -2.6485, -1.0290,
)
CONTACT_LOSE_BACKGAMMON = (
    -0.2750, -0.5312, 0.9117, -0.0054, 0.0275, 0.1083, 0.1118, -0.0958, -0.2442, 0.0307, -0.0109,
    0.4081, -0.7567, 0.4092, 0.0526, 0.8022, 0.0000, 0.2261, 0.0092, 0.2438, -0.2202, 0.1983,
    0.1353, -0.0216, 0.6397, 0.2382, -0.1216, -1.5591, 1.0822, -0.1315, -0.1592, 0.0535, -0.0863,
    0.3281, 0.3289, 0.2720, -0.1583, 0.6477, 0.0352, 0.0348, 1.2371, -2.1794, -0.2749, -0.3663,
    -0.2269, -0.0067, 0.0550, -0.6641, 0.9481, -1.8973,
)
