"""The search lab's work, run in a background thread so the window stays fluid.

A ``LabJob`` runs one piece of work (a comparison, a recorded tree, an iterative
deepening) in a daemon thread; the work hands its results over one at a time with
``emit`` and the lab's scene collects them each frame with ``poll``. ``stop`` asks the
work to end (the searches check the event every few nodes) and does not wait for it. An
exception in the work ends the job with ``error`` set to a sentence for people (and the
details logged); it never reaches the window's loop.

The kinds of work are built by ``comparison_work`` (and ``searches_work``: searches
with and without quiescence in one table), ``tree_work`` and ``deepening_work``; each
takes only immutable inputs (a game entry and a state), since both threads see them.
"""
from __future__ import annotations

import threading
import traceback
from collections import deque
from collections.abc import Callable, Iterable

from ai.engine import Engine
from ai.lab import comparison
from ai.search_tree import TreeTooLarge, record_tree
from ai.types import Algorithm, SearchLimits, SearchOptions
from games.base import State
from games.registry import GameEntry
from ui.i18n import tr
from ui.storage import log_event

Emit = Callable[[object], None]
Work = Callable[[threading.Event, Emit], None]

COMPARISON_NODE_LIMIT = 400_000
"""Nodes a single search of the window's comparison may visit before it is stopped (its
row then says "stopped"): minimax on a chess position a few plies deep would otherwise
keep a class waiting for minutes. The command line's ``main.py lab`` has no limit."""


class LabJob:
    """One piece of work in a daemon thread (see the module docstring). Use from the
    window's thread only; ``poll`` returns what the work emitted since the last poll."""

    def __init__(self, work: Work, name: str = "lab") -> None:
        self._items: deque[object] = deque()
        self._stop = threading.Event()
        self._done = threading.Event()
        self.error = ""
        """Why the work failed, for people ("" while running or after success)."""
        self._thread = threading.Thread(target=self._run, args=(work,), name=name, daemon=True)
        self._thread.start()

    def _run(self, work: Work) -> None:
        try:
            work(self._stop, self._items.append)
        except (ValueError, TreeTooLarge) as error:  # a refusal with its own message
            self.error = str(error)
        except Exception as error:  # never reaches the window: the lab shows it
            self.error = tr("the search failed: {error}", error=f"{type(error).__name__}: {error}")
            log_event(f"lab search failed: {traceback.format_exc()}")
        finally:
            self._done.set()

    @property
    def running(self) -> bool:
        """True until the work has ended (finished, failed or stopped)."""
        return not self._done.is_set()

    @property
    def stopped(self) -> bool:
        """True once ``stop`` was asked."""
        return self._stop.is_set()

    def poll(self) -> list[object]:
        """What the work emitted since the last call, in order."""
        items = []
        while self._items:
            items.append(self._items.popleft())
        return items

    def stop(self) -> None:
        """Ask the work to end soon; returns at once."""
        self._stop.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait up to ``timeout`` seconds for the work to end; True if it has."""
        return self._done.wait(timeout)


def comparison_work(entry: GameEntry, state: State, depth: int, quiescence: bool,
                    searches: Iterable[tuple[str, bool]] | None = None,
                    node_limit: int | None = COMPARISON_NODE_LIMIT,
                    evaluations: Iterable[str] | None = None) -> Work:
    """Work emitting the comparison's ``LabRow`` one by one (``ai.lab.comparison``;
    ``evaluations`` by name, each search once with each; ``None``: the game's own)."""
    chosen = None if searches is None else list(searches)
    judges = None if evaluations is None else tuple(evaluations)

    def work(stop: threading.Event, emit: Emit) -> None:
        for row in comparison(entry, state, depth, quiescence, node_limit=node_limit, stop_event=stop,
                              searches=chosen, evaluations=judges):
            emit(row)
    return work


def searches_work(entry: GameEntry, state: State, depth: int, searches: Iterable[tuple[str, bool, bool]]) -> Work:
    """Work emitting one ``LabRow`` per ``(algorithm, with table and ordering, quiescence)``
    of ``searches``, in order (``comparison_work`` of each: searches with and without
    quiescence in one table, as the horizon demonstration shows them)."""
    chosen = list(searches)

    def work(stop: threading.Event, emit: Emit) -> None:
        for algorithm, enhanced, quiescence in chosen:
            comparison_work(entry, state, depth, quiescence, [(algorithm, enhanced)])(stop, emit)
    return work


def tree_work(entry: GameEntry, state: State, depth: int, algorithm: str, quiescence: bool) -> Work:
    """Work emitting one ``RecordedTree`` (``ai.search_tree.record_tree``); a tree too
    large to draw ends the job with the recorder's message as ``error``."""
    def work(stop: threading.Event, emit: Emit) -> None:
        emit(record_tree(entry, state, depth, algorithm, quiescence))
    return work


def deepening_options(entry: GameEntry, quiescence: bool) -> SearchOptions:
    """The engine the deepening view watches: the game's usual algorithm (PVS, or
    expectiminimax with dice) with a table and killer and history ordering, and none of
    the extras that would blur the picture (no book, no null moves or reductions, no
    jump to the end of a short game)."""
    return SearchOptions(algorithm=Algorithm.default_for(entry.game.has_chance), use_book=False, null_move=False,
                         reductions=False, solve_within=0, quiescence=quiescence, multipv=1)


def deepening_work(entry: GameEntry, state: State, depth: int, quiescence: bool) -> Work:
    """Work emitting one ``SearchInfo`` per completed iteration, depth 1 to ``depth``
    (fewer if the game tree ends sooner), of a fresh engine (``deepening_options``)."""
    def work(stop: threading.Event, emit: Emit) -> None:
        engine = Engine.for_entry(entry, deepening_options(entry, quiescence))
        for info in engine.iterate(state, SearchLimits(depth=depth), stop_event=stop):
            emit(info)
    return work
