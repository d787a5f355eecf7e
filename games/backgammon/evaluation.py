"""A hand-made, zero-sum evaluation of backgammon positions, for expectiminimax leaves.

Scores are integers in thousandths of a point (``ai.types.UTILITY_SCALE``: a single game
won is 1000) from the point of view of a named player, and ``evaluate(state, FIRST) ==
-evaluate(state, SECOND)`` always: the search averages them over dice, and a one-sided
evaluation searched deeper plays worse.

The position is judged from the side on roll (dice still to be rolled), the way
backgammon programs do, as five cubeless outcome probabilities (win, win a gammon, win a
backgammon, lose a gammon, lose a backgammon); the equity follows from them. Each is a
logistic function of a weighted sum of hand-made features of both sides, the weights
fitted to the learned evaluation's probabilities (``neural``; the comment above the
weights says how). This is the "hand-made" option beside the learned one, for the lab.
Two parts:

* **Race** (no contact left): a side on roll that bears everything off with every roll
  has won for certain (and a gammon when the other has none off); otherwise pip counts
  with Keith's adjustments for wastage (checkers
  piled on the low points, gaps), the number of checkers still to bear off, and the
  length of the race (a lead counts more in a short race); for gammons, the pips the
  side behind needs to bring every checker home against the leader's rolls to finish;
  for backgammons, the pips to get its checkers out of the leader's home board.
* **Contact**: pips, the chance that the opponent hits a blot with its next roll and the
  pips such a hit costs (counted exactly over the 36 rolls, blocked points respected;
  also weighed by the lead, when bearing off, and against the opponent's home board),
  made points (home board, the bar point, single points), the longest prime with
  opponent checkers behind it, anchors, checkers back and on the bar against the
  opponent's home board, checkers off, stacks, builders, the chance the rearmost checker
  escapes; the gammon and backgammon chances from the same features.

It is a replaceable part: a learned evaluation can take its place behind the same
signature (the registry's ``evaluate``).
"""
from __future__ import annotations

import functools
import math
import operator

from games.backgammon.rules import BAR, CHECKERS, OFF, BackgammonState, generate_turns, in_contact
from games.base import FIRST

_ROLLS = tuple((high, low, 1 if high == low else 2) for high in range(1, 7) for low in range(1, high + 1))
"""The 21 rolls with their weights out of 36."""
_AVERAGE_ROLL = 8.17


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
        *[1.0 if made[point] else 0.0 for point in (1, 2, 3, 4, 5, 6, 9, 10, 11, 20, 21)],
        (own[1] + own[2] + own[3]) / 5.0, (own[OFF] + own[1] + own[2] + own[3] + own[4] + own[5] + own[6]) / 15.0,
        opponent_home / 6.0,
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
    mine[-2] *= my_risk  # the last two features: the hit's weight when bearing off, against a strong board
    mine[-1] *= mine[2]
    theirs[-2] *= their_risk
    theirs[-1] *= theirs[2]
    my_pips, their_pips = mine[0], theirs[0]
    lead = (their_pips - my_pips) / math.sqrt(max(my_pips + their_pips, 0.2))
    my_home = 0.0 if any(on_roll[7:26]) else 1.0
    their_home = 0.0 if any(other[7:26]) else 1.0
    return mine + theirs + [lead, my_risk * lead, their_risk * lead, my_risk * my_home, their_risk * their_home, 1.0]


# -- features ------------------------------------------------------------------------------
CONTACT_FEATURES = (
    "pips/100", "hit chance", "hit pip loss/25", "home points", "home points x opp hit chance",
    "bar point", "eight point", "mid point", "prime>=3", "prime>=5", "trapped opp checkers",
    "anchors", "advanced anchor", "back checkers", "on bar", "on bar x opp home points",
    "off", "in home", "stacked", "outfield pips/10", "escape", "blots", "high home points", "builders",
    "1 point", "2 point", "3 point", "4 point", "5 point", "6 point", "9 point", "10 point", "11 point",
    "20 point", "21 point", "deep checkers", "hit chance x (home + off)", "hit pip loss x opp home points",
)
GLOBAL_FEATURES = ("pip lead/sqrt(pips)", "on roll's hit chance x lead", "other's hit chance x lead",
                   "on roll's hit chance, all home", "other's hit chance, all home", "1")


def _keith(board: tuple[int, ...]) -> float:
    """Keith's adjusted pip count: 2 a checker beyond one on the 1-point, 1 a checker
    beyond one on the 2-point, 1 a checker beyond three on the 3-point, 1 for each empty
    4-, 5- or 6-point."""
    adjusted = _pips(board) + 2 * max(0, board[1] - 1) + max(0, board[2] - 1) + max(0, board[3] - 3)
    adjusted += sum(1 for point in (4, 5, 6) if not board[point])
    return adjusted


