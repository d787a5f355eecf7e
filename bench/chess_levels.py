"""Chess strength levels against their neighbours: does each level beat the one below?

Plays level k against level k+1 for every k, ``games`` games a pair with colours
alternating and a short opening of 2-4 plies drawn per pair of games (so the games
differ even at levels without a book), at ``movetime`` seconds a move. A game still
going after ``MAX_PLIES`` plies counts as a draw. Prints the stronger level's score
per pair.

    .venv/bin/python bench/chess_levels.py [games per pair] [movetime] [lowest level] [highest level]

The level range (default: all) lets the top levels, which differ only in how deep they
may look, be measured at a longer time per move than the bottom ones.
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from games.registry import get_game  # noqa: E402
from level_ladder import ladder  # noqa: E402

MAX_PLIES = 200
OPENINGS = ("e4 e5", "d4 d5", "e4 c5", "c4 e5", "Nf3 d5", "e4 e6", "d4 Nf6 c4 e6", "e4 c6", "d4 d5 c4", "e4 e5 Nf3")


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    movetime = float(sys.argv[2]) if len(sys.argv) > 2 else 0.2
    lowest = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    highest = int(sys.argv[4]) if len(sys.argv) > 4 else None
    entry = get_game("chess")
    print(f"{games} games per pair at {movetime:g} s a move; a game past {MAX_PLIES} plies is a draw")

    def opening(generator: random.Random) -> list:
        state, moves = entry.game.initial_state(), []
        for text in generator.choice(OPENINGS).split():
            move = state.parse_move(text)
            moves.append(move)
            state = state.apply(move)
        return moves

    ladder(entry, games, movetime, opening, lowest, highest, MAX_PLIES)


if __name__ == "__main__":
    main()
