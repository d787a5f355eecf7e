"""Searches in a child process (``ai.search_process``): the same results as in a thread,
live events, stop and cancel, tables kept between moves, failures reported, no process
left behind; and the play session using it (``ui.search_control.SEARCH_PROCESS``).

Starting a child costs about a second, so most tests share one worker (``shared``). The
tests wait for what the child reports (``wait_event``, ``wait``), never for a while."""
from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import replace

import pytest

import ui.search_control
from ai.engine import Engine
from ai.search_process import ProcessEngine, ProcessSearchWorker
from ai.clock import TimeControl
from ai.types import Algorithm, SearchInfo, SearchLimits, SearchOptions, SearchResult
from ai.worker import SearchFailure, SearchWorker, WorkerEvent
from conftest import HANG_TIMEOUT, ROOT
from games.base import CHANCE
from games.registry import GAMES, get_game
from session_driver import run_until
from ui_driver import frames_until
from ui.player_settings import PlayerSettings
from ui.session import GameSession


@pytest.fixture(scope="module")
def shared() -> Iterator[ProcessSearchWorker]:
    worker = ProcessSearchWorker()
    yield worker
    worker.close()


def finish(worker: SearchWorker | ProcessSearchWorker) -> list[WorkerEvent]:
    """The events of the current search, once it has ended."""
    assert worker.wait(HANG_TIMEOUT)
    return worker.poll()


def until_the_end(worker: ProcessSearchWorker) -> list[WorkerEvent]:
    """The current search's events up to its last one (fails on a hang)."""
    events: list[WorkerEvent] = []
    while not events or events[-1].kind == "info":
        arrived = worker.wait_event(HANG_TIMEOUT)
        assert arrived, "the search reported nothing more"
        events += arrived
    return events


def first_position(game_id: str):
    """The game's start, with the dice rolled (a position where someone chooses)."""
    entry = get_game(game_id)
    state = entry.game.start(entry.game.default_rules())
    while state.to_move() == CHANCE:
        state = state.apply(state.chance_outcomes()[0][0])
    return state


def summary(events: list[WorkerEvent]) -> list[tuple]:
    """What a search reported, comparable between a thread and a process."""
    rows = []
    for event in events:
        payload = event.payload
        if isinstance(payload, SearchInfo):
            rows.append(("info", payload.depth, payload.score, payload.pv, payload.nodes, payload.candidates))
        elif isinstance(payload, SearchResult):
            rows.append(("done", payload.move, payload.infos[-1].score if payload.infos else None, payload.nodes))
        else:
            rows.append(("error", payload.message))
    return rows


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_child_searches_as_a_thread_does(shared: ProcessSearchWorker, game_id: str):
    # The same engine options and seed, the same depth: the same iterations, lines,
    # nodes and move, and the moves arrive as the game's own (legal in the position).
    entry = get_game(game_id)
    options = SearchOptions(algorithm=Algorithm.default_for(entry.game.has_chance))
    state = first_position(game_id)
    limits = SearchLimits(depth=1 if entry.game.has_chance else 2)  # 0-ply in backgammon: every root move's value
    shared.start(ProcessEngine(game_id, options, seed=7), state, limits)
    in_child = finish(shared)
    threads = SearchWorker()
    threads.start(Engine.for_entry(entry, options, seed=7), state, limits)
    in_thread = finish(threads)
    assert summary(in_child) == summary(in_thread)
    assert in_child[-1].kind == "done" and in_child[-1].payload.move in state.legal_moves()
    assert [event.search_id for event in in_child] == [shared.search_id] * len(in_child)


def test_the_runner_up_comes_back_from_the_child(shared: ProcessSearchWorker):
    # A hint's search (ai.runner_up): the best other move and its value travel with the result.
    entry = get_game("tictactoe")
    state = entry.game.initial_state().play("a1")
    options = SearchOptions(runner_up=True)
    shared.start(ProcessEngine("tictactoe", options, seed=7), state, SearchLimits())
    result = finish(shared)[-1].payload
    expected = Engine.for_entry(entry, options, seed=7).search(state, SearchLimits())
    assert result.runner_up is not None and result.runner_up.best_move in state.legal_moves()
    assert (result.move, result.runner_up.best_move, result.runner_up.score) == \
        (expected.move, expected.runner_up.best_move, expected.runner_up.score)


