"""The engine protocol never crashes on hostile input: huge numbers, bytes that are not
UTF-8 under strict locales, negative clocks; and ``help`` names every command."""
from __future__ import annotations

import pytest

from test_engine_protocol import EngineProcess, run_answered, run_session

HUGE = "1" + "0" * 400
"""Overflows a float when divided (``int / 1000``)."""
HUGER = "1" + "0" * 5000
"""More digits than ``int()`` converts by default (4300)."""
ALL_COMMANDS = {"uci", "isready", "ucinewgame", "setoption", "position", "go", "stop", "ponderhit", "d", "help",
                "quit"}


def _errors(lines: list[str]) -> list[str]:
    return [line for line in lines if line.startswith("info string error:")]


@pytest.mark.parametrize("number", [HUGE, HUGER], ids=["400 digits", "5001 digits"])
@pytest.mark.parametrize("arguments", [
    "movetime {n}",
    "wtime {n} btime {n}",
    "wtime 1000 btime 1000 winc {n} binc {n}",
    "wtime {n} btime 1000 winc {n} movestogo {n}",
    "nodes {n}",
    "depth {n}",
    "mate {n}",
    "depth {n} mate {n} nodes {n} movetime {n}",
])
def test_huge_numbers_are_clamped_and_the_search_answers(arguments, number):
    command = "go " + arguments.format(n=number)
    code, lines, stderr = run_session(f"position startpos moves b2 a1\n{command}\nisready\nquit\n")
    assert code == 0 and "Traceback" not in stderr, stderr
    assert _errors(lines) == []
    bestmoves = [line for line in lines if line.startswith("bestmove")]
    assert len(bestmoves) == 1 and bestmoves[0] != "bestmove (none)"
    assert lines.count("readyok") == 1  # isready is answered at once, perhaps before the bestmove


def test_movetime_with_a_huge_number_still_searches_the_position():
    # "go movetime 1" followed by 400 zeros: about 24 days, clamped; tic-tac-toe is solved long before.
    code, lines, stderr = run_answered(f"go movetime 1{'0' * 400}\n", 1)
    assert code == 0 and "Traceback" not in stderr, stderr
    assert any(line.startswith("info depth ") for line in lines)
    assert lines[-1].startswith("bestmove ")


@pytest.mark.parametrize("env", [
    {"PYTHONIOENCODING": "utf-8:strict"},
    {"PYTHONIOENCODING": "cp1252"},
    {"PYTHONIOENCODING": "ascii:strict", "LC_ALL": "C", "PYTHONCOERCECLOCALE": "0", "PYTHONUTF8": "0"},
], ids=["utf-8 strict", "cp1252", "C locale"])
def test_bytes_that_are_not_utf8_get_the_normal_error_under_any_locale(env):
    data = (b"\xff\xfe go\n"                                # an unknown command made of bad bytes
            b"\x81\x8d\x90\n"                               # undefined even in cp1252
            b"position startpos moves b2\xa0\n"             # a bad byte glued to a move
            b"setoption name Level value \xb2\n"            # latin-1 superscript two
            b"position startpos moves b2\r\n"               # a Windows line end is fine
            b"go depth 2\n"
            b"isready\n")
    code, lines, stderr = run_answered(data, 1, env)  # quit once the depth-2 search has answered
    assert code == 0 and "Traceback" not in stderr, stderr
    errors = _errors(lines)
    assert len(errors) == 4, lines
    assert "unknown command" in errors[0] and "\ufffd" in errors[0]
    assert "unknown command" in errors[1]
    assert errors[2].startswith("info string error: position: ")
    assert "Level must be" in errors[3]
    assert [line for line in lines if line.startswith("bestmove")] in (["bestmove a1"], ["bestmove c1"],
                                                                        ["bestmove a3"], ["bestmove c3"])
    assert lines.count("readyok") == 1


def test_help_lists_every_command_and_every_listed_command_is_accepted():
    engine = EngineProcess()
    lines = engine.sync() + engine.ask("help", "info string commands:")
    listed = lines[-1].removeprefix("info string commands:").split()
    assert set(listed) == ALL_COMMANDS and len(listed) == len(ALL_COMMANDS)
    # Each listed command is accepted (anything but "unknown command"); "quit" last.
    for command in sorted(set(listed) - {"quit"}):
        if command == "isready":
            output = engine.ask(command, "readyok")
        else:
            engine.send(command)
            output = engine.sync()
        engine.send("stop")  # ends a bare "go"
        assert not any("unknown command" in line for line in output), (command, output)
    # Words that are commands elsewhere (UCI's debug and register), or near misses, are not accepted.
    for word in ("debug", "register", "Go", "quitt", "helpme", "position2"):
        assert any("unknown command" in line for line in engine.ask(word, "info string error:")), word
    assert engine.close() == 0
    assert "Traceback" not in engine.errors_output()


def test_help_comes_from_the_dispatch_table():
    from ai.protocol import COMMANDS, EngineProtocol
    from games.registry import get_game

    assert set(COMMANDS) == ALL_COMMANDS
    output: list[str] = []
    protocol = EngineProtocol(get_game("tictactoe"), output.append)
    protocol.run(["help", "fly"])
    assert output[0] == "info string commands: " + " ".join(COMMANDS)
    assert output[2] == "info string error: unknown command 'fly'"


@pytest.mark.parametrize("game", ["tictactoe", "chess"])
def test_help_and_uci_list_the_same_options_from_the_options_table(game):
    from ai.protocol import OPTIONS, EngineProtocol
    from games.registry import get_game

    output: list[str] = []
    protocol = EngineProtocol(get_game(game), output.append)
    protocol.run(["help", "uci"])
    named = output[1].removeprefix("info string options: ").split()
    listed = [line.split()[2] for line in output if line.startswith("option name ")]
    assert named == listed and "Seed" in named and "Level" in named
    assert set(named) <= {option.title(protocol) for option in OPTIONS}
    assert ("OwnBook" in named) == (game == "chess")  # only a game with an opening book offers it
    assert ("GaviotaTbPath" in named) == (game == "chess")  # only a game that declares tables offers it
    # Every option listed is accepted by setoption with the value uci gives as its default.
    for line in (line for line in output if line.startswith("option name ")):
        words = line.split()
        replies: list[str] = []
        EngineProtocol(get_game(game), replies.append).run([f"setoption name {words[2]} value {words[6]}"])
        if words[2] == "GaviotaTbPath":  # says what the folders hold, as Stockfish says what it found
            assert len(replies) == 1 and replies[0].startswith("info string GaviotaTbPath: "), replies
        else:
            assert not replies, (line, replies)


@pytest.mark.parametrize("command", [
    "go wtime -5 btime 100",
    "go wtime 100 btime -5",
    "go wtime 100 btime 100 winc -1",
    "go wtime 100 btime 100 binc -1",
    "go wtime 100 btime 100 movestogo -1",
    "go wtime -" + "9" * 5000 + " btime 100",
])
def test_negative_clocks_are_refused_and_nothing_changes(command):
    code, lines, stderr = run_session(f"position startpos moves b2\n{command}\nd\nquit\n")
    assert code == 0 and "Traceback" not in stderr, stderr
    errors = _errors(lines)
    assert len(errors) == 1 and "must not be negative" in errors[0] and errors[0].startswith("info string error: go: ")
    assert not any(line.startswith(("bestmove", "info depth")) for line in lines)
    assert lines[-1] == "Position: .../.X./..."
