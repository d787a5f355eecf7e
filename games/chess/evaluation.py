"""A tapered evaluation of chess positions, in centipawns.

Every term has a middlegame and an endgame value; the two totals are blended by the
game phase (how much of the non-pawn material is still on the board: knights and
bishops count 1, rooks 2, queens 4, 24 in all at the start), so that, for instance,
the king hides in a corner in the middlegame and walks to the centre in the endgame.

Terms: material and piece-square tables (kept move by move, ``games.chess.psqt``); the
bishop pair; pawn structure (passed pawns by rank, doubled and isolated pawns); rooks
on open and half-open files; mobility (the squares each knight, bishop, rook and queen
attacks that hold no piece of its side); king safety (attack units on the squares
around a king when two or more pieces attack them, and the pawn shield in front of a
king at home); a small bonus for having the move. The weights are those of
``games.chess.weights`` (tuned by ``training/chess_texel.py``; ``games.chess.parameters``
sees them as one vector and changes them, then calls ``reload``).

The score is from the point of view of the player asked for, and the evaluation is
exactly colour-symmetric: the colour-mirrored position gets the negated score.
Finished games are never passed here (the search scores those).

Speed: every term but the piece-square sum is added up as one *packed* integer,
``endgame * 2**16 + middlegame`` (``pack``), split once at the end (``unpack``; the
middlegame part stays far inside ±2**15); the pawn terms are cached by the pawns, and
whole evaluations by the position's table key (``evaluate``), as a search meets many
positions more than once.
"""
from __future__ import annotations

import math

import chess

from games.base import FIRST
from games.chess import psqt, weights
from games.chess.rules import ChessState

MOBILITY_BASE = {chess.KNIGHT: 4, chess.BISHOP: 6, chess.ROOK: 7, chess.QUEEN: 13}
"""Mobility is counted from this many squares (fewer is a penalty): ``weights.MOBILITY``
per square more."""
KING_ATTACK_WEIGHT = {chess.KNIGHT: 2, chess.BISHOP: 2, chess.ROOK: 3, chess.QUEEN: 5}
"""Attack units per square next to the enemy king that a piece of this kind attacks."""
PAWN_CACHE_LIMIT = 200_000
"""Pawn structures remembered (they repeat across a search); the cache is emptied when full."""
EVALUATION_CACHE_LIMIT = 500_000
"""Positions whose evaluation is remembered (``evaluate``); the cache is emptied when full."""


def pack(middlegame: int, endgame: int) -> int:
    """One integer holding both parts of a term (sums of packed terms are packed sums)."""
    return endgame * 65536 + middlegame


def unpack(packed: int) -> tuple[int, int]:
    """``(middlegame, endgame)`` of a packed sum whose middlegame part is within ±32,767."""
    middlegame = ((packed + 32768) & 0xFFFF) - 32768
    return middlegame, (packed - middlegame) >> 16


ADJACENT_FILES = [(chess.BB_FILES[file - 1] if file > 0 else 0) | (chess.BB_FILES[file + 1] if file < 7 else 0)
                   for file in range(8)]
"""The files next to each file, as bitboards."""


def _front_span(square: int, colour: bool) -> int:
    """The squares on the pawn's file and the two next to it, ahead of it."""
    file, rank = chess.square_file(square), chess.square_rank(square)
    files = chess.BB_FILES[file] | ADJACENT_FILES[file]
    if colour == chess.WHITE:
        ahead = chess.BB_ALL << (8 * (rank + 1)) & chess.BB_ALL if rank < 7 else 0
    else:
        ahead = chess.BB_ALL >> (8 * (8 - rank)) if rank > 0 else 0
    return files & ahead


FRONT_SPANS = {(square, colour): _front_span(square, colour) for square in chess.SQUARES for colour in chess.COLORS}
"""The squares a pawn must find free of enemy pawns to be passed, by (square, colour)."""


def _shield_mask(square: int, colour: bool) -> int:
    """The squares one and two ranks ahead of a king on ``square`` on its file and the
    files next to it, when it stands on its first two ranks (0 otherwise)."""
    file, rank = chess.square_file(square), chess.square_rank(square)
    home = rank if colour == chess.WHITE else 7 - rank
    if home > 1:
        return 0
    files = chess.BB_FILES[file] | ADJACENT_FILES[file]
    step = 1 if colour == chess.WHITE else -1
    ranks = chess.BB_RANKS[rank + step] | chess.BB_RANKS[rank + 2 * step]
    return files & ranks


SHIELDS = ([_shield_mask(square, chess.BLACK) for square in chess.SQUARES],
           [_shield_mask(square, chess.WHITE) for square in chess.SQUARES])
"""``SHIELDS[colour][king square]``: the squares of that king's pawn shield."""


