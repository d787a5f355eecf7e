"""Pondering: searching on the opponent's time, with no time limit until the expected reply comes.

While the opponent thinks, an engine may search the position it expects after their
move (the second move of its last principal variation; UCI's ``go ponder``). ``Ponder``
is the handle of one such search: the owner makes one, passes it to
``ai.engine.Engine.search`` (or ``iterate``, ``ai.worker.SearchWorker.start``), and calls
``hit`` when the expected move is played (UCI's ``ponderhit``). Until the hit the search
has no time limit at all (only its depth cap, the end of the game tree, a proven result
or a stop end it); from the hit on, the search's own time limits (``SearchLimits``
``hard_time``, ``soft_time``, ``absolute_time``) apply as if it had started at the hit, and
the same search goes on: the iteration in progress is not thrown away, the completed
iterations count (their times too, for the test of whether the next iteration can
finish), and the table, killers and history are the engine's own. A miss (another move
was played) is the owner's business: it stops the search and starts a new one.

A search limited by nodes (``SearchLimits.nodes``, or a strength level's
``node_budget``) cannot ponder: a level defined by its effort plays the same move
whenever it searches, so pondering could only change its play (``ai.strength.uses_its_time``
says which levels ponder; the owner starts such a search at the hit instead).

The result of a pondering search reports times since the search started, before the
hit included (``SearchInfo.time``, ``SearchResult.time``); ``pondered_seconds`` is the
part before the hit, which an owner subtracts to charge the mover's clock only from the
hit.
"""
from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from ai.deadline import DeadlinePolicy
from ai.types import SearchLimits

if TYPE_CHECKING:
    from ai.context import SearchContext


def _later(seconds: float | None, offset: float) -> float | None:
    """A time limit of ``seconds`` (``None``: none) counted ``offset`` seconds later."""
    return None if seconds is None else seconds + offset


class Ponder:
    """The handle of one pondering search (see the module docstring).

    ``clock`` is the time source of the engine that searches (``Engine.clock``,
    seconds), so that the hit is timed on the same clock as the search. ``hit`` may be
    called from any thread, once or more (later calls change nothing), before the search
    starts (it then runs as a normal search) or after it ended (nothing left to change).
    One ``Ponder`` serves one search. The other methods are the engine's, called from
    the search thread.
    """

    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        self._hit_at: float | None = None
        self._start: float | None = None
        self._arguments: tuple[SearchLimits, int, bool, bool] | None = None
        self._waiting: DeadlinePolicy | None = None
        self._timed: DeadlinePolicy | None = None
        self._context: SearchContext | None = None
        self._depth = 0

    # -- the owner --------------------------------------------------------------------
    def hit(self) -> None:
        """The expected move was played: the search's time limits count from now, and
        the iteration in progress gets its deadline at once."""
        with self._lock:
            if self._hit_at is not None:
                return
            self._hit_at = self._clock()
            if self._arguments is not None:
                self._timed = self._timed_policy()
                if self._context is not None:
                    self._context.deadline = self._timed.deadline(self._depth)

    @property
    def is_hit(self) -> bool:
        """Whether ``hit`` was called."""
        return self._hit_at is not None

    @property
    def pondered_seconds(self) -> float:
        """Seconds the search ran before the hit (0 before the search started, or if it
        was hit before it started); up to now while not yet hit."""
        with self._lock:
            if self._start is None:
                return 0.0
            end = self._hit_at if self._hit_at is not None else self._clock()
            return max(0.0, end - self._start)

    # -- the engine (the search thread) ------------------------------------------------
    def policy(self, limits: SearchLimits, start: float, minimum_depth: int, single_move: bool,
               partial_iterations: bool = False) -> Ponder:
        """Take the search's limits and start time (``clock`` seconds); the arguments are
        those of ``ai.deadline.DeadlinePolicy``, whose part this object then plays
        (``deadline``, ``stop_reason``). ``ValueError`` for limits with nodes (see the
        module docstring; an infinite search ignores them) or a second search."""
        if not limits.infinite and (limits.nodes is not None or limits.node_budget is not None):
            raise ValueError("a search limited by nodes does not ponder: start it when the expected move is played")
        with self._lock:
            if self._arguments is not None:
                raise ValueError("a Ponder serves one search")
            self._start = start
            self._arguments = (limits, minimum_depth, single_move, partial_iterations)
            self._waiting = DeadlinePolicy(replace(limits, infinite=True), start, minimum_depth, single_move,
                                           partial_iterations)
            if self._hit_at is not None:
                self._timed = self._timed_policy()
        return self

    def arm(self, context: SearchContext, depth: int) -> None:
        """The iteration of ``depth`` starts in ``context``: give it its deadline now (none
        before the hit), and let a hit during it set one."""
        with self._lock:
            self._context, self._depth = context, depth
            context.deadline = self._active().deadline(depth)

    def deadline(self, depth: int) -> float | None:
        """As ``DeadlinePolicy.deadline``: ``None`` before the hit."""
        with self._lock:
            return self._active().deadline(depth)

    def stop_reason(self, depth: int, elapsed: float, unstable: bool = False) -> str:
        """As ``DeadlinePolicy.stop_reason`` (``elapsed``: seconds since the search
        started): "" before the hit, so the search deepens until it ends by itself."""
        with self._lock:
            return self._active().stop_reason(depth, elapsed, unstable)

    @property
    def timed(self) -> bool:
        """As ``DeadlinePolicy.timed``: whether the search has a time limit now (not
        before the hit: it then searches until it ends by itself, or is stopped)."""
        with self._lock:
            return self._timed is not None and self._timed.timed

    def _active(self) -> DeadlinePolicy:
        policy = self._timed or self._waiting
        if policy is None:
            raise ValueError("the search has not started: call policy first")
        return policy

    def _timed_policy(self) -> DeadlinePolicy:
        """The search's own policy with its times counted from the hit (the hit's offset
        added to every limit), knowing the iterations completed before it."""
        assert self._arguments is not None and self._start is not None and self._hit_at is not None
        limits, minimum_depth, single_move, partial_iterations = self._arguments
        offset = max(0.0, self._hit_at - self._start)
        shifted = replace(limits, hard_time=_later(limits.hard_time, offset),
                          soft_time=_later(limits.soft_time, offset),
                          absolute_time=_later(limits.absolute_time, offset))
        policy = DeadlinePolicy(shifted, self._start, minimum_depth, single_move, partial_iterations)
        if self._waiting is not None:
            policy.iteration_times = list(self._waiting.iteration_times)
        return policy
