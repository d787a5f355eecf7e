"""The doubling cube's policy: when to double, take or drop, and the cubeful evaluation.

The search plays checkers with cubeless probabilities from the evaluation (``neural``:
the networks and the bear-off database); the cubeful value of a position comes from
them by Janowski's cubeful equity (``cube_equity``: the formulas, the cube
efficiencies, the rule for doubling), for money games. The cube's actions come the same
way from the cube's own networks (``CUBE_LEARNED``, ``neural.CUBE_NETWORKS_FILE``: the
contact network fitted further to rollouts of our own play from positions worth a
double, nearer the truth there; the plays keep the plays' networks, whose choices such
fits make worse).

Decisions, per unit of the cube's value, X on roll at the start of its turn: *no double*
(ND), *double, take* (DT), *double, drop* (DP, +1). The opponent takes when ``DT < 1``
(taking loses less than dropping) and X doubles when ``min(DT, DP) >= ND``. *Too good to
double*: ND above both (X plays on for a gammon); the opponent would drop. An *optional
double*: the double worth exactly ND (as when X cashes next turn whatever happens, with
a gammon still possible): both actions are worth the same; the look-ahead plays on, as
GNU Backgammon's player does at more than 0 plies (its ``play.c``: an optional double
is doubled only at 0 plies), and the 0-ply ``quick_decision`` doubles, as gnubg's 0-ply
player and the formulas inside a search or rollout do (``cube_equity.best_of``). The
rules are gnubg's (``_decided``).

``decision`` is the careful decision the engine plays at its root: GNU Backgammon's cube
analysis looking ``LOOK_AHEAD`` plies ahead (``cube_lookahead``; 2, its default), the
last ply's plays below the first screened to the leaf screen's best ``LOOK_AHEAD_SCREEN``
(as gnubg's pruning networks pick them), one ply shallower when that would evaluate more
than ``LOOK_AHEAD_BUDGET`` positions, and so on down to one ply. The budget keeps a
decision within about a second: positions cost about 0.05-0.1 ms each here (the
networks or the bear-off database, and the move generation;
``bench/backgammon_cube_check.py`` times the engine's decisions), and a count, not a
clock, gives the same decision on any machine. Unscreened, two plies cost about 9,000
positions and did not fit a budget of 8,000 in about a quarter of the decisions; the
one-ply decisions there cost agreement with gnubg (``bench/RESULTS.md``, "The cube two
plies ahead in every decision"). Inside a search or a rollout, where a cube action is met at
every turn, ``quick_decision`` decides from the 0-ply formulas alone.

``evaluate`` is the registry's evaluation for backgammon: cubeless positions get the
cubeless evaluation, positions with a cube their 0-ply cubeful equity (at a turn's start
the better of the mover's cube actions when it may double) times the cube's value.
The probabilities come from the learned evaluation (``neural``; the cube decisions
from the cube's networks) unless another source is given (``probabilities``: a
function ``states -> [FIRST's probabilities]``, such as ``HAND_MADE``, the hand-made
evaluation kept for the search lab's comparison).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from games.backgammon import evaluation, neural
from games.backgammon.cube_equity import (OPPONENT_OWNS, TIE, Chances, cube_efficiency, cubeful_equity, holder_of,
                                          jacoby_applies, turn_start_equity)
from games.backgammon.cube_lookahead import Evaluations, OverBudget, Probabilities, look_ahead
from games.backgammon.rules import (DOUBLE, DROP, NEXT_ROLLS, OFF, OFFERED, ROLL, TAKE, TURN_START, BackgammonState,
                                    Board, generate_turns, in_contact)
from games.backgammon.screen import screen_batch
from games.base import FIRST, KnownMove

LOOK_AHEAD = 2
"""How many plies the engine's cube decision looks ahead (GNU Backgammon's default)."""
LOOK_AHEAD_BUDGET = 20000
"""The most positions a decision may evaluate at a look-ahead of more than one ply (with
the screen, two plies fit in it for nearly every decision, in about a second at most)."""
LOOK_AHEAD_SCREEN: int | None = 8
"""How many plays of each roll the look-ahead's last ply evaluates below its first, the
best by the leaf screen (``games.backgammon.screen``); ``None``: every play."""


def _learned(states: Sequence[BackgammonState]) -> list[tuple[float, float, float, float, float]]:
    return neural.outcome_probabilities_many(states)


LEARNED: Probabilities = _learned
"""The plays' networks and the bear-off database (the default of the leaf evaluations)."""


