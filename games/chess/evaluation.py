"""A tapered evaluation of chess positions, in centipawns.

Every term has a middlegame and an endgame value; the two totals are blended by the
game phase (how much of the non-pawn material is still on the board: knights and
bishops count 1, rooks 2, queens 4, 24 in all at the start), so that, for instance,
the king hides in a corner in the middlegame and walks to the centre in the endgame.

Terms: material; piece-square tables (built below from a few simple rules, not copied
from any engine); the bishop pair; pawn structure (passed pawns by rank, doubled and
isolated pawns); rooks on open and half-open files; mobility (squares the pieces
attack); king safety (pressure of two or more pieces on the squares around a king,
and the pawn shield in front of a king at home); a small bonus for having the move.
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
MOBILITY = {chess.KNIGHT: (4, 4), chess.BISHOP: (5, 5), chess.ROOK: (2, 4), chess.QUEEN: (1, 2)}
"""Per square a piece attacks that holds no piece of its own side, counted from
``MOBILITY_BASE`` squares (fewer is a penalty): (middlegame, endgame)."""
MOBILITY_BASE = {chess.KNIGHT: 4, chess.BISHOP: 6, chess.ROOK: 7, chess.QUEEN: 13}
KING_ATTACK_WEIGHT = {chess.KNIGHT: 2, chess.BISHOP: 2, chess.ROOK: 3, chess.QUEEN: 5}
"""Attack units per square next to the enemy king that a piece of this kind attacks."""
KING_ATTACK_PENALTY = (0, 0, 8, 20, 36, 56, 80, 108, 140, 176, 216, 260)
"""Middlegame centipawns against the king by the attack units on its neighbourhood, when
two or more pieces take part (more units count as the last)."""
KING_SHIELD_PAWN = 12
"""Middlegame centipawns per own pawn in front of a king on its first two ranks (the
three files around it, one or two squares ahead)."""
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


def _shield_mask(square: int, colour: bool) -> int:
    """The squares one and two ranks ahead of a king on ``square`` on its file and the
    files next to it, when it stands on its first two ranks (0 otherwise)."""
    file, rank = chess.square_file(square), chess.square_rank(square)
    home = rank if colour == chess.WHITE else 7 - rank
    if home > 1:
        return 0
    files = chess.BB_FILES[file] | _ADJACENT_FILES[file]
    step = 1 if colour == chess.WHITE else -1
    ranks = chess.BB_RANKS[rank + step] | chess.BB_RANKS[rank + 2 * step]
    return files & ranks


_SHIELDS = {(square, colour): _shield_mask(square, colour) for square in chess.SQUARES for colour in chess.COLORS}


_KNIGHT_ATTACKS = chess.BB_KNIGHT_ATTACKS
_DIAGONAL_ATTACKS, _DIAGONAL_MASKS = chess.BB_DIAG_ATTACKS, chess.BB_DIAG_MASKS
_RANK_ATTACKS, _RANK_MASKS = chess.BB_RANK_ATTACKS, chess.BB_RANK_MASKS
_FILE_ATTACKS, _FILE_MASKS = chess.BB_FILE_ATTACKS, chess.BB_FILE_MASKS
_POPCOUNT = int.bit_count


def _activity(board: chess.Board, colour: bool) -> tuple[int, int]:
    """Mobility of ``colour``'s knights, bishops, rooks and queens, the pressure they put
    on the enemy king's neighbourhood, and the pawn shield of ``colour``'s own king
    (unsigned: good for ``colour`` is positive). The attacks are looked up in
    python-chess's tables directly (``attacks_mask`` asks what stands on the square first)."""
    own = board.occupied_co[colour]
    free = ~own
    occupied = board.occupied
    enemy_king = board.kings & board.occupied_co[not colour]
    zone = chess.BB_KING_ATTACKS[enemy_king.bit_length() - 1] if enemy_king else 0
    mg = eg = units = 0
    attacking = 0  # the pieces that attack the zone, as a bitboard (a queen counts once)
    queens = board.queens & own
    for piece_type, pieces in ((chess.KNIGHT, board.knights & own), (chess.BISHOP, board.bishops & own),
                               (chess.ROOK, board.rooks & own), (chess.QUEEN, queens)):
        per_mg, per_eg = MOBILITY[piece_type]
        base = MOBILITY_BASE[piece_type]
        weight = KING_ATTACK_WEIGHT[piece_type]
        while pieces:
            square = pieces.bit_length() - 1
            pieces ^= 1 << square
            if piece_type == chess.KNIGHT:
                attacks = _KNIGHT_ATTACKS[square]
            else:
                attacks = 0
                if piece_type != chess.ROOK:
                    attacks = _DIAGONAL_ATTACKS[square][_DIAGONAL_MASKS[square] & occupied]
                if piece_type != chess.BISHOP:
                    attacks |= (_RANK_ATTACKS[square][_RANK_MASKS[square] & occupied]
                                | _FILE_ATTACKS[square][_FILE_MASKS[square] & occupied])
            attacks &= free
            count = _POPCOUNT(attacks) - base
            mg += per_mg * count
            eg += per_eg * count
            near_king = attacks & zone
            if near_king:
                attacking |= 1 << square
                units += weight * _POPCOUNT(near_king)
    if attacking & (attacking - 1):  # two pieces or more
        mg += KING_ATTACK_PENALTY[min(units, len(KING_ATTACK_PENALTY) - 1)]
    own_king = board.kings & own
    if own_king:
        mg += KING_SHIELD_PAWN * _POPCOUNT(_SHIELDS[(own_king.bit_length() - 1, colour)] & board.pawns & own)
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
        activity_mg, activity_eg = _activity(board, colour)
        mg += sign * activity_mg
        eg += sign * activity_eg
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