def relative_rank(square: int, colour: bool) -> int:
    """The rank of ``square`` counted from ``colour``'s side, 0 to 7."""
    rank = square >> 3
    return rank if colour == chess.WHITE else 7 - rank


# -- packed weights, derived from games.chess.weights by reload() --------------------------
_BISHOP_PAIR = _TEMPO = _DOUBLED = _ISOLATED = _ROOK_OPEN = _ROOK_HALF_OPEN = _SHIELD_PAWN = 0
_PASSED: list[int] = []
_MOBILITY: dict[int, list[int]] = {}
_KING_ATTACK: list[int] = []


def reload() -> None:
    """Derive the packed weights from ``games.chess.weights`` and forget every cached
    value (after the weights were changed; ``games.chess.parameters`` calls it)."""
    global _BISHOP_PAIR, _TEMPO, _DOUBLED, _ISOLATED, _ROOK_OPEN, _ROOK_HALF_OPEN, _SHIELD_PAWN
    global _PASSED, _MOBILITY, _KING_ATTACK
    _BISHOP_PAIR = pack(*weights.BISHOP_PAIR)
    _TEMPO = pack(*weights.TEMPO)
    _DOUBLED = pack(*weights.DOUBLED_PAWN)
    _ISOLATED = pack(*weights.ISOLATED_PAWN)
    _ROOK_OPEN = pack(*weights.ROOK_OPEN_FILE)
    _ROOK_HALF_OPEN = pack(*weights.ROOK_HALF_OPEN_FILE)
    _SHIELD_PAWN = pack(weights.KING_SHIELD_PAWN, 0)
    _PASSED = [pack(*value) for value in weights.PASSED_PAWN_BY_RANK]
    _MOBILITY = {piece: [pack(*weights.MOBILITY[psqt.PIECE_NAMES[piece]]) * (count - base) for count in range(29)]
                 for piece, base in MOBILITY_BASE.items()}
    _KING_ATTACK = [pack(value, 0) for value in weights.KING_ATTACK_PENALTY]
    _pawn_cache.clear()
    _evaluation_cache.clear()


_pawn_cache: dict[tuple[int, int], int] = {}
_evaluation_cache: dict[int, int] = {}


def pawn_structure(own: int, theirs: int, colour: bool, doubled: int, isolated: int, passed: list[int]) -> int:
    """Passed, doubled and isolated pawns of ``colour`` (packed, good is positive), its
    pawns being ``own`` and the other side's ``theirs``; ``doubled`` and ``isolated``
    are the packed weights per pawn, ``passed`` the packed bonus by relative rank."""
    score = 0
    for file in range(8):
        on_file = own & chess.BB_FILES[file]
        if not on_file:
            continue
        count = on_file.bit_count()
        if count > 1:
            score += doubled * (count - 1)
        if not own & ADJACENT_FILES[file]:
            score += isolated * count
    for square in chess.scan_forward(own):
        if not theirs & FRONT_SPANS[(square, colour)]:
            score += passed[relative_rank(square, colour)]
    return score


def _pawns(board: chess.Board) -> int:
    """Both sides' pawn structure terms for White (+) minus Black (-), packed, cached by the pawns."""
    white = board.pawns & board.occupied_co[chess.WHITE]
    black = board.pawns & board.occupied_co[chess.BLACK]
    key = (white, black)
    cached = _pawn_cache.get(key)
    if cached is None:
        cached = (pawn_structure(white, black, chess.WHITE, _DOUBLED, _ISOLATED, _PASSED)
                  - pawn_structure(black, white, chess.BLACK, _DOUBLED, _ISOLATED, _PASSED))
        if len(_pawn_cache) >= PAWN_CACHE_LIMIT:
            _pawn_cache.clear()
        _pawn_cache[key] = cached
    return cached


_KNIGHT_ATTACKS, _KING_ATTACKS, _FILES = chess.BB_KNIGHT_ATTACKS, chess.BB_KING_ATTACKS, chess.BB_FILES
_DIAGONAL_ATTACKS, _DIAGONAL_MASKS = chess.BB_DIAG_ATTACKS, chess.BB_DIAG_MASKS
_RANK_ATTACKS, _RANK_MASKS = chess.BB_RANK_ATTACKS, chess.BB_RANK_MASKS
_FILE_ATTACKS, _FILE_MASKS = chess.BB_FILE_ATTACKS, chess.BB_FILE_MASKS


