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
from games.chess import psqt
from games.chess.rules import ChessState

BISHOP_PAIR = (30, 50)
TEMPO = (12, 6)
DOUBLED_PAWN = (-12, -20)
ISOLATED_PAWN = (-10, -15)
PASSED_PAWN_BY_RANK = ((0, 0), (5, 10), (8, 15), (15, 30), (30, 55), (55, 90), (90, 140), (0, 0))
"""By the pawn's rank counted from its own side (index 1 = its starting rank)."""
ROOK_OPEN_FILE = (25, 10)
ROOK_HALF_OPEN_FILE = (12, 6)
PAWN_CACHE_LIMIT = 200_000
"""Pawn structures remembered (they repeat across a search); the cache is emptied when full."""


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


_pawn_cache: dict[tuple[int, int], tuple[int, int]] = {}


def _pawns(board: chess.Board) -> tuple[int, int]:
    """Both sides' pawn structure terms for White (+) minus Black (-), cached by the pawns."""
    key = (board.pawns & board.occupied_co[chess.WHITE], board.pawns & board.occupied_co[chess.BLACK])
    cached = _pawn_cache.get(key)
    if cached is None:
        white_mg, white_eg = _pawn_structure(board, chess.WHITE)
        black_mg, black_eg = _pawn_structure(board, chess.BLACK)
        cached = (white_mg - black_mg, white_eg - black_eg)
        if len(_pawn_cache) >= PAWN_CACHE_LIMIT:
            _pawn_cache.clear()
        _pawn_cache[key] = cached
    return cached


def evaluate_board(board: chess.Board, material: tuple[int, int, int] | None = None) -> int:
    """The tapered score of ``board`` for White, in centipawns (see the module
    docstring); ``material`` is ``psqt.full(board)`` if already known."""
    mg, eg, phase = material if material is not None else psqt.full(board)
    occupied_co = board.occupied_co
    pawn_mg, pawn_eg = _pawns(board)
    mg += pawn_mg
    eg += pawn_eg
    for colour, sign in ((chess.WHITE, 1), (chess.BLACK, -1)):
        if chess.popcount(board.bishops & occupied_co[colour]) >= 2:
            mg += sign * BISHOP_PAIR[0]
            eg += sign * BISHOP_PAIR[1]
        if board.rooks & occupied_co[colour]:
            rook_mg, rook_eg = _rooks_on_files(board, colour)
            mg += sign * rook_mg
            eg += sign * rook_eg
    tempo = 1 if board.turn == chess.WHITE else -1
    mg += tempo * TEMPO[0]
    eg += tempo * TEMPO[1]
    phase = min(phase, psqt.FULL_PHASE)
    total = mg * phase + eg * (psqt.FULL_PHASE - phase)
    return total // psqt.FULL_PHASE if total >= 0 else -(-total // psqt.FULL_PHASE)  # toward 0: symmetric


def evaluate(state: ChessState, player: int) -> int:
    """The score of ``state`` from ``player``'s point of view, in centipawns."""
    score = evaluate_board(state.board, state.psqt())
    return score if player == FIRST else -score


def win_chance(score: int) -> float:
    """The probability (0..1) that the side ``score`` centipawns ahead wins, for the
    evaluation bar: a logistic curve, +100 about 64%, +300 about 85%, +600 about 97%."""
    return 1.0 / (1.0 + math.pow(10.0, -score / 400.0))
