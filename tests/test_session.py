"""The game session behind the play scene: turns, the AI thread, clocks, takeback, saving."""
from __future__ import annotations

import random
import time
from dataclasses import replace

import pytest

from ai.clock import TimeControl
from ai.types import Algorithm
from games.base import CHANCE, FIRST, SECOND
from conftest import HANG_TIMEOUT
from fake_clocks import SteppingClock
from games.registry import GameEntry, Level, get_game
from session_driver import run_until
from toy_games import DiceDuel, duel_evaluate
from ui.player_settings import PlayerSettings
from ui.session import GameSession

ENTRY = get_game("tictactoe")
HUMAN = PlayerSettings("human", 5, Algorithm.PVS, TimeControl.unlimited())
AI = PlayerSettings("ai", 5, Algorithm.PVS, TimeControl.unlimited())


def slow_entry(delay: float = 0.002) -> GameEntry:
    """Tic-tac-toe with an evaluation that takes ``delay`` seconds: a search of seconds,
    so that the session acts while its thread still runs. (The verdicts do not depend
    on it: until the session's next update the search counts as running anyway.)"""
    def slow(state, player):
        time.sleep(delay)
        return ENTRY.evaluate(state, player)

    return replace(ENTRY, evaluate=slow)


class FakeTime:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_human_move_then_ai_reply():
    saves = []
    session = GameSession(ENTRY, (HUMAN, AI), on_change=lambda s: saves.append(s.to_dict()))
    assert session.human_to_move()
    assert session.play_text("a1") is None
    run_until(session, lambda: len(session.record.moves) == 2)
    assert session.record.move_texts[1] == "b2"  # the only move that does not lose against a corner
    assert session.searches.latest.rows and session.searches.latest.rows[-1].exact
    assert len(saves) == 2 and saves[-1]["moves"] == ["a1", "b2"]


def test_refused_moves_say_why_and_change_nothing():
    session = GameSession(ENTRY, (HUMAN, AI))
    session.play_text("b2")
    assert session.play_text("c3") == "It is not your turn."
    run_until(session, lambda: session.human_to_move())
    assert "already taken" in session.play_text("b2")
    assert "not a square" in session.play_text("z9")
    empty = session.record.state.move_to_text(session.record.state.legal_moves()[0])
    session.view(0)
    assert "earlier position" in session.play_text(empty)
    assert len(session.record.moves) == 2


def test_takeback_returns_to_the_persons_turn_and_cancels_the_search():
    session = GameSession(slow_entry(), (HUMAN, AI))
    session.play_text("a1")
    session.update()
    assert session.thinking
    assert session.takeback()
    assert session.record.moves == [] and not session.thinking and session.human_to_move()
    assert session.searches.worker.wait(HANG_TIMEOUT)  # the cancelled search has ended...
    session.update()
    assert session.record.moves == []  # ...and never plays its move


def test_new_game_during_a_search_discards_it():
    session = GameSession(slow_entry(), (HUMAN, AI))
    session.play_text("c3")
    session.update()
    assert session.thinking
    session.new_game()
    assert session.searches.worker.wait(HANG_TIMEOUT)  # the discarded search has ended
    session.update()
    assert session.record.moves == [] and session.human_to_move() and not session.thinking


def test_takeback_in_watch_mode_undoes_one_ply_and_pauses():
    session = GameSession(ENTRY, (AI, AI))
    session.watch.move_delay = 0.0
    run_until(session, lambda: len(session.record.moves) >= 3)
    count = len(session.record.moves)
    session.takeback()
    assert len(session.record.moves) == count - 1 and session.paused
    session.update()
    assert not session.thinking
    session.step()
    run_until(session, lambda: len(session.record.moves) == count)
    run_until(session, lambda: not session.thinking)
    assert session.paused and len(session.record.moves) == count


def test_watch_mode_plays_a_whole_game_to_a_draw():
    session = GameSession(ENTRY, (AI, AI))
    session.watch.move_delay = 0.0
    run_until(session, lambda: session.record.result is not None)
    assert session.record.result.winner is None and len(session.record.moves) == 9


