"""How long a stop takes to end a running search (the UI's promise: 50 ms), and how long a
small search takes from ``start`` to its result, in a thread and in a child process.

Stop: a slow search (minimax from the empty tic-tac-toe board, about five seconds) is
started, stopped after a random delay, and the time from the stop request to the end
of the search is measured: the end of the search thread (``SearchWorker``, at the app's
thread switch interval and at Python's default), or the result received from the child
process (``ProcessSearchWorker``, whose child was started beforehand).

Start: a depth-1 search of each game's first position (a search the window starts
every move), from ``start`` until its result has been taken in, in a thread and in the
warm child; and how long a new child takes to answer its first search (what the first
move of a game waits for when the child has only just been started).

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
from ai.search_process import ProcessEngine, ProcessSearchWorker  # noqa: E402
from ai.types import Algorithm, SearchLimits, SearchOptions  # noqa: E402
from ai.worker import SearchWorker  # noqa: E402
from games.base import CHANCE  # noqa: E402
from games.registry import GAMES, get_game  # noqa: E402


def measure(runs: int, switch_interval: float) -> list[float]:
    """Stop latencies of a search thread in milliseconds."""
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


def measure_process(runs: int, worker: ProcessSearchWorker) -> list[float]:
    """Stop latencies of a search in ``worker``'s child in milliseconds: from the stop
    request until the result has been received."""
    state = get_game("tictactoe").game.initial_state()
    engine = ProcessEngine("tictactoe", SearchOptions(algorithm=Algorithm.MINIMAX))
    rng = random.Random(1)
    latencies = []
    for _ in range(runs):
        worker.start(engine, state, SearchLimits())
        worker.wait_event(30.0)  # it runs
        time.sleep(rng.uniform(0.05, 0.5))
        started = time.perf_counter()
        finished = worker.stop(timeout=5.0)
        latencies.append((time.perf_counter() - started) * 1000)
        assert finished and worker.poll()[-1].kind == "done", "the search did not stop"
    return latencies


def first_position(game_id: str):
    """The game's start, with the dice rolled."""
    entry = get_game(game_id)
    state = entry.game.start(entry.game.default_rules())
    while state.to_move() == CHANCE:
        state = state.apply(state.chance_outcomes()[0][0])
    return state


def start_latencies(runs: int, worker: SearchWorker | ProcessSearchWorker, game_id: str) -> list[float]:
    """Milliseconds from ``start`` until the result of a depth-1 search is taken in."""
    entry = get_game(game_id)
    options = SearchOptions(algorithm=Algorithm.default_for(entry.game.has_chance))
    engine = ProcessEngine(game_id, options) if isinstance(worker, ProcessSearchWorker) \
        else Engine.for_entry(entry, options)
    state = first_position(game_id)
    latencies = []
    for _ in range(runs):
        started = time.perf_counter()
        worker.start(engine, state, SearchLimits(depth=1))
        assert worker.wait(30.0)
        events = worker.poll()
        latencies.append((time.perf_counter() - started) * 1000)
        assert events[-1].kind == "done", events
    return latencies


def cold_start() -> float:
    """Milliseconds from creating a worker (its child) to the result of a depth-1
    tic-tac-toe search."""
    started = time.perf_counter()
    worker = ProcessSearchWorker()
    try:
        worker.start(ProcessEngine("tictactoe"), first_position("tictactoe"), SearchLimits(depth=1))
        assert worker.wait(60.0)
        return (time.perf_counter() - started) * 1000
    finally:
        worker.close()


def report(label: str, latencies: list[float]) -> None:
    ordered = sorted(latencies)
    p95 = ordered[max(0, int(len(ordered) * 0.95) - 1)]
    print(f"{label:<46} runs {len(ordered):>3}  median {statistics.median(ordered):6.2f} ms  "
          f"p95 {p95:6.2f} ms  max {ordered[-1]:6.2f} ms")


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    print("stop: from the request to the search's end")
    report("thread, switch interval 0.5 ms (the app)", measure(runs, 0.0005))
    report("thread, switch interval 5 ms (Python default)", measure(runs, 0.005))
    sys.setswitchinterval(0.0005)
    worker = ProcessSearchWorker()
    try:
        report("child process (result received)", measure_process(runs, worker))
        print("start: a depth-1 search, from start() to its result taken in")
        for game_id in GAMES:
            report(f"{game_id}, thread", start_latencies(runs, SearchWorker(), game_id))
            report(f"{game_id}, child process", start_latencies(runs, worker, game_id))
    finally:
        worker.close()
    report("a new child's first search (cold start)", [cold_start() for _ in range(max(1, runs // 10))])


if __name__ == "__main__":
    main()
