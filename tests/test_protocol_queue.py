"""Commands sent during a search are queued and carried out in order (docs/protocol.md,
"Order of commands"), so a script may pipe a whole session without waiting."""
from __future__ import annotations

import importlib.util
import sys

import pytest

from conftest import ROOT
from test_engine_protocol import (  # noqa: F401 (engine: fixture)
    HANG_TIMEOUT,
    EngineProcess,
    engine,
    run_answered,
    run_session,
)

CORNERS = {"bestmove a1", "bestmove c1", "bestmove a3", "bestmove c3"}
"""The only moves that draw against b2 (the answers after ``position startpos moves b2``)."""


def _bestmoves(lines: list[str]) -> list[str]:
    return [line for line in lines if line.startswith("bestmove")]


def _errors(lines: list[str]) -> list[str]:
    return [line for line in lines if line.startswith("info string error:")]


def test_isready_during_a_search_with_nothing_queued_answers_at_once(engine):
    engine.send("go infinite")
    assert not _bestmoves(engine.sync())  # readyok does not wait for the search
    lines = engine.ask("stop", "bestmove")
    assert len(_bestmoves(lines)) == 1


def test_readyok_comes_only_after_every_command_before_it_is_done(engine):
    engine.send("go infinite")
    engine.send("position startpos moves a1")
    engine.send("isready")
    engine.send("stop")
    lines = engine.read_until("readyok")
    assert _errors(lines) == [] and len(_bestmoves(lines)) == 1
    assert engine.ask("d", "Position:")[-1] == "Position: .../.../X.."


def test_each_stop_stops_the_go_before_it_even_if_that_go_is_still_queued():
    code, lines, stderr = run_session("position startpos moves b2\n" + "go infinite\nstop\n" * 3 + "isready\nquit\n")
    assert code == 0 and "Traceback" not in stderr, stderr
    assert len(_bestmoves(lines)) == 3 and lines[-1] == "readyok"
    assert all(line != "bestmove (none)" for line in _bestmoves(lines))


def test_a_held_bestmove_is_never_dropped_and_every_go_gets_one_in_order(engine):
    engine.send("position fen XOX/XOO/OX.")  # one legal move, c1, and the game ends there
    engine.send("go infinite")
    # Its first iteration searches the tree to its end: the search has ended on its own
    # and holds its bestmove until a stop or the end of the input.
    lines = engine.read_until("info depth 1 ")
    engine.send("ucinewgame")  # waits for the held bestmove
    engine.send("position fen O../.X./X.O")  # c1 is taken here
    engine.send("go depth 3")
    engine.send("stop")  # applies to "go depth 3", the latest go: the infinite one is still held
    lines += engine.finish()  # end of input releases the held bestmove
    assert _errors(lines) == []
    bestmoves = _bestmoves(lines)
    assert len(bestmoves) == 2 and bestmoves[0] == "bestmove c1", lines
    assert bestmoves[1].split()[1] in {"b3", "c3", "a2", "c2", "b1"}
    assert engine.process.returncode == 0


def test_stop_reaches_a_held_search_past_the_commands_queued_behind_it(engine):
    engine.send("position startpos moves b2")
    engine.send("go infinite")
    engine.send("position fen O../.X./X.O")
    engine.send("isready")
    # Without this stop the session would wait for ever: it reaches the infinite search
    # although "position" and "isready" wait behind it.
    engine.send("stop")
    engine.send("go depth 3")
    lines = engine.read_until("readyok")
    assert len(_bestmoves(lines)) == 1 and _bestmoves(lines)[0] in CORNERS
    lines += engine.read_until("bestmove")
    assert _bestmoves(lines)[1] == "bestmove c3" and _errors(lines) == []


def test_a_stop_meant_for_a_refused_go_stops_the_search_before_it(engine):
    engine.send("go infinite")
    engine.send("go depth x")
    engine.send("stop")
    lines = engine.read_until("bestmove")
    assert len(_errors(lines)) == 1 and "whole number" in _errors(lines)[0]
    assert engine.sync() == []
    assert engine.close() == 0


def test_quit_during_a_search_still_prints_its_bestmove():
    code, lines, stderr = run_session("setoption name Algorithm value minimax\ngo depth 9\nquit\n")
    assert code == 0 and "Traceback" not in stderr, stderr
    assert len(_bestmoves(lines)) == 1 and _bestmoves(lines)[0] != "bestmove (none)"


def test_end_of_input_cuts_a_long_search_short():
    # Minimax from the empty board needs seconds for its 9 plies; after the end of input
    # it gets a grace of one second and is then stopped: its 9th iteration never completes.
    code, lines, stderr = run_session("setoption name Algorithm value minimax\ngo\n")
    assert code == 0 and "Traceback" not in stderr, stderr
    assert len(_bestmoves(lines)) == 1 and _bestmoves(lines)[0] != "bestmove (none)"
    assert not any(line.startswith("info depth 9 ") for line in lines)


