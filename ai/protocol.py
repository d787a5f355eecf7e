"""The engine protocol: a UCI-style text interface to the search, on stdin/stdout.

For chess it is exactly UCI; for the other games it uses the same commands with the
game's own move notation and position text (see ``docs/protocol.md``). One thread
reads the input; the commands are carried out in input order by the
``ai.protocol_queue.CommandDispatcher``, which queues what arrives during a search
(``stop`` and ``quit`` act at once). ``COMMANDS`` is the one table of commands: it
dispatches them and ``help`` lists it. Bad input prints one
``info string error: ...`` line and changes nothing; numbers are clamped to sane
maxima, and bytes that are not UTF-8 are read as U+FFFD, so no input can crash it.
"""
from __future__ import annotations

import os
import re
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, BinaryIO

from ai.clock import TimeControl
from ai.engine import MAX_DEPTH, Engine
from ai.perft import divide, finished_games
from ai.ponder import Ponder
from ai.protocol_queue import GRACE_SECONDS, CommandDispatcher, CommandRefused, Prepared, SearchRequest
from ai.protocol_tables import announcement, describe_folders, parse_folders
from ai.strength import level_limits, level_options, uses_its_time
from ai.types import Algorithm, SearchInfo, SearchLimits, SearchOptions
from games.base import CHANCE, FIRST, State

if TYPE_CHECKING:
    from games.registry import GameEntry

ENGINE_NAME = "Game Tree Lab"
MAX_MILLISECONDS = 2**31 - 1
"""Largest time (``movetime``, clocks, increments) taken from ``go``, about 24.8 days;
larger ones are clamped to it."""
MAX_NODES = 2**63 - 1
"""Largest ``go nodes``; larger ones are clamped to it."""
MAX_MATE = (MAX_DEPTH + 1) // 2
"""Largest ``go mate`` (a mate in N moves is searched to ``2N - 1`` plies <= MAX_DEPTH)."""
MAX_ECHO = 40
"""Characters of a word of the input repeated in an error message."""
MAX_MESSAGE = 300
"""Characters of an error or ``ignored`` message; the rest is cut off."""

_GO_NUMBERS: dict[str, tuple[int, int]] = {
    "depth": (1, MAX_DEPTH),
    "movetime": (1, MAX_MILLISECONDS),
    "wtime": (0, MAX_MILLISECONDS),
    "btime": (0, MAX_MILLISECONDS),
    "winc": (0, MAX_MILLISECONDS),
    "binc": (0, MAX_MILLISECONDS),
    "movestogo": (0, MAX_MILLISECONDS),
    "nodes": (1, MAX_NODES),
    "mate": (1, MAX_MATE),
    "perft": (1, MAX_DEPTH),
}
"""The ``go`` words followed by a whole number: its least allowed value and its clamp."""
_GO_FLAGS = ("infinite", "ponder", "searchmoves")
_WHOLE_NUMBER = re.compile(r"-?[0-9]+")
DEFAULT_HASH_MB = 64
MAX_HASH_MB = 4096
BYTES_PER_TABLE_ENTRY = 200
"""About what one transposition-table entry costs in memory (measured: ~190 bytes)."""
MAX_MULTIPV = 5
MAX_SEED = 2**31 - 1
"""Largest ``Seed`` (a 32-bit spin, as GUIs hold them); 0 means no seed."""


class ProtocolError(ValueError):
    """A command that cannot be carried out; its message is printed after
    ``error: <command>:``."""


def whole_number(text: str, maximum: int) -> int | None:
    """``text`` read as a whole number (ASCII digits, optionally after ``-``), its size
    clamped to ``maximum`` (so the result lies in ``-maximum .. maximum``); ``None`` if
    ``text`` is not a whole number. Never converts more than a few digits, so no
    length of input is too long."""
    if not _WHOLE_NUMBER.fullmatch(text):
        return None
    negative = text.startswith("-")
    digits = text.lstrip("-").lstrip("0") or "0"
    magnitude = maximum if len(digits) > len(str(maximum)) else min(int(digits), maximum)
    return -magnitude if negative else magnitude


