"""The engine protocol, driven through a subprocess like a GUI or a student's script would."""
from __future__ import annotations

import os
import queue
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable

import pytest

from ai.protocol import EngineProtocol
from ai.types import Score
from conftest import HANG_TIMEOUT, ROOT
from games.registry import get_game
from games.tictactoe.rules import TicTacToe
from tictactoe_oracle import exact_score, move_results, reachable_states

GAME = TicTacToe()


def engine_command(game: str = "tictactoe") -> list[str]:
    """The command line that starts the engine."""
    return [sys.executable, "main.py", "engine", "--game", game]


def run_session(data: bytes | str, env: dict[str, str] | None = None) -> tuple[int, list[str], str]:
    """Pipe ``data`` (all of it at once, then end of input) into a fresh engine.

    Returns the exit code, the output lines (read as UTF-8) and everything on stderr.
    A finite search still running at the end of the input gets a grace of a second
    (``docs/protocol.md``) and is then stopped, so on a busy machine what such a
    search finds may differ: a test that checks what the searches find ends the input
    only once they have answered (``run_answered``).
    """
    if isinstance(data, str):
        data = data.encode()
    result = subprocess.run(engine_command(), cwd=ROOT, input=data, capture_output=True, timeout=HANG_TIMEOUT,
                            env=None if env is None else {**os.environ, **env})
    return result.returncode, result.stdout.decode("utf-8").splitlines(), result.stderr.decode(errors="replace")


def run_answered(data: bytes | str, bestmoves: int, env: dict[str, str] | None = None,
                 game: str = "tictactoe") -> tuple[int, list[str], str]:
    """Like ``run_session``, but ``quit`` (the end of the input) is sent only once the
    engine has printed ``bestmoves`` ``bestmove`` lines: every command of ``data`` is
    written at once, and the searches end by their own limits, whatever the machine's
    speed. Returns the exit code, the output lines and stderr."""
    if isinstance(data, str):
        data = data.encode()
    engine = EngineProcess(game, env=env)
    engine.process.stdin.write(data.decode("utf-8", errors="surrogateescape"))
    engine.process.stdin.flush()
    lines: list[str] = []
    while sum(line.startswith("bestmove") for line in lines) < bestmoves:
        lines += engine.read_until("bestmove")
    lines += engine.finish(quit_first=True)
    return engine.process.returncode, lines, engine.errors_output()


