"""Another program as a player: any engine that speaks UCI (Stockfish), or this project's
engine protocol for a game, run as a child process.

``ExternalEngine`` offers what ``ai.worker.SearchWorker`` needs of an engine
(``search``, ``progress``, ``fallback_move``, ``new_game``), so the app and the
``match`` command can pit the search against it like against any other player. It
knows no game: it sends ``position fen <State.to_text()>`` and reads moves with
``State.parse_move``, so it works for chess with any UCI engine and for the other
games with an engine speaking their notation (``main.py engine --game ...``).

The child is started on first use and answered within its time: a program that
cannot be started, does not answer ``uci``, or answers nonsense raises
``ExternalEngineError`` (the worker turns it into a failure report; the game is kept).
How long a program is waited for: ``HANDSHAKE_SECONDS`` for the whole handshake (then it
is ended, and the next search starts it afresh); for a move, its time, then
``MARGIN_SECONDS`` more, then ``stop`` and ``STOP_SECONDS`` for its answer; the message
given when it has not answered names those same figures.
"""
from __future__ import annotations

import atexit
import queue
import shlex
import subprocess
import threading
import time
from collections.abc import Callable, Hashable, Sequence

from ai.types import MATE, Score, SearchInfo, SearchLimits, SearchResult
from games.base import CHANCE, GameError, State

HANDSHAKE_SECONDS = 10.0
"""How long the program may take to answer ``uci`` and ``isready``, both together, from
the moment it is started."""
MARGIN_SECONDS = 5.0
"""How long past its time a search may go before it is sent ``stop``."""
STOP_SECONDS = 1.0
"""How long a program may take to answer ``stop`` (sent when its time and the margin
are over, or when the search is called off: a takeback, a new game, the menu) before it
is ended: a bot that reads no input while it thinks must not hold up the window."""
QUIT_SECONDS = 2.0
"""How long a program may take to quit when asked, then to end when terminated, before
it is killed (in the background)."""
LINE_LIMIT = 65536
"""The longest output line read, in characters: a program writing longer lines (or no
line ends) is ended as broken rather than read into memory without end."""
INFO_INTERVAL = 0.1
"""Seconds between the ``info`` lines read closely (the latest one is kept, and read
before the move): a program flooding ``info`` lines must not slow the window down."""

_running: set[subprocess.Popen] = set()
"""Every program started and not yet ended, ended at exit (``_end_all``)."""


class ExternalEngineError(RuntimeError):
    """The program could not be used; the message says why, in words."""


