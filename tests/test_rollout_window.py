"""The window's rollout of a search's candidates (ui/rollout_control.py), without a
display: it starts, reports progress, stops within a decision, never plays a move, and
is dropped when the position shown changes, a new game starts, a takeback happens or
the game is left; the engine panel's words for it; the Rollout key and Esc in the app."""
from __future__ import annotations

import math
import multiprocessing
import threading
import time

import pygame

from ai.types import Score, SearchInfo
from games.backgammon.rules import BackgammonState
from games.base import CHANCE, FIRST
from conftest import HANG_TIMEOUT
from games.registry import GameEntry, Level, get_game
from session_driver import run_until
from ui import rollout_jobs, theme
from ui.player_settings import PlayerSettings
from ui.rollout_control import ROLLOUT_CANDIDATES, ROLLOUT_GAMES, RolloutControl, candidate_moves
from ui.rollout_jobs import (RolloutJob, RolloutLine, RolloutProcessJob, RolloutProgress, _rollout_in_process,
                             build_rollout)
from ui.search_control import SearchRecord
from ui.session import GameSession
from ui.widgets.engine_panel import EnginePanel, equity_text, fitted_rollout, rollout_lines
from toy_games import DiceDuel, duel_evaluate
from ui_driver import app, frames_until, press  # noqa: F401 (app is a fixture)

PERSON = PlayerSettings("human", 3)
BACKGAMMON = get_game("backgammon")


def _decision(state):
    while state.to_move() == CHANCE:
        state = state.apply(state.chance_outcomes()[0][0])
    return state


def _duel_entry(evaluate=duel_evaluate) -> GameEntry:
    return GameEntry(game=DiceDuel(6), evaluate=evaluate, win_chance=lambda score: 0.5, levels=(Level(1),))


def _record(state, moves, ply: int = 0) -> SearchRecord:
    """A finished search of ``state`` whose candidate list is ``moves``."""
    info = SearchInfo(depth=1, seldepth=1, score=Score(0), pv=(moves[0],), pv_text=(str(moves[0]),), nodes=1,
                      time=0.0, candidates=tuple((move, Score(0), True) for move in moves))
    return SearchRecord("hint", state.to_move(), ply, "hint", rows=[info], running=False, state=state)


