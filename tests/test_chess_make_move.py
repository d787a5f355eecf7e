"""``games.chess.make_move.played`` against python-chess's copy + push, field by field."""
from __future__ import annotations

import random

import chess
import pytest

from games.chess.make_move import played

FIELDS = ("pawns", "knights", "bishops", "rooks", "queens", "kings", "occupied", "promoted", "ep_square",
          "turn", "fullmove_number", "halfmove_clock", "chess960")

POSITIONS = (
    chess.STARTING_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",  # Kiwipete: castling both ways
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",  # promotions, captures onto rooks
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",  # en passant
    "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 5 40",  # rooks captured on their corners remove rights
)


def expected(board: chess.Board, move: chess.Move) -> chess.Board:
    child = board.copy(stack=False)
    child.push(move)
    return child


def same(first: chess.Board, second: chess.Board) -> bool:
    return (all(getattr(first, name) == getattr(second, name) for name in FIELDS)
            and list(first.occupied_co) == list(second.occupied_co)
            and first.clean_castling_rights() == second.clean_castling_rights())


@pytest.mark.parametrize("fen", POSITIONS)
def test_every_pseudo_legal_move_of_these_positions(fen):
    board = chess.Board(fen)
    for move in board.generate_pseudo_legal_moves():
        child = played(board, move)
        assert same(child, expected(board, move)), (fen, move.uci())
        assert child.move_stack == [] and board.fen() == fen  # the parent is untouched


def test_random_games_move_for_move():
    generator = random.Random(7)
    compared = 0
    for _ in range(30):
        board = chess.Board()
        while not board.is_game_over() and board.ply() < 160:
            moves = list(board.legal_moves)
            for move in moves:
                assert same(played(board, move), expected(board, move)), (board.fen(), move.uci())
                compared += 1
            board = played(board, generator.choice(moves))
    assert compared > 10_000


def test_null_moves_and_chess960_go_through_python_chess():
    board = chess.Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    assert same(played(board, chess.Move.null()), expected(board, chess.Move.null()))
    shuffled = chess.Board("rk2r3/8/8/8/8/8/8/RK2R3 w KQkq - 0 1", chess960=True)
    for move in shuffled.generate_legal_moves():
        assert same(played(shuffled, move), expected(shuffled, move)), move.uci()
