"""Quarto: what keying the transposition table by the canonical form saves.

Fixed-depth searches (iterative deepening to ``depth`` plies) from the first turns of the
game, where symmetric positions meet most: the start after the first gift, and
greedy-play positions with a few pieces placed. Each is searched twice, with the table
keyed as the game keys it (the canonical form while at most ``CANONICAL_PIECES`` pieces
are on the board) and keyed by the plain position. Prints nodes, table entries and
seconds for both.

    .venv/bin/python bench/quarto_canonical.py [depth] [positions]
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from ai.engine import Engine  # noqa: E402
from ai.types import SearchLimits, SearchOptions  # noqa: E402
from games.quarto.rules import QuartoState  # noqa: E402
from games.registry import get_game  # noqa: E402
from quarto_solve import positions  # noqa: E402

CANONICAL = (QuartoState.table_key, QuartoState.table_move, QuartoState.from_table_move)
PLAIN = (lambda self: self, lambda self, move: move, lambda self, move: move)


def measure(states: list[QuartoState], depth: int, keys) -> tuple[float, float, float]:
    QuartoState.table_key, QuartoState.table_move, QuartoState.from_table_move = keys
    entry = get_game("quarto")
    nodes, entries, seconds = [], [], []
    for state in states:
        engine = Engine(entry.game, entry.evaluate, SearchOptions())
        start = time.perf_counter()
        result = engine.search(state, SearchLimits(depth=depth))
        seconds.append(time.perf_counter() - start)
        nodes.append(result.nodes)
        entries.append(len(engine.table))
    QuartoState.table_key, QuartoState.table_move, QuartoState.from_table_move = CANONICAL
    return statistics.median(nodes), statistics.median(entries), statistics.median(seconds)


def main() -> None:
    depth = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    entry = get_game("quarto")
    print(f"depth {depth}; medians over the positions of a row")
    print(f"{'empty':>5} {'nodes canon':>12} {'nodes plain':>12} {'entries canon':>14} {'entries plain':>14} "
          f"{'s canon':>8} {'s plain':>8}")
    rows = [(16, [entry.game.initial_state().play(":0")])]
    rows += [(empty, positions(empty, count, 500 + empty)) for empty in (14, 13, 12, 11)]
    for empty, states in rows:
        canonical = measure(states, depth, CANONICAL)
        plain = measure(states, depth, PLAIN)
        print(f"{empty:>5} {canonical[0]:>12,.0f} {plain[0]:>12,.0f} {canonical[1]:>14,.0f} {plain[1]:>14,.0f} "
              f"{canonical[2]:>8.2f} {plain[2]:>8.2f}", flush=True)


if __name__ == "__main__":
    main()
