"""How much of a fixed time per move the chess engine uses: ``go movetime`` as the engine
protocol sets it (``ai.clock.move_limits`` with ``strict``), on the eight positions of
``bench/chess_speed.py``, without the opening book. Prints the wall-clock seconds each
search took, the depth of its last iteration, whether that iteration was cut short
(``SearchInfo.partial``) and why the search stopped.

    .venv/bin/python bench/chess_time_use.py [seconds per move, default 0.5]
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ai.clock import TimeControl, move_limits  # noqa: E402
from ai.engine import Engine  # noqa: E402
from ai.types import SearchOptions  # noqa: E402
from bench.chess_speed import POSITIONS  # noqa: E402
from games.registry import get_game  # noqa: E402


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 0.5
    entry = get_game("chess")
    used = []
    for number, fen in enumerate(POSITIONS, start=1):
        state = entry.game.parse_position(fen)
        engine = Engine.for_entry(entry, SearchOptions(use_book=False))
        start = time.perf_counter()
        result = engine.search(state, move_limits(TimeControl.per_move(seconds), strict=True))
        elapsed = time.perf_counter() - start
        last = result.infos[-1]
        used.append(elapsed)
        print(f"position {number}: {elapsed:.3f} s, depth {last.depth}{' (cut short)' if last.partial else ''}, "
              f"stopped by {result.reason}, {result.nodes:,} nodes")
    print(f"median {statistics.median(used):.3f} s of {seconds} s a move")


if __name__ == "__main__":
    main()
