"""Reviewing a game without surprises, driven through the real app loop with synthetic events:
play from here, takeback while reviewing, watch mode pausing while someone looks back,
the score counted when a game ends, and what the menu offers to resume."""
from __future__ import annotations

import json

import pygame

from ai.clock import TimeControl
from ai.types import Algorithm
from conftest import HANG_TIMEOUT
from games.registry import get_game
from session_driver import run_until
from ui.player_settings import PlayerSettings
from ui.scenes.dialog import Dialog
from ui.scenes.menu import MenuScene
from ui.scenes.play import PlayScene
from ui.session import GameSession
from ui.storage import autosave_file
from ui.widgets.players_panel import score_line
from ui_driver import app, click, frames_until, press  # noqa: F401 (app is a fixture)

ENTRY = get_game("tictactoe")
PERSON = PlayerSettings("human", 5)
COMPUTER = PlayerSettings("ai", 5, Algorithm.PVS, TimeControl.unlimited())


def open_game(app, players) -> PlayScene:
    return app.show_game(GameSession(ENTRY, players))


def click_square(app, play: PlayScene, name: str) -> None:
    click(app, play.view.square_rect(play.session.record.state.parse_move(name)).center)


def confirm(app, label: str) -> None:
    assert isinstance(app.top, Dialog), "a confirmation was expected"
    click(app, app.top.button(label).rect.center)


def test_play_from_here_asks_then_drops_the_later_moves_and_the_computer_plays_on(app):
    play = open_game(app, (PERSON, COMPUTER))
    session = play.session
    for square in ("a1", "c3"):
        frames_until(app, session.human_to_move)
        state = session.record.state
        click_square(app, play, square) if square in [state.move_to_text(m) for m in state.legal_moves()] \
            else click(app, play.view.square_rect(state.legal_moves()[0]).center)
    frames_until(app, session.human_to_move)
    assert len(session.record.moves) == 4
    click(app, play.move_list.item_rect(1).center)  # the position after O's first reply
    assert session.view_index == 2 and play.buttons["here"].enabled
    press(app, pygame.K_p)
    assert isinstance(app.top, Dialog) and "2 later moves" in app.top.message
    click(app, app.top.button("Cancel").rect.center)
    assert len(session.record.moves) == 4 and session.view_index == 2  # cancelled: nothing changed
    click(app, play.buttons["here"].rect.center)
    confirm(app, "Play from here")
    assert len(session.record.moves) == 2 and session.view_index is None and session.human_to_move()
    click_square(app, play, session.record.state.move_to_text(session.record.state.legal_moves()[0]))
    frames_until(app, lambda: len(session.record.moves) == 4)  # the game goes on from there
    play.wait_for_saves()  # autosaves are written on a thread of their own
    saved = json.loads((app_data(app) / autosave_file(session.game.id)).read_text())
    assert saved["moves"] == session.record.move_texts


def app_data(app):
    from ui.storage import data_dir

    return data_dir()


def test_takeback_while_reviewing_acts_on_the_shown_position(app):
    play = open_game(app, (PERSON, PERSON))
    session = play.session
    for square in ("a1", "b2", "c3", "a3", "c1"):
        click_square(app, play, square)
    assert len(session.record.moves) == 5
    press(app, pygame.K_LEFT)
    press(app, pygame.K_LEFT)  # showing the position after move 3 (c3)
    assert session.view_index == 3
    press(app, pygame.K_u)
    assert isinstance(app.top, Dialog) and "remove the 3 moves" in app.top.message
    confirm(app, "Take back")
    assert session.record.move_texts == ["a1", "b2"] and session.view_index is None


def test_takeback_at_the_end_needs_no_confirmation(app):
    play = open_game(app, (PERSON, COMPUTER))
    session = play.session
    click_square(app, play, "b2")
    frames_until(app, session.human_to_move)
    press(app, pygame.K_u)
    assert not isinstance(app.top, Dialog) and session.record.moves == []


def test_second_player_takeback_keeps_the_computers_first_move_and_says_why(app):
    play = open_game(app, (COMPUTER, PERSON))
    session = play.session
    frames_until(app, session.human_to_move)
    first = list(session.record.move_texts)
    press(app, pygame.K_u)
    assert session.record.move_texts == first and "no move of yours" in play.toast
    assert not play.buttons["takeback"].enabled
    click(app, play.view.square_rect(session.record.state.legal_moves()[0]).center)
    frames_until(app, session.human_to_move)
    press(app, pygame.K_u)  # now there is a move of the person's to take back: back to their first turn
    assert session.record.move_texts == first and session.human_to_move()


