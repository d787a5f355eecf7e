"""Clocks for tests, so that what a timed search does cannot depend on the machine's
speed or on what else runs beside the tests.

The engine reads its clock (``Engine.clock``, seconds) when a search starts, after each
iteration and, while searching, every ``ai.context.CHECK_INTERVAL`` (128) nodes.
"""
from __future__ import annotations

import itertools


class StillClock:
    """A clock that never advances: no time limit ever passes, so a timed search is
    ended only by its depth, its node budget, the end of the game tree or a stop."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        """The same time at every reading (seconds)."""
        return self.now


class SteppingClock:
    """A clock that advances ``step`` seconds at every reading: a machine of a fixed
    speed. Since the engine reads it every 128 nodes, a step of 5 ms is a machine that
    searches about 25,000 nodes a second, however busy the real one is. Safe to read
    from several threads (a session and its search thread may share one)."""

    def __init__(self, step: float, start: float = 1000.0) -> None:
        self.step = step
        self.start = start
        self._readings = itertools.count(1)

    def __call__(self) -> float:
        """The time now (seconds); the next reading is ``step`` later."""
        return self.start + next(self._readings) * self.step
