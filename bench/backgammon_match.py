"""Backgammon matches, cubeless, in points per game with a 95% interval.

Players: ``ai:depth=D[,candidates=K]`` (the engine, expectiminimax, D decisions: 1 =
"0-ply", evaluate after our turn; 2 = "1-ply", average over the opponent's rolls of its
best reply; K: the move filter, only the best K turns by a static look searched deeper),
``random``, and, when PyPI's ``gnubg-nn`` is installed (bench only, never at run time:
GPL and heavy), ``pubeval`` (Tesauro's linear evaluation, ``gnubg_nn.pub_best_move``)
and ``gnubg`` (GNU Backgammon's 0-ply net, ``gnubg_nn.best_move``). The seats are
swapped every game; the opening roll decides who starts.

    .venv/bin/python bench/backgammon_match.py ai:depth=1 pubeval [games] [seed]
"""
from __future__ import annotations

import math
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from ai.engine import Engine  # noqa: E402
from ai.types import Algorithm, SearchLimits, SearchOptions  # noqa: E402
from games.backgammon.evaluation import evaluate  # noqa: E402
from games.backgammon.rules import BAR, OFF, Backgammon, BackgammonState  # noqa: E402
from games.base import CHANCE, FIRST, draw_chance_outcome  # noqa: E402

GAME = Backgammon()


class EnginePlayer:
    """The engine searching ``depth`` decisions (no time limit)."""

    def __init__(self, depth: int, seed: int, candidates: int = 0) -> None:
        self.depth = depth
        self.engine = Engine(GAME, evaluate, SearchOptions(algorithm=Algorithm.EXPECTIMINIMAX,
                                                           candidate_moves=candidates), seed=seed)
        self.name = f"ai:depth={depth}" + (f",candidates={candidates}" if candidates else "")

    def choose(self, state: BackgammonState):
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        return self.engine.search(state, SearchLimits(depth=self.depth)).move


class RandomPlayer:
    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)
        self.name = "random"

    def choose(self, state: BackgammonState):
        return self.random.choice(state.legal_moves())


class GnubgPlayer:
    """pubeval or gnubg's 0-ply net through gnubg-nn; its move matched to ours by text."""

    def __init__(self, kind: str) -> None:
        import gnubg_nn
        from backgammon_movegen import gnubg_board
        self.gnubg, self.board, self.kind, self.name = gnubg_nn, gnubg_board, kind, kind

    def choose(self, state: BackgammonState):
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        mover = state.player
        board = self.board(state.checkers(mover), state.checkers(1 - mover))
        high, low = state.dice
        if self.kind == "pubeval":
            flat = self.gnubg.pub_best_move(board, high, low)
            steps = [(flat[index] + 1, flat[index + 1] + 1) for index in range(0, len(flat), 2)]
        else:
            steps = list(self.gnubg.best_move(board, high, low))
        text = " ".join(f"{'bar' if a == BAR else a}/{'off' if b <= OFF else b}" for a, b in steps)
        return state.parse_move(text)


def make_player(spec: str, seed: int):
    if spec.startswith("ai"):
        options = dict(part.split("=") for part in spec.partition(":")[2].split(",") if "=" in part)
        return EnginePlayer(int(options.get("depth", 1)), seed, int(options.get("candidates", 0)))
    if spec == "random":
        return RandomPlayer(seed)
    return GnubgPlayer(spec)


def play(players, rng: random.Random) -> tuple[int, int]:
    """One game: (winner index into ``players``, points)."""
    state = GAME.initial_state()
    while state.outcome() is None:
        if state.to_move() == CHANCE:
            state = state.apply(draw_chance_outcome(state, rng))
        else:
            state = state.apply(players[state.to_move()].choose(state))
    result = state.outcome()
    return result.winner, result.points


def main() -> None:
    first_spec, second_spec = sys.argv[1], sys.argv[2]
    games = int(sys.argv[3]) if len(sys.argv) > 3 else 100
    seed = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    rng = random.Random(seed)
    a, b = make_player(first_spec, seed), make_player(second_spec, seed + 1)
    results = []
    start = time.perf_counter()
    for number in range(games):
        seats = (a, b) if number % 2 == 0 else (b, a)
        winner, points = play(seats, rng)
        a_won = (winner == FIRST) == (number % 2 == 0)
        results.append(points if a_won else -points)
    mean = sum(results) / games
    deviation = math.sqrt(sum((value - mean) ** 2 for value in results) / max(1, games - 1))
    half = 1.96 * deviation / math.sqrt(games)
    wins = sum(1 for value in results if value > 0)
    print(f"{a.name} vs {b.name}: {games} games, {wins} won by {a.name}, "
          f"{mean:+.3f} points per game (95% interval {mean - half:+.3f} .. {mean + half:+.3f}), "
          f"gammons+backgammons {sum(1 for value in results if abs(value) > 1)}, "
          f"{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
