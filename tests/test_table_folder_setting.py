"""The window's setting for the folder of a game's tables (chess: endgame tables): read
and checked from settings.json, shown and changed in the menu, and applied to the
searches of the next game (``ui.table_folders``, ``ui.scenes.table_folder_choice``)."""
from __future__ import annotations

import json
import os

import pytest

import ui.search_control
from ai.search_process import ProcessEngine
from ai.types import SearchOptions
from games.chess import tablebase
from games.registry import get_game
from test_endgame_table_folders import made_up_table
from ui import i18n, table_folders
from ui.app import App
from ui.player_settings import PlayerSettings
from ui.scenes.menu import MenuScene
from ui.scenes.play import PlayScene
from ui.scenes.text_dialog import TextDialog
from ui.search_control import SearchControl
from ui.settings import AppSettings
from ui_driver import click

CHESS = get_game("chess")


@pytest.fixture(autouse=True)
def tables_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tables this process uses, and the folders the window chose, come back after each test."""
    monkeypatch.setattr(tablebase, "_shipped", tablebase._shipped)
    monkeypatch.setattr(table_folders, "_chosen", {})
    yield
    i18n.set_language("english")


@pytest.fixture
def home(tmp_path, monkeypatch):
    """An empty data folder, with chess the game last chosen."""
    folder = tmp_path / "home"
    folder.mkdir()
    (folder / "settings.json").write_text(json.dumps({"game": "chess"}))
    monkeypatch.setenv("GAMETREELAB_HOME", str(folder))
    return folder


@pytest.fixture
def tables(tmp_path):
    """A folder with one made-up table (king and queen against king)."""
    folder = tmp_path / "tables"
    folder.mkdir()
    made_up_table(folder)
    return folder


def _load(home, **values):
    (home / "settings.json").write_text(json.dumps(values))
    return AppSettings.load()


# -- the setting in settings.json ------------------------------------------------------------------
def test_the_folders_are_saved_and_read_back(home, tables):
    settings = AppSettings(tables={"chess": str(tables)})
    assert settings.save() == ""
    assert json.loads((home / "settings.json").read_text())["tables"] == {"chess": str(tables)}
    assert AppSettings.load() == (settings, "")
    assert _load(home) == (AppSettings(), "")  # none remembered: every game's default folders


@pytest.mark.parametrize("value, words", [
    (5, "is not a set of named values"),
    ({"tictactoe": "/x"}, "tictactoe is not a game with tables"),
    ({"chess": 7}, "is not text"),
    ({"chess": "x" * 5000}, "more than 4096"),
    ({"nonsense": "/x"}, "nonsense is not a game with tables"),
])
def test_a_bad_value_falls_back_to_the_defaults_with_a_message(home, value, words):
    settings, message = _load(home, tables=value, sound=False)
    assert settings.tables == {} and settings.sound is False  # the rest is kept
    assert "the folders of the tables" in message and words in message


def test_the_chosen_folders_are_the_remembered_ones_else_the_games_default(tables, monkeypatch):
    monkeypatch.setenv(tablebase.FOLDER_VARIABLE, str(tables))
    assert table_folders.chosen_folders({}, CHESS) == (str(tables),)
    assert table_folders.chosen_folders({"chess": ""}, CHESS) == ()
    assert table_folders.chosen_folders({"chess": f" /a {os.pathsep}{os.pathsep}/b"}, CHESS) == ("/a", "/b")
    assert table_folders.chosen_folders({"chess": "/a"}, get_game("tictactoe")) == ()


def test_the_words_say_what_the_folders_hold(tables, tmp_path):
    assert table_folders.where(CHESS, (str(tables),)) == f"{tables}: 1 file, up to 3 pieces"
    made_up_table(tables, "kqkr")
    assert table_folders.found_words(CHESS, (str(tables),)) == "2 files, up to 4 pieces"
    assert table_folders.where(CHESS, ()) == "none, searches without them"
    assert table_folders.where(CHESS, (str(tmp_path / "x"),)) == f"{tmp_path / 'x'}: no tables found"
    assert table_folders.where(CHESS, (str(tables), "/y")) == f"{tables}, /y: 2 files, up to 4 pieces"
    i18n.set_language("italian")
    assert table_folders.found_words(CHESS, (str(tables),)) == "2 file, fino a 4 pezzi"
    assert table_folders.found_words(CHESS, ()) == "nessuna, cerca senza"


# -- the menu --------------------------------------------------------------------------------------
def _open_dialog(app: App) -> tuple[MenuScene, TextDialog]:
    menu = app.show_menu()
    app.step()
    assert menu.tables.shown and menu.tables.button.rect.width > 0
    click(app, menu.tables.button.rect.center)
    dialog = app.top
    assert isinstance(dialog, TextDialog)
    return menu, dialog


def test_the_menu_changes_the_folder_and_the_next_game_searches_with_it(home, tables, tmp_path):
    app = App((1280, 800))
    try:
        menu, dialog = _open_dialog(app)
        before = dict(app.settings.tables)
        for typed, problem in ((str(tmp_path / "nowhere"), "There is no folder"),
                               (str(tmp_path), "No tables found in")):  # tmp_path holds folders, no tables
            dialog.set_text(typed)
            dialog.accept()
            assert app.top is dialog and dialog.error.startswith(problem) and app.settings.tables == before
        dialog.set_text(f"  {tables}  ")
        dialog.accept()
        assert app.top is menu and app.settings.tables == {"chess": str(tables)}
        assert menu.tables.button.label == f"{tables}: 1 file, up to 3 pieces\u2026"
        assert menu.tables.caption == "Endgame tables (a change applies from the next game)"
        assert json.loads((home / "settings.json").read_text())["tables"] == {"chess": str(tables)}
        assert tablebase.current_folders() == (str(tables),)  # this process (the search lab) at once
        menu.sides[1].kind.select("ai")
        menu.start_game()
        play = app.top
        assert isinstance(play, PlayScene)
        engines = play.session.searches.engines
        assert engines and all(engine.options.table_folders == (str(tables),) for engine in engines.values())
        assert play.session.searches.hint_engine.options.table_folders == (str(tables),)
    finally:
        app.shutdown()


def test_an_empty_field_means_no_tables_and_use_the_default_forgets_the_choice(home, tables, monkeypatch):
    monkeypatch.setenv(tablebase.FOLDER_VARIABLE, str(tables))
    app = App((1280, 800))
    try:
        menu, dialog = _open_dialog(app)
        assert dialog.text == str(tables) and str(tables) in dialog.explanation
        dialog.set_text("")
        dialog.accept()
        assert app.settings.tables == {"chess": ""} and tablebase.current_folders() == ()
        assert menu.tables.button.label == "none, searches without them\u2026"
        assert table_folders.with_tables(CHESS, SearchOptions()).table_folders == ()
        menu, dialog = _open_dialog(app)
        click(app, dialog.extra_button.rect.center)
        assert app.top is menu and app.settings.tables == {}
        assert tablebase.current_folders() == (str(tables),)
        assert menu.tables.button.label == f"{tables}: 1 file, up to 3 pieces\u2026"
        menu.game_selector.select("tictactoe")
        menu._game_changed("tictactoe")
        assert not menu.tables.shown  # a game without tables has no such button
    finally:
        app.shutdown()


def test_the_app_starts_with_the_remembered_folder_and_survives_a_bad_one(home, tables):
    (home / "settings.json").write_text(json.dumps({"game": "chess", "tables": {"chess": str(tables)}}))
    app = App((1280, 800))
    try:
        assert tablebase.current_folders() == (str(tables),)
        assert table_folders.with_tables(CHESS, SearchOptions()).table_folders == (str(tables),)
    finally:
        app.shutdown()
    (home / "settings.json").write_text(json.dumps({"game": "chess", "tables": ["not", "a", "mapping"]}))
    app = App((1280, 800))
    try:
        menu = app.show_menu()
        app.step()
        assert any("the folders of the tables" in notice for notice in menu.notices)
        assert menu.tables.folders() == CHESS.external_tables.default_folders()
    finally:
        app.shutdown()


def test_the_search_process_engines_carry_the_folders(tables, monkeypatch):
    monkeypatch.setattr(ui.search_control, "SEARCH_PROCESS", True)
    table_folders.apply({"chess": str(tables)})
    control = SearchControl(CHESS, (PlayerSettings("ai"), PlayerSettings("ai")))
    try:
        engines = [*control.engines.values(), control.hint_engine]
        assert all(isinstance(engine, ProcessEngine) for engine in engines)
        assert all(engine.options.table_folders == (str(tables),) for engine in engines)
    finally:
        control.worker.close()
