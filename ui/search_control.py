"""The searches of one game in the window: the computer players' engines, hints, and their records.

``SearchControl`` owns the background worker and one engine per computer side (plus a
full-strength, noise-free engine for hints). It starts searches (moves, hints, and a
computer's pondering on the person's time, ``ui.ponder_control``), hands the worker's
events to the session, and keeps ``SearchRecord``s, the rows the engine panel shows: the
latest search of any kind, and each player's latest move search (so that watch mode can
show both computers side by side). The engines of a registered game live in a child
process (``ai.search_process``: a ``ProcessSearchWorker`` and ``ProcessEngine``s, while
``SEARCH_PROCESS``), so the window's thread keeps the interpreter to itself; another
program, or a game the registry does not know, is searched in a thread. No pygame here.
"""
from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass, field

from ai.clock import TimeControl
from ai.engine import Engine
from ai.explanation import Explanation
from ai.external import ExternalEngine
from ai.ponder import Ponder
from ai.search_process import Line, ProcessEngine, ProcessSearchWorker
from ai.strength import level_limits, level_options
from ai.types import Algorithm, Score, SearchInfo, SearchLimits, SearchOptions
from ai.worker import SearchWorker, WorkerEvent
from games.base import State
from games.registry import GAMES, GameEntry
from ui.i18n import format_number, tr, tr_known
from ui.player_settings import PlayerSettings, engine_label
from ui.table_folders import with_tables

HINT_SECONDS = 1.0
"""How long a hint search thinks."""
SEARCH_PROCESS = True
"""Whether the engines of a registered game search in a child process (one per
``SearchControl``, started by its first search). The tests turn it off, but for those
about it (``tests/conftest.py``): a child costs about a second to start, and tests give
engines their own clocks."""


@dataclass
class SearchRecord:
    """One search as the engine panel shows it.

    ``kind`` is "move" (a computer choosing its move), "hint", or "ponder" (a computer
    searching on its opponent's time the position after the reply it expects,
    ``pondering_on``, as people write it; ``ui.ponder_control``: at a ponder hit it becomes
    the "move" search, ``ponder_hit`` true, and only then the ``latest``); ``player`` the side it
    searched for; ``ply`` the index of the searched position in the game record (for a
    ponder, the index it will have once the expected reply is played);
    ``title`` says who searched how, for people; ``noisy`` is true when a weak level's
    deliberate errors are in its scores; ``rows`` the completed iterations (scores from
    ``player``'s point of view); ``running`` until its result arrived or it was dropped;
    ``state`` the searched position and ``lines[i]`` row ``i``'s best line as people
    write it (SAN in chess), worked out once when the row arrives; ``external`` is true
    for another program's search (it may send no rows at all); ``judged_by`` what
    judges the searched position and whether exactly (``GameEntry.evaluation_source``;
    ``None`` for a game with one evaluation); ``explanation``, a finished hint's: why its
    move (``ai.explanation``; the session sets it).
    """

    kind: str
    player: int
    ply: int
    title: str
    noisy: bool = False
    rows: list[SearchInfo] = field(default_factory=list)
    running: bool = True
    state: State | None = None
    lines: list[str] = field(default_factory=list)
    external: bool = False
    judged_by: tuple[str, bool] | None = None
    pondering_on: str = ""
    ponder_hit: bool = False
    explanation: Explanation | None = None

    def candidates(self) -> list[tuple[Hashable, Score, bool, int]]:
        """The root moves with their values, like GNU Backgammon's hint list: the latest
        candidate list's moves first (best first), then those that only shallower
        iterations valued, from the deepest of them, as ``(move, score, exact, depth)``.
        A deeper iteration may search fewer moves (backgammon's 2-ply: the 1-ply best two)
        or be cut short; the moves it left out keep their shallower values. Empty for a
        search without candidate lists (only expectiminimax keeps them)."""
        listed: dict[Hashable, tuple[Hashable, Score, bool, int]] = {}
        for info in reversed([row for row in self.rows if row.candidates and row.multipv == 1]):
            for move, score, exact in info.candidates:
                listed.setdefault(move, (move, score, exact, info.depth))
        return list(listed.values())


