"""The board's size on the play screen at each text size, per game and window: a table.

    .venv/bin/python bench/board_sizes.py [--windows 1280x800 800x600]

Lays out the real play screen (SDL's dummy driver: no window opens; a temporary data
folder) of each game against the computer at normal, large and extra large text, and
prints a Markdown table of the board's width x height in pixels, with the body text
size the screen used (a screen uses a smaller one than asked where its panel cannot
hold the larger, see ``ui.scenes.play_layout``). The layout rule says a row never gets
a smaller board to the right of its normal-text column; the script says so at the end.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.registry import GAMES, get_game  # noqa: E402
from ui.app import App  # noqa: E402
from ui.i18n import tr_known  # noqa: E402
from ui.player_settings import PlayerSettings  # noqa: E402
from ui.session import GameSession  # noqa: E402

TEXT_SIZES = ("normal", "large", "extra large")


def measure(app: App, game_id: str, window: tuple[int, int], text_size: str) -> tuple[int, int, int]:
    """The board's width and height in pixels and the body text size of ``game_id``'s play
    screen in a ``window`` at ``text_size``."""
    app.set_text_size(text_size)
    session = GameSession(get_game(game_id), (PlayerSettings("human", 1), PlayerSettings("ai", 1)))
    play = app.show_game(session)
    play.resize(window)
    board = play.view.board_area()
    session.close()
    return board.width, board.height, play._sizes.body


def main() -> int:
    """Print the table; exit code 1 if a larger text size gave any board less room."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--windows", nargs="+", default=["1280x800", "800x600"],
                        help="window sizes as WIDTHxHEIGHT (default: 1280x800 800x600)")
    arguments = parser.parse_args()
    windows = [tuple(int(value) for value in text.lower().split("x")) for text in arguments.windows]
    os.environ["GAMETREELAB_HOME"] = tempfile.mkdtemp(prefix="board-sizes-")
    app = App((1280, 800))
    shrunk = []
    try:
        print("| game | window | normal | large | extra large |")
        print("|------|--------|-------:|------:|------------:|")
        for window in windows:
            for game_id in GAMES:
                cells = []
                sizes = []
                for text_size in TEXT_SIZES:
                    width, height, body = measure(app, game_id, window, text_size)
                    sizes.append((width, height))
                    cells.append(f"{width}\u00d7{height} ({body} px)")
                    if width < sizes[0][0] or height < sizes[0][1]:
                        shrunk.append(f"{game_id} {window[0]}x{window[1]} {text_size}")
                print(f"| {tr_known(get_game(game_id).game.title)} | {window[0]}\u00d7{window[1]} | "
                      + " | ".join(cells) + " |")
    finally:
        app.shutdown()
    print()
    print("Board width\u00d7height in pixels (the body text size used). "
          + ("A larger text size never made a board smaller." if not shrunk else
             "Smaller boards at a larger text size: " + ", ".join(shrunk)))
    return 1 if shrunk else 0


if __name__ == "__main__":
    sys.exit(main())
