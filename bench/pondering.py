"""What pondering gains in chess, through the engine protocol as a GUI drives it (python-chess).

The engine (``main.py engine --game chess``, the strongest level, the opening book on)
plays at a fixed time a move (``chess.engine``'s ``play(..., ponder=True)``: after each
move it ponders on the reply it expects; the GUI sends ``ponderhit`` when that reply
comes, else ``stop`` and the real position), against one of two opponents:

* ``person``: level 5 of the same engine (about 1,000 nodes a move) that first "thinks"
  ``seconds`` of wall time without using the processor, as a person at the board does
  (the engine ponders meanwhile), then answers;
* ``selfplay``: the engine itself, pondering too, both at once on the machine's cores
  while one ponders and the other thinks, as in an engine match.

The same games are then played without pondering. For every move the engine searched
(not from the book) it records the depth of the last iteration it reported, and prints
how often the expected reply came (the hit rate) and the mean depth of its moves after a
hit, after a miss and without pondering.

    .venv/bin/python bench/pondering.py [person|selfplay] [games] [seconds a move] [plies]

(defaults: person, 2 games, 0.5 s a move, 60 plies each).
"""
from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

import chess
import chess.engine

ROOT = Path(__file__).resolve().parent.parent
COMMAND = [sys.executable, "main.py", "engine", "--game", "chess"]
PERSON_LEVEL = 5


def play_games(mode: str, games: int, seconds: float, plies: int, ponder: bool) -> dict[str, list[int]]:
    """Play ``games`` games of up to ``plies`` plies; the depths of the moves the pondering
    side (White in ``person`` mode, both in ``selfplay``) searched, by kind: "hit" (it had
    pondered on the reply that came), "miss" (on another), "plain" (no pondering before)."""
    depths: dict[str, list[int]] = {"hit": [], "miss": [], "plain": []}
    engines = [chess.engine.SimpleEngine.popen_uci(COMMAND, cwd=ROOT) for _ in range(2)]
    if mode == "person":
        engines[1].configure({"Level": PERSON_LEVEL})
    try:
        for number in range(games):
            board = chess.Board()
            expected: list[chess.Board | None] = [None, None]  # the position each side ponders on
            while not board.is_game_over(claim_draw=True) and board.ply() < plies:
                side = board.ply() % 2
                if mode == "person" and side == 1:
                    time.sleep(seconds * 2)  # the person thinks: the engine has the processor to itself
                    board.push(engines[1].play(board, chess.engine.Limit(time=seconds), game=f"game {number}").move)
                    continue
                pondered_on = expected[side]
                kind = "plain" if pondered_on is None else (
                    "hit" if pondered_on.move_stack == board.move_stack else "miss")
                result = engines[side].play(board, chess.engine.Limit(time=seconds), ponder=ponder,
                                            game=f"game {number}", info=chess.engine.INFO_BASIC)
                if result.info.get("depth", 0) > 0 and "string" not in result.info:
                    depths[kind].append(result.info["depth"])
                board.push(result.move)
                expected[side] = None
                if ponder and result.ponder is not None:
                    expected[side] = board.copy()
                    expected[side].push(result.ponder)
    finally:
        for engine in engines:
            engine.quit()
    return depths


def _mean(values: list[int]) -> str:
    return f"{statistics.mean(values):.2f}" if values else "-"


def main() -> None:
    """Play, then print the hit rate and the mean depths."""
    mode = sys.argv[1] if len(sys.argv) > 1 else "person"
    if mode not in ("person", "selfplay"):
        raise SystemExit("the mode is person or selfplay")
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 0.5
    plies = int(sys.argv[4]) if len(sys.argv) > 4 else 60
    thinking = f", the person thinking {seconds * 2:g} s a move" if mode == "person" else ""
    print(f"{mode}: {games} games of up to {plies} plies at {seconds:g} s a move{thinking}; "
          f"load {os.getloadavg()[0]:.1f}")
    pondering = play_games(mode, games, seconds, plies, ponder=True)
    plain = play_games(mode, games, seconds, plies, ponder=False)
    hits, misses = len(pondering["hit"]), len(pondering["miss"])
    print(f"pondering: {hits} hits, {misses} misses: hit rate {hits / max(1, hits + misses):.0%}")
    print(f"mean depth after a hit {_mean(pondering['hit'])} ({hits} moves), after a miss "
          f"{_mean(pondering['miss'])} ({misses}), without pondering {_mean(plain['plain'])} "
          f"({len(plain['plain'])} moves)")
    print(f"load at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