def test_person_runs_out_of_time():
    fake = FakeTime()
    session = GameSession(ENTRY, (replace(HUMAN, time_control=TimeControl.fischer(5, 0)), AI), now=fake)
    fake.now += 100  # the clock does not run before the game is on screen (first update)
    session.update()
    assert session.record.result is None and session.clock.remaining(FIRST) == 5
    fake.now += 6
    session.update()
    assert session.record.result is not None
    assert session.record.result.winner == SECOND and session.record.result.reason == "time forfeit"
    assert session.play_text("b2") == "The game is over."


def test_ai_never_loses_on_time_with_a_short_clock():
    # Half a second each for the whole game, on a clock that the session and both
    # engines share and that advances 10 ms at every reading (the engine reads it every
    # 128 nodes: a slow machine, on which the game uses most of the clock). What each
    # search costs is then the same on any machine, however busy. (At 20 ms a reading
    # the first player does lose on time: the margin the engine keeps, ai.clock.OVERHEAD,
    # is a fixed 50 ms, which a slow or busy machine can spend between the search's
    # end and the session's next look at the clock.)
    short = replace(AI, time_control=TimeControl.fischer(0.5, 0))
    for _ in range(3):
        clock = SteppingClock(0.01)
        session = GameSession(ENTRY, (short, replace(short, level=3)), now=clock)
        for engine in session.searches.engines.values():
            engine.clock = clock
        session.watch.move_delay = 0.0
        run_until(session, lambda: session.record.result is not None)
        assert session.record.result.reason != "time forfeit"
        assert all(session.clock.remaining(side) > 0 for side in (0, 1))


def test_search_failure_keeps_the_game_and_offers_a_way_on():
    def broken(state, player):
        raise RuntimeError("evaluation exploded")

    entry = replace(ENTRY, evaluate=broken)
    saves = []
    session = GameSession(entry, (HUMAN, AI), on_change=lambda s: saves.append(s.to_dict()))
    session.play_text("a1")
    run_until(session, lambda: session.failure is not None)
    assert "evaluation exploded" in session.failure.message
    assert session.ai_halted and session.record.move_texts == ["a1"]
    assert saves[-1]["moves"] == ["a1"]  # the position was saved before the failure
    session.retry_ai()
    run_until(session, lambda: session.failure is not None)
    session.hand_over_to_human(SECOND)
    assert session.human_to_move() and session.play_text("b2") is None
    assert session.record.move_texts == ["a1", "b2"]


def test_hint_suggests_a_move_for_the_person():
    session = GameSession(ENTRY, (HUMAN, AI))
    session.play_text("a1")
    run_until(session, lambda: session.human_to_move())
    assert session.request_hint() is None
    run_until(session, lambda: session.hint_move is not None)
    assert session.hint_move in session.record.state.legal_moves()
    assert session.searches.kind is None


def test_navigation_shows_earlier_positions():
    session = GameSession(ENTRY, (HUMAN, HUMAN))
    for text in ("a1", "b2", "c3"):
        session.play_text(text)
    session.view(0)
    assert session.display_state == ENTRY.game.initial_state()
    session.view_step(2)
    assert session.display_state.to_text() == ".../.O./X.."
    assert session.last_move_index() == 1
    session.view_step(5)
    assert session.view_index is None and session.display_state == session.record.state


def test_save_and_restore_round_trip():
    session = GameSession(ENTRY, (replace(HUMAN, time_control=TimeControl.fischer(300, 2)),
                                  replace(AI, level=3, algorithm=Algorithm.MINIMAX)))
    session.play_text("b2")
    run_until(session, lambda: len(session.record.moves) == 2)
    data = session.to_dict()
    restored = GameSession.from_dict(data)
    assert restored.record.move_texts == session.record.move_texts
    assert restored.record.state == session.record.state
    assert restored.players == session.players
    assert restored.clock.remaining(FIRST) == pytest.approx(data["clock"][0])


