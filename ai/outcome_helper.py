"""Helper processes that search a ranked root's outcomes beside the search's own process.

In pure Python a search uses one core (the interpreter lock). Expectiminimax searched
outcome by outcome (``ai.outcome_deepening``) splits a deeper iteration into
independent jobs, one per root move and outcome (backgammon's 2-ply: each of the
opponent's 21 rolls after each of the two root moves kept, 10-50 ms each), so a second
core can take half of them. ``HelperPool`` owns ``SearchOptions.helper_processes``
processes (``multiprocessing``, "spawn"); each builds the same engine as its owner
(``Engine.for_entry`` with the same game and options, so the same evaluation, screen,
move filter and fixed-rule decisions) and searches the jobs it is sent, one at a time,
in the order they come:

* ``begin(root, leaf_screen)`` starts a batch (one iteration's rounds): every job of it
  is searched under a fresh ``SearchContext`` of that root (its mover is the root
  player, values from that player's point of view) with the iteration's leaf screen;
* ``submit(helper, key, state, depth, ply)`` sends one job; its answer comes back from
  ``collect`` or ``wait`` as a ``HelperResult``: the value ``expectiminimax`` gives
  ``state`` with ``depth`` decisions to go at ``ply``, in a full window, and the nodes,
  horizon leaves and selective depth it took;
* ``cancel()`` stops the batch: the job in progress stops at its next check (every 128
  nodes, as a stopped search does), the queued ones are answered "aborted";
* a helper that fails (an exception in its search, its death, a state that does not
  pickle) gives its unanswered jobs back (``HelperResult.failed``) and is not used again;
  its owner searches them itself.

A helper is used only once it is ready (its engine built and its networks read, about
half a second after it starts); until then, and in a process that may not start
one (a daemonic process, such as the app's search process: ``ai.search_process``; or a
system that refuses), the owner searches every job itself, as without helpers. Each
helper keeps its own transposition table from batch to batch; values are the owner's
own (a finished iteration gives the same move and values; ``tests/test_outcome_helper.py``),
unless a table entry searched deeper stands in for a node in one process and not in
the other. Helpers end with ``close``, when their pool is garbage collected, and when
the process that started them ends (they watch it).
"""
from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import time
import traceback
import weakref
from collections import deque
from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING, Any

from ai.types import SearchOptions
from games.base import State

if TYPE_CHECKING:
    from ai.context import SearchContext

READY_POLL_SECONDS = 0.05
"""How often ``wait_ready`` looks whether a helper that is not ready yet has died."""
JOBS_AHEAD = 2
"""Jobs a helper holds at once (the one it searches and the next), so that it never
waits for the owner, who sends more only between its own jobs."""


@dataclass(frozen=True)
class HelperResult:
    """A helper's answer to job ``key``: ``value`` (the root player's point of view),
    ``nodes``, ``horizon_leaves``, ``seldepth`` and ``line`` of its search; ``failed`` when the
    helper could not search it (the owner must), ``aborted`` when the batch was
    cancelled first (``value`` is then meaningless)."""

    key: Hashable
    value: float = 0.0
    nodes: int = 0
    horizon_leaves: int = 0
    seldepth: int = 0
    failed: bool = False
    aborted: bool = False
    line: tuple[Hashable, ...] = ()
    """The principal variation from the job's state (``SearchContext.pv`` at its ply)."""


class _Helper:
    """One helper process and the owner's end of its pipe: the event it sets once ready,
    whether it failed, the batch it was last told of, and the keys of the jobs it has not
    answered, oldest first."""

    def __init__(self, context: Any, game_id: str, options: SearchOptions, cancel_through: Any) -> None:
        self.connection, child_end = context.Pipe()
        self.ready_event = context.Event()
        self.process = context.Process(target=serve_helper, name="search-helper", daemon=True,
                                       args=(child_end, cancel_through, self.ready_event, game_id, options))
        self.process.start()
        child_end.close()
        self.broken = False
        self.batch_sent = 0
        self.outstanding: list[Hashable] = []

    def send(self, message: tuple) -> bool:
        """Send ``message``; False (and broken from now on) if that fails."""
        try:
            self.connection.send(message)
            return True
        except Exception:  # a broken pipe, or something that does not pickle
            self.broken = True
            return False


