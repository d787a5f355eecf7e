"""The order of the engine protocol's commands, and the life of its searches.

One thread reads the input and hands each command line to a ``CommandDispatcher``
(``put``), except ``stop`` (``stop_latest``) and ``quit`` or the end of the input
(``end_input``), which the reader carries out at once. The dispatcher's own thread
carries the commands out strictly in input order and is the only thread that touches
the ``SearchWorker`` and the engine's state. The rules (``docs/protocol.md``, "Order of
commands"):

* The command at the head of the queue is *prepared* as soon as every command before
  it has been carried out: checked against the current position and options (which a
  running search does not change), so a malformed command prints its error at once,
  and a command that changes nothing (``isready``, ``d``, ...) is carried out then.
* A prepared command that changes the engine's state (a new position, options, a
  search) then waits until no search is running and no ``bestmove`` is held back.
* ``stop`` applies to the search of the most recent ``go`` received before it, whether
  that search runs, holds its ``bestmove`` (``go infinite``) or is still queued (it will
  start and stop at once). If that ``go`` is refused, the stop passes to the ``go``
  before it.
* A ``go ponder`` search (``ai.ponder``) holds its ``bestmove`` like ``go infinite``
  until ``ponderhit`` (``ponder_hit``: it becomes a normal search, timed from then) or
  ``stop``. A search limited by nodes waits for the ``ponderhit`` to start; stopped
  before it, it answers with the engine's fallback move without searching.
* After the end of the input a held ``bestmove`` is printed at once, an infinite or
  pondering search is stopped at once, and a finite one may run ``grace`` seconds more
  (counted from the end of the input or from its own start or ponderhit, whichever is
  later); the commands queued before the end are still carried out, then the
  dispatcher ends.

Every accepted ``go`` gets exactly one ``bestmove``, in order.
"""
from __future__ import annotations

import sys
import threading
import time
import traceback
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from ai.engine import Engine
from ai.ponder import Ponder
from ai.types import SearchInfo, SearchLimits, SearchResult
from ai.worker import SearchFailure, SearchWorker, WorkerEvent
from games.base import State

GRACE_SECONDS = 1.0
"""How long a finite search may still run after the end of the input (or after its own
start, if it starts later)."""


class CommandRefused(Exception):
    """A command that cannot be carried out: its message is printed after
    ``info string error:`` and nothing changes."""


@dataclass(frozen=True)
class SearchRequest:
    """A checked ``go``: what to search and how, and ``notes`` (whole output lines) to
    print just before the search starts.

    A ``go ponder`` has ``ponder`` (the search runs with no time limit until the
    ``ponderhit``, ``ai.ponder``) or, for a search limited by nodes (which does not
    ponder, see there), ``starts_at_ponder_hit``: it starts only at the ``ponderhit``.
    Either way its ``bestmove`` waits for the ``ponderhit`` or a ``stop``.
    ``name_reply``: the ``bestmove`` line names the reply the search expects
    (``bestmove <move> ponder <reply>``, see ``expected_reply``)."""

    engine: Engine
    state: State
    limits: SearchLimits
    infinite: bool
    notes: tuple[str, ...] = ()
    ponder: Ponder | None = None
    starts_at_ponder_hit: bool = False
    name_reply: bool = False

    @property
    def pondering(self) -> bool:
        """Whether this is a ``go ponder``."""
        return self.ponder is not None or self.starts_at_ponder_hit


Prepared = Callable[[], None] | SearchRequest | None
"""What preparing a command gives: ``None`` (it has been carried out, it changed
nothing), a function that makes its change (called once no search runs), or a
``SearchRequest`` (started once no search runs)."""


class _Received:
    """One queued command line: its words, and for a ``go`` its stop flag, whether it
    was refused, and the ``go`` received before it (to pass a stop on when refused)."""

    __slots__ = ("words", "is_go", "previous_go", "stop_requested", "refused")

    def __init__(self, words: list[str], is_go: bool, previous_go: _Received | None) -> None:
        self.words = words
        self.is_go = is_go
        self.previous_go = previous_go
        self.stop_requested = False
        self.refused = False


class _Search:
    """The search of one accepted ``go``, from its start until its ``bestmove`` is printed.

    ``pondering`` from a ``go ponder`` until its ``ponderhit``; ``waiting``: the request
    of a ``go ponder`` whose search starts at the ``ponderhit`` (until then)."""

    __slots__ = ("go", "infinite", "started_at", "result", "stop_sent", "request", "pondering", "waiting")

    def __init__(self, go: _Received, request: SearchRequest, started_at: float) -> None:
        self.go = go
        self.request = request
        self.infinite = request.infinite
        self.started_at = started_at
        self.result: str | None = None  # the bestmove line, once the search has ended
        self.stop_sent = False
        self.pondering = request.pondering
        self.waiting = request.starts_at_ponder_hit


