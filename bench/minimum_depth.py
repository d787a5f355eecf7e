"""Self-play under a tiny time per move: how deep each move's search got, and the results.

Plays tic-tac-toe games between two full-strength engines with a fixed time per move
(the ``match`` command's ``--movetime``) and prints, over all moves, how many
completed each deepest iteration (0: none completed, the fallback move was played),
plus the W/D/L. Run it while other processes keep the CPU busy to see the minimum
depth at work: no move should complete fewer than 2 plies unless the game ends sooner.

    .venv/bin/python bench/minimum_depth.py [games] [movetime]
    # with one core kept busy:
    python3 -c 'while True: pass' & .venv/bin/python bench/minimum_depth.py 1000 0.01; kill %1
"""
from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ai.clock import TimeControl, move_limits  # noqa: E402
from ai.engine import Engine  # noqa: E402
from games.registry import get_game  # noqa: E402


def main(games: int = 1000, movetime: float = 0.01) -> None:
    """Play ``games`` self-play games at ``movetime`` seconds per move and print the tallies."""
    entry = get_game("tictactoe")
    engines = (Engine(entry.game, entry.evaluate), Engine(entry.game, entry.evaluate))
    limits = move_limits(TimeControl.per_move(movetime))
    depths: Counter[int] = Counter()
    shallow_moves_left: Counter[int] = Counter()  # legal moves at positions searched < 2 plies
    results = Counter()
    start = time.perf_counter()
    for _ in range(games):
        for engine in engines:
            engine.new_game()
        state = entry.game.initial_state()
        while not state.is_terminal():
            result = engines[state.to_move()].search(state, limits)
            depth = result.info.depth if result.info is not None else 0
            depths[depth] += 1
            if depth < 2:
                shallow_moves_left[len(state.legal_moves())] += 1
            state = state.apply(result.move)
        winner = state.outcome().winner
        results["draw" if winner is None else ("X" if winner == 0 else "O")] += 1
    elapsed = time.perf_counter() - start
    print(f"{games} games at {movetime:g} s/move in {elapsed:.1f} s")
    print("deepest completed iteration per move: "
          + ", ".join(f"{depth}: {count}" for depth, count in sorted(depths.items())))
    print("moves searched fewer than 2 plies, by legal moves in the position: "
          + (", ".join(f"{moves}: {count}" for moves, count in sorted(shallow_moves_left.items())) or "none"))
    print(f"W/D/L for X: {results['X']}/{results['draw']}/{results['O']}")


if __name__ == "__main__":
    arguments = sys.argv[1:]
    main(int(arguments[0]) if arguments else 1000, float(arguments[1]) if len(arguments) > 1 else 0.01)
