"""Check the whole bear-off database against an independent brute force.

    .venv/bin/python bench/backgammon_bearoff_check.py

For every one of the 54,264 positions, the mean number of rolls to bear off is computed
again by a memoized recursion over the rules' own turn generator
(``games.backgammon.rules.generate_turns`` with no opponent), and compared with the
shipped database (``games/backgammon/data/bearoff.bin``). Prints the largest
difference and the time. The test suite does the same on 1,000 random small positions.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.backgammon import bearoff  # noqa: E402
from games.backgammon.bearoff_build import ROLL_WEIGHTS  # noqa: E402
from games.backgammon.rules import generate_turns  # noqa: E402

EMPTY = (0,) * 26


def main() -> None:
    started = time.perf_counter()
    base = bearoff.database()
    expected: dict[tuple, float] = {}
    worst, worst_at = 0.0, None
    for home in base.positions:  # pip order: every play reaches a position done before
        board = (15 - sum(home), *home, *([0] * 19))
        if board[0] == 15:
            expected[board] = 0.0
            continue
        total = 1.0
        for roll, probability in ROLL_WEIGHTS:
            total += probability * min(expected[own] for own, _ in generate_turns(board, EMPTY, roll))
        expected[board] = total
        difference = abs(total - base.expected_rolls(home))
        if difference > worst:
            worst, worst_at = difference, home
    print(f"{len(base.positions)} positions: largest difference in mean rolls {worst:.2e} (at {worst_at}); "
          f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
