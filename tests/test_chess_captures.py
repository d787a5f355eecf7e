"""``games.chess.captures.scored_captures`` against python-chess's pseudo-legal captures
scored one by one (``ChessState._material_key``): the same moves, in the same order,
with the same scores, so that the search that sorts them visits the same tree."""
from __future__ import annotations

import random
from collections.abc import Iterator

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


def _boards_along_random_games(seed: int, games: int, plies: int) -> Iterator[chess.Board]:
    """The positions of ``games`` random games of up to ``plies`` plies (seeded; each side
    plays a capture or promotion 60% of the time when it has one, so that pieces come
    off, pawns promote and en passant arises), each yielded before its move is drawn."""
    generator = random.Random(seed)
    for _ in range(games):
        board = chess.Board()
        for _ in range(plies):
            moves = list(board.legal_moves)
            if not moves:
                break
            yield board
            captures = [move for move in moves if board.is_capture(move) or move.promotion]
            board.push(generator.choice(captures if captures and generator.random() < 0.6 else moves))


def test_the_captures_of_positions_along_random_games():
    """Positions of random games; both sides' captures are compared, in check or not."""
    compared = promotions = en_passant = 0
    for board in _boards_along_random_games(11, 60, 160):
        got = scored_captures(board)
        assert got == expected(board), board.fen()
        compared += 1
        promotions += any(move.promotion for _, move in got)
        en_passant += any(board.is_en_passant(move) for _, move in got)
    assert compared > 5_000 and promotions >= 3 and en_passant > 10


def test_is_quiet_is_neither_a_capture_nor_a_promotion_along_random_games():
    """``ChessState.is_quiet`` (its own look-up) against python-chess's ``is_capture``,
    en passant included, on every legal move along random games."""
    moves_seen = en_passant = 0
    for board in _boards_along_random_games(12, 40, 120):
        state = ChessState(board.copy(stack=False))
        for move in board.legal_moves:
            assert state.is_quiet(move) == (not board.is_capture(move) and not move.promotion), board.fen()
            moves_seen += 1
            en_passant += board.is_en_passant(move)
    assert moves_seen > 50_000 and en_passant > 5
