"""Build the one-sided bear-off database file by retrograde analysis.

    .venv/bin/python training/build_bearoff.py [games/backgammon/data/bearoff.bin]

Solves all 54,264 positions (``games.backgammon.bearoff_build``; 10-25 s in pure Python)
and writes them in ``games.backgammon.bearoff``'s format. The result is deterministic:
running it again gives the same bytes.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.backgammon.bearoff import DATA_FILE, BearoffDatabase  # noqa: E402
from games.backgammon.bearoff_build import Solver  # noqa: E402


def main() -> None:
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else DATA_FILE
    started = time.perf_counter()
    solver = Solver().solve()
    solved = time.perf_counter() - started
    target.parent.mkdir(parents=True, exist_ok=True)
    BearoffDatabase.from_solver(solver).save(target)
    print(f"solved {len(solver.positions)} positions in {solved:.1f} s; wrote {target} "
          f"({target.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