def _wait(condition, seconds: float = HANG_TIMEOUT) -> None:
    """Poll ``condition`` (a rollout's progress has no event to wait on) until it holds;
    fails after ``seconds``, a guard against a hang: a rollout in a child process may
    take long to start on a busy machine."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the rollout did not get there"
        time.sleep(0.005)


def test_a_job_plays_its_games_and_reports_each_candidate():
    state = _decision(DiceDuel(6).initial_state())
    stop = threading.Event()
    job = RolloutJob(build_rollout(_duel_entry(), state, state.legal_moves(), stop_event=stop), 12, stop)
    assert job.wait(HANG_TIMEOUT) and not job.running and not job.error
    progress = job.progress
    assert progress.games == 12 and progress.target == 12 and not progress.full
    assert [line.move for line in progress.lines] == state.legal_moves()
    assert all(math.isfinite(line.half_width) for line in progress.lines)
    assert progress.leader() is progress.ranking()[0]
    assert state == _decision(DiceDuel(6).initial_state())  # nothing was played in the position


def test_a_stop_ends_the_game_in_progress_at_the_next_evaluation():
    inside, release = threading.Event(), threading.Event()

    def slow_evaluate(position, player):
        inside.set()
        release.wait(HANG_TIMEOUT)
        return duel_evaluate(position, player)

    state = _decision(DiceDuel(6).initial_state())
    stop = threading.Event()
    rollout = build_rollout(_duel_entry(slow_evaluate), state, state.legal_moves(), stop_event=stop)
    job = RolloutJob(rollout, 1000, stop)
    assert inside.wait(HANG_TIMEOUT)  # inside the first game's first evaluation
    job.stop()
    release.set()
    assert job.wait(HANG_TIMEOUT) and job.stopped and not job.error
    assert job.progress.games == 0  # the game cut by the stop is not counted


def test_games_are_cut_where_the_evaluation_is_exact_and_after_ten_decisions():
    # Both sides bearing off: the bear-off database judges at once, so every game is cut
    # at its first chance node and every value is the database's for the position after
    # the move.
    on_roll = (13, 0, 0, 0, 0, 0, 2) + (0,) * 19
    other = (12, 0, 0, 0, 0, 0, 3) + (0,) * 19
    state = BackgammonState(on_roll, other, FIRST, (5, 1), cube=None)
    moves = state.legal_moves()
    rollout = build_rollout(BACKGAMMON, state, moves)
    rollout.run(3)
    for candidate in rollout.candidates:
        value = BACKGAMMON.evaluate(state.apply(candidate.move), FIRST)
        assert candidate.values == [value] * 3
    assert build_rollout(BACKGAMMON, state, moves).truncate_after == 10
    assert build_rollout(BACKGAMMON, state, moves, full=True).truncate_after == 0


def test_a_process_job_stops_when_asked_and_its_child_reports_failures(monkeypatch):
    state = _decision(BACKGAMMON.game.start({"cube": False}))
    job = RolloutProcessJob(BACKGAMMON, state, state.legal_moves()[:2], 1000)
    job.stop()
    assert job.wait(HANG_TIMEOUT) and job.stopped and not job.error and job.progress.games < 1000
    ended = RolloutProcessJob(BACKGAMMON, state, state.legal_moves()[:2], 1000)
    ended._process.terminate()  # a child that dies without a word
    assert ended.wait(HANG_TIMEOUT) and "ended unexpectedly" in ended.error
    receiving, sending = multiprocessing.Pipe(duplex=False)
    niceness_asked: list[int] = []  # the child's body runs here: it must not lower this process's priority
    monkeypatch.setattr(rollout_jobs.os, "nice", lambda increment: niceness_asked.append(increment) or 0)
    _rollout_in_process("backgammon", state.to_text(), ["not-a-move"], 3, False, 1, sending, threading.Event())
    kind, text = receiving.recv()
    assert kind == "error" and "not-a-move" in text
    assert niceness_asked == [rollout_jobs.CHILD_NICENESS]  # the child yields the CPU to the window


def test_a_game_the_registry_does_not_know_is_rolled_out_in_a_thread():
    entry = _duel_entry()
    state = _decision(entry.game.initial_state())
    control = RolloutControl(entry)
    control.start(_record(state, state.legal_moves()))
    assert isinstance(control.job, RolloutJob)
    control.drop()


def test_the_control_takes_the_best_six_candidates_and_refuses_with_reasons():
    entry = _duel_entry()
    control = RolloutControl(entry)
    session = GameSession(entry, (PERSON, PERSON))
    searches = session.searches
    assert "hint" in control.refusal(searches, 0, False, False)
    state = _decision(DiceDuel(6).initial_state())
    record = _record(state, state.legal_moves(), ply=1)
    searches.latest = record
    assert "another position" in control.refusal(searches, 0, False, False)
    assert control.refusal(searches, 1, False, False) == "" and control.target(searches, 1, False) is record
    assert "computer" in control.refusal(searches, 1, False, True)
    record.running = True
    assert "finished" in control.refusal(searches, 1, False, False)
    many = _record(state, [f"move{number}" for number in range(9)])
    assert candidate_moves(many) == [f"move{number}" for number in range(ROLLOUT_CANDIDATES)]
    chance_free = RolloutControl(get_game("tictactoe"))
    assert not chance_free.available and "dice" in chance_free.refusal(searches, 1, False, False)


def _hinted_session() -> GameSession:
    """A backgammon session between two people, a hint searched in the position of the
    first roll (with the cube: the session rolls the dice)."""
    session = GameSession(BACKGAMMON, (PERSON, PERSON), rules={"cube": False})
    while not session.human_to_move():
        session.update()
    assert session.request_hint() is None
    run_until(session, lambda: session.hint_move is not None)
    return session


def test_a_session_rolls_out_its_hint_and_drops_it_when_the_position_changes():
    session = _hinted_session()
    moves_before = list(session.record.moves)
    assert session.start_rollout() is None
    job = session.rollout.job
    assert isinstance(job, RolloutProcessJob)  # a process of its own: the window keeps the interpreter
    assert session.rollout.running and session.rollout.belongs_to(session.searches.latest)
    _wait(lambda: session.update() or job.progress.games >= 1)
    progress = session.rollout.progress
    assert progress.target == ROLLOUT_GAMES and len(progress.lines) >= 2
    session.update()
    assert session.rollout.job is job and session.record.moves == moves_before  # a rollout never plays
    assert session.play_human(session.hint_move) is None
    session.update()
    assert session.rollout.job is None and job.stopped and job.wait(HANG_TIMEOUT)


def test_new_game_takeback_looking_back_and_leaving_stop_the_rollout():
    for change in (lambda session: session.view(0), GameSession.new_game, GameSession.close):
        session = _hinted_session()
        assert session.start_rollout() is None
        job = session.rollout.job
        change(session)
        session.update()
        assert session.rollout.job is None and job.stopped and job.wait(HANG_TIMEOUT)
    session = _hinted_session()
    state = session.record.state
    session.play_human(session.hint_move)
    while not session.human_to_move():
        session.update()
    session.view(len(session.record.moves) - 2)  # back to the position the hint was searched in
    assert session.display_state == state
    assert session.start_rollout() is None  # rolled out there
    assert session.request_hint() == "Go to the last move first."
    session.view(None)
    session.update()
    assert session.rollout.job is None
    assert session.request_hint() is None
    run_until(session, lambda: session.hint_move is not None)
    assert session.start_rollout() is None
    job = session.rollout.job
    assert session.takeback()
    assert session.rollout.job is None and job.stopped and job.wait(HANG_TIMEOUT)


def test_the_panel_shows_figures_the_games_and_the_leader():
    state = _decision(DiceDuel(6).initial_state())
    record = _record(state, state.legal_moves())
    lines = [RolloutLine("bank", 123.0, 45.0), RolloutLine("gamble", -60.0, 80.0)]
    progress = RolloutProgress(324, 1296, tuple(lines))
    drawn = rollout_lines(progress, record, 1000, 60, "A", running=True)
    assert drawn[0][0] == "Rollout for A: 324 of 1,296 games"
    assert "cut after 10 decisions" in drawn[1][0]
    assert "+0.123 \u00b10.045" in drawn[2][0] and drawn[2][1] == theme.GOOD
    assert "-0.060 \u00b10.080" in drawn[3][0] and drawn[3][1] == theme.TEXT
    assert drawn[-1][0] == "Leads: bank, +0.123 \u00b10.045"
    stopped = rollout_lines(progress, record, 1000, 60, "A", running=False)
    assert "stopped at 324 of 1,296" in stopped[0][0] and stopped[-1][0].startswith("Best: bank")
    assert equity_text(5.0, math.inf, 1000) == "+0.005 \u00b1?"
    assert fitted_rollout(drawn, 10) == drawn  # title, how, two candidates, leader: room enough
    short = fitted_rollout(drawn, 3)
    assert [line[0] for line in short] == [drawn[0][0], drawn[2][0], drawn[-1][0]]  # no sentence, one candidate
    assert fitted_rollout(drawn, 2) == []


def test_r_rolls_out_the_hint_in_the_window_and_esc_stops_it(app):
    session = GameSession(BACKGAMMON, (PERSON, PERSON), rules={"cube": False})
    play = app.show_game(session)
    frames_until(app, session.human_to_move)
    press(app, pygame.K_r)
    assert play.toast.startswith("Ask for a hint") and session.rollout.job is None
    press(app, pygame.K_h)
    frames_until(app, lambda: session.hint_move is not None)
    app.step()
    assert "Rollout" in play.engine_panel.rollout_button.label and play.engine_panel.rollout_button.rect.width
    press(app, pygame.K_r)
    job = session.rollout.job
    assert session.rollout.running and play.toast == "Rolling out\u2026"
    app.step()
    assert play.engine_panel.rollout_button.label == "Stop"
    press(app, pygame.K_ESCAPE)
    assert job.stopped and app.top is play and play.toast == "Rollout stopped."
    assert job.wait(HANG_TIMEOUT)
    app.step()
    assert session.rollout.job is job and play.engine_panel.rollout_button.label == "Rollout"
    help_keys = [keys for _, entries in play.help_sections() for keys, _ in entries]
    assert "R (or Rollout)" in help_keys and "Shift+R" in help_keys
    press(app, pygame.K_ESCAPE)  # nothing runs: back to the menu
    assert app.top is not play


def test_the_panel_says_when_a_judgement_is_exact():
    on_roll = (13, 0, 0, 0, 0, 0, 2) + (0,) * 19
    other = (12, 0, 0, 0, 0, 0, 3) + (0,) * 19
    session = GameSession(BACKGAMMON, (PERSON, PERSON), rules={"cube": False})
    session.searches.start_hint(BackgammonState(on_roll, other, FIRST, (5, 1), cube=None), FIRST, 0)
    record = session.searches.latest
    assert record.judged_by == ("bear-off database", True)
    assert ("exact (bear-off database)", theme.GOOD) in EnginePanel._status_lines(session, record)
    session.searches.cancel()
    depth_named = EnginePanel._candidate_lines(_record(record.state, record.state.legal_moves()), 1000, 60, "White",
                                               BACKGAMMON.depth_name)
    assert depth_named[0].startswith("Candidates, 0-ply, for White")


def test_a_deeper_iteration_of_fewer_moves_keeps_the_others_shallower_values():
    # Backgammon's Maximum searches 2-ply on the 1-ply search's best two only (and may be
    # cut short after one): the list shows the 2-ply values first, then the others at 1-ply.
    state = _decision(DiceDuel(6).initial_state())
    moves = state.legal_moves()
    assert len(moves) >= 2
    names = [f"move{number}" for number in range(7)]
    one_ply = SearchInfo(depth=2, seldepth=2, score=Score(50), pv=(names[0],), pv_text=(names[0],), nodes=1,
                         time=0.0, candidates=tuple((name, Score(50 - 10 * at), True) for at, name in enumerate(names)))
    two_ply = SearchInfo(depth=3, seldepth=3, score=Score(45), pv=(names[1],), pv_text=(names[1],), nodes=2,
                         time=0.0, candidates=((names[1], Score(45), True), (names[0], Score(30), False)),
                         partial=True)
    record = SearchRecord("hint", state.to_move(), 0, "hint", rows=[one_ply, two_ply], running=False, state=state)
    assert [(move, depth) for move, _score, _exact, depth in record.candidates()] == \
        [(names[1], 3), (names[0], 3)] + [(name, 2) for name in names[2:]]
    assert candidate_moves(record) == [names[1], names[0], *names[2:ROLLOUT_CANDIDATES]]
    lines = EnginePanel._candidate_lines(record, 1000, 60, "White", BACKGAMMON.depth_name)
    assert lines[0].startswith("Candidates, 2-ply, for White") and len(lines) == 6
    assert lines[2].rstrip().endswith("\u2264+0.03") and lines[3].rstrip().endswith("1-ply")
