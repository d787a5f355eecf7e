"""How long ``SearchWorker.stop()`` takes to end a running search (the UI's promise: 50 ms).

A slow search (minimax from the empty tic-tac-toe board, about five seconds) is
started, stopped after a random delay, and the time from the stop request to the end
of the search thread is measured, at the app's thread switch interval and at Python's
default.

    .venv/bin/python bench/stop_latency.py [runs]
"""
from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ai.engine import Engine  # noqa: E402
from ai.types import Algorithm, SearchLimits, SearchOptions  # noqa: E402
from ai.worker import SearchWorker  # noqa: E402
from games.registry import get_game  # noqa: E402


def measure(runs: int, switch_interval: float) -> list[float]:
    """Stop latencies in milliseconds."""
    sys.setswitchinterval(switch_interval)
    entry = get_game("tictactoe")
    state = entry.game.initial_state()
    rng = random.Random(1)
    latencies = []
    for _ in range(runs):
        worker = SearchWorker()
        engine = Engine(entry.game, entry.evaluate, SearchOptions(algorithm=Algorithm.MINIMAX))
        worker.start(engine, state, SearchLimits())
        time.sleep(rng.uniform(0.05, 0.5))
        started = time.perf_counter()
        finished = worker.stop(timeout=5.0)
        latencies.append((time.perf_counter() - started) * 1000)
        assert finished, "the search thread did not stop"
    return latencies


def report(label: str, latencies: list[float]) -> None:
    ordered = sorted(latencies)
    p95 = ordered[int(len(ordered) * 0.95) - 1]
    print(f"{label:<34} runs {len(ordered):>3}  median {statistics.median(ordered):6.2f} ms  "
          f"p95 {p95:6.2f} ms  max {ordered[-1]:6.2f} ms")


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    report("switch interval 0.5 ms (the app)", measure(runs, 0.0005))
    report("switch interval 5 ms (Python default)", measure(runs, 0.005))


if __name__ == "__main__":
    main()
