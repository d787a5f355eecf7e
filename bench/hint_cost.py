"""What the hint's explanation costs: the runner-up's search (``SearchOptions.runner_up``,
``ai.runner_up``) beside the hint's own search, and which verdicts the explanations give.

For each position, the hint is searched as the window searches it (the strongest level,
``HINT_SECONDS`` a move, the runner-up on; ``--depth N`` instead limits it to N plies,
which makes the node counts the same on any machine), and the script prints per game:
the nodes of the hint's search and of the runner-up's (median and the largest ratio),
the wall and CPU seconds of both, how often the runner-up completed, and how often each
verdict of ``ai.explanation`` came up. Positions: chess, every 10th of Win At Chess
(``--epd``, default ../shared/data/wac.epd, when it exists) and
``bench/chess_speed.py``'s; tic-tac-toe, Quarto and backgammon, positions of random games
(a fixed seed).

    .venv/bin/python bench/hint_cost.py [--games chess,quarto] [--depth N] [--epd FILE]
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import chess  # noqa: E402

from ai.engine import Engine  # noqa: E402
from ai.explanation import explain  # noqa: E402
from ai.types import MATE_BOUND, Algorithm, SearchLimits, SearchOptions  # noqa: E402
from bench.chess_speed import POSITIONS as CHESS_POSITIONS  # noqa: E402
from games.base import CHANCE  # noqa: E402
from games.chess.rules import position_from_fen  # noqa: E402
from games.registry import GAMES  # noqa: E402
from ui.search_control import SearchControl  # noqa: E402
from ui.player_settings import PlayerSettings  # noqa: E402

DEFAULT_EPD = Path("../shared/data/wac.epd")
"""Win At Chess, where the shared tools keep it (relative to the working folder: run from the project's root)."""


def chess_positions(epd: Path) -> list:
    """Every 10th position of ``epd`` (if it exists) and ``bench/chess_speed.py``'s."""
    fens = list(CHESS_POSITIONS)
    if epd.exists():
        lines = [line for line in epd.read_text().splitlines() if line.strip()]
        fens += [chess.Board.from_epd(line)[0].fen() for line in lines[::10]]
    return [position_from_fen(fen) for fen in fens]


def random_positions(game_id: str, count: int, seed: int = 3) -> list:
    """``count`` decision positions of random games of ``game_id``, from plies 2-12 (Quarto:
    5-8 pieces placed: 8-11 empty squares, around where the hint starts to solve)."""
    game = GAMES[game_id].game
    generator = random.Random(seed)
    found = []
    while len(found) < count:
        state = game.initial_state()
        plies = generator.randint(6, 9) if game_id == "quarto" else generator.randint(2, 12)
        for _ in range(plies):
            if state.is_terminal():
                break
            state = state.apply(generator.choice(list(state.legal_moves())))
        while not state.is_terminal() and state.to_move() == CHANCE:
            state = state.apply(generator.choice(list(state.legal_moves())))
        if not state.is_terminal():
            found.append(state)
    return found


def hint_limits(game_id: str) -> SearchLimits:
    """The window's hint limits for ``game_id`` (``SearchControl.hint_limits``)."""
    person = PlayerSettings("human", 1)
    import ui.search_control as search_control

    search_control.SEARCH_PROCESS = False  # no child process for a look at the limits
    control = SearchControl(GAMES[game_id], (person, person))
    try:
        return control.hint_limits()
    finally:
        control.close()


def measure(game_id: str, states: list, limits: SearchLimits) -> None:
    """Search every state as a hint and print the costs and the verdicts."""
    entry = GAMES[game_id]
    options = SearchOptions(algorithm=Algorithm.default_for(entry.game.has_chance), runner_up=True)
    main_nodes, second_nodes, ratios, main_wall, second_wall, main_cpu, second_cpu = [], [], [], [], [], [], []
    verdicts: Counter[str] = Counter()
    completed = asked = 0
    for state in states:
        engine = Engine.for_entry(entry, options, seed=1)
        wall, cpu = time.perf_counter(), time.process_time()
        result = engine.search(state, limits)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        explanation = explain(state, result, entry.game.has_chance)
        verdicts[explanation.verdict + (" (only)" if explanation.only else "")] += 1
        if not result.infos or result.infos[-1].source != "search" or len(state.legal_moves()) == 1 or \
                result.score.value <= -MATE_BOUND:
            continue
        asked += 1
        main_nodes.append(result.nodes)
        main_wall.append(result.time)
        main_cpu.append(cpu * result.time / wall if wall > 0 else 0.0)
        second_wall.append(wall - result.time)
        second_cpu.append(cpu - main_cpu[-1])
        if result.runner_up is not None:
            completed += 1
            second_nodes.append(result.runner_up.nodes)
            ratios.append(result.runner_up.nodes / max(1, result.nodes))
    print(f"{entry.game.title}: {len(states)} positions, the runner-up asked in {asked}, completed in {completed}")
    if main_nodes:
        print(f"  nodes: hint median {statistics.median(main_nodes):,.0f}, runner-up median "
              f"{statistics.median(second_nodes) if second_nodes else 0:,.0f}; runner-up/hint median "
              f"{statistics.median(ratios) if ratios else 0:.2f}, largest {max(ratios) if ratios else 0:.2f}")
        print(f"  wall seconds: hint median {statistics.median(main_wall):.2f} (largest {max(main_wall):.2f}), "
              f"runner-up median {statistics.median(second_wall):.2f} (largest {max(second_wall):.2f})")
        print(f"  CPU seconds (shared out by wall time): hint median {statistics.median(main_cpu):.2f}, "
              f"runner-up median {statistics.median(second_cpu):.2f}")
    print("  verdicts: " + ", ".join(f"{name} {count}" for name, count in verdicts.most_common()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="chess,tictactoe,quarto,backgammon")
    parser.add_argument("--depth", type=int, default=None, help="limit each hint to this depth instead of its time")
    parser.add_argument("--epd", type=Path, default=DEFAULT_EPD)
    parser.add_argument("--count", type=int, default=20, help="random positions per game other than chess")
    arguments = parser.parse_args()
    for game_id in arguments.games.split(","):
        states = chess_positions(arguments.epd) if game_id == "chess" else random_positions(game_id, arguments.count)
        limits = SearchLimits(depth=arguments.depth) if arguments.depth else hint_limits(game_id)
        print(f"limits: {limits}")
        measure(game_id, states, limits)


if __name__ == "__main__":
    main()
