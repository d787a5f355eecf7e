"""Damaged, hostile or unreadable files in the data folder: the app starts anyway, moves
the bad file aside (or leaves an unreadable one alone), and says so in words.

Each case is an input that once stopped the app from starting (found by fuzzing).
"""
from __future__ import annotations

import json
import os
import threading

import pygame
import pytest

import ui.storage as storage
from games.registry import get_game
from ui.app import App
from ui.player_settings import PlayerSettings
from ui.scenes.dialog import Dialog
from ui.scenes.menu import MenuScene
from ui.session import GameSession
from ui.settings import AppSettings
from ui.storage import AUTOSAVE_FILE, SETTINGS_FILE, StorageError, data_dir, read_json, write_json_atomically

DEEP = "[" * 200_000 + "]" * 200_000


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMETREELAB_HOME", str(tmp_path))
    return tmp_path


def saved_game_data() -> dict:
    entry = get_game("tictactoe")
    session = GameSession(entry, (PlayerSettings("human", 5), PlayerSettings("human", 5)))
    session.play_text("b2")
    return session.to_dict()


def start_app(size=(800, 600)) -> tuple[App, MenuScene]:
    """The app as ``run_app`` starts it, run for a few frames."""
    app = App(size)
    menu = app.show_menu()
    menu.offer_resume()
    for _ in range(3):
        app.step()
    return app, menu


def shown_texts(app: App, menu: MenuScene) -> str:
    texts = [*menu.notices, menu.message]
    texts += [scene.message for scene in app.scenes if isinstance(scene, Dialog)]
    return " ".join(texts)


@pytest.mark.parametrize("content, words", [
    (DEEP, "nested too deeply"),
    ('{"game": "tictactoe", "window_size": [1e400, 600]}', "too large"),
    ('{"game": "tictactoe", "text_size": Infinity}', "Infinity"),
    ('{"game": "tictactoe", "text_size": NaN}', "NaN"),
    ("{" * 50 + "\xff", "not"),
])
def test_a_damaged_settings_file_is_moved_aside_and_the_app_starts(home, content, words):
    (home / SETTINGS_FILE).write_bytes(content.encode("utf-8", "surrogateescape") if isinstance(content, str) else content)
    app, menu = start_app()
    try:
        text = shown_texts(app, menu)
        assert words in text and "moved aside" in text and str(home) in text
        assert menu.entry.id == "tictactoe"
        assert list(home.glob(SETTINGS_FILE + ".damaged-*"))
    finally:
        app.shutdown()


@pytest.mark.parametrize("change, words", [
    ({"clock": "INFINITY"}, "Infinity"),
    ({"move_delay": "1E400"}, "too large"),
    ({"clock": [1e300, 5.0]}, "clocks"),
    ({"tally": [1, 2, 1e30]}, "score"),
    ({"moves": "DEEP"}, "nested too deeply"),
])
def test_a_damaged_saved_game_is_moved_aside_and_the_app_starts(home, change, words):
    data = saved_game_data()
    text = json.dumps({**data, **change})
    text = text.replace('"INFINITY"', "[Infinity, 1]").replace('"1E400"', "1e400").replace('"DEEP"', DEEP)
    (home / AUTOSAVE_FILE).write_text(text)
    app, menu = start_app()
    try:
        assert words in shown_texts(app, menu)
        assert not (home / AUTOSAVE_FILE).exists() and list(home.glob(AUTOSAVE_FILE + ".damaged-*"))
        assert not menu.resume_button.visible
    finally:
        app.shutdown()


def test_a_home_variable_naming_a_regular_file_is_not_touched_and_another_folder_is_used(tmp_path, monkeypatch):
    not_a_folder = tmp_path / "home-file"
    not_a_folder.write_text("my notes")
    monkeypatch.setenv("GAMETREELAB_HOME", str(not_a_folder))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    folder = data_dir()
    assert folder.is_dir() and folder != not_a_folder
    app, menu = start_app()
    try:
        text = shown_texts(app, menu)
        assert "GAMETREELAB_HOME" in text and str(folder) in text
    finally:
        app.shutdown()
    assert not_a_folder.read_text() == "my notes"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
@pytest.mark.parametrize("name", [SETTINGS_FILE, AUTOSAVE_FILE])
def test_a_named_pipe_where_a_file_should_be_does_not_hang(home, name):
    os.mkfifo(home / name)
    outcome = {}

    def read() -> None:
        try:
            read_json(home / name)
        except StorageError as problem:
            outcome["message"] = str(problem)

    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    thread.join(10)
    assert not thread.is_alive(), "reading a named pipe hung"
    assert "not a regular file" in outcome["message"]
    assert not (home / name).exists()
    app, menu = start_app()  # and the app starts with the pipe gone
    app.shutdown()


def test_a_folder_where_a_file_should_be_is_moved_aside(home):
    (home / SETTINGS_FILE).mkdir()
    settings, message = AppSettings.load()
    assert "not a regular file" in message and settings.text_size == "normal"
    assert not (home / SETTINGS_FILE).exists()


