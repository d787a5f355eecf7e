"""The doubling cube's policy: when to double, take or drop, from cubeless probabilities.

The search plays checkers cubeless (its evaluation knows nothing of the cube); cube
actions are decided by a fixed rule from the evaluation's outcome probabilities, the way
programs did before cubeful neural nets: **Janowski's cubeful equity** (Rick Janowski,
"Take-Points in Money Games", 1993), for money games.

For the side X to evaluate, with win probability ``p``, ``W`` the average points of its
wins and ``L`` of its losses (gammons and backgammons included; both 1 without them):

* dead cube (no more doubling): the cubeless equity ``E = p W - (1 - p) L``;
* live cube (X can double at exactly its cash point): straight lines between the points
  where someone cashes: X's take point ``TP = (L - 1/2) / (W + L + 1/2)`` and cash point
  ``CP = (L + 1) / (W + L + 1/2)``; with X owning the cube the line runs from ``(0, -L)``
  to ``(CP, +1)``, centred from ``(TP, -1)`` to ``(CP, +1)``, owned by the opponent from
  ``(TP, -1)`` to ``(1, +W)``; beyond a cash point the equity is the cash, ``+-1``, unless
  playing on for a gammon is worth more (then the dead equity: "too good");
* under the Jacoby rule, while the cube is unturned, gammons are left out (``W = L = 1``);
* cubeful equity ``= x live + (1 - x) dead`` with the cube efficiency ``x`` (0.68, the
  usual figure for contact positions; a fully live cube would be 1).

Decisions, per unit of the cube's value, X on roll at the start of its turn: *no double*
is worth X's equity with the cube as it is; *double, take* is twice X's equity with the
opponent owning the cube; *double, drop* is +1. The opponent takes when taking loses
less than dropping (X's take-equity below 1 per doubled unit: ``2 E_take < 1``), and X
doubles when the worse of take and drop for it beats not doubling. Gammon rates move
every threshold; without gammons the take point is 20% with a live cube, 25% dead.

``evaluate`` is the registry's evaluation for backgammon: cubeless positions get the
cubeless evaluation, positions with a cube their cubeful equity times the cube's value.
The probabilities come from the learned evaluation (``neural``) unless another source
is given (``probabilities``: a function ``states -> [FIRST's probabilities]``, such as
``HAND_MADE``, the hand-made evaluation kept for the search lab's comparison).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from games.backgammon import evaluation, neural
from games.backgammon.rules import DOUBLE, DROP, OFFERED, ROLL, TAKE, BackgammonState
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

CUBE_EFFICIENCY = 0.68
"""Janowski's x: how live the cube is (0 dead, 1 fully live)."""

OWNED, CENTRED, OPPONENT_OWNS = "owned", "centred", "opponent owns"
"""Who holds the cube, seen from the side being evaluated."""


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


def cubeful_equity(chances: Chances, holder: str, efficiency: float = CUBE_EFFICIENCY) -> float:
    """Janowski's cubeful equity per unit of the cube for the side whose ``chances`` they
    are, ``holder`` one of ``OWNED``, ``CENTRED``, ``OPPONENT_OWNS`` (see the module
    docstring). Money game; the side is taken to be on roll or about to be."""
    p = min(max(chances.win, 1e-6), 1.0 - 1e-6)
    wins = (p + chances.win_gammon + chances.win_backgammon) / p
    losses = ((1.0 - p) + chances.lose_gammon + chances.lose_backgammon) / (1.0 - p)
    dead = p * wins - (1.0 - p) * losses
    spread = wins + losses + 0.5
    take_point = (losses - 0.5) / spread
    cash_point = (losses + 1.0) / spread
    if holder == OWNED:
        low_point, low_value, high_point, high_value = 0.0, -losses, cash_point, 1.0
    elif holder == CENTRED:
        low_point, low_value, high_point, high_value = take_point, -1.0, cash_point, 1.0
    else:
        low_point, low_value, high_point, high_value = take_point, -1.0, 1.0, wins
    if p >= high_point:
        live = max(high_value, dead)  # cash, or play on when too good
    elif p <= low_point:
        live = min(low_value, dead)  # the opponent cashes, or plays on when too good
    else:
        live = low_value + (high_value - low_value) * (p - low_point) / (high_point - low_point)
    return efficiency * live + (1.0 - efficiency) * dead


def _unturned(chances: Chances, cube) -> Chances:
    """Under the Jacoby rule, while the cube is unturned, gammons count single."""
    if cube.jacoby and cube.value == 1:
        return Chances(chances.win, 0.0, 0.0, 0.0, 0.0)
    return chances


class CubeDecision(NamedTuple):
    """The equities (per unit of the cube's value, for the side on roll) behind a cube
    action, and the actions they lead to: ``double`` for the doubler, ``take`` for the
    opponent."""

    no_double: float
    double_take: float
    double_drop: float
    double: bool
    take: bool

    def summary(self) -> str:
        """In words, gnubg's way: ``No double +0.412, double/take +0.530, double/drop +1.000``."""
        proper = ("Double, " + ("take" if self.take else "drop")) if self.double else \
            ("No double, " + ("take" if self.take else "drop"))
        return (f"{proper}: no double {self.no_double:+.3f}, double/take {self.double_take:+.3f}, "
                f"double/drop {self.double_drop:+.3f}")


def decision(state: BackgammonState, probabilities: Probabilities = LEARNED) -> CubeDecision:
    """The cube decision for the side on roll of ``state`` (its turn's start, or a double
    being offered), from the evaluation's probabilities with the side on roll to move."""
    cube = state.cube
    doubler = state.player
    chances = chances_of(state, doubler, probabilities)
    holder = OWNED if cube.owner == doubler else CENTRED
    no_double = cubeful_equity(_unturned(chances, cube), holder)
    double_take = 2.0 * cubeful_equity(chances, OPPONENT_OWNS)
    take = double_take < 1.0
    double = min(double_take, 1.0) > no_double
    return CubeDecision(no_double, double_take, 1.0, double, take)


def policy_move(state: BackgammonState, explain: bool = False, probabilities: Probabilities = LEARNED
                ) -> KnownMove | None:
    """The cube action at a cube node (``roll``/``double``, ``take``/``drop``) as a
    ``KnownMove`` from the source "cube"; with ``explain``, its score (the mover's
    cubeful equity, thousandths of a point times the cube) and the equities in words.
    ``None`` at any other node."""
    if not state.awaits_cube_action():
        return None
    offered = state.cube.stage == OFFERED
    choice = decision(state, probabilities)
    move = (TAKE if choice.take else DROP) if offered else (DOUBLE if choice.double else ROLL)
    if not explain:
        return KnownMove(move, "cube")
    mover = state.to_move()
    return KnownMove(move, "cube", score=evaluate(state.apply(move), mover, probabilities) if move != DROP else
                     -state.cube.value * 1000, note=choice.summary())


def evaluate(state: BackgammonState, player: int, probabilities: Probabilities = LEARNED) -> int:
    """The position's equity for ``player`` in thousandths of a point (zero-sum):
    cubeless without a cube, else cubeful (Janowski) times the cube's value; a pending
    double is worth what the answering side's better answer leaves."""
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
        if cube.stage == OFFERED:
            value = min(1.0, 2.0 * cubeful_equity(chances, OPPONENT_OWNS))
        else:
            holder = CENTRED if cube.owner is None else (OWNED if cube.owner == mover else OPPONENT_OWNS)
            value = cubeful_equity(_unturned(chances, cube), holder)
        thousandths = round(1000 * value * cube.value)
        values.append(thousandths if player == mover else -thousandths)
    return values
