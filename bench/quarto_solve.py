"""Quarto: how long the engine takes to solve a position exactly, by number of empty squares.

Positions come from games of two greedy players (they win when they can and never hand
over a winning piece while a safe one exists), stopped with the given number of empty
squares still open; positions where the mover already holds a winning piece are skipped
(they are solved in one ply). Each is searched by the engine as the app runs it (PVS,
iterative deepening, the transposition table) with no time limit until the result is
proven ("exact" or "forced"), or until ``limit`` seconds pass. Prints per number of
empties the median and largest time, the median nodes and table entries, and how many
searches finished.

``--plain`` keys the table by the plain position everywhere (the game keys it by the
canonical form while at most ``CANONICAL_PIECES`` pieces are on the board), to measure
what the symmetries save.

    .venv/bin/python bench/quarto_solve.py [--plain] [empties ...] [--positions N] [--limit S]
        [--solve-within PLIES]
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ai.engine import Engine  # noqa: E402
from ai.players import GreedyPlayer  # noqa: E402
from ai.types import SearchLimits, SearchOptions  # noqa: E402
from games.quarto.rules import NONE, QuartoState  # noqa: E402
from games.registry import get_game  # noqa: E402


def positions(empties: int, count: int, seed: int) -> list[QuartoState]:
    """``count`` greedy-play positions with ``empties`` empty squares, mover to place."""
    entry = get_game("quarto")
    found: list[QuartoState] = []
    generator = random.Random(seed)
    while len(found) < count:
        player = GreedyPlayer(seed=generator.getrandbits(32))
        state = entry.game.initial_state()
        while not state.is_terminal() and 16 - state.occupied.bit_count() > empties:
            state = state.apply(player.choose(state))
        if state.is_terminal() or state.hand == NONE:
            continue
        if any(state.placement_wins(square) for square in range(16) if not state.occupied >> square & 1):
            continue
        found.append(state)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("empties", nargs="*", type=int, default=[6, 7, 8, 9])
    parser.add_argument("--positions", type=int, default=10)
    parser.add_argument("--limit", type=float, default=120.0, help="seconds per position at most")
    parser.add_argument("--plain", action="store_true", help="key the table by the plain position")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--solve-within", type=int, default=SearchOptions().solve_within,
                        help="SearchOptions.solve_within (plies; 0: plain iterative deepening)")
    arguments = parser.parse_args()
    if arguments.plain:
        QuartoState.table_key = lambda self: self  # type: ignore[method-assign]
        QuartoState.table_move = lambda self, move: move  # type: ignore[method-assign]
        QuartoState.from_table_move = lambda self, move: move  # type: ignore[method-assign]
    entry = get_game("quarto")
    print(f"table keyed by {'the plain position' if arguments.plain else 'the game (canonical form up to 5 pieces)'}; "
          f"{arguments.positions} positions per row, at most {arguments.limit:g} s each")
    print(f"{'empty':>5} {'solved':>7} {'median s':>9} {'max s':>8} {'median nodes':>13} {'median entries':>15}"
          f" {'results (+ win, = draw, - loss for the mover)':>10}")
    for empties in arguments.empties:
        seconds, nodes, entries, results = [], [], [], []
        solved = 0
        for state in positions(empties, arguments.positions, arguments.seed * 100 + empties):
            engine = Engine(entry.game, entry.evaluate,
                            SearchOptions(shuffle_root_moves=False, solve_within=arguments.solve_within))
            start = time.perf_counter()
            result = engine.search(state, SearchLimits(hard_time=arguments.limit))
            seconds.append(time.perf_counter() - start)
            nodes.append(result.nodes)
            entries.append(len(engine.table))
            if result.reason in ("exact", "forced"):
                solved += 1
                score = result.infos[-1].score.value
                results.append("+" if score > 0 else "-" if score < 0 else "=")
            else:
                results.append("?")
        print(f"{empties:>5} {solved:>3}/{len(seconds):<3} {statistics.median(seconds):>9.2f} {max(seconds):>8.2f} "
              f"{statistics.median(nodes):>13,.0f} {statistics.median(entries):>15,.0f}  {''.join(results)}",
              flush=True)


if __name__ == "__main__":
    main()
