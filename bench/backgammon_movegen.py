"""Backgammon move generation against GNU Backgammon's (PyPI ``gnubg-nn``, bench only).

Random positions from random games (our rules), a random roll each: the set of
distinct legal turns (the positions they lead to) must equal ``gnubg_nn.moves``'.
Prints the number of positions, of turns compared and of mismatches (each shown).

    .venv/bin/pip install gnubg-nn   # not a dependency of the app
    .venv/bin/python bench/backgammon_movegen.py [positions] [seed]
"""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.backgammon.rules import BAR, Backgammon, generate_turns  # noqa: E402
from games.base import CHANCE  # noqa: E402


def gnubg_board(own, opponent) -> list[list[int]]:
    """gnubg's 2x25 board: [side not on roll, side on roll], points 1-24 then the bar."""
    return [[opponent[point] for point in range(1, 25)] + [opponent[BAR]],
            [own[point] for point in range(1, 25)] + [own[BAR]]]


def random_positions(count: int, generator: random.Random):
    """``count`` (state, dice) pairs met in random games, the mover about to play."""
    game = Backgammon()
    found = []
    while len(found) < count:
        state = game.initial_state()
        while state.outcome() is None and len(found) < count:
            if state.to_move() == CHANCE:
                outcomes = state.chance_outcomes()
                state = state.apply(generator.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
                continue
            if generator.random() < 0.5:
                found.append(state)
            state = state.apply(generator.choice(state.legal_moves()))
    return found


def compare(states, gnubg_nn) -> tuple[int, int, list[str]]:
    turns = 0
    problems = []
    for state in states:
        mover = state.player
        own, opponent = state.checkers(mover), state.checkers(1 - mover)
        high, low = state.dice
        ours = {gnubg_nn.key_of_board(gnubg_board(result_own, result_opponent))
                for result_own, result_opponent in generate_turns(own, opponent, (high, low))}
        theirs = set(gnubg_nn.moves(gnubg_board(own, opponent), high, low))
        if not theirs:  # gnubg lists no move when nothing can be played; we list the empty turn
            theirs = {gnubg_nn.key_of_board(gnubg_board(own, opponent))}
        turns += len(theirs)
        if ours != theirs:
            problems.append(f"{state.to_text()}: ours {len(ours)}, gnubg {len(theirs)}, "
                            f"only ours {len(ours - theirs)}, only gnubg {len(theirs - ours)}")
    return len(states), turns, problems


def main() -> None:
    import gnubg_nn
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    start = time.perf_counter()
    states = random_positions(count, random.Random(seed))
    positions, turns, problems = compare(states, gnubg_nn)
    for problem in problems[:20]:
        print("MISMATCH", problem)
    print(f"{positions} positions, {turns} distinct turns compared, {len(problems)} mismatches "
          f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
