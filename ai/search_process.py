"""Searches in a child process, so that the window's thread keeps the interpreter to itself.

A search thread running pure Python shares the interpreter lock with the thread that
draws the window, which then waits for its turns and drops frames (``bench/ui_fps.py``).
``ProcessSearchWorker`` does what ``ai.worker.SearchWorker`` does (``start``, ``poll``,
``stop``, ``cancel``, ``wait``, ``busy``, ``progress``; every search gets a new id and
the events of any other are dropped, so a cancelled search never plays its move), but
runs the searches of ``ProcessEngine``s in one child process (``multiprocessing``,
started afresh: "spawn") that lives as long as the worker and holds their engines, so
each engine's transposition table, killers and history last from move to move as in a
thread. Any other engine (another program, ``ai.external``; an ``Engine`` the caller
built) is searched in a thread as before.

* Commands go to the child in order over one pipe (an engine to build, a new game, a
  search, quit); the child (``ai.search_child``) answers each search with the events
  ``ai.worker`` makes, pickled (a game's moves must pickle: every registered game's do).
* A stop is a number in shared memory, not a message: every search whose id is at most
  its value stops at its next check (every 128 nodes), as a thread's does, and its result
  is back within milliseconds (``bench/stop_latency.py``). So is a pondering search's hit
  (``ai.ponder``): the owner's ``Ponder.hit`` is passed on at the next ``poll`` (or
  ``busy``, ``wait``), and the child's own ``Ponder`` is hit at its next check. Each
  check also writes the search's progress (depth, nodes, seconds) into a shared array,
  which ``progress`` reads.
* A position travels as its text when that reads back as the same state; otherwise
  (chess: the repetition history is not in a FEN) as the text of the game's first
  position and the moves since (``start``'s ``line``), which the child replays (only
  the moves it has not replayed before). A position that can travel neither way, or a
  search when the system refuses a new process, is searched in a thread by a local
  twin of the engine.
* An exception in the child's search is an ``"error"`` event (``SearchFailure``) as in a
  thread; so is the child's death during a search (the next search starts a new child,
  whose engines start with empty tables). A child that has not ended a stopped search
  ``DEAF_SECONDS`` after the stop is ended and replaced when the next search starts.
* The child ends on ``close`` (or when the worker is garbage collected), when the process
  that started it ends (it watches it), and with the interpreter (a daemon process).

No pygame here; the owner (the window's thread) never waits, except in ``stop`` and
``wait``, which are for tests and benchmarks, and in ``close`` (a few milliseconds).
"""
from __future__ import annotations

import itertools
import multiprocessing
import multiprocessing.process
import time
import weakref
from collections import deque
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from ai.engine import Engine
from ai.ponder import Ponder
from ai.search_child import fallback_text, send, serve
from ai.types import MINIMUM_DEPTH, SearchLimits, SearchOptions
from ai.worker import SearchFailure, SearchWorker, WorkerEvent
from games.base import State

DEAF_SECONDS = 2.0
"""Seconds a child may take to end a search after it was asked to stop before the next
search replaces it (a stop normally takes milliseconds)."""
QUIT_SECONDS = 0.2
"""Seconds ``close`` waits for the child to end when asked (it stops its search and
quits within milliseconds, unless it is still starting) before terminating it."""
CLOSE_SECONDS = 1.0
"""Seconds ``close`` waits for a terminated child to end before killing it."""
CHILD_NICENESS = 0
"""How much lower the child's scheduling priority is (where the system allows it). The
search's speed decides a timed move's strength, so it keeps the window's priority;
``bench/ui_fps.py`` measured the frame rate either way (``bench/RESULTS.md``)."""
_NEVER = 2 ** 62
"""A stop value above every search id."""

Line = tuple[Sequence[State], Sequence[Hashable]]
"""The game up to the searched position: its positions (the first where the game
started, the last the searched one) and the moves between them."""

_keys = itertools.count(1)