def quote(text: str) -> str:
    """``text`` quoted for an error message (non-printable characters escaped), cut to
    ``MAX_ECHO`` characters."""
    return repr(text if len(text) <= MAX_ECHO else text[:MAX_ECHO] + "...")


def shorten(text: str, limit: int = MAX_MESSAGE) -> str:
    """``text``, cut to ``limit`` characters (marked with ``...``)."""
    return text if len(text) <= limit else text[:limit] + "..."


def printable(line: str) -> str:
    """``line`` with characters that are not printable (controls, lone surrogates)
    written as escapes, so every output line is one clean line."""
    if line.isprintable():
        return line
    return "".join(char if char.isprintable() else char.encode("unicode_escape", "backslashreplace").decode("ascii")
                   for char in line)


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


@dataclass(frozen=True)
class Command:
    """One protocol command of ``COMMANDS``.

    ``handler(protocol, arguments)``: for a command the reading thread carries out at
    once (``by_reader``: ``stop``, ``quit``) it returns False to stop reading; for a
    queued command it is called by the dispatcher when every command before it has
    been carried out, raises ``ProtocolError`` (or ``GameError``) for bad input, and
    returns a ``Prepared`` (``None`` when done, else the change or search to make
    once no search runs).
    """

    handler: Callable[[EngineProtocol, list[str]], Any]
    by_reader: bool = False


