"""Backgammon through the real app loop with synthetic clicks: whole games played step by
step (checker, then target; bar entries, hits, bearing off into the tray, passes), a step
taken back by clicking the dice, and a refusal that says why."""
from __future__ import annotations

import json
import random

import pygame
import pytest

from games.backgammon.rules import BAR, OFF, Backgammon, BackgammonState, next_steps
from games.base import CHANCE, FIRST, SECOND, GameText, Outcome
from games.registry import get_game
from ui.move_timeline import AUTOMATIC_MOVE_PAUSE, MoveTimeline, arrival_start
from ui.player_settings import PlayerSettings
from ui.session import GameSession
from ui.views.backgammon_view import ROLL_SECONDS, STEP_SECONDS, BackgammonView
from ui.views.base import BoardDecorations
from ui.widgets.engine_panel import EnginePanel
from ui.widgets.players_panel import score_line
from ui_driver import app, click, frames_until  # noqa: F401 (app is a fixture)

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
        if play.session.record.result is not None or play.session.record.state.to_move() != CHANCE:
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
        play.view.option_values["forced"] = False  # every turn by clicks, however slow the machine
        session = play.session
        turns = doubles = 0
        while session.record.result is None:
            settle(app, play)
            state = session.record.state
            if session.record.result is not None:
                break
            before = len(session.record.moves)
            played: tuple = ()
            if play.view.at_cube_action(state):
                choice = 1 if state.legal_moves() == ["roll", "double"] and generator.random() < 0.1 else 0
                click(app, play.view.cube_choice_rects()[choice].center)
                assert session.record.moves[before] == state.legal_moves()[choice]
                doubles += session.record.moves[before] == "double"
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
            assert len(session.record.moves) > before, state.to_text()
            assert state.apply(session.record.moves[before]) == state.apply(played)
            turns += 1
        cube = session.record.state.cube
        value = 1 if cube is None else cube.value
        assert session.record.result.points in (value, 2 * value, 3 * value) and turns > 20
        assert (doubles > 0) == (cube is not None) and value == 2 ** doubles


def test_the_dice_take_a_step_back_and_refusals_say_why(app):
    play = app.show_game(GameSession(ENTRY, (PERSON, PERSON), rules={"cube": False}))
    session = play.session
    settle(app, play)
    state = session.record.state
    source, target = click_step(app, play, state)
    assert play.view.played_steps(state) == ((source, target),)
    click(app, play.view.dice_rect().center)
    assert play.view.played_steps(state) == () and len(session.record.moves) == 1  # only the opening roll
    empty = next(point for point in range(1, 25) if not state.checkers(state.player)[point]
                 and not state.checkers(1 - state.player)[25 - point])
    click(app, place_centre(play, state, empty))
    assert "your own checkers" in play.toast


def test_cube_buttons_and_a_refusal_until_one_is_chosen(app):
    play = app.show_game(GameSession(ENTRY, (PERSON, PERSON), rules={"cube": True}))
    session = play.session
    settle(app, play)
    while len(session.record.moves) < 2:  # play the opening turn
        click_step(app, play, session.record.state)
    assert play.view.at_cube_action(session.record.state) and session.record.state.legal_moves() == ["roll", "double"]
    click(app, play.view.board.center)
    assert "Roll or Double" in play.toast
    click(app, play.view.cube_choice_rects()[1].center)
    assert session.record.moves[-1] == "double" and session.record.state.legal_moves() == ["take", "drop"]
    click(app, play.view.cube_choice_rects()[1].center)
    result = session.record.result
    assert result is not None and result.points == 1 and "dropped" in result.reason


def test_no_draw_is_offered_in_backgammon(app):
    from ai.clock import TimeControl
    from ai.types import Algorithm
    computer = PlayerSettings("ai", 1, Algorithm.EXPECTIMINIMAX, TimeControl.per_move(0.1))
    play = app.show_game(GameSession(ENTRY, (PERSON, computer)))
    app.step()
    assert not play.buttons["draw"].visible
    assert play.session.endings.offer_draw() == (False, "Backgammon has no draws.")


def _one_forced_turn() -> BackgammonState:
    """White to play 6-5 with three checkers on its 1-point: both dice bear one off, the
    only turn there is; Black is far away."""
    white = [0] * 26
    white[OFF], white[1] = 12, 3
    black = [0] * 26
    black[6] = 15
    return BackgammonState(tuple(white), tuple(black), FIRST, (6, 5), None)


def test_a_forced_turn_is_played_for_the_person_after_a_pause(app):
    computer = PlayerSettings("ai", 1)
    for forced_option in (True, False):
        session = GameSession.from_game_text(ENTRY, (PERSON, computer), GameText(_one_forced_turn(), (), {}),
                                             rules={"cube": False})
        play = app.show_game(session)
        play.view.option_values["forced"] = forced_option
        now = [0.0]
        play.timeline = MoveTimeline(clock=lambda: now[0])
        app.step()
        now[0] = AUTOMATIC_MOVE_PAUSE - 0.1
        app.step()
        assert session.record.moves == []  # the person sees the dice first
        now[0] = AUTOMATIC_MOVE_PAUSE + 0.1
        app.step()
        if forced_option:
            assert session.record.move_texts[:1] == ["1/off(2)"] and "only move" in play.toast
        else:
            assert session.record.moves == []


