"""The doubling cube's policy: when to double, take or drop, and the cubeful evaluation.

The search plays checkers with cubeless probabilities from the evaluation (``neural``:
the networks and the bear-off database); the cube's actions and the cubeful value of a
position come from them by Janowski's cubeful equity (``cube_equity``: the formulas,
the cube efficiencies, the rule for doubling), for money games.

Decisions, per unit of the cube's value, X on roll at the start of its turn: *no double*
(ND), *double, take* (DT), *double, drop* (DP, +1). The opponent takes when ``DT < 1``
(taking loses less than dropping) and X doubles when ``min(DT, DP) >= ND``. *Too good to
double*: ND above both (X plays on for a gammon); the opponent would drop.

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
The probabilities come from the learned evaluation (``neural``) unless another source
is given (``probabilities``: a function ``states -> [FIRST's probabilities]``, such as
``HAND_MADE``, the hand-made evaluation kept for the search lab's comparison).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from games.backgammon import evaluation, neural
from games.backgammon.cube_equity import (OPPONENT_OWNS, TIE, Chances, cube_efficiency, cubeful_equity, holder_of,
                                          jacoby_applies, turn_start_equity)
from games.backgammon.cube_lookahead import Evaluations, OverBudget, Probabilities, look_ahead
from games.backgammon.rules import DOUBLE, DROP, OFFERED, ROLL, TAKE, TURN_START, BackgammonState
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
"""The networks and the bear-off database (the default everywhere)."""


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
"""A cube decision in words (``CubeDecision.summary``); ``proper`` is one of the six
proper actions' names there ("Double, take" ... "Too good to double, drop")."""


class CubeDecision(NamedTuple):
    """The equities (per unit of the cube's value, for the side on roll) behind a cube
    action, and the actions they lead to: ``double`` for the doubler, ``take`` for the
    opponent; ``plies``: how far it looked ahead (0: the formulas alone)."""

    no_double: float
    double_take: float
    double_drop: float
    double: bool
    take: bool
    plies: int = 0

    @property
    def too_good(self) -> bool:
        """Too good to double: no double beats both double/take and double/drop."""
        return not self.double and self.no_double > self.double_drop + TIE and self.double_take > self.double_drop

    def summary(self) -> str:
        """In words, gnubg's way: ``Double, take: no double +0.412, double/take +0.530, ...``
        (``SUMMARY`` filled; the interface translates it as a whole, numbers included)."""
        if self.double:
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


def _decided(no_double: float, double_take: float, plies: int) -> CubeDecision:
    return CubeDecision(no_double, double_take, 1.0, min(double_take, 1.0) >= no_double - TIE, double_take < 1.0, plies)


def quick_decision(state: BackgammonState, probabilities: Probabilities = LEARNED) -> CubeDecision:
    """The cube decision for the side on roll of ``state`` (its turn's start, or a double
    being offered) from the 0-ply formulas: fast, for use inside a search or rollout."""
    cube = state.cube
    doubler = state.player
    chances = chances_of(state, doubler, probabilities)
    efficiency = cube_efficiency(state)
    no_double = cubeful_equity(chances, holder_of(cube, doubler), efficiency, jacoby_applies(cube))
    double_take = 2.0 * cubeful_equity(chances, OPPONENT_OWNS, efficiency)
    return _decided(no_double, double_take, 0)


def decision(state: BackgammonState, probabilities: Probabilities = LEARNED, plies: int = LOOK_AHEAD,
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
        return _decided(no_double, double_take, depth)
    return quick_decision(state, probabilities)


def policy_move(state: BackgammonState, root: bool = False, probabilities: Probabilities = LEARNED
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
