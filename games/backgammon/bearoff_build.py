"""Retrograde analysis of the one-sided bear-off: the solver behind ``bearoff.py``'s file.

A side with all its checkers home (up to 15 on its points 1..6, the rest borne off) and
no opponent to meet: how many rolls does it need to bear everything off, playing each
roll so as to need the fewest on average? A bear-off play only lowers the pip count,
so the positions are solved **in order of their pips**, from the empty board (0 rolls)
up: a position's value for one roll is the best position any full play of that roll
reaches, and those all have fewer pips, so they are solved already ("retrograde": from
the end of the game backwards). Each pip count is one layer (``Solver.layers``; the
search lab shows the build layer by layer).

Plays are found by single steps of one die: a checker moves down, or bears off from
its exact point, or from a lower point when no checker stands higher (the rules'
bear-off rule). In a bear-off a die can always be played while a checker is left, so a
roll always plays both dice (a double four steps); the best play of a double is found
step by step (the best position 1, 2 and 3 steps of a die away is kept per position).

For the positions with all 15 checkers still on the board the solver also finds the
rolls needed to bear off the *first* checker (which decides gammons), each roll played
to need the fewest such rolls on average.

It takes about 10-25 s in pure Python for all 54,264 positions, so the app reads its
result from a file (``games/backgammon/data/bearoff.bin``, written by
``training/build_bearoff.py``); tests and the lab solve small databases (fewer checkers).
"""
from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

POINTS = 6
CHECKERS = 15
ROLL_WEIGHTS = tuple(((high, low), (1 if high == low else 2) / 36.0)
                     for high in range(1, 7) for low in range(1, high + 1))
"""The 21 rolls with their probabilities."""

Home = tuple[int, ...]
"""Checkers on the points 1..6 (index 0 = the one-point); six counts."""
Distribution = tuple[int, list[float]]
"""``(k0, [P(k0), P(k0 + 1), ...])``: the probabilities of needing k rolls from k0 on."""


def pips(home: Home) -> int:
    """The pip count of a home board."""
    return sum((point + 1) * count for point, count in enumerate(home))


def all_positions(max_checkers: int = CHECKERS) -> list[Home]:
    """Every position of 0..``max_checkers`` checkers on six points in order of pip count
    (then of the counts), the empty board first: C(max_checkers + 6, 6) of them (54,264
    for 15)."""
    found = []
    # Stars and bars: 6 bars among max_checkers + 6 slots; the gaps before them are the
    # counts of the points 1..6 (the checkers after the last bar are off).
    for bars in combinations(range(max_checkers + POINTS), POINTS):
        counts, previous = [], -1
        for bar in bars:
            counts.append(bar - previous - 1)
            previous = bar
        found.append(tuple(counts))
    found.sort(key=lambda home: (pips(home), home))
    return found


def single_steps(home: Home, die: int) -> list[Home]:
    """The positions one die reaches from ``home`` (each play once): a checker moves
    down ``die`` points, bears off from exactly that point, or bears off from a lower
    point when no checker stands higher. Empty when no checker is left."""
    results = []
    highest = 0
    for point in range(POINTS, 0, -1):
        if home[point - 1]:
            highest = point
            break
    for point in range(1, POINTS + 1):
        if not home[point - 1]:
            continue
        if point > die:
            moved = list(home)
            moved[point - 1] -= 1
            moved[point - 1 - die] += 1
            results.append(tuple(moved))
        elif point == die or point == highest:
            moved = list(home)
            moved[point - 1] -= 1
            results.append(tuple(moved))
    return results


