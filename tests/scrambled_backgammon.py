"""Backgammon with a scrambled evaluation, for search tests: a fixed pseudo-random score per
position, cheap enough to search 2-ply in a test, and as good as any for checking which
positions a search looks at and how it combines their values."""
from __future__ import annotations

import random

from games.backgammon.rules import Backgammon, BackgammonState
from games.base import CHANCE, FIRST, draw_chance_outcome

GAME = Backgammon()


def evaluate(state: BackgammonState, player: int) -> int:
    """A fixed pseudo-random score of the boards within +-2999 (inside backgammon's bound of
    3 points, so Star1/Star2 stay exact), zero-sum (tuples of integers hash the same in
    every run)."""
    value = hash((state[0], state[1])) % 5999 - 2999
    return value if player == FIRST else -value


def positions(count: int, seed: int) -> list[BackgammonState]:
    """Cubeless decision positions early in random games (no game can end within 2-ply),
    with 3 to 25 legal turns."""
    generator = random.Random(seed)
    found = []
    while len(found) < count:
        state = GAME.start({"cube": False})
        for _ in range(generator.randrange(4, 16)):
            if state.to_move() == CHANCE:
                state = state.apply(draw_chance_outcome(state, generator))
            else:
                state = state.apply(generator.choice(state.legal_moves()))
        while state.to_move() == CHANCE:
            state = state.apply(draw_chance_outcome(state, generator))
        if 3 <= len(state.legal_moves()) <= 25:
            found.append(state)
    return found
