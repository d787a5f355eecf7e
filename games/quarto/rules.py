"""Quarto rules.

Sixteen pieces, each tall or short, dark or light, square or round, hollow or solid; a
4x4 board. A turn is: place the piece your opponent handed you, then hand your opponent
the piece they must place. Four pieces in a line (4 rows, 4 columns, 2 diagonals) that
share any one attribute win for the player who placed the last of them; a full board
with no such line is a draw. The first turn of the game is only a choice of the piece
to give. In the "squares" variant a 2x2 block of four pieces sharing an attribute also
wins (all nine blocks).

Notation (the same in the interface, the move list, the engine protocol and saved games):

* pieces ``0`` .. ``15``: bit 1 = tall, bit 2 = dark, bit 4 = square, bit 8 = hollow
  (piece 0 is short, light, round and solid; piece 15 tall, dark, square and hollow);
* squares ``a1`` .. ``d4``: columns a-d from left to right, rows 1-4 from bottom to top;
  index ``row * 4 + column`` (``a1`` = 0, ``d1`` = 3, ``a2`` = 4, ..., ``d4`` = 15);
* a turn is one move: ``b3:12`` places the piece in hand on b3, then gives piece 12; the
  first turn is ``:12``; a placement that wins or fills the board gives nothing (``b3``).

A move is an int: ``square << 5 | gift``, where ``NONE`` (16) stands for "no square" (the
first turn) or "no gift" (a placement that ends the game).

Position text: rows 4, 3, 2, 1 separated by ``/``, each four cells, a cell being ``.``
(empty) or the piece as one hexadecimal digit (``0``-``9``, ``a`` = 10 .. ``f`` = 15);
then a space and the piece in hand in the same digit, or ``-`` when there is none (the
first turn, or the game is over); then `` squares`` for the variant. The start is
``..../..../..../.... -``; after ``:12`` it is ``..../..../..../.... c``. The side to
move follows from the counts: the first player gives first, so the second player places
the first piece, and the player who places piece number k is the second for odd k.
"""
from __future__ import annotations

from collections.abc import Hashable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from games.base import FIRST, Game, IllegalMove, Move, Outcome, Phrase, RuleOption, SECOND, State
from games.capabilities import Explanations, HorizonOutcome, ShortGame, Symmetries
from games.quarto import explanation
from games.quarto.position_text import read_position
from games.quarto.board import (ALL_PIECES, ATTRIBUTES, BLOCKS, FLAG_SQUARES, FLAG_WON, FULL_BOARD, LINES, NONE,
                                PIECES, SQUARE_NAMES)
from games.quarto.symmetry import Canonical, canonical
from games.quarto.threats import deadly_gifts, nothing_can_win, winning_placements

if TYPE_CHECKING:
    from games.setup import PositionEditor

__all__ = ["ALL_PIECES", "ATTRIBUTES", "BLOCKS", "FULL_BOARD", "LINES", "NONE", "PIECES", "SQUARE_NAMES",
           "Quarto", "QuartoState", "describe_piece", "make_move", "move_gift", "move_square", "piece_digit"]

_LINES_THROUGH = tuple(tuple(line for line in LINES if line >> square & 1) for square in range(16))
_GROUPS_THROUGH = tuple(tuple(group for group in LINES + BLOCKS if group >> square & 1) for square in range(16))

_LINE_WINS = (Outcome(FIRST, "four in a line sharing an attribute"),
              Outcome(SECOND, "four in a line sharing an attribute"))
_BLOCK_WINS = (Outcome(FIRST, "four in a block sharing an attribute"),
               Outcome(SECOND, "four in a block sharing an attribute"))
_BOARD_FULL = Outcome(None, "board full")
_NO_LINE_LEFT = Outcome(None, "no line can be completed")
DEAD_CHECK_PIECES = 6
"""From this many pieces on the board, the search asks whether any line can still be
completed (``QuartoState.horizon_outcome``); before, it almost always can."""

CANONICAL_PIECES = 5
"""Up to this many pieces on the board the table is keyed by the canonical form."""

_LAST_DEADLY: tuple = (None, ())
"""The position ``loses_at_once`` last asked about and its ``_deadly_gifts``, as one tuple
replaced whole (so threads never read half of it), compared by identity: cheaper than
hashing the position for the cache on every move of a node."""