class Solver:
    """The retrograde solution for positions of up to ``max_checkers`` checkers:
    ``positions`` (pip order), ``index`` (position -> its place), ``expected`` (mean
    rolls to bear everything off), ``distributions`` (see ``Distribution``),
    ``first_off`` (for positions with all ``CHECKERS`` on the board: the rolls to bear
    off a first checker). Call ``solve`` or iterate ``layers``."""

    def __init__(self, max_checkers: int = CHECKERS) -> None:
        self.max_checkers = max_checkers
        self.positions = all_positions(max_checkers)
        self.index = {home: at for at, home in enumerate(self.positions)}
        self.expected = [0.0] * len(self.positions)
        self.distributions: list[Distribution] = [(0, [1.0])] * len(self.positions)
        self.first_off: dict[int, Distribution] = {}
        self.first_off_expected: dict[int, float] = {}
        self._steps: list[list[list[int]]] = []

    def solve(self) -> Solver:
        """Solve every position; returns itself."""
        for _ in self.layers():
            pass
        return self

    def layers(self) -> Iterator[tuple[int, int]]:
        """Solve the positions pip count by pip count, yielding ``(pips, positions
        solved so far)`` after each layer; the first-checker rolls are solved after
        the last layer."""
        count = len(self.positions)
        index, expected = self.index, self.expected
        steps = self._steps = [[[] for _ in range(7)] for _ in range(count)]
        # best_after[k][die][position]: (fewest expected rolls, position) reachable by
        # k steps of ``die`` (k = 1..3): the second die of a roll, the rest of a double.
        best_after = [[[(0.0, 0)] * count for _ in range(7)] for _ in range(4)]
        layer = 0
        for at, home in enumerate(self.positions):
            if pips(home) != layer:
                yield layer, at
                layer = pips(home)
            if at == 0:
                continue
            for die in range(1, 7):
                reached = steps[at][die] = [index[moved] for moved in single_steps(home, die)]
                best_after[1][die][at] = min((expected[moved], moved) for moved in reached)
                best_after[2][die][at] = min(best_after[1][die][moved] for moved in reached)
                best_after[3][die][at] = min(best_after[2][die][moved] for moved in reached)
            total, chosen = 1.0, []
            for (high, low), probability in ROLL_WEIGHTS:
                if high == low:
                    value, reached_at = min(best_after[3][high][moved] for moved in steps[at][high])
                else:
                    value, reached_at = min(min(best_after[1][low][moved] for moved in steps[at][high]),
                                            min(best_after[1][high][moved] for moved in steps[at][low]))
                total += probability * value
                chosen.append(self.distributions[reached_at])
            expected[at] = total
            self.distributions[at] = shifted_mixture(chosen)
        yield layer, count
        if self.max_checkers == CHECKERS:
            self._solve_first_off()

    def _solve_first_off(self) -> None:
        """Rolls to bear off a first checker from the positions with all 15 on the
        board (a play that bears one off ends it: 0 more rolls)."""
        done: Distribution = (0, [1.0])
        for at, home in enumerate(self.positions):
            if sum(home) != CHECKERS:
                continue
            total, chosen = 1.0, []
            for (high, low), probability in ROLL_WEIGHTS:
                best_value, best_distribution = None, done
                for reached in self._plays(at, high, low):
                    if sum(self.positions[reached]) == CHECKERS:
                        value, distribution = self.first_off_expected[reached], self.first_off[reached]
                    else:
                        value, distribution = 0.0, done
                    if best_value is None or value < best_value:
                        best_value, best_distribution = value, distribution
                total += probability * best_value
                chosen.append(best_distribution)
            self.first_off_expected[at] = total
            self.first_off[at] = shifted_mixture(chosen)

    def _plays(self, at: int, high: int, low: int) -> set[int]:
        """Every position (by index) a full play of the roll reaches from position ``at``."""
        steps = self._steps
        if high == low:
            frontier = {at}
            for _ in range(4):
                frontier = {moved for position in frontier for moved in (steps[position][high] or [position])}
            return frontier
        reached: set[int] = set()
        for first, second in ((high, low), (low, high)):
            for moved in steps[at][first]:
                reached.update(steps[moved][second] or [moved])
        return reached


def shifted_mixture(parts: list[Distribution]) -> Distribution:
    """The distribution one roll later of the 21 rolls' outcomes (``ROLL_WEIGHTS``
    order) mixed by the rolls' probabilities; tails below 1e-15 are dropped."""
    start = min(first for first, _ in parts) + 1
    end = max(first + len(values) for first, values in parts) + 1
    mixture = [0.0] * (end - start)
    for (_, probability), (first, values) in zip(ROLL_WEIGHTS, parts):
        offset = first + 1 - start
        for position, value in enumerate(values):
            mixture[offset + position] += probability * value
    while len(mixture) > 1 and mixture[-1] < 1e-15:
        mixture.pop()
    return start, mixture
