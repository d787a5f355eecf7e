"""Static exchange evaluation (SEE): what a capture wins or loses in material if both
sides go on capturing on its square, each with its least valuable piece, and each may
stop when going on would cost it.

It looks at one square only and ignores pins, checks and what the pieces defend
elsewhere, so it is a guess, but a cheap one (a few bitboard look-ups per capture) that
search engines use for two things: ordering captures (a losing capture after the quiet
moves) and pruning captures in quiescence search (a capture that loses material is
rarely the way to win it back). Pieces that attack through the capturing pieces
("x-rays": a rook behind a rook, a queen behind a bishop) join in as the pieces in front
of them leave the square's lines.
"""
from __future__ import annotations

import chess

EXCHANGE_VALUES = (0, 100, 320, 330, 500, 900, 20_000)
"""Centipawns by ``chess.PieceType`` (index 0 unused); the king's is high so that no
exchange ever gives it away."""


def capture_value(board: chess.Board, move: chess.Move) -> int:
    """The material ``move`` takes at once (centipawns, a promotion counting the
    promoted piece less the pawn): what the mover wins if nothing is taken back."""
    if board.is_en_passant(move):
        gain = EXCHANGE_VALUES[chess.PAWN]
    else:
        victim = board.piece_type_at(move.to_square)
        gain = EXCHANGE_VALUES[victim] if victim is not None else 0
    if move.promotion:
        gain += EXCHANGE_VALUES[move.promotion] - EXCHANGE_VALUES[chess.PAWN]
    return gain


def static_exchange(board: chess.Board, move: chess.Move) -> int:
    """The material balance for the mover (centipawns) of ``move`` (a legal move of
    ``board``, usually a capture) followed by the best sequence of captures on its
    square (see the module docstring): 0 or more means it does not lose material.
    Does not validate the move."""
    target = move.to_square
    gains = [capture_value(board, move)]
    mover = board.piece_type_at(move.from_square)
    on_square = EXCHANGE_VALUES[move.promotion or mover]
    occupied = board.occupied ^ chess.BB_SQUARES[move.from_square]
    if board.is_en_passant(move):
        occupied ^= chess.BB_SQUARES[target + (-8 if board.turn == chess.WHITE else 8)]
    occupied |= chess.BB_SQUARES[target]
    side = not board.turn
    pawns, knights, bishops, rooks, queens, kings = pieces = (board.pawns, board.knights, board.bishops, board.rooks,
                                                              board.queens, board.kings)
    colours = board.occupied_co
    # The attackers that do not slide stay put (those taken leave ``occupied``); the
    # sliders are looked up again after each capture, which may uncover one behind.
    steppers = ((chess.BB_KING_ATTACKS[target] & kings) | (chess.BB_KNIGHT_ATTACKS[target] & knights)
                | (chess.BB_PAWN_ATTACKS[chess.WHITE][target] & pawns & colours[chess.BLACK])
                | (chess.BB_PAWN_ATTACKS[chess.BLACK][target] & pawns & colours[chess.WHITE]))
    diagonal_sliders, straight_sliders = bishops | queens, rooks | queens
    diagonal_attacks, diagonal_masks = chess.BB_DIAG_ATTACKS[target], chess.BB_DIAG_MASKS[target]
    rank_attacks, rank_masks = chess.BB_RANK_ATTACKS[target], chess.BB_RANK_MASKS[target]
    file_attacks, file_masks = chess.BB_FILE_ATTACKS[target], chess.BB_FILE_MASKS[target]
    while True:
        everyone = (steppers | diagonal_attacks[diagonal_masks & occupied] & diagonal_sliders
                    | (rank_attacks[rank_masks & occupied] | file_attacks[file_masks & occupied]) & straight_sliders
                    ) & occupied
        attackers = everyone & colours[side]
        if not attackers:
            break
        for piece_type, mask in enumerate(pieces, start=1):
            least = attackers & mask
            if least:
                break
        if piece_type == chess.KING and everyone & colours[not side] & ~chess.BB_SQUARES[target]:
            break  # the king may not take a defended piece
        gains.append(on_square - gains[-1])  # for ``side``, if nothing is taken back
        occupied ^= least & -least
        on_square = EXCHANGE_VALUES[piece_type]
        side = not side
    for index in range(len(gains) - 1, 0, -1):
        gains[index - 1] = -max(-gains[index - 1], gains[index])
    return gains[0]


def loses_material(board: chess.Board, move: chess.Move) -> bool:
    """Whether ``move`` loses material by ``static_exchange``; answered without the
    exchange when the piece taken is worth at least the piece taking it (a promotion or
    such a capture never loses)."""
    if move.promotion:
        return static_exchange(board, move) < 0
    mover = board.piece_type_at(move.from_square)
    if capture_value(board, move) >= EXCHANGE_VALUES[mover]:
        return False
    return static_exchange(board, move) < 0