def _side(board: chess.Board, colour: bool) -> int:
    """Every term of ``colour`` but material, placement and pawn structure, packed and
    unsigned (good for ``colour`` is positive): bishop pair, rooks on files, mobility,
    pressure on the enemy king's neighbourhood, and its own king's pawn shield. The
    attacks are looked up in python-chess's tables directly (``attacks_mask`` asks what
    stands on the square first)."""
    own = board.occupied_co[colour]
    occupied = board.occupied
    free = ~own
    pawns = board.pawns
    enemy_king = board.kings & board.occupied_co[not colour]
    zone = _KING_ATTACKS[enemy_king.bit_length() - 1] if enemy_king else 0
    score = units = attackers = 0
    pieces = board.knights & own
    if pieces:
        table = _MOBILITY[chess.KNIGHT]
        while pieces:
            square = pieces.bit_length() - 1
            pieces ^= 1 << square
            attacks = _KNIGHT_ATTACKS[square] & free
            score += table[attacks.bit_count()]
            if attacks & zone:
                attackers += 1
                units += 2 * (attacks & zone).bit_count()
    pieces = board.bishops & own
    if pieces:
        if pieces & (pieces - 1):
            score += _BISHOP_PAIR
        table = _MOBILITY[chess.BISHOP]
        while pieces:
            square = pieces.bit_length() - 1
            pieces ^= 1 << square
            attacks = _DIAGONAL_ATTACKS[square][_DIAGONAL_MASKS[square] & occupied] & free
            score += table[attacks.bit_count()]
            if attacks & zone:
                attackers += 1
                units += 2 * (attacks & zone).bit_count()
    pieces = board.rooks & own
    if pieces:
        table = _MOBILITY[chess.ROOK]
        own_pawns = pawns & own
        while pieces:
            square = pieces.bit_length() - 1
            pieces ^= 1 << square
            attacks = (_RANK_ATTACKS[square][_RANK_MASKS[square] & occupied]
                       | _FILE_ATTACKS[square][_FILE_MASKS[square] & occupied]) & free
            score += table[attacks.bit_count()]
            if attacks & zone:
                attackers += 1
                units += 3 * (attacks & zone).bit_count()
            file = _FILES[square & 7]
            if not pawns & file:
                score += _ROOK_OPEN
            elif not own_pawns & file:
                score += _ROOK_HALF_OPEN
    pieces = board.queens & own
    if pieces:
        table = _MOBILITY[chess.QUEEN]
        while pieces:
            square = pieces.bit_length() - 1
            pieces ^= 1 << square
            attacks = (_DIAGONAL_ATTACKS[square][_DIAGONAL_MASKS[square] & occupied]
                       | _RANK_ATTACKS[square][_RANK_MASKS[square] & occupied]
                       | _FILE_ATTACKS[square][_FILE_MASKS[square] & occupied]) & free
            score += table[attacks.bit_count()]
            if attacks & zone:
                attackers += 1
                units += 5 * (attacks & zone).bit_count()
    if attackers > 1:
        score += _KING_ATTACK[min(units, len(_KING_ATTACK) - 1)]
    own_king = board.kings & own
    if own_king:
        score += _SHIELD_PAWN * (SHIELDS[colour][own_king.bit_length() - 1] & pawns & own).bit_count()
    return score


def evaluate_board(board: chess.Board, material: tuple[int, int, int] | None = None) -> int:
    """The tapered score of ``board`` for White, in centipawns (see the module
    docstring); ``material`` is ``psqt.full(board)`` if already known."""
    mg, eg, phase = material if material is not None else psqt.full(board)
    packed = _pawns(board) + _side(board, chess.WHITE) - _side(board, chess.BLACK)
    packed += _TEMPO if board.turn == chess.WHITE else -_TEMPO
    middlegame, endgame = unpack(packed)
    return taper(mg + middlegame, eg + endgame, phase)


def taper(middlegame: int, endgame: int, phase: int) -> int:
    """The blend of a position's ``middlegame`` and ``endgame`` totals by its ``phase``
    (0 to ``psqt.FULL_PHASE``, more is capped), rounded toward zero so that the
    colour-mirrored position gets exactly the negated score."""
    phase = min(phase, psqt.FULL_PHASE)
    total = middlegame * phase + endgame * (psqt.FULL_PHASE - phase)
    return total // psqt.FULL_PHASE if total >= 0 else -(-total // psqt.FULL_PHASE)


def evaluate(state: ChessState, player: int) -> int:
    """The score of ``state`` from ``player``'s point of view, in centipawns; remembered
    by the position's table key (the evaluation depends on nothing else)."""
    key = state.table_key()
    score = _evaluation_cache.get(key)
    if score is None:
        score = evaluate_board(state.board, state.psqt())
        if len(_evaluation_cache) >= EVALUATION_CACHE_LIMIT:
            _evaluation_cache.clear()
        _evaluation_cache[key] = score
    return score if player == FIRST else -score


def win_chance(score: int) -> float:
    """The probability (0..1) that the side ``score`` centipawns ahead wins, for the
    evaluation bar: a logistic curve, +100 about 64%, +300 about 85%, +600 about 97%."""
    return 1.0 / (1.0 + math.pow(10.0, -score / 400.0))


reload()
