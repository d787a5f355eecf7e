"""Nodes visited by minimax, alpha-beta, negamax and PVS on tic-tac-toe, and whether they agree.

Prints three tables:
1. one full-depth search (no iterative deepening) from the empty board, per algorithm,
   with and without the enhancements (transposition table, killer and history moves);
2. the same summed over all 4,520 reachable unfinished positions, with a check that
   every algorithm returns the same value in every position;
3. iterative deepening from the empty board with the engine's default enhancements.

    .venv/bin/python bench/node_counts.py
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from ai.context import SearchContext  # noqa: E402
from ai.engine import Engine  # noqa: E402
from ai.minimax import alphabeta, minimax  # noqa: E402
from ai.negamax import negamax  # noqa: E402
from ai.ordering import MoveOrdering  # noqa: E402
from ai.pvs import pvs  # noqa: E402
from ai.transposition import TranspositionTable  # noqa: E402
from ai.types import INFINITY, Algorithm, SearchLimits, SearchOptions  # noqa: E402
from games.tictactoe.evaluation import evaluate  # noqa: E402
from games.tictactoe.rules import TicTacToe  # noqa: E402
from tictactoe_oracle import reachable_states  # noqa: E402

ALGORITHMS = {
    "minimax": lambda ctx, state, depth: minimax(ctx, state, depth),
    "alpha-beta": lambda ctx, state, depth: alphabeta(ctx, state, depth, -INFINITY, INFINITY),
    "negamax": lambda ctx, state, depth: negamax(ctx, state, depth, -INFINITY, INFINITY),
    "PVS": lambda ctx, state, depth: pvs(ctx, state, depth, -INFINITY, INFINITY),
}


def search(name: str, state, enhanced: bool) -> tuple[int, int, float]:
    """(value, nodes, seconds) of one full-depth search with fresh tables."""
    use = enhanced and name != "minimax"
    ctx = SearchContext(evaluate, state.to_move(), root=state, table=TranspositionTable() if use else None,
                        ordering=MoveOrdering() if use else None)
    ctx.begin_iteration(())
    start = time.perf_counter()
    value = ALGORITHMS[name](ctx, state, 9)
    return value, ctx.nodes, time.perf_counter() - start


def main() -> None:
    start_state = TicTacToe().initial_state()
    print("1. Empty board, one search to the end of the game (depth 9)")
    print(f"{'algorithm':<12}{'plain nodes':>14}{'  with TT+killers+history':>26}{'value':>8}")
    for name in ALGORITHMS:
        value, plain, _ = search(name, start_state, False)
        _, enhanced, _ = search(name, start_state, True)
        enhanced_text = "-" if name == "minimax" else f"{enhanced:,}"
        print(f"{name:<12}{plain:>14,}{enhanced_text:>26}{value:>8}")

    positions = [state for state in reachable_states() if not state.is_terminal()]
    print(f"\n2. All {len(positions):,} reachable unfinished positions, each searched to the end")
    totals = {name: [0, 0, 0.0] for name in ALGORITHMS}
    disagreements = 0
    for state in positions:
        values = set()
        for name in ALGORITHMS:
            value, nodes, seconds = search(name, state, False)
            _, enhanced_nodes, _ = search(name, state, True)
            totals[name][0] += nodes
            totals[name][1] += enhanced_nodes
            totals[name][2] += seconds
            values.add(value)
        disagreements += len(values) != 1
    print(f"{'algorithm':<12}{'plain nodes':>14}{'vs minimax':>12}{'with TT etc.':>14}{'plain seconds':>15}")
    base = totals["minimax"][0]
    for name, (nodes, enhanced, seconds) in totals.items():
        enhanced_text = "-" if name == "minimax" else f"{enhanced:,}"
        print(f"{name:<12}{nodes:>14,}{nodes / base:>11.1%}{enhanced_text:>14}{seconds:>15.2f}")
    print(f"\npositions where the algorithms disagree on the value: {disagreements}")

    print("\n3. Iterative deepening from the empty board, as the app runs it (depth 1, 2, ... until solved)")
    print(f"{'algorithm':<12}{'iterations':>11}{'total nodes':>13}{'stop reason':>13}{'seconds':>9}")
    for algorithm in (Algorithm.MINIMAX, Algorithm.ALPHABETA, Algorithm.NEGAMAX, Algorithm.PVS):
        engine = Engine(TicTacToe(), evaluate, SearchOptions(algorithm=algorithm))
        result = engine.search(start_state, SearchLimits())
        print(f"{algorithm.label:<12}{len(result.infos):>11}{result.nodes:>13,}{result.reason:>13}{result.time:>9.2f}")


if __name__ == "__main__":
    main()
