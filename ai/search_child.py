"""What runs in a search process (``ai.search_process``): its engines, the positions it is
sent rebuilt, its searches, and the events it sends back.

``serve`` is the child's whole life: it builds engines, starts their new games and runs
searches in the order the commands arrive over its pipe, sends each search's events as
``ai.worker`` makes them (pickled), and ends on ``quit``, when the pipe closes or when
the process that started it ends (a thread watches it). A search stops once the shared
stop value reaches its id (``SharedStop``, checked every 128 nodes), a pondering search
is hit (``ai.ponder``) once the shared hit value does, and each writes its progress into
a shared array at each check and each iteration. Nothing here runs in the
window's process but ``fallback_text``.
"""
from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import threading
import traceback
from collections.abc import Sequence
from multiprocessing.connection import Connection
from typing import Any

from ai.engine import Engine
from ai.ponder import Ponder
from ai.types import SearchInfo, SearchLimits, SearchOptions, SearchResult
from ai.worker import SearchFailure, run_search
from games.base import State


class SharedStop:
    """The stop event of search ``search_id`` in the child: set once the shared stop
    value reaches the id. With ``ponder`` (a pondering search), a check that finds the
    shared hit value at the id hits it (``Ponder.hit``), as the owner's hit asked. Each
    check, and each iteration reported, writes ``engine``'s progress into ``progress``
    (search id, depth, nodes, seconds)."""

    def __init__(self, stop_through: Any, progress: Any, search_id: int, engine: Engine,
                 hit_through: Any = None, ponder: Ponder | None = None) -> None:
        self._stop_through = stop_through
        self._progress = progress
        self._search_id = search_id
        self._engine = engine
        self._hit_through = hit_through
        self._ponder = ponder

    def is_set(self) -> bool:
        """True once the owner asked this search to stop."""
        self.report()
        self.follow_hit()
        return self._stop_through.value >= self._search_id

    def follow_hit(self) -> None:
        """Hit the pondering search once the owner has hit it."""
        ponder = self._ponder
        if ponder is not None and not ponder.is_hit and self._hit_through.value >= self._search_id:
            ponder.hit()

    def report(self) -> None:
        """Write the search's progress where the owner reads it."""
        depth, nodes, seconds = self._engine.progress()
        progress = self._progress
        progress[0], progress[1], progress[2], progress[3] = self._search_id, depth, nodes, seconds


class ReplayedLine:
    """The child's copy of the game line it replayed last, so that the next search of the
    same game replays only the moves it has not seen (a takeback reuses the prefix)."""

    def __init__(self) -> None:
        self.start: tuple[str, str] = ("", "")
        self.moves: list[str] = []
        self.states: list[State] = []

    def state(self, game_id: str, start_text: str, move_texts: Sequence[str]) -> State:
        """The position after ``move_texts`` from ``start_text`` in game ``game_id``."""
        from games.registry import get_game

        if self.start != (game_id, start_text) or not self.states:
            self.start = (game_id, start_text)
            self.states = [get_game(game_id).game.parse_position(start_text)]
            self.moves = []
        common = 0
        while common < min(len(self.moves), len(move_texts)) and self.moves[common] == move_texts[common]:
            common += 1
        del self.moves[common:], self.states[common + 1:]
        for text in move_texts[common:]:
            position = self.states[-1]
            self.states.append(position.apply(position.parse_move(text)))
            self.moves.append(text)
        return self.states[-1]


