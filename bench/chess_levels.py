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
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ai.clock import TimeControl  # noqa: E402
from ai.players import SearchPlayer  # noqa: E402
from games.base import FIRST  # noqa: E402
from games.registry import get_game  # noqa: E402

MAX_PLIES = 200
OPENINGS = ("e4 e5", "d4 d5", "e4 c5", "c4 e5", "Nf3 d5", "e4 e6", "d4 Nf6 c4 e6", "e4 c6", "d4 d5 c4", "e4 e5 Nf3")


def play(entry, white, black, opening: str) -> float:
    """One game; White's score (1, 0.5 or 0)."""
    state = entry.game.initial_state()
    for text in opening.split():
        state = state.play(text)
    for player in (white, black):
        player.new_game()
    plies = 0
    while not state.is_terminal() and plies < MAX_PLIES:
        player = white if state.to_move() == FIRST else black
        state = state.apply(player.choose(state))
        plies += 1
    result = state.outcome()
    if result is None or result.winner is None:
        return 0.5
    return 1.0 if result.winner == FIRST else 0.0


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    movetime = float(sys.argv[2]) if len(sys.argv) > 2 else 0.2
    lowest = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    entry = get_game("chess")
    control = TimeControl.per_move(movetime)
    generator = random.Random(1)
    print(f"{games} games per pair at {movetime:g} s a move; a game past {MAX_PLIES} plies is a draw")
    highest = int(sys.argv[4]) if len(sys.argv) > 4 else entry.max_level
    for low in range(max(1, lowest), min(highest, entry.max_level)):
        high = low + 1
        weaker = SearchPlayer(entry, level=low, control=control, seed=low)
        stronger = SearchPlayer(entry, level=high, control=control, seed=high)
        score = 0.0
        wins = draws = losses = 0
        start = time.monotonic()
        for number in range(games):
            opening = generator.choice(OPENINGS) if number % 2 == 0 else opening
            if number % 2 == 0:
                points = play(entry, stronger, weaker, opening)
            else:
                points = 1.0 - play(entry, weaker, stronger, opening)
            score += points
            wins += points == 1.0
            draws += points == 0.5
            losses += points == 0.0
        print(f"level {high} vs level {low}: {score:g}/{games} for level {high} "
              f"(W/D/L {wins}/{draws}/{losses}) in {time.monotonic() - start:.0f} s", flush=True)


if __name__ == "__main__":
    main()