def test_watch_mode_pauses_while_looking_back_and_resumes_at_the_end(app):
    play = open_game(app, (COMPUTER, COMPUTER))
    session = play.session
    session.watch.move_delay = 0.0
    frames_until(app, lambda: len(session.record.moves) >= 3)
    press(app, pygame.K_LEFT)
    assert session.paused and session.watch.paused_for_review and session.view_index is not None
    assert "paused" in play.status_text()[0].lower() or "paused" in play.toast.lower()
    count = len(session.record.moves)
    assert session.searches.worker.wait(HANG_TIMEOUT)  # a search cut short by the pause has ended...
    for _ in range(24):  # ...and frames go by
        app.step()
    assert len(session.record.moves) == count and not session.thinking  # nothing moved while looking back
    press(app, pygame.K_SPACE)  # Space resumes too (and returns to the live position)
    assert not session.paused and session.view_index is None
    press(app, pygame.K_LEFT)
    assert session.paused
    press(app, pygame.K_END)
    assert not session.paused and session.view_index is None
    frames_until(app, lambda: len(session.record.moves) > count or session.record.result is not None)


def test_watch_mode_stays_paused_after_looking_back_when_it_was_paused_before(app):
    play = open_game(app, (COMPUTER, COMPUTER))
    session = play.session
    session.watch.move_delay = 0.0
    frames_until(app, lambda: len(session.record.moves) >= 2)
    press(app, pygame.K_SPACE)
    press(app, pygame.K_HOME)
    press(app, pygame.K_END)
    assert session.paused  # the person's own pause is kept


def test_the_score_counts_a_win_when_it_ends_and_counts_draws(app):
    play = open_game(app, (PERSON, PERSON))
    session = play.session
    for square in ("a1", "a2", "b1", "b2", "c1"):  # X wins on the bottom row
        click_square(app, play, square)
    assert session.record.result is not None and session.record.result.winner == 0
    assert session.tally == [1, 0, 0] and score_line(session) == "Score: X 1, O 0, 0 draws"
    click(app, app.top.button("New game").rect.center)  # the result dialog
    assert session.tally == [1, 0, 0] and session.record.moves == []
    for square in ("b2", "a1", "c3", "a3", "a2", "c2", "b1", "b3", "c1"):  # a drawn game
        click_square(app, play, square)
    assert session.record.result is not None and session.record.result.winner is None
    assert session.tally == [1, 0, 1] and score_line(session) == "Score: X 1, O 0, 1 draw"
    click(app, app.top.button("Review").rect.center)
    press(app, pygame.K_u)
    assert session.record.result is None and session.tally == [1, 0, 0]  # taken back: the draw no longer counts


def test_result_words_are_from_the_persons_point_of_view(app):
    from ui import theme

    play = open_game(app, (PERSON, COMPUTER))
    session = play.session
    while session.record.result is None:
        frames_until(app, lambda: session.human_to_move() or session.record.result is not None)
        if session.record.result is None:
            # a careless person: the first free square
            click(app, play.view.square_rect(session.record.state.legal_moves()[-1]).center)
    frames_until(app, lambda: isinstance(app.top, Dialog))
    dialog = app.top
    if session.record.result.winner == 1:
        assert dialog.title == "You lost" and dialog.title_colour == theme.DANGER
        assert "You lost \u2014 O won by three in a row" in dialog.message
    else:
        assert dialog.title == "Draw"


def test_resume_offers_unfinished_games_and_review_opens_finished_ones(app, tmp_path):
    session = GameSession(ENTRY, (PERSON, PERSON))
    for square in ("a1", "a2", "b1", "b2", "c1"):
        session.play_text(square)
    (tmp_path / autosave_file(ENTRY.id)).write_text(json.dumps(session.to_dict()))
    menu = app.show_menu()
    menu.offer_resume()
    app.step()
    assert isinstance(app.top, MenuScene)  # a finished game is not offered as "resume"
    assert menu.resume_button.visible and menu.resume_button.label == "Review last game"
    click(app, menu.resume_button.rect.center)
    play = app.top
    assert isinstance(play, PlayScene) and play.session.record.result is not None
    assert play.session.record.move_texts == ["a1", "a2", "b1", "b2", "c1"]
    assert not isinstance(app.top, Dialog)  # reviewing, not announcing the result again


