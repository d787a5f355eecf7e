"""How long a backgammon decision takes the app's engine: 0-ply, 1-ply with the move
filter, and the Maximum level's 2-ply searched to the end (no clock).

    .venv/bin/python bench/backgammon_decision_time.py [positions] [seed] [--two-ply-only] [--threads T]

Positions: decisions with at least two distinct turns met in games the engine plays
against itself at 0-ply. Each setting searches each position with an engine built as
the app builds it (``Engine.for_entry``: the learned evaluation with its batch form),
fresh for each position; prints the median, mean, 90th percentile and largest time a
decision in CPU seconds of this process (``time.process_time``: on a busy machine
close to the wall time an idle one would take), the median wall time, and the load
average. ``--threads T`` adds the Maximum level's 2-ply with T processes
(``SearchOptions.helper_processes`` T - 1: ``ai.outcome_helper``), one engine for every
position (its tables emptied before each, its helpers ready before the first); its CPU
seconds are this process's only, so read its wall seconds (on an otherwise idle machine).
"""
from __future__ import annotations

import os
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from ai.engine import Engine  # noqa: E402
from ai.strength import level_options  # noqa: E402
from ai.types import Algorithm, SearchLimits, SearchOptions  # noqa: E402
from backgammon_search_cost import positions  # noqa: E402
from games.registry import get_game  # noqa: E402

SETTINGS = (
    ("0-ply", 1, SearchOptions(algorithm=Algorithm.EXPECTIMINIMAX)),
    ("1-ply, 8 candidates", 2, SearchOptions(algorithm=Algorithm.EXPECTIMINIMAX, candidate_moves=8)),
    ("1-ply, up to 8 within 0.16", 2, SearchOptions(algorithm=Algorithm.EXPECTIMINIMAX, candidate_moves=8,
                                                    candidate_margin=160)),
    ("1-ply, up to 5 within 0.10", 2, SearchOptions(algorithm=Algorithm.EXPECTIMINIMAX, candidate_moves=5,
                                                    candidate_margin=100)),
)
TWO_PLY = "2-ply as the Maximum level searches it, to the end (its 1-ply first)"
"""The Maximum level's options (``level_options``), depth 3: the 1-ply iteration, then
2-ply on its best two within 0.04, each reply chosen by 0-ply, the last decisions screened."""


def main() -> None:
    words = sys.argv[1:]
    threads = int(words[words.index("--threads") + 1]) if "--threads" in words else 1
    if "--threads" in words:
        del words[words.index("--threads"):words.index("--threads") + 2]
    arguments = [argument for argument in words if not argument.startswith("--")]
    count = int(arguments[0]) if arguments else 60
    seed = int(arguments[1]) if len(arguments) > 1 else 1
    entry = get_game("backgammon")
    maximum = level_options(SearchOptions(algorithm=Algorithm.EXPECTIMINIMAX), entry.level(entry.max_level))
    settings = [*(() if "--two-ply-only" in sys.argv else SETTINGS), (TWO_PLY, 3, maximum)]
    if threads > 1:
        settings.append((f"the same with {threads} processes", 3, replace(maximum, helper_processes=threads - 1)))
    states = positions(count, seed)
    print(f"{count} decisions, seed {seed}, load {os.getloadavg()[0]:.1f}")
    print("| setting | median CPU s | mean CPU s | 90% CPU s | max CPU s | median wall s | mean wall s "
          "| 90% wall s | max wall s |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for label, depth, options in settings:
        times, walls = [], []
        shared = Engine.for_entry(entry, options) if options.helper_processes else None
        if shared is not None:
            shared.wait_ready(60.0)
        for state in states:
            engine = shared or Engine.for_entry(entry, options)
            engine.new_game()
            started, wall = time.process_time(), time.perf_counter()
            engine.search(state, SearchLimits(depth=depth))
            times.append(time.process_time() - started)
            walls.append(time.perf_counter() - wall)
        if shared is not None:
            shared.close()
        print(f"| {label} | {_spread(times)} | {_spread(walls)} |", flush=True)
    print(f"load at the end {os.getloadavg()[0]:.1f}")


def _spread(seconds: list[float]) -> str:
    """Median, mean, 90th percentile and largest of ``seconds``, as table cells."""
    ordered = sorted(seconds)
    return (f"{statistics.median(ordered):.4f} | {statistics.fmean(ordered):.4f} | "
            f"{ordered[int(0.9 * (len(ordered) - 1))]:.4f} | {ordered[-1]:.4f}")


if __name__ == "__main__":
    main()
