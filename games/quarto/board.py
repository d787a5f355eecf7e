"""The Quarto board and pieces as numbers: squares, lines, blocks, the "none" marker of
moves, a position's flags.

Shared by the rules (``games.quarto.rules``), the threats they read
(``games.quarto.threats``) and the symmetries (``games.quarto.symmetry``);
see the rules module for the notation.
"""
from __future__ import annotations

NONE = 16
"""In a move: no square (the first turn) or no gift (the placement ends the game)."""
PIECES = 16
ALL_PIECES = (1 << PIECES) - 1
FULL_BOARD = (1 << 16) - 1
ATTRIBUTES = ((1, "tall", "short"), (2, "dark", "light"), (4, "square", "round"), (8, "hollow", "solid"))
"""Each attribute: its bit in a piece number, the word when set and the word when not."""

FLAG_WON = 1
"""A position's flags (``QuartoState``'s last field): a line (or block) is complete."""
FLAG_SQUARES = 2
"""A position's flags: the squares variant (2x2 blocks win too)."""

SQUARE_NAMES = tuple(f"{'abcd'[index % 4]}{index // 4 + 1}" for index in range(16))
"""Square names by index: ``SQUARE_NAMES[0] == "a1"``, ``SQUARE_NAMES[15] == "d4"``."""


def _mask(squares) -> int:
    return sum(1 << square for square in squares)


LINES = tuple(
    [_mask(row * 4 + column for column in range(4)) for row in range(4)]
    + [_mask(row * 4 + column for row in range(4)) for column in range(4)]
    + [_mask(index * 5 for index in range(4)), _mask(3 + index * 3 for index in range(4))]
)
"""The ten winning lines as bit masks over square indices: rows, columns, diagonals."""
BLOCKS = tuple(_mask((row + dr) * 4 + column + dc for dr in (0, 1) for dc in (0, 1))
               for row in range(3) for column in range(3))
"""The nine 2x2 blocks of the "squares" variant, as bit masks."""
