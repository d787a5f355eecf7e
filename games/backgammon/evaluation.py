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
# Fitted, not hand-set: logistic regressions of the features above on GNU Backgammon's
# 0-ply outcome probabilities (gnubg-nn, bench only), by
#     .venv/bin/python bench/backgammon_fit_evaluation.py --games 800 --seed 1
# (2026-11-23; 720 training games of gnubg's 0-ply choices with 10% random turns:
# 24,162 race and 166,385 contact positions; held out, the last 80 games: contact equity
# error 0.162 points, race 0.047, 0-ply choices losing 27.1 millipoints a decision by
# gnubg's judgement, where pubeval's lose 40.4 and the first hand-set evaluation's 40.3
# on 300 such games; 1,600 games fitted no better). Race: RACE_FEATURES, gammons from
# race_gammon_inputs, backgammons from race_backgammon_inputs. Contact: the on-roll
# side's CONTACT_FEATURES, the other side's, then GLOBAL_FEATURES. The gammon weights
# give the chance of a gammon given a win (or a loss), the backgammon ones the chance of
# a backgammon given a gammon.
RACE_WIN = (
    1.0163, 0.9173, 0.3995, 0.7168, 0.1276, -0.3281, -0.2368, -0.2408, -0.1583, 0.3886, 0.0835,
    0.2517, -0.2978,
)
RACE_GAMMON_ON_ROLL = (
    2.2394, -1.3427, 1.6668, 1.6783,
)
RACE_GAMMON_OTHER = (
    2.0136, -1.0751, 1.8915, -0.8437,
)
RACE_BACKGAMMON_ON_ROLL = (
    4.2991, 0.8808, 2.6504,
)
RACE_BACKGAMMON_OTHER = (
    3.3082, 1.7797, -3.0959,
)
CONTACT_WIN = (
    1.5282, 0.0835, 0.1653, 0.1215, 0.6615, 0.0143, 0.0933, 0.0864, 0.7284, 0.2518, -0.1003,
    -0.1171, -0.0455, -0.1035, -0.0315, -0.8577, -0.5274, -0.0087, -0.0526, 0.1379, 0.5085,
    -0.0775, 0.1251, 0.1182, 0.0263, 0.1166, 0.2108, -0.0012, 0.1084, 0.2682, 0.1328, 0.0709,
    0.0521, 0.0614, 0.0464, -0.6691, -0.0317, 0.2019, -1.2815, -0.2293, 0.0199, -0.1451, -0.2080,
    -0.0316, -0.0870, -0.0482, -0.7943, -0.2184, 0.1327, 0.1390, 0.0958, 0.0215, 0.4270, 0.3757,
    -0.0522, 0.0977, 0.0792, -0.1770, -0.2293, 0.0103, -0.1499, -0.0601, -0.0154, -0.1506, -0.2549,
    -0.0340, -0.1448, -0.2708, -0.1214, -0.1096, -0.0652, -0.1090, -0.0614, 0.7182, 0.1687, 0.8857,
    6.4249, -0.3900, -0.5030, 0.9876, 0.4128, -0.0941,
)
CONTACT_WIN_GAMMON = (
    -0.1685, -0.2274, -0.0268, 0.0258, 0.8409, 0.0125, -0.0192, 0.0448, -0.1148, 0.0240, -0.0306,
    0.2519, 0.0796, 0.1597, -0.1686, 0.8838, -0.0092, 0.3606, -0.1446, 0.1113, 0.0116, 0.0316,
    0.0232, 0.0431, -0.0548, 0.0398, 0.1001, -0.0221, 0.0354, 0.0564, -0.0505, -0.0360, -0.0310,
    -0.1070, -0.0828, -0.2991, 0.1873, 0.3771, -0.9788, -0.6680, 0.3069, -0.0594, 0.6051, -0.0250,
    0.0111, -0.0387, 0.3080, -0.7946, -0.1545, -0.2700, 0.1232, -0.1599, 0.3847, 1.0327, 0.0000,
    -0.6984, 0.0976, 0.1839, -0.2873, 0.2140, -0.1077, 0.0461, 0.0546, -0.0071, -0.0805, -0.0692,
    -0.1069, -0.1469, -0.0493, 0.0508, -0.0389, -0.3244, -0.2916, -0.0693, 1.0171, 2.5193, 3.7451,
    -0.3555, -1.1495, 1.6840, -0.0988, -1.1193,
)
CONTACT_WIN_BACKGAMMON = (
    -0.8277, -0.0002, 0.1098, -0.1496, 1.0686, -0.1078, -0.0767, 0.0035, 0.0421, -0.0968, 0.0844,
    0.2071, -0.1581, 0.4029, 0.1059, 0.1150, 0.9110, -1.4356, -0.2727, -0.1412, -0.0889, -0.0457,
    -0.1471, -0.4688, -0.6682, 0.0214, 0.1903, -0.2027, -0.2114, -0.0273, -0.0719, 0.0149, -0.0053,
    0.0618, 0.1085, -0.6874, 0.5142, -0.1057, -0.6681, -0.6728, 0.8184, 0.0690, -0.2692, 0.0262,
    0.0248, -0.1440, -0.0960, -0.0345, -0.0825, 0.2484, -0.3749, 0.4937, 0.4985, 0.3950, 0.0000,
    0.3357, 0.1485, 0.2393, -0.4241, 0.4753, 0.0336, 0.0821, 0.0322, 0.0973, 0.1833, 0.0223,
    0.0547, 0.0239, -0.0586, -0.1054, -0.1103, -0.3839, -0.3080, -0.4641, 0.0186, 1.8424, 0.0083,
    -0.3463, -1.4260, 0.5813, -0.0014, -1.0128,
)
CONTACT_LOSE_GAMMON = (
    -0.3998, -0.6986, 0.2390, -0.0800, 0.6964, -0.0251, 0.0018, 0.0196, 0.3031, -0.4504, -0.1669,
    -0.4424, -0.0129, -0.0027, -0.3463, 1.7273, 0.0000, -0.7491, 0.0290, 0.1572, -0.3952, -0.0088,
    -0.0831, 0.0124, -0.0495, -0.0463, -0.1349, -0.0665, -0.0804, -0.1025, 0.0092, 0.0059, 0.0204,
    -0.1206, -0.0688, 0.0620, 1.0145, 1.3048, -0.3828, -0.1142, -0.1079, 0.0487, 0.5871, -0.0366,
    -0.0265, -0.1046, 0.2500, -0.1533, -0.0846, 0.2438, 0.0018, 0.1077, 0.1708, 0.1529, 0.4388,
    -0.2801, -0.0724, 0.0528, -0.1567, 0.1181, 0.0388, -0.0737, 0.0141, 0.0623, 0.0995, -0.0090,
    0.0310, 0.0945, -0.0359, -0.0319, -0.0339, -0.0707, -0.0370, -0.3117, 0.1843, 0.0804, -3.0670,
    0.9834, 0.8751, -0.0465, -0.3215, -0.8122,
)
CONTACT_LOSE_BACKGAMMON = (
    -0.8678, -0.3503, 0.4791, 0.0504, -0.0143, 0.0594, 0.0833, -0.0950, -0.0650, 0.0258, -0.0744,
    0.3960, -0.3129, 0.5938, 0.0119, 1.0356, 0.0000, 0.2670, 0.0799, 0.2379, -0.0197, 0.1704,
    -0.0122, -0.0479, 0.0604, 0.1612, 0.1176, -0.0775, 0.0491, -0.0081, -0.0110, -0.0077, -0.0136,
    -0.4792, -0.3683, -0.3950, -0.0895, 1.1879, -0.7868, 0.1446, -0.0132, -0.1988, 0.9832, -0.1088,
    -0.1598, 0.0489, -0.2059, 0.2312, 0.2210, 0.1874, -0.1134, 0.3904, 0.0393, 0.0288, 0.5773,
    -1.1261, -0.2752, -0.1008, -0.0346, -0.0492, -0.1618, -0.2741, -0.7630, -0.0929, 0.1485,
    -0.2121, -0.2107, -0.0625, -0.1675, -0.1040, -0.0572, 0.0177, -0.0210, -0.5830, 0.3473,
    -0.1528, 0.1115, 0.6838, 0.3523, -0.0008, -0.3126, -1.1391,
)
