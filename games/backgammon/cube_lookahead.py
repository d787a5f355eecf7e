"""The cube decision looked at some rolls ahead: GNU Backgammon's n-ply cube analysis.

The side on roll X, at its turn's start with the cube as it stands, is judged over each
of the 21 rolls (weights 1/36 for a double, else 2/36). For each roll X plays the move
best for it by the 0-ply cubeful equity with the cube as it stands (chosen once per
roll, as GNU Backgammon's ``EvaluatePositionCubeful4`` does, from the evaluation's
probabilities; equal equities, as when the opponent cashes whatever X plays, go to the
better cubeless equity, as GNU Backgammon's move scoring breaks them: the move chosen
with the cube as it stands is also played in the branches where it stands otherwise);
then the opponent is on roll with the cube as each of X's choices
leaves it: after *no double* as it was, after *double/take* at twice the value on the
opponent's side. With plies left, the opponent's turn is judged the same way (its own
no-double and double/take branches, then its better cube action, ``cube_equity.best_of``);
at the last ply by the 0-ply formulas (``cube_equity.turn_start_equity``). A game that
ends within the look-ahead counts its result, gammons single under the Jacoby rule while
the cube is unturned. No double (ND) and double/take (DT) are the rolls' weighted means,
DT per unit of the cube's value before the double.

Cost: about 21 x 20 positions evaluated one ply ahead, about 21 times that two plies
ahead. With a ``screen`` (``Evaluations``), the last ply's choices below the first (the
opponent's 21 rolls after each of X's plays, two plies ahead) evaluate only the screen's
best ``screen_width`` plays (``games.backgammon.screen``, a linear ranking of one roll's
plays, in contact only), as GNU Backgammon's cube analysis picks its moves inside the
look-ahead with its pruning networks: two plies then cost some 1,300-7,000 positions in
contact, not about 9,000. Each position met is evaluated once (a table for the decision,
shared by the branches and by a shallower retry), and counted: with a ``budget``, a
look-ahead raises ``OverBudget`` as soon as the positions evaluated for the first rolls,
in proportion, say the whole would need more (so an over-long look-ahead is given up
early, not after its budget is spent). A count, not a clock: a position gets the same decision on any
machine and under any load.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

from games.backgammon.cube_equity import Chances, best_of, cube_efficiency, jacoby_applies, turn_start_equity
from games.backgammon.rules import CHECKERS, NEXT_ROLLS, OFF, TURN_START, BackgammonState, Cube, generate_turns
from games.base import FIRST

Probabilities = Callable[[Sequence[BackgammonState]], Sequence[tuple[float, float, float, float, float]]]
"""A source of cubeless outcome probabilities for ``FIRST``, several states at a time."""
Screen = Callable[[Sequence[BackgammonState], int], "Sequence[int] | None"]
"""A ranking of sibling positions for a player (larger is better for it; values comparable
among siblings only), or ``None`` when it cannot rank that batch (``screen.screen_batch``)."""


class OverBudget(Exception):
    """A look-ahead needed more positions evaluated than its budget allows."""


class Evaluations:
    """The probabilities of the positions one decision meets, each evaluated once and
    counted against ``budget`` (``None``: no limit; may be changed between uses). With a
    ``screen`` and a ``screen_width`` above 0, the look-ahead's last-ply choices below its
    first ply evaluate only the screen's best ``screen_width`` plays of each roll (see the
    module docstring)."""

    def __init__(self, probabilities: Probabilities, budget: int | None = None, screen: Screen | None = None,
                 screen_width: int = 0) -> None:
        self.probabilities = probabilities
        self.budget = budget
        self.screen = screen
        self.screen_width = screen_width
        self._found: dict[BackgammonState, Chances] = {}

    def expect(self, done: float) -> None:
        """Raise ``OverBudget`` if the evaluations so far, for the ``done`` fraction of the
        work (0 < done <= 1), project past the budget."""
        if self.budget is not None and len(self._found) > self.budget * done:
            raise OverBudget

    @property
    def evaluated(self) -> int:
        """How many positions have been evaluated."""
        return len(self._found)

    def chances_of(self, states: Sequence[BackgammonState]) -> list[Chances]:
        """The side on roll's chances in each of ``states`` (none of them over), the new
        ones evaluated in one call. Raises ``OverBudget`` before evaluating past the budget."""
        missing = list(dict.fromkeys(state for state in states if state not in self._found))
        if missing:
            if self.budget is not None and len(self._found) + len(missing) > self.budget:
                raise OverBudget
            for state, chances in zip(missing, self.probabilities(missing)):
                found = Chances(*chances)
                self._found[state] = found if state.player == FIRST else found.flipped()
        return [self._found[state] for state in states]


def look_ahead(state: BackgammonState, plies: int, evaluations: Evaluations) -> tuple[float, float]:
    """``(no double, double/take)`` per unit of the cube's value for the side on roll of
    ``state`` (its turn's start or a double offered, the cube centred or its own),
    ``plies`` (at least 1) ahead. Raises ``OverBudget`` (see ``Evaluations``) and
    ``ValueError`` when that side may not double."""
    cube = state.cube
    if cube is None or cube.owner not in (None, state.player):
        raise ValueError("the side on roll may not double")
    ((no_double, double_take),) = _branches(state, (cube._replace(stage=TURN_START),), plies, evaluations, top=True)
    assert double_take is not None
    return no_double, double_take


def _turn_start_values(state: BackgammonState, cubes: Sequence[Cube], plies: int,
                       evaluations: Evaluations) -> list[float]:
    """For the side on roll of ``state`` at its turn's start: its cubeful equity per unit
    of each of ``cubes`` (the cube as it may stand), with its better cube action when it
    may double."""
    return [no_double if double_take is None else best_of(no_double, double_take)
            for no_double, double_take in _branches(state, cubes, plies, evaluations)]


def _branches(state: BackgammonState, cubes: Sequence[Cube], plies: int, evaluations: Evaluations,
              top: bool = False) -> list[tuple[float, float | None]]:
    """For the side on roll of ``state``, per cube of ``cubes``: (no double, double/take)
    ``plies`` ahead, double/take ``None`` where it may not double. At the ``top`` (the
    decision's own position) the budget is checked after each roll, in proportion."""
    mover = state.player
    opponent = 1 - mover
    next_cubes: list[Cube] = []
    for cube in cubes:
        next_cubes.append(cube)
        if cube.owner in (None, mover):
            next_cubes.append(Cube(cube.value * 2, opponent, TURN_START, cube.jacoby))
    sums = [0.0] * len(next_cubes)
    own, other = state.checkers(mover), state.checkers(opponent)
    for done, (dice, weight) in enumerate(NEXT_ROLLS, start=1):
        children, finished = [], []
        for own_after, other_after in generate_turns(own, other, dice):
            boards = (own_after, other_after) if mover == FIRST else (other_after, own_after)
            child = BackgammonState(boards[0], boards[1], opponent, (), None)
            (finished if own_after[OFF] == CHECKERS else children).append(child)
        if finished:  # bearing off the last checker is the best move there is
            points = float(finished[0].outcome().points)
            values = [1.0 if jacoby_applies(cube) else points for cube in next_cubes]
        else:
            if plies == 1 and not top:
                children = _screened(children, mover, evaluations)
            best, best_value, best_efficiency = children[0], (-4.0, -4.0), 0.0
            for child, chances in zip(children, evaluations.chances_of(children)):
                efficiency = cube_efficiency(child)
                # Ties (the opponent cashes after any of them) go to the best cubeless play.
                value = (-turn_start_equity(chances, next_cubes[0], opponent, efficiency), -chances.cubeless_equity())
                if value > best_value:
                    best, best_value, best_efficiency = child, value, efficiency
            if plies > 1:
                values = [-value for value in _turn_start_values(best, next_cubes, plies - 1, evaluations)]
            else:
                (chances,) = evaluations.chances_of((best,))
                values = [-turn_start_equity(chances, cube, opponent, best_efficiency) for cube in next_cubes]
        for at, value in enumerate(values):
            sums[at] += weight * value
        if top:
            evaluations.expect(done / len(NEXT_ROLLS))
    results: list[tuple[float, float | None]] = []
    at = 0
    for cube in cubes:
        if cube.owner in (None, mover):
            results.append((sums[at], 2.0 * sums[at + 1]))
            at += 2
        else:
            results.append((sums[at], None))
            at += 1
    return results


def _screened(children: list[BackgammonState], mover: int, evaluations: Evaluations) -> list[BackgammonState]:
    """``children`` (one roll's plays by ``mover``), or the screen's best
    ``evaluations.screen_width`` of them (in their order) when there is a screen that
    ranks them and they are more."""
    width = evaluations.screen_width
    if evaluations.screen is None or width <= 0 or len(children) <= width:
        return children
    ranks = evaluations.screen(children, mover)
    if ranks is None:
        return children
    kept = sorted(range(len(children)), key=lambda at: -ranks[at])[:width]
    return [children[at] for at in sorted(kept)]
