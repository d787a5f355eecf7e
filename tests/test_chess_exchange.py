"""Static exchange evaluation (games/chess/exchange.py) on hand-checked positions, and
its two uses: losing captures ordered last and left out of quiescence search."""
from __future__ import annotations

import chess
import pytest

from games.chess.exchange import loses_material, static_exchange
from games.chess.rules import position_from_fen

CASES = [
    # (FEN, move, material balance for the mover, worked out by hand)
    ("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5", 100),  # an undefended pawn
    # Nxe5 Nxe5 Rxe5 Bxe5 Qxe5 Qxe5: the knight is lost for a pawn whoever stops first
    ("1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "d3e5", -220),
    ("4k3/8/2p5/3p4/4Q3/8/8/4K3 w - - 0 1", "e4d5", -800),  # the queen takes a pawn guarded by a pawn
    # Qxd5 Rxd5 Rxd5: the queen for a rook and a pawn (the rook behind the queen joins in)
    ("3r3k/8/8/3p4/4Q3/8/8/3RK3 w - - 0 1", "e4d5", -300),
    ("3r3k/8/8/3p4/4Q3/8/8/3RK3 w - - 0 1", "d1d5", 100),  # Rxd5 Rxd5 Qxd5: a pawn up
    ("4k3/8/8/3p4/4K3/8/8/8 w - - 0 1", "e4d5", 100),  # the king takes an undefended pawn
    ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 100),  # en passant
    # x-ray: Rxd5 exd5?? is not possible; Bxd5 Bxd5 Qxd5 with the queen behind the bishop
    ("4k3/8/5b2/3p4/8/1B6/Q7/4K3 w - - 0 1", "b3d5", 100),
]


@pytest.mark.parametrize("fen, uci, expected", CASES)
def test_static_exchange_on_hand_checked_positions(fen, uci, expected):
    board = chess.Board(fen)
    move = chess.Move.from_uci(uci)
    assert board.is_legal(move)
    assert static_exchange(board, move) == expected
    assert loses_material(board, move) == (expected < 0)


def test_the_exchange_is_the_same_for_the_mirrored_position():
    for fen, uci, expected in CASES:
        board = chess.Board(fen).mirror()
        move = chess.Move.from_uci(uci)
        mirrored = chess.Move(chess.square_mirror(move.from_square), chess.square_mirror(move.to_square))
        assert static_exchange(board, mirrored) == expected


def test_quiescence_leaves_out_losing_captures_and_ordering_puts_them_last():
    state = position_from_fen("3r3k/8/8/3p4/4Q3/8/8/3RK3 w - - 0 1")
    queen_takes, rook_takes = chess.Move.from_uci("e4d5"), chess.Move.from_uci("d1d5")
    assert rook_takes in state.noisy_moves() and queen_takes not in state.noisy_moves()
    assert state.order_key(rook_takes) > 0 > state.order_key(queen_takes)
    assert state.order_key(chess.Move.from_uci("e1f1")) == 0
    assert not state.is_quiet(queen_takes)


def test_a_promotion_that_loses_the_new_queen_is_not_noisy_but_a_safe_one_is():
    guarded = position_from_fen("3rk3/2P5/8/8/8/8/8/4K3 w - - 0 1")
    promote = chess.Move.from_uci("c7c8q")
    # c8=Q Rxc8: a pawn for nothing; taking the rook with the promotion wins it
    assert static_exchange(guarded.board, promote) == -100
    assert promote not in guarded.noisy_moves()
    assert chess.Move.from_uci("c7d8q") in guarded.noisy_moves()
    free = position_from_fen("4k3/2P5/8/8/8/8/8/4K3 w - - 0 1")
    assert chess.Move.from_uci("c7c8q") in free.noisy_moves()
