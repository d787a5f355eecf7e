"""Backgammon through the real app loop with synthetic clicks: whole games played step by
step (checker, then target; bar entries, hits, bearing off into the tray, passes), a step
taken back by clicking the dice, and a refusal that says why."""
from __future__ import annotations

import random

from games.backgammon.rules import BAR, OFF, next_steps
from games.base import CHANCE, FIRST
from games.registry import get_game
from ui.player_settings import PlayerSettings
from ui.session import GameSession
from ui_driver import app, click  # noqa: F401 (app is a fixture)

ENTRY = get_game("backgammon")
PERSON = PlayerSettings("human", 3)


def place_centre(play, state, own: int) -> tuple[int, int]:
    """The screen point of the mover's own point ``own`` (25: the bar, 0: the tray)."""
    view = play.view
    if own == BAR:
        return view._bar_rect().center
    if own == OFF:
        return view.tray.center
    return view.point_rect(own if state.player == FIRST else 25 - own).center


def settle(app, play) -> None:
    """Frames until the dice are rolled (chance nodes are played by the session)."""
    for _ in range(20):
        if play.session.result is not None or play.session.state.to_move() != CHANCE:
            return
        app.step()


def click_step(app, play, state) -> tuple[int, int]:
    """Click the first step that may follow the steps played so far (checker, then target)."""
    (source, target), *_ = next_steps(state, play.view.played_steps(state))
    click(app, place_centre(play, state, source))
    click(app, place_centre(play, state, target))
    return source, target


def test_whole_games_by_clicks(app):
    """One cubeless game, one with the cube (doubles offered now and then, always taken)."""
    generator = random.Random(6)
    for rules in ({"cube": False}, {"cube": True}):
        play = app.show_game(GameSession(ENTRY, (PERSON, PERSON), rules=rules))
        session = play.session
        turns = doubles = 0
        while session.result is None:
            settle(app, play)
            state = session.state
            if session.result is not None:
                break
            before = len(session.moves)
            played: tuple = ()
            if play.view.at_cube_action(state):
                choice = 1 if state.legal_moves() == ["roll", "double"] and generator.random() < 0.1 else 0
                click(app, play.view.cube_choice_rects()[choice].center)
                assert session.moves[before] == state.legal_moves()[choice]
                doubles += session.moves[before] == "double"
                continue
            if state.legal_moves() == [()]:
                click(app, play.view.board.center)
            else:
                while True:
                    options = next_steps(state, played)
                    if not options:
                        break
                    source, target = generator.choice(list(options))
                    click(app, place_centre(play, state, source))
                    click(app, place_centre(play, state, target))
                    played += ((source, target),)
            assert len(session.moves) > before, state.to_text()
            assert state.apply(session.moves[before]) == state.apply(played)
            turns += 1
        cube = session.state.cube
        value = 1 if cube is None else cube.value
        assert session.result.points in (value, 2 * value, 3 * value) and turns > 20
        assert (doubles > 0) == (cube is not None) and value == 2 ** doubles


def test_the_dice_take_a_step_back_and_refusals_say_why(app):
    play = app.show_game(GameSession(ENTRY, (PERSON, PERSON), rules={"cube": False}))
    session = play.session
    settle(app, play)
    state = session.state
    source, target = click_step(app, play, state)
    assert play.view.played_steps(state) == ((source, target),)
    click(app, play.view.dice_rect().center)
    assert play.view.played_steps(state) == () and len(session.moves) == 1  # only the opening roll
    empty = next(point for point in range(1, 25) if not state.checkers(state.player)[point]
                 and not state.checkers(1 - state.player)[25 - point])
    click(app, place_centre(play, state, empty))
    assert "your own checkers" in play.toast


def test_cube_buttons_and_a_refusal_until_one_is_chosen(app):
    play = app.show_game(GameSession(ENTRY, (PERSON, PERSON), rules={"cube": True}))
    session = play.session
    settle(app, play)
    while len(session.moves) < 2:  # play the opening turn
        click_step(app, play, session.state)
    assert play.view.at_cube_action(session.state) and session.state.legal_moves() == ["roll", "double"]
    click(app, play.view.board.center)
    assert "Roll or Double" in play.toast
    click(app, play.view.cube_choice_rects()[1].center)
    assert session.moves[-1] == "double" and session.state.legal_moves() == ["take", "drop"]
    click(app, play.view.cube_choice_rects()[1].center)
    assert session.result is not None and session.result.points == 1 and "dropped" in session.result.reason


def test_no_draw_is_offered_in_backgammon(app):
    from ai.clock import TimeControl
    from ai.types import Algorithm
    computer = PlayerSettings("ai", 1, Algorithm.EXPECTIMINIMAX, TimeControl.per_move(0.1))
    play = app.show_game(GameSession(ENTRY, (PERSON, computer)))
    app.step()
    assert not play.buttons["draw"].visible
    assert play.session.offer_draw() == (False, "Backgammon has no draws.")
