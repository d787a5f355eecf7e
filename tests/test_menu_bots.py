"""Bots in the window: the menu offers the game's example bot and the data folder's bot
files as players, a bot plays through the app loop, a broken bot is reported with the
game kept, and ``main.py --run-bot`` runs a bot file with the app's own Python."""
from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import HANG_TIMEOUT, ROOT
from games.registry import get_game
from ui import bots
from ui.bots import bot_choices, bot_command, bots_folder
from ui.player_settings import PlayerSettings, engine_label
from ui.scenes.dialog import Dialog
from ui.scenes.play import PlayScene
from ui.settings import AppSettings
from ui.storage import SETTINGS_FILE
from ui_driver import app, click, frames_until  # noqa: F401 (app is a fixture)

EXAMPLE = ROOT / "docs" / "bots" / "tictactoe_bot.py"
BROKEN_BOTS = {
    "crashing": "import sys\nfor line in sys.stdin:\n"
                "    if line.startswith('uci'): print('uciok', flush=True)\n"
                "    elif line.startswith('isready'): print('readyok', flush=True)\n"
                "    elif line.startswith('go'): raise RuntimeError('a bug in the bot')\n",
    "nonsense": "import sys\nfor line in sys.stdin:\n"
                "    if line.startswith('uci'): print('uciok', flush=True)\n"
                "    elif line.startswith('isready'): print('readyok', flush=True)\n"
                "    elif line.startswith('go'): print('bestmove z9', flush=True)\n",
}


def write_bot(home: Path, name: str, text: str, game_id: str = "tictactoe") -> Path:
    """A bot file in the data folder ``home``'s ``bots/<game_id>/``."""
    folder = home / "bots" / game_id
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.py"
    path.write_text(text, encoding="utf-8")
    return path


def choose_kind(app, side, label: str) -> str:
    """Click the player selector's right arrow until ``label`` shows; its value."""
    for _ in range(len(side.kind.options)):
        if dict((text, value) for value, text in side.kind.options).get(label) == side.kind.value:
            return side.kind.value
        click(app, side.kind.arrow_rects()[1].center)
    raise AssertionError(f"{label!r} is not offered: {side.kind.options}")


def test_a_bot_command_gives_the_path_back_whole_to_the_engine_splitting(monkeypatch, tmp_path):
    path = tmp_path / "a folder with spaces" / "it's C:\\mine.py"
    assert shlex.split(bot_command(path)) == [sys.executable, str(path)]  # ExternalEngine splits with shlex
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert shlex.split(bot_command(path)) == [sys.executable, "--run-bot", str(path)]
    assert engine_label(bot_command(tmp_path / "a folder with spaces" / "my bot.py")) == "my bot"


def test_the_bots_offered_for_each_game(monkeypatch, tmp_path):
    monkeypatch.setenv("GAMETREELAB_HOME", str(tmp_path))
    assert not (tmp_path / "bots").exists()
    labels = {game_id: [label for _, label in bot_choices(get_game(game_id))]
              for game_id in ("tictactoe", "chess", "quarto", "backgammon")}
    assert labels["chess"] == ["Chess (example bot)"] and labels["backgammon"] == ["Backgammon (example bot)"]
    assert not (tmp_path / "bots").exists()  # looking creates nothing
    write_bot(tmp_path, "zeta", "")
    write_bot(tmp_path, "Alpha", "")
    (bots_folder("tictactoe") / "notes.txt").write_text("not a bot")
    assert [label for _, label in bot_choices(get_game("tictactoe"))] == [
        "Tic-tac-toe (example bot)", "Alpha (bot)", "zeta (bot)"]
    monkeypatch.setattr(bots, "project_root", lambda: tmp_path)  # a build without docs/bots: no example bot
    assert [label for _, label in bot_choices(get_game("tictactoe"))] == ["Alpha (bot)", "zeta (bot)"]


def test_a_remembered_bot_command_is_brought_up_to_date(monkeypatch, tmp_path):
    """A built app unpacks docs/bots to a new folder at every start, and an app or venv may
    move: a remembered bot still names the same bot, with today's command."""
    monkeypatch.setenv("GAMETREELAB_HOME", str(tmp_path))
    entry = get_game("tictactoe")
    mine = write_bot(tmp_path, "mine", "")
    example_now, mine_now = (command for command, _ in bot_choices(entry))
    from_last_run = shlex.join(["/tmp/_MEI123456/GameTreeLab", "--run-bot",
                                "/tmp/_MEI123456/docs/bots/tictactoe_bot.py"])
    moved_python = shlex.join(["/old/venv/bin/python", str(mine)])
    gone = shlex.join(["python", "/elsewhere/gone.py"])
    for remembered, today in ((from_last_run, example_now), (moved_python, mine_now), (mine_now, mine_now),
                              ("/usr/games/stockfish", "/usr/games/stockfish"), (gone, gone)):
        data = PlayerSettings("engine", engine=remembered).to_dict()
        assert PlayerSettings.from_dict(data, entry).engine == today, remembered


