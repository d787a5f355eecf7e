"""The real app loop driven by synthetic mouse and key events, with no display (SDL dummy driver)."""
from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from ai.clock import TimeControl
from conftest import HANG_TIMEOUT, ROOT
from ui.app import App
from ui_driver import app, click, frames_until, press, start_from_menu  # noqa: F401 (app is a fixture)
from ui.scenes.dialog import Dialog
from ui.scenes.menu import MenuScene
from ui.scenes.play import PlayScene
from ui.storage import APP_LOG_FILE, CRASH_LOG_FILE, SETTINGS_FILE, autosave_file

ARTIFACTS = ROOT / "artifacts"


def test_full_game_through_the_event_loop_with_a_screenshot(app, tmp_path):
    # A person (X) against the strongest computer (O), as the menu offers, but without
    # its second a move: it searches to the end of the game, however busy the machine.
    menu = app.show_menu()
    app.step()
    assert menu.sides[1].kind.value == "ai" and menu.sides[1].level.value == menu.entry.max_level
    menu.sides[1].time.select(TimeControl.unlimited())
    click(app, menu.start_button.rect.center)
    play = app.top
    assert isinstance(play, PlayScene)
    session = play.session
    assert session.players[1].time_control == TimeControl.unlimited()
    assert session.human_to_move()
    order = [4, 0, 2, 6, 8, 1, 3, 5, 7]
    while session.record.result is None:
        frames_until(app, lambda: session.human_to_move() or session.record.result is not None)
        if session.record.result is not None:
            break
        square = next(square for square in order if square in session.record.state.legal_moves())
        before = len(session.record.moves)
        click(app, play.view.square_rect(square).center)
        # The person's move is in; the computer's reply may already follow it in the same frame.
        assert len(session.record.moves) > before and session.record.moves[before] == square
    frames_until(app, lambda: isinstance(app.top, Dialog))
    assert session.record.result.winner != 0  # nobody beats the strongest level
    app.step()
    ARTIFACTS.mkdir(exist_ok=True)
    shot = ARTIFACTS / "ui_game_over.png"
    pygame.image.save(app.screen, str(shot))
    assert shot.stat().st_size > 10_000
    play.wait_for_saves()  # autosaves are written on a thread of their own
    saved = json.loads((tmp_path / autosave_file(session.game.id)).read_text())
    assert saved["moves"] == session.record.move_texts
    click(app, app.top.button("Review").rect.center)
    assert isinstance(app.top, PlayScene)


def test_clicks_that_are_not_moves_change_nothing(app):
    play = start_from_menu(app)
    session = play.session
    click(app, play.view.square_rect(4).center)
    frames_until(app, lambda: session.human_to_move())
    taken = session.record.moves[1]
    click(app, play.view.square_rect(taken).center)
    assert len(session.record.moves) == 2
    click(app, (5, 795))  # outside everything
    assert len(session.record.moves) == 2


def test_move_list_click_navigation_takeback_and_flip(app):
    play = start_from_menu(app)
    session = play.session
    click(app, play.view.square_rect(0).center)
    frames_until(app, lambda: session.human_to_move())
    # The computer's reply, searched for a second, depends on the machine's speed: X
    # plays the first free square of c3, a3, c1.
    second = next(square for square in (8, 6, 2) if square in session.record.state.legal_moves())
    click(app, play.view.square_rect(second).center)
    frames_until(app, lambda: session.human_to_move())
    assert len(session.record.moves) == 4
    first = play.move_list.item_rect(0)
    click(app, first.center)
    assert session.view_index == 1 and session.display_state.to_text() == ".../.../X.."
    free = next(square for square in session.record.state.legal_moves())
    click(app, play.view.square_rect(free).center)  # viewing history: no move
    assert len(session.record.moves) == 4 and "earlier position" in play.toast
    click(app, play.buttons["last"].rect.center)
    assert session.view_index is None
    click(app, play.buttons["takeback"].rect.center)
    assert len(session.record.moves) == 2 and session.human_to_move()
    centre_before = play.view.square_rect(0).center
    click(app, play.buttons["flip"].rect.center)
    assert play.view.flipped and play.view.square_rect(0).center != centre_before
    press(app, pygame.K_LEFT)
    assert session.view_index == 1


def test_watch_mode_pause_and_step(app):
    menu = app.show_menu()
    app.step()
    first_kind = menu.sides[0].kind
    click(app, first_kind.arrow_rects()[1].center)  # Person -> Computer
    assert first_kind.value == "ai"
    click(app, menu.start_button.rect.center)
    play = app.top
    session = play.session
    assert session.watch_mode and play.buttons["pause"].visible
    session.watch.move_delay = 0.0
    frames_until(app, lambda: len(session.record.moves) >= 2)
    click(app, play.buttons["pause"].rect.center)
    assert session.paused
    count = len(session.record.moves)
    assert session.searches.worker.wait(HANG_TIMEOUT)  # the search the pause abandoned has ended...
    for _ in range(10):  # ...and frames go by
        app.step()
    assert len(session.record.moves) == count
    click(app, play.buttons["step"].rect.center)
    frames_until(app, lambda: len(session.record.moves) == count + 1)
    settings = json.loads((Path(app_home()) / SETTINGS_FILE).read_text())
    assert settings["players"]["tictactoe"][0]["kind"] == "ai"


def app_home() -> str:
    import os

    return os.environ["GAMETREELAB_HOME"]


