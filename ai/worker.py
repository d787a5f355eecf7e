"""Run searches in a background thread so the interface never waits for the AI.

The owner (the UI thread, or the engine protocol loop) calls ``start``; the search
thread appends events to a queue; the owner drains them with ``poll``. Every search
gets a new id, and events of any search but the current one are dropped, so a search
cancelled by a takeback or a new game can never play its move.

Stopping is cooperative: the search checks a ``threading.Event`` every 128 nodes, so
``stop`` returns within a few milliseconds on any game (``bench/stop_latency.py``).
"""
from __future__ import annotations

import threading
import traceback
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from ai.engine import Engine
from ai.ponder import Ponder
from ai.types import SearchInfo, SearchLimits, SearchResult
from games.base import State


@dataclass(frozen=True)
class WorkerEvent:
    """Something the search thread reports.

    ``kind`` is ``"info"`` (``payload``: a ``SearchInfo`` for a completed iteration),
    ``"done"`` (a ``SearchResult``) or ``"error"`` (a ``SearchFailure``).
    ``search_id`` is the id ``start`` returned.
    """

    kind: str
    search_id: int
    payload: SearchInfo | SearchResult | SearchFailure


@dataclass(frozen=True)
class SearchFailure:
    """An exception raised in the search thread: its one-line ``message``, full
    ``details``, and a legal move to fall back on in the game's notation ("" if none
    could be found)."""

    message: str
    details: str
    fallback_move_text: str = ""


class SearchWorker:
    """Owns at most one search thread at a time. Use from one owner thread only.

    ``listener``, if given, is called in the search thread with every event as it
    happens (the engine protocol prints from there); events are queued for ``poll``
    either way.
    """

    def __init__(self) -> None:
        self._events: deque[WorkerEvent] = deque()
        self._thread: threading.Thread | None = None
        self._stop_event = threading.Event()
        self._finished = threading.Event()
        self._engine: Engine | None = None
        self.search_id = 0

    @property
    def busy(self) -> bool:
        """True while a search runs and has not yet reported its result.

        It turns False just before the final event is queued, so an owner that reacts to
        that event (prints ``bestmove``, plays the move) may start the next search at once.
        """
        return self._thread is not None and not self._finished.is_set()

    def start(
        self,
        engine: Engine,
        state: State,
        limits: SearchLimits,
        listener: Callable[[WorkerEvent], None] | None = None,
        ponder: Ponder | None = None,
    ) -> int:
        """Cancel any running search, then search ``state`` in a new thread; returns its id.
        With ``ponder`` it is a pondering search (``ai.ponder``): no time limit until
        ``ponder.hit()``.

        ``state`` must be immutable (every ``games`` state is), since both threads see it.
        Raises ``RuntimeError`` if the previous search thread does not end (it would
        share the engine's tables with the new one).
        """
        if not self.cancel(timeout=10.0):
            raise RuntimeError("the previous search did not stop")
        self.search_id += 1
        search_id = self.search_id
        self._stop_event = threading.Event()
        self._finished = finished = threading.Event()
        self._engine = engine
        self._thread = threading.Thread(
            target=self._run,
            args=(engine, state, limits, self._stop_event, finished, search_id, listener, ponder),
            name=f"search-{search_id}",
            daemon=True,
        )
        self._thread.start()
        return search_id

    def poll(self) -> list[WorkerEvent]:
        """Take the events that arrived since the last poll, of the current search only."""
        events = []
        while self._events:
            event = self._events.popleft()
            if event.search_id == self.search_id:
                events.append(event)
        return events

    def stop(self, timeout: float = 2.0) -> bool:
        """Ask the current search to finish now and wait for its thread.

        The search still reports its result (a ``"done"`` event with the move of the last
        completed iteration). Returns False if the thread did not end within ``timeout``
        seconds.
        """
        self._stop_event.set()
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
            return not thread.is_alive()
        return True

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the current search to end by itself; False if still running after ``timeout``."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
            return not thread.is_alive()
        return True

    def cancel(self, timeout: float = 2.0) -> bool:
        """Stop the current search and discard everything it reports (takeback, new game)."""
        finished = self.stop(timeout)
        self.search_id += 1
        self._events.clear()
        return finished

    def close(self) -> None:
        """Stop and forget the current search (the owner is done with the worker)."""
        self.cancel()

    def progress(self) -> tuple[int, int, float]:
        """``(depth in progress, nodes, seconds)`` of the running search, or zeros."""
        if self._engine is None or not self.busy:
            return 0, 0, 0.0
        return self._engine.progress()

    def _run(
        self,
        engine: Engine,
        state: State,
        limits: SearchLimits,
        stop_event: threading.Event,
        finished: threading.Event,
        search_id: int,
        listener: Callable[[WorkerEvent], None] | None,
        ponder: Ponder | None = None,
    ) -> None:
        def emit(kind: str, payload: SearchInfo | SearchResult | SearchFailure) -> None:
            if search_id != self.search_id:
                return  # cancelled: nobody may hear of it any more
            event = WorkerEvent(kind, search_id, payload)
            self._events.append(event)
            if listener is not None:
                listener(event)

        outcome = run_search(engine, state, limits, stop_event, lambda info: emit("info", info), ponder)
        finished.set()
        emit("done" if isinstance(outcome, SearchResult) else "error", outcome)


def run_search(
    engine: Engine,
    state: State,
    limits: SearchLimits,
    stop_event: threading.Event | None,
    on_info: Callable[[SearchInfo], None],
    ponder: Ponder | None = None,
) -> SearchResult | SearchFailure:
    """One search as a worker runs it (a thread here, a child process in
    ``ai.search_process``): ``engine.search``'s result, or, if it raised, a
    ``SearchFailure`` with the traceback and a legal move to fall back on (among
    ``limits.moves`` when given; "" if even that failed). ``stop_event`` is anything with
    ``is_set()``; with ``ponder`` it is a pondering search (``ai.ponder``)."""
    try:
        pondering = {} if ponder is None else {"ponder": ponder}  # an external engine has no pondering
        return engine.search(state, limits, stop_event, on_info=on_info, **pondering)
    except Exception as error:  # reported to the owner, who keeps the game
        details = traceback.format_exc()
        try:
            fallback = state.move_to_text(engine.fallback_move(state, limits.moves))
        except Exception:
            fallback = ""
        return SearchFailure(f"{type(error).__name__}: {error}", details, fallback)