RACE_FEATURES = ("lead/sqrt", "1/sqrt", "lead/length", "checkers left diff/sqrt",
                 "on roll: wastage/sqrt", "on roll: checkers left/sqrt", "on roll: gaps/sqrt", "on roll: outside",
                 "other: wastage/sqrt", "other: checkers left/sqrt", "other: gaps/sqrt", "other: outside", "1")


def _race_side(board: tuple[int, ...], root: float) -> list[float]:
    """A racing side's distribution: Keith's wastage, checkers left, empty home points
    below a checker (gaps), checkers still outside the home board; per sqrt(length)."""
    highest = max((point for point in range(6, 0, -1) if board[point]), default=0)
    gaps = sum(1 for point in range(1, highest) if not board[point])
    return [(_keith(board) - _pips(board)) / root, (CHECKERS - board[OFF]) / root, gaps / root,
            sum(board[7:26]) / 15.0]


def race_inputs(on_roll: tuple[int, ...], other: tuple[int, ...]) -> list[float]:
    """The race model's inputs (``RACE_FEATURES``): Keith counts of both sides, their
    distributions."""
    mine, theirs = _keith(on_roll), _keith(other)
    length = max(mine + theirs, 8.0)
    root = math.sqrt(length)
    lead = theirs - mine
    checkers = (CHECKERS - other[OFF]) - (CHECKERS - on_roll[OFF])
    return [lead / root, 10.0 / root, 10.0 * lead / length, checkers / root,
            *_race_side(on_roll, root), *_race_side(other, root), 1.0]