@lru_cache(maxsize=1 << 16)
def _canonical_of(state: QuartoState) -> Canonical:
    """The canonical form of ``state``, remembered for the latest 65,536 positions (a
    search asks for it at a node's probe, its store and its table move)."""
    return canonical(state[0], (state[1], state[2], state[3], state[4]), state[6], state[7],
                     bool(state[7] & FLAG_SQUARES))


def move_square(move: Move) -> int:
    """The square a move places on (``NONE`` for the first turn)."""
    return move >> 5


def move_gift(move: Move) -> int:
    """The piece a move gives (``NONE`` when the placement ends the game)."""
    return move & 31


def make_move(square: int, gift: int) -> int:
    """The move placing on ``square`` and giving ``gift`` (either may be ``NONE``)."""
    return square << 5 | gift


def describe_piece(piece: int) -> str:
    """The piece in words: ``"tall dark round hollow"``."""
    return " ".join(set_word if piece & bit else unset_word for bit, set_word, unset_word in ATTRIBUTES)


def piece_digit(piece: int) -> str:
    """The piece as one hexadecimal digit for position text."""
    return "0123456789abcdef"[piece]


class QuartoState(tuple, State, Symmetries, HorizonOutcome, ShortGame, Explanations):
    """A Quarto position. Immutable and hashable. Search capabilities
    (``games.capabilities``): ``Symmetries`` (a canonical table key under the board's
    and the pieces' symmetries, a cheap legality test), ``HorizonOutcome`` (a draw once
    no line can be completed) and ``ShortGame`` (a winning placement, a gift that loses,
    the empty squares left); and ``Explanations`` for the hint (the gifts a turn avoids,
    ``games.quarto.explanation``).

    Fields: ``occupied`` (bit mask of the filled squares), ``attribute_masks`` (for each
    attribute bit 1, 2, 4, 8, the mask of the squares whose piece has it), ``used`` (bit
    mask over piece numbers of the pieces on the board), ``hand`` (the piece to place,
    ``NONE`` on the first turn and when the game is over) and ``flags`` (won, variant).
    Construct through ``Quarto.initial_state``, ``apply`` or ``Quarto.parse_position``;
    the constructor does not validate.
    """

    __slots__ = ()

    def __new__(cls, occupied: int, tall: int, dark: int, square: int, hollow: int, used: int, hand: int,
                flags: int) -> QuartoState:
        return tuple.__new__(cls, (occupied, tall, dark, square, hollow, used, hand, flags))

    def __reduce__(self) -> tuple:
        """Pickled as its fields (a helper process receives states: ``ai.outcome_helper``)."""
        return QuartoState, tuple(self)

    @property
    def occupied(self) -> int:
        """Bit mask of the squares holding a piece."""
        return self[0]

    @property
    def attribute_masks(self) -> tuple[int, int, int, int]:
        """For attribute bits 1, 2, 4 and 8: the mask of the squares whose piece has it."""
        return self[1], self[2], self[3], self[4]

    @property
    def used(self) -> int:
        """Bit mask over piece numbers: the pieces on the board."""
        return self[5]

    @property
    def hand(self) -> int:
        """The piece the player to move must place; ``NONE`` on the first turn and at the end."""
        return self[6]

    @property
    def squares_variant(self) -> bool:
        """Whether 2x2 blocks win too."""
        return bool(self[7] & FLAG_SQUARES)

    def piece_at(self, square: int) -> int | None:
        """The piece on ``square`` (0..15), or ``None`` when it is empty."""
        if not self[0] >> square & 1:
            return None
        return (self[1] >> square & 1) | (self[2] >> square & 1) << 1 | (self[3] >> square & 1) << 2 | \
            (self[4] >> square & 1) << 3

    def pool(self) -> list[int]:
        """The pieces neither on the board nor in hand, in number order: the possible gifts."""
        taken = self[5] | (1 << self[6] if self[6] != NONE else 0)
        return [piece for piece in range(PIECES) if not taken >> piece & 1]

    def to_move(self) -> int:
        """``FIRST`` gives first; then the second player places piece 1, the first piece 2, ..."""
        count = self[0].bit_count()
        if count == 0 and self[6] == NONE and not self[7] & FLAG_WON:
            return FIRST
        return SECOND if count % 2 == 0 else FIRST

    def outcome(self) -> Outcome | None:
        """A line (or, in the variant, a block) sharing an attribute wins for the player
        who placed its last piece; a full board without one is a draw."""
        flags = self[7]
        if flags & FLAG_WON:
            winner = FIRST if self[0].bit_count() % 2 == 0 else SECOND
            if flags & FLAG_SQUARES and self._winning_block_only():
                return _BLOCK_WINS[winner]
            return _LINE_WINS[winner]
        if self[0] == FULL_BOARD:
            return _BOARD_FULL
        return None

    def horizon_outcome(self) -> Outcome | None:
        """``outcome()``, or a draw when no line (or block) can be completed any more
        however the game goes on: every line with an empty square holds pieces that share
        no attribute, or too few of the pieces left share theirs to fill it. The game
        itself goes on (``outcome`` says so); the search needs to look no further."""
        result = self.outcome()
        if result is not None:
            return result
        if self[0].bit_count() >= DEAD_CHECK_PIECES and nothing_can_win(self[0], self[1], self[2], self[3],
                                                                           self[4], self[5], self[7]):
            return _NO_LINE_LEFT
        return None

    def plies_left_at_most(self) -> int:
        """The empty squares (one turn each), plus the first turn's gift."""
        if self[7] & FLAG_WON:
            return 0
        empty = 16 - self[0].bit_count()
        return empty + 1 if self[6] == NONE and empty == 16 else empty

    def is_terminal(self) -> bool:
        """True when a line is complete or the board is full."""
        return bool(self[7] & FLAG_WON) or self[0] == FULL_BOARD

    def _winning_block_only(self) -> bool:
        return not any(self._group_wins(line) for line in LINES)

    def _group_wins(self, group: int) -> bool:
        if self[0] & group != group:
            return False
        for mask in (self[1], self[2], self[3], self[4]):
            common = mask & group
            if common == group or common == 0:
                return True
        return False

    def placement_wins(self, square: int, piece: int | None = None) -> bool:
        """Whether placing ``piece`` (default: the piece in hand) on empty ``square``
        completes a winning line (or block, in the variant). Does not check the square."""
        piece = self[6] if piece is None else piece
        occupied = self[0] | 1 << square
        bit = 1 << square
        masks = (self[1] | bit if piece & 1 else self[1], self[2] | bit if piece & 2 else self[2],
                 self[3] | bit if piece & 4 else self[3], self[4] | bit if piece & 8 else self[4])
        groups = _GROUPS_THROUGH[square] if self[7] & FLAG_SQUARES else _LINES_THROUGH[square]
        for group in groups:
            if occupied & group != group:
                continue
            for mask in masks:
                common = mask & group
                if common == group or common == 0:
                    return True
        return False

    def winning_move(self) -> int | None:
        """A placement of the piece in hand that completes a line (or block) now, if any:
        the lines holding three pieces whose empty square takes the hand piece."""
        if self[6] == NONE or self[7] & FLAG_WON:
            return None
        squares = winning_placements(self)
        if not squares:
            return None
        return ((squares & -squares).bit_length() - 1) << 5 | NONE

    def loses_at_once(self, move: Move) -> bool:
        """Whether ``move`` gives a piece that completes a line (or block) after its
        placement: the opponent then wins at once."""
        gift = move & 31
        if gift == NONE or move >> 5 == NONE:  # a placement that ends the game, or the first turn
            return False
        global _LAST_DEADLY
        last = _LAST_DEADLY  # one read: another thread may replace it, never half of it
        if last[0] is not self:  # a search asks for every move of one position in a row
            last = _LAST_DEADLY = (self, deadly_gifts(self))
        return bool(last[1][move >> 5] >> gift & 1)

    def legal_moves(self) -> list[int]:
        """Every turn: on the first, each gift (``:g``); then each empty square with each
        piece of the pool as the gift, or with no gift when the placement wins or fills the
        board. Winning placements come first. None once the game is over."""
        if self.is_terminal():
            return []
        hand = self[6]
        if hand == NONE:
            return [NONE << 5 | piece for piece in range(PIECES)]
        pool = self.pool()
        winning = winning_placements(self) if pool else FULL_BOARD & ~self[0]
        wins: list[int] = []
        others: list[int] = []
        empty = FULL_BOARD & ~self[0]
        while empty:
            bit = empty & -empty
            empty ^= bit
            square = bit.bit_length() - 1
            if winning & bit:
                wins.append(square << 5 | NONE)
            else:
                others.extend(square << 5 | gift for gift in pool)
        return wins + others

    def line_phrases(self, line: Sequence[Move]) -> list[Phrase]:
        """The gifts ``line[0]`` avoids (``games.quarto.explanation``)."""
        return explanation.line_phrases(self, line)

    def win_phrase(self, moves: int) -> None:
        """The words every game shares."""
        return None

    def phrase_texts(self) -> tuple[str, ...]:
        """Every text ``line_phrases`` can give."""
        return explanation.PHRASE_TEXTS

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` is legal here, without listing every move."""
        if not isinstance(move, int) or isinstance(move, bool) or self.is_terminal():
            return False
        square, gift = move >> 5, move & 31
        hand = self[6]
        if hand == NONE:
            return square == NONE and 0 <= gift < PIECES
        if not 0 <= square < 16 or self[0] >> square & 1 or move >> 10:
            return False
        ends = self.placement_wins(square, hand) or self[0].bit_count() == 15
        if ends:
            return gift == NONE
        return 0 <= gift < PIECES and gift != hand and not self[5] >> gift & 1

    def apply(self, move: Move) -> QuartoState:
        """The position after ``move``. Does not check legality: a placement with no gift
        is taken to end the game (as only legal ones do)."""
        occupied, tall, dark, square_mask, hollow, used, hand, flags = self
        square, gift = move >> 5, move & 31
        if square != NONE:
            # Only a placement that wins or fills the board gives nothing (legal moves only).
            won = gift == NONE and (occupied | 1 << square != FULL_BOARD or self.placement_wins(square, hand))
            bit = 1 << square
            occupied |= bit
            if hand & 1:
                tall |= bit
            if hand & 2:
                dark |= bit
            if hand & 4:
                square_mask |= bit
            if hand & 8:
                hollow |= bit
            used |= 1 << hand
            if won:
                flags |= FLAG_WON
        return QuartoState(occupied, tall, dark, square_mask, hollow, used, gift, flags)

    def move_to_text(self, move: Move) -> str:
        """``b3:12``, ``:12`` (the first turn) or ``b3`` (a placement that ends the game)."""
        square, gift = move >> 5, move & 31
        place = SQUARE_NAMES[square] if square != NONE else ""
        return place if gift == NONE else f"{place}:{gift}"

    def parse_move(self, text: str) -> int:
        """The move written ``text`` (``b3:12``, ``:12``, ``b3``); ``IllegalMove`` saying
        what is wrong: a malformed text, an occupied square, a gift already placed or in
        hand, a missing gift, a gift after a placement that ends the game."""
        written = text.strip().lower()
        if self.is_terminal():
            raise IllegalMove(f"the game is over; no move is legal ({text.strip()!r})")
        place, colon, gift_text = written.partition(":")
        place = place.strip()
        gift_text = gift_text.strip()
        gift = NONE
        if colon:
            if not gift_text.isdigit() or not 0 <= int(gift_text) < PIECES:
                raise IllegalMove(f"{text.strip()!r}: the piece to give must be a number 0..15, as in b3:12")
            gift = int(gift_text)
        if self[6] == NONE:
            if place or not colon:
                raise IllegalMove(f"{text.strip()!r}: the first turn only gives a piece, written :N (as :12)")
            return NONE << 5 | gift
        if place not in SQUARE_NAMES:
            raise IllegalMove(f"{text.strip()!r}: place the piece in hand on a square a1..d4, as in b3:12")
        square = SQUARE_NAMES.index(place)
        if self[0] >> square & 1:
            raise IllegalMove(f"{place} is already taken")
        ends = self.placement_wins(square) or self[0].bit_count() == 15
        if ends:
            if gift != NONE:
                reason = "wins the game" if self.placement_wins(square) else "fills the board"
                raise IllegalMove(f"{place} {reason}: write it {place}, with no piece to give")
            return square << 5 | NONE
        if gift == NONE:
            raise IllegalMove(f"{text.strip()!r}: after placing, give your opponent a piece, as in {place}:N")
        if gift == self[6]:
            raise IllegalMove(f"piece {gift} is the one you are placing; give another")
        if self[5] >> gift & 1:
            raise IllegalMove(f"piece {gift} is already on the board; give one of {self._pool_text()}")
        return square << 5 | gift

    def _pool_text(self) -> str:
        return ", ".join(str(piece) for piece in self.pool())

    def table_key(self) -> Hashable:
        """With at most ``CANONICAL_PIECES`` pieces on the board: the canonical form's key
        (an int), equal for positions that a symmetry of the board and the pieces maps
        onto each other (``games.quarto.symmetry``). With more, the position itself: by
        then symmetric positions almost never meet in one search (measured:
        ``bench/RESULTS.md``), and the canonical form would only cost time."""
        if self[0].bit_count() > CANONICAL_PIECES:
            return self
        return _canonical_of(self).key

    def table_move(self, move: Move) -> int:
        """``move`` in the frame of the table key (the canonical form's, or unchanged)."""
        if self[0].bit_count() > CANONICAL_PIECES:
            return move
        return _canonical_of(self).move_to_canonical(move)

    def from_table_move(self, stored: Move) -> int:
        """The move of this position that a stored move stands for."""
        if not isinstance(stored, int) or self[0].bit_count() > CANONICAL_PIECES:
            return stored
        return _canonical_of(self).move_from_canonical(stored)

    def winning_squares(self) -> int:
        """The squares of every completed winning line (and block, in the variant), as a
        mask, for highlighting at the end (0 when there is none)."""
        groups = LINES + BLOCKS if self[7] & FLAG_SQUARES else LINES
        result = 0
        for group in groups:
            if self._group_wins(group):
                result |= group
        return result

    def to_text(self) -> str:
        """``..../..../..../.... -`` style text; see the module docstring."""
        rows = []
        for row in (3, 2, 1, 0):
            cells = []
            for column in range(4):
                piece = self.piece_at(row * 4 + column)
                cells.append("." if piece is None else piece_digit(piece))
            rows.append("".join(cells))
        hand = "-" if self[6] == NONE else piece_digit(self[6])
        return f"{'/'.join(rows)} {hand}" + (" squares" if self[7] & FLAG_SQUARES else "")

    def board_text(self) -> str:
        """A labelled 4x4 picture with pieces as numbers, row 4 on top, and the hand."""
        lines = []
        for row in (3, 2, 1, 0):
            cells = []
            for column in range(4):
                piece = self.piece_at(row * 4 + column)
                cells.append(" ." if piece is None else f"{piece:2d}")
            lines.append(f"{row + 1} {' '.join(cells)}")
        lines.append("   a  b  c  d")
        if self[6] != NONE:
            lines.append(f"to place: {self[6]} ({describe_piece(self[6])})")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"QuartoState({self.to_text()!r})"


class Quarto(Game):
    """The game of Quarto (Blaise Müller, 1991); ``squares=True`` for the variant where
    2x2 blocks win too."""

    id = "quarto"
    title = "Quarto"
    player_names = ("First", "Second")
    has_chance = False
    max_utility = 1.0
    result_reasons = tuple(outcome.reason for outcome in (_LINE_WINS[0], _BLOCK_WINS[0], _BOARD_FULL, _NO_LINE_LEFT))

    rule_options = (RuleOption("squares", "Squares win too",
                               "four pieces in a 2x2 block sharing an attribute also win"),)

    def __init__(self, squares: bool = False) -> None:
        self.squares = squares

    def _start(self, rules: dict[str, bool]) -> QuartoState:
        """The empty board, with the squares variant when ``rules["squares"]``."""
        return Quarto(squares=rules["squares"]).initial_state()

    def initial_state(self) -> QuartoState:
        """The empty board; the first player is to give a piece."""
        return QuartoState(0, 0, 0, 0, 0, 0, NONE, FLAG_SQUARES if self.squares else 0)

    def position_editor(self) -> PositionEditor:
        """Pieces put on the squares and in hand; the side to move follows from them."""
        from games.quarto.setup import QuartoEditor  # the editor is built on these rules
        return QuartoEditor()

    def parse_position(self, text: str) -> QuartoState:
        """Read position text (see the module docstring); ``InvalidPosition`` saying why
        when it is malformed or cannot occur (``games.quarto.position_text``)."""
        occupied, masks, used, hand, squares, won = read_position(text)
        return built_position(occupied, masks, used, hand, squares, won)


def built_position(occupied: int, masks: Sequence[int], used: int, hand: int, squares: bool, won: bool
                   ) -> QuartoState:
    """The position with the squares ``occupied``, their pieces' attribute ``masks`` (for
    bits 1, 2, 4, 8), the pieces ``used`` on the board (a mask over piece numbers), piece
    ``hand`` in hand (``NONE``: none), the squares variant or not, and a line complete
    (``won``) or not. Not checked: for the position text and the board editor, which check."""
    return QuartoState(occupied, *masks, used, hand, (FLAG_SQUARES if squares else 0) | (FLAG_WON if won else 0))
