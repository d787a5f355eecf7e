"""Material and piece-square values, kept up to date move by move.

The largest part of the chess evaluation is a sum over the pieces: each piece's value
plus a bonus for the square it stands on, once for the middlegame and once for the
endgame, and the game phase (how much material is left). That sum changes only
where a move changes the board, so ``ChessState`` keeps it and updates it with
``delta`` instead of adding up 32 pieces at every leaf. The values are those of
``games.chess.weights`` (tuned by ``training/chess_texel.py``); White's are positive,
Black's negative and mirrored top to bottom.
"""
from __future__ import annotations

import chess

from games.chess import weights

PHASE_WEIGHTS = {chess.PAWN: 0, chess.KNIGHT: 1, chess.BISHOP: 1, chess.ROOK: 2, chess.QUEEN: 4, chess.KING: 0}
FULL_PHASE = 24
PIECE_NAMES = {chess.PAWN: "pawn", chess.KNIGHT: "knight", chess.BISHOP: "bishop", chess.ROOK: "rook",
               chess.QUEEN: "queen", chess.KING: "king"}
"""The names ``games.chess.weights`` keys its tables by."""


def half_board_index(square: int) -> tuple[int, int]:
    """``(row, column)`` of a White piece's ``square`` in the tables of
    ``games.chess.weights.PIECE_SQUARE``: row 0 is rank 8, column 0 file a, and the files
    e to h read the columns of d to a (the tables are symmetric between the wings)."""
    file, rank = chess.square_file(square), chess.square_rank(square)
    return 7 - rank, (file if file < 4 else 7 - file)


def _build_tables() -> dict[tuple[int, bool], tuple[tuple[int, int], ...]]:
    """For each (piece, colour): 64 (middlegame, endgame) values, material included,
    signed for White (+) and Black (-), Black's mirrored top to bottom."""
    tables = {}
    for piece, name in PIECE_NAMES.items():
        material = weights.MATERIAL.get(name, (0, 0))
        middlegame, endgame = weights.PIECE_SQUARE[name]
        white = []
        for square in chess.SQUARES:
            row, column = half_board_index(square)
            white.append((material[0] + middlegame[row][column], material[1] + endgame[row][column]))
        black = tuple((-white[chess.square_mirror(square)][0], -white[chess.square_mirror(square)][1])
                      for square in chess.SQUARES)
        tables[(piece, chess.WHITE)] = tuple(white)
        tables[(piece, chess.BLACK)] = black
    return tables


TABLES = _build_tables()


def rebuild() -> None:
    """Build ``TABLES`` again from ``games.chess.weights`` (after they were changed by
    ``games.chess.parameters.set_parameters``). Values already kept by positions made
    before (``ChessState.psqt``) are not updated."""
    global TABLES
    TABLES = _build_tables()


def full(board: chess.Board) -> tuple[int, int, int]:
    """``(middlegame, endgame, phase)`` of ``board``, added up over every piece."""
    mg = eg = phase = 0
    occupied_co = board.occupied_co
    for piece, bitboard in ((chess.PAWN, board.pawns), (chess.KNIGHT, board.knights), (chess.BISHOP, board.bishops),
                            (chess.ROOK, board.rooks), (chess.QUEEN, board.queens), (chess.KING, board.kings)):
        weight = PHASE_WEIGHTS[piece]
        for colour in chess.COLORS:
            pieces = bitboard & occupied_co[colour]
            if not pieces:
                continue
            table = TABLES[(piece, colour)]
            for square in chess.scan_forward(pieces):
                value = table[square]
                mg += value[0]
                eg += value[1]
            if weight:
                phase += weight * chess.popcount(pieces)
    return mg, eg, phase


def delta(board: chess.Board, move: chess.Move) -> tuple[int, int, int]:
    """How ``move`` (legal on ``board``, not yet made) changes ``full(board)``."""
    colour = board.turn
    from_square, to_square = move.from_square, move.to_square
    piece = board.piece_type_at(from_square)
    before = TABLES[(piece, colour)][from_square]
    after = TABLES[(move.promotion or piece, colour)][to_square]
    mg, eg = after[0] - before[0], after[1] - before[1]
    phase = PHASE_WEIGHTS[move.promotion] if move.promotion else 0
    captured = board.piece_type_at(to_square)
    if captured is not None:
        value = TABLES[(captured, not colour)][to_square]
        mg -= value[0]
        eg -= value[1]
        phase -= PHASE_WEIGHTS[captured]
    elif piece == chess.PAWN and to_square == board.ep_square and (to_square - from_square) % 8:
        square = to_square - 8 if colour == chess.WHITE else to_square + 8
        value = TABLES[(chess.PAWN, not colour)][square]
        mg -= value[0]
        eg -= value[1]
    elif piece == chess.KING and abs(to_square - from_square) == 2:  # castling: the rook moves too
        rank = from_square & ~7
        rook_from, rook_to = (rank + 7, rank + 5) if to_square > from_square else (rank, rank + 3)
        table = TABLES[(chess.ROOK, colour)]
        mg += table[rook_to][0] - table[rook_from][0]
        eg += table[rook_to][1] - table[rook_from][1]
    return mg, eg, phase
