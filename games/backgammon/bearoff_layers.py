"""The one-sided bear-off database's retrograde build as the search lab shows it.

``BearoffLayers(checkers)`` wraps ``bearoff_build.Solver`` for positions of up to
``checkers`` checkers on the six home points (a small database, solved in a blink) as a
``games.retrograde.RetrogradeAnalysis``: the layers are the pip counts, solved from 0 up
(every play lowers the pip count, so everything a position leads to is solved before
it), the value is the mean number of rolls to bear everything off, and for a position
its 21 rolls each come with their best play and the position it leads to.

A position is a ``Home``: the checkers on points 1..6 (index 0 = the one-point).
Plays are written from the side's own point of view (``6/off 5/1``); a position for
people as its checkers' points, highest first (``6 5 3 1``).
"""
from __future__ import annotations

from collections.abc import Iterator

from games.backgammon.bearoff_build import POINTS, ROLL_WEIGHTS, Home, Solver, pips
from games.backgammon.notation import BAR, CHECKERS, OFF
from games.backgammon.rules import BackgammonState
from games.base import FIRST, State
from games.retrograde import BestChoice, Layer

EXAMPLE_POINTS = (6, 5, 3, 1, 4, 2)
"""The example position's checkers go on these points, in turn."""
OTHER_SIDE = (0, 3, 3, 3, 3, 3) + (0,) * 20
"""The opponent's checkers when a position is shown on the board: all in its home board,
out of the way (the database is one-sided)."""

Step = tuple[int, int]
"""A checker's step: from a point to a point (0: off)."""


def steps_of_die(home: Home, die: int) -> list[tuple[Home, Step]]:
    """The positions one die reaches from ``home``, each with its step: a checker moves
    down ``die`` points, bears off from exactly that point, or from a lower point when no
    checker stands higher (the rules' bear-off rule; ``bearoff_build.single_steps``)."""
    highest = max((point for point in range(1, POINTS + 1) if home[point - 1]), default=0)
    results = []
    for point in range(1, POINTS + 1):
        if not home[point - 1]:
            continue
        moved = list(home)
        moved[point - 1] -= 1
        if point > die:
            moved[point - 1 - die] += 1
            results.append((tuple(moved), (point, point - die)))
        elif point == die or point == highest:
            results.append((tuple(moved), (point, 0)))
    return results


def plays(home: Home, high: int, low: int) -> dict[Home, tuple[Step, ...]]:
    """Every position a full play of the roll ``high``-``low`` reaches from ``home``, each
    with one sequence of steps that reaches it (a die that cannot be played, because
    every checker is off, is skipped)."""
    dice = [high] * 4 if high == low else None
    orders = [dice] if dice else [[high, low], [low, high]]
    reached: dict[Home, tuple[Step, ...]] = {}
    for order in orders:
        frontier: dict[Home, tuple[Step, ...]] = {home: ()}
        for die in order:
            following: dict[Home, tuple[Step, ...]] = {}
            for position, path in frontier.items():
                moves = steps_of_die(position, die)
                if not moves:
                    following.setdefault(position, path)
                for moved, step in moves:
                    following.setdefault(moved, (*path, step))
            frontier = following
        for position, path in frontier.items():
            reached.setdefault(position, path)
    return reached


def play_text(path: tuple[Step, ...]) -> str:
    """Steps as players write them, highest first: ``6/off 5/1``."""
    return " ".join(f"{start}/{'off' if end == 0 else end}" for start, end in sorted(path, reverse=True))


class BearoffLayers:
    """The bear-off database of up to ``checkers`` checkers, solved layer by layer (see
    the module docstring). Not validated: ``checkers`` outside 1..15."""

    title = "one-sided bear-off database"
    size_name = "checkers"
    sizes = (1, 2, 3, 4, 5, 6)
    layer_name = "pips"
    value_name = "mean rolls"
    outcome_name = "roll"
    choice_name = "best play"
    step = 1.0

    def __init__(self, checkers: int) -> None:
        self.checkers = checkers
        self.solver = Solver(checkers)
        self.keys = tuple(range(POINTS * checkers + 1))
        """The pip counts 0 to six per checker."""
        self._by_layer: dict[int, list[Home]] = {}
        for home in self.solver.positions:
            self._by_layer.setdefault(pips(home), []).append(home)

    def layers(self) -> Iterator[Layer]:
        """Solve pip count after pip count (``Solver.layers``), yielding each layer."""
        before = 0
        for key, solved in self.solver.layers():
            homes = self._by_layer.get(key, [])
            mean = sum(self.value(home) for home in homes) / len(homes) if homes else 0.0
            yield Layer(key, solved - before, solved, mean)
            before = solved

    def positions(self, key: int) -> list[Home]:
        """The positions with ``key`` pips, in the solver's order."""
        return list(self._by_layer.get(key, []))

    def layer_of(self, position: Home) -> int:
        """Its pip count."""
        return pips(position)

    def value(self, position: Home) -> float:
        """Mean rolls to bear everything off (0 with nothing left)."""
        return self.solver.expected[self.solver.index[position]]

    def best_choices(self, position: Home) -> list[BestChoice]:
        """The 21 rolls (``bearoff_build.ROLL_WEIGHTS`` order), each with the play
        needing the fewest rolls afterwards; empty with nothing left to bear off."""
        if not any(position):
            return []
        choices = []
        for (high, low), probability in ROLL_WEIGHTS:
            reached = plays(position, high, low)
            best = min(reached, key=lambda home: (self.value(home), self.solver.index[home]))
            choices.append(BestChoice(f"{high}-{low}", probability, play_text(reached[best]), best, pips(best),
                                      self.value(best)))
        return choices

    def position_text(self, position: Home) -> str:
        """Its checkers' points, highest first (``6 6 5 1``); ``-`` with none left."""
        points = [str(point) for point in range(POINTS, 0, -1) for _ in range(position[point - 1])]
        return " ".join(points) or "-"

    def state(self, position: Home) -> State:
        """White to roll with ``position`` in its home (the rest borne off), Black's
        checkers all home (far away: no contact), no cube."""
        board = (CHECKERS - sum(position), *position) + (0,) * (BAR - POINTS)
        return BackgammonState(board, OTHER_SIDE, FIRST, (), cube=None)

    def position_of(self, state: State) -> Home | None:
        """The side to move's home when all its checkers are home or off and at most
        ``checkers`` remain; else ``None``."""
        player = getattr(state, "player", None)
        if player is None or not isinstance(state, BackgammonState):
            return None
        board = state.checkers(player)
        if any(board[POINTS + 1:]) or CHECKERS - board[OFF] > self.checkers:
            return None
        return tuple(board[1:POINTS + 1])

    def example(self) -> Home:
        """Checkers on the points 6, 5, 3, 1, 4, 2 in turn (as many as the size)."""
        home = [0] * POINTS
        for number in range(self.checkers):
            home[EXAMPLE_POINTS[number % len(EXAMPLE_POINTS)] - 1] += 1
        return tuple(home)
