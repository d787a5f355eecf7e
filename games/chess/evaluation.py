"""A tapered evaluation of chess positions, in centipawns.

Every term has a middlegame and an endgame value; the two totals are blended by the
game phase (how much of the non-pawn material is still on the board: knights and
bishops count 1, rooks 2, queens 4, 24 in all at the start), so that, for instance,
the king hides in a corner in the middlegame and walks to the centre in the endgame.

Terms: material; piece-square tables (built below from a few simple rules, not copied
from any engine); the bishop pair; pawn structure (passed pawns by rank, doubled and
isolated pawns); rooks on open and half-open files; a small bonus for having the move.
The score is from the point of view of the player asked for, and the evaluation is
exactly colour-symmetric: the colour-mirrored position gets the negated score.
Finished games are never passed here (the search scores those).
"""
from __future__ import annotations

import math

import chess

from games.base import FIRST
from games.chess.rules import ChessState

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
BISHOP_PAIR = (30, 50)
TEMPO = (12, 6)
DOUBLED_PAWN = (-12, -20)
ISOLATED_PAWN = (-10, -15)
PASSED_PAWN_BY_RANK = ((0, 0), (5, 10), (8, 15), (15, 30), (30, 55), (55, 90), (90, 140), (0, 0))
"""By the pawn's rank counted from its own side (index 1 = its starting rank)."""
ROOK_OPEN_FILE = (25, 10)
ROOK_HALF_OPEN_FILE = (12, 6)


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
_ADJACENT_FILES = [(chess.BB_FILES[file - 1] if file > 0 else 0) | (chess.BB_FILES[file + 1] if file < 7 else 0)
                   for file in range(8)]


def _front_span(square: int, colour: bool) -> int:
    """The squares on the pawn's file and the two next to it, ahead of it."""
    file, rank = chess.square_file(square), chess.square_rank(square)
    files = chess.BB_FILES[file] | _ADJACENT_FILES[file]
    if colour == chess.WHITE:
        ahead = chess.BB_ALL << (8 * (rank + 1)) & chess.BB_ALL if rank < 7 else 0
    else:
        ahead = chess.BB_ALL >> (8 * (8 - rank)) if rank > 0 else 0
    return files & ahead


_FRONT_SPANS = {(square, colour): _front_span(square, colour) for square in chess.SQUARES for colour in chess.COLORS}


def _pawn_structure(board: chess.Board, colour: bool) -> tuple[int, int]:
    """Passed, doubled and isolated pawns of ``colour`` (unsigned: good is positive)."""
    own = board.pawns & board.occupied_co[colour]
    theirs = board.pawns & board.occupied_co[not colour]
    mg = eg = 0
    for file in range(8):
        on_file = own & chess.BB_FILES[file]
        if not on_file:
            continue
        count = chess.popcount(on_file)
        if count > 1:
            mg += DOUBLED_PAWN[0] * (count - 1)
            eg += DOUBLED_PAWN[1] * (count - 1)
        if not own & _ADJACENT_FILES[file]:
            mg += ISOLATED_PAWN[0] * count
            eg += ISOLATED_PAWN[1] * count
    for square in chess.scan_forward(own):
        if not theirs & _FRONT_SPANS[(square, colour)]:
            rank = chess.square_rank(square) if colour == chess.WHITE else 7 - chess.square_rank(square)
            mg += PASSED_PAWN_BY_RANK[rank][0]
            eg += PASSED_PAWN_BY_RANK[rank][1]
    return mg, eg


def _rooks_on_files(board: chess.Board, colour: bool) -> tuple[int, int]:
    """Bonuses of ``colour``'s rooks on open and half-open files (unsigned)."""
    mg = eg = 0
    own_pawns = board.pawns & board.occupied_co[colour]
    for square in chess.scan_forward(board.rooks & board.occupied_co[colour]):
        file = chess.BB_FILES[chess.square_file(square)]
        if not board.pawns & file:
            mg += ROOK_OPEN_FILE[0]
            eg += ROOK_OPEN_FILE[1]
        elif not own_pawns & file:
            mg += ROOK_HALF_OPEN_FILE[0]
            eg += ROOK_HALF_OPEN_FILE[1]
    return mg, eg


def evaluate_board(board: chess.Board) -> int:
    """The tapered score of ``board`` for White, in centipawns (see the module docstring)."""
    mg = eg = 0
    phase = 0
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
    for colour, sign in ((chess.WHITE, 1), (chess.BLACK, -1)):
        if chess.popcount(board.bishops & occupied_co[colour]) >= 2:
            mg += sign * BISHOP_PAIR[0]
            eg += sign * BISHOP_PAIR[1]
        pawn_mg, pawn_eg = _pawn_structure(board, colour)
        rook_mg, rook_eg = _rooks_on_files(board, colour)
        mg += sign * (pawn_mg + rook_mg)
        eg += sign * (pawn_eg + rook_eg)
    tempo = 1 if board.turn == chess.WHITE else -1
    mg += tempo * TEMPO[0]
    eg += tempo * TEMPO[1]
    phase = min(phase, FULL_PHASE)
    total = mg * phase + eg * (FULL_PHASE - phase)
    return total // FULL_PHASE if total >= 0 else -(-total // FULL_PHASE)  # rounded toward 0: symmetric


def evaluate(state: ChessState, player: int) -> int:
    """The score of ``state`` from ``player``'s point of view, in centipawns."""
    score = evaluate_board(state.board)
    return score if player == FIRST else -score


def win_chance(score: int) -> float:
    """The probability (0..1) that the side ``score`` centipawns ahead wins, for the
    evaluation bar: a logistic curve, +100 about 64%, +300 about 85%, +600 about 97%."""
    return 1.0 / (1.0 + math.pow(10.0, -score / 400.0))