class ProcessEngine:
    """An engine of the registered game ``game_id`` (``games.registry``) with ``options``,
    living in the child process of the ``ProcessSearchWorker`` that searches with it;
    ``seed`` seeds its random choices (``None``: from the system). It is built there at
    its first search, with ``Engine.for_entry``. ``new_game`` is ``Engine.new_game``,
    applied in the child before the engine's next search. Nothing is checked here: an
    unknown game or options the game cannot be searched with fail that search."""

    def __init__(self, game_id: str, options: SearchOptions | None = None, seed: int | None = None) -> None:
        self.game_id = game_id
        self.options = options or SearchOptions()
        self.key = next(_keys)
        """Names the engine to the child."""
        self.clock: Callable[[], float] = time.perf_counter
        """The engine's time source in the child: the same clock in every process."""
        self.seed = seed
        """The latest seed given (at construction or by ``new_game``)."""
        self.games = 0
        """How many times ``new_game`` was called."""
        self.seeded_at = 0
        """The value of ``games`` when ``seed`` was given."""
        self._local: Engine | None = None

    def new_game(self, seed: int | None = None) -> None:
        """Forget the previous game's tables; with ``seed``, restart the random choices
        from it (see ``Engine.new_game``)."""
        self.games += 1
        if seed is not None:
            self.seed, self.seeded_at = seed, self.games
        if self._local is not None:
            self._local.new_game(seed)

    def local(self) -> Engine:
        """A twin of the engine in this process (built at the first call), for a position
        that cannot travel to the child."""
        if self._local is None:
            from games.registry import get_game

            self._local = Engine.for_entry(get_game(self.game_id), self.options, self.seed)
        return self._local


class _Child:
    """One child process and the owner's end of its pipe, with what the owner knows of
    it: the engines built there (key -> ``ProcessEngine.games`` when last synchronised),
    the last search sent and the last one that ended, and when a stop was last asked."""

    def __init__(self) -> None:
        context = multiprocessing.get_context("spawn")
        self.connection, child_end = context.Pipe()
        self.stop_through = context.RawValue("q", 0)
        self.hit_through = context.RawValue("q", 0)
        self.progress = context.RawArray("d", 4)
        self.process = context.Process(target=serve, name="search", daemon=True,
                                       args=(child_end, self.stop_through, self.hit_through, self.progress,
                                             CHILD_NICENESS))
        self.process.start()
        child_end.close()  # the child's end: the owner keeps only its own
        self.engines: dict[int, int] = {}
        self.sent_through = 0
        self.ended_through = 0
        self.stop_asked_at: float | None = None
        self.lost = False

    @property
    def idle(self) -> bool:
        """True when every search sent has ended (as far as taken in)."""
        return self.ended_through >= self.sent_through

    def deaf(self) -> bool:
        """True when a search asked to stop more than ``DEAF_SECONDS`` ago has not ended."""
        return (not self.idle and self.stop_asked_at is not None
                and time.monotonic() - self.stop_asked_at > DEAF_SECONDS)

    def stop(self, search_id: int) -> None:
        """Ask every search up to ``search_id`` to stop."""
        if self.stop_through.value < search_id:
            self.stop_through.value = search_id
            self.stop_asked_at = time.monotonic()

    def end(self) -> None:
        """Make the process end (asked, then terminated, then killed) and reap it."""
        self.lost = True
        self.stop_through.value = _NEVER
        send(self.connection, ("quit",))
        process = self.process
        process.join(QUIT_SECONDS)
        if process.is_alive():  # still starting, or deaf: it holds nothing worth ending politely
            process.terminate()
            process.join(CLOSE_SECONDS)
        if process.is_alive():
            process.kill()
            process.join()
        self.connection.close()


def _time_pondering(ponder: Ponder, limits: SearchLimits, now: float) -> None:
    """Start the owner's ``ponder`` (timed on its engine's clock, which reads ``now``)
    as the engine would at the search's start (``Ponder.policy``), so that its
    ``pondered_seconds`` are the search's time before the hit: the search itself runs in
    the child, with a ``Ponder`` of its own. Limits that cannot ponder are left to the
    child to refuse (a failed search)."""
    try:
        ponder.policy(limits, now, MINIMUM_DEPTH, single_move=False)
    except ValueError:
        pass


def _end_children(holder: list[_Child]) -> None:
    """End the child in ``holder`` if any (the worker is closed or garbage)."""
    while holder:
        holder.pop().end()


