"""Tic-tac-toe rules.

X moves first. Squares are named ``a1`` .. ``c3``: columns a-c from left to right,
rows 1-3 from bottom to top. A move is the square's index 0..8 (``a1`` = 0, ``b1`` = 1,
``c1`` = 2, ``a2`` = 3, ..., ``c3`` = 8).

Position text: the three rows from top (row 3) to bottom (row 1) separated by ``/``,
each three characters of ``X``, ``O`` or ``.``, e.g. ``X.O/.X./O..``. The side to move
is not written: it follows from the counts (X moves when both have as many marks).
"""
from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING

from games.base import FIRST, SECOND, Game, IllegalMove, ImpossiblePosition, InvalidPosition, Move, Outcome, State

if TYPE_CHECKING:
    from games.setup import PositionEditor

SQUARE_NAMES = tuple(f"{'abc'[index % 3]}{index // 3 + 1}" for index in range(9))
"""Square names by index: ``SQUARE_NAMES[0] == "a1"``, ``SQUARE_NAMES[8] == "c3"``."""

LINES = tuple(
    sum(1 << square for square in line)
    for line in (
        (0, 1, 2), (3, 4, 5), (6, 7, 8),  # rows
        (0, 3, 6), (1, 4, 7), (2, 5, 8),  # columns
        (0, 4, 8), (2, 4, 6),  # diagonals
    )
)
"""The eight winning lines as bit masks over square indices."""

FULL_BOARD = (1 << 9) - 1

# Squares in a fixed, sensible order for move generation: centre, corners, edges.
# Any order is legal; this one makes the first move searched a good one.
_GENERATION_ORDER = (4, 0, 2, 6, 8, 1, 3, 5, 7)


def _has_line(bits: int) -> bool:
    for line in LINES:
        if bits & line == line:
            return True
    return False


COUNTS_IMPOSSIBLE = "{x_count} X and {o_count} O cannot happen: X moves first, so X has as many marks as O or one more"
BOTH_WON = "both X and O have three in a row"
O_AFTER_WIN = "O moved after X had already won"
X_AFTER_WIN = "X moved after O had already won"
WENT_ON = "the game went on after a line was completed"
MARK_REFUSALS = (COUNTS_IMPOSSIBLE, BOTH_WON, O_AFTER_WIN, X_AFTER_WIN, WENT_ON)
"""Why marks cannot be a position (``check_marks``), for people."""


def check_marks(x_bits: int, o_bits: int) -> None:
    """Nothing if X's and O's squares (bit masks, no square in both) can occur in a game;
    else ``ImpossiblePosition`` saying why: counts that no alternation gives (X moves
    first, so X has as many marks as O or one more), both sides with a line, a move after
    the win, or lines that no single last move could have completed together."""
    x_count, o_count = x_bits.bit_count(), o_bits.bit_count()
    if x_count not in (o_count, o_count + 1):
        raise ImpossiblePosition(COUNTS_IMPOSSIBLE, x_count=x_count, o_count=o_count)
    x_lines = [line for line in LINES if x_bits & line == line]
    o_lines = [line for line in LINES if o_bits & line == line]
    if x_lines and o_lines:
        raise ImpossiblePosition(BOTH_WON)
    if x_lines and x_count != o_count + 1:
        raise ImpossiblePosition(O_AFTER_WIN)
    if o_lines and x_count != o_count:
        raise ImpossiblePosition(X_AFTER_WIN)
    common = FULL_BOARD
    for line in x_lines or o_lines:
        common &= line
    if not common:
        raise ImpossiblePosition(WENT_ON)


