"""``main.py engine --game chess`` is a UCI engine that python-chess's ``chess.engine``
drives like any other: handshake, options, clocks, mates, book, MultiPV, perft."""
from __future__ import annotations

import subprocess
import sys
import time

import chess
import chess.engine
import pytest

from conftest import ROOT
from test_engine_protocol import HANG_TIMEOUT, EngineProcess

COMMAND = [sys.executable, str(ROOT / "main.py"), "engine", "--game", "chess"]


@pytest.fixture
def engine():
    uci = chess.engine.SimpleEngine.popen_uci(COMMAND, cwd=ROOT, timeout=HANG_TIMEOUT)
    yield uci
    uci.quit()


def test_handshake_names_the_engine_and_its_options(engine):
    assert "Game Tree Lab" in engine.id["name"]
    for option in ("Hash", "Level", "OwnBook", "Algorithm", "MultiPV"):
        assert option in engine.options


@pytest.mark.parametrize("fen, best", [
    ("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", "h5f7"),
    ("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "d1d8"),
])
def test_a_mate_in_one_is_played_and_reported_as_mate(engine, fen, best):
    board = chess.Board(fen)
    result = engine.play(board, chess.engine.Limit(depth=2), info=chess.engine.INFO_SCORE)
    assert result.move.uci() == best and result.info["score"].relative.mate() == 1


@pytest.mark.parametrize("fen, first", [
    ("2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1", "g3g6"),
    ("6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1", "g2g1"),
    ("r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", "d5f6"),
])
def test_a_mate_in_two_is_found(engine, fen, first):
    # Depth 5, one ply more than the mate needs: reverse futility pruning (ai.selectivity)
    # may cut a node two plies from the horizon where the mate starts with a quiet
    # sacrifice (the first position's Qg6), which the next ply then finds.
    engine.configure({"OwnBook": False})
    info = engine.analyse(chess.Board(fen), chess.engine.Limit(depth=5))
    assert info["score"].relative.mate() == 2 and info["pv"][0].uci() == first


def test_it_never_exceeds_its_clock_and_always_answers_a_legal_move(engine):
    # Five seconds left at every move: the engine aims at a small share of that (a 25th,
    # never more than three times it), so on any machine, however busy, it answers well
    # within the clock. The clock is not run down by the time each answer took: with
    # half a second left, its 50 ms margin (ai.clock.OVERHEAD) is less than a busy
    # machine may take to pass the answer on. What it plays is not checked: that
    # depends on the machine's speed.
    board = chess.Board()
    engine.configure({"OwnBook": False})
    clock = 5.0
    for _ in range(8):
        limit = chess.engine.Limit(white_clock=clock, black_clock=clock, white_inc=0.05, black_inc=0.05)
        start = time.monotonic()
        result = engine.play(board, limit)
        used = time.monotonic() - start
        assert result.move in board.legal_moves and used < clock
        board.push(result.move)


def test_the_book_answers_in_the_opening_and_multipv_gives_distinct_lines(engine):
    result = engine.play(chess.Board(), chess.engine.Limit(time=0.5))
    assert result.move in chess.Board().legal_moves
    engine.configure({"OwnBook": False})
    infos = engine.analyse(chess.Board(), chess.engine.Limit(depth=2), multipv=3)
    assert len(infos) == 3 and len({info["pv"][0] for info in infos}) == 3


def test_an_analysis_searches_instead_of_answering_from_the_book(engine):
    session = EngineProcess("chess")
    session.send("setoption name OwnBook value true")
    session.send("position startpos")
    session.send("go infinite")
    output = session.read_until("info depth 2 ")  # however long the machine takes to get there
    output += session.ask("stop", "bestmove")
    assert session.close() == 0
    assert not any("book move" in line for line in output)
    assert output[-1].startswith("bestmove ")
    engine.configure({"OwnBook": True})
    infos = engine.analyse(chess.Board(), chess.engine.Limit(depth=2), multipv=2)
    assert len(infos) == 2 and all(info.get("depth") == 2 for info in infos)


@pytest.mark.parametrize("setup, depth, total, finished", [
    ("startpos", 3, 8_902, 0),  # no mate within three plies (the first is at ply four)
    ("fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 2, 2_039, 0),
])
def test_go_perft_matches_the_published_counts(setup, depth, total, finished):
    result = subprocess.run(COMMAND, cwd=ROOT, input=f"position {setup}\ngo perft {depth}\nquit\n", text=True,
                            capture_output=True, timeout=120)
    lines = result.stdout.splitlines()
    assert lines[-2] == f"Nodes searched: {total}"
    assert sum(int(line.split(": ")[1]) for line in lines[:-3] if ": " in line) == total
    assert lines[-1] == f"Games finished within {depth} plies: {finished}"
