"""Chess's check test without making the move, against python-chess's own, and the
search that uses it against the same search making every move."""
from __future__ import annotations

import random

import chess
import pytest

from ai.engine import Engine
from ai.types import SearchLimits, SearchOptions
from games.chess.rules import ChessState
from games.registry import get_game

CHECKS = [  # positions where quiet moves give direct and discovered checks (hand-made)
    "4k3/8/8/8/8/8/3B4/R3K3 w - - 0 1",          # Ra8+ and Bb4/Bg5 hit nothing: Ra8 checks along the 8th rank
    "4k3/8/8/8/4B3/8/8/4R1K1 w - - 0 1",         # the bishop on e4 leaves the e-file: discovered check
    "4k3/8/8/8/8/8/4N3/4Q1K1 w - - 0 1",         # every knight move uncovers the queen: discovered check
    "8/8/8/2k5/8/8/1P6/4K3 w - - 0 1",           # b2-b4+ by a pawn
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",      # castling: not told (None)
]


def _positions() -> list[chess.Board]:
    rng = random.Random(11)
    boards = [chess.Board(fen) for fen in CHECKS]
    while len(boards) < 400:
        board = chess.Board()
        for _ in range(rng.randint(1, 90)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        if not board.is_game_over():
            boards.append(board)
    return boards


def test_gives_check_agrees_with_python_chess_on_every_quiet_move_of_400_positions():
    told = checks = 0
    for board in _positions():
        state = ChessState(board.copy(stack=False))
        for move in board.legal_moves:
            if not state.is_quiet(move):
                continue
            answer = state.gives_check(move)
            if answer is None:
                assert board.is_castling(move)
                continue
            assert answer == board.gives_check(move), (board.fen(), move.uci())
            child = state.apply(move)  # knows its check from the answer, without looking
            assert child._check is answer and child.in_check() == child.board.is_check()
            told += 1
            checks += answer
    assert told > 5_000 and checks > 100  # the sample holds direct and discovered checks


def test_in_check_agrees_with_python_chess_in_every_position_reached_from_400():
    """``ChessState.in_check`` (its own attack-table test) against ``Board.is_check`` in
    every position one legal move away from the 400, a few hundred of them checks."""
    seen = checks = 0
    for board in _positions():
        for move in board.legal_moves:
            board.push(move)
            state = ChessState(board.copy(stack=False))
            assert state.in_check() == board.is_check(), board.fen()
            seen += 1
            checks += board.is_check()
            board.pop()
    assert seen > 5_000 and checks > 200


@pytest.mark.parametrize("fen", [
    "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 1",
    "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
])
def test_pruning_moves_without_making_them_searches_the_same_tree(fen, monkeypatch):
    entry = get_game("chess")

    def search() -> tuple[str, int, int]:
        engine = Engine.for_entry(entry, SearchOptions(use_book=False))
        result = engine.search(entry.game.parse_position(fen), SearchLimits(depth=5))
        return str(result.move), result.info.nodes, result.info.score

    told = []
    original = ChessState.gives_check
    monkeypatch.setattr(ChessState, "gives_check", lambda self, move: told.append(move) or original(self, move))
    unmade = search()
    assert told  # the search asked before making moves
    monkeypatch.setattr(ChessState, "gives_check", lambda self, move: None)  # every move made, as before
    assert search() == unmade
