"""Quarto's position text read into the board's bit masks (``read_position``; the text
is described in ``games.quarto.rules``), and whether a board and a piece in hand can be
a position of a game: the checks the text shares with the board editor
(``games.quarto.setup``), each failure an ``ImpossiblePosition`` whose reason is one of
``POSITION_REFUSALS``. Works on bit masks only (``games.quarto.board``), so the rules
can build on it."""
from __future__ import annotations

from collections.abc import Sequence

from games.base import ImpossiblePosition, InvalidPosition
from games.quarto.board import BLOCKS, FULL_BOARD, LINES, NONE

PIECE_TWICE = "piece {piece} is on the board twice"
WENT_ON = "the game went on after four in a line were complete"
IN_HAND_AND_ON_BOARD = "piece {piece} is in hand and on the board"
HAND_AFTER_END = "the game is over, so no piece can be in hand"
NO_HAND = "a game in progress needs the piece in hand"
POSITION_REFUSALS = (PIECE_TWICE, WENT_ON, IN_HAND_AND_ON_BOARD, HAND_AFTER_END, NO_HAND)
"""Why a board and a piece in hand cannot be a position, for people."""


def group_wins(occupied: int, masks: Sequence[int], group: int) -> bool:
    """Whether the squares of ``group`` (a line or block mask) are all filled with pieces
    sharing an attribute (``masks``: for attribute bits 1, 2, 4, 8, the squares whose
    piece has it)."""
    if occupied & group != group:
        return False
    return any(mask & group in (0, group) for mask in masks)


def completed_line(occupied: int, masks: Sequence[int], squares: bool) -> bool:
    """Whether a line (or, with ``squares``, a 2x2 block) is complete and shares an
    attribute; ``ImpossiblePosition`` when such lines share no square, so that no single
    last placement can have made them all."""
    groups = LINES + BLOCKS if squares else LINES
    winning = [group for group in groups if group_wins(occupied, masks, group)]
    common = FULL_BOARD
    for group in winning:
        common &= group
    if not common:
        raise ImpossiblePosition(WENT_ON)
    return bool(winning)


def check_hand(occupied: int, used: int, hand: int, over: bool) -> None:
    """Nothing if piece ``hand`` (``NONE``: none) can be in hand beside the board's pieces
    (``used``, a mask over piece numbers) in a game ``over`` or not; else
    ``ImpossiblePosition``: the piece is on the board too, a finished game has a piece in
    hand, or a game in progress past its first turn has none."""
    if hand != NONE and used >> hand & 1:
        raise ImpossiblePosition(IN_HAND_AND_ON_BOARD, piece=hand)
    if over and hand != NONE:
        raise ImpossiblePosition(HAND_AFTER_END)
    if not over and hand == NONE and occupied:
        raise ImpossiblePosition(NO_HAND)


DIGITS = "0123456789abcdef"
"""The pieces' digits in position text."""


def read_position(text: str) -> tuple[int, list[int], int, int, bool, bool]:
    """``(occupied, attribute masks, used, hand, squares variant, won)`` of position
    ``text``; ``InvalidPosition`` saying why when it is malformed or cannot occur: a piece
    twice, the piece in hand on the board, no piece in hand in a game still going, a piece
    in hand when the game is over, or winning lines that no single last placement could
    have made."""
    written = text.strip()
    words = written.split()
    example = "like ..../..../..../.... - (rows 4 to 1, then the piece in hand)"
    if len(words) not in (2, 3) or (len(words) == 3 and words[2].lower() != "squares"):
        raise InvalidPosition(f"{written!r}: expected the board and the piece in hand, {example}")
    rows = words[0].lower().split("/")
    if len(rows) != 4 or any(len(row) != 4 for row in rows):
        raise InvalidPosition(f"{written!r}: expected four rows of four cells, {example}")
    occupied = used = 0
    masks = [0, 0, 0, 0]
    for row_from_top, row in enumerate(rows):
        for column, char in enumerate(row):
            if char == ".":
                continue
            if char not in DIGITS:
                raise InvalidPosition(f"{written!r}: {char!r} is not a piece (0-9, a-f) or '.'")
            piece = DIGITS.index(char)
            if used >> piece & 1:
                raise InvalidPosition(f"{written!r}: {PIECE_TWICE.format(piece=piece)}")
            used |= 1 << piece
            square = (3 - row_from_top) * 4 + column
            occupied |= 1 << square
            for index in range(4):
                if piece >> index & 1:
                    masks[index] |= 1 << square
    hand_text = words[1].lower()
    if hand_text == "-":
        hand = NONE
    elif len(hand_text) == 1 and hand_text in DIGITS:
        hand = DIGITS.index(hand_text)
    else:
        raise InvalidPosition(f"{written!r}: the piece in hand must be one digit 0-9, a-f, or '-'")
    squares = len(words) == 3
    try:
        won = completed_line(occupied, masks, squares)
        check_hand(occupied, used, hand, won or occupied == FULL_BOARD)
    except ImpossiblePosition as problem:
        raise InvalidPosition(f"{written!r}: {problem}") from None
    return occupied, masks, used, hand, squares, won