class HelperPool:
    """``count`` helper processes searching the jobs of game ``game_id`` with ``options``
    (see the module docstring). Not thread-safe: one search at a time uses it. A pool
    that could not start its processes has none (``helpers`` is empty) and is harmless."""

    def __init__(self, game_id: str, options: SearchOptions, count: int) -> None:
        self.helpers: list[_Helper] = []
        self.batch = 0
        self.answered = 0
        """Jobs the helpers have answered with a value, in all (for tests and benchmarks)."""
        context = multiprocessing.get_context("spawn")
        self._cancel_through = context.RawValue("q", 0)
        options = replace(options, helper_processes=0)
        if not multiprocessing.current_process().daemon:  # a daemonic process may not have children
            try:
                for _ in range(count):
                    self.helpers.append(_Helper(context, game_id, options, self._cancel_through))
            except (AssertionError, OSError, RuntimeError):  # the system refused
                pass
        self._finalizer = weakref.finalize(self, _close_all, list(self.helpers))

    def usable(self) -> list[_Helper]:
        """The helpers that are ready and not broken."""
        return [helper for helper in self.helpers if not helper.broken and helper.ready_event.is_set()]

    def wait_ready(self, seconds: float) -> bool:
        """Wait up to ``seconds`` in all until every helper is ready (the engine
        protocol's ``isready``; tests and benchmarks, which want the helpers from the
        first search on); whether all are. Safe from another thread than the search's."""
        deadline = time.monotonic() + seconds
        for helper in self.helpers:
            while not helper.broken and not helper.ready_event.wait(min(READY_POLL_SECONDS,
                                                                          max(0.0, deadline - time.monotonic()))):
                if not helper.process.is_alive():  # died before it was ready: never waited for again
                    helper.broken = True
                elif time.monotonic() >= deadline:
                    break
        return bool(self.helpers) and all(helper.ready_event.is_set() and not helper.broken
                                          for helper in self.helpers)

    def new_game(self) -> None:
        """Empty the helpers' tables (``Engine.new_game``), as their owner's are."""
        for helper in self.helpers:
            if not helper.broken:
                helper.send(("new_game",))

    def begin(self, root: State, leaf_screen: int) -> None:
        """Start a batch: the jobs sent from now on are searched under a fresh context of
        ``root`` with ``leaf_screen`` (see ``SearchContext.leaf_screen``). Answers to the
        jobs of earlier batches are dropped."""
        self.batch += 1
        self._root = (root, leaf_screen)
        for helper in self.helpers:
            helper.outstanding.clear()

    def submit(self, helper: _Helper, key: Hashable, state: State, depth: int, ply: int) -> bool:
        """Send job ``key`` (``state`` with ``depth`` decisions to go at ``ply``) to
        ``helper``; False if it could not be sent (the helper is then broken)."""
        if helper.batch_sent != self.batch:
            if not helper.send(("batch", self.batch, *self._root)):
                return False
            helper.batch_sent = self.batch
        if not helper.send(("job", self.batch, key, state, depth, ply)):
            return False
        helper.outstanding.append(key)
        return True

    def outstanding(self) -> int:
        """Jobs of this batch sent and not yet answered."""
        return sum(len(helper.outstanding) for helper in self.helpers)

    def collect(self) -> list[HelperResult]:
        """The answers that have arrived, without waiting (see ``wait``)."""
        return self.wait(0.0)

    def wait(self, seconds: float) -> list[HelperResult]:
        """The answers of this batch that arrive within ``seconds`` (those already there
        at once); a helper found broken gives back its unanswered jobs as failed."""
        busy = [helper for helper in self.helpers if helper.outstanding and not helper.broken]
        if seconds > 0 and busy:
            try:
                multiprocessing.connection.wait([helper.connection for helper in busy], seconds)
            except OSError:
                pass
        results: list[HelperResult] = []
        for helper in self.helpers:
            if helper.outstanding:
                results.extend(self._read(helper))
        return results

    def cancel(self) -> None:
        """Stop this batch's jobs (see the module docstring); their answers are dropped."""
        self._cancel_through.value = self.batch
        for helper in self.helpers:
            helper.outstanding.clear()

    @property
    def cancelled_through(self) -> int:
        """The last batch cancelled (0: none): its jobs, and every earlier batch's, stop."""
        return self._cancel_through.value

    def close(self) -> None:
        """End the helper processes (at once; nothing they hold is kept)."""
        self._finalizer()

    def _read(self, helper: _Helper) -> list[HelperResult]:
        """Every message ``helper`` has sent so far, as this batch's results."""
        results: list[HelperResult] = []
        try:
            while not helper.broken and helper.connection.poll():
                message = helper.connection.recv()
                kind = message[0]
                batch, key = message[1], message[2]
                if batch != self.batch or key not in helper.outstanding:
                    continue
                helper.outstanding.remove(key)
                if kind == "value":
                    _, _, _, value, nodes, leaves, seldepth, line = message
                    results.append(HelperResult(key, value, nodes, leaves, seldepth, line=tuple(line)))
                    self.answered += 1
                elif kind == "aborted":
                    results.append(HelperResult(key, aborted=True))
                else:  # "error": the helper's search failed; it is not used again
                    helper.broken = True
                    results.append(HelperResult(key, failed=True))
        except (EOFError, OSError):  # the helper has died
            helper.broken = True
        if helper.broken:
            results.extend(HelperResult(key, failed=True) for key in helper.outstanding)
            helper.outstanding.clear()
            helper.process.kill()  # not used again: it should not hold its memory
        return results


WAIT_SECONDS = 0.005
"""How long the owner waits for a helper's answer, when it has no job left to search
itself, before it checks its stop conditions again (a deadline is overrun by at most
about this much)."""