class SearchControl:
    """Engines, the worker and the search records of one game (see the module docstring)."""

    def __init__(self, entry: GameEntry, players: tuple[PlayerSettings, PlayerSettings]) -> None:
        self.entry = entry
        self.vary = not entry.known_moves
        """Pick at random among equally good moves (a fresh root order every iteration)
        when the game has no opening book to vary its games: the shuffle costs the
        root its best-first order (in chess about 2.6 times the nodes to a depth)."""
        self.worker: SearchWorker | ProcessSearchWorker = \
            ProcessSearchWorker() if SEARCH_PROCESS and GAMES.get(entry.id) is entry else SearchWorker()
        self.engines: dict[int, Engine | ProcessEngine | ExternalEngine] = {}
        self.players = players
        for side in (0, 1):
            if players[side].is_ai:
                self.engines[side] = self._make_engine(players[side])
        # The runner-up, for the hint's explanation ("the only move that does not lose", ai.explanation).
        hint_options = SearchOptions(algorithm=Algorithm.default_for(entry.game.has_chance),
                                     shuffle_root_moves=self.vary, runner_up=True)
        self.hint_engine = self._new_engine(hint_options)
        self.current: SearchRecord | None = None
        """The search running now, if any."""
        self.latest: SearchRecord | None = None
        """The most recent search of any kind (running or finished)."""
        self.latest_by_player: dict[int, SearchRecord] = {}
        """Each player's most recent move search."""
        self._game: Line | None = None

    def follow(self, states: list[State], moves: list[Hashable]) -> None:
        """Search positions of the game whose positions and moves are ``states`` and
        ``moves`` (the record's lists, read at each search start and never changed here),
        from which a search process rebuilds a position whose text lacks something (chess:
        the repetitions; ``ai.search_process.Line``)."""
        self._game = (states, moves)

    def _line(self, state: State, reply: Hashable | None = None) -> Line | None:
        """The game up to ``state`` (the followed game's last position, or, with ``reply``,
        the position after it), if it leads there."""
        if self._game is None or not self._game[0]:
            return None
        states, moves = self._game
        last = states[-1]
        if last is state or last == state:
            return states, moves
        if reply is not None and reply in last.legal_moves() and last.apply(reply) == state:
            return [*states, state], [*moves, reply]
        return None

    def _new_engine(self, options: SearchOptions) -> Engine | ProcessEngine:
        """An engine for the game with ``options`` and the tables' folders last chosen
        (``ui.table_folders``), where the worker searches. Its random choices start from
        ``fresh_seed()``, as every new game's do."""
        options = with_tables(self.entry, options)
        if isinstance(self.worker, ProcessSearchWorker):
            return ProcessEngine(self.entry.id, options, fresh_seed())
        return Engine.for_entry(self.entry, options, fresh_seed())

    def _make_engine(self, settings: PlayerSettings) -> Engine | ProcessEngine | ExternalEngine:
        if settings.is_external:
            options = {"UCI_LimitStrength": "true", "UCI_Elo": str(settings.elo)} if settings.elo else {}
            return ExternalEngine(settings.engine, options, name=engine_label(settings.engine))
        return self._make_search_engine(settings)

    def _make_search_engine(self, settings: PlayerSettings) -> Engine | ProcessEngine:
        # Equally good moves are picked at random, so two computers do not replay one game.
        # A weak level's scores carry its deliberate errors: the bar gets a clean estimate.
        options = level_options(SearchOptions(algorithm=settings.algorithm, shuffle_root_moves=self.vary,
                                              clean_estimate=True), self.entry.level(settings.level))
        return self._new_engine(options)

    @property
    def kind(self) -> str | None:
        """"move", "hint" or "ponder" while a search runs, else ``None``."""
        return self.current.kind if self.current is not None else None

    def hint_description(self) -> str:
        """How hints are searched, for people: ``PVS, strongest level, 1 s``."""
        return tr("{algorithm}, strongest level, {seconds}\u00a0s",  # (a no-break space: "1 s" never wraps)
                  algorithm=tr_known(self.hint_engine.options.algorithm.label),
                  seconds=format_number(HINT_SECONDS, "g"))

    def hint_limits(self) -> SearchLimits:
        """The limits of a hint search: the strongest level's with a second a move (a
        perfect level solves what it can see the end of, whatever the time)."""
        return level_limits(self.entry.level(self.entry.max_level), TimeControl.per_move(HINT_SECONDS))

    def _move_title(self, player: int) -> str:
        """Who searches how, for people: ``O: PVS, Perfect (level 5)``."""
        settings = self.players[player]
        level = self.entry.level(settings.level)
        name = tr_known(self.entry.game.player_name(player))
        if settings.is_external:
            return f"{name}: {settings.describe(self.entry)}"
        level_name = (tr("{name} (level {number})", name=tr_known(level.name), number=settings.level) if level.name
                      else tr("level {number}", number=settings.level))
        return f"{name}: {tr_known(settings.algorithm.label)}, {level_name}"

    def start_move(self, state: State, player: int, ply: int, limits: SearchLimits) -> None:
        """Search ``state`` (at ``ply`` in the record) for computer ``player``'s move."""
        settings = self.players[player]
        level = self.entry.level(settings.level)
        record = SearchRecord("move", player, ply, self._move_title(player),
                              noisy=level.noise > 0 and not settings.is_external, external=settings.is_external)
        self._start(record, self.engines[player], state, limits)
        self.latest_by_player[player] = record

    def start_ponder(self, state: State, player: int, ply: int, limits: SearchLimits, reply: str,
                     expected: Hashable | None = None) -> Ponder:
        """Search ``state``, the position after ``reply`` (the opponent's move the
        computer ``player`` expects, as people write it; ``expected``, the move itself,
        when the followed game's last position is the one before it), for ``player``'s
        next move on the opponent's time (``ai.ponder``: no time limit until the hit,
        ``limits`` from then); ``ply``: the index ``state`` will have in the record.
        Returns the handle of the search; ``player``'s engine must be this app's search."""
        engine = self.engines[player]
        if not self.searches_here(player):
            raise ValueError("only this app's search ponders")
        record = SearchRecord("ponder", player, ply, self._move_title(player), pondering_on=reply)
        ponder = Ponder(engine.clock)
        self._start(record, engine, state, limits, ponder, expected)
        return ponder

    def searches_here(self, player: int) -> bool:
        """Whether ``player`` is this app's search (not another program, nor a person)."""
        return isinstance(self.engines.get(player), (Engine, ProcessEngine))

    def ponder_hit(self, record: SearchRecord) -> None:
        """The reply ``record``'s pondering search expected was played: from now on it is
        its player's move search (running on, or finished with its result held by the
        caller), and the ``latest``, which the engine panel shows."""
        record.kind = "move"
        record.ponder_hit = True
        self.latest = self.latest_by_player[record.player] = record

    def start_hint(self, state: State, player: int, ply: int) -> None:
        """Search ``state`` for the best move of ``player`` (a person asking for a hint)."""
        name = tr_known(self.entry.game.player_name(player))
        record = SearchRecord("hint", player, ply, tr("Hint for {name}: {how}", name=name, how=self.hint_description()))
        self._start(record, self.hint_engine, state, self.hint_limits())

    def _start(self, record: SearchRecord, engine: Engine | ProcessEngine | ExternalEngine, state: State,
               limits: SearchLimits, ponder: Ponder | None = None, reply: Hashable | None = None) -> None:
        self.cancel()
        record.state = state
        if self.entry.evaluation_source is not None and not state.is_terminal():
            record.judged_by = self.entry.evaluation_source(state)
        self.current = record
        if ponder is None:  # the panel goes on showing the last search until a ponder hit
            self.latest = record
        if isinstance(self.worker, ProcessSearchWorker):
            self.worker.start(engine, state, limits, ponder=ponder, line=self._line(state, reply))
        else:
            self.worker.start(engine, state, limits, ponder=ponder)

    def poll(self) -> list[tuple[SearchRecord, WorkerEvent]]:
        """The current search's new events, each with its record (rows are added here).
        A finished or failed search is no longer ``current`` afterwards."""
        record = self.current
        events = self.worker.poll()
        if record is None:
            return []
        result = []
        for event in events:
            if event.kind == "info":
                record.rows.append(event.payload)
                record.lines.append(" ".join(display_line(record.state, event.payload.pv)))
            else:
                record.running = False
                self.current = None
            result.append((record, event))
        return result

    def cancel(self) -> None:
        """Stop and forget the running search (its move is never played)."""
        self.worker.cancel()
        if self.current is not None:
            self.current.running = False
            self.current = None

    def forget_after(self, ply: int) -> None:
        """Forget the records of searches of positions after ``ply`` (taken back)."""
        if self.latest is not None and self.latest.ply > ply:
            self.latest = None
        for player in [player for player, record in self.latest_by_player.items() if record.ply > ply]:
            del self.latest_by_player[player]

    def drop_hand_over(self, side: int) -> None:
        """A person takes over ``side``: its engine is no longer needed."""
        engine = self.engines.pop(side, None)
        if isinstance(engine, ExternalEngine):
            engine.close()

    def close(self) -> None:
        """Stop any search and end the search process and the external programs (leaving
        the game)."""
        self.cancel()
        self.worker.close()
        for engine in self.engines.values():
            if isinstance(engine, ExternalEngine):
                engine.close()

    def new_game(self) -> None:
        """Cancel any search and empty every engine's tables; each computer's random
        choices start from a fresh seed, so that games keep varying."""
        self.cancel()
        for engine in self.engines.values():
            if isinstance(engine, ExternalEngine):
                engine.new_game()
            else:
                engine.new_game(fresh_seed())
        self.latest = None
        self.latest_by_player.clear()

    def progress(self) -> tuple[int, int, float]:
        """Live ``(depth, nodes, seconds)`` of the running search, zeros if none."""
        return self.worker.progress() if self.worker.busy else (0, 0, 0.0)


def fresh_seed() -> int:
    """A seed for a new game's random choices, drawn from the system."""
    return random.SystemRandom().getrandbits(63)


def display_line(state: State | None, moves: tuple) -> list[str]:
    """``moves`` played from ``state`` as people write them (stops at an illegal move)."""
    texts: list[str] = []
    position = state
    for move in moves:
        if position is None or position.is_terminal() or move not in position.legal_moves():
            break
        texts.append(position.display_move(move))
        position = position.apply(move)
    return texts
