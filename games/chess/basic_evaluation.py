"""The basic chess evaluation: the one chess's levels 1 to 7 search with.

It is the evaluation those levels were rated with (``games/chess/level_ratings.json``,
measured 2026-11-26 against Stockfish's ``UCI_Elo`` ladder): material and piece-square
tables, pawn structure (passed pawns by rank, doubled and isolated pawns), the bishop
pair, rooks on open and half-open files and a small bonus for having the move; no
mobility and no king safety (the full evaluation, ``games.chess.evaluation``, which
Maximum searches with, adds them). Its weights are frozen here, so that tuning the
full evaluation's (``games.chess.weights``) leaves the rated levels as they were.

Material and placement come from the sum every ``ChessState`` keeps move by move
(``games.chess.psqt``, the full evaluation's tables) plus a correction for pawns: the
earlier pawn table had a small asymmetric term (-8 in the middlegame for a pawn on the
f, g or h file from its fourth rank on, where it no longer shelters a castled king)
that the symmetric tables replaced. The other pieces' tables are the same in both (a
test holds this evaluation to scores computed with the earlier code).

Scores are centipawns from the point of view of the player asked for; the evaluation
is exactly colour-symmetric; finished games are never passed here.
"""
from __future__ import annotations

import chess

from games.base import FIRST
from games.chess import psqt
from games.chess.evaluation import pack, pawn_structure, taper, unpack
from games.chess.rules import ChessState

BISHOP_PAIR = pack(30, 50)
TEMPO = pack(12, 6)
DOUBLED_PAWN = pack(-12, -20)
ISOLATED_PAWN = pack(-10, -15)
PASSED_PAWN_BY_RANK = [pack(*value) for value in
                       ((0, 0), (5, 10), (8, 15), (15, 30), (30, 55), (55, 90), (90, 140), (0, 0))]
ROOK_OPEN_FILE = pack(25, 10)
ROOK_HALF_OPEN_FILE = pack(12, 6)
PAWN_MATERIAL = (90, 115)
"""A pawn's material value (middlegame, endgame), as in the earlier tables."""
PAWN_CACHE_LIMIT = 200_000
"""Pawn structures remembered (they repeat across a search); the cache is emptied when full."""


def _earlier_pawn_placement(square: int) -> tuple[int, int]:
    """The earlier table's placement bonus ``(middlegame, endgame)`` of a White pawn on
    ``square``, material excluded."""
    file, rank = chess.square_file(square), chess.square_rank(square)
    middlegame = (0, 0, 2, 6, 14, 26, 45, 0)[rank]
    endgame = (0, 0, 6, 14, 26, 45, 75, 0)[rank]
    if file in (3, 4) and rank in (3, 4):
        middlegame += 12
    elif file in (2, 5) and rank in (2, 3):
        middlegame += 4
    if file in (5, 6, 7) and rank >= 3:
        middlegame -= 8
    return middlegame, endgame


def _pawn_corrections(colour: bool) -> list[int]:
    """For each square, what a pawn of ``colour`` there adds to White's packed score in
    the earlier table less what it adds in ``psqt.TABLES`` (computed once, at import)."""
    corrections = []
    for square in chess.SQUARES:
        if colour == chess.WHITE:
            placement = _earlier_pawn_placement(square)
            earlier = (PAWN_MATERIAL[0] + placement[0], PAWN_MATERIAL[1] + placement[1])
        else:
            placement = _earlier_pawn_placement(chess.square_mirror(square))
            earlier = (-PAWN_MATERIAL[0] - placement[0], -PAWN_MATERIAL[1] - placement[1])
        current = psqt.TABLES[(chess.PAWN, colour)][square]
        corrections.append(pack(earlier[0] - current[0], earlier[1] - current[1]))
    return corrections


_WHITE_PAWN_CORRECTIONS = _pawn_corrections(chess.WHITE)
_BLACK_PAWN_CORRECTIONS = _pawn_corrections(chess.BLACK)
_pawn_cache: dict[tuple[int, int], int] = {}


def _pawns(white: int, black: int) -> int:
    """The pawns' table correction and both sides' pawn structure, White minus Black,
    packed; cached by the pawns."""
    key = (white, black)
    cached = _pawn_cache.get(key)
    if cached is None:
        cached = (pawn_structure(white, black, chess.WHITE, DOUBLED_PAWN, ISOLATED_PAWN, PASSED_PAWN_BY_RANK)
                  - pawn_structure(black, white, chess.BLACK, DOUBLED_PAWN, ISOLATED_PAWN, PASSED_PAWN_BY_RANK))
        cached += sum(_WHITE_PAWN_CORRECTIONS[square] for square in chess.scan_forward(white))
        cached += sum(_BLACK_PAWN_CORRECTIONS[square] for square in chess.scan_forward(black))
        if len(_pawn_cache) >= PAWN_CACHE_LIMIT:
            _pawn_cache.clear()
        _pawn_cache[key] = cached
    return cached


def _pieces(board: chess.Board, colour: bool) -> int:
    """``colour``'s bishop pair and rooks on open and half-open files, packed, unsigned."""
    own = board.occupied_co[colour]
    score = 0
    bishops = board.bishops & own
    if bishops & (bishops - 1):
        score += BISHOP_PAIR
    rooks = board.rooks & own
    if rooks:
        pawns = board.pawns
        own_pawns = pawns & own
        for square in chess.scan_forward(rooks):
            file = chess.BB_FILES[square & 7]
            if not pawns & file:
                score += ROOK_OPEN_FILE
            elif not own_pawns & file:
                score += ROOK_HALF_OPEN_FILE
    return score


def evaluate_board(board: chess.Board, material: tuple[int, int, int] | None = None) -> int:
    """The basic score of ``board`` for White, in centipawns; ``material`` is
    ``psqt.full(board)`` if already known."""
    mg, eg, phase = material if material is not None else psqt.full(board)
    white_pawns = board.pawns & board.occupied_co[chess.WHITE]
    black_pawns = board.pawns & board.occupied_co[chess.BLACK]
    packed = _pawns(white_pawns, black_pawns) + _pieces(board, chess.WHITE) - _pieces(board, chess.BLACK)
    packed += TEMPO if board.turn == chess.WHITE else -TEMPO
    middlegame, endgame = unpack(packed)
    return taper(mg + middlegame, eg + endgame, phase)


def evaluate(state: ChessState, player: int) -> int:
    """The basic score of ``state`` from ``player``'s point of view, in centipawns."""
    score = evaluate_board(state.board, state.psqt())
    return score if player == FIRST else -score