def test_infos_stream_while_the_search_runs_and_a_stop_ends_it(shared: ProcessSearchWorker):
    state = first_position("chess")
    shared.start(ProcessEngine("chess", SearchOptions()), state, SearchLimits(infinite=True))
    events = shared.wait_event(HANG_TIMEOUT)
    assert events and events[0].kind == "info" and shared.busy  # an analysis: it runs until stopped
    depth, nodes, seconds = shared.progress()
    assert nodes > 0 and depth >= 1 and seconds >= 0  # written by the child as it searches
    assert shared.stop(HANG_TIMEOUT)  # generous: this checks that it ends, not how fast
    assert not shared.busy and shared.progress() == (0, 0, 0.0)
    rest = shared.poll()
    assert rest[-1].kind == "done" and rest[-1].payload.reason == "stopped"
    assert rest[-1].payload.move in state.legal_moves()


def test_a_cancelled_search_reports_nothing_and_the_next_one_runs(shared: ProcessSearchWorker):
    state = first_position("chess")
    engine = ProcessEngine("chess", SearchOptions())
    first = shared.start(engine, state, SearchLimits(infinite=True))
    assert shared.wait_event(HANG_TIMEOUT)  # it runs
    shared.cancel()
    assert not shared.busy and shared.poll() == []
    second = shared.start(engine, state, SearchLimits(depth=1))
    events = finish(shared)
    assert second > first and {event.search_id for event in events} == {second}
    assert [event.kind for event in events] == ["info", "done"]  # depth 1 only: nothing of the first


def test_the_tables_last_between_moves_until_a_new_game(shared: ProcessSearchWorker):
    # A second search of the same position finds the first one's table: as in a thread,
    # with the same counts; a new game empties it.
    entry = get_game("quarto")
    state = first_position("quarto")
    limits = SearchLimits(depth=2)
    process_engine = ProcessEngine("quarto", SearchOptions(), seed=3)
    thread_engine = Engine.for_entry(entry, SearchOptions(), seed=3)
    threads = SearchWorker()
    counts = {"process": [], "thread": []}
    for step in range(3):
        if step == 2:
            process_engine.new_game(5)
            thread_engine.new_game(5)
        shared.start(process_engine, state, limits)
        counts["process"].append(finish(shared)[-1].payload.nodes)
        threads.start(thread_engine, state, limits)
        counts["thread"].append(finish(threads)[-1].payload.nodes)
    assert counts["process"] == counts["thread"]
    assert counts["process"][1] < counts["process"][0] == counts["process"][2]


def test_a_position_travels_with_its_history():
    # Chess keeps the positions since the last capture or pawn move for the repetition
    # rules, which a FEN lacks: the game's moves travel with it. Going back with the knight
    # repeats the start a third time (a draw, 0); without the history it would not be.
    entry = get_game("chess")
    states = [first_position("chess")]
    moves = []
    for text in ("g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"):
        moves.append(states[-1].parse_move(text))
        states.append(states[-1].apply(moves[-1]))
    state = states[-1]
    limits = SearchLimits(depth=2, moves=(state.parse_move("f6g8"),))
    options = SearchOptions(algorithm=Algorithm.PVS)
    worker = SearchWorker()
    worker.start(Engine.for_entry(entry, options, seed=1), entry.game.parse_position(state.to_text()), limits)
    assert finish(worker)[-1].payload.infos[-1].score.value != 0  # the same position without its past
    process = ProcessSearchWorker()
    try:
        process.start(ProcessEngine("chess", options, seed=1), state, limits, line=(states, moves))
        assert process._mode == "process"
        assert finish(process)[-1].payload.infos[-1].score.value == 0
        process.start(ProcessEngine("chess", options, seed=1), state, limits)  # no line: searched here instead
        assert process._mode == "thread"
        assert finish(process)[-1].payload.infos[-1].score.value == 0
    finally:
        process.close()


def test_a_failure_in_the_child_is_reported_with_a_move_to_fall_back_on(shared: ProcessSearchWorker):
    state = first_position("backgammon")
    shared.start(ProcessEngine("backgammon", SearchOptions(algorithm=Algorithm.PVS)), state, SearchLimits(depth=1))
    events = finish(shared)
    assert [event.kind for event in events] == ["error"]
    failure = events[0].payload
    assert isinstance(failure, SearchFailure) and "UnsupportedGame" in failure.message
    assert state.parse_move(failure.fallback_move_text) in state.legal_moves()
    shared.start(ProcessEngine("tictactoe"), first_position("tictactoe"), SearchLimits(depth=1))
    assert finish(shared)[-1].kind == "done"  # the child carries on


