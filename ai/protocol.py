"""The engine protocol: a UCI-style text interface to the search, on stdin/stdout.

For chess it is exactly UCI; for the other games it uses the same commands with the
game's own move notation and position text (see ``docs/protocol.md``). Searches run in
a ``SearchWorker`` thread so that ``stop``, ``isready`` and ``quit`` are answered while
the engine thinks. Bad input prints ``info string error: ...`` and changes nothing.
"""
from __future__ import annotations

import re
import sys
import threading
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import TYPE_CHECKING, TextIO

from ai.clock import TimeControl, move_limits
from ai.engine import Engine
from ai.types import Algorithm, SearchInfo, SearchLimits, SearchOptions, SearchResult
from ai.worker import SearchFailure, SearchWorker, WorkerEvent
from games.base import CHANCE, FIRST, GameError, State

if TYPE_CHECKING:
    from games.registry import GameEntry

ENGINE_NAME = "Game Tree Lab"
_INT_GO_ARGUMENTS = ("depth", "movetime", "wtime", "btime", "winc", "binc", "movestogo", "nodes", "mate")
_WHOLE_NUMBER = re.compile(r"-?[0-9]+")
_CHECK_OPTIONS = {
    "transpositiontable": "transposition_table",
    "killermoves": "killer_moves",
    "historyheuristic": "history_heuristic",
}


class ProtocolError(ValueError):
    """A command that cannot be carried out; its message is printed after ``error:``."""


def info_line(info: SearchInfo) -> str:
    """The ``info ...`` line for one completed iteration."""
    line = (
        f"info depth {info.depth} seldepth {info.seldepth} score {info.score.uci()}"
        f" nodes {info.nodes} nps {info.nps} time {int(info.time * 1000)}"
    )
    if info.hashfull:
        line += f" hashfull {info.hashfull}"
    if info.pv_text:
        line += " pv " + " ".join(info.pv_text)
    return line


