"""``games.chess.captures.scored_captures`` against python-chess's pseudo-legal captures
scored one by one (``ChessState._material_key``): the same moves, in the same order,
with the same scores, so that the search that sorts them visits the same tree."""
from __future__ import annotations

import random

import chess
import pytest

from games.chess.captures import scored_captures
from games.chess.rules import ChessState
from test_chess_make_move import POSITIONS


def expected(board: chess.Board) -> list[tuple[int, chess.Move]]:
    state = ChessState(board, ())
    return [(state._material_key(move), move) for move in board.generate_pseudo_legal_captures()]


@pytest.mark.parametrize("fen", [*POSITIONS, "1r2k3/P7/8/3q4/4P3/8/8/4K3 w - - 0 1",
                                 "4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 1", "4k3/8/8/8/2Pp4/8/8/4K3 b - c3 0 1"])
def test_the_captures_of_these_positions(fen):
    board = chess.Board(fen)
    assert scored_captures(board) == expected(board)
    assert scored_captures(board) or fen == chess.STARTING_FEN, "every other position here has a capture"


def test_the_captures_of_positions_along_random_games():
    """Positions of random games (seeded; each side prefers captures, so that pieces come
    off, pawns promote and en passant arises); both sides' captures are compared, in check
    or not."""
    generator = random.Random(11)
    compared = promotions = en_passant = 0
    for _ in range(60):
        board = chess.Board()
        for _ in range(160):
            moves = list(board.legal_moves)
            if not moves:
                break
            got = scored_captures(board)
            assert got == expected(board), board.fen()
            compared += 1
            promotions += any(move.promotion for _, move in got)
            en_passant += any(board.is_en_passant(move) for _, move in got)
            captures = [move for move in moves if board.is_capture(move) or move.promotion]
            board.push(generator.choice(captures if captures and generator.random() < 0.6 else moves))
    assert compared > 5_000 and promotions >= 3 and en_passant > 10


def test_is_quiet_is_neither_a_capture_nor_a_promotion_along_random_games():
    """``ChessState.is_quiet`` (its own look-up) against python-chess's ``is_capture``,
    en passant included, on every legal move along random games."""
    generator = random.Random(12)
    moves_seen = en_passant = 0
    for _ in range(40):
        board = chess.Board()
        for _ in range(120):
            moves = list(board.legal_moves)
            if not moves:
                break
            state = ChessState(board.copy(stack=False))
            for move in moves:
                assert state.is_quiet(move) == (not board.is_capture(move) and not move.promotion), board.fen()
                moves_seen += 1
                en_passant += board.is_en_passant(move)
            captures = [move for move in moves if board.is_capture(move) or move.promotion]
            board.push(generator.choice(captures if captures and generator.random() < 0.6 else moves))
    assert moves_seen > 50_000 and en_passant > 5