def share_jobs(ctx: SearchContext, pool: HelperPool, root: State, jobs: deque,
               where: Callable[[Hashable], tuple[State, int, int]],
               search_here: Callable[[Hashable], float],
               record: Callable[[Hashable, float, tuple[Hashable, ...] | None, int], None]) -> None:
    """Search every job of ``jobs`` (keys, front first), shared with ``pool``'s ready
    helpers, in a batch of ``root`` with ``ctx.leaf_screen``: ``where(key)`` is the job's
    ``(state, depth, ply)``, ``search_here(key)`` its value searched in this process,
    ``record(key, value, line, nodes)`` keeps a value (``line``: the helper's principal
    variation from the job's state, ``None`` when searched here, where ``ctx.pv`` holds
    it; ``nodes``: the job's). Each helper is kept ``JOBS_AHEAD`` jobs ahead (one near
    the end), from the front of the queue, while this process searches the next one
    itself; answers are
    recorded as they arrive, their nodes, horizon leaves and selective depth counted as
    ``ctx``'s own, and a job a helper could not search goes back to the front of the
    queue. Waiting for the last answers, ``ctx.check_stop`` runs every ``WAIT_SECONDS``.
    Cut short (``SearchAborted``), the batch is cancelled."""

    def take(results: list[HelperResult]) -> None:
        for result in results:
            if result.failed or result.aborted:
                jobs.appendleft(result.key)
                continue
            ctx.nodes += result.nodes
            ctx.horizon_leaves += result.horizon_leaves
            ctx.seldepth = max(ctx.seldepth, result.seldepth)
            record(result.key, result.value, result.line, result.nodes)

    pool.begin(root, ctx.leaf_screen)
    finished = False
    try:
        while jobs or pool.outstanding():
            take(pool.collect())
            for helper in pool.usable():
                ahead = JOBS_AHEAD if len(jobs) > 2 * JOBS_AHEAD else 1
                while jobs and len(helper.outstanding) < ahead:
                    key = jobs.popleft()
                    if not pool.submit(helper, key, *where(key)):
                        jobs.appendleft(key)
                        break
            if jobs:
                key = jobs.popleft()
                nodes = ctx.nodes
                value = search_here(key)
                record(key, value, None, ctx.nodes - nodes)
            else:
                ctx.check_stop()
                take(pool.wait(WAIT_SECONDS))
        finished = True
    finally:
        if not finished:  # the answers already there count; the rest of the batch is stopped
            take([result for result in pool.collect() if not (result.failed or result.aborted)])
            pool.cancel()


def _close_all(helpers: list[_Helper]) -> None:
    """End ``helpers``' processes: ask, then make sure."""
    for helper in helpers:
        helper.send(("quit",))
        helper.connection.close()
    for helper in helpers:
        helper.process.join(0.2)
        if helper.process.is_alive():
            helper.process.kill()
            helper.process.join(5.0)


class _BatchStop:
    """A helper's stop event: set once the owner cancelled batch ``batch`` (or a later one)."""

    def __init__(self, cancel_through: Any, batch: int) -> None:
        self._cancel_through = cancel_through
        self._batch = batch

    def is_set(self) -> bool:
        """True once the batch is cancelled."""
        return self._cancel_through.value >= self._batch


def serve_helper(connection: Connection, cancel_through: Any, ready: Any, game_id: str,
                 options: SearchOptions) -> None:
    """A helper process's whole life: build the engine, set ``ready``, then search each job
    of the current batch and answer it ("value", "aborted" or "error"), until ``quit``,
    the pipe's end, or the end of the process that started it."""
    from ai.context import SearchAborted
    from ai.engine import Engine
    from ai.expectimax import expectiminimax
    from ai.search_child import send, watch_parent
    from games.registry import get_game

    watch_parent()
    engine = Engine.for_entry(get_game(game_id), options)
    ready.set()
    batch, context = 0, None
    while True:
        try:
            message = connection.recv()
        except (EOFError, OSError):
            break
        kind = message[0]
        if kind == "quit":
            break
        if kind == "new_game":
            engine.new_game()
            continue
        if kind == "batch":
            _, batch, root, leaf_screen = message
            context = engine.subtree_context(root, leaf_screen, _BatchStop(cancel_through, batch))
            continue
        _, job_batch, key, state, depth, ply = message
        if job_batch != batch or context is None or cancel_through.value >= batch:
            answer: tuple = ("aborted", job_batch, key)
        else:
            nodes, leaves = context.nodes, context.horizon_leaves
            context.seldepth = 0
            try:
                value = expectiminimax(context, state, depth, ply)
                answer = ("value", job_batch, key, value, context.nodes - nodes, context.horizon_leaves - leaves,
                          context.seldepth, list(context.pv[ply]))
            except SearchAborted:
                answer = ("aborted", job_batch, key)
            except Exception:
                answer = ("error", job_batch, key, traceback.format_exc())
        if not send(connection, answer):
            break
    os._exit(0)
