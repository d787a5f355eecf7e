"""The chess evaluation's weights as one flat vector, for tuning.

``NAMES`` lists the parameters in a fixed order (``"MATERIAL knight mg"``,
``"PIECE_SQUARE pawn mg e4"``, ``"MOBILITY rook eg"``, ``"KING_ATTACK_PENALTY 7"``, ...), each
one number of ``games.chess.weights``: material (no king), the piece-square tables
(the files a to d of each, which e to h mirror; pawns on ranks 2 to 7 only), bishop
pair, tempo, doubled, isolated and passed pawns, rooks on open and half-open files,
mobility, the king-attack penalty by units (4 and more: two pieces make at least 4)
and the king's pawn shield. ``get_parameters`` reads the vector, ``set_parameters``
writes one into ``games.chess.weights`` and rebuilds what the evaluation derives from
it (``games.chess.psqt.rebuild``, ``games.chess.evaluation.reload``).

``coefficients(board)`` is the evaluation taken apart: for each parameter, how much
``games.chess.evaluation.evaluate_board(board)`` (White's view, before its rounding
toward zero) changes per unit of that parameter. The evaluation is linear in its
weights, so the dot product of the two is the evaluation within a centipawn; a tuner
fits the weights to many positions at once with it (``training/chess_texel.py``).
"""
from __future__ import annotations

from collections.abc import Sequence

import chess

from games.chess import evaluation, psqt, weights

Path = tuple[object, ...]
"""Where a parameter sits in ``games.chess.weights``: the constant's name, then keys
and indices into it."""

_PHASES = ("mg", "eg")
_FIRST_ATTACK_UNITS = 4


def _paths() -> list[Path]:
    """Every tuned number of ``games.chess.weights``, in the vector's order."""
    paths: list[Path] = []
    for piece in ("pawn", "knight", "bishop", "rook", "queen"):
        paths += [("MATERIAL", piece, phase) for phase in range(2)]
    for piece in psqt.PIECE_NAMES.values():
        rows = range(1, 7) if piece == "pawn" else range(8)
        paths += [("PIECE_SQUARE", piece, phase, row, column) for phase in range(2) for row in rows
                  for column in range(4)]
    for name in ("BISHOP_PAIR", "TEMPO", "DOUBLED_PAWN", "ISOLATED_PAWN", "ROOK_OPEN_FILE", "ROOK_HALF_OPEN_FILE"):
        paths += [(name, phase) for phase in range(2)]
    paths += [("PASSED_PAWN_BY_RANK", rank, phase) for rank in range(1, 7) for phase in range(2)]
    paths += [("MOBILITY", piece, phase) for piece in ("knight", "bishop", "rook", "queen") for phase in range(2)]
    paths += [("KING_ATTACK_PENALTY", units) for units in range(_FIRST_ATTACK_UNITS, len(weights.KING_ATTACK_PENALTY))]
    paths.append(("KING_SHIELD_PAWN",))
    return paths


def _name(path: Path) -> str:
    """A readable name of the parameter at ``path``."""
    constant, *keys = path
    if constant == "PIECE_SQUARE":
        piece, phase, row, column = keys
        return f"PIECE_SQUARE {piece} {_PHASES[phase]} {chess.FILE_NAMES[column]}{8 - row}"
    if constant == "PASSED_PAWN_BY_RANK":
        rank, phase = keys
        return f"PASSED_PAWN rank {rank + 1} {_PHASES[phase]}"
    if constant == "KING_ATTACK_PENALTY":
        return f"KING_ATTACK_PENALTY {keys[0]} units"
    if constant == "KING_SHIELD_PAWN":
        return constant
    return " ".join([constant, *map(str, keys[:-1]), _PHASES[keys[-1]]])


PATHS = _paths()
NAMES = [_name(path) for path in PATHS]
INDEX = {path: number for number, path in enumerate(PATHS)}


def _read(path: Path) -> int:
    value = getattr(weights, path[0])
    for key in path[1:]:
        value = value[key]
    return value


def get_parameters() -> list[int]:
    """The current weights as a vector in the order of ``NAMES``."""
    return [_read(path) for path in PATHS]


def _thaw(value: object) -> object:
    """A nested copy with lists for tuples (dictionaries stay dictionaries)."""
    if isinstance(value, dict):
        return {key: _thaw(item) for key, item in value.items()}
    if isinstance(value, (tuple, list)):
        return [_thaw(item) for item in value]
    return value


def _freeze(value: object) -> object:
    """The inverse of ``_thaw``: tuples again."""
    if isinstance(value, dict):
        return {key: _freeze(item) for key, item in value.items()}
    if isinstance(value, list):
        return tuple(_freeze(item) for item in value)
    return value


def weight_constants() -> dict[str, object]:
    """The constants of ``games.chess.weights`` (their current values) by name."""
    return {name: getattr(weights, name) for name in dict.fromkeys(path[0] for path in PATHS)}