def test_resume_dialog_for_an_unfinished_game(app, tmp_path):
    session = GameSession(ENTRY, (PERSON, COMPUTER))
    session.play_text("b2")
    (tmp_path / autosave_file(ENTRY.id)).write_text(json.dumps(session.to_dict()))
    menu = app.show_menu()
    assert menu.resume_button.label == "Resume saved game"
    menu.offer_resume()
    app.step()
    assert isinstance(app.top, Dialog) and "1 move" in app.top.message


class FakeTime:
    """A monotonic clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_looking_back_at_a_finished_watch_game_holds_the_next_game(app):
    from ui.watch_control import NEXT_GAME_SECONDS

    fake = FakeTime()
    play = app.show_game(GameSession(ENTRY, (COMPUTER, COMPUTER), now=fake))
    session = play.session
    session.watch.move_delay = 0.0
    frames_until(app, lambda: session.record.result is not None)
    press(app, pygame.K_LEFT)
    assert session.paused and session.view_index is not None
    fake.now += 10 * NEXT_GAME_SECONDS
    for _ in range(5):
        app.step()
    assert session.record.result is not None and session.tally == [0, 0, 1] and session.view_index is not None
    press(app, pygame.K_END)  # back at the end: the next game follows after the usual pause
    app.step()
    assert session.record.result is not None
    fake.now += NEXT_GAME_SECONDS + 0.1
    app.step()
    assert session.record.result is None and sum(session.tally) == 1  # the next game began


def test_a_confirmation_does_nothing_if_the_game_changed_meanwhile(app):
    play = open_game(app, (PERSON, PERSON))
    session = play.session
    for square in ("a1", "b2", "c3", "a3"):
        click_square(app, play, square)
    press(app, pygame.K_HOME)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_p)
    dialog = app.top
    assert isinstance(dialog, Dialog)
    session.view(None)  # meanwhile the game went on
    session.play_text("c1")
    click(app, dialog.button("Play from here").rect.center)
    assert session.record.move_texts == ["a1", "b2", "c3", "a3", "c1"] and "nothing was removed" in play.toast


def test_a_person_taking_over_in_watch_mode_is_not_left_paused():
    session = GameSession(ENTRY, (COMPUTER, COMPUTER))
    session.set_paused(True)
    session.hand_over_to_human(0)
    assert not session.watch_mode and not session.paused


def test_new_game_ends_a_pause_that_was_only_for_looking_back():
    session = GameSession(ENTRY, (COMPUTER, COMPUTER))
    session.watch.move_delay = 0.0
    run_until(session, lambda: len(session.record.moves) >= 2)
    session.view(1)
    assert session.paused and session.watch.paused_for_review
    session.new_game()
    assert not session.paused and not session.watch.paused_for_review


def test_a_resumed_finished_watch_game_goes_on_to_the_next_game_after_space(app, tmp_path):
    from ui.watch_control import NEXT_GAME_SECONDS

    finished = GameSession(ENTRY, (COMPUTER, COMPUTER))
    finished.watch.move_delay = 0.0
    run_until(finished, lambda: finished.record.result is not None)
    fake = FakeTime()
    session = GameSession.from_dict(finished.to_dict(), now=fake)
    play = app.show_game(session)
    assert session.paused and "Space" in play.toast
    press(app, pygame.K_SPACE)
    fake.now += NEXT_GAME_SECONDS + 0.1
    app.step()
    assert session.record.result is None and sum(session.tally) == 1


def test_an_autosave_that_cannot_be_written_is_shown_and_the_next_that_works_clears_it(app):
    """Autosaves are written on a thread of their own (``ui.background_writer``): a write
    that fails must still reach the status line, and the game go on."""
    play = open_game(app, (PERSON, PERSON))
    session = play.session
    blocker = app_data(app) / autosave_file(session.game.id)
    blocker.mkdir()  # a folder where the file should be: replacing it fails
    try:
        click_square(app, play, "b2")
        play.wait_for_saves()
        text, _ = play.status_text()
        assert "Could not save the game" in text
        assert session.record.move_texts == ["b2"]  # the move stands
    finally:
        blocker.rmdir()
    click_square(app, play, "a1")
    play.wait_for_saves()
    assert "Could not save" not in play.status_text()[0]
    saved = json.loads(blocker.read_text())
    assert saved["moves"] == ["b2", "a1"]
