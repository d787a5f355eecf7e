"""Pondering through the engine protocol: ``go ponder``, ``ponderhit``, ``stop`` during
pondering (a miss), the ``Ponder`` option and ``bestmove <move> ponder <reply>``; and a
GUI's pondering through python-chess's ``chess.engine``. The in-process sessions read
injected clocks (``fake_clocks``), so what they check cannot depend on the machine."""
from __future__ import annotations

import logging
import sys

import chess
import chess.engine
import pytest

from conftest import HANG_TIMEOUT, ROOT
from fake_clocks import StillClock, SteppingClock
from test_engine_protocol import run_answered, run_session
from test_protocol_seed import MIDDLE_GAME, Session

AFTER_E4_E5 = "position startpos moves e2e4 e7e5"


def info_depths(lines: list[str]) -> list[int]:
    return [int(line.split()[2]) for line in lines if line.startswith("info depth ")]


def bestmove_lines(lines: list[str]) -> list[str]:
    return [line for line in lines if line.startswith("bestmove")]


def started(session: Session, *commands: str) -> None:
    """Send ``commands`` (the last a ``go``) and wait until that search has started
    (``isready`` answers once every command before it is done, a ``go`` once started)."""
    for command in commands:
        session.ask(command)


def test_the_ponder_option_is_listed_set_without_a_fresh_engine_and_names_the_reply():
    session = Session(clock=StillClock())
    assert "option name Ponder type check default false" in session.ask("uci")
    engine = session.protocol.engine
    assert session.ask("setoption name Ponder value true") == []
    assert "option name Ponder type check default true" in session.ask("uci")
    assert session.protocol.engine is engine  # its tables are kept: Ponder is not a search setting
    errors = session.ask("setoption name Ponder value perhaps")
    assert errors == ["info string error: setoption: Ponder takes true or false, not 'perhaps'"]
    assert session.protocol.ponder is True
    session.ask("setoption name OwnBook value false")
    session.best(f"position fen {MIDDLE_GAME}", "go depth 3")
    last_pv = [line for line in session.written.lines if line.startswith("info depth 3 ")][-1].split(" pv ")[1]
    assert bestmove_lines(session.written.lines)[-1] == "bestmove {} ponder {}".format(*last_pv.split()[:2])
    session.ask("setoption name Ponder value false")
    session.best("go depth 3")
    assert bestmove_lines(session.written.lines)[-1] == f"bestmove {last_pv.split()[0]}"
    session.close()


def test_no_reply_is_named_when_the_line_ends_the_game():
    session = Session("tictactoe", clock=StillClock())
    session.ask("setoption name Ponder value true")
    assert session.best("position fen O../.X./X.O", "go depth 5") == "c3"  # X wins at once: no reply
    assert bestmove_lines(session.written.lines) == ["bestmove c3"]
    session.close()


def test_a_ponderhit_turns_the_pondering_search_into_a_timed_one_that_goes_on():
    # How deep go movetime 300 gets on a machine doing about 25,000 nodes a second.
    plain = Session(clock=SteppingClock(0.005))
    plain.ask("setoption name OwnBook value false")
    plain.best(AFTER_E4_E5, "go movetime 300")
    timed_depth = max(info_depths(plain.written.lines))
    plain.close()

    session = Session(clock=SteppingClock(0.005))
    session.ask("setoption name OwnBook value false")
    started(session, AFTER_E4_E5, "go ponder movetime 300")
    # No time limit while pondering: it searches deeper than the move's time allows...
    assert session.written.wait_for(lambda lines: timed_depth + 1 in info_depths(lines))
    assert bestmove_lines(session.written.lines) == []
    session.protocol.receive("ponderhit")
    # ... and after the hit its 300 ms run out (the clock moves with every 128 nodes).
    assert session.written.wait_for(lambda lines: bestmove_lines(lines) != [])
    depths = info_depths(session.written.lines)
    assert depths == list(range(1, len(depths) + 1))  # one search, never started again
    session.close()


def test_a_finished_ponder_search_holds_its_bestmove_until_the_ponderhit():
    session = Session(clock=StillClock())
    session.ask("setoption name OwnBook value false")
    started(session, AFTER_E4_E5, "go ponder depth 3 movetime 100")
    assert session.protocol.dispatcher.wait_search(HANG_TIMEOUT)  # the search has ended by its depth
    assert session.ask("isready") == [] and bestmove_lines(session.written.lines) == []
    session.protocol.receive("ponderhit")
    assert session.written.wait_for(lambda lines: len(bestmove_lines(lines)) == 1)
    session.ask("ponderhit")  # nothing ponders any more: nothing happens
    assert len(bestmove_lines(session.written.lines)) == 1
    session.close()