def set_parameters(values: Sequence[float]) -> None:
    """Write ``values`` (in the order of ``NAMES``, rounded to whole centipawns) into
    ``games.chess.weights`` and rebuild what the evaluation derives from them. Raises
    ``ValueError`` (changing nothing) if the count is wrong. Positions made before keep
    the material they added up (``ChessState.psqt``): evaluate new ones."""
    if len(values) != len(PATHS):
        raise ValueError(f"{len(values)} values given, the evaluation has {len(PATHS)} parameters")
    constants = {name: _thaw(value) for name, value in weight_constants().items()}
    for path, value in zip(PATHS, values):
        container = constants[path[0]]
        if len(path) == 1:
            constants[path[0]] = int(round(value))
            continue
        for key in path[1:-1]:
            container = container[key]
        container[path[-1]] = int(round(value))
    for name, value in constants.items():
        setattr(weights, name, _freeze(value))
    psqt.rebuild()
    evaluation.reload()


def coefficients(board: chess.Board) -> dict[int, float]:
    """For each parameter (by index) that ``board``'s evaluation uses, how much the
    evaluation (White's view, centipawns, before rounding) changes per unit of it; see
    the module docstring. The terms mirror ``games.chess.evaluation``'s one by one."""
    phase = 0
    for piece, weight in psqt.PHASE_WEIGHTS.items():
        phase += weight * chess.popcount(board.pieces_mask(piece, chess.WHITE) | board.pieces_mask(piece, chess.BLACK))
    phase = min(phase, psqt.FULL_PHASE)
    scale = (phase / psqt.FULL_PHASE, (psqt.FULL_PHASE - phase) / psqt.FULL_PHASE)
    counts: dict[Path, int] = {}

    def add(path: Path, amount: int) -> None:
        if amount:
            counts[path] = counts.get(path, 0) + amount

    for colour, sign in ((chess.WHITE, 1), (chess.BLACK, -1)):
        _count_side(board, colour, sign, add)
    add(("TEMPO",), 1 if board.turn == chess.WHITE else -1)
    result: dict[int, float] = {}
    for path, amount in counts.items():
        if path[0] in ("KING_ATTACK_PENALTY", "KING_SHIELD_PAWN"):  # middlegame only
            result[INDEX[path]] = result.get(INDEX[path], 0.0) + amount * scale[0]
            continue
        for phase_index in range(2):
            full = (*path[:2], phase_index, *path[2:]) if path[0] == "PIECE_SQUARE" else (*path, phase_index)
            if full in INDEX:  # (not the pawns' first and last rank)
                result[INDEX[full]] = result.get(INDEX[full], 0.0) + amount * scale[phase_index]
    return result


def _count_side(board: chess.Board, colour: bool, sign: int, add) -> None:
    """Add ``sign`` times each feature count of ``colour`` through ``add(path without
    its phase, count)`` (a PIECE_SQUARE path without its phase: piece, row, column)."""
    own = board.occupied_co[colour]
    own_pawns = board.pawns & own
    their_pawns = board.pawns & board.occupied_co[not colour]
    for piece, name in psqt.PIECE_NAMES.items():
        for square in chess.scan_forward(board.pieces_mask(piece, colour)):
            if piece != chess.KING:
                add(("MATERIAL", name), sign)
            white_square = square if colour == chess.WHITE else chess.square_mirror(square)
            add(("PIECE_SQUARE", name, *psqt.half_board_index(white_square)), sign)
    for file in range(8):
        count = chess.popcount(own_pawns & chess.BB_FILES[file])
        if count > 1:
            add(("DOUBLED_PAWN",), sign * (count - 1))
        if count and not own_pawns & evaluation.ADJACENT_FILES[file]:
            add(("ISOLATED_PAWN",), sign * count)
    for square in chess.scan_forward(own_pawns):
        if not their_pawns & evaluation.FRONT_SPANS[(square, colour)]:
            add(("PASSED_PAWN_BY_RANK", evaluation.relative_rank(square, colour)), sign)
    if chess.popcount(board.bishops & own) >= 2:
        add(("BISHOP_PAIR",), sign)
    for square in chess.scan_forward(board.rooks & own):
        file = chess.BB_FILES[chess.square_file(square)]
        if not board.pawns & file:
            add(("ROOK_OPEN_FILE",), sign)
        elif not own_pawns & file:
            add(("ROOK_HALF_OPEN_FILE",), sign)
    enemy_king = board.king(not colour)
    zone = chess.BB_KING_ATTACKS[enemy_king] if enemy_king is not None else 0
    attackers = units = 0
    for piece in (chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN):
        for square in chess.scan_forward(board.pieces_mask(piece, colour)):
            attacks = board.attacks_mask(square) & ~own
            add(("MOBILITY", psqt.PIECE_NAMES[piece]), sign * (chess.popcount(attacks) - evaluation.MOBILITY_BASE[piece]))
            if attacks & zone:
                attackers += 1
                units += evaluation.KING_ATTACK_WEIGHT[piece] * chess.popcount(attacks & zone)
    if attackers > 1:
        units = min(units, len(weights.KING_ATTACK_PENALTY) - 1)
        add(("KING_ATTACK_PENALTY", units), sign)
    king = board.king(colour)
    if king is not None:
        add(("KING_SHIELD_PAWN",), sign * chess.popcount(evaluation.SHIELDS[colour][king] & own_pawns))

