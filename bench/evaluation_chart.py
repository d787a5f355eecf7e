"""What the evaluation chart costs a frame in a long game: its points worked out again
(after a move or a search update) and the per-frame check that nothing changed.

A chess game of N plies (random legal moves, a fixed seed) with an evaluation at every
ply, each expecting a two-ply line, as the computers' searches leave them in watch mode;
then the same game with evaluations at every other ply (a gap wherever the line was
left), and the chart drawn. Prints milliseconds per call (the best of several repeats: the machine's load
only adds to it).

    .venv/bin/python bench/evaluation_chart.py [plies]
"""
from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from ai.types import Score  # noqa: E402
from games.registry import get_game  # noqa: E402
from ui.game_record import Evaluation  # noqa: E402
from ui.player_settings import PlayerSettings  # noqa: E402
from ui.session import GameSession  # noqa: E402
from ui.widgets.evaluation_chart import EvaluationChart  # noqa: E402


def long_game(plies: int, every: int) -> GameSession:
    """Two people's chess game of up to ``plies`` random moves, evaluated every ``every`` plies."""
    session = GameSession(get_game("chess"), (PlayerSettings("human", 5), PlayerSettings("human", 5)))
    chooser = random.Random(7)
    for _ in range(plies):
        state = session.record.state
        if state.outcome() is not None:
            break
        session.record.push(chooser.choice(list(state.legal_moves())), state.to_move(), (None, None))
    moves = session.record.moves
    for ply in range(0, len(moves), every):
        session.record.evaluations[ply] = Evaluation(Score(chooser.randint(-300, 300)), line=tuple(moves[ply:ply + 2]))
    return session


def best_milliseconds(action, repeats: int = 7, calls: int = 20) -> float:
    """The fastest of ``repeats`` runs of ``calls`` calls, in milliseconds per call."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(calls):
            action()
        best = min(best, (time.perf_counter() - start) / calls)
    return best * 1000


def main() -> None:
    plies = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    for every in (1, 2):
        session = long_game(plies, every)
        chart = EvaluationChart()

        def recompute() -> None:
            chart._key = ()  # as after a move or a search update
            chart.update(session)

        chart.update(session)
        pygame.font.init()
        chart.rect = pygame.Rect(0, 0, 490, 80)
        surface = pygame.Surface((500, 100))
        drawn = best_milliseconds(lambda: chart.draw(surface, ((240, 240, 240), (30, 30, 30)), (200, 40)))
        unchanged = best_milliseconds(lambda: chart.update(session))
        changed = best_milliseconds(recompute)
        print(f"{session.record.length} plies, an evaluation every {every}: "
              f"frame without change {unchanged:.3f} ms, points worked out again {changed:.3f} ms, "
              f"drawn (490x80, pointer over it) {drawn:.3f} ms")


if __name__ == "__main__":
    main()
