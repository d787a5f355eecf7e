"""The chess evaluation's weights, in centipawns, as (middlegame, endgame) pairs.

Tuned by ``training/chess_texel.py`` (Texel's method; see its docstring) and written by
its ``--export``; read by ``games.chess.psqt`` and ``games.chess.evaluation``, seen as one
flat vector by ``games.chess.parameters``. Do not edit by hand: tune again instead.

Data: training/chess_texel_data.py --games 940 --nodes 500 --seed 1 --skip-plies 8 --max-plies 300 --random-plies 0 2
      training/chess_texel_data.py --games 131 --nodes 1000 --seed 2 --skip-plies 8 --max-plies 300 --random-plies 0 2
      training/chess_texel_data.py --games 2160 --nodes 250 --seed 3 --skip-plies 8 --max-plies 300 --random-plies 0 2
3231 games, 154355 training and 15903 validation positions.
Tuning: K = 0.7459, target 0.75 x the game's result + 0.25 x the search's
predicted result, 200 Adam steps of 1.0 centipawns, L2 pull 1e-08 toward the
previous weights.
Mean squared error, training 0.084995 -> 0.082028, validation
0.085550 -> 0.085025 (against the bare results
0.118448 -> 0.117336).
"""
from __future__ import annotations

MATERIAL = {  # (middlegame, endgame)
    "pawn": (78, 97),
    "knight": (363, 299),
    "bishop": (329, 319),
    "rook": (456, 529),
    "queen": (1012, 1039),
}

PIECE_SQUARE = {  # per piece: middlegame, endgame; ranks 8 to 1, files a to d (e to h mirror them)
    "pawn": (
        (  # middlegame
            (   0,    0,    0,    0),
            (  26,   35,   46,   53),
            (   2,    8,   14,   21),
            (  21,    1,   49,   43),
            (  -5,   -8,   -8,   30),
            (  -9,    4,    6,   21),
            ( -15,   -4,    4,   10),
            (   0,    0,    0,    0),
        ),
        (  # endgame
            (   0,    0,    0,    0),
            (  68,   47,   75,   76),
            (  63,   43,   41,   39),
            (  18,   29,   22,   33),
            (   5,    8,    3,  -33),
            (  32,   11,    4,   -6),
            (  27,   22,   -6,   25),
            (   0,    0,    0,    0),
        ),
    ),
    "knight": (
        (  # middlegame
            ( -39,  -31,  -28,  -34),
            ( -35,   -7,  -14,   -9),
            ( -28,   -3,    0,    4),
            ( -29,   -6,   34,   38),
            ( -11,    4,   14,   17),
            ( -28,   20,   -8,    8),
            ( -36,  -13,   -1,  -20),
            ( -29,  -35,  -39,  -23),
        ),
        (  # endgame
            ( -33,  -25,  -23,  -37),
            ( -25,   -8,   -3,   -4),
            ( -18,   -3,   -3,  -21),
            ( -23,  -20,   20,   31),
            ( -20,   13,    4,   12),
            ( -36,    0,   17,    1),
            ( -34,  -10,    6,   26),
            ( -23,  -29,  -38,  -41),
        ),
    ),
    "bishop": (
        (  # middlegame
            (  -1,  -12,  -15,  -13),
            (  -9,    7,   -3,    1),
            (  14,    0,   10,   13),
            (  -8,    1,    2,   32),
            ( -31,  -15,   -2,   15),
            (  -7,  -25,    6,    8),
            ( -14,   36,    2,    8),
            (   1,  -10,   -5,  -24),
        ),
        (  # endgame
            (  -4,  -12,  -28,  -11),
            (  -7,   12,  -14,   -3),
            (  -8,   -7,    0,   -3),
            (  -8,   15,    3,   15),
            (   1,   -1,   -2,   20),
            ( -11,   12,    6,   13),
            (  -4,    0,    0,   -5),
            ( -17,   -1,   -8,  -33),
        ),
    ),
    "rook": (
        (  # middlegame
            (  12,    0,    8,   -3),
            (  22,   10,   31,   14),
            ( -21,   18,   10,    1),
            (   1,   -3,   -9,    3),
            ( -20,  -24,   -8,   -9),
            (  18,   10,   -8,  -17),
            (   3,  -14,  -11,  -19),
            (  16,   -2,   27,   26),
        ),
        (  # endgame
            (   6,   -2,    9,    2),
            (   0,    1,    2,   13),
            (   1,   15,   14,   -1),
            (  11,    1,    3,   -4),
            (  -8,   -1,    9,   -3),
            (  -2,   -2,    1,   -9),
            (  -3,  -12,    1,  -14),
            (   1,   -2,   -3,    4),
        ),
    ),
    "queen": (
        (  # middlegame
            (  -9,    3,   -6,   -1),
            (   6,   -7,   12,    5),
            (  -8,   16,   13,    4),
            (  -5,    9,    9,   -6),
            ( -16,    3,   13,    5),
            (  15,  -25,    7,   16),
            ( -11,  -10,   -6,   -3),
            (  -4,   -9,   11,  -10),
        ),
        (  # endgame
            (  -8,   -5,  -11,   -4),
            (  -6,    3,    6,    3),
            ( -16,    4,   17,    1),
            ( -10,    0,    8,   11),
            (  -9,   -2,   11,    9),
            (  -3,    2,   16,   10),
            ( -13,    4,   -1,   -3),
            (  -6,   -7,   -6,  -15),
        ),
    ),
    "king": (
        (  # middlegame
            ( -92,  -92,  -91,  -92),
            ( -80,  -77,  -80,  -79),
            ( -63,  -68,  -68,  -62),
            ( -54,  -53,  -57,  -58),
            ( -36,  -45,  -44,  -49),
            ( -26,  -33,  -39,  -29),
            (   8,  -15,   11,   -4),
            (   6,   43,  -16,    9),
        ),
        (  # endgame
            ( -28,  -26,  -24,  -26),
            ( -26,    8,    0,    4),
            (  -8,    6,    9,   32),
            ( -16,   19,   21,   16),
            ( -13,    6,   21,   -4),
            ( -11,    1,   15,    8),
            ( -36,  -15,  -15,   17),
            ( -45,  -49,  -27,  -16),
        ),
    ),
}

