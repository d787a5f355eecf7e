"""Driving a ``GameSession`` without a window in tests: update it until something holds,
waiting for the computer's search to end instead of for a while."""
from __future__ import annotations

import time
from collections.abc import Callable

from conftest import HANG_TIMEOUT
from ui.session import GameSession


def run_until(session: GameSession, condition: Callable[[], bool], timeout: float = HANG_TIMEOUT) -> None:
    """Update ``session`` until ``condition()`` holds. While a search runs, wait for its
    thread to end (however long the machine takes) before the next update; fails after
    ``timeout`` seconds, which only guards against a hang."""
    deadline = time.monotonic() + timeout
    while not condition():
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError("condition not reached")
        session.searches.worker.wait(left)
        session.update()
