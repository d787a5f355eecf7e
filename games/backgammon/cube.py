"""The doubling cube's policy: when to double, take or drop, from cubeless probabilities.

The search plays checkers with cubeless probabilities from the evaluation (``neural``:
the networks and the bear-off database); cube actions and the cubeful value of a
position come from them by **Janowski's cubeful equity** (Rick Janowski, "Take-Points in
Money Games", 1993), for money games, the way GNU Backgammon turns its networks' outputs
into cubeful equities (its ``eval.c``: ``Cl2CfMoney``, ``MoneyLive``).

For the side X to evaluate, with win probability ``p``, ``W`` the average points of its
wins and ``L`` of its losses (gammons and backgammons included; both 1 without them):

* dead cube (no more doubling): the cubeless equity ``E = p W - (1 - p) L``;
* fully live cube (each side doubles at exactly its opponent's take point, and the
  equity moves continuously): straight lines between ``(0, -L)``, the take point
  ``TP = (L - 1/2) / (W + L + 1/2)``, the cash point ``CP = (L + 1) / (W + L + 1/2)`` and
  ``(1, +W)``. Centred cube: ``(0, -L)`` to ``(TP, -1)`` to ``(CP, +1)`` to ``(1, +W)``
  (beyond its cash point a side plays on for the gammon, doubling out when the game
  turns: the line towards ``+W``, not a flat ``+1``). X owns the cube: ``(0, -L)`` to
  ``(CP, +1)`` to ``(1, +W)``. The opponent owns it: ``(0, -L)`` to ``(TP, -1)`` to
  ``(1, +W)``;
* under the Jacoby rule, while the cube is centred and unturned, gammons count single in
  the dead part and beyond the window (the live line is flat at ``+-1`` there), but the
  window's points keep the real ``W`` and ``L``: gammons count once a double is taken;
* cubeful equity ``= x live + (1 - x) dead`` with the **cube efficiency** ``x`` (how
  often the cube is used near its ideal point). Janowski put typical positions at about
  2/3; the values are GNU Backgammon's published defaults (``show cube efficiency``):
  0.68 in contact (and crashed) positions; in a race ``0.55 + 0.00125`` times the side on
  roll's pip count, kept within 0.6..0.7 (a long race keeps the cube live longer); 0.6
  in the bear-off database's positions. They are constants here, not fitted.

Decisions, per unit of the cube's value, X on roll at the start of its turn: *no double*
(ND) is worth X's equity with the cube as it is; *double, take* (DT) twice its equity
with the opponent owning the cube; *double, drop* (DP) +1. The opponent takes when
``DT < 1`` (taking loses less than dropping) and X doubles when ``min(DT, DP) >= ND``
(GNU Backgammon's rule; a tie, such as a certain single win, is a double: cashing costs
nothing). *Too good to double*: ND above both (X plays on for a gammon); the opponent
would drop. Without gammons the take point is 20% with a live cube, 25% dead.

``decision`` is the careful decision the engine plays at its root: it looks **one ply
ahead**, as GNU Backgammon's n-ply cube analysis does: for each of the 21 rolls X plays
the move that is best for it by 0-ply cubeful equity, the opponent then on roll with the
cube as each branch leaves it (centred or X's after no double; the opponent's at twice
the value after double/take), and ND and DT are the rolls' weighted averages. The
opponent's 0-ply value there is its own best cube action (no double, or double for
``min(DT, DP)``). Exact where the game ends within the ply (a last roll's bear-off).
Inside a search or a rollout, where a cube action is met at every turn, ``quick_decision``
decides from the 0-ply formulas alone.

``evaluate`` is the registry's evaluation for backgammon: cubeless positions get the
cubeless evaluation, positions with a cube their cubeful equity (at a turn's start the
better of the mover's cube actions when it may double) times the cube's value.
The probabilities come from the learned evaluation (``neural``) unless another source
is given (``probabilities``: a function ``states -> [FIRST's probabilities]``, such as
``HAND_MADE``, the hand-made evaluation kept for the search lab's comparison).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from games.backgammon import evaluation, neural
from games.backgammon.rules import (CHECKERS, DOUBLE, DROP, NEXT_ROLLS, OFF, OFFERED, ROLL, TAKE, TURN_START,
                                    BackgammonState, Cube, generate_turns)
from games.base import FIRST, KnownMove

Probabilities = Callable[[Sequence[BackgammonState]], Sequence[tuple[float, float, float, float, float]]]
"""A source of cubeless outcome probabilities for ``FIRST``, several states at a time."""


def _learned(states: Sequence[BackgammonState]) -> list[tuple[float, float, float, float, float]]:
    return neural.outcome_probabilities_many(states)


LEARNED: Probabilities = _learned
"""The networks and the bear-off database (the default everywhere)."""


def _hand_made(states: Sequence[BackgammonState]) -> list[tuple[float, float, float, float, float]]:
    return [evaluation.outcome_probabilities(state) for state in states]


HAND_MADE: Probabilities = _hand_made
"""The hand-made evaluation (features and fitted weights), kept for comparison."""

CONTACT_EFFICIENCY = 0.68
"""Janowski's x in contact positions (GNU Backgammon's default for contact and crashed)."""
RACE_EFFICIENCY_BASE, RACE_EFFICIENCY_PER_PIP = 0.55, 0.00125
"""A race's x: ``base + per_pip * pips`` of the side on roll (GNU Backgammon's defaults) ..."""
RACE_EFFICIENCY_LOWEST, RACE_EFFICIENCY_HIGHEST = 0.6, 0.7
"""... kept within these bounds."""
BEAR_OFF_EFFICIENCY = 0.6
"""x where both sides are in the bear-off database (GNU Backgammon's one-sided default)."""

OWNED, CENTRED, OPPONENT_OWNS = "owned", "centred", "opponent owns"
"""Who holds the cube, seen from the side being evaluated."""

_EDGE = 1e-7
"""Win chances this close to 0 or 1 leave nothing for the cube to do: the dead equity."""
TIE = 1e-6
"""Equities closer than this are equal (a certain single win: rounding in the sums)."""


class Chances(NamedTuple):
    """Cubeless outcome probabilities of one side: ``win``; ``win_gammon`` and
    ``lose_gammon`` including backgammons; ``win_backgammon``, ``lose_backgammon``."""

    win: float
    win_gammon: float
    win_backgammon: float
    lose_gammon: float
    lose_backgammon: float

    def flipped(self) -> Chances:
        """The same outcomes seen by the other side."""
        return Chances(1.0 - self.win, self.lose_gammon, self.lose_backgammon, self.win_gammon,
                       self.win_backgammon)

    def cubeless_equity(self) -> float:
        """Expected points per unit of the cube, cubeless."""
        return 2.0 * self.win - 1.0 + self.win_gammon - self.lose_gammon + self.win_backgammon \
            - self.lose_backgammon


def chances_of(state: BackgammonState, player: int, probabilities: Probabilities = LEARNED) -> Chances:
    """``player``'s cubeless outcome probabilities from the evaluation."""
    chances = Chances(*probabilities([state])[0])
    return chances if player == FIRST else chances.flipped()


def cube_efficiency(state: BackgammonState) -> float:
    """Janowski's x for the side on roll of ``state`` (``FIRST`` before the opening), by
    the kind of position (see the module docstring); 0 (a dead cube) once the game is over."""
    mover = FIRST if state.player is None else state.player
    on_roll, other = state.checkers(mover), state.checkers(1 - mover)
    kind = neural.source(on_roll, other)
    if kind == neural.CONTACT:
        return CONTACT_EFFICIENCY
    if kind == neural.BEAR_OFF:
        return BEAR_OFF_EFFICIENCY
    if kind == neural.RACE:
        pips = sum(point * count for point, count in enumerate(on_roll))
        return min(max(RACE_EFFICIENCY_BASE + RACE_EFFICIENCY_PER_PIP * pips, RACE_EFFICIENCY_LOWEST),
                   RACE_EFFICIENCY_HIGHEST)
    return 0.0


def cubeful_equity(chances: Chances, holder: str, efficiency: float = CONTACT_EFFICIENCY,
                   jacoby: bool = False) -> float:
    """Janowski's cubeful equity per unit of the cube for the side whose ``chances`` they
    are, ``holder`` one of ``OWNED``, ``CENTRED``, ``OPPONENT_OWNS``; ``jacoby``: the
    Jacoby rule applies (only meaningful with the cube centred and unturned). Money
    game; the side is taken to be on roll (see the module docstring). Does not check
    that the chances are consistent."""
    jacoby = jacoby and holder == CENTRED
    if jacoby:
        dead = 2.0 * chances.win - 1.0
    else:
        dead = chances.cubeless_equity()
    p = chances.win
    if p <= _EDGE or p >= 1.0 - _EDGE:
        return dead
    wins = (p + chances.win_gammon + chances.win_backgammon) / p
    losses = ((1.0 - p) + chances.lose_gammon + chances.lose_backgammon) / (1.0 - p)
    return efficiency * _live(p, wins, losses, holder, jacoby) + (1.0 - efficiency) * dead


def _live(p: float, wins: float, losses: float, holder: str, jacoby: bool) -> float:
    """The fully live cube's equity: Janowski's straight lines (module docstring)."""
    spread = wins + losses + 0.5
    take_point = (losses - 0.5) / spread
    cash_point = (losses + 1.0) / spread
    if holder != OWNED and p < take_point:  # the opponent doubles us out, or plays on
        return -1.0 if jacoby else -losses + (losses - 1.0) * p / take_point
    if holder == OPPONENT_OWNS:
        return -1.0 + (wins + 1.0) * (p - take_point) / (1.0 - take_point)
    if p >= cash_point:  # X cashes, or plays on for the gammon and cashes later
        return 1.0 if jacoby else 1.0 + (wins - 1.0) * (p - cash_point) / (1.0 - cash_point)
    if holder == OWNED:
        return -losses + (losses + 1.0) * p / cash_point
    return -1.0 + 2.0 * (p - take_point) / (cash_point - take_point)


def _jacoby_applies(cube: Cube) -> bool:
    """Under the Jacoby rule, while the cube is unturned, gammons count single."""
    return cube.jacoby and cube.value == 1


def _holder(cube: Cube, side: int) -> str:
    """Who holds ``cube`` as ``side`` sees it."""
    return CENTRED if cube.owner is None else (OWNED if cube.owner == side else OPPONENT_OWNS)


def turn_start_equity(chances: Chances, cube: Cube, side: int, efficiency: float) -> float:
    """0-ply cubeful equity per unit of ``cube``'s value of ``side``, on roll at the start of
    its turn with ``chances``: the better of no double and ``min(double/take, double/drop)``
    when it may double (the cube centred or its own), else no double."""
    holder = _holder(cube, side)
    no_double = cubeful_equity(chances, holder, efficiency, _jacoby_applies(cube))
    if holder == OPPONENT_OWNS:
        return no_double
    double_take = 2.0 * cubeful_equity(chances, OPPONENT_OWNS, efficiency)
    return min(double_take, 1.0) if min(double_take, 1.0) >= no_double - TIE else no_double


class CubeDecision(NamedTuple):
    """The equities (per unit of the cube's value, for the side on roll) behind a cube
    action, and the actions they lead to: ``double`` for the doubler, ``take`` for the
    opponent; ``plies``: 0 from the formulas alone, 1 with the look-ahead."""

    no_double: float
    double_take: float
    double_drop: float
    double: bool
    take: bool
    plies: int = 1

    @property
    def too_good(self) -> bool:
        """Too good to double: no double beats both double/take and double/drop."""
        return not self.double and self.no_double > self.double_drop + TIE and self.double_take > self.double_drop

    def summary(self) -> str:
        """In words, gnubg's way: ``Double, take: no double +0.412, double/take +0.530, ...``."""
        if self.double:
            proper = "Double, " + ("take" if self.take else "drop")
        else:
            proper = ("Too good to double, " if self.too_good else "No double, ") + ("take" if self.take else "drop")
        return (f"{proper}: no double {self.no_double:+.3f}, double/take {self.double_take:+.3f}, "
                f"double/drop {self.double_drop:+.3f} ({self.plies}-ply)")

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
    no_double = cubeful_equity(chances, _holder(cube, doubler), efficiency, _jacoby_applies(cube))
    double_take = 2.0 * cubeful_equity(chances, OPPONENT_OWNS, efficiency)
    return _decided(no_double, double_take, 0)


def decision(state: BackgammonState, probabilities: Probabilities = LEARNED) -> CubeDecision:
    """The cube decision for the side on roll of ``state`` (its turn's start, or a double
    being offered), one ply ahead (module docstring): about 21 x 20 positions evaluated."""
    cube = state.cube
    doubler = state.player
    opponent = 1 - doubler
    after_no_double = cube._replace(stage=TURN_START)
    after_take = Cube(cube.value * 2, opponent, TURN_START, cube.jacoby)
    rolls: list[tuple[float, list[BackgammonState]]] = []
    pending: list[BackgammonState] = []
    for dice, weight in NEXT_ROLLS:
        children = []
        for own, other in generate_turns(state.checkers(doubler), state.checkers(opponent), dice):
            boards = (own, other) if doubler == FIRST else (other, own)
            child = BackgammonState(boards[0], boards[1], opponent, (), None)
            children.append(child)
            if own[OFF] != CHECKERS:
                pending.append(child)
        rolls.append((weight, children))
    found = dict(zip(pending, probabilities(pending))) if pending else {}
    no_double = double_take = 0.0
    for weight, children in rolls:
        best_no_double = best_double_take = -4.0
        for child in children:
            result = child.outcome()
            if result is not None:  # the doubler bore off its last checker
                single = 1.0 if _jacoby_applies(cube) else float(result.points)
                value_no_double, value_double_take = single, 2.0 * result.points
            else:
                chances = Chances(*found[child])
                if opponent != FIRST:
                    chances = chances.flipped()
                efficiency = cube_efficiency(child)
                value_no_double = -turn_start_equity(chances, after_no_double, opponent, efficiency)
                value_double_take = -2.0 * turn_start_equity(chances, after_take, opponent, efficiency)
            best_no_double = max(best_no_double, value_no_double)
            best_double_take = max(best_double_take, value_double_take)
        no_double += weight * best_no_double
        double_take += weight * best_double_take
    return _decided(no_double, double_take, 1)


def policy_move(state: BackgammonState, root: bool = False, probabilities: Probabilities = LEARNED
                ) -> KnownMove | None:
    """The cube action at a cube node (``roll``/``double``, ``take``/``drop``) as a
    ``KnownMove`` from the source "cube", ``None`` at any other node. With ``root`` (the
    decision the engine plays) it looks one ply ahead (``decision``) and carries its
    score (the mover's cubeful equity, thousandths of a point times the cube) and the
    equities in words; without, the quick 0-ply decision (``quick_decision``), for a
    search or rollout meeting a cube action at every turn."""
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
            value = cubeful_equity(chances, _holder(cube, mover), efficiency, _jacoby_applies(cube))
        thousandths = round(1000 * value * cube.value)
        values.append(thousandths if player == mover else -thousandths)
    return values