def test_with_no_grace_the_end_of_input_stops_the_search_at_once():
    from ai.protocol import EngineProtocol
    from games.registry import get_game

    output: list[str] = []
    protocol = EngineProtocol(get_game("tictactoe"), output.append, grace=0.0)
    protocol.run(["setoption name Algorithm value minimax", "go", "position startpos moves b2", "go depth 2"])
    assert len(_bestmoves(output)) == 2
    assert not any(line.startswith("info depth 9 ") for line in output)
    assert protocol.wait(0)


def test_commands_queued_before_quit_are_carried_out_and_later_ones_are_not():
    code, lines, stderr = run_session("go infinite\nposition startpos moves a1\nd\ngo depth 1\nquit\nd\n")
    assert code == 0 and "Traceback" not in stderr, stderr
    assert len(_bestmoves(lines)) == 2
    positions = [line for line in lines if line.startswith("Position:")]
    assert positions == ["Position: .../.../X.."]
    bestmove_indexes = [index for index, line in enumerate(lines) if line.startswith("bestmove")]
    assert bestmove_indexes[0] < lines.index("Position: .../.../X..") < bestmove_indexes[1]


SESSION: list[tuple[str, str | None]] = [
    ("uci", "uciok"),
    ("isready", "readyok"),
    ("setoption name Algorithm value alphabeta", None),
    ("setoption name TranspositionTable value true", None),
    ("ucinewgame", None),
    ("position startpos", None),
    ("go depth 3", "bestmove"),
    ("position startpos moves b2", None),
    ("go depth 5", "bestmove"),
    ("fly", "info string error:"),
    ("position startpos moves b2 b2", "info string error:"),
    ("d", "Position:"),
    ("go depth 0", "info string error:"),
    ("position fen O../.X./X.O", None),
    ("go depth 9", "bestmove"),
    ("setoption name Algorithm value minimax", None),
    ("position startpos moves a1 b2 c3", None),
    ("go depth 9 searchmoves a3 c1 b1", "bestmove"),
    ("go wtime -1 btime 100", "info string error:"),
    ("setoption name Level value 9", "info string error:"),
    ("setoption name Algorithm value pvs", None),
    ("position startpos moves a1", None),
    ("go nodes 200", "bestmove"),
    ("go mate 2", "bestmove"),
    ("go depth 4 searchmoves c3 zz", "info string error:"),
    ("ponderhit", None),
    ("help", "info string commands:"),
    ("position fen XOX/XOO/OX.", None),  # one legal move: the answer cannot depend on when stop comes
    ("go infinite", None),
    ("stop", "bestmove"),
    ("ucinewgame", None),
    ("position startpos moves c3", None),
    ("go depth 6", "bestmove"),
    ("d", "Position:"),
    ("isready", "readyok"),
    ("quit", None),
]


def _answers(lines: list[str]) -> dict[str, list[str]]:
    """What must not depend on timing: bestmoves, errors, other info strings, uci and d output, readyoks."""
    return {
        "bestmove": _bestmoves(lines),
        "errors": _errors(lines),
        "info strings": [line for line in lines if line.startswith("info string") and "error:" not in line],
        "other": [line for line in lines if not line.startswith(("info ", "bestmove", "readyok"))],
        "readyok": [line for line in lines if line == "readyok"],
    }


def test_a_piped_session_answers_as_the_same_commands_sent_one_at_a_time():
    interactive = EngineProcess()
    one_at_a_time: list[str] = []
    for command, answer in SESSION:
        if answer is None:
            interactive.send(command)
        else:
            one_at_a_time += interactive.ask(command, answer)
    assert interactive.process.wait(timeout=HANG_TIMEOUT) == 0
    one_at_a_time += interactive.rest()
    assert "Traceback" not in interactive.errors_output()

    # Every command but the final quit is piped at once; quit follows the eighth bestmove,
    # so that no search is cut short by the end of the input on a busy machine.
    assert SESSION[-1] == ("quit", None)
    code, piped, stderr = run_answered("".join(command + "\n" for command, _ in SESSION[:-1]), bestmoves=8)
    assert code == 0 and "Traceback" not in stderr, stderr
    expected = _answers(one_at_a_time)
    assert _answers(piped) == expected
    assert len(expected["bestmove"]) == 8 and len(expected["errors"]) == 6 and len(expected["readyok"]) == 2
    assert expected["bestmove"][2] == "bestmove c3" and expected["bestmove"][6] == "bestmove c1"


def test_a_short_fuzz_run_finds_nothing():
    spec = importlib.util.spec_from_file_location("fuzz_protocol", ROOT / "bench" / "fuzz_protocol.py")
    fuzz = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = fuzz  # its dataclass looks its module up there
    spec.loader.exec_module(fuzz)
    report = fuzz.fuzz(commands=300, seed=2024, sessions=3)
    assert report.problems == [], report.problems
    assert report.gos_accepted > 0 and report.bestmoves == report.gos_accepted