def serve(connection: Connection, stop_through: Any, hit_through: Any, progress: Any, niceness: int) -> None:
    """The child process: build engines, start new games and search, in the order the
    commands arrive, and send each search's events; ends on ``quit``, when the pipe
    closes, or when the parent process ends."""
    if niceness and hasattr(os, "nice"):
        try:
            os.nice(niceness)
        except OSError:
            pass
    watch_parent()
    specs: dict[int, tuple[str, SearchOptions, int | None]] = {}
    engines: dict[int, Engine] = {}
    line = ReplayedLine()
    while True:
        try:
            command = connection.recv()
        except (EOFError, OSError):
            break
        kind = command[0]
        if kind == "quit":
            break
        if kind == "engine":
            _, key, game_id, options, seed = command
            specs[key] = (game_id, options, seed)
            engines.pop(key, None)
        elif kind == "new_game":
            _, key, seed = command
            if key in engines:
                engines[key].new_game(seed)
            elif key in specs and seed is not None:
                game_id, options, _ = specs[key]
                specs[key] = (game_id, options, seed)
        elif kind == "search":
            _, search_id, key, position, limits, ponders = command
            shared = (stop_through, hit_through, progress)
            outcome = _search(connection, shared, engines, specs, line, search_id, key, position, limits, ponders)
            if not send(connection, ("done" if isinstance(outcome, SearchResult) else "error", search_id, outcome)):
                break
    os._exit(0)  # at once: tearing down big tables object by object would keep the owner waiting


def _search(connection: Connection, shared: tuple[Any, Any, Any], engines: dict[int, Engine],
            specs: dict[int, tuple[str, SearchOptions, int | None]], line: ReplayedLine, search_id: int, key: int,
            position: tuple, limits: SearchLimits, ponders: bool) -> SearchResult | SearchFailure:
    """Search ``position`` with engine ``key`` (built from its spec at its first search)
    and send its iterations; its result, or the failure (of the search, or of rebuilding
    the position or the engine). ``ponders``: a pondering search (``ai.ponder``), hit
    when the owner's hit reaches the shared hit value (at once if it already has)."""
    from games.registry import get_game

    stop_through, hit_through, progress = shared
    state: State | None = None
    try:
        state = arrived(line, position)
        engine = engines.get(key)
        if engine is None:
            game_id, options, seed = specs[key]
            engine = engines[key] = Engine.for_entry(get_game(game_id), options, seed)
    except Exception as error:  # the search fails; the child goes on
        return SearchFailure(f"{type(error).__name__}: {error}", traceback.format_exc(), fallback_text(state, limits))
    ponder = Ponder(engine.clock) if ponders else None
    stop = SharedStop(stop_through, progress, search_id, engine, hit_through, ponder)
    stop.follow_hit()  # hit before it started: a normal search

    def on_info(info: SearchInfo) -> None:
        stop.report()  # before the owner hears of the iteration: its progress includes it
        send(connection, ("info", search_id, info))

    return run_search(engine, state, limits, stop, on_info, ponder)


def fallback_text(state: State | None, limits: SearchLimits) -> str:
    """A legal move of ``state`` (among ``limits.moves`` when given) in the game's
    notation, to play when a search failed; "" if there is none or finding it failed."""
    if state is None:
        return ""
    try:
        legal = state.legal_moves()
        moves = [move for move in legal if limits.moves is None or move in limits.moves] or list(legal)
        return state.move_to_text(moves[0]) if moves else ""
    except Exception:
        return ""


def arrived(line: ReplayedLine, position: tuple) -> State:
    """The state ``position`` describes (see ``ProcessSearchWorker._travelling``)."""
    if position[0] == "text":
        _, game_id, text = position
        from games.registry import get_game

        return get_game(game_id).game.parse_position(text)
    _, game_id, start_text, move_texts, text = position
    state = line.state(game_id, start_text, move_texts)
    if state.to_text() != text:
        raise ValueError(f"the game's moves did not lead to the position searched ({text})")
    return state


def watch_parent() -> None:
    """End this process as soon as the process that started it has ended (a thread
    blocked on the parent's sentinel: it costs nothing meanwhile)."""
    parent = multiprocessing.parent_process()
    sentinel = parent.sentinel if parent is not None else None
    if sentinel is None:
        return

    def watch() -> None:
        multiprocessing.connection.wait([sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def send(connection: Connection, message: tuple) -> bool:
    """Send ``message`` to the owner; False if it no longer listens."""
    try:
        connection.send(message)
        return True
    except OSError:  # a broken pipe: the owner has gone
        return False