def _accepted(go: _Received | None) -> _Received | None:
    """``go``, or the latest ``go`` before it that was not refused."""
    while go is not None and go.refused:
        go = go.previous_go
    return go


class CommandDispatcher:
    """Carries out queued commands in input order in its own thread (see the module doc).

    ``prepare(words)`` checks one command against the current state and carries it out
    or says what it will do (``Prepared``); it raises ``CommandRefused`` for bad input.
    ``send(line)`` writes one output line and must be thread-safe and never raise;
    ``describe(info)`` is the ``info`` line of a completed iteration. ``clock`` is a
    monotonic time source in seconds (tests may replace it).

    ``put``, ``stop_latest`` and ``end_input`` are for the one reading thread; ``start``
    and ``wait`` for whoever owns the dispatcher.
    """

    def __init__(
        self,
        prepare: Callable[[list[str]], Prepared],
        send: Callable[[str], None],
        describe: Callable[[SearchInfo], str],
        grace: float = GRACE_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._prepare_command = prepare
        self._send = send
        self._describe = describe
        self.grace = grace
        self._clock = clock
        self._condition = threading.Condition()
        self._pending: deque[_Received] = deque()
        self._ready: tuple[_Received, Callable[[], None] | SearchRequest] | None = None
        self._search: _Search | None = None
        self._latest_go: _Received | None = None
        self._input_ended_at: float | None = None
        self._worker = SearchWorker()
        self._thread = threading.Thread(target=self._loop, name="engine-protocol-dispatcher", daemon=True)

    # -- the owner ------------------------------------------------------------------
    def start(self) -> None:
        """Start carrying out commands (call once)."""
        self._thread.start()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until, after the end of the input, every command has been carried out and
        every search has printed its ``bestmove``; False if still busy after ``timeout``."""
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def wait_search(self, timeout: float | None = None) -> bool:
        """Wait until the thread of the search started last has ended (its ``bestmove``
        may still be held back: ``go infinite``, ``go ponder``); False if it still runs
        after ``timeout`` seconds. For tests and tools: the dispatcher never waits on it."""
        return self._worker.wait(timeout)

    # -- the reading thread ---------------------------------------------------------
    def put(self, words: list[str], is_go: bool) -> None:
        """Queue one command line (its words; ``is_go`` for a ``go`` command)."""
        with self._condition:
            if self._input_ended_at is not None:
                return  # nothing is read after the end of the input
            received = _Received(words, is_go, _accepted(self._latest_go) if is_go else None)
            if is_go:
                self._latest_go = received
            self._pending.append(received)
            self._condition.notify()

    def stop_latest(self) -> None:
        """``stop``: stop the search of the latest ``go`` received (now, or as soon as it
        starts); nothing if that search has already printed its ``bestmove``."""
        with self._condition:
            go = _accepted(self._latest_go)
            if go is not None:
                go.stop_requested = True
                self._condition.notify()

    def end_input(self) -> None:
        """``quit`` or the end of the input: nothing more will be ``put``."""
        with self._condition:
            if self._input_ended_at is None:
                self._input_ended_at = self._clock()
                self._condition.notify()

    # -- the dispatcher thread ------------------------------------------------------
    def _loop(self) -> None:
        while True:
            step = self._next_step()
            if step is None:
                return
            try:
                step()
            except Exception as error:  # a bug must not silence the engine; it shows on stderr
                traceback.print_exc(file=sys.stderr)
                self._send(f"info string error: internal error: {type(error).__name__}: {error}")

    def _next_step(self) -> Callable[[], None] | None:
        """The next thing to do, waiting until there is one; ``None`` when all is done."""
        with self._condition:
            while True:
                now = self._clock()
                search = self._search
                if search is not None:
                    if search.result is not None:
                        if self._may_answer(search):
                            self._search = None
                            return partial(self._send, search.result)
                    elif not search.stop_sent and self._must_stop(search, now):
                        search.stop_sent = True
                        return partial(self._answer_unstarted, search) if search.waiting else self._worker.stop
                if self._ready is not None:
                    if search is None:
                        ready, self._ready = self._ready, None
                        return partial(self._carry_out, *ready)
                elif self._pending:
                    return partial(self._prepare, self._pending.popleft())
                elif self._input_ended_at is not None and search is None:
                    return None
                self._condition.wait(self._time_to_deadline(now))

    def _may_answer(self, search: _Search) -> bool:
        held = search.infinite or search.pondering
        return not held or search.go.stop_requested or self._input_ended_at is not None

    def _must_stop(self, search: _Search, now: float) -> bool:
        if search.go.stop_requested:
            return True
        ended = self._input_ended_at
        if ended is None:
            return False
        return search.infinite or search.pondering or now >= max(ended, search.started_at) + self.grace

    def _time_to_deadline(self, now: float) -> float | None:
        search, ended = self._search, self._input_ended_at
        if search is None or ended is None or search.result is not None or search.stop_sent:
            return None
        return max(0.0, max(ended, search.started_at) + self.grace - now)

    def _prepare(self, received: _Received) -> None:
        try:
            prepared = self._prepare_command(received.words)
        except CommandRefused as refusal:
            if received.is_go:
                with self._condition:
                    received.refused = True
                    if received.stop_requested:  # the stop was meant for the search before
                        target = _accepted(received.previous_go)
                        if target is not None:
                            target.stop_requested = True
            self._send(f"info string error: {refusal}")
            return
        if prepared is not None:
            with self._condition:
                self._ready = (received, prepared)

    def _carry_out(self, received: _Received, prepared: Callable[[], None] | SearchRequest) -> None:
        if not isinstance(prepared, SearchRequest):
            prepared()
            return
        for note in prepared.notes:
            self._send(note)
        search = _Search(received, prepared, self._clock())
        with self._condition:
            received.previous_go = None  # accepted: the chain of refused gos ends here
            self._search = search
        if not search.waiting:
            self._start_search(search)

    def _start_search(self, search: _Search) -> None:
        request = search.request
        try:
            self._worker.start(request.engine, request.state, request.limits,
                               listener=partial(self._on_event, search), ponder=request.ponder)
        except Exception as error:  # the go still gets its one bestmove
            self._send(f"info string error: search failed: {type(error).__name__}: {error}")
            with self._condition:
                search.result = "bestmove (none)"
                self._condition.notify()

    def ponder_hit(self) -> bool:
        """``ponderhit`` (carried out in the dispatcher's thread): the pondering search
        becomes a normal one, timed from now (``ai.ponder``), or starts now if it waited
        for the hit; its ``bestmove`` is no longer held back for it. False (nothing
        changes) when no search is pondering, or a ``stop`` already reached it."""
        with self._condition:
            search = self._search
            if search is None or not search.pondering or search.go.stop_requested or search.stop_sent:
                return False
            search.pondering = False
            search.started_at = self._clock()  # the grace after the end of the input counts from here
            start_now, search.waiting = search.waiting, False
            if search.request.ponder is not None:
                search.request.ponder.hit()
            self._condition.notify()
        if start_now:
            self._start_search(search)
        return True

    def _answer_unstarted(self, search: _Search) -> None:
        """A ``go ponder`` stopped before its search started: answer with the engine's
        fallback move (the table's, else the first legal one) without searching, so that
        the engine is as if it had not pondered."""
        request = search.request
        try:
            move = request.engine.fallback_move(request.state, request.limits.moves)
            line = f"bestmove {request.state.move_to_text(move)}"
        except Exception as error:  # the go still gets its one bestmove
            self._send(f"info string error: search failed: {type(error).__name__}: {error}")
            line = "bestmove (none)"
        with self._condition:
            search.result = line
            self._condition.notify()

    def _on_event(self, search: _Search, event: WorkerEvent) -> None:
        """Called in the search thread: print ``info`` lines; hand the result over."""
        payload = event.payload
        if isinstance(payload, SearchInfo):
            self._send(self._describe(payload))
            return
        if isinstance(payload, SearchResult):
            line = f"bestmove {payload.move_text}"
            expected = expected_reply(payload) if search.request.name_reply else ""
            if expected:
                line += f" ponder {expected}"
        elif isinstance(payload, SearchFailure):
            self._send(f"info string error: search failed: {payload.message}")
            line = f"bestmove {payload.fallback_move_text or '(none)'}"
        else:
            return
        with self._condition:
            search.result = line
            self._condition.notify()


def expected_reply(result: SearchResult) -> str:
    """The reply ``result``'s search expects to its move, in the game's notation: the
    second move of the last principal variation when its first is the move played; ""
    when there is none (a book move, a line that ends the game, a random move)."""
    info = result.info
    if info is None or len(info.pv_text) < 2 or info.best_move != result.move:
        return ""
    return info.pv_text[1]
