"""What a backgammon decision costs at each depth: time, nodes and leaves, with and
without the move filter and Star1/Star2 pruning (with every root move's exact value up to
depth 2, as the app searches for its candidate list, or with root moves cut at every
depth; ``SearchOptions.exact_root_values``).

Positions: decision positions (dice rolled) met in games the engine plays against itself
at 0-ply, cubeless. Each setting searches every position with a fresh engine (empty
table), by iterative deepening to the depth, as the game does. Printed per setting: the
mean seconds a decision, mean nodes, mean horizon leaves (evaluated positions) and in
how many positions the chosen move differed from the first setting of the same depth
and filter (pruning must never change it).

    .venv/bin/python bench/backgammon_search_cost.py [positions] [seed] [max depth] [positions at depth 3]

Depth 3 (2-ply) takes seconds to a minute a decision, so it searches only the first
``positions at depth 3`` positions (default 8).
"""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ai.engine import Engine  # noqa: E402
from ai.types import Algorithm, SearchLimits, SearchOptions  # noqa: E402
from games.backgammon.neural import evaluate  # noqa: E402
from games.backgammon.rules import Backgammon  # noqa: E402
from games.base import CHANCE, draw_chance_outcome  # noqa: E402

GAME = Backgammon()


def self_play_positions(count: int, seed: int, keep) -> list:
    """``count`` positions from games the engine plays against itself at 0-ply, cubeless:
    ``keep(state, generator)`` is asked at every position met (chance nodes included)
    and returns the position to record, or ``None``."""
    generator = random.Random(seed)
    engine = Engine(GAME, evaluate, SearchOptions(algorithm=Algorithm.EXPECTIMINIMAX))
    found = []
    while len(found) < count:
        state = GAME.initial_state()
        while not state.is_terminal() and len(found) < count:
            kept = keep(state, generator)
            if kept is not None:
                found.append(kept)
            if state.to_move() == CHANCE:
                state = state.apply(draw_chance_outcome(state, generator))
            else:
                state = state.apply(engine.search(state, SearchLimits(depth=1)).move)
    return found


def positions(count: int, seed: int) -> list:
    """``count`` decision positions with at least two distinct turns, from 0-ply self-play."""
    def keep(state, generator):
        decision = state.to_move() != CHANCE and len(state.legal_moves()) >= 2
        return state if decision and generator.random() < 0.3 else None
    return self_play_positions(count, seed, keep)


def run(states: list, depth: int, candidates: int, pruning: bool, exact_root: bool) -> tuple[float, float, float, list]:
    """Mean seconds, nodes and horizon leaves a decision, and the moves chosen."""
    seconds = nodes = leaves = 0.0
    moves = []
    for state in states:
        engine = Engine(GAME, evaluate, SearchOptions(algorithm=Algorithm.EXPECTIMINIMAX, candidate_moves=candidates,
                                                      chance_pruning=pruning, exact_root_values=exact_root))
        start = time.perf_counter()
        result = engine.search(state, SearchLimits(depth=depth))
        seconds += time.perf_counter() - start
        nodes += result.nodes
        leaves += engine.context.horizon_leaves
        moves.append(result.move)
    count = len(states)
    return seconds / count, nodes / count, leaves / count, moves


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    max_depth = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    deep_count = int(sys.argv[4]) if len(sys.argv) > 4 else 8
    states = positions(count, seed)
    settings = [(1, 0), (2, 0), (2, 8), (3, 8), (3, 4)]
    print(f"{count} positions ({min(count, deep_count)} at depth 3), seed {seed}; "
          "depth = decisions (1 = 0-ply, 2 = 1-ply, 3 = 2-ply)")
    print("| depth | candidates | Star1/Star2 | s a decision | nodes | leaves | moves differing |")
    print("|---:|---:|---|---:|---:|---:|---:|")
    variants = ((False, True, "off"), (True, True, "on, exact root values to depth 2 (the app)"),
                (True, False, "on, root moves cut at every depth"))
    for depth, candidates in settings:
        if depth > max_depth:
            continue
        reference = None
        searched = states if depth < 3 else states[:deep_count]
        for pruning, exact_root, label in variants:
            seconds, nodes, leaves, moves = run(searched, depth, candidates, pruning, exact_root)
            differing = 0 if reference is None else sum(a != b for a, b in zip(reference, moves))
            reference = reference or moves
            print(f"| {depth} | {candidates or 'all'} | {label} | {seconds:.3f} | "
                  f"{nodes:,.0f} | {leaves:,.0f} | {differing} |", flush=True)


if __name__ == "__main__":
    main()