class WrittenLines:
    """The lines an ``EngineProtocol`` run in the test's process writes (``write``),
    with a wait for the ones a test expects (from the protocol's threads)."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self._written = threading.Condition()

    def write(self, line: str) -> None:
        with self._written:
            self.lines.append(line)
            self._written.notify_all()

    def wait_for(self, condition: Callable[[list[str]], bool], timeout: float = HANG_TIMEOUT) -> bool:
        """Wait until ``condition(lines)`` holds; False if it still does not after
        ``timeout`` seconds (a hang, never a question of speed)."""
        with self._written:
            return self._written.wait_for(lambda: condition(self.lines), timeout)


class EngineProcess:
    """``main.py engine`` in a subprocess, one command at a time.

    A thread reads its output, so that a read gives up after ``HANG_TIMEOUT`` seconds
    (an engine that hangs fails the test instead of blocking the suite)."""

    def __init__(self, game: str = "tictactoe", env: dict[str, str] | None = None) -> None:
        self.stderr = tempfile.TemporaryFile()
        self.process = subprocess.Popen(
            engine_command(game), cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.stderr,
            text=True, encoding="utf-8", errors="surrogateescape", bufsize=1,
            env=None if env is None else {**os.environ, **env},
        )
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        for line in self.process.stdout:
            self._lines.put(line.rstrip("\n"))
        self._lines.put(None)  # the end of the output

    def _next_line(self) -> str | None:
        try:
            return self._lines.get(timeout=HANG_TIMEOUT)
        except queue.Empty:
            raise AssertionError(f"the engine printed nothing for {HANG_TIMEOUT} s: hung") from None

    def send(self, line: str) -> None:
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def read_until(self, *prefixes: str) -> list[str]:
        """Lines up to and including the first that starts with one of ``prefixes``."""
        lines = []
        while True:
            line = self._next_line()
            assert line is not None, f"engine closed its output; got {lines}"
            lines.append(line)
            if line.startswith(prefixes):
                return lines

    def ask(self, line: str, *until: str) -> list[str]:
        self.send(line)
        return self.read_until(*until)

    def sync(self) -> list[str]:
        """Everything printed before ``readyok``."""
        return self.ask("isready", "readyok")[:-1]

    def rest(self) -> list[str]:
        """The output from here to its end (the engine must be ending)."""
        lines = []
        while (line := self._next_line()) is not None:
            lines.append(line)
        return lines

    def finish(self, quit_first: bool = False) -> list[str]:
        """End the input (after ``quit`` if ``quit_first``), wait for the engine to exit;
        the rest of its output."""
        if quit_first:
            self.send("quit")
        self.process.stdin.close()
        rest = self.rest()
        self.process.wait(timeout=HANG_TIMEOUT)
        return rest

    def errors_output(self) -> str:
        """What the engine wrote on stderr so far (a traceback would show here)."""
        self.stderr.seek(0)
        return self.stderr.read().decode(errors="replace")

    def close(self) -> int:
        self.send("quit")
        return self.process.wait(timeout=HANG_TIMEOUT)


@pytest.fixture
def engine():
    process = EngineProcess()
    yield process
    if process.process.poll() is None:
        process.process.kill()
        process.process.wait()
    assert "Traceback" not in process.errors_output()


def test_handshake_lists_options_and_ends_with_uciok(engine):
    lines = engine.ask("uci", "uciok")
    assert lines[0].startswith("id name ")
    assert any(line.startswith("option name Algorithm type combo") and "var minimax" in line and "var pvs" in line
               for line in lines)
    assert engine.ask("isready", "readyok") == ["readyok"]
    assert engine.close() == 0


def test_every_reachable_position_gets_an_optimal_move_and_the_exact_score(engine):
    engine.ask("uci", "uciok")
    positions = [state for state in reachable_states() if not state.is_terminal()]
    for number, state in enumerate(positions):
        if number % 2:
            engine.send(f"position fen {state.to_text()}")
        else:
            engine.send(f"position startpos moves {' '.join(_moves_to(state))}")
        lines = engine.ask("go depth 9", "bestmove")
        best = lines[-1].split()[1]
        results = move_results(state)
        assert results[state.parse_move(best)] == max(results.values()), (state.to_text(), best)
        last_info = [line for line in lines if line.startswith("info depth")][-1]
        expected = Score(exact_score(state)).uci()
        assert f" score {expected} " in last_info, (state.to_text(), last_info, expected)
    assert engine.close() == 0


def _moves_to(state) -> list[str]:
    """A move sequence from the empty board to ``state`` (X's and O's squares interleaved)."""
    xs = [square for square in range(9) if state.x_bits >> square & 1]
    os_ = [square for square in range(9) if state.o_bits >> square & 1]
    # Play the winning line's squares last is unnecessary: open positions have no line.
    order = []
    for index in range(len(xs)):
        order.append(xs[index])
        if index < len(os_):
            order.append(os_[index])
    names = "a1 b1 c1 a2 b2 c2 a3 b3 c3".split()
    return [names[square] for square in order]


@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta", "negamax", "pvs"])
def test_each_algorithm_can_be_chosen_and_finds_the_win(engine, algorithm):
    engine.send(f"setoption name Algorithm value {algorithm}")
    engine.send("position fen O../.X./X.O")
    lines = engine.ask("go depth 3", "bestmove")
    assert lines[-1] == "bestmove c3"
    assert "score mate 1" in lines[-2]
    assert engine.sync() == []


def test_movetime_and_infinite_then_stop(engine):
    engine.send("position startpos moves b2")
    lines = engine.ask("go movetime 100", "bestmove")  # what a tenth of a second finds depends on the machine
    assert lines[-1].split()[1] in {"a1", "b1", "c1", "a2", "c2", "a3", "b3", "c3"}
    engine.send("position fen XOX/XOO/OX.")  # one legal move, c1, and the game ends there
    engine.send("go infinite")
    lines = engine.read_until("info depth 1 ")  # the tree is exhausted: the answer must still wait for stop
    lines += engine.sync()
    assert not any(line.startswith("bestmove") for line in lines)
    lines = engine.ask("stop", "bestmove")
    assert lines == ["bestmove c1"]
    assert engine.sync() == []


@pytest.mark.parametrize("command, message", [
    ("position startpos moves b2 b2", "already taken"),
    ("position startpos moves b2 z9", "not a square"),
    ("position fen XXX/XXX/XXX", "cannot happen"),
    ("position fen", "give 'startpos' or 'fen"),
    ("position sideways", "give 'startpos' or 'fen"),
    ("go depth x", "whole number"),
    ("go depth 0", "at least 1"),
    ("go depth --5", "whole number"),
    ("go nodes 0", "at least 1"),
    ("go btime 1000", "not wtime"),
    ("go wtime -5 btime 100", "wtime must not be negative"),
    ("go wtime 100 btime -1", "btime must not be negative"),
    ("go wtime 100 btime 100 winc -1", "winc must not be negative"),
    ("go wtime 100 btime 100 binc -20", "binc must not be negative"),
    ("go wtime 100 btime 100 movestogo -3", "movestogo must not be negative"),
    ("go movetime -1", "at least 1"),
    ("go mate -1" + "0" * 5000, "at least 1"),
    ("setoption name Level value 1" + "0" * 5000, "Level must be"),
    ("go searchmoves a1 c3", "already taken"),
    ("setoption name Level value \u00b2", "Level must be"),
    ("setoption name Algorithm value bogosort", "unknown algorithm"),
    ("setoption name Level value 99", "Level must be"),
    ("setoption name Colour value red", "unknown option"),
    ("setoption", "usage"),
    ("fly", "unknown command"),
])
def test_bad_input_prints_an_error_and_changes_nothing(engine, command, message):
    engine.send("position startpos moves a1 b2")
    before = engine.ask("d", "Position:")
    engine.send(command)
    errors = engine.sync()
    assert len(errors) == 1 and errors[0].startswith("info string error: ") and message in errors[0], errors
    assert len(errors[0]) < 400  # a huge word is not echoed in full
    assert engine.ask("d", "Position:") == before
    lines = engine.ask("go depth 9", "bestmove")  # the engine still works, with the old options
    assert lines[-1].startswith("bestmove ")


def test_go_on_a_finished_game_answers_bestmove_none(engine):
    engine.send("position fen XXX/OO./...")
    assert engine.ask("go depth 3", "bestmove")[-1] == "bestmove (none)"


def test_commands_while_searching_wait_for_the_search_and_stop_still_reaches_it(engine):
    engine.send("go infinite")
    engine.send("position startpos moves a1")  # waits: the infinite search's bestmove is still to come
    engine.send("d")
    lines = engine.ask("stop", "Position:")
    assert not any("error" in line for line in lines), lines
    bestmoves = [index for index, line in enumerate(lines) if line.startswith("bestmove ")]
    assert len(bestmoves) == 1 and bestmoves[0] < len(lines) - 1
    assert lines[-1] == "Position: .../.../X.."


def test_unknown_go_tokens_are_skipped_with_a_note_and_the_search_runs(engine):
    engine.send("position startpos")
    lines = engine.ask("go sideways wiggle depth 2", "bestmove")
    assert lines[0] == "info string ignored: sideways wiggle"
    assert any(line.startswith("info depth 2 ") for line in lines)


def test_searchmoves_restricts_the_root_and_mate_limits_the_depth(engine):
    engine.send("position fen O../.X./X.O")  # X wins at once on c3
    lines = engine.ask("go depth 5 searchmoves a2 b1", "bestmove")
    assert lines[-1].split()[1] in {"a2", "b1"}
    lines = engine.ask("go mate 1", "bestmove")
    assert lines[-1] == "bestmove c3" and "score mate 1" in lines[-2]
    assert all(" depth 2 " not in line for line in lines)


def test_a_failed_search_still_answers_and_waits_for_stop_in_infinite_mode():
    from dataclasses import replace as replace_field

    from ai.protocol import EngineProtocol
    from games.registry import get_game

    def broken(state, player):
        raise RuntimeError("boom")

    output = WrittenLines()
    protocol = EngineProtocol(replace_field(get_game("tictactoe"), evaluate=broken), output.write)
    protocol.start()
    protocol.receive("go infinite")
    protocol.receive("isready")
    assert output.wait_for(lambda lines: any("search failed" in line for line in lines))
    protocol.receive("isready")
    assert output.wait_for(lambda lines: lines.count("readyok") == 2)
    assert not any(line.startswith("bestmove") for line in output.lines)
    protocol.receive("stop")
    protocol.end_input()
    assert protocol.wait(HANG_TIMEOUT)
    bestmoves = [line for line in output.lines if line.startswith("bestmove")]
    assert len(bestmoves) == 1 and bestmoves[0] != "bestmove (none)"


@pytest.mark.parametrize("game", ["backgammon", "chess"])
def test_the_engine_starts_with_its_strongest_levels_search_settings(game):
    # The Level option's default is the strongest level: its settings apply before any
    # setoption (backgammon's move filter, without which 1-ply does not fit in a second).
    entry = get_game(game)
    protocol = EngineProtocol(entry, [].append)
    assert protocol.level == entry.max_level
    strongest = entry.level(entry.max_level)
    assert protocol.options.candidate_moves == strongest.candidates
    assert protocol.options.inner_candidate_moves == strongest.inner_candidates
    assert protocol.options.deepening_by_outcome == strongest.deepening_by_outcome
    assert protocol.options.leaf_screen == strongest.leaf_screen
    assert protocol.options.late_move_pruning == strongest.late_move_pruning
    protocol.run(["setoption name Level value 1"])
    assert protocol.options.evaluation_noise == entry.level(1).noise