def test_a_huge_file_is_not_read_into_memory(home):
    with open(home / AUTOSAVE_FILE, "wb") as stream:
        stream.truncate(storage.MAX_FILE_BYTES + 1)
    with pytest.raises(StorageError, match="far larger"):
        read_json(home / AUTOSAVE_FILE)


def test_a_file_that_cannot_be_read_is_never_overwritten(home, monkeypatch):
    path = home / SETTINGS_FILE
    path.write_text('{"game": "tictactoe", "text_size": "large"}')
    real = storage._read_regular_file

    def refuse(target):
        if target == path:
            raise PermissionError(13, "Permission denied")
        return real(target)

    monkeypatch.setattr(storage, "_read_regular_file", refuse)
    settings, message = AppSettings.load()
    assert "could not be read" in message and "left as it is" in message and settings.text_size == "normal"
    settings.text_size = "extra large"
    problem = settings.save()
    assert "settings-new.json" in problem
    assert json.loads(path.read_text())["text_size"] == "large"  # untouched
    assert json.loads((home / "settings-new.json").read_text())["text_size"] == "extra large"
    again, _ = AppSettings.load()  # the copy is what is read while the original stays unreadable
    assert again.text_size == "extra large"


@pytest.mark.skipif(not hasattr(os, "getuid") or os.getuid() == 0, reason="root can read any file")
def test_a_file_without_read_permission_is_left_alone(home):
    path = home / AUTOSAVE_FILE
    path.write_text(json.dumps(saved_game_data()))
    path.chmod(0)
    try:
        written = write_json_atomically(path, {"version": 1})
        assert written.name == "autosave-new.json"
    finally:
        path.chmod(0o600)
    assert json.loads(path.read_text())["moves"] == ["b2"]


def test_stale_temporaries_are_removed_at_start_and_others_kept(home):
    orphans = [home / f"{AUTOSAVE_FILE}.a1b2c3.tmp", home / f"{SETTINGS_FILE}.zz9.tmp"]
    for orphan in orphans:
        orphan.write_text("{half a fi")
    keep = home / "lecture-notes.tmp"
    keep.write_text("mine")
    app, _ = start_app()
    app.shutdown()
    assert not any(orphan.exists() for orphan in orphans)
    assert keep.read_text() == "mine"


def test_non_finite_numbers_are_never_written(tmp_path):
    with pytest.raises(ValueError):
        write_json_atomically(tmp_path / "never.json", {"a": float("inf")})


def test_the_app_starts_with_every_file_damaged_at_once(home):
    (home / SETTINGS_FILE).write_text(DEEP)
    (home / AUTOSAVE_FILE).write_text('{"version": 1, "clock": [1e400, 1]}')
    app, menu = start_app((640, 480))
    try:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
        app.step()
        assert isinstance(app.top, MenuScene)
        assert len(list(home.glob("*.damaged-*"))) == 2
    finally:
        app.shutdown()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_a_named_pipe_as_the_crash_log_does_not_hang_crash_recovery(home):
    os.mkfifo(home / "crash.log")
    app = App((800, 600))
    finished = threading.Event()

    def recover() -> None:
        try:
            raise RuntimeError("boom")
        except RuntimeError as error:
            app.recover(error)
        finished.set()

    thread = threading.Thread(target=recover, daemon=True)
    thread.start()
    thread.join(10)
    try:
        assert finished.is_set(), "crash recovery hung on a named pipe"
        assert "boom" in (home / "crash.log").read_text()
        assert list(home.glob("crash.log.damaged-*"))
    finally:
        app.shutdown()


def test_many_start_up_problems_leave_the_menu_usable_at_640x480(tmp_path, monkeypatch):
    not_a_folder = tmp_path / "home-file"
    not_a_folder.write_text("x")
    monkeypatch.setenv("GAMETREELAB_HOME", str(not_a_folder))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    folder = data_dir()
    (folder / SETTINGS_FILE).write_text('{"game": "tictactoe", "text_size": "huge", "window_size": [1, "2"], '
                                        '"fullscreen": 3, "players": {"tictactoe": [1, 2]}}')
    (folder / AUTOSAVE_FILE).write_text('{"version": 1, "players": 3}')
    app = App((640, 480))
    try:
        menu = app.show_menu()
        menu.offer_resume()
        app.step()
        keys_top, keys_lines = menu._layout["keys"]
        from ui import theme

        assert keys_top + len(keys_lines) * theme.line_height(menu._sizes.small) <= 480
        for control in (*menu.buttons, menu.help_button, menu.fullscreen_button, menu.text_size_selector):
            if getattr(control, "visible", True):
                assert control.rect.bottom <= 480, control
        assert menu.details_button.visible
        menu.show_notices()
        shown = app.top.message
        assert "GAMETREELAB_HOME" in shown and "text size" in shown
    finally:
        app.shutdown()
