"""Strength levels of any game against their neighbours: does each level beat the one below?

Plays level k+1 against level k for every k in a range, ``games`` games a pair, colours
alternating, each pair of games starting with the same opening (random plies here;
``bench/chess_levels.py`` passes named chess openings), at ``movetime`` seconds a move. A
game still going after ``max_plies`` plies counts as a draw. Prints the higher level's
score per pair.

    .venv/bin/python bench/level_ladder.py GAME [games per pair] [movetime] [opening plies]
"""
from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ai.clock import TimeControl  # noqa: E402
from ai.players import SearchPlayer  # noqa: E402
from games.base import FIRST  # noqa: E402
from games.registry import GameEntry, get_game  # noqa: E402


def play(entry: GameEntry, first, second, opening: list, max_plies: int | None = None) -> float:
    """One game from the opening moves; the first player's score (1, 0.5 or 0)."""
    state = entry.game.initial_state()
    for move in opening:
        state = state.apply(move)
    for player in (first, second):
        player.new_game()
    plies = 0
    while not state.is_terminal() and (max_plies is None or plies < max_plies):
        player = first if state.to_move() == FIRST else second
        state = state.apply(player.choose(state))
        plies += 1
    result = state.outcome()
    if result is None or result.winner is None:
        return 0.5
    return 1.0 if result.winner == FIRST else 0.0


def random_opening(entry: GameEntry, generator: random.Random, plies: int) -> list:
    """``plies`` random legal moves from the start."""
    state, moves = entry.game.initial_state(), []
    for _ in range(plies):
        move = generator.choice(list(state.legal_moves()))
        moves.append(move)
        state = state.apply(move)
    return moves


def ladder(entry: GameEntry, games: int, movetime: float, opening: Callable[[random.Random], list],
           lowest: int = 1, highest: int | None = None, max_plies: int | None = None) -> None:
    """Print each pair's result, levels ``lowest`` .. ``highest``; ``opening(generator)``
    gives the moves each pair of games starts with."""
    control = TimeControl.per_move(movetime)
    generator = random.Random(1)
    top = entry.max_level if highest is None else min(highest, entry.max_level)
    for low in range(max(1, lowest), top):
        high = low + 1
        weaker = SearchPlayer(entry, level=low, control=control, seed=low)
        stronger = SearchPlayer(entry, level=high, control=control, seed=high)
        score = 0.0
        wins = draws = losses = 0
        start = time.monotonic()
        moves: list = []
        for number in range(games):
            if number % 2 == 0:
                moves = opening(generator)
                points = play(entry, stronger, weaker, moves, max_plies)
            else:
                points = 1.0 - play(entry, weaker, stronger, moves, max_plies)
            score += points
            wins += points == 1.0
            draws += points == 0.5
            losses += points == 0.0
        print(f"level {high} ({entry.level(high).name}) vs level {low} ({entry.level(low).name}): "
              f"{score:g}/{games} (W/D/L {wins}/{draws}/{losses}) in {time.monotonic() - start:.0f} s", flush=True)


def main() -> None:
    entry = get_game(sys.argv[1] if len(sys.argv) > 1 else "quarto")
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    movetime = float(sys.argv[3]) if len(sys.argv) > 3 else 0.3
    plies = int(sys.argv[4]) if len(sys.argv) > 4 else 2
    print(f"{entry.game.title}: {games} games per pair at {movetime:g} s a move, {plies} random opening plies")
    ladder(entry, games, movetime, lambda generator: random_opening(entry, generator, plies))


if __name__ == "__main__":
    main()