def _cube_learned(states: Sequence[BackgammonState]) -> list[tuple[float, float, float, float, float]]:
    return neural.cube_outcome_probabilities_many(states)


CUBE_LEARNED: Probabilities = _cube_learned
"""The cube's networks (``neural.CUBE_NETWORKS_FILE``) and the bear-off database: the
default of the cube decisions (``decision``, ``quick_decision``, ``policy_move``)."""


def _hand_made(states: Sequence[BackgammonState]) -> list[tuple[float, float, float, float, float]]:
    return [evaluation.outcome_probabilities(state) for state in states]


HAND_MADE: Probabilities = _hand_made
"""The hand-made evaluation (features and fitted weights), kept for comparison."""


def chances_of(state: BackgammonState, player: int, probabilities: Probabilities = LEARNED) -> Chances:
    """``player``'s cubeless outcome probabilities from the evaluation."""
    chances = Chances(*probabilities([state])[0])
    return chances if player == FIRST else chances.flipped()


SUMMARY = ("{proper}: no double {no_double:+.3f}, double/take {double_take:+.3f}, "
           "double/drop {double_drop:+.3f} ({plies}-ply)")
"""A cube decision in words (``CubeDecision.summary``); ``proper`` is one of the eight
proper actions' names there ("Double, take" ... "Optional double, drop")."""


class CubeDecision(NamedTuple):
    """The equities (per unit of the cube's value, for the side on roll) behind a cube
    action, and the actions they lead to: ``double`` for the doubler, ``take`` for the
    opponent; ``plies``: how far it looked ahead (0: the formulas alone); ``optional``:
    doubling is worth exactly what playing on is (``_decided``), so either is right and
    ``double`` says which one is played."""

    no_double: float
    double_take: float
    double_drop: float
    double: bool
    take: bool
    plies: int = 0
    optional: bool = False

    @property
    def too_good(self) -> bool:
        """Too good to double: no double beats both double/take and double/drop."""
        return not self.double and self.no_double > self.double_drop + TIE and self.double_take > self.double_drop

    def summary(self) -> str:
        """In words, gnubg's way: ``Double, take: no double +0.412, double/take +0.530, ...``
        (``SUMMARY`` filled; the interface translates it as a whole, numbers included)."""
        if self.optional:
            proper = "Optional double, take" if self.take else "Optional double, drop"
        elif self.double:
            proper = "Double, take" if self.take else "Double, drop"
        elif self.too_good:
            proper = "Too good to double, take" if self.take else "Too good to double, drop"
        else:
            proper = "No double, take" if self.take else "No double, drop"
        return SUMMARY.format(proper=proper, no_double=self.no_double, double_take=self.double_take,
                              double_drop=self.double_drop, plies=self.plies)

    def mover_equity(self, action: str) -> float:
        """The equity per unit of the cube's value that ``action`` leaves for the side who
        takes it: the doubler's for ``roll``/``double``, the answering side's for
        ``take``/``drop`` (``double`` counts the opponent's best answer)."""
        if action == ROLL:
            return self.no_double
        if action == DOUBLE:
            return min(self.double_take, self.double_drop)
        return -self.double_take if action == TAKE else -self.double_drop


OPTIONAL = 1e-5
"""Equities this close make a double optional (GNU Backgammon's ``isOptional``)."""
GAMMON_NOISE = 1e-4
"""In contact, a gammon chance below this is the networks' noise (GNU Backgammon's floor)."""