class EngineProtocol:
    """One engine-protocol session for one game.

    ``write`` receives each output line without its newline; it is called from the
    reading thread and from the search thread, under a lock.
    """

    def __init__(self, entry: GameEntry, write: Callable[[str], None]) -> None:
        self.entry = entry
        self.game = entry.game
        self._write = write
        self._write_lock = threading.Lock()
        default_algorithm = Algorithm.default_for(self.game.has_chance)
        self.options = SearchOptions(algorithm=default_algorithm)
        self.level = entry.max_level
        self.engine = Engine(self.game, entry.evaluate, self.options)
        self.state: State = self.game.initial_state()
        self.worker = SearchWorker()
        self._infinite = False
        self._stop_requested = False
        self._held_bestmove: str | None = None

    # -- output ---------------------------------------------------------------------
    def send(self, line: str) -> None:
        """Write one line of output (thread-safe)."""
        with self._write_lock:
            self._write(line)

    def error(self, message: str) -> None:
        """Report bad input without changing anything."""
        self.send(f"info string error: {message}")

    # -- input ----------------------------------------------------------------------
    def run(self, lines: Iterable[str]) -> None:
        """Handle commands until ``quit`` or the end of input; then stop any search."""
        for line in lines:
            if not self.handle(line):
                return
        if self._infinite:
            self._stop()
        self.worker.wait()

    def handle(self, line: str) -> bool:
        """Carry out one command line; returns False after ``quit``."""
        words = line.split()
        if not words:
            return True
        command, arguments = words[0], words[1:]
        if command == "quit":
            self.worker.cancel()
            return False
        try:
            if command == "isready":
                self.send("readyok")
            elif command == "stop":
                self._stop()
            elif command == "ponderhit":
                pass  # the engine does not ponder: its search is already a normal one
            elif self.worker.busy and command not in ("uci", "d", "help"):
                raise ProtocolError(f"'{command}' while searching; send 'stop' first")
            elif command == "uci":
                self._uci()
            elif command == "ucinewgame":
                self.engine.new_game()
                self.state = self.game.initial_state()
            elif command == "setoption":
                self._set_option(arguments)
            elif command == "position":
                self._position(arguments)
            elif command == "go":
                self._go(arguments)
            elif command == "d":
                for text in (*self.state.board_text().splitlines(), f"Position: {self.state.to_text()}"):
                    self.send(text)
            elif command == "help":
                self.send("info string commands: uci isready ucinewgame setoption position go stop d quit")
            else:
                raise ProtocolError(f"unknown command '{command}'")
        except (ProtocolError, GameError, ValueError) as problem:
            self.error(str(problem))
        return True

    def _uci(self) -> None:
        self.send(f"id name {ENGINE_NAME} ({self.game.title})")
        self.send("id author the Game Tree Lab developers")
        algorithms = [a for a in Algorithm if a.handles_chance or not self.game.has_chance]
        choices = " ".join(f"var {a.value}" for a in algorithms)
        self.send(f"option name Algorithm type combo default {self.options.algorithm.value} {choices}")
        self.send(f"option name Level type spin default {self.level} min 1 max {self.entry.max_level}")
        for name, field in (("TranspositionTable", "transposition_table"), ("KillerMoves", "killer_moves"),
                            ("HistoryHeuristic", "history_heuristic")):
            default = "true" if getattr(self.options, field) else "false"
            self.send(f"option name {name} type check default {default}")
        self.send("uciok")

    def _set_option(self, arguments: list[str]) -> None:
        if len(arguments) < 2 or arguments[0] != "name":
            raise ProtocolError("usage: setoption name <name> value <value>")
        if "value" in arguments:
            split = arguments.index("value")
            name, value = "".join(arguments[1:split]).lower(), " ".join(arguments[split + 1:])
        else:
            name, value = "".join(arguments[1:]).lower(), ""
        if name == "algorithm":
            try:
                algorithm = Algorithm.parse(value)
            except ValueError as problem:
                raise ProtocolError(str(problem)) from None
            if self.game.has_chance and not algorithm.handles_chance:
                raise ProtocolError(f"{algorithm.label} cannot search {self.game.title} (it has dice); use expectiminimax")
            self._set_options(replace(self.options, algorithm=algorithm))
        elif name == "level":
            if not _WHOLE_NUMBER.fullmatch(value) or not 1 <= int(value) <= self.entry.max_level:
                raise ProtocolError(f"Level must be a whole number from 1 to {self.entry.max_level}, not {value!r}")
            self.level = int(value)
            self._set_options(replace(self.options, evaluation_noise=self.entry.level(self.level).noise))
        elif name in _CHECK_OPTIONS:
            if value.lower() not in ("true", "false"):
                raise ProtocolError(f"{name} takes true or false, not {value!r}")
            self._set_options(replace(self.options, **{_CHECK_OPTIONS[name]: value.lower() == "true"}))
        else:
            raise ProtocolError(f"unknown option {name!r}")

    def _set_options(self, options: SearchOptions) -> None:
        engine = Engine(self.game, self.entry.evaluate, options)
        self.options, self.engine = options, engine

    def _position(self, arguments: list[str]) -> None:
        if not arguments:
            raise ProtocolError("usage: position startpos|fen <position> [moves <m1> <m2> ...]")
        if "moves" in arguments:
            split = arguments.index("moves")
            setup, moves = arguments[:split], arguments[split + 1:]
        else:
            setup, moves = arguments, []
        if setup == ["startpos"]:
            state = self.game.initial_state()
        elif setup and setup[0] == "fen" and len(setup) > 1:
            state = self.game.parse_position(" ".join(setup[1:]))
        else:
            raise ProtocolError("position must be 'startpos' or 'fen <position>', optionally followed by 'moves ...'")
        for number, text in enumerate(moves, start=1):
            try:
                state = state.play(text)
            except GameError as problem:
                raise ProtocolError(f"move {number} ({text}): {problem}") from None
        self.state = state

    def _go(self, arguments: list[str]) -> None:
        values: dict[str, int] = {}
        infinite = False
        search_moves: list[str] = []
        ignored: list[str] = []
        index = 0
        while index < len(arguments):
            word = arguments[index]
            if word == "infinite":
                infinite = True
                index += 1
            elif word == "ponder":
                ignored.append(word)  # no pondering: search the position as given
                index += 1
            elif word == "searchmoves":
                index += 1
                while index < len(arguments) and arguments[index] not in (*_INT_GO_ARGUMENTS, "infinite", "ponder"):
                    search_moves.append(arguments[index])
                    index += 1
            elif word in _INT_GO_ARGUMENTS:
                if index + 1 >= len(arguments) or not _WHOLE_NUMBER.fullmatch(arguments[index + 1]):
                    raise ProtocolError(f"go {word} needs a whole number")
                values[word] = int(arguments[index + 1])
                index += 2
            else:
                ignored.append(word)  # UCI: skip unknown tokens and read on
                index += 1
        for key in ("depth", "mate", "nodes", "movetime"):
            if values.get(key, 1) < 1:
                raise ProtocolError(f"go {key} must be at least 1")
        if self.state.is_terminal():
            self.send("info string the game is over")
            self.send("bestmove (none)")
            return
        if self.state.to_move() == CHANCE:
            raise ProtocolError("the position waits for a chance outcome (dice); give it in 'position ... moves'")
        moves = None
        if search_moves:
            try:
                moves = tuple(dict.fromkeys(self.state.parse_move(text) for text in search_moves))
            except GameError as problem:
                raise ProtocolError(f"searchmoves: {problem}") from None
        limits = replace(self._limits(values, infinite), moves=moves)
        if ignored:
            self.send(f"info string ignored: {' '.join(ignored)}")
        self.worker.cancel()  # an old search's last words must not meet the new flags
        self._infinite = infinite
        self._stop_requested = False
        self._held_bestmove = None
        self.worker.start(self.engine, self.state, limits, listener=self._on_event)

    def _limits(self, values: dict[str, int], infinite: bool) -> SearchLimits:
        depth_cap = self.entry.level(self.level).depth
        depth = values.get("depth")
        if "mate" in values:  # a mate in N moves lies within 2N - 1 plies
            mate_depth = 2 * values["mate"] - 1
            depth = mate_depth if depth is None else min(depth, mate_depth)
        if depth_cap is not None:
            depth = min(depth, depth_cap) if depth is not None else depth_cap
        if infinite:
            return SearchLimits(depth=depth, infinite=True)
        if "movetime" in values:
            limits = move_limits(TimeControl.per_move(max(1, values["movetime"]) / 1000), depth=depth)
        else:
            clock_key, increment_key = ("wtime", "winc") if self.state.to_move() == FIRST else ("btime", "binc")
            other_key = "btime" if clock_key == "wtime" else "wtime"
            if other_key in values and clock_key not in values:
                raise ProtocolError(f"go gives {other_key} but not {clock_key}, the clock of the side to move")
            if clock_key in values:
                control = TimeControl.fischer(max(values[clock_key], 1) / 1000, values.get(increment_key, 0) / 1000)
                limits = move_limits(control, remaining=values[clock_key] / 1000, depth=depth)
            else:
                limits = SearchLimits(depth=depth)
        if "nodes" in values:
            limits = replace(limits, nodes=max(1, values["nodes"]))
        return limits

    def _on_event(self, event: WorkerEvent) -> None:
        payload = event.payload
        if isinstance(payload, SearchInfo):
            self.send(info_line(payload))
        elif isinstance(payload, SearchResult):
            line = f"bestmove {payload.move_text}"
            with self._write_lock:
                if self._infinite and not self._stop_requested:
                    self._held_bestmove = line  # UCI: no bestmove before "stop" in infinite mode
                else:
                    self._write(line)
        elif isinstance(payload, SearchFailure):
            self.send(f"info string error: search failed: {payload.message}")
            line = f"bestmove {payload.fallback_move_text or '(none)'}"
            with self._write_lock:
                if self._infinite and not self._stop_requested:
                    self._held_bestmove = line
                else:
                    self._write(line)

    def _stop(self) -> None:
        with self._write_lock:
            self._stop_requested = True
            held, self._held_bestmove = self._held_bestmove, None
            if held is not None:
                self._write(held)
        self.worker.stop()


def serve(entry: GameEntry, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> None:
    """Speak the protocol on ``stdin``/``stdout`` until ``quit`` or end of input."""

    def write(line: str) -> None:
        stdout.write(line + "\n")
        stdout.flush()

    EngineProtocol(entry, write).run(stdin)
