"""The text of ``games/chess/weights.py``: the chess evaluation's weights as readable
Python constants (tables laid out as boards), for ``training/chess_texel.py``."""
from __future__ import annotations
PIECES = ("pawn", "knight", "bishop", "rook", "queen", "king")
SCALARS = ("BISHOP_PAIR", "TEMPO", "DOUBLED_PAWN", "ISOLATED_PAWN", "ROOK_OPEN_FILE", "ROOK_HALF_OPEN_FILE")
COMMENTS = {
    "BISHOP_PAIR": "for two bishops or more",
    "TEMPO": "for the side to move",
    "DOUBLED_PAWN": "per pawn behind another of its side on its file",
    "ISOLATED_PAWN": "per pawn with no pawn of its side on the files next to it",
    "ROOK_OPEN_FILE": "per rook on a file without pawns",
    "ROOK_HALF_OPEN_FILE": "per rook on a file without pawns of its side (but some of the other's)",
}


def weights_text(constants: dict, header: str) -> str:
    """The Python source of ``games/chess/weights.py`` holding ``constants`` (the
    constants by name, as ``games.chess.parameters.weight_constants`` gives them), with
    ``header`` as its docstring (no triple quotes in it)."""
    lines = [f'"""{header.rstrip()}\n"""', "from __future__ import annotations", ""]
    lines.append("MATERIAL = {  # (middlegame, endgame)")
    for piece in PIECES[:5]:
        lines.append(f'    "{piece}": {tuple(constants["MATERIAL"][piece])},')
    lines.append("}")
    lines.append("")
    lines.append("PIECE_SQUARE = {  # per piece: middlegame, endgame; ranks 8 to 1, files a to d (e to h mirror them)")
    for piece in PIECES:
        lines.append(f'    "{piece}": (')
        for phase in range(2):
            lines.append("        (" + ("  # middlegame" if phase == 0 else "  # endgame"))
            for row in constants["PIECE_SQUARE"][piece][phase]:
                lines.append("            (" + ", ".join(f"{value:4d}" for value in row) + "),")
            lines.append("        ),")
        lines.append("    ),")
    lines.append("}")
    lines.append("")
    for name in SCALARS:
        lines.append(f"{name} = {tuple(constants[name])}  # {COMMENTS[name]}")
    lines.append("PASSED_PAWN_BY_RANK = (  # by the pawn's rank counted from its side (index 1: its starting rank)")
    for rank, value in enumerate(constants["PASSED_PAWN_BY_RANK"]):
        lines.append(f"    {tuple(value)},  # {rank + 1}")
    lines.append(")")
    lines.append("MOBILITY = {  # per square attacked that holds no piece of its side, beyond a base (evaluation.py)")
    for piece in PIECES[1:5]:
        lines.append(f'    "{piece}": {tuple(constants["MOBILITY"][piece])},')
    lines.append("}")
    penalty = ", ".join(str(value) for value in constants["KING_ATTACK_PENALTY"])
    lines.append("KING_ATTACK_PENALTY = (" + penalty + ")")
    lines.append('"""Middlegame centipawns against a king by the attack units on the squares around it, when two or')
    lines.append('more pieces attack them (units beyond the last entry count as the last)."""')
    lines.append(f"KING_SHIELD_PAWN = {constants['KING_SHIELD_PAWN']}")
    lines.append('"""Middlegame centipawns per pawn of its side in front of a king on its first two ranks."""')
    return "\n".join(lines) + "\n"