def can_win_gammon(state: BackgammonState, chances: Chances) -> bool:
    """Whether the side on roll of ``state`` (``chances`` its own) can still win a gammon:
    not once the opponent has borne a checker off; in contact, when the networks give it
    more than ``GAMMON_NOISE``; in a race, unless the opponent is sure to bear a checker
    off before the side on roll can finish (every roll of the opponent's next one or two
    turns has a play that does; the side on roll needs at least ``_fewest_turns`` turns).
    The race's answer comes from the rules, not the networks, whose small gammon chances
    in races are noise."""
    own, other = state.checkers(state.player), state.checkers(1 - state.player)
    if other[OFF]:
        return False
    if in_contact(own, other):
        return chances.win_gammon > GAMMON_NOISE
    turns = _fewest_turns(own)
    return turns < 2 or not _surely_bears_off(other, own, min(turns - 1, 2), {})


def _fewest_turns(board: Board) -> int:
    """A lower bound on the turns ``board``'s side needs to bear off every checker: at
    most 24 pips and 4 dice a turn, and each checker needs a die for each quarter of the
    board it enters and one to bear off (a die moves it six points at most)."""
    pips = sum(count * point for point, count in enumerate(board) if point != OFF)
    dice = sum(count * ((point - 1) // 6 + 1) for point, count in enumerate(board) if point != OFF)
    return max(-(-pips // 24), -(-dice // 4))


def _surely_bears_off(board: Board, other: Board, turns: int, known: dict[tuple[Board, int], bool]) -> bool:
    """Whether ``board``'s side, on roll, bears a checker off within ``turns`` turns
    whatever it rolls, playing for it (a race: ``other`` never blocks it)."""
    if board[OFF]:
        return True
    if turns == 0:
        return False
    if (board, turns) not in known:
        sure = True
        for dice, _ in NEXT_ROLLS:
            plays = [after for after, _ in generate_turns(board, other, dice)]
            if not any(after[OFF] for after in plays) and not any(
                    _surely_bears_off(after, other, turns - 1, known) for after in plays):
                sure = False
                break
        known[board, turns] = sure
    return known[board, turns]


def _decided(no_double: float, double_take: float, plies: int, gammon_possible: Callable[[], bool] = lambda: True,
             gammons_single: bool = False) -> CubeDecision:
    """The actions the equities lead to, by GNU Backgammon's rules (``eval.c``,
    ``FindBestCubeDecision``; its player in ``play.c``). X doubles when double/take and
    double/drop are both at least no double. The double is *optional* when it is worth
    exactly no double: double/take when the opponent takes; double/drop when it drops,
    if X can still win a gammon (``gammon_possible()``, asked only when it matters; see
    ``can_win_gammon``) and gammons count (not ``gammons_single``: the Jacoby rule with
    the cube centred), since otherwise playing on cannot gain. An optional double is
    doubled at 0 plies and played on when the decision looked ahead. X does not double
    otherwise, not even when it is "too good" with no gammon to play for, where gnubg's
    sanity check doubles: there no double is above double/drop only by the evaluation's
    noise, the two are worth the same, and gnubg's own analysis of such races says "too
    good" by its noise (``bench/RESULTS.md``, "Optional doubles")."""
    double_drop = 1.0
    if double_take >= no_double - TIE and double_drop >= no_double - TIE:
        if double_drop > double_take:
            optional = abs(double_take - no_double) <= OPTIONAL
        else:
            optional = abs(no_double - double_drop) <= OPTIONAL and not gammons_single and gammon_possible()
        double = not (optional and plies > 0)
    else:
        optional, double = False, False
    return CubeDecision(no_double, double_take, double_drop, double, double_take < double_drop, plies, optional)


def quick_decision(state: BackgammonState, probabilities: Probabilities = CUBE_LEARNED) -> CubeDecision:
    """The cube decision for the side on roll of ``state`` (its turn's start, or a double
    being offered) from the 0-ply formulas: fast, for use inside a search or rollout."""
    cube = state.cube
    doubler = state.player
    chances = chances_of(state, doubler, probabilities)
    efficiency = cube_efficiency(state)
    no_double = cubeful_equity(chances, holder_of(cube, doubler), efficiency, jacoby_applies(cube))
    double_take = 2.0 * cubeful_equity(chances, OPPONENT_OWNS, efficiency)
    # At 0 plies an optional double is doubled anyway: whether a gammon can be won only
    # names it, so the networks' chance answers (no search over the race's rolls here,
    # where a search meets a cube decision at every turn).
    return _decided(no_double, double_take, 0, lambda: chances.win_gammon > GAMMON_NOISE, jacoby_applies(cube))


def decision(state: BackgammonState, probabilities: Probabilities = CUBE_LEARNED, plies: int = LOOK_AHEAD,
             budget: int | None = LOOK_AHEAD_BUDGET, screen_width: int | None = LOOK_AHEAD_SCREEN) -> CubeDecision:
    """The cube decision for the side on roll of ``state`` (its turn's start, or a double
    being offered; the cube centred or its own), ``plies`` ahead (``cube_lookahead``),
    fewer while that would evaluate more than ``budget`` positions (``None``: no limit;
    one ply is never cut), 0: ``quick_decision``. ``screen_width``: how many plays of
    each roll the look-ahead's last ply evaluates below its first, by the leaf screen
    (``None``: all). Raises ``ValueError`` when the side on roll may not double."""
    evaluations = Evaluations(probabilities, budget, screen_batch, screen_width or 0)
    for depth in range(plies, 0, -1):
        evaluations.budget = budget if depth > 1 else None
        try:
            no_double, double_take = look_ahead(state, depth, evaluations)
        except OverBudget:
            continue
        return _decided(no_double, double_take, depth,
                        lambda: can_win_gammon(state, chances_of(state, state.player, probabilities)),
                        jacoby_applies(state.cube))
    return quick_decision(state, probabilities)


def policy_move(state: BackgammonState, root: bool = False, probabilities: Probabilities = CUBE_LEARNED
                ) -> KnownMove | None:
    """The cube action at a cube node (``roll``/``double``, ``take``/``drop``) as a
    ``KnownMove`` from the source "cube", ``None`` at any other node. With ``root`` (the
    decision the engine plays) it looks ahead (``decision``) and carries its score (the
    mover's cubeful equity, thousandths of a point times the cube) and the equities in
    words; without, the quick 0-ply decision (``quick_decision``), for a search or
    rollout meeting a cube action at every turn."""
    if not state.awaits_cube_action():
        return None
    offered = state.cube.stage == OFFERED
    choice = decision(state, probabilities) if root else quick_decision(state, probabilities)
    move = (TAKE if choice.take else DROP) if offered else (DOUBLE if choice.double else ROLL)
    if not root:
        return KnownMove(move, "cube")
    return KnownMove(move, "cube", score=round(1000 * choice.mover_equity(move) * state.cube.value),
                     note=choice.summary())


def evaluate(state: BackgammonState, player: int, probabilities: Probabilities = LEARNED) -> int:
    """The position's equity for ``player`` in thousandths of a point (zero-sum):
    cubeless without a cube, else cubeful (Janowski, 0-ply) times the cube's value: at a
    turn's start the mover's better cube action when it may double, a pending double
    what the answering side's better answer leaves."""
    return evaluate_batch([state], player, probabilities)[0]


def evaluate_batch(states: Sequence[BackgammonState], player: int, probabilities: Probabilities = LEARNED
                   ) -> list[int]:
    """``evaluate`` of several states at once (the children of one position: the
    networks evaluate siblings together much faster)."""
    values = []
    for state, first_chances in zip(states, probabilities(states)):
        chances = Chances(*first_chances)
        cube = state.cube
        if cube is None:
            value = round(1000 * chances.cubeless_equity())
            values.append(value if player == FIRST else -value)
            continue
        mover = state.player if state.player is not None else FIRST
        if mover != FIRST:
            chances = chances.flipped()
        efficiency = cube_efficiency(state)
        if cube.stage == OFFERED:
            value = min(1.0, 2.0 * cubeful_equity(chances, OPPONENT_OWNS, efficiency))
        elif cube.stage == TURN_START and state.player is not None and not state.dice:
            value = turn_start_equity(chances, cube, mover, efficiency)
        else:
            value = cubeful_equity(chances, holder_of(cube, mover), efficiency, jacoby_applies(cube))
        thousandths = round(1000 * value * cube.value)
        values.append(thousandths if player == mover else -thousandths)
    return values