def test_the_childs_death_fails_the_search_and_the_next_search_starts_another():
    worker = ProcessSearchWorker()
    try:
        state = first_position("chess")
        engine = ProcessEngine("chess")
        worker.start(engine, state, SearchLimits(infinite=True))
        assert worker.wait_event(HANG_TIMEOUT)
        first_child = worker.child_process
        first_child.kill()
        events = until_the_end(worker)
        assert {event.kind for event in events[:-1]} <= {"info"} and events[-1].kind == "error" and not worker.busy
        assert "ended unexpectedly" in events[-1].payload.message
        assert state.parse_move(events[-1].payload.fallback_move_text) in state.legal_moves()
        assert first_child.exitcode is not None  # reaped, not a zombie
        worker.start(engine, state, SearchLimits(depth=1))
        assert finish(worker)[-1].kind == "done"
        assert worker.child_process is not first_child
    finally:
        worker.close()


def test_close_ends_the_child_even_in_the_middle_of_a_search():
    worker = ProcessSearchWorker()
    worker.start(ProcessEngine("chess"), first_position("chess"), SearchLimits(infinite=True))
    assert worker.wait_event(HANG_TIMEOUT)
    child = worker.child_process
    worker.close()
    assert not child.is_alive() and child.exitcode is not None  # ended (asked, or terminated if slow) and reaped


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_the_child_ends_when_its_parent_is_killed():
    script = (
        "import sys\n"
        f"sys.path.insert(0, {str(ROOT)!r})\n"
        "from ai.search_process import ProcessEngine, ProcessSearchWorker\n"
        "from ai.types import SearchLimits\n"
        "from games.registry import get_game\n"
        "if __name__ == '__main__':\n"
        "    worker = ProcessSearchWorker()\n"
        "    game = get_game('chess').game\n"
        "    worker.start(ProcessEngine('chess'), game.start(game.default_rules()), SearchLimits(infinite=True))\n"
        "    worker.wait_event()\n"
        "    print(worker.child_process.pid, flush=True)\n"
        "    sys.stdin.read()\n"
    )
    parent = subprocess.Popen([sys.executable, "-c", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        child_pid = int(parent.stdout.readline())  # the child is searching
    finally:
        parent.kill()
        parent.wait()
    deadline = time.monotonic() + HANG_TIMEOUT
    while _running(child_pid):  # waits for the child's end (fails only on a hang)
        assert time.monotonic() < deadline, "the search process outlived its parent"
        time.sleep(0.01)


def _running(pid: int) -> bool:
    """Whether process ``pid`` exists and is not a zombie."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except FileNotFoundError:
        return False


@pytest.fixture
def in_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ui.search_control, "SEARCH_PROCESS", True)


def test_a_session_plays_through_its_child_and_ends_it(in_process: None):
    # Watch mode in tic-tac-toe at the perfect level: a draw, the moves played from the
    # child's searches; new games keep the same child (one during a search drops it);
    # leaving the game ends the child.
    entry = get_game("tictactoe")
    computer = PlayerSettings("ai", entry.max_level)
    session = GameSession(entry, (computer, computer))
    session.watch.move_delay = 0.0
    worker = session.searches.worker
    assert isinstance(worker, ProcessSearchWorker)
    assert all(isinstance(engine, ProcessEngine) for engine in session.searches.engines.values())
    assert worker.child_process is None  # started by the first search
    run_until(session, lambda: session.record.result is not None)
    child = worker.child_process
    assert session.record.result.winner is None and len(session.record.moves) == 9 and session.failure is None
    session.new_game()
    session.update()
    assert session.thinking
    session.new_game()  # during the search
    assert not session.thinking and session.record.moves == []
    run_until(session, lambda: len(session.record.moves) >= 2)
    assert worker.child_process is child and child.is_alive()
    session.close()
    assert not child.is_alive() and child.exitcode is not None


def test_a_person_against_a_registered_game_uses_the_child_an_unknown_game_a_thread(in_process: None):
    chess = get_game("chess")
    person = PlayerSettings("human", 1)
    session = GameSession(chess, (person, replace(PlayerSettings("ai", 1), algorithm=Algorithm.PVS)))
    try:
        assert isinstance(session.searches.worker, ProcessSearchWorker)
        session.play_text("e4")
        run_until(session, lambda: session.human_to_move())
        assert len(session.record.moves) == 2 and session.failure is None
        assert session.request_hint() is None
        run_until(session, lambda: session.hint_move is not None)
        assert session.hint_move in session.record.state.legal_moves()
    finally:
        session.close()
    copy = replace(chess)  # not the registry's entry (the child could not rebuild it): a thread searches it
    other = GameSession(copy, (person, PlayerSettings("ai", 1)))
    try:
        assert type(other.searches.worker) is SearchWorker
    finally:
        other.close()


def test_without_a_process_to_be_had_the_search_runs_in_a_thread(monkeypatch: pytest.MonkeyPatch):
    import ai.search_process

    def refused() -> None:
        raise OSError("Resource temporarily unavailable")

    monkeypatch.setattr(ai.search_process, "_Child", refused)
    worker = ProcessSearchWorker()
    state = first_position("tictactoe")
    worker.start(ProcessEngine("tictactoe", seed=1), state, SearchLimits(depth=2))
    events = finish(worker)
    assert worker.child_process is None and events[-1].kind == "done" and events[-1].payload.move in state.legal_moves()
    worker.close()


def test_the_child_replays_only_the_moves_it_has_not_seen():
    # What the child does with a game's line (in this process: no child needed). A
    # takeback and another move reuse the positions of the common beginning.
    from ai.search_child import ReplayedLine

    game = get_game("chess").game
    start = first_position("chess")
    line = ReplayedLine()
    texts = ["e2e4", "e7e5", "g1f3", "b8c6"]
    played = line.state("chess", start.to_text(), texts)
    assert played == start.play("e2e4").play("e7e5").play("g1f3").play("b8c6")
    kept = line.states[2]
    other = line.state("chess", start.to_text(), texts[:2] + ["f1c4"])
    assert other == start.play("e2e4").play("e7e5").play("f1c4") and line.states[2] is kept
    assert line.state("chess", game.parse_position(other.to_text()).to_text(), []) == \
        game.parse_position(other.to_text())  # another start: replayed afresh


def test_leaving_the_game_and_quitting_the_app_leave_no_search_process(in_process: None, tmp_path, monkeypatch):
    # The window as people use it: a game shown (its first search starts the child), the
    # menu (the game is left: its child ends and is reaped), another game, then quit.
    from ui.app import App

    monkeypatch.setenv("GAMETREELAB_HOME", str(tmp_path))
    app = App((1280, 800))
    running = True
    try:
        entry = get_game("quarto")
        computer = PlayerSettings("ai", 1)
        first = GameSession(entry, (computer, computer))
        app.show_game(first)
        frames_until(app, lambda: first.searches.worker.child_process is not None and len(first.record.moves) >= 1)
        child = first.searches.worker.child_process
        app.show_menu()
        assert not child.is_alive() and child.exitcode is not None
        second = GameSession(entry, (PlayerSettings("human", 1), computer))
        app.show_game(second)
        assert second.request_hint() is None
        frames_until(app, lambda: second.hint_move is not None)
        other = second.searches.worker.child_process
        assert other is not None and other.is_alive()
        running = False
        app.shutdown()
        assert not other.is_alive() and other.exitcode is not None
    finally:
        if running:
            app.shutdown()


def test_pondering_runs_in_the_child_and_its_hit_reaches_it(in_process: None):
    # Chess at the strongest level under a game clock: the computer ponders on the reply
    # it expects in its child (the position travels with the game's moves); the person
    # plays it; the same search goes on as the move search, and ends only because the hit
    # reached the child (until then it has no time limit at all).
    from fake_clocks import StillClock
    from ui.game_files import read_position_or_game

    chess = get_game("chess")
    game = read_position_or_game(chess, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
    computer = PlayerSettings("ai", chess.max_level, Algorithm.PVS, TimeControl.fischer(15))
    now = StillClock()
    session = GameSession.from_game_text(chess, (computer, PlayerSettings("human", 1)), game, now=now)
    try:
        run_until(session, session.human_to_move)
        assert session.searches.kind == "ponder" and session.searches.worker._mode == "process"
        run_until(session, lambda: len(session.pondering.record.rows) >= 2)
        record, search_id = session.pondering.record, session.searches.worker.search_id
        results = []
        on_done = session._on_done
        session._on_done = lambda searched, result: results.append(result) or on_done(searched, result)
        assert session.play_human(session.pondering.expected_move) is None
        pondered = session.pondering.pondered_seconds
        assert pondered > 0 and session.searches.current is record and record.kind == "move"
        assert session.searches.worker.search_id == search_id  # the same search, going on
        left_at_hit = session.record.clock_times[-1][0]
        now.now += 100.0  # the game's clock runs past the end of the search: it is charged up to that end
        run_until(session, session.human_to_move)
        assert results and record.ponder_hit
        assert session.record.moves[-1] == results[-1].move == record.rows[-1].best_move
        charged = left_at_hit - session.record.clock_times[-1][0]  # from the hit only
        assert charged == pytest.approx(results[-1].time - pondered, abs=0.01) and charged < results[-1].time
    finally:
        session.close()
