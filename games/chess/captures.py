"""The side to move's pseudo-legal captures, each with its MVV-LVA score, in one pass:
what quiescence search asks for at nearly every node it enters.

``ChessState.noisy_moves`` used python-chess's ``generate_pseudo_legal_captures`` and
then scored each move (``ChessState._material_key``, two ``piece_type_at`` look-ups a
move). That generator also works out castling rights and pawn pushes only to mask them
away, and yields through three nested generators. ``scored_captures`` walks the same
pieces in the same order with the attack tables, knows the attacker's type from the
bitboard it found it in, and scores each capture as it makes it. It gives exactly the
moves python-chess gives, in the same order, with the same scores
(``tests/test_chess_captures.py`` compares them on many positions), so the search that
sorts them visits the same tree.

It relies on python-chess's ``Board`` attributes and attack tables (version pinned in
requirements.txt); the test above fails if a new version changes them.
"""
from __future__ import annotations

import chess

PIECE_VALUES = {chess.PAWN: 100, chess.KNIGHT: 320, chess.BISHOP: 330, chess.ROOK: 500, chess.QUEEN: 900,
                chess.KING: 0}
"""Rough values of the pieces in centipawns, for move ordering (MVV-LVA)."""

CAPTURE_BONUS = 10_000
"""Added to every capture's MVV-LVA score, so that each is above 0 (a quiet move's score)."""
PROMOTION_BONUS = 5_000
"""Added, with the new piece's value, to a promotion's score."""

_MOVE = chess.Move
_PAWN_ATTACKS = chess.BB_PAWN_ATTACKS
_KNIGHT_ATTACKS = chess.BB_KNIGHT_ATTACKS
_KING_ATTACKS = chess.BB_KING_ATTACKS
_DIAGONAL_ATTACKS, _DIAGONAL_MASKS = chess.BB_DIAG_ATTACKS, chess.BB_DIAG_MASKS
_RANK_ATTACKS, _RANK_MASKS = chess.BB_RANK_ATTACKS, chess.BB_RANK_MASKS
_FILE_ATTACKS, _FILE_MASKS = chess.BB_FILE_ATTACKS, chess.BB_FILE_MASKS
_BACK_RANKS = chess.BB_RANK_1 | chess.BB_RANK_8
_PROMOTIONS = tuple((piece, PIECE_VALUES[piece] + PROMOTION_BONUS)
                    for piece in (chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT))
_PAWN, _KNIGHT, _BISHOP, _ROOK, _QUEEN, _KING = (PIECE_VALUES[piece] for piece in chess.PIECE_TYPES)


def scored_captures(board: chess.Board) -> list[tuple[int, chess.Move]]:
    """Every pseudo-legal capture of the side to move on ``board`` (en passant included,
    a capture that promotes once for each piece), in python-chess's order
    (``generate_pseudo_legal_captures``), each with its score: ten times the victim's
    value less the attacker's, plus ``CAPTURE_BONUS``, plus the new piece's value and
    ``PROMOTION_BONUS`` for a promotion (``PIECE_VALUES``). Moves that leave the king in
    check are included: legality is the caller's to test. Standard chess only (no
    chess960 castling is generated, and none is a capture)."""
    turn = board.turn
    ours = board.occupied_co[turn]
    theirs = board.occupied_co[not turn]
    occupied = board.occupied
    pawns, knights, bishops, rooks, queens, kings = (board.pawns, board.knights, board.bishops, board.rooks,
                                                     board.queens, board.kings)
    enemy_pawns, enemy_knights, enemy_bishops, enemy_rooks = (pawns & theirs, knights & theirs, bishops & theirs,
                                                              rooks & theirs)
    enemy_queens = queens & theirs
    scored: list[tuple[int, chess.Move]] = []
    append = scored.append

    def victim_value(square_bit: int) -> int:
        if square_bit & enemy_pawns:
            return 10 * _PAWN
        if square_bit & enemy_knights:
            return 10 * _KNIGHT
        if square_bit & enemy_bishops:
            return 10 * _BISHOP
        if square_bit & enemy_rooks:
            return 10 * _ROOK
        if square_bit & enemy_queens:
            return 10 * _QUEEN
        return 10 * _KING

    pieces = ours & ~pawns
    while pieces:
        origin = pieces.bit_length() - 1
        origin_bit = 1 << origin
        pieces ^= origin_bit
        if origin_bit & knights:
            targets, attacker = _KNIGHT_ATTACKS[origin] & theirs, _KNIGHT
        elif origin_bit & kings:
            targets, attacker = _KING_ATTACKS[origin] & theirs, _KING
        else:
            attacks = 0
            if origin_bit & (bishops | queens):
                attacks = _DIAGONAL_ATTACKS[origin][_DIAGONAL_MASKS[origin] & occupied]
            if origin_bit & (rooks | queens):
                attacks |= (_RANK_ATTACKS[origin][_RANK_MASKS[origin] & occupied]
                            | _FILE_ATTACKS[origin][_FILE_MASKS[origin] & occupied])
            targets = attacks & theirs
            attacker = _QUEEN if origin_bit & queens else _ROOK if origin_bit & rooks else _BISHOP
        while targets:
            target = targets.bit_length() - 1
            target_bit = 1 << target
            targets ^= target_bit
            append((victim_value(target_bit) - attacker + CAPTURE_BONUS, _MOVE(origin, target)))

    our_pawns = pawns & ours
    pawn_attacks = _PAWN_ATTACKS[turn]
    capturers = our_pawns
    while capturers:
        origin = capturers.bit_length() - 1
        capturers ^= 1 << origin
        targets = pawn_attacks[origin] & theirs
        while targets:
            target = targets.bit_length() - 1
            target_bit = 1 << target
            targets ^= target_bit
            score = victim_value(target_bit) - _PAWN + CAPTURE_BONUS
            if target_bit & _BACK_RANKS:
                for piece, bonus in _PROMOTIONS:
                    append((score + bonus, _MOVE(origin, target, piece)))
            else:
                append((score, _MOVE(origin, target)))

    passed = board.ep_square
    if passed and not (1 << passed) & occupied:
        capturers = our_pawns & _PAWN_ATTACKS[not turn][passed] & chess.BB_RANKS[4 if turn else 3]
        while capturers:
            origin = capturers.bit_length() - 1
            capturers ^= 1 << origin
            append((10 * _PAWN - _PAWN + CAPTURE_BONUS, _MOVE(origin, passed)))
    return scored