class TicTacToeState(tuple, State):
    """A tic-tac-toe position: the bit masks of X's and O's squares. Immutable and hashable.

    Construct with ``TicTacToeState(x_bits, o_bits)``; the constructor does not validate
    (use ``TicTacToe.parse_position`` for untrusted input).
    """

    __slots__ = ()

    def __new__(cls, x_bits: int = 0, o_bits: int = 0) -> TicTacToeState:
        return tuple.__new__(cls, (x_bits, o_bits))

    def __reduce__(self) -> tuple:
        """Pickled as its fields (a helper process receives states: ``ai.outcome_helper``)."""
        return TicTacToeState, tuple(self)

    x_bits = property(itemgetter(0), doc="Bit mask of the squares holding an X.")
    o_bits = property(itemgetter(1), doc="Bit mask of the squares holding an O.")

    def to_move(self) -> int:
        """``FIRST`` (X) when both sides have as many marks, else ``SECOND`` (O)."""
        return FIRST if self[0].bit_count() == self[1].bit_count() else SECOND

    def outcome(self) -> Outcome | None:
        """X or O wins with three in a row; a full board without a line is a draw."""
        x_bits, o_bits = self
        if _has_line(x_bits):
            return Outcome(FIRST, "three in a row")
        if _has_line(o_bits):
            return Outcome(SECOND, "three in a row")
        if x_bits | o_bits == FULL_BOARD:
            return Outcome(None, "board full")
        return None

    def legal_moves(self) -> list[int]:
        """The empty squares (none once the game is over), centre first, then corners, edges."""
        if self.is_terminal():
            return []
        occupied = self[0] | self[1]
        return [square for square in _GENERATION_ORDER if not occupied >> square & 1]

    def apply(self, move: Move) -> TicTacToeState:
        """The position after the mover marks square ``move`` (0..8). Does not check legality."""
        x_bits, o_bits = self
        if x_bits.bit_count() == o_bits.bit_count():
            return TicTacToeState(x_bits | 1 << move, o_bits)
        return TicTacToeState(x_bits, o_bits | 1 << move)

    def move_to_text(self, move: Move) -> str:
        """The square's name, ``a1`` .. ``c3``."""
        return SQUARE_NAMES[move]

    def parse_move(self, text: str) -> int:
        """The square named ``text`` (case-insensitive); ``IllegalMove`` if malformed or taken."""
        name = text.strip().lower()
        if name not in SQUARE_NAMES:
            raise IllegalMove(f"{text.strip()!r} is not a square; squares are a1..c3")
        if self.is_terminal():
            raise IllegalMove("the game is over")
        square = SQUARE_NAMES.index(name)
        if (self[0] | self[1]) >> square & 1:
            raise IllegalMove(f"{name} is already taken")
        return square

    def mark_at(self, square: int) -> str:
        """``"X"``, ``"O"`` or ``""`` for the square with index ``square``."""
        if self[0] >> square & 1:
            return "X"
        if self[1] >> square & 1:
            return "O"
        return ""

    def winning_line(self) -> int:
        """The bit mask of a completed line (0 if there is none), for highlighting."""
        for bits in self:
            for line in LINES:
                if bits & line == line:
                    return line
        return 0

    def to_text(self) -> str:
        """Rows 3, 2, 1 separated by ``/``: ``X.O/.X./O..``."""
        rows = []
        for row in (2, 1, 0):
            rows.append("".join(self.mark_at(row * 3 + column) or "." for column in range(3)))
        return "/".join(rows)

    def board_text(self) -> str:
        """A labelled 3x3 picture, row 3 on top."""
        lines = []
        for row in (2, 1, 0):
            marks = " ".join(self.mark_at(row * 3 + column) or "." for column in range(3))
            lines.append(f"{row + 1} {marks}")
        lines.append("  a b c")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"TicTacToeState({self.to_text()!r})"


class TicTacToe(Game):
    """The game of tic-tac-toe (noughts and crosses) on a 3x3 board."""

    id = "tictactoe"
    title = "Tic-tac-toe"
    player_names = ("X", "O")
    has_chance = False
    max_utility = 1.0
    result_reasons = ("three in a row", "board full")

    def initial_state(self) -> TicTacToeState:
        """The empty board, X to move."""
        return TicTacToeState(0, 0)

    def position_editor(self) -> PositionEditor:
        """Marks put on and taken off the squares; the side to move follows from them."""
        from games.tictactoe.setup import TicTacToeEditor  # the editor is built on these rules
        return TicTacToeEditor()

    def parse_position(self, text: str) -> TicTacToeState:
        """Read ``X.O/.X./O..``-style text (case-insensitive); reject unreachable boards.

        Raises ``InvalidPosition`` naming the problem: wrong shape, a stray character,
        mark counts that cannot occur with X moving first, or lines that could not all
        have been completed by the last move.
        """
        rows = text.strip().split("/")
        if len(rows) != 3 or any(len(row) != 3 for row in rows):
            raise InvalidPosition(f"{text.strip()!r}: expected three rows of three, like X.O/.X./O..")
        x_bits = o_bits = 0
        for row_from_top, row in enumerate(rows):
            for column, char in enumerate(row.upper()):
                square = (2 - row_from_top) * 3 + column
                if char == "X":
                    x_bits |= 1 << square
                elif char == "O":
                    o_bits |= 1 << square
                elif char != ".":
                    raise InvalidPosition(f"{text.strip()!r}: {char!r} is not X, O or '.'")
        try:
            check_marks(x_bits, o_bits)
        except ImpossiblePosition as problem:
            raise InvalidPosition(f"{text.strip()!r}: {problem}") from None
        return TicTacToeState(x_bits, o_bits)