def test_saving_after_each_move_writes_earlier_lines_without_generating_their_moves_again():
    from games.tictactoe.rules import TicTacToeState
    from ai.types import Score
    from ui.game_record import Evaluation
    from ui.saved_game import line_texts

    session = GameSession(ENTRY, (HUMAN, HUMAN))
    for move in ("b2", "a1", "c3"):
        assert session.play_text(move) is None
    start = session.record.states[0]
    session.record.evaluations[0] = Evaluation(Score(20), False, 2, (start.parse_move("b2"), start.parse_move("b2")))
    generated = []
    original = TicTacToeState.legal_moves

    def counted(state):
        generated.append(state)
        return original(state)

    TicTacToeState.legal_moves = counted
    line_texts.cache_clear()
    try:
        first = session.to_dict()
        second = session.to_dict()
    finally:
        TicTacToeState.legal_moves = original
    assert first["evaluations"]["0"]["line"] == ["b2"]  # the line stops at its first illegal move
    assert second["evaluations"] == first["evaluations"] and len(generated) == 2  # the second save asked nothing


@pytest.mark.parametrize("change, message", [
    ({"version": 99}, "version"),
    ({"game": "checkers"}, "unknown game"),
    ({"initial": "XXXX"}, "three rows"),
    ({"moves": ["b2", "b2"]}, "already taken"),
    ({"moves": "b2"}, "not a list"),
    ({"players": [{"kind": "robot"}, {"kind": "human"}]}, "kind"),
    ({"players": [{"kind": "ai", "level": 42}, {"kind": "human"}]}, "level"),
])
def test_damaged_saves_are_refused_with_a_reason(change, message):
    data = GameSession(ENTRY, (HUMAN, HUMAN)).to_dict()
    data.update(change)
    with pytest.raises(ValueError, match=message):
        GameSession.from_dict(data)


def test_dice_game_rolls_at_chance_nodes_and_uses_expectiminimax():
    entry = GameEntry(DiceDuel(turns=6), duel_evaluate, lambda score: 0.5, (Level(2),))
    players = (PlayerSettings("ai", 1, Algorithm.PVS), PlayerSettings("ai", 1, Algorithm.EXPECTIMINIMAX))
    session = GameSession(entry, players, rng=random.Random(4))
    assert all(player.algorithm is Algorithm.EXPECTIMINIMAX for player in session.players)
    session.watch.move_delay = 0.0
    run_until(session, lambda: session.record.result is not None)
    assert CHANCE in session.record.movers and FIRST in session.record.movers
    assert session.record.movers.count(CHANCE) >= 6


def test_evaluation_belongs_to_the_position_it_was_searched_in():
    session = GameSession(ENTRY, (HUMAN, AI))
    assert session.shown_evaluation() == (None, 0) and session.win_chance_first() is None
    session.play_text("a1")
    run_until(session, lambda: session.human_to_move())
    score, since = session.shown_evaluation()
    assert score is not None and since == 1  # searched one ply before the shown position
    session.takeback()
    assert session.shown_evaluation() == (None, 0)  # the search was of a position taken back
    assert session.searches.latest is None  # so is its record


def test_watch_mode_starts_the_next_game_and_keeps_a_tally():
    fake = FakeTime()
    session = GameSession(ENTRY, (AI, AI), now=fake)
    session.watch.move_delay = 0.0
    run_until(session, lambda: session.record.result is not None)
    assert session.watch.seconds_to_next_game() is not None
    session.update()
    assert session.record.result is not None  # still showing the finished game
    fake.now += 10
    session.update()
    assert session.record.result is None and session.record.moves == [] and sum(session.tally) == 1


def test_new_games_of_one_session_vary_each_with_its_own_seed():
    # Levels are repeatable for a given seed; the window gives every game a fresh one.
    weak = replace(AI, level=1)
    session = GameSession(ENTRY, (weak, weak))
    session.watch.move_delay = 0.0
    games = set()
    for _ in range(5):
        run_until(session, lambda: session.record.result is not None)
        games.add(tuple(session.record.move_texts))
        session.new_game()
    assert len(games) > 1


def test_equal_moves_are_varied_between_games():
    openings = set()
    for _ in range(12):
        session = GameSession(ENTRY, (AI, HUMAN))
        run_until(session, lambda: len(session.record.moves) == 1)
        openings.add(session.record.move_texts[0])
    assert len(openings) > 1  # every first move draws, so the computer need not always pick the same
