"""Test set-up: no display, no sound card, and the project root importable."""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Iterator

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
TESTS = Path(__file__).resolve().parent
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))

HANG_TIMEOUT = 120.0
"""Seconds after which a test waiting for something (a search's answer, a line of an
engine's output, a frame of the app) gives up and fails: it only guards against a hang,
so it is long enough never to decide a pass on a machine that is merely busy."""


@pytest.fixture(autouse=True)
def patient_with_programs(monkeypatch: pytest.MonkeyPatch) -> None:
    """An external program (a bot, or the project's own engine run as one) has 10 s to
    answer the handshake, and 5 s past its time to answer a search before it is sent
    ``stop`` (then given up 1 s later): ample on a healthy machine, not on one as busy as
    a shared CI runner. In
    the tests' own process it gets ``HANG_TIMEOUT`` for both; a test about those limits
    sets its own (``ai.external.STOP_SECONDS``, for a program deaf to ``stop``, is kept)."""
    import ai.external

    monkeypatch.setattr(ai.external, "HANDSHAKE_SECONDS", HANG_TIMEOUT)
    monkeypatch.setattr(ai.external, "MARGIN_SECONDS", HANG_TIMEOUT)


@pytest.fixture(autouse=True)
def searches_in_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game's searches run in a thread of the tests' own process, not in a child
    process as in the app (``ui.search_control.SEARCH_PROCESS``): a child costs about a
    second to start, and tests give engines their own clocks. The tests about the
    child process (``tests/test_search_process.py``) turn it back on."""
    import ui.search_control

    monkeypatch.setattr(ui.search_control, "SEARCH_PROCESS", False)


@pytest.fixture(autouse=True)
def priority_kept() -> Iterator[None]:
    """No test may leave the tests' process with a lower CPU priority: code meant for a
    child process (``ai.search_child.serve``, ``ui.rollout_jobs._rollout_in_process``)
    lowers its own priority, and run in a test's process it would slow every later test
    on the same worker (on a loaded machine, until clock-bound tests failed). A test that
    runs such code in-process replaces ``os.nice``; the real one is kept here, since the
    replacement may still be in place at this teardown (the ``monkeypatch`` fixture is
    set up before this one by ``searches_in_threads``, so it is undone after it)."""
    nice = getattr(os, "nice", None)
    before = nice(0) if nice else 0
    yield
    if nice:
        assert nice(0) == before, f"the test lowered the tests' process's priority (niceness {before} -> {nice(0)})"
