"""Quarto: the engine's proven results against an independent brute-force solver.

Random positions (random play that avoids finishing the game, stopped with the given
number of empty squares) are solved twice: by a plain memoised negamax over the rules
alone (``legal_moves``, ``apply``, ``outcome``: no symmetry, no table keys, no pruning
helpers) and by the engine as the app runs it. Prints how many agree on win / draw /
loss and, for wins and losses, on the number of plies to the end. Slow by design (the
brute force at 7 empties takes seconds a position); not part of the test suite.

    .venv/bin/python bench/quarto_oracle.py [empties] [positions]
"""
from __future__ import annotations

import random
import sys
import time
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ai.engine import Engine  # noqa: E402
from ai.types import SearchLimits, SearchOptions  # noqa: E402
from games.quarto.rules import NONE, Quarto, QuartoState  # noqa: E402
from games.registry import get_game  # noqa: E402

GAME = Quarto()


@lru_cache(maxsize=None)
def solve(state: QuartoState) -> tuple[int, int]:
    """``(result, plies)`` for the player to move: result +1/0/-1, plies to the end with
    best play (the winner hurries, the loser delays; a draw runs to the full board)."""
    outcome = state.outcome()
    if outcome is not None:
        return (0 if outcome.winner is None else (1 if outcome.winner == state.to_move() else -1)), 0
    best: tuple[int, int] | None = None
    for move in state.legal_moves():
        child = state.apply(move)
        result, plies = solve(child)
        if child.to_move() != state.to_move():
            result = -result
        candidate = (result, plies + 1)
        if best is None or _better(candidate, best):
            best = candidate
    assert best is not None
    return best


def _better(first: tuple[int, int], second: tuple[int, int]) -> bool:
    if first[0] != second[0]:
        return first[0] > second[0]
    if first[0] > 0:
        return first[1] < second[1]
    if first[0] < 0:
        return first[1] > second[1]
    return False


def random_position(generator: random.Random, empty: int) -> QuartoState:
    while True:
        state = GAME.initial_state()
        while not state.is_terminal() and 16 - state.occupied.bit_count() > empty:
            moves = state.legal_moves()
            quiet = [move for move in moves if not state.apply(move).is_terminal()]
            state = state.apply(generator.choice(quiet or moves))
        if not state.is_terminal() and state.hand != NONE:
            return state


def main() -> None:
    empty = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    entry = get_game("quarto")
    generator = random.Random(empty)
    agree_result = agree_plies = 0
    brute_seconds = engine_seconds = 0.0
    for number in range(count):
        state = random_position(generator, empty)
        start = time.perf_counter()
        result, plies = solve(state)
        brute_seconds += time.perf_counter() - start
        solve.cache_clear()
        engine = Engine(entry.game, entry.evaluate, SearchOptions())
        start = time.perf_counter()
        found = engine.search(state, SearchLimits())
        engine_seconds += time.perf_counter() - start
        score = found.infos[-1].score
        engine_result = (score.value > 0) - (score.value < 0)
        engine_plies = abs(score.plies_to_end) if score.plies_to_end is not None else None
        same_result = engine_result == result
        same_plies = same_result and (result == 0 or engine_plies == plies)
        agree_result += same_result
        agree_plies += same_plies
        if not same_plies:
            print(f"DISAGREE {state.to_text()}: brute force {result:+d} in {plies}, engine {score} "
                  f"({found.reason})", flush=True)
        # The engine's move must keep the brute-force result.
        child = state.apply(found.move)
        kept, _ = solve(child)
        solve.cache_clear()
        if child.to_move() != state.to_move():
            kept = -kept
        if kept != result:
            print(f"BAD MOVE {state.to_text()}: {state.move_to_text(found.move)} gives {kept:+d}, best {result:+d}")
    print(f"{count} positions with {empty} empty squares: results agree {agree_result}/{count}, "
          f"plies to the end agree {agree_plies}/{count}; brute force {brute_seconds:.1f} s, "
          f"engine {engine_seconds:.1f} s")


if __name__ == "__main__":
    main()