class ExternalEngine:
    """A UCI program started with ``command`` (a command line, split like a shell
    does), with UCI ``options`` set after the handshake (e.g. ``{"UCI_LimitStrength":
    "true", "UCI_Elo": "1500"}``), called ``name`` in messages (default: the program,
    or the ``.py`` file it runs). ``clock`` (seconds, ``time.monotonic`` by default)
    times the waits for the program's answers (tests give it a clock of their own). Not
    thread-safe: one search at a time."""

    def __init__(self, command: str | Sequence[str], options: dict[str, str] | None = None, name: str = "",
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.command = shlex.split(command) if isinstance(command, str) else list(command)
        if not self.command:
            raise ExternalEngineError("no program given")
        self.settings = dict(options or {})
        scripts = [word for word in self.command[1:] if word.lower().endswith(".py")]  # a bot run by a Python
        self.name = name or (scripts[-1] if scripts else self.command[0])
        self._process: subprocess.Popen | None = None
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._broken = ""  # why the reader gave up on the program's output, if it did
        self._nodes = 0
        self._depth = 0
        self._started_at = 0.0
        self._lock = threading.Lock()
        self._clock = clock

    # -- the child process ---------------------------------------------------------------
    def _start(self) -> None:
        if self._process is not None and self._process.poll() is None:
            return
        try:
            self._process = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                             stderr=subprocess.DEVNULL, text=True, encoding="utf-8",
                                             errors="replace", bufsize=1,
                                             # Windows: no console window for a console program (a
                                             # bot run by python.exe or by the app itself); 0 elsewhere
                                             creationflags=getattr(subprocess, "CREATE_NO_WINDOW", 0))
        except OSError as problem:
            raise ExternalEngineError(f"{self.name} could not be started ({problem.strerror or problem})") from None
        _running.add(self._process)
        self._lines = queue.Queue()
        self._broken = ""
        threading.Thread(target=self._read, args=(self._process, self._lines), daemon=True,
                         name=f"read-{self.name}").start()
        deadline = self._clock() + HANDSHAKE_SECONDS
        try:
            self._send("uci")
            self._wait_for("uciok", deadline, "uci")
            for option, value in self.settings.items():
                self._send(f"setoption name {option} value {value}")
            self._send("isready")
            self._wait_for("readyok", deadline, "isready")
        except ExternalEngineError:
            self.close()  # not left running: the next search starts it afresh, handshake and all
            raise

    def _read(self, process: subprocess.Popen, lines: queue.Queue) -> None:
        """Queue the program's output lines, then ``None`` at its end; a line longer than
        ``LINE_LIMIT`` ends the program (``_broken`` says why)."""
        try:
            while True:
                line = process.stdout.readline(LINE_LIMIT)
                if not line:
                    break
                if len(line) >= LINE_LIMIT and not line.endswith("\n"):
                    self._broken = f"wrote a line longer than {LINE_LIMIT} characters"
                    _end_process(process)
                    break
                lines.put(line.strip())
        except (OSError, ValueError):
            pass
        lines.put(None)

    def _send(self, line: str) -> None:
        """Write ``line`` to the program; ``ExternalEngineError`` if it has ended, in the
        same words as when its output ends (which of the two notices first is a race)."""
        process = self._process
        if process is None or process.poll() is not None:
            raise ExternalEngineError(self._ended())
        try:
            process.stdin.write(line + "\n")
            process.stdin.flush()
        except OSError:
            raise ExternalEngineError(self._ended()) from None

    def _ended(self) -> str:
        """Why the program is no longer there, in words."""
        return f"{self.name} {self._broken or 'stopped unexpectedly'}"

    def _next_line(self, deadline: float) -> str | None:
        """The next output line, ``None`` at a timeout (``deadline`` read on the engine's
        clock); ``ExternalEngineError`` if the program ended."""
        try:
            line = self._lines.get(timeout=max(0.0, deadline - self._clock()))
        except queue.Empty:
            return None
        if line is None:
            self._lines.put(None)
            raise ExternalEngineError(self._ended())
        return line

    def _wait_for(self, word: str, deadline: float, asked: str) -> None:
        """Read lines until ``word``; ``ExternalEngineError`` when ``deadline`` (the
        handshake's) passes first."""
        while True:
            line = self._next_line(min(deadline, self._clock() + 0.05))
            if line is None and self._clock() >= deadline:
                raise ExternalEngineError(f"{self.name} did not answer '{asked}' within "
                                          f"{_seconds(HANDSHAKE_SECONDS)} s of being started")
            if line == word:
                return

    def close(self) -> None:
        """Ask the program to quit and make sure it ends, in the background: returns at
        once (the window calls this). One that has not quit within ``QUIT_SECONDS`` is
        terminated (which a built app passes on to the bot it runs), then killed."""
        process, self._process = self._process, None
        if process is not None:
            threading.Thread(target=_end_process, args=(process,), daemon=True, name=f"end-{self.name}").start()

    # -- what the worker uses -------------------------------------------------------------
    def new_game(self) -> None:
        """Tell the program a new game starts (``ucinewgame``), if it runs."""
        with self._lock:
            if self._process is not None and self._process.poll() is None:
                try:
                    self._send("ucinewgame")
                except ExternalEngineError:
                    pass

    def progress(self) -> tuple[int, int, float]:
        """``(depth, nodes, seconds)`` reported so far by the running search."""
        seconds = time.perf_counter() - self._started_at if self._started_at else 0.0
        return self._depth, self._nodes, seconds

    def fallback_move(self, state: State, allowed: tuple[Hashable, ...] | None = None) -> Hashable:
        """A legal move to play if the program fails: the first allowed one."""
        moves = [move for move in state.legal_moves() if allowed is None or move in allowed]
        return (moves or state.legal_moves())[0]

    def search(self, state: State, limits: SearchLimits | None = None, stop_event: threading.Event | None = None,
               on_info: Callable[[SearchInfo], None] | None = None) -> SearchResult:
        """Ask the program for its move in ``state`` within ``limits`` (its time as
        ``movetime``, else ``depth``/``nodes``); ``on_info`` sees its ``info`` lines
        with a principal variation. Raises ``ExternalEngineError`` if it fails: when it
        sends no move in its time and ``MARGIN_SECONDS`` more, it is sent ``stop``, and
        given up ``STOP_SECONDS`` later (then ended), with a message that says so."""
        limits = limits or SearchLimits()
        if state.is_terminal() or state.to_move() == CHANCE:
            raise ValueError("there is no move to find in this position")
        with self._lock:
            self._start()
            start = self._started_at = time.perf_counter()
            self._nodes = self._depth = 0
            self._send(f"position fen {state.to_text()}")
            self._send(_go_command(limits, state))
            budget = limits.absolute_time or limits.hard_time
            deadline = self._clock() + (budget + MARGIN_SECONDS if budget else 24 * 3600)
            infos: list[SearchInfo] = []
            stop_sent = called_off = False
            unread: list[str] = []  # the latest info line not read closely yet
            read_at = 0.0
            while True:
                if stop_event is not None and stop_event.is_set() and not stop_sent:
                    self._send("stop")
                    stop_sent = called_off = True
                    deadline = min(deadline, self._clock() + STOP_SECONDS)
                line = self._next_line(min(deadline, self._clock() + 0.05))
                if line is None:
                    if self._clock() >= deadline:
                        if stop_sent:
                            self.close()
                            if called_off:
                                raise ExternalEngineError(f"{self.name} did not answer 'stop'")
                            raise ExternalEngineError(
                                f"{self.name} sent no move within {_seconds(budget + MARGIN_SECONDS + STOP_SECONDS)}"
                                f" s: {_seconds(budget)} s for the move, {_seconds(MARGIN_SECONDS)} s more, then "
                                f"{_seconds(STOP_SECONDS)} s after 'stop'")
                        self._send("stop")
                        stop_sent = True
                        deadline = self._clock() + STOP_SECONDS
                    if not unread:
                        continue
                    words = []  # a quiet moment: read the info line left unread
                else:
                    words = line.split()
                if words[:1] == ["info"]:
                    unread = words
                    if time.monotonic() - read_at < INFO_INTERVAL:
                        continue
                if unread:
                    read_at = time.monotonic()
                    info = self._info(unread, state, start)
                    unread = []
                    if info is not None:
                        infos.append(info)
                        if on_info is not None:
                            on_info(info)
                if words[:1] == ["bestmove"] and len(words) > 1:
                    return self._result(words[1], state, limits, infos, start)

    def _info(self, words: list[str], state: State, start: float) -> SearchInfo | None:
        """A ``SearchInfo`` for an ``info`` line with a score and a principal variation."""
        values: dict[str, str] = {}
        index = 1
        while index < len(words) - 1 and words[index] != "pv":
            values[words[index]] = words[index + 1]
            index += 1 if words[index] in ("lowerbound", "upperbound") else 2
        try:
            self._depth = int(values.get("depth", self._depth))
            self._nodes = int(values.get("nodes", self._nodes))
        except ValueError:
            return None
        if "pv" not in words or "score" not in words or values.get("multipv", "1") != "1":
            return None
        kind_at = words.index("score")
        try:
            kind, number = words[kind_at + 1], int(words[kind_at + 2])
        except (IndexError, ValueError):
            return None
        if kind == "mate":
            plies = 2 * abs(number) - 1 if number > 0 else 2 * abs(number)
            score = Score(MATE - plies) if number > 0 else Score(-(MATE - plies))
        else:
            score = Score(number)
        pv: list[Hashable] = []
        texts: list[str] = []
        position = state
        for text in words[words.index("pv") + 1:]:
            try:
                move = position.parse_move(text)
            except GameError:
                break
            pv.append(move)
            texts.append(position.move_to_text(move))
            position = position.apply(move)
            if position.is_terminal() or position.to_move() == CHANCE:
                break
        if not pv:
            return None
        return SearchInfo(depth=self._depth, seldepth=max(self._depth, int(values.get("seldepth", 0) or 0)),
                          score=score, pv=tuple(pv), pv_text=tuple(texts), nodes=self._nodes,
                          time=time.perf_counter() - start)

    def _result(self, text: str, state: State, limits: SearchLimits, infos: list[SearchInfo],
                start: float) -> SearchResult:
        try:
            move = state.parse_move(text)
        except GameError:
            raise ExternalEngineError(f"{self.name} answered an illegal move: {text[:20]}") from None
        if limits.moves is not None and move not in limits.moves:
            move = self.fallback_move(state, limits.moves)
        return SearchResult(move=move, move_text=state.move_to_text(move), infos=tuple(infos), reason="external",
                            nodes=self._nodes, time=time.perf_counter() - start)