class ProcessSearchWorker:
    """Runs searches in a child process (``ProcessEngine``s) or a thread (any other
    engine); see the module docstring. Use from one owner thread only. The child is
    started by the first search that needs it (``start`` returns at once: the child takes
    about a third of a second to be ready, and the search waits for it in the pipe), so
    a worker that never searches costs nothing."""

    def __init__(self) -> None:
        self.search_id = 0
        self._threads = SearchWorker()
        self._mode = ""
        """Where the current search runs: "process", "thread", or "" (none)."""
        self._finished = True
        """The current search in the child has sent its last event."""
        self._events: deque[WorkerEvent] = deque()
        self._searched: tuple[State, SearchLimits] | None = None
        self._ponder: Ponder | None = None
        """The current search's pondering handle until its hit is passed on."""
        self._holder: list[_Child] = []
        self._finalizer = weakref.finalize(self, _end_children, self._holder)

    @property
    def child_process(self) -> multiprocessing.process.BaseProcess | None:
        """The child process now in use, if any (none before the first search in one; tests
        and diagnostics)."""
        return self._holder[0].process if self._holder else None

    # -- the worker's contract ---------------------------------------------------------
    @property
    def busy(self) -> bool:
        """True while a search runs and has not yet reported its result (see
        ``SearchWorker.busy``)."""
        if self._mode == "thread":
            return self._threads.busy
        if self._mode == "process":
            self._take_in()
            return not self._finished
        return False

    def start(self, engine: Engine | ProcessEngine | Any, state: State, limits: SearchLimits,
              listener: Callable[[WorkerEvent], None] | None = None, ponder: Ponder | None = None,
              line: Line | None = None) -> int:
        """Cancel any running search, then search ``state``; returns the search's id.
        With ``ponder`` it is a pondering search (``ai.ponder``; the owner keeps calling
        ``ponder.hit``, ``is_hit`` and ``pondered_seconds`` as with a thread).

        A ``ProcessEngine`` searches in the child, unless ``listener`` is given (it is
        called in the search thread, so only a thread search has one), ``state``
        cannot travel there (see the module docstring; ``line`` is the game up to
        ``state``) or no child can be started; any other engine searches in a thread
        (``SearchWorker.start``, whose ``RuntimeError`` it may raise)."""
        self.cancel()
        self.search_id += 1
        if isinstance(engine, ProcessEngine):
            position = self._travelling(engine, state, line) if listener is None else None
            if position is not None and self._start_in_child(engine, state, limits, position, ponder):
                return self.search_id
            engine = engine.local()
        self._threads.start(engine, state, limits, listener, ponder=ponder)
        self._mode = "thread"
        return self.search_id

    def poll(self) -> list[WorkerEvent]:
        """Take the events that arrived since the last poll, of the current search only."""
        if self._mode == "thread":
            return [WorkerEvent(event.kind, self.search_id, event.payload) for event in self._threads.poll()]
        self._take_in()
        events = [event for event in self._events if event.search_id == self.search_id]
        self._events.clear()
        return events

    def stop(self, timeout: float = 2.0) -> bool:
        """Ask the current search to finish now and wait up to ``timeout`` seconds for its
        end; it still reports its result (see ``SearchWorker.stop``). False if it has not
        ended by then."""
        if self._mode == "thread":
            return self._threads.stop(timeout)
        child = self._child()
        if child is not None:
            child.stop(self.search_id)
        return self.wait(timeout)

    def wait(self, timeout: float | None = None) -> bool:
        """Wait up to ``timeout`` seconds (``None``: as long as it takes) until no search
        runs: the current one and those cancelled before it have ended. False if one
        still runs (tests and benchmarks; the window never waits)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        if not self._threads.wait(timeout):
            return False
        while True:
            self._take_in()
            child = self._child()
            if child is None or child.lost or child.idle:
                return True
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                return False
            try:
                child.connection.poll(left)
            except (EOFError, OSError):
                pass  # taken in at the next turn

    def wait_event(self, timeout: float | None = None) -> list[WorkerEvent]:
        """Wait up to ``timeout`` seconds (``None``: as long as it takes) until the current
        search has reported something, and take it as ``poll`` does (empty if nothing
        came; tests and headless owners: the window polls)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            events = self.poll()
            if events or not self.busy:
                return events + self.poll()
            if self._mode == "thread":
                self._threads.wait(0.01)  # a thread search has no pipe to wait on
            else:
                child = self._child()
                left = None if deadline is None else deadline - time.monotonic()
                if child is None or (left is not None and left <= 0):
                    return []
                try:
                    child.connection.poll(left)
                except (EOFError, OSError):
                    pass  # taken in at the next turn
            if deadline is not None and time.monotonic() >= deadline:
                return self.poll()

    def cancel(self, timeout: float = 2.0) -> bool:
        """Stop the current search and discard everything it reports (takeback, new game).
        A search in the child is not waited for (the child ends it before it reads the
        next command); one in a thread is, up to ``timeout`` seconds. False if that
        thread did not end."""
        finished = True
        if self._mode == "thread":
            finished = self._threads.cancel(timeout)
        elif self._mode == "process":
            child = self._child()
            if child is not None:
                child.stop(self.search_id)
        self._mode = ""
        self._finished = True
        self._searched = self._ponder = None
        self.search_id += 1
        self._events.clear()
        return finished

    def progress(self) -> tuple[int, int, float]:
        """``(depth in progress, nodes, seconds)`` of the running search, or zeros."""
        if self._mode == "thread":
            return self._threads.progress()
        child = self._child()
        if self._mode != "process" or child is None or self._finished:
            return 0, 0, 0.0
        search_id, depth, nodes, seconds = child.progress[:]
        if int(search_id) != self.search_id:
            return 0, 0, 0.0
        return int(depth), int(nodes), seconds

    def close(self) -> None:
        """Cancel any search and end the child process (waiting for it: a few
        milliseconds). The worker must not be used afterwards."""
        self.cancel()
        self._finalizer()

    # -- the child -----------------------------------------------------------------------
    def _child(self) -> _Child | None:
        return self._holder[0] if self._holder else None

    def _travelling(self, engine: ProcessEngine, state: State, line: Line | None) -> tuple | None:
        """How ``state`` travels to the child: ``("text", game, text)`` when its text reads
        back as the same state, else ``("line", game, first position's text, move texts,
        text)`` when ``line`` leads to it and its first position reads back; ``None``
        when neither (then a thread searches it)."""
        from games.registry import get_game

        try:
            game = get_game(engine.game_id).game
        except KeyError:
            return None
        text = state.to_text()
        try:
            if game.parse_position(text) == state:
                return "text", engine.game_id, text
        except ValueError:  # the game's GameError too
            pass
        if line is None:
            return None
        states, moves = line
        if not states or len(states) != len(moves) + 1 or not (states[-1] is state or states[-1] == state):
            return None
        try:
            start = states[0].to_text()
            if game.parse_position(start) != states[0]:
                return None
            move_texts = [position.move_to_text(move) for position, move in zip(states, moves)]
        except ValueError:
            return None
        return "line", engine.game_id, start, move_texts, text

    def _start_in_child(self, engine: ProcessEngine, state: State, limits: SearchLimits, position: tuple,
                        ponder: Ponder | None) -> bool:
        """Send the search to the child (a new one if it is gone, once); False if no
        child could take it (the system refused a new process)."""
        for _ in range(2):
            try:
                child = self._usable_child()
            except Exception:  # no process to be had: the caller searches in a thread
                return False
            try:
                self._synchronise(child, engine)
                child.connection.send(("search", self.search_id, engine.key, position, limits, ponder is not None))
            except OSError:  # the child has just gone
                self._lose(child)
                continue
            child.sent_through = self.search_id
            self._mode, self._finished, self._searched = "process", False, (state, limits)
            self._ponder = ponder
            if ponder is not None:
                _time_pondering(ponder, limits, engine.clock())
            return True
        return False

    def _usable_child(self) -> _Child:
        """The child, after replacing it if it is gone or deaf to a stop."""
        self._take_in()
        child = self._child()
        if child is not None and (child.lost or child.deaf()):
            self._holder.clear()
            child.end()
            child = None
        if child is None:
            child = _Child()
            self._holder.append(child)
        return child

    @staticmethod
    def _synchronise(child: _Child, engine: ProcessEngine) -> None:
        """Build ``engine`` in the child, or start its new game there, if not done yet."""
        known = child.engines.get(engine.key)
        if known is None:
            child.connection.send(("engine", engine.key, engine.game_id, engine.options, engine.seed))
        elif known != engine.games:
            seed = engine.seed if engine.seeded_at > known else None
            child.connection.send(("new_game", engine.key, seed))
        child.engines[engine.key] = engine.games

    def _take_in(self) -> None:
        """Pass a pondering search's hit on, and read what the child has sent so far
        (never waits)."""
        child = self._child()
        if child is None or child.lost:
            return
        ponder = self._ponder
        if ponder is not None and self._mode == "process" and ponder.is_hit:
            child.hit_through.value = max(child.hit_through.value, self.search_id)
            self._ponder = None
        try:
            while child.connection.poll():
                self._receive(child, child.connection.recv())
        except (EOFError, OSError):  # the child has ended
            self._lose(child)

    def _receive(self, child: _Child, message: tuple) -> None:
        kind, search_id, payload = message
        if kind != "info":
            child.ended_through = max(child.ended_through, search_id)
        if self._mode != "process" or search_id != self.search_id:
            return  # a cancelled search's
        if kind != "info":
            self._finished = True
        self._events.append(WorkerEvent(kind, search_id, payload))

    def _lose(self, child: _Child) -> None:
        """``child`` has ended unasked: reap it; fail the current search if it ran there."""
        if child.lost:
            return
        child.lost = True
        child.process.join(CLOSE_SECONDS)
        code = child.process.exitcode
        if self._mode == "process" and not self._finished:
            self._fail(f"the search process ended unexpectedly (exit code {code})")

    def _fail(self, message: str) -> None:
        """Report the current search as failed with ``message`` (and a legal move to fall
        back on, found here)."""
        fallback = fallback_text(*self._searched) if self._searched is not None else ""
        self._finished = True
        self._events.append(WorkerEvent("error", self.search_id, SearchFailure(message, message, fallback)))
