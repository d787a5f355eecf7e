"""Driving a ``GameSession`` without a window in tests: update it until something holds,
waiting for the computer's search to end instead of for a while."""
from __future__ import annotations

import time
from collections.abc import Callable

from conftest import HANG_TIMEOUT
from ui.session import GameSession


PONDER_POLL_SECONDS = 0.01
"""While the computer ponders (a search that may never end by itself), how long
``run_until`` waits for it to end before updating the session again."""


def run_until(session: GameSession, condition: Callable[[], bool], timeout: float = HANG_TIMEOUT) -> None:
    """Update ``session`` until ``condition()`` holds. While a search runs, wait for its
    thread to end (however long the machine takes) before the next update, or, while
    the computer ponders on the person's time, up to ``PONDER_POLL_SECONDS``; fails after
    ``timeout`` seconds, which only guards against a hang."""
    deadline = time.monotonic() + timeout
    while not condition():
        left = deadline - time.monotonic()
        if left <= 0:
            searches = session.searches
            raise AssertionError(f"condition not reached: kind={searches.kind} busy={searches.worker.busy} "
                                 f"progress={searches.progress()} latest={searches.latest!r:.300} "
                                 f"hint={session.hint_move} rollout={session.rollout.job} failure={session.failure}")
        pondering = session.searches.kind == "ponder"
        session.searches.worker.wait(min(left, PONDER_POLL_SECONDS) if pondering else left)
        session.update()
