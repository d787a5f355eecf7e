"""The engine protocol: a UCI-style text interface to the search, on stdin/stdout.

For chess it is exactly UCI; for the other games it uses the same commands with the
game's own move notation and position text (see ``docs/protocol.md``). One thread
reads the input; the commands are carried out in input order by the
``ai.protocol_queue.CommandDispatcher``, which queues what arrives during a search
(``stop`` and ``quit`` act at once). ``COMMANDS`` is the one table of commands: it
dispatches them and ``help`` lists it; ``OPTIONS`` (``ai.protocol_options``) is the one
table of options. Bad input prints one ``info string error: ...`` line and changes
nothing; numbers are clamped to sane maxima (``ai.protocol_text``), and bytes that are
not UTF-8 are read as U+FFFD, so no input can crash it.
"""
from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, BinaryIO

from ai.clock import TimeControl
from ai.engine import Engine
from ai.perft import divide, finished_games
from ai.ponder import Ponder
from ai.protocol_queue import GRACE_SECONDS, CommandDispatcher, CommandRefused, Prepared, SearchRequest
from ai.protocol_options import BYTES_PER_TABLE_ENTRY, DEFAULT_HASH_MB, OPTIONS, default_threads
from ai.protocol_text import MAX_ECHO, ProtocolError, info_line, parse_go, printable, quote, shorten
from ai.strength import level_limits, level_options, uses_its_time
from ai.types import Algorithm, SearchInfo, SearchLimits, SearchOptions
from games.base import CHANCE, FIRST, State

if TYPE_CHECKING:
    from games.registry import GameEntry

ENGINE_NAME = "Game Tree Lab"


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


HELPERS_READY_SECONDS = 30.0
"""How long ``isready`` waits at most for a fresh engine's helper processes
(``SearchOptions.helper_processes``; they are ready in about half a second), so that a
search right after ``readyok`` has them."""


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
        self.level = entry.max_level
        # The strongest level's search settings (backgammon's move filter and 2-ply), as
        # ``setoption name Level`` would give them: the option's default is that level.
        self.options = level_options(SearchOptions(algorithm=Algorithm.default_for(self.game.has_chance),
                                                   table_size=DEFAULT_HASH_MB * 1_000_000 // BYTES_PER_TABLE_ENTRY,
                                                   helper_processes=default_threads(self.game) - 1),
                                     entry.level(self.level))
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
        self.engine.close()

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
        if not self.engine.wait_ready(HELPERS_READY_SECONDS):  # a fresh engine's helper processes start
            self.send("info string Threads: the helper processes did not start; searching in one process")
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
                self.engine.close()
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
        values, infinite, ponder, search_moves, ignored = parse_go(arguments)
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
