"""The background search worker: results, stop, cancel, failures.

The tests wait for what the search thread reports (its listener), never for a while:
what they check cannot depend on the machine's speed."""
from __future__ import annotations

import threading

from ai.engine import Engine
from ai.types import Algorithm, SearchInfo, SearchLimits, SearchOptions, SearchResult
from ai.worker import SearchFailure, SearchWorker, WorkerEvent
from conftest import HANG_TIMEOUT
from fake_clocks import SteppingClock
from games.registry import get_game

ENTRY = get_game("tictactoe")
GAME = ENTRY.game


class Heard:
    """A worker's listener: keeps the events the search thread reports, as it reports
    them, and lets the test wait for one."""

    def __init__(self) -> None:
        self.events: list[WorkerEvent] = []
        self._heard = threading.Condition()

    def __call__(self, event: WorkerEvent) -> None:
        with self._heard:
            self.events.append(event)
            self._heard.notify_all()

    def wait_for(self, kinds: tuple[str, ...]) -> None:
        """Wait until an event of one of ``kinds`` has been reported (fails on a hang)."""
        with self._heard:
            heard = self._heard.wait_for(lambda: any(event.kind in kinds for event in self.events), HANG_TIMEOUT)
        assert heard, f"no {kinds} event; got {self.events}"


def start(worker: SearchWorker, engine: Engine, state, limits: SearchLimits) -> Heard:
    """Start a search on ``worker``; what it reports is heard by the returned listener."""
    heard = Heard()
    worker.start(engine, state, limits, listener=heard)
    return heard


def wait_for(worker: SearchWorker, heard: Heard) -> list[WorkerEvent]:
    """Wait for the search's result (or failure), then take its events from ``poll``
    (queued before the listener hears them)."""
    heard.wait_for(("done", "error"))
    return worker.poll()


def slow_engine() -> Engine:
    # Minimax without any pruning from the empty board takes seconds: long enough to stop.
    return Engine(GAME, ENTRY.evaluate, SearchOptions(algorithm=Algorithm.MINIMAX))


def test_search_reports_each_iteration_then_the_result():
    worker = SearchWorker()
    heard = start(worker, Engine(GAME, ENTRY.evaluate), GAME.initial_state(), SearchLimits())
    events = wait_for(worker, heard)
    infos = [event.payload for event in events if event.kind == "info"]
    assert [info.depth for info in infos] == list(range(1, len(infos) + 1))
    assert all(isinstance(info, SearchInfo) for info in infos)
    result = events[-1].payload
    assert events[-1].kind == "done" and isinstance(result, SearchResult)
    assert result.move == infos[-1].best_move
    assert not worker.busy


def test_stop_ends_the_search_and_still_reports_a_move_from_a_completed_iteration():
    worker = SearchWorker()
    heard = start(worker, slow_engine(), GAME.initial_state(), SearchLimits())
    heard.wait_for(("info",))  # an iteration is complete; the whole search takes seconds more
    assert worker.busy
    assert worker.stop(timeout=HANG_TIMEOUT)  # generous: this checks that it ends, not how fast
    events = wait_for(worker, heard)
    result = events[-1].payload
    assert result.reason == "stopped"
    assert result.infos and result.move == result.infos[-1].best_move
    assert result.infos[-1].depth < 9


def test_cancelled_search_never_reports_its_move():
    worker = SearchWorker()
    heard = start(worker, slow_engine(), GAME.initial_state(), SearchLimits())
    heard.wait_for(("info",))  # an event is waiting to be polled
    assert worker.cancel(timeout=HANG_TIMEOUT)  # the search thread has ended
    assert worker.poll() == []
    assert not worker.busy


def test_starting_a_new_search_drops_the_old_ones_events():
    worker = SearchWorker()
    start(worker, slow_engine(), GAME.initial_state(), SearchLimits()).wait_for(("info",))
    state = GAME.initial_state().play("b2")
    heard = Heard()
    new_id = worker.start(Engine(GAME, ENTRY.evaluate), state, SearchLimits(), listener=heard)
    events = wait_for(worker, heard)
    assert all(event.search_id == new_id for event in events)
    assert events[-1].payload.move in state.legal_moves()


def test_a_failure_in_the_search_thread_is_reported_not_raised():
    def broken(state, player):
        raise RuntimeError("evaluation exploded")

    worker = SearchWorker()
    heard = start(worker, Engine(GAME, broken), GAME.initial_state(), SearchLimits(depth=3))
    events = wait_for(worker, heard)
    failure = events[-1].payload
    assert events[-1].kind == "error" and isinstance(failure, SearchFailure)
    assert "evaluation exploded" in failure.message and "Traceback" in failure.details


def test_progress_is_readable_while_searching():
    worker = SearchWorker()
    start(worker, slow_engine(), GAME.initial_state(), SearchLimits()).wait_for(("info",))
    depth, nodes, seconds = worker.progress()
    worker.cancel()
    assert depth >= 1 and nodes > 0 and seconds > 0


def test_hard_time_limit_ends_the_search():
    # The engine's clock advances 10 ms at each reading (every 128 nodes): the 0.2 s
    # pass during the search whatever the machine's speed, long before minimax ends.
    engine = Engine(GAME, ENTRY.evaluate, SearchOptions(algorithm=Algorithm.MINIMAX), clock=SteppingClock(0.01))
    worker = SearchWorker()
    heard = start(worker, engine, GAME.initial_state(), SearchLimits(hard_time=0.2, soft_time=0.1))
    result = wait_for(worker, heard)[-1].payload
    assert result.reason == "time"
    assert result.move in GAME.initial_state().legal_moves()