class EngineProtocol:
    """One engine-protocol session for one game.

    ``write`` receives each output line without its newline; it is called from the
    dispatcher thread and from the search thread, under a lock, and must not raise.
    ``grace``: seconds a finite search may run on after the end of the input.
    ``clock`` is the engines' time source (seconds; see ``ai.engine.Engine``), which
    tests replace. Feed it with ``run(lines)``, or with ``start``, ``receive`` per line
    (from one thread), ``end_input`` and ``wait``.
    """

    def __init__(self, entry: GameEntry, write: Callable[[str], None], grace: float = GRACE_SECONDS,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.entry = entry
        self.clock = clock
        self.game = entry.game
        self._write = write
        self._write_lock = threading.Lock()
        self.options = SearchOptions(algorithm=Algorithm.default_for(self.game.has_chance),
                                     table_size=DEFAULT_HASH_MB * 1_000_000 // BYTES_PER_TABLE_ENTRY)
        self.level = entry.max_level
        self.hash_mb = DEFAULT_HASH_MB
        self.seed = 0
        """The ``Seed`` option: 0 for none (each game's random choices differ), else the
        seed every game's random choices start from (see ``_new_game``)."""
        self.ponder = False
        """The ``Ponder`` option: the GUI says whether it will let the engine ponder
        (UCI). With it, ``bestmove`` names the reply the engine expects (``bestmove
        <move> ponder <reply>``), the move a GUI then sends ``go ponder`` after; ``go
        ponder`` itself works whatever its value."""
        self.engine = Engine.for_entry(entry, self.options, clock=clock)
        self.state: State = self.game.initial_state()
        self.dispatcher = CommandDispatcher(self._prepare, self.send, self._info_line, grace)
        self._started = False

    # -- output ---------------------------------------------------------------------
    def send(self, line: str) -> None:
        """Write one line of output (thread-safe)."""
        with self._write_lock:
            self._write(printable(line))

    # -- input ----------------------------------------------------------------------
    def run(self, lines: Iterable[str]) -> None:
        """Read commands until ``quit`` or the end of ``lines`` (an interrupt, Ctrl-C,
        counts as the end), then finish what was queued and return."""
        self.start()
        try:
            for line in lines:
                if not self.receive(line):
                    break
        except KeyboardInterrupt:
            pass
        finally:
            self.end_input()
        self.wait()

    def start(self) -> None:
        """Start carrying out commands (idempotent)."""
        if not self._started:
            self._started = True
            self.dispatcher.start()

    def receive(self, line: str) -> bool:
        """Take one input line (from the one reading thread); False after ``quit``."""
        words = line.split()
        if not words:
            return True
        command = COMMANDS.get(words[0])
        if command is not None and command.by_reader:
            return command.handler(self, words[1:])
        self.dispatcher.put(words, is_go=words[0] == "go")
        return True

    def end_input(self) -> None:
        """No more input (``quit`` or end of file): see ``CommandDispatcher.end_input``."""
        self.dispatcher.end_input()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until all is done after the end of the input; False if ``timeout`` ran out."""
        return self.dispatcher.wait(timeout)

    def _prepare(self, words: list[str]) -> Prepared:
        command = COMMANDS.get(words[0])
        if command is None or command.by_reader:
            raise CommandRefused(f"unknown command {quote(words[0])}")
        try:
            return command.handler(self, words[1:])
        except ValueError as problem:  # ProtocolError, GameError, or a value the rules refused
            raise CommandRefused(shorten(f"{words[0]}: {problem}")) from None

    def _info_line(self, info: SearchInfo) -> str:
        if info.source == "book":  # no search to report, and no score
            return f"info string book move {' '.join(info.pv_text)}"
        if info.source != "search":  # an endgame table: its proven result
            note = f" ({info.note})" if info.note else ""
            return f"info depth 1 score {info.score.uci()} string {info.source} move {' '.join(info.pv_text)}{note}"
        line = info_line(info)
        if self.options.multipv > 1:  # UCI: name the line's rank when several are asked for
            line = line.replace(" score ", f" multipv {info.multipv} score ", 1)
        return line

    # -- commands (the reading thread) ----------------------------------------------
    def _stop(self, arguments: list[str]) -> bool:
        self.dispatcher.stop_latest()
        return True

    def _quit(self, arguments: list[str]) -> bool:
        return False

    # -- commands that change nothing (the dispatcher thread) ------------------------
    def _uci(self, arguments: list[str]) -> None:
        self.send(f"id name {ENGINE_NAME} ({self.game.title})")
        self.send("id author the Game Tree Lab developers")
        for option in OPTIONS:
            if option.offered(self):
                self.send(f"option name {option.title(self)} {option.describe(self)}")
        self.send("uciok")

    def _isready(self, arguments: list[str]) -> None:
        self.send("readyok")

    def _ponderhit(self, arguments: list[str]) -> None:
        """The expected move was played: the pondering search (of the latest ``go
        ponder``) becomes a normal search, timed from now; nothing if none ponders."""
        self.dispatcher.ponder_hit()

    def _show(self, arguments: list[str]) -> None:
        for text in (*self.state.board_text().splitlines(), f"Position: {self.state.to_text()}"):
            self.send(text)

    def _help(self, arguments: list[str]) -> None:
        self.send("info string commands: " + " ".join(COMMANDS))
        self.send("info string options: " + " ".join(option.title(self) for option in OPTIONS if option.offered(self)))

    # -- commands that change the state (checked now, carried out after the search) --
    def _new_game(self, arguments: list[str]) -> Callable[[], None]:
        def apply() -> None:
            self.engine.new_game(self.seed or None)  # with a Seed, every game starts from it
            self.state = self.game.initial_state()

        return apply

    def _set_option(self, arguments: list[str]) -> Callable[[], None]:
        if len(arguments) < 2 or arguments[0] != "name":
            raise ProtocolError("usage: setoption name <name> value <value>")
        if "value" in arguments:
            split = arguments.index("value")
            name, value = "".join(arguments[1:split]).lower(), " ".join(arguments[split + 1:])
        else:
            name, value = "".join(arguments[1:]).lower(), ""
        option = next((option for option in OPTIONS if option.offered(self) and option.title(self).lower() == name),
                      None)
        if option is None:
            raise ProtocolError(f"unknown option {quote(name)}")
        changes = option.parse(self, value)

        def apply() -> None:  # a fresh engine: its tables start empty, its random choices from the seed
            for attribute, setting in changes.items():
                setattr(self, attribute, setting)
            if option.fresh_engine:
                self.engine = Engine.for_entry(self.entry, self.options, seed=self.seed or None, clock=self.clock)
            if option.announce is not None:
                self.send(f"info string {option.announce(self)}")

        return apply

    def _position(self, arguments: list[str]) -> Callable[[], None]:
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
            raise ProtocolError("give 'startpos' or 'fen <position>', optionally followed by 'moves ...'")
        for number, text in enumerate(moves, start=1):
            try:
                state = state.play(text)
            except ValueError as problem:
                raise ProtocolError(f"move {number} ({shorten(text, MAX_ECHO)}): {problem}") from None

        def apply() -> None:
            self.state = state

        return apply

    def _go(self, arguments: list[str]) -> Callable[[], None] | SearchRequest:
        values, infinite, ponder, search_moves, ignored = _parse_go(arguments)
        if "perft" in values:
            return lambda: self._perft(values["perft"])
        if self.state.is_terminal():
            return self._answer_game_over
        if self.state.to_move() == CHANCE:
            raise ProtocolError("the position waits for a chance outcome (dice); give it in 'position ... moves'")
        moves = None
        if search_moves:
            try:
                moves = tuple(dict.fromkeys(self.state.parse_move(text) for text in search_moves))
            except ValueError as problem:
                raise ProtocolError(f"searchmoves: {problem}") from None
        limits = replace(self._limits(values, infinite), moves=moves)
        notes = (shorten("info string ignored: " + " ".join(ignored)),) if ignored else ()
        if not ponder:
            return SearchRequest(self.engine, self.state, limits, infinite, notes, name_reply=self.ponder)
        # A level defined by its effort, or a search limited by nodes, does not search
        # while pondering: it starts at the ponderhit and plays what it would have played.
        searches_now = infinite or (uses_its_time(self.entry.level(self.level)) and "nodes" not in values)
        return SearchRequest(self.engine, self.state, limits, infinite, notes,
                             ponder=Ponder(self.engine.clock) if searches_now else None,
                             starts_at_ponder_hit=not searches_now, name_reply=self.ponder)

    def _perft(self, depth: int) -> None:
        """``go perft N``: one line per legal move with the count below it, then the total
        (the format other engines print; what counts as a leaf is the game's
        ``perft_counts_finished``), then how many games end within N plies
        (``ai.perft.finished_games``; tic-tac-toe: 255,168 within 9); no ``bestmove``."""
        state = self.state
        total = 0
        for move_text, count in divide(state, depth, count_finished=self.entry.game.perft_counts_finished):
            self.send(f"{move_text}: {count}")
            total += count
        self.send("")
        self.send(f"Nodes searched: {total}")
        self.send(f"Games finished within {depth} plies: {finished_games(state, depth)}")

    def _answer_game_over(self) -> None:
        self.send("info string the game is over")
        self.send("bestmove (none)")

    def _limits(self, values: dict[str, int], infinite: bool) -> SearchLimits:
        """The limits of a ``go`` with ``values``: the strength level's, through
        ``ai.strength.level_limits`` (its depth cap and node budget, lowered by ``depth``,
        ``mate`` and ``nodes``; the clock of ``movetime`` or ``wtime``/``btime``)."""
        level = self.entry.level(self.level)
        depth = values.get("depth")
        if "mate" in values:  # a mate in N moves lies within 2N - 1 plies
            mate_depth = 2 * values["mate"] - 1
            depth = mate_depth if depth is None else min(depth, mate_depth)
        if infinite:  # an analysis: only the depth caps it
            return replace(level_limits(level, TimeControl.unlimited(), depth=depth), infinite=True, nodes=None)
        nodes = values.get("nodes")
        if "movetime" in values:
            return level_limits(level, TimeControl.per_move(values["movetime"] / 1000), depth=depth, nodes=nodes,
                                strict=True)
        clock_key, increment_key = ("wtime", "winc") if self.state.to_move() == FIRST else ("btime", "binc")
        other_key = "btime" if clock_key == "wtime" else "wtime"
        if other_key in values and clock_key not in values:
            raise ProtocolError(f"gives {other_key} but not {clock_key}, the clock of the side to move")
        if clock_key in values:
            control = TimeControl.fischer(max(values[clock_key], 1) / 1000, values.get(increment_key, 0) / 1000)
            return level_limits(level, control, remaining=values[clock_key] / 1000, depth=depth, nodes=nodes,
                                moves_to_go=values.get("movestogo"))
        return level_limits(level, TimeControl.unlimited(), depth=depth, nodes=nodes)


def _parse_go(arguments: list[str]) -> tuple[dict[str, int], bool, bool, list[str], list[str]]:
    """``go``'s words: the numbers (checked and clamped), ``infinite``, ``ponder``, the
    ``searchmoves`` texts, and the words skipped (unknown ones)."""
    values: dict[str, int] = {}
    infinite = ponder = False
    search_moves: list[str] = []
    ignored: list[str] = []
    index = 0
    while index < len(arguments):
        word = arguments[index]
        index += 1
        if word == "infinite":
            infinite = True
        elif word == "ponder":
            ponder = True
        elif word == "searchmoves":
            while index < len(arguments) and arguments[index] not in (*_GO_NUMBERS, *_GO_FLAGS):
                search_moves.append(arguments[index])
                index += 1
        elif word in _GO_NUMBERS:
            least, most = _GO_NUMBERS[word]
            number = whole_number(arguments[index], most) if index < len(arguments) else None
            if number is None:
                given = f", not {quote(arguments[index])}" if index < len(arguments) else ""
                raise ProtocolError(f"{word} needs a whole number{given}")
            if number < least:
                raise ProtocolError(
                    f"{word} must not be negative" if least == 0 else f"{word} must be at least {least}")
            values[word] = number
            index += 1
        else:
            ignored.append(shorten(word, MAX_ECHO))  # UCI: skip unknown tokens and read on
    return values, infinite, ponder, search_moves, ignored


def _true_or_false(name: str, value: str) -> bool:
    """A check option's value; ``ProtocolError`` unless it is ``true`` or ``false``."""
    if value.lower() not in ("true", "false"):
        raise ProtocolError(f"{name} takes true or false, not {quote(value)}")
    return value.lower() == "true"


def _spin(name: str, value: str, least: int, most: int, unit: str = "") -> int:
    """A spin option's value; ``ProtocolError`` naming the range unless it is a whole
    number in ``least .. most``."""
    number = whole_number(value, 10 * most)  # clamped far above the range, so too large is refused
    if number is None or not least <= number <= most:
        raise ProtocolError(f"{name} must be a whole number{unit} from {least} to {most}, not {quote(value)}")
    return number


def _parse_algorithm(protocol: EngineProtocol, value: str) -> dict[str, Any]:
    try:
        algorithm = Algorithm.parse(value)
    except ValueError:
        names = ", ".join(algorithm.value for algorithm in Algorithm)
        raise ProtocolError(f"unknown algorithm {quote(value)}; choose one of {names}") from None
    if protocol.game.has_chance and not algorithm.handles_chance:
        raise ProtocolError(f"{algorithm.label} cannot search {protocol.game.title} (it has dice); use expectiminimax")
    return {"options": replace(protocol.options, algorithm=algorithm)}


def _describe_algorithm(protocol: EngineProtocol) -> str:
    algorithms = [a for a in Algorithm if a.handles_chance or not protocol.game.has_chance]
    choices = " ".join(f"var {a.value}" for a in algorithms)
    return f"type combo default {protocol.options.algorithm.value} {choices}"


def _parse_level(protocol: EngineProtocol, value: str) -> dict[str, Any]:
    number = whole_number(value, MAX_DEPTH)
    if number is None or not 1 <= number <= protocol.entry.max_level:
        raise ProtocolError(f"Level must be a whole number from 1 to {protocol.entry.max_level}, not {quote(value)}")
    return {"level": number, "options": level_options(protocol.options, protocol.entry.level(number))}


def _parse_hash(protocol: EngineProtocol, value: str) -> dict[str, Any]:
    megabytes = _spin("Hash", value, 1, MAX_HASH_MB, " of megabytes")
    return {"hash_mb": megabytes,
            "options": replace(protocol.options, table_size=megabytes * 1_000_000 // BYTES_PER_TABLE_ENTRY)}


def _check_option(name: str, field: str) -> Option:
    """A true/false option that sets the ``SearchOptions`` field ``field``."""
    return Option(
        name,
        lambda protocol: f"type check default {'true' if getattr(protocol.options, field) else 'false'}",
        lambda protocol, value: {"options": replace(protocol.options, **{field: _true_or_false(name, value)})})


@dataclass(frozen=True)
class Option:
    """One engine option of ``OPTIONS``: its ``name`` as ``setoption`` takes it (any
    case), ``describe(protocol)`` the rest of its ``option name`` line for ``uci`` (its
    type, its current value as ``default``, its range), ``parse(protocol, value)`` the
    settings the value gives, as the ``EngineProtocol`` attributes to set (raises
    ``ProtocolError`` naming what is allowed; it changes nothing itself),
    ``offered(protocol)`` whether the session's game has the option, and
    ``fresh_engine`` whether setting it starts a fresh search engine (empty tables; not
    for an option the search does not read, such as ``Ponder``). ``named(protocol)``,
    when given, is the name instead of ``name`` (an option the game names);
    ``announce(protocol)``, when given, is an ``info string`` sent once it is set."""

    name: str
    describe: Callable[[EngineProtocol], str]
    parse: Callable[[EngineProtocol, str], dict[str, Any]]
    offered: Callable[[EngineProtocol], bool] = lambda protocol: True
    fresh_engine: bool = True
    named: Callable[[EngineProtocol], str] | None = None
    announce: Callable[[EngineProtocol], str] | None = None

    def title(self, protocol: EngineProtocol) -> str:
        """The option's name in ``protocol``'s session (``name`` where it is not offered)."""
        return self.named(protocol) if self.named is not None and self.offered(protocol) else self.name


OPTIONS: tuple[Option, ...] = (
    Option("Algorithm", _describe_algorithm, _parse_algorithm),
    Option("Level", lambda protocol: f"type spin default {protocol.level} min 1 max {protocol.entry.max_level}",
           _parse_level),
    Option("Seed", lambda protocol: f"type spin default {protocol.seed} min 0 max {MAX_SEED}",
           lambda protocol, value: {"seed": _spin("Seed", value, 0, MAX_SEED)}),
    Option("Hash", lambda protocol: f"type spin default {protocol.hash_mb} min 1 max {MAX_HASH_MB}", _parse_hash),
    Option("Ponder", lambda protocol: f"type check default {'true' if protocol.ponder else 'false'}",
           lambda protocol, value: {"ponder": _true_or_false("Ponder", value)}, fresh_engine=False),
    Option("OwnBook", lambda protocol: f"type check default {'true' if protocol.options.use_book else 'false'}",
           lambda protocol, value: {"options": replace(protocol.options,
                                                       use_book=_true_or_false("OwnBook", value))},
           offered=lambda protocol: bool(protocol.entry.known_moves)),
    Option("MultiPV", lambda protocol: f"type spin default {protocol.options.multipv} min 1 max {MAX_MULTIPV}",
           lambda protocol, value: {"options": replace(protocol.options,
                                                       multipv=_spin("MultiPV", value, 1, MAX_MULTIPV))}),
    _check_option("TranspositionTable", "transposition_table"),
    _check_option("KillerMoves", "killer_moves"),
    _check_option("HistoryHeuristic", "history_heuristic"),
    _check_option("Quiescence", "quiescence"),
    Option("tables", lambda protocol: describe_folders(protocol.entry.external_tables),
           lambda protocol, value: {"options": replace(protocol.options, table_folders=parse_folders(
               protocol.entry.external_tables, value))}, offered=lambda protocol: bool(protocol.entry.external_tables),
           named=lambda protocol: protocol.entry.external_tables.option_name,
           announce=lambda protocol: announcement(protocol.entry.external_tables)),
)
"""Every engine option, in ``uci``'s order: the one table that ``uci`` lists (with the
current values), ``setoption`` sets and ``help`` names. ``Seed`` (0: none) makes the
engine's random choices repeatable: a weak level's evaluation errors and random moves,
the choice among book moves, a shuffled root order. With a seed, ``setoption`` and every
``ucinewgame`` restart them from it, so the same seed, level and moves replay a game
(exactly for levels with a depth cap or node budget whose budget fits the time). The
last names the folders of a game's tables (``ai.protocol_tables``; chess: ``GaviotaTbPath``)."""


COMMANDS: dict[str, Command] = {
    "uci": Command(EngineProtocol._uci),
    "isready": Command(EngineProtocol._isready),
    "ucinewgame": Command(EngineProtocol._new_game),
    "setoption": Command(EngineProtocol._set_option),
    "position": Command(EngineProtocol._position),
    "go": Command(EngineProtocol._go),
    "stop": Command(EngineProtocol._stop, by_reader=True),
    "ponderhit": Command(EngineProtocol._ponderhit),
    "d": Command(EngineProtocol._show),
    "help": Command(EngineProtocol._help),
    "quit": Command(EngineProtocol._quit, by_reader=True),
}
"""Every command the engine accepts, in ``help``'s order; the one table that
dispatches them (``EngineProtocol.receive`` and the dispatcher) and that ``help`` lists."""


def decoded_lines(stream: BinaryIO) -> Iterator[str]:
    """The lines of a byte stream, decoded as UTF-8 with bad bytes read as U+FFFD,
    whatever the locale."""
    for raw in stream:
        yield raw.decode("utf-8", errors="replace")


def serve(entry: GameEntry, stdin: BinaryIO | None = None, stdout: BinaryIO | None = None) -> None:
    """Speak the protocol on the byte streams ``stdin``/``stdout`` (default: the
    process's) until ``quit`` or end of input, then finish what was queued.

    Input and output are UTF-8 whatever the locale. ``stdin`` ``None`` (no console)
    counts as empty input; if the output goes away (a closed pipe), output is dropped.
    """
    if stdin is None:
        stdin = getattr(sys.stdin, "buffer", None)
    if stdout is None:
        stdout = getattr(sys.stdout, "buffer", None)
    output_open = stdout is not None

    def write(line: str) -> None:
        nonlocal output_open
        if not output_open:
            return
        try:
            stdout.write(line.encode("utf-8", errors="replace") + b"\n")
            stdout.flush()
        except (OSError, ValueError):  # the reader went away: drop the rest quietly
            output_open = False
            _discard(stdout)

    EngineProtocol(entry, write).run(decoded_lines(stdin) if stdin is not None else ())


def _discard(stream: BinaryIO) -> None:
    """Point a broken output's file at the null device, so that flushing what it
    still buffers (at exit) cannot fail."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, stream.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):
        pass
