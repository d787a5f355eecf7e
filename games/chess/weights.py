"""The chess evaluation's weights, in centipawns, as (middlegame, endgame) pairs.

Hand-set values (the rules of the earlier piece-square tables, made symmetric between
the queen's and the king's side); ``training/chess_texel.py --export`` rewrites this file
with tuned ones and their data recipe. Read by ``games.chess.psqt`` and
``games.chess.evaluation``; ``games.chess.parameters`` sees them as one flat vector.
"""
from __future__ import annotations

MATERIAL = {  # (middlegame, endgame)
    "pawn": (90, 115),
    "knight": (320, 300),
    "bishop": (335, 320),
    "rook": (480, 540),
    "queen": (960, 980),
}

PIECE_SQUARE = {  # per piece: middlegame, endgame; ranks 8 to 1, files a to d (e to h mirror them)
    "pawn": (
        (  # middlegame
            (   0,    0,    0,    0),
            (  41,   41,   41,   45),
            (  22,   22,   22,   26),
            (  10,   10,   10,   26),
            (   2,    2,    6,   18),
            (   2,    2,    6,    2),
            (   0,    0,    0,    0),
            (   0,    0,    0,    0),
        ),
        (  # endgame
            (   0,    0,    0,    0),
            (  75,   75,   75,   75),
            (  45,   45,   45,   45),
            (  26,   26,   26,   26),
            (  14,   14,   14,   14),
            (   6,    6,    6,    6),
            (   0,    0,    0,    0),
            (   0,    0,    0,    0),
        ),
    ),
    "knight": (
        (  # middlegame
            ( -30,  -30,  -30,  -30),
            ( -30,   -8,   -8,   -8),
            ( -30,   -8,    8,    8),
            ( -30,   -8,    8,   20),
            ( -30,   -8,    8,   20),
            ( -30,   -8,    8,    8),
            ( -30,   -8,   -8,   -8),
            ( -30,  -30,  -30,  -30),
        ),
        (  # endgame
            ( -25,  -25,  -25,  -25),
            ( -25,   -5,   -5,   -5),
            ( -25,   -5,    5,    5),
            ( -25,   -5,    5,   12),
            ( -25,   -5,    5,   12),
            ( -25,   -5,    5,    5),
            ( -25,   -5,   -5,   -5),
            ( -25,  -25,  -25,  -25),
        ),
    ),
    "bishop": (
        (  # middlegame
            (  -4,  -10,  -10,  -10),
            ( -10,    6,    0,    0),
            ( -10,    0,   12,    6),
            ( -10,    0,    6,   18),
            ( -10,    0,    6,   18),
            ( -10,    0,   12,    6),
            ( -10,    6,    0,    0),
            (  -4,  -10,  -10,  -10),
        ),
        (  # endgame
            ( -10,  -10,  -10,  -10),
            ( -10,    0,    0,    0),
            ( -10,    0,    5,    5),
            ( -10,    0,    5,   10),
            ( -10,    0,    5,   10),
            ( -10,    0,    5,    5),
            ( -10,    0,    0,    0),
            ( -10,  -10,  -10,  -10),
        ),
    ),
    "rook": (
        (  # middlegame
            (   0,    0,    0,    0),
            (  20,   20,   20,   20),
            (   0,    0,    0,    0),
            (   0,    0,    0,    0),
            (   0,    0,    0,    0),
            (   0,    0,    0,    0),
            (   0,    0,    0,    0),
            (   0,    0,    0,    5),
        ),
        (  # endgame
            (   0,    0,    0,    0),
            (  10,   10,   10,   10),
            (   0,    0,    0,    0),
            (   0,    0,    0,    0),
            (   0,    0,    0,    0),
            (   0,    0,    0,    0),
            (   0,    0,    0,    0),
            (   0,    0,    0,    0),
        ),
    ),
    "queen": (
        (  # middlegame
            (  -5,   -5,   -5,   -5),
            (  -5,    0,    0,    0),
            (  -5,    0,    3,    3),
            (  -5,    0,    3,    5),
            (  -5,    0,    3,    5),
            (  -5,    0,    3,    3),
            (  -5,    0,    0,    0),
            (  -5,   -5,   -5,   -5),
        ),
        (  # endgame
            ( -10,  -10,  -10,  -10),
            ( -10,    0,    0,    0),
            ( -10,    0,    6,    6),
            ( -10,    0,    6,   12),
            ( -10,    0,    6,   12),
            ( -10,    0,    6,    6),
            ( -10,    0,    0,    0),
            ( -10,  -10,  -10,  -10),
        ),
    ),
    "king": (
        (  # middlegame
            ( -92,  -92,  -92,  -92),
            ( -80,  -80,  -80,  -80),
            ( -68,  -68,  -68,  -68),
            ( -56,  -56,  -56,  -56),
            ( -44,  -44,  -44,  -44),
            ( -32,  -32,  -32,  -32),
            (  10,   10,   -5,  -10),
            (  20,   30,   10,    0),
        ),
        (  # endgame
            ( -25,  -25,  -25,  -25),
            ( -25,    0,    0,    0),
            ( -25,    0,   15,   15),
            ( -25,    0,   15,   30),
            ( -25,    0,   15,   30),
            ( -25,    0,   15,   15),
            ( -25,    0,    0,    0),
            ( -25,  -25,  -25,  -25),
        ),
    ),
}

BISHOP_PAIR = (30, 50)  # for two bishops or more
TEMPO = (12, 6)  # for the side to move
DOUBLED_PAWN = (-12, -20)  # per pawn behind another of its side on its file
ISOLATED_PAWN = (-10, -15)  # per pawn with no pawn of its side on the files next to it
ROOK_OPEN_FILE = (25, 10)  # per rook on a file without pawns
ROOK_HALF_OPEN_FILE = (12, 6)  # per rook on a file without pawns of its side (but some of the other's)
PASSED_PAWN_BY_RANK = (  # by the pawn's rank counted from its side (index 1: its starting rank)
    (0, 0),  # 1
    (5, 10),  # 2
    (8, 15),  # 3
    (15, 30),  # 4
    (30, 55),  # 5
    (55, 90),  # 6
    (90, 140),  # 7
    (0, 0),  # 8
)
MOBILITY = {  # per square attacked that holds no piece of its side, beyond a base (evaluation.py)
    "knight": (4, 4),
    "bishop": (5, 5),
    "rook": (2, 4),
    "queen": (1, 2),
}
KING_ATTACK_PENALTY = (0, 0, 8, 20, 36, 56, 80, 108, 140, 176, 216, 260, 260, 260, 260, 260)
"""Middlegame centipawns against a king by the attack units on the squares around it, when two or
more pieces attack them (units beyond the last entry count as the last)."""
KING_SHIELD_PAWN = 12
"""Middlegame centipawns per pawn of its side in front of a king on its first two ranks."""
