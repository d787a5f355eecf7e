"""Resume is per game: the menu offers the saved game of the game whose page it shows,
never another game's; it says when that game has none; each game keeps its own saved
game, and an older version's single autosave is still found by its own game."""
from __future__ import annotations

import json

import pygame

from games.registry import get_game
from ui.player_settings import PlayerSettings
from ui.scenes.menu import MenuScene
from ui.scenes.play import PlayScene
from ui.session import GameSession
from ui.storage import AUTOSAVE_FILE, autosave_file
from ui_driver import app, click, press  # noqa: F401 (app is a fixture)

PERSON = PlayerSettings("human", 3)


def saved_game(game_id: str, moves: list[str]) -> dict:
    session = GameSession(get_game(game_id), (PERSON, PERSON))
    for move in moves:
        assert session.play_text(move) is None
    return session.to_dict()


def show_page(menu: MenuScene, game_id: str) -> None:
    """Choose ``game_id`` in the menu's game selector, as a click on its arrows does."""
    menu.game_selector.select(game_id)
    menu.game_selector.on_change(game_id)


def test_another_games_saved_game_is_not_resumed_and_the_menu_says_so(app, tmp_path):
    (tmp_path / autosave_file("chess")).write_text(json.dumps(saved_game("chess", ["e4", "e5"])))
    menu = app.show_menu()
    app.step()
    show_page(menu, "quarto")
    assert not menu.resume_button.visible
    press(app, pygame.K_r, "r")
    assert app.top is menu and menu.message == "There is no saved Quarto game."
    show_page(menu, "chess")
    assert menu.resume_button.visible and menu.resume_button.label == "Resume saved game"
    app.step()
    click(app, menu.resume_button.rect.center)
    play = app.top
    assert isinstance(play, PlayScene) and play.session.game.id == "chess"
    assert play.session.record.display_texts == ["e4", "e5"]


def test_each_game_resumes_its_own_saved_game(app, tmp_path):
    (tmp_path / autosave_file("chess")).write_text(json.dumps(saved_game("chess", ["d4"])))
    (tmp_path / autosave_file("tictactoe")).write_text(json.dumps(saved_game("tictactoe", ["b2", "a1"])))
    menu = app.show_menu()
    show_page(menu, "tictactoe")
    press(app, pygame.K_r, "r")
    assert isinstance(app.top, PlayScene) and app.top.session.record.move_texts == ["b2", "a1"]


def test_playing_a_game_keeps_the_other_games_saved_games(app, tmp_path):
    (tmp_path / autosave_file("chess")).write_text(json.dumps(saved_game("chess", ["e4"])))
    play = app.show_game(GameSession(get_game("tictactoe"), (PERSON, PERSON)))
    app.step()
    click(app, play.view.square_rect(4).center)
    play.wait_for_saves()  # autosaves are written on a thread of their own
    saved = json.loads((tmp_path / autosave_file("tictactoe")).read_text())
    assert saved["moves"] == ["b2"]
    assert json.loads((tmp_path / autosave_file("chess")).read_text())["moves"] == ["e2e4"]


def test_an_older_versions_single_autosave_is_offered_on_its_own_games_page_only(app, tmp_path):
    (tmp_path / AUTOSAVE_FILE).write_text(json.dumps(saved_game("chess", ["e4"])))
    menu = app.show_menu()
    show_page(menu, "chess")
    assert menu.resume_button.visible and menu.saved.entry.id == "chess"
    show_page(menu, "backgammon")
    assert not menu.resume_button.visible and menu.saved is None