BISHOP_PAIR = (37, 61)  # for two bishops or more
TEMPO = (1, -8)  # for the side to move
DOUBLED_PAWN = (-19, -11)  # per pawn behind another of its side on its file
ISOLATED_PAWN = (-5, -9)  # per pawn with no pawn of its side on the files next to it
ROOK_OPEN_FILE = (31, 11)  # per rook on a file without pawns
ROOK_HALF_OPEN_FILE = (0, 37)  # per rook on a file without pawns of its side (but some of the other's)
PASSED_PAWN_BY_RANK = (  # by the pawn's rank counted from its side (index 1: its starting rank)
    (0, 0),  # 1
    (-2, 12),  # 2
    (-17, 29),  # 3
    (1, 65),  # 4
    (1, 52),  # 5
    (47, 105),  # 6
    (82, 106),  # 7
    (0, 0),  # 8
)
MOBILITY = {  # per square attacked that holds no piece of its side, beyond a base (evaluation.py)
    "knight": (3, -2),
    "bishop": (5, -1),
    "rook": (5, 1),
    "queen": (-1, 18),
}
KING_ATTACK_PENALTY = (0, 0, 8, 20, 42, 52, 91, 98, 115, 169, 209, 228, 240, 232, 256, 259)
"""Middlegame centipawns against a king by the attack units on the squares around it, when two or
more pieces attack them (units beyond the last entry count as the last)."""
KING_SHIELD_PAWN = 14
"""Middlegame centipawns per pawn of its side in front of a king on its first two ranks."""