def test_window_resize_relays_out_everything(app):
    play = start_from_menu(app)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(700, 900), w=700, h=900))
    app.step()
    assert play.view.rect.width > 100
    assert play.view.rect.right <= app.size[0] or app.size != (700, 900)
    click(app, play.view.square_rect(4).center)
    assert len(play.session.record.moves) == 1


def test_resume_is_offered_for_an_unfinished_saved_game(app, tmp_path):
    play = start_from_menu(app)
    click(app, play.view.square_rect(0).center)
    frames_until(app, lambda: play.session.human_to_move())
    press(app, pygame.K_ESCAPE)  # back to the menu; the game stays saved
    assert isinstance(app.top, MenuScene)
    menu = app.top
    menu.offer_resume()
    app.step()
    dialog = app.top
    assert isinstance(dialog, Dialog) and "Resume" in dialog.title
    click(app, dialog.button("Resume").rect.center)
    assert isinstance(app.top, PlayScene)
    assert app.top.session.record.move_texts == play.session.record.move_texts


def test_damaged_saved_game_is_reported_and_kept(app, tmp_path):
    name = autosave_file(app.settings.game)  # the game whose page the menu opens on
    (tmp_path / name).write_text("{ this is not json")
    menu = app.show_menu()
    menu.offer_resume()
    app.step()
    assert isinstance(app.top, Dialog) and "damaged" in app.top.message
    assert list(tmp_path.glob(name + ".damaged-*"))
    assert not (tmp_path / name).exists()


def test_a_crash_in_a_frame_saves_the_game_and_shows_the_error(app, tmp_path):
    play = start_from_menu(app)
    click(app, play.view.square_rect(4).center)
    frames_until(app, lambda: play.session.human_to_move())
    original = play.update
    frames_after = []

    def explode(dt):
        play.update = counted
        raise RuntimeError("boom")

    def counted(dt):
        original(dt)
        frames_after.append(dt)
        if len(frames_after) == 3:
            app.quit()  # ends run() after three more frames, however long they take

    play.update = explode
    app.run()  # run() survives the failure and keeps going
    assert len(frames_after) == 3
    assert any(isinstance(scene, Dialog) and "boom" in scene.message for scene in app.scenes)
    assert play in app.scenes
    assert "boom" in (tmp_path / CRASH_LOG_FILE).read_text()
    assert "error, the game saved: RuntimeError: boom" in (tmp_path / APP_LOG_FILE).read_text()
    saved = json.loads((tmp_path / autosave_file(play.session.game.id)).read_text())
    assert saved["moves"] == play.session.record.move_texts


def test_the_app_log_keeps_one_line_an_event_and_stays_small(tmp_path, monkeypatch):
    from ui import storage
    monkeypatch.setenv("GAMETREELAB_HOME", str(tmp_path))
    monkeypatch.setattr(storage, "APP_LOG_LIMIT", 200)
    storage.log_event("first\nevent   with  spaces")
    assert (tmp_path / APP_LOG_FILE).read_text().rstrip().endswith(" first event with spaces")
    for number in range(10):
        storage.log_event(f"event {number}")
    assert (tmp_path / f"{APP_LOG_FILE}.old").exists()
    assert (tmp_path / APP_LOG_FILE).stat().st_size <= 200 + 60


def test_new_game_asks_before_replacing_a_game_in_progress(app):
    play = start_from_menu(app)
    click(app, play.view.square_rect(4).center)
    frames_until(app, lambda: play.session.human_to_move())
    press(app, pygame.K_n)
    dialog = app.top
    assert isinstance(dialog, Dialog) and len(play.session.record.moves) == 2
    click(app, dialog.button("Keep playing").rect.center)
    assert len(play.session.record.moves) == 2
    click(app, play.buttons["new"].rect.center)
    click(app, app.top.button("New game").rect.center)
    assert play.session.record.moves == [] and app.top is play


def test_pause_keys_do_nothing_against_the_computer_but_say_why(app):
    play = start_from_menu(app)
    press(app, pygame.K_SPACE)
    press(app, pygame.K_s)
    assert not play.session.paused and "watching" in play.toast
    click(app, play.view.square_rect(4).center)
    frames_until(app, lambda: len(play.session.record.moves) == 2)


def test_clicking_a_taken_square_says_so(app):
    play = start_from_menu(app)
    click(app, play.view.square_rect(4).center)
    frames_until(app, lambda: play.session.human_to_move())
    click(app, play.view.square_rect(4).center)
    assert "already taken" in play.toast and len(play.session.record.moves) == 2


@pytest.mark.parametrize("content", ['{"game": [], "players": {}}', '{"game": "tictactoe", "players": []}',
                                     '{"game": "tictactoe", "players": {"tictactoe": [{"kind": "ai", "level": 99}, 3]}}'])
def test_odd_settings_files_fall_back_to_defaults(app, tmp_path, content):
    (tmp_path / SETTINGS_FILE).write_text(content)
    menu = app.show_menu()
    app.step()
    assert menu.entry.id == "tictactoe"
    assert [side.kind.value for side in menu.sides] == ["human", "ai"]


def test_after_the_app_shuts_down_text_can_still_be_measured(tmp_path, monkeypatch):
    # pygame.quit() ends every font: the cached ones must go with it, or the next drawing
    # without a window (a widget's test after an app's) fails with "Invalid font".
    from ui import theme

    monkeypatch.setenv("GAMETREELAB_HOME", str(tmp_path))
    application = App((800, 600))
    application.step()
    assert theme.font(16, "mono").size("000.")[0] > 0
    application.shutdown()
    pygame.init()
    assert theme.font(16, "mono").size("000.")[0] > 0
