"""How long a big PGN file takes to open in the app: the file of a chess database, many
thousand games, of which the app uses the first.

Builds (once) a PGN file of ``games`` games in the temporary folder (``/tmp``): a few
dozen different games of 30 to 90 moves played at random by python-chess from a fixed
seed, repeated with their own tags (players, round, date, result) until there are
``games`` of them, as a database export looks. Then measures, in this process, best and
median of ``runs`` runs (wall time, so the machine's load counts; it is printed):

* **open**: ``ui.game_files.read_game_file``, what Open in the file dialog and the menu do
  (the file read, its first game parsed and checked, its moves replayed);
* **describe**: ``ui.game_files.describe_game_file``, what the file dialog shows under the
  file's name (it reads the first game too);
* **every game** (for comparison, one run): ``Game.read_records`` on the whole text, which
  is what both did before they stopped after the first game.

    .venv/bin/python bench/pgn_open.py [games] [runs]
"""
from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import chess  # noqa: E402

from games.chess.pgn import write_pgn  # noqa: E402
from games.chess.rules import starting_position  # noqa: E402
from games.registry import get_game  # noqa: E402
from ui.game_files import describe_game_file, read_game_file  # noqa: E402

DISTINCT = 40
"""Different games in the file; the others repeat them with other tags."""
PLAYERS = ["Anand", "Carlsen", "Caruana", "Ding", "Giri", "Gukesh", "Kasparov", "Kramnik", "Nakamura", "Nepomniachtchi",
           "Polgar", "So", "Topalov", "Vachier-Lagrave", "Wei", "Firouzja"]


def random_movetext(generator: random.Random) -> tuple[str, str]:
    """The movetext (no tags) of a game of 30 to 90 moves played at random, and its result
    token; captures are preferred a little so that the games look less aimless."""
    board = chess.Board()
    moves: list[chess.Move] = []
    for _ in range(generator.randint(60, 180)):
        legal = list(board.legal_moves)
        if not legal:
            break
        captures = [move for move in legal if board.is_capture(move)]
        move = generator.choice(captures if captures and generator.random() < 0.3 else legal)
        board.push(move)
        moves.append(move)
        if board.is_game_over():
            break
    text = write_pgn(starting_position(), moves, None, {}, {})
    movetext = text.split("\n\n", 1)[1].strip()
    result = generator.choice(["1-0", "0-1", "1/2-1/2"])
    return movetext.rsplit(" ", 1)[0] + " " + result, result


def build_file(path: Path, games: int, seed: int = 2026) -> None:
    """Write ``games`` games to ``path`` (see the module docstring)."""
    generator = random.Random(seed)
    bodies = [random_movetext(generator) for _ in range(DISTINCT)]
    parts = []
    for number in range(1, games + 1):
        movetext, result = bodies[number % DISTINCT]
        white, black = generator.sample(PLAYERS, 2)
        parts.append(f'[Event "Bench Open"]\n[Site "?"]\n[Date "20{number % 25:02d}.01.{number % 28 + 1:02d}"]\n'
                     f'[Round "{number}"]\n[White "{white}"]\n[Black "{black}"]\n[Result "{result}"]\n\n'
                     f"{movetext}\n\n")
    temporary = path.with_suffix(".partial")
    temporary.write_text("".join(parts), encoding="utf-8")
    os.replace(temporary, path)


def timed(action, runs: int) -> tuple[float, float]:
    """Best and median wall seconds of ``runs`` calls of ``action``."""
    seconds = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        seconds.append(time.perf_counter() - start)
    return min(seconds), statistics.median(seconds)


def main() -> None:
    """Build the file if needed, then print the times."""
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    path = Path(tempfile.gettempdir()) / f"gametreelab_bench_{games}_games.pgn"
    if not path.exists():
        started = time.perf_counter()
        build_file(path, games)
        print(f"built {path} in {time.perf_counter() - started:.1f} s")
    entry = get_game("chess")
    size = path.stat().st_size
    print(f"{path}: {games:,} games, {size / 1e6:.1f} MB; load average {os.getloadavg()[0]:.1f}")
    first = read_game_file(entry, path)
    print(f"first game: {len(first.moves)} plies, {first.tags.get('White')} - {first.tags.get('Black')}")
    best, median = timed(lambda: read_game_file(entry, path), runs)
    print(f"open (read_game_file):         best {best * 1000:8.1f} ms, median {median * 1000:8.1f} ms ({runs} runs)")
    best, median = timed(lambda: describe_game_file(entry, path), runs)
    print(f"describe (describe_game_file): best {best * 1000:8.1f} ms, median {median * 1000:8.1f} ms ({runs} runs)")
    text = path.read_text(encoding="utf-8")
    best, _ = timed(lambda: entry.game.read_records(text), 1)
    print(f"every game (read_records):     {best:8.1f} s (1 run; what opening cost before it stopped after the first)")


if __name__ == "__main__":
    main()