def _seconds(value: float) -> str:
    """Seconds for a message: ``7``, ``15.95`` (no float noise)."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _go_command(limits: SearchLimits, state: State) -> str:
    """The ``go`` command for ``limits`` (the time a move may take as ``movetime``)."""
    parts = ["go"]
    seconds = limits.absolute_time or limits.hard_time
    if seconds is not None and not limits.infinite:
        parts += ["movetime", str(max(1, int(seconds * 1000)))]
    if limits.depth is not None:
        parts += ["depth", str(limits.depth)]
    if limits.nodes is not None:
        parts += ["nodes", str(limits.nodes)]
    if limits.moves is not None:
        parts += ["searchmoves", *(state.move_to_text(move) for move in limits.moves)]
    if len(parts) == 1:
        parts.append("infinite" if limits.infinite else "depth 12")
    return " ".join(parts)


def _end_process(process: subprocess.Popen) -> None:
    """Ask ``process`` to quit (``quit``, then the end of its input), then terminate
    it, then kill it, each after ``QUIT_SECONDS`` without an end."""
    try:
        process.stdin.write("quit\n")
        process.stdin.flush()
        process.stdin.close()
    except (OSError, ValueError):
        pass
    for end in (None, process.terminate, process.kill):
        try:
            if end is not None:
                end()
            process.wait(timeout=QUIT_SECONDS)
            break
        except subprocess.TimeoutExpired:
            continue
        except OSError:
            break
    _running.discard(process)


@atexit.register
def _end_all() -> None:
    """At exit: terminate the programs still running (a bot stuck in a loop must not
    outlive the app), and kill the ones that do not end at once."""
    for process in list(_running):
        try:
            process.terminate()
        except OSError:
            pass
    deadline = time.monotonic() + 0.5
    for process in list(_running):
        try:
            process.wait(timeout=max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            try:
                process.kill()
            except OSError:
                pass
