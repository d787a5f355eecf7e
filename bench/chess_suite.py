"""An EPD test suite (Win At Chess and the like) run by the engine in this process, each
position limited by nodes or by time: how many best moves it finds.

A node limit makes the count independent of the machine and its load (the same moves
whatever else runs), which is what comparing two versions of the search needs; a time
limit (``--seconds``) measures strength per second as the UCI suite runner
``../shared/tools/epd_test.py`` does. A position counts as solved when the move played
is one of its ``bm`` moves and none of its ``am`` moves. Positions are spread over
``--workers`` processes; nodes per second are per CPU-second of the worker (median over
the positions), so other busy processes disturb them little.

    .venv/bin/python bench/chess_suite.py ../shared/data/wac.epd --nodes 20000 [--workers 2]
    .venv/bin/python bench/chess_suite.py ../shared/data/wac.epd --seconds 1
    .venv/bin/python bench/chess_suite.py ../shared/data/sts.epd --nodes 5000 --workers 2

With the Strategic Test Suite (positional, 1,188 positions) it also adds up the points
each move played earns (100 for the best, less for the others its tables list, 0 for
a move they do not list), a measure of the evaluation rather than of tactics.
"""
from __future__ import annotations

import argparse
import multiprocessing
import re
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import chess  # noqa: E402

from ai.clock import TimeControl, move_limits  # noqa: E402
from ai.engine import Engine  # noqa: E402
from ai.types import SearchLimits, SearchOptions  # noqa: E402
from games.chess.rules import ChessState  # noqa: E402
from games.registry import get_game  # noqa: E402


def read_suite(path: str) -> list[tuple[str, str, list[str], list[str], dict[str, int]]]:
    """``(id, fen, best moves in UCI, avoid moves in UCI, points)`` per line of an EPD
    file; ``points`` maps moves (UCI) to the points the Strategic Test Suite gives them
    (its ``c9`` and ``c8`` fields, 100 for the best), empty for other suites."""
    positions = []
    for number, line in enumerate(Path(path).read_text().splitlines(), start=1):
        line = re.sub(r"\bpv [^;]*;", "", line.strip())
        if not line:
            continue
        board, operations = chess.Board.from_epd(line)
        best = [move.uci() for move in operations.get("bm", [])]
        avoid = [move.uci() for move in operations.get("am", [])]
        points = dict(zip(str(operations.get("c9", "")).split(), map(int, str(operations.get("c8", "")).split())))
        positions.append((str(operations.get("id", number)), board.fen(), best, avoid, points))
    return positions


def solve(task: tuple) -> tuple[str, bool, str, int, int, float, int]:
    """Search one position; ``(id, solved, move, depth, nodes, CPU seconds, points)``."""
    name, fen, best, avoid, points, nodes, seconds = task
    entry = get_game("chess")
    engine = Engine.for_entry(entry, SearchOptions(use_book=False))
    state = ChessState(chess.Board(fen))
    limits = SearchLimits(nodes=nodes) if nodes else move_limits(TimeControl.per_move(seconds), strict=True)
    start = time.process_time()
    result = engine.search(state, limits)
    cpu = time.process_time() - start
    move = state.move_to_text(result.move)
    solved = (not best or move in best) and move not in avoid
    depth = result.infos[-1].depth if result.infos else 0
    return name, solved, move, depth, result.nodes, cpu, points.get(move, 0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("suite")
    parser.add_argument("--nodes", type=int, default=None, help="node limit per position")
    parser.add_argument("--seconds", type=float, default=None, help="time per position (go movetime)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--limit", type=int, default=0, help="only the first N positions")
    parser.add_argument("--verbose", action="store_true", help="a line per position")
    arguments = parser.parse_args()
    if (arguments.nodes is None) == (arguments.seconds is None):
        parser.error("give exactly one of --nodes and --seconds")
    positions = read_suite(arguments.suite)
    if arguments.limit:
        positions = positions[:arguments.limit]
    tasks = [(*position, arguments.nodes, arguments.seconds) for position in positions]
    start = time.time()
    if arguments.workers > 1:
        with multiprocessing.get_context("spawn").Pool(arguments.workers) as pool:
            results = pool.map(solve, tasks, chunksize=1)
    else:
        results = [solve(task) for task in tasks]
    wall = time.time() - start
    failed = []
    for name, solved, move, depth, nodes, cpu, _ in results:
        if arguments.verbose:
            print(f"{name:>10} {'OK' if solved else '--'} {move:6} depth {depth:2} nodes {nodes:7} cpu {cpu:.2f}")
        if not solved:
            failed.append(name)
    solved_count = sum(result[1] for result in results)
    rates = [result[4] / result[5] for result in results if result[5] > 0]
    limit = f"{arguments.nodes} nodes" if arguments.nodes else f"{arguments.seconds} s"
    print(f"solved {solved_count}/{len(results)} at {limit} a position; median {statistics.median(rates):,.0f} "
          f"nodes per CPU-second; total nodes {sum(result[4] for result in results):,}; "
          f"median depth {statistics.median(result[3] for result in results)}; wall {wall:.0f} s")
    if any(position[4] for position in positions):
        print(f"points {sum(result[6] for result in results)}/{100 * len(results)} (Strategic Test Suite scoring)")
    print(f"not solved ({len(failed)}):", " ".join(failed[:60]), "..." if len(failed) > 60 else "")


if __name__ == "__main__":
    main()