def test_stop_during_pondering_answers_and_the_real_position_is_searched_afresh():
    session = Session(clock=StillClock())
    session.ask("setoption name OwnBook value false")
    started(session, AFTER_E4_E5, "go ponder movetime 100")
    assert session.written.wait_for(lambda lines: 2 in info_depths(lines))
    session.protocol.receive("stop")  # a miss: the GUI stops, then sends the real position
    assert session.written.wait_for(lambda lines: len(bestmove_lines(lines)) == 1)
    before = len(session.written.lines)
    move = session.best("position startpos moves e2e4 c7c5", "go depth 3")
    assert info_depths(session.written.lines[before:]) == [1, 2, 3]
    board = chess.Board()
    board.push_uci("e2e4")
    board.push_uci("c7c5")
    assert chess.Move.from_uci(move) in board.legal_moves
    session.close()


@pytest.mark.parametrize("hit", [True, False], ids=["hit", "miss"])
def test_a_level_defined_by_its_effort_plays_as_if_it_had_not_pondered(hit):
    # Level 5 searches up to 1,000 nodes: while pondering it does not search at all, so
    # with the same seed its answers (moves and node counts) are the same.
    def session() -> Session:
        new = Session(clock=StillClock())
        for command in ("setoption name Level value 5", "setoption name Seed value 11"):
            new.ask(command)
        return new

    real = f"position fen {MIDDLE_GAME}"
    plain = session()
    plain.best(real, "go movetime 1000")
    expected = [line for line in plain.written.lines if line.startswith(("info depth", "bestmove"))]
    plain.close()

    pondering = session()
    if hit:
        started(pondering, real, "go ponder movetime 1000")
        assert [line for line in pondering.written.lines if line.startswith("info depth")] == []
        pondering.protocol.receive("ponderhit")
    else:
        started(pondering, f"position fen {MIDDLE_GAME} moves e2a6", "go ponder movetime 1000")
        pondering.protocol.receive("stop")
        assert pondering.written.wait_for(lambda lines: len(bestmove_lines(lines)) == 1)
        del pondering.written.lines[:]
        pondering.protocol.receive(real)
        pondering.protocol.receive("go movetime 1000")
    assert pondering.written.wait_for(lambda lines: bestmove_lines(lines) != [])
    got = [line for line in pondering.written.lines if line.startswith(("info depth", "bestmove"))]
    assert got == expected
    pondering.close()


@pytest.mark.parametrize("game, position", [("tictactoe", "position startpos moves b2 a1"),
                                            ("quarto", "position startpos moves :3 a1:5"),
                                            ("sum15", "position startpos moves 5 2")])
def test_every_game_ponders_through_the_same_commands(game, position):
    session = Session(game, clock=SteppingClock(0.005))  # time passes: the hit's 200 ms run out
    started(session, position, "go ponder movetime 200")
    session.protocol.receive("ponderhit")
    assert session.written.wait_for(lambda lines: bestmove_lines(lines) != [])
    assert not any("error" in line for line in session.written.lines)
    session.close()


def test_a_real_engine_process_ponders_and_the_end_of_input_answers_a_pondering_search():
    code, lines, stderr = run_answered("position startpos moves b2 a1\ngo ponder depth 3\nponderhit\n", 1)
    assert code == 0 and "Traceback" not in stderr and len(bestmove_lines(lines)) == 1
    # No ponderhit: the end of the input answers at once, whether the search runs or
    # waits for the hit (a level defined by its effort).
    for level in (5, 2):
        code, lines, stderr = run_session(f"setoption name Level value {level}\nposition startpos moves b2\n"
                                          "go ponder wtime 10000 btime 10000\n")
        assert code == 0 and "Traceback" not in stderr and len(bestmove_lines(lines)) == 1


def test_python_chess_ponders_with_hits_and_a_miss(caplog):
    caplog.set_level(logging.DEBUG, logger="chess.engine")
    engine = chess.engine.SimpleEngine.popen_uci([sys.executable, "main.py", "engine", "--game", "chess"],
                                                 cwd=ROOT, timeout=HANG_TIMEOUT)
    try:
        engine.configure({"OwnBook": False})
        board = chess.Board()
        replies = []
        for turn in range(4):
            result = engine.play(board, chess.engine.Limit(time=0.2), ponder=True, game="one game")
            assert result.move in board.legal_moves
            board.push(result.move)
            assert result.ponder is not None and result.ponder in board.legal_moves
            # The opponent plays the expected reply twice, then another move.
            reply = result.ponder if turn < 2 else next(move for move in board.legal_moves if move != result.ponder)
            replies.append(reply)
            board.push(reply)
        result = engine.play(board, chess.engine.Limit(time=0.2), ponder=False, game="one game")
        assert result.move in board.legal_moves
    finally:
        engine.quit()
    sent = [record.getMessage().split(": << ", 1)[1] for record in caplog.records if ": << " in record.getMessage()]
    assert "setoption name Ponder value true" in sent
    assert sum(line.startswith("go ponder ") for line in sent) == 4
    assert sent.count("ponderhit") == 2 and sent.count("stop") >= 1