def test_the_computers_turn_is_shown_step_by_step_then_the_dice_roll(app):
    view = BackgammonView()
    view.layout(pygame.Rect(0, 0, 700, 500))
    before = Backgammon().start({"cube": False}).apply((3, 1, FIRST))  # the opening roll: 3-1 for White
    turn = next(move for move in before.legal_moves() if before.move_to_text(move) == "8/5,6/5")
    after_turn = before.apply(turn)
    rolled = after_turn.apply((6, 4))
    recent = ((before, turn, FIRST), (after_turn, (6, 4), CHANCE))
    frames = [view.arrival_frame(rolled, BoardDecorations(recent=recent, since=seconds))
              for seconds in (0.1, STEP_SECONDS * 1.5, STEP_SECONDS * 2.5, STEP_SECONDS * 3 + 0.1, 60.0)]
    assert frames[0] == (before, (), False)  # a beat on the computer's dice first
    assert frames[1] == (before, turn[:1], False) and frames[2] == (before, turn, False)
    assert frames[3] == (rolled, (), True) and frames[4] == (rolled, (), False)  # then the new dice tumble
    assert view.arrival_seconds(rolled, recent) == pytest.approx(STEP_SECONDS * 3 + ROLL_SECONDS)
    assert view.arrival_seconds(rolled, recent[1:]) == pytest.approx(ROLL_SECONDS)  # a person's turn is not replayed


def test_arrival_starts_at_the_last_players_move():
    assert arrival_start([CHANCE, FIRST, CHANCE, CHANCE], 4) == 1
    assert arrival_start([CHANCE, FIRST, 1], 3) == 2
    assert arrival_start([CHANCE], 1) == 0 and arrival_start([], 0) == 0


def test_a_checker_can_be_dragged(app):
    play = app.show_game(GameSession(ENTRY, (PERSON, PERSON), rules={"cube": False}))
    session = play.session
    settle(app, play)
    state = session.record.state
    (source, target), *_ = next_steps(state, ())
    start, end = place_centre(play, state, source), place_centre(play, state, target)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.step()
    assert play.view.played_steps(state) == ((source, target),)


def test_the_engine_panel_lists_the_computers_candidate_moves(app):
    computer = PlayerSettings("ai", 3)
    play = app.show_game(GameSession(ENTRY, (computer, computer), rules={"cube": False}))
    session = play.session
    frames_until(app, lambda: session.searches.latest is not None and session.searches.latest.rows
                 and session.searches.latest.rows[-1].candidates)
    record = session.searches.latest
    lines = EnginePanel._candidate_lines(record, 1000, 60, "White")
    assert lines[0].startswith("Candidates at depth 1") and len(lines) >= 2
    assert record.state.display_move(record.rows[-1].candidates[0][0]) in lines[1]
    app.step()  # drawn without trouble


def test_the_score_counts_points_and_a_resumed_sitting_keeps_its_rules():
    session = GameSession(ENTRY, (PERSON, PERSON), rules={"cube": False, "jacoby": False})
    assert session.record.state.cube is None
    session.record.forced_result = Outcome(SECOND, "gammon", 2)
    assert session.points == [0, 2] and score_line(session) == "Points: White 0, Black 2 (games 0-1)"
    data = json.loads(json.dumps(session.to_dict()))
    resumed = GameSession.from_dict(data)
    assert resumed.rules == {"cube": False, "jacoby": False} and resumed.points == [0, 2]
    resumed.new_game()
    assert resumed.record.state.cube is None and resumed.points == [0, 2] and resumed.tally == [0, 1, 0]
    data["rules"] = {"cube": False, "jacoby": True}  # Jacoby without the cube is not a combination offered
    with pytest.raises(ValueError, match="rule options"):
        GameSession.from_dict(data)
    del data["rules"], data["points"]  # a file from before: the game's defaults
    older = GameSession.from_dict(data)
    assert older.rules == ENTRY.game.default_rules() and older.points == [0, 2]  # the game in the file counts


def test_a_click_on_the_board_ends_the_computers_animation_at_once(app):
    computer = PlayerSettings("ai", 1)
    play = app.show_game(GameSession(ENTRY, (PERSON, computer), rules={"cube": False}))
    play.view.option_values["forced"] = False  # a forced reply played at once would start a new arrival
    session = play.session
    while not (session.record.movers.count(1) >= 1 and session.human_to_move()):
        if session.human_to_move():  # the person won the opening roll: play that turn first
            state = session.record.state
            while session.record.state is state:
                if state.legal_moves() == [()]:
                    click(app, play.view.board.center)
                else:
                    click_step(app, play, state)
        else:
            app.step()
    now = [100.0]
    play.timeline = MoveTimeline(clock=lambda: now[0])
    _recent, since = play.timeline.observe(session)
    assert since == 0.0  # the arrival (the computer's turn and the roll) has just begun
    click(app, (play.view.tray.centerx, play.view.tray.top + 2))
    assert play.timeline.observe(session)[1] > 1000  # shown as arrived: the live position at once
