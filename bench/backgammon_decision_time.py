"""How long a backgammon decision takes the app's engine: 0-ply and 1-ply with the move filter.

    .venv/bin/python bench/backgammon_decision_time.py [positions] [seed]

Positions: decisions with at least two distinct turns met in games the engine plays
against itself at 0-ply. Each setting searches each position with an engine built as
the app builds it (``Engine.for_entry``: the learned evaluation with its batch form),
fresh for each position; prints the median, mean, 90th percentile and largest time a
decision in CPU seconds of this process (``time.process_time``: on a busy machine
close to the wall time an idle one would take), the median wall time, and the load
average.
"""
from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from ai.engine import Engine  # noqa: E402
from ai.types import Algorithm, SearchLimits, SearchOptions  # noqa: E402
from backgammon_search_cost import positions  # noqa: E402
from games.registry import get_game  # noqa: E402

SETTINGS = (
    ("0-ply", 1, 0, 0),
    ("1-ply, 8 candidates", 2, 8, 0),
    ("1-ply, up to 8 within 0.16", 2, 8, 160),
    ("1-ply, up to 5 within 0.10", 2, 5, 100),
)


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    entry = get_game("backgammon")
    states = positions(count, seed)
    print(f"{count} decisions, seed {seed}, load {os.getloadavg()[0]:.1f}")
    print("| setting | median CPU s | mean CPU s | 90% CPU s | max CPU s | median wall s |")
    print("|---|---:|---:|---:|---:|---:|")
    for label, depth, candidates, margin in SETTINGS:
        times, walls = [], []
        for state in states:
            engine = Engine.for_entry(entry, SearchOptions(algorithm=Algorithm.EXPECTIMINIMAX,
                                                           candidate_moves=candidates, candidate_margin=margin))
            started, wall = time.process_time(), time.perf_counter()
            engine.search(state, SearchLimits(depth=depth))
            times.append(time.process_time() - started)
            walls.append(time.perf_counter() - wall)
        times.sort()
        print(f"| {label} | {statistics.median(times):.4f} | {statistics.fmean(times):.4f} | "
              f"{times[int(0.9 * (len(times) - 1))]:.4f} | {times[-1]:.4f} | {statistics.median(walls):.4f} |",
              flush=True)
    print(f"load at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
