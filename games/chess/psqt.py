"""Material and piece-square values, kept up to date move by move.

The largest part of the chess evaluation is a sum over the pieces: each piece's value
plus a bonus for the square it stands on, once for the middlegame and once for the
endgame, and the game phase (how much material is left). That sum changes only
where a move changes the board, so ``ChessState`` keeps it and updates it with
``delta`` instead of adding up 32 pieces at every leaf. The tables are built below
from a few simple rules (not copied from any engine); White's values are positive,
Black's negative and mirrored top to bottom.
"""
from __future__ import annotations

import chess

PHASE_WEIGHTS = {chess.PAWN: 0, chess.KNIGHT: 1, chess.BISHOP: 1, chess.ROOK: 2, chess.QUEEN: 4, chess.KING: 0}
FULL_PHASE = 24

MATERIAL = {  # (middlegame, endgame)
    chess.PAWN: (90, 115),
    chess.KNIGHT: (320, 300),
    chess.BISHOP: (335, 320),
    chess.ROOK: (480, 540),
    chess.QUEEN: (960, 980),
    chess.KING: (0, 0),
}


def _centre_distance(square: int) -> int:
    """0 for d4/e4/d5/e5, 1 for the ring around them, 2 and 3 further out."""
    file, rank = chess.square_file(square), chess.square_rank(square)
    return int(max(abs(file - 3.5), abs(rank - 3.5)))


def _table(piece: int, square: int) -> tuple[int, int]:
    """The piece-square bonus (middlegame, endgame) of a White ``piece`` on ``square``."""
    file, rank = chess.square_file(square), chess.square_rank(square)
    distance = _centre_distance(square)
    if piece == chess.PAWN:
        advance_mg = (0, 0, 2, 6, 14, 26, 45, 0)[rank]
        advance_eg = (0, 0, 6, 14, 26, 45, 75, 0)[rank]
        centre = 12 if file in (3, 4) and rank in (3, 4) else (4 if file in (2, 5) and rank in (2, 3) else 0)
        shelter = -8 if file in (5, 6, 7) and rank >= 3 else 0  # pawns in front of a castled king
        return advance_mg + centre + shelter, advance_eg
    if piece == chess.KNIGHT:
        bonus = (20, 8, -8, -30)[distance]
        return bonus, (12, 5, -5, -25)[distance]
    if piece == chess.BISHOP:
        diagonal = 6 if file == rank or file + rank == 7 else 0
        return (12, 6, 0, -10)[distance] + diagonal, (10, 5, 0, -10)[distance]
    if piece == chess.ROOK:
        seventh = 20 if rank == 6 else 0
        central = 5 if file in (3, 4) and rank == 0 else 0
        return seventh + central, (10 if rank == 6 else 0)
    if piece == chess.QUEEN:
        return (5, 3, 0, -5)[distance], (12, 6, 0, -10)[distance]
    # the king: sheltered behind its pawns in the middlegame, central in the endgame
    if rank == 0:
        mg = (20, 30, 10, 0, 0, 10, 30, 20)[file]
    elif rank == 1:
        mg = (10, 10, -5, -10, -10, -5, 10, 10)[file]
    else:
        mg = -20 - 12 * (rank - 1)
    return mg, (30, 15, 0, -25)[distance]


def _build_tables() -> dict[tuple[int, bool], tuple[tuple[int, int], ...]]:
    """For each (piece, colour): 64 (middlegame, endgame) values, material included,
    signed for White (+) and Black (-), Black's mirrored top to bottom."""
    tables = {}
    for piece in chess.PIECE_TYPES:
        material = MATERIAL[piece]
        white = tuple((material[0] + _table(piece, square)[0], material[1] + _table(piece, square)[1])
                      for square in chess.SQUARES)
        black = tuple((-white[chess.square_mirror(square)][0], -white[chess.square_mirror(square)][1])
                      for square in chess.SQUARES)
        tables[(piece, chess.WHITE)] = white
        tables[(piece, chess.BLACK)] = black
    return tables


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