def race_gammon_inputs(leader: tuple[int, ...], trailer: tuple[int, ...]) -> list[float]:
    """For a race in which ``trailer`` has borne off nothing: the rolls ``leader`` needs
    to finish against the pips ``trailer`` needs to bring every checker home and bear
    one off."""
    finish = _keith(leader) / _AVERAGE_ROLL
    save = (sum((point - 6) * trailer[point] for point in range(7, 26))
            + min((point for point in range(1, 7) if trailer[point]), default=6)) / _AVERAGE_ROLL
    crossovers = sum(trailer[point] * ((point - 1) // 6) for point in range(7, 26)) / 4.0
    return [save - finish, crossovers, sum(trailer[7:26]) / 4.0, 1.0]


def race_backgammon_inputs(leader: tuple[int, ...], trailer: tuple[int, ...]) -> list[float]:
    """For a race in which ``trailer`` has borne off nothing and still has checkers in
    ``leader``'s home board: the rolls ``leader`` needs to finish against the pips the
    trailer needs to get them out of it."""
    finish = _keith(leader) / _AVERAGE_ROLL
    escape = sum((point - 18) * trailer[point] for point in range(19, 26)) / _AVERAGE_ROLL
    return [escape - finish, sum(trailer[19:26]) / 2.0, 1.0]


# -- the models -------------------------------------------------------------------------------
def _logistic(inputs: list[float], weights: tuple[float, ...]) -> float:
    total = sum(map(operator.mul, inputs, weights))
    if total < -40.0:
        return 0.0
    if total > 40.0:
        return 1.0
    return 1.0 / (1.0 + math.exp(-total))


@functools.lru_cache(maxsize=4096)
def finishes_next_roll(board: tuple[int, ...]) -> bool:
    """Whether a side with these checkers (all in its home board, at most four left)
    bears all of them off with every one of the 21 rolls (exactly, by the rules' own
    turn generator; no opponent can block a bear-off)."""
    left = CHECKERS - board[OFF]
    if left > 4 or any(board[7:26]):
        return False
    empty = (0,) * 26
    return all(any(result[OFF] == CHECKERS for result, _ in generate_turns(board, empty, (high, low)))
               for high, low, _weight in _ROLLS)


def on_roll_probabilities(on_roll: tuple[int, ...], other: tuple[int, ...]) -> tuple[float, float, float, float, float]:
    """``(win, win_gammon, win_backgammon, lose_gammon, lose_backgammon)`` for the side
    on roll (its dice not yet rolled), gammons including backgammons."""
    if on_roll[OFF] == CHECKERS or other[OFF] == CHECKERS:  # a finished game: the side with all off won
        won = on_roll[OFF] == CHECKERS
        return (1.0, 0.0, 0.0, 0.0, 0.0) if won else (0.0, 0.0, 0.0, 0.0, 0.0)
    if not in_contact(on_roll, other):
        if finishes_next_roll(on_roll):  # certain: no roll fails to bear everything off
            gammon = other[OFF] == 0
            return 1.0, float(gammon), float(gammon and any(other[19:26])), 0.0, 0.0
        win = _logistic(race_inputs(on_roll, other), RACE_WIN)
        win_gammon = lose_gammon = win_backgammon = lose_backgammon = 0.0
        if other[OFF] == 0:
            win_gammon = win * _logistic(race_gammon_inputs(on_roll, other), RACE_GAMMON_ON_ROLL)
            if any(other[19:26]):
                win_backgammon = win_gammon * _logistic(race_backgammon_inputs(on_roll, other),
                                                        RACE_BACKGAMMON_ON_ROLL)
        if on_roll[OFF] == 0:
            lose_gammon = (1.0 - win) * _logistic(race_gammon_inputs(other, on_roll), RACE_GAMMON_OTHER)
            if any(on_roll[19:26]):
                lose_backgammon = lose_gammon * _logistic(race_backgammon_inputs(other, on_roll),
                                                          RACE_BACKGAMMON_OTHER)
        return win, win_gammon, win_backgammon, lose_gammon, lose_backgammon
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
# Fitted, not hand-set: logistic regressions of the features above on the learned
# evaluation's 0-ply outcome probabilities (games.backgammon.neural, the networks trained by
# self-play; no other program is the teacher), by
#     .venv/bin/python bench/backgammon_fit_evaluation.py --games 800 --seed 1
# (2026-11-26, the networks of 104,000 self-play games; 720 training games of their 0-ply
# choices with 10% random turns: 23,713 race and 160,264 contact positions. Measured on the
# held-out last 80 games by GNU Backgammon's 0-ply judgement (a yardstick only): contact
# equity error 0.200 points, race 0.056, 0-ply choices losing 27.4 millipoints a decision,
# where the earlier weights, fitted to gnubg itself, lost 26.2 and pubeval's choices 40.4.)
# Race: RACE_FEATURES, gammons from
# race_gammon_inputs, backgammons from race_backgammon_inputs. Contact: the on-roll
# side's CONTACT_FEATURES, the other side's, then GLOBAL_FEATURES. The gammon weights
# give the chance of a gammon given a win (or a loss), the backgammon ones the chance of
# a backgammon given a gammon.
RACE_WIN = (0.9014, 0.9199, 0.4341, 0.7894, 0.0711, -0.4272, -0.2990, -0.1823, -0.1518, 0.3622, 0.2383,
            0.2876, -0.2029,)
RACE_GAMMON_ON_ROLL = (1.8893, -0.8966, 1.9165, 1.4170,)
RACE_GAMMON_OTHER = (1.9693, -0.7901, 1.6693, -0.3564,)
RACE_BACKGAMMON_ON_ROLL = (1.4341, 1.5316, -0.6500,)
RACE_BACKGAMMON_OTHER = (0.9264, 1.2440, -2.9107,)
CONTACT_WIN = (0.7446, 0.1541, 0.0385, 0.0731, 0.5056, 0.0139, 0.0269, 0.0755, 0.4311, 0.2704, 0.0556,
               -0.1275, 0.0026, -0.1328, -0.0104, -0.8038, 0.0476, -0.4723, -0.1134, 0.0107, 0.3892, -0.0894,
               0.0781, -0.0398, -0.0666, 0.0654, 0.2056, -0.0120, 0.1061, 0.1403, 0.0262, 0.0719, 0.0807,
               0.1089, 0.0448, -0.4841, -0.1026, 0.1184, -0.4293, -0.3295, 0.4195, -0.1017, -0.2155, -0.0118,
               -0.0144, -0.0667, -0.4927, -0.2458, -0.1088, 0.1320, 0.0305, 0.1573, 0.3606, 0.3901, -0.4181,
               0.5818, 0.1148, -0.0464, -0.0895, 0.0674, -0.1170, 0.0424, 0.0289, -0.0728, -0.2153, -0.0002,
               -0.1323, -0.2184, -0.0229, -0.0708, -0.0430, -0.1434, -0.0794, 0.4922, 0.2309, 0.6082, 4.7470,
               -0.3570, -0.7555, 0.4822, 0.3112, -0.1057,)
CONTACT_WIN_GAMMON = (-0.4879, -0.3730, 0.0377, 0.0082, 0.6168, 0.0613, -0.0026, 0.0402, 0.0574, -0.0840,
                      -0.0485, 0.2270, -0.0520, 0.2452, -0.1368, 0.8097, 0.3582, 0.4641, -0.1743, 0.1299,
                      -0.0884, 0.0018, 0.0228, 0.0722, -0.1050, -0.0615, 0.1473, -0.0279, 0.0546, 0.0418,
                      -0.0492, -0.0714, 0.0151, -0.0212, -0.0287, -0.2759, 0.5901, 0.5062, -0.8718, -0.6004,
                      0.4034, -0.0408, 0.4539, 0.0979, 0.0752, 0.0375, 0.0596, -0.8912, 0.1237, -0.3234,
                      0.1765, -0.2943, 0.3238, 1.0301, 0.0000, -0.9011, 0.1786, 0.1994, -0.3111, 0.3321,
                      -0.0779, -0.1831, 0.0409, 0.0189, -0.0710, -0.0445, -0.1108, -0.0783, 0.1792, 0.1501,
                      0.2064, -0.2535, -0.2523, -0.0176, 1.0624, 1.8496, 4.2379, -0.8344, -1.1500, 0.9539,
                      -0.1559, -1.1111,)
CONTACT_WIN_BACKGAMMON = (-0.7825, 0.0926, 0.0547, -0.1974, 0.7290, -0.2970, -0.1759, -0.0408, 0.2708,
                          0.0569, 0.0746, -0.0582, -0.0699, 0.2952, -0.1172, 0.2155, 0.4833, -1.1298,
                          -0.2135, -0.0290, -0.1636, -0.2067, -0.1638, -0.2163, -0.4451, -0.0923, -0.1558,
                          -0.3180, -0.1409, -0.0325, -0.1716, -0.1544, -0.0886, -0.0871, -0.0184, -0.3011,
                          0.2454, 0.1739, -0.7069, -0.2154, 0.4162, 0.0346, 0.1991, -0.0872, -0.1424,
                          -0.1433, 0.1381, -0.1609, 0.0377, 0.0448, -0.0561, 0.8190, 0.4166, 0.4132, 0.0000,
                          -0.3469, 0.0056, 0.0987, -0.1595, 0.1901, -0.0083, -0.0357, 0.1255, 0.0531, 0.0537,
                          -0.0089, -0.0470, 0.0309, -0.0656, -0.1147, 0.0297, -0.1866, -0.1101, -0.2744,
                          0.0467, 1.2051, 0.8398, -0.5869, -0.6275, 0.4713, 0.0044, -0.8759,)
CONTACT_LOSE_GAMMON = (-0.9131, -0.6303, 0.2591, 0.0040, 0.4233, 0.1514, 0.1364, 0.1372, 0.2390, -0.5242,
                       -0.0133, -0.2697, 0.1574, -0.1079, -0.2633, 1.7419, 0.0000, -0.4352, 0.1917, 0.1908,
                       -0.5544, 0.1713, -0.0520, -0.1575, 0.1152, 0.0648, -0.0001, -0.0130, -0.0641, -0.0788,
                       0.1999, 0.1906, 0.1740, -0.2337, -0.2462, -0.0941, 0.8846, 1.0886, -0.6889, -0.0930,
                       -0.1161, 0.0315, 0.6063, -0.0467, -0.0436, -0.0609, 0.3103, -0.2169, -0.0053, 0.2190,
                       -0.1356, 0.1437, 0.1589, 0.0554, 0.4249, -0.1100, -0.0393, 0.1290, -0.2018, 0.0912,
                       0.0111, 0.0277, -0.0087, 0.0123, 0.1522, -0.0686, 0.0190, 0.0828, -0.0682, -0.1134,
                       -0.0572, -0.0123, -0.0274, -0.4574, 0.4017, 0.6862, -3.9121, 0.9871, 0.9698, -0.0135,
                       -0.5596, -0.9479,)
CONTACT_LOSE_BACKGAMMON = (-0.7760, -0.1255, 0.4587, 0.0538, 0.0718, 0.0290, 0.0216, -0.0836, 0.1118,
                           -0.0352, -0.0147, -0.0608, -0.1037, 0.8742, 0.1217, 0.8408, 0.0000, -0.1961,
                           -0.0130, 0.1293, 0.0326, 0.0535, 0.0253, -0.1336, 0.0710, 0.1105, 0.0654, 0.0077,
                           0.0439, 0.0243, 0.0364, -0.0267, 0.1245, -0.1378, -0.0358, -0.3401, -0.0641,
                           0.5638, -0.8856, 0.2794, -0.0120, -0.1526, 0.6205, -0.2165, -0.1676, -0.0191,
                           0.0879, 0.0096, 0.0753, 0.0565, -0.1600, 0.1812, 0.0086, 0.0311, 0.2912, -1.0209,
                           -0.1639, -0.0538, -0.2606, -0.1455, -0.1181, -0.2084, -0.3012, -0.1224, -0.1377,
                           -0.2299, -0.0882, -0.0364, -0.1404, -0.1329, -0.0579, 0.0196, -0.0024, -0.2660,
                           0.2702, 0.0327, 0.0051, 0.4742, 0.2983, -0.0001, -0.1809, -1.0069,)
