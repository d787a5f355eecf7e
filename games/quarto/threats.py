"""What a Quarto position threatens, read from its bit masks and cached: the squares where
the piece in hand completes a line now, the gifts that would let the opponent complete
one at once, and whether any line can still be completed at all.

"Group" means a winning line, and in the squares variant a 2x2 block too. Positions are
``QuartoState`` tuples (``games.quarto.rules``), read by field index; masks are over
square indices (``games.quarto.board``) or over piece numbers, as each function says.
Nothing here checks that a position could occur.
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from games.quarto.board import ALL_PIECES, BLOCKS, FLAG_SQUARES, FULL_BOARD, LINES, PIECES

if TYPE_CHECKING:
    from games.quarto.rules import QuartoState


@lru_cache(maxsize=None)
def _nearly_full(occupied: int, variant: bool) -> tuple[tuple[int, int], ...]:
    """The winning groups (lines, and blocks in the variant) with exactly one empty
    square under ``occupied``: ``(filled squares, empty square's bit)`` pairs. At most
    65,536 x 2 arguments, each computed once."""
    groups = LINES + BLOCKS if variant else LINES
    found = []
    for group in groups:
        empty = group & ~occupied
        if empty and not empty & (empty - 1):
            found.append((group ^ empty, empty))
    return tuple(found)


def winning_placements(state: QuartoState) -> int:
    """The squares (a mask) where the piece in hand completes a line (or block) now."""
    hand = state[6]
    masks = (state[1], state[2], state[3], state[4])
    result = 0
    for filled, empty in _nearly_full(state[0], bool(state[7] & FLAG_SQUARES)):
        if result & empty:
            continue
        for index in range(4):
            common = masks[index] & filled
            if (common == filled) if hand >> index & 1 else (common == 0):
                result |= empty
                break
    return result


_PIECES_WITH = tuple(
    (sum(1 << piece for piece in range(PIECES) if not piece >> index & 1),
     sum(1 << piece for piece in range(PIECES) if piece >> index & 1))
    for index in range(4))
"""For each attribute index 0..3: the pieces without it and the pieces with it, as
masks over piece numbers."""


@lru_cache(maxsize=1 << 16)
def nothing_can_win(occupied: int, tall: int, dark: int, square: int, hollow: int, used: int, flags: int) -> bool:
    """Whether no group (line, or block in the variant) can ever be completed: for each
    with an empty square, no attribute value is shared by its pieces and by enough of the
    pieces not yet placed (the hand included) to fill it."""
    remaining = ALL_PIECES & ~used
    counts = tuple(((remaining & without).bit_count(), (remaining & with_).bit_count())
                   for without, with_ in _PIECES_WITH)
    masks = (tall, dark, square, hollow)
    groups = LINES + BLOCKS if flags & FLAG_SQUARES else LINES
    for group in groups:
        filled = occupied & group
        if filled == group:
            continue
        needed = 4 - filled.bit_count()
        for index in range(4):
            common = masks[index] & filled
            if common == filled and counts[index][1] >= needed:
                return False
            if common == 0 and counts[index][0] >= needed:
                return False
    return True


@lru_cache(maxsize=None)
def _half_full(occupied: int, variant: bool) -> tuple[tuple[int, int, int], ...]:
    """The winning groups with exactly two empty squares under ``occupied``:
    ``(filled squares, one empty square's bit, the other's)``. Cached per occupancy."""
    groups = LINES + BLOCKS if variant else LINES
    found = []
    for group in groups:
        empty = group & ~occupied
        if empty.bit_count() == 2:
            first = empty & -empty
            found.append((group ^ empty, first, empty ^ first))
    return tuple(found)


def _completing(masks: tuple[int, ...], filled: int, extra: int = -1) -> int:
    """The pieces (a mask over piece numbers) that share an attribute value with every
    piece on ``filled`` (and with piece ``extra`` when given): the pieces that complete
    the group when it has one empty square left."""
    pieces = 0
    for index in range(4):
        common = masks[index] & filled
        if common == filled and (extra < 0 or extra >> index & 1):
            pieces |= _PIECES_WITH[index][1]
        elif common == 0 and (extra < 0 or not extra >> index & 1):
            pieces |= _PIECES_WITH[index][0]
    return pieces


@lru_cache(maxsize=1 << 14)
def deadly_gifts(state: QuartoState) -> tuple[int, ...]:
    """For each square: the pieces (a mask over piece numbers) that would complete a line
    (or block) at once after the piece in hand is placed there (0 for a taken square).
    Groups with one empty square now threaten unless the placement fills it; groups with
    two empty squares threaten after a placement on either if the hand piece shares an
    attribute value with their pieces."""
    occupied, hand, variant = state[0], state[6], bool(state[7] & FLAG_SQUARES)
    masks = (state[1], state[2], state[3], state[4])
    result = [0] * 16
    threats = [(empty, _completing(masks, filled)) for filled, empty in _nearly_full(occupied, variant)]
    for filled, first, second in _half_full(occupied, variant):
        pieces = _completing(masks, filled, hand)
        if pieces:
            result[first.bit_length() - 1] |= pieces
            result[second.bit_length() - 1] |= pieces
    empty = FULL_BOARD & ~occupied
    while empty:
        bit = empty & -empty
        empty ^= bit
        square = bit.bit_length() - 1
        for threat_square, pieces in threats:
            if threat_square != bit:
                result[square] |= pieces
    return tuple(result)
