"""The background search worker: results, stop, cancel, failures."""
from __future__ import annotations

import time

from ai.engine import Engine
from ai.types import Algorithm, SearchInfo, SearchLimits, SearchOptions, SearchResult
from ai.worker import SearchFailure, SearchWorker
from games.registry import get_game

ENTRY = get_game("tictactoe")
GAME = ENTRY.game


def wait_for(worker: SearchWorker, kinds=("done", "error"), timeout: float = 30.0) -> list:
    events, deadline = [], time.monotonic() + timeout
    while time.monotonic() < deadline:
        events.extend(worker.poll())
        if any(event.kind in kinds for event in events):
            return events
        time.sleep(0.005)
    raise AssertionError(f"no {kinds} event; got {events}")


def slow_engine() -> Engine:
    # Minimax without any pruning from the empty board takes seconds: long enough to stop.
    return Engine(GAME, ENTRY.evaluate, SearchOptions(algorithm=Algorithm.MINIMAX))


def test_search_reports_each_iteration_then_the_result():
    worker = SearchWorker()
    worker.start(Engine(GAME, ENTRY.evaluate), GAME.initial_state(), SearchLimits())
    events = wait_for(worker)
    infos = [event.payload for event in events if event.kind == "info"]
    assert [info.depth for info in infos] == list(range(1, len(infos) + 1))
    assert all(isinstance(info, SearchInfo) for info in infos)
    result = events[-1].payload
    assert events[-1].kind == "done" and isinstance(result, SearchResult)
    assert result.move == infos[-1].best_move
    assert not worker.busy


def test_stop_ends_the_search_and_still_reports_a_move_from_a_completed_iteration():
    worker = SearchWorker()
    worker.start(slow_engine(), GAME.initial_state(), SearchLimits())
    time.sleep(0.3)
    assert worker.busy
    assert worker.stop(timeout=5.0)  # generous: this checks that it ends, not how fast
    events = wait_for(worker)
    result = events[-1].payload
    assert result.reason == "stopped"
    assert result.infos and result.move == result.infos[-1].best_move
    assert result.infos[-1].depth < 9


def test_cancelled_search_never_reports_its_move():
    worker = SearchWorker()
    worker.start(slow_engine(), GAME.initial_state(), SearchLimits())
    time.sleep(0.1)
    assert worker.cancel(timeout=5.0)
    time.sleep(0.1)
    assert worker.poll() == []
    assert not worker.busy


def test_starting_a_new_search_drops_the_old_ones_events():
    worker = SearchWorker()
    worker.start(slow_engine(), GAME.initial_state(), SearchLimits())
    time.sleep(0.1)
    state = GAME.initial_state().play("b2")
    new_id = worker.start(Engine(GAME, ENTRY.evaluate), state, SearchLimits())
    events = wait_for(worker)
    assert all(event.search_id == new_id for event in events)
    assert events[-1].payload.move in state.legal_moves()


def test_a_failure_in_the_search_thread_is_reported_not_raised():
    def broken(state, player):
        raise RuntimeError("evaluation exploded")

    worker = SearchWorker()
    worker.start(Engine(GAME, broken), GAME.initial_state(), SearchLimits(depth=3))
    events = wait_for(worker)
    failure = events[-1].payload
    assert events[-1].kind == "error" and isinstance(failure, SearchFailure)
    assert "evaluation exploded" in failure.message and "Traceback" in failure.details


def test_progress_is_readable_while_searching():
    worker = SearchWorker()
    worker.start(slow_engine(), GAME.initial_state(), SearchLimits())
    time.sleep(0.2)
    depth, nodes, seconds = worker.progress()
    worker.cancel()
    assert depth >= 1 and nodes > 0 and seconds > 0


def test_hard_time_limit_ends_the_search():
    worker = SearchWorker()
    worker.start(slow_engine(), GAME.initial_state(), SearchLimits(hard_time=0.2, soft_time=0.1))
    result = wait_for(worker, timeout=10)[-1].payload
    assert result.reason == "time"
    assert result.move in GAME.initial_state().legal_moves()
