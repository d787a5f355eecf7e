"""The engine protocol, driven through a subprocess like a GUI or a student's script would."""
from __future__ import annotations

import subprocess
import sys
import time

import pytest

from ai.types import Score
from conftest import ROOT
from games.tictactoe.rules import TicTacToe
from tictactoe_oracle import exact_score, move_results, reachable_states

GAME = TicTacToe()


class EngineProcess:
    """``main.py engine`` in a subprocess, one command at a time."""

    def __init__(self, game: str = "tictactoe") -> None:
        self.process = subprocess.Popen(
            [sys.executable, "main.py", "engine", "--game", game],
            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1,
        )

    def send(self, line: str) -> None:
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def read_until(self, prefix: str) -> list[str]:
        lines = []
        while True:
            line = self.process.stdout.readline()
            assert line, f"engine closed its output; got {lines}"
            lines.append(line.rstrip("\n"))
            if line.startswith(prefix):
                return lines

    def ask(self, line: str, until: str) -> list[str]:
        self.send(line)
        return self.read_until(until)

    def sync(self) -> list[str]:
        """Everything printed before ``readyok``."""
        return self.ask("isready", "readyok")[:-1]

    def close(self) -> int:
        self.send("quit")
        return self.process.wait(timeout=30)


@pytest.fixture
def engine():
    process = EngineProcess()
    yield process
    if process.process.poll() is None:
        process.process.kill()


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
    lines = engine.ask("go movetime 100", "bestmove")
    assert lines[-1].split()[1] in {"a1", "c1", "a3", "c3"}  # only corners draw against b2
    engine.send("go infinite")
    time.sleep(0.5)  # the tree is exhausted long before: the answer must still wait for stop
    assert not any(line.startswith("bestmove") for line in engine.sync())
    lines = engine.ask("stop", "bestmove")
    assert lines[-1].split()[1] in {"a1", "c1", "a3", "c3"}


@pytest.mark.parametrize("command, message", [
    ("position startpos moves b2 b2", "already taken"),
    ("position startpos moves b2 z9", "not a square"),
    ("position fen XXX/XXX/XXX", "cannot happen"),
    ("position fen", "position must be"),
    ("position sideways", "position must be"),
    ("go depth x", "whole number"),
    ("go depth 0", "at least 1"),
    ("go depth --5", "whole number"),
    ("go nodes 0", "at least 1"),
    ("go btime 1000", "not wtime"),
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
    assert engine.ask("d", "Position:") == before
    lines = engine.ask("go depth 9", "bestmove")  # the engine still works, with the old options
    assert lines[-1].startswith("bestmove ")


def test_go_on_a_finished_game_answers_bestmove_none(engine):
    engine.send("position fen XXX/OO./...")
    assert engine.ask("go depth 3", "bestmove")[-1] == "bestmove (none)"


def test_commands_while_searching_are_refused_but_stop_and_isready_work(engine):
    engine.send("go infinite")
    engine.send("position startpos moves a1")
    engine.send("isready")
    lines = engine.read_until("readyok")
    assert any("send 'stop' first" in line for line in lines)
    lines = engine.ask("stop", "bestmove")
    engine.send("d")
    assert engine.read_until("Position:")[-1] == "Position: .../.../..."


def test_unknown_go_tokens_are_skipped_with_a_note_and_the_search_runs(engine):
    engine.send("position startpos")
    lines = engine.ask("go ponder sideways depth 2", "bestmove")
    assert lines[0] == "info string ignored: ponder sideways"
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

    output: list[str] = []
    protocol = EngineProtocol(replace_field(get_game("tictactoe"), evaluate=broken), output.append)
    protocol.handle("go infinite")
    protocol.worker.wait(5)
    time.sleep(0.05)
    assert any("search failed" in line for line in output)
    assert not any(line.startswith("bestmove") for line in output)
    protocol.handle("stop")
    assert output[-1].startswith("bestmove ") and output[-1] != "bestmove (none)"