def test_a_data_folder_bot_chosen_in_the_menu_plays_through_the_app_loop(app, tmp_path):
    write_bot(tmp_path, "my_bot", EXAMPLE.read_text(encoding="utf-8"))
    menu = app.show_menu()
    app.step()
    labels = [label for _, label in menu.sides[1].kind.options]
    assert "Tic-tac-toe (example bot)" in labels and "my_bot (bot)" in labels
    command = choose_kind(app, menu.sides[1], "my_bot (bot)")[len("engine:"):]
    assert menu.chosen_players()[1] == PlayerSettings("engine", menu.sides[1].level.value,
                                                      menu.sides[1].algorithm.value, menu.sides[1].time.value,
                                                      engine=command, elo=None)
    assert not menu.sides[1].elo.enabled  # a bot keeps no Elo limit
    click(app, menu.start_button.rect.center)
    play = app.top
    assert isinstance(play, PlayScene)
    click(app, play.view.square_rect(4).center)  # X takes the centre; the bot answers
    frames_until(app, lambda: len(play.session.record.moves) == 2)
    assert play.session.record.movers[1] == 1
    saved = json.loads((tmp_path / SETTINGS_FILE).read_text())["players"]["tictactoe"][1]
    assert saved["kind"] == "engine" and saved["engine"] == command
    description = PlayerSettings.from_dict(saved, get_game("tictactoe")).describe(get_game("tictactoe"))
    assert description.startswith("my_bot (bot), ") and "strength" not in description  # a bot has none to set
    from ui.widgets.engine_panel import EnginePanel
    status = [text for text, _ in EnginePanel._status_lines(play.session, play.session.searches.latest)]
    assert status[0] == "the program sent its move without search details (no info lines)"


def test_the_example_bot_chosen_in_the_menu_plays_first(app):
    menu = app.show_menu()
    app.step()
    choose_kind(app, menu.sides[0], "Tic-tac-toe (example bot)")
    click(app, menu.start_button.rect.center)
    play = app.top
    frames_until(app, lambda: len(play.session.record.moves) == 1)
    assert not isinstance(app.top, Dialog)


@pytest.mark.parametrize("problem", [*BROKEN_BOTS, "missing"])
def test_a_broken_or_missing_bot_is_reported_and_the_game_kept(app, tmp_path, problem):
    if problem == "missing":  # chosen earlier, its file since deleted: still listed by its command
        path = tmp_path / "bots" / "tictactoe" / "gone.py"
        command = bot_command(path)
        settings = AppSettings.load()[0]
        entry = get_game("tictactoe")
        settings.remember_players(entry, (PlayerSettings("engine", engine=command), PlayerSettings()))
        app.settings.players = settings.players
    else:
        command = bot_command(write_bot(tmp_path, problem, BROKEN_BOTS[problem]))
    menu = app.show_menu()
    app.step()
    if problem == "missing":
        assert menu.sides[0].kind.value == f"engine:{command}"
        assert dict(menu.sides[0].kind.options)[f"engine:{command}"] == "gone (program)"
    else:
        choose_kind(app, menu.sides[0], f"{problem} (bot)")
    click(app, menu.start_button.rect.center)
    play = app.top
    assert isinstance(play, PlayScene)
    frames_until(app, lambda: isinstance(app.top, Dialog))
    dialog = app.top
    assert dialog.title == "The AI stopped"
    expected = "illegal move" if problem == "nonsense" else "stopped unexpectedly"
    assert expected in dialog.message, dialog.message
    assert play.session.record.moves == [] and play.session.failure is not None
    click(app, dialog.buttons[1].rect.center)  # "I'll play X": a person takes over, the game goes on
    assert app.top is play
    click(app, play.view.square_rect(4).center)
    assert len(play.session.record.moves) == 1


def test_run_bot_runs_a_bot_file_with_the_apps_python():
    finished = subprocess.run([sys.executable, "main.py", "--run-bot", "docs/bots/tictactoe_bot.py"],
                              input="uci\nisready\nposition startpos moves b2\ngo\nquit\n", capture_output=True,
                              text=True, timeout=HANG_TIMEOUT, cwd=ROOT)
    assert finished.returncode == 0, finished.stderr
    lines = finished.stdout.splitlines()
    assert "uciok" in lines and "readyok" in lines
    assert lines[-1] in ("bestmove a1", "bestmove c1", "bestmove a3", "bestmove c3")
    assert "pygame" not in finished.stdout + finished.stderr


def test_run_bot_reports_a_file_it_cannot_run(tmp_path):
    finished = subprocess.run([sys.executable, "main.py", "--run-bot", str(tmp_path / "none.py")],
                              capture_output=True, text=True, timeout=HANG_TIMEOUT, cwd=ROOT)
    assert finished.returncode == 1 and "could not be run" in finished.stderr
