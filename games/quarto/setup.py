"""Quarto's board editor: the sixteen pieces (``0`` .. ``f``, as in the position text)
put on the squares ``a1`` .. ``d4`` or in ``hand`` (the piece the player to move must
place). Each piece is in one place at most: putting one where it is not moves it there.
The side to move is not a setting: it follows from the pieces on the board (the second
player places the first piece). A position is checked as the position text is
(``games.quarto.position_text``); the squares variant is kept from the position edited.
"""
from __future__ import annotations

from games.base import ImpossiblePosition, State
from games.quarto.board import BLOCKS, FULL_BOARD, LINES, NONE, PIECES, SQUARE_NAMES
from games.quarto.position_text import (PIECE_TWICE, POSITION_REFUSALS, check_hand, completed_line,
                                        group_wins)
from games.quarto.rules import QuartoState, built_position, piece_digit
from games.setup import GAME_OVER, PositionEditor, SetupPiece

HAND = "hand"
"""The place of the piece in hand."""


def _pieces_of(state: QuartoState) -> dict[int, int]:
    """The board's pieces: square -> piece."""
    return {square: piece for square in range(16) if (piece := state.piece_at(square)) is not None}


def _built(pieces: dict[int, int], hand: int, squares: bool) -> QuartoState:
    """The position of ``pieces`` (square -> piece) and ``hand``, unchecked; won when a
    line (block) shares an attribute, whether or not it can have come about."""
    occupied = used = 0
    masks = [0, 0, 0, 0]
    for square, piece in pieces.items():
        occupied |= 1 << square
        used |= 1 << piece
        for index in range(4):
            if piece >> index & 1:
                masks[index] |= 1 << square
    groups = LINES + BLOCKS if squares else LINES
    won = any(group_wins(occupied, masks, group) for group in groups)
    return built_position(occupied, masks, used, hand, squares, won)


class QuartoEditor(PositionEditor):
    """The board's squares and the hand (see the module docstring)."""

    pieces = tuple(SetupPiece(piece_digit(piece), None) for piece in range(PIECES))
    refusals = (*POSITION_REFUSALS, GAME_OVER)

    def places(self) -> tuple[str, ...]:
        """The squares ``a1`` .. ``d4``, then ``hand``."""
        return (*SQUARE_NAMES, HAND)

    def contents(self, state: State, place: str) -> tuple[str, ...]:
        """The piece on the square (or in hand), as its digit."""
        index = self._place_index(place)
        piece = (None if state.hand == NONE else state.hand) if place == HAND else state.piece_at(index)
        return () if piece is None else (piece_digit(piece),)

    def put(self, state: State, place: str, piece: str) -> State:
        """``piece`` on the square or in hand, taken from wherever it was; a piece there
        before leaves the board."""
        index = self._place_index(place)
        number = int(self._piece(piece).code, 16)
        pieces = {square: other for square, other in _pieces_of(state).items() if other != number}
        hand = NONE if state.hand == number else state.hand
        if place == HAND:
            hand = number
        else:
            pieces[index] = number
        return _built(pieces, hand, state.squares_variant)

    def remove(self, state: State, place: str, piece: str | None = None) -> State:
        """The square (or the hand) emptied."""
        index = self._place_index(place)
        pieces = _pieces_of(state)
        hand = state.hand
        if place == HAND:
            hand = NONE
        else:
            pieces.pop(index, None)
        return _built(pieces, hand, state.squares_variant)

    def cleared(self, state: State) -> State:
        """An empty board and no piece in hand (the first turn), in the same variant."""
        return _built({}, NONE, state.squares_variant)

    def check(self, state: State) -> State:
        """The position, with its won line marked, if it can occur: each piece once, the
        lines made by one last placement, the piece in hand as the rules have it."""
        pieces = _pieces_of(state)
        seen: set[int] = set()
        for square in sorted(pieces):
            if pieces[square] in seen:
                raise ImpossiblePosition(PIECE_TWICE, piece=pieces[square])
            seen.add(pieces[square])
        checked = _built(pieces, state.hand, state.squares_variant)
        masks = checked.attribute_masks
        won = completed_line(checked.occupied, masks, checked.squares_variant)
        check_hand(checked.occupied, checked.used, checked.hand, won or checked.occupied == FULL_BOARD)
        return checked
