"""Sum-15 rules (number scrabble).

The numbers 1 to 9 lie on the table. The players take them in turn, one number a turn,
each number once. The first player to hold three numbers (among all they hold) that add
up to 15 wins; when all nine are taken and nobody holds such three, the game is a draw.

It is tic-tac-toe in disguise: in the magic square

    2 7 6
    9 5 1
    4 3 8

every row, column and diagonal adds up to 15, and these eight lines are exactly the
eight sets of three different numbers 1..9 that add up to 15 (``TRIPLES``). Taking a
number is marking its square, so a game of Sum-15 is a game of tic-tac-toe played on that
square, and the two games' trees are the same size.

Notation: a move is the number taken, an int 1..9, written ``5``. The first player moves
first. Position text: the first player's numbers, a ``/``, the second player's numbers,
each in ascending order, ``-`` for none: the start is ``-/-``; after ``5 2 8`` it is
``58/2``. The side to move follows from the counts (the first player moves when both
hold as many numbers).
"""
from __future__ import annotations

from itertools import combinations
from operator import itemgetter
from typing import TYPE_CHECKING

from games.base import FIRST, SECOND, Game, IllegalMove, ImpossiblePosition, InvalidPosition, Move, Outcome, State

if TYPE_CHECKING:
    from games.setup import PositionEditor

NUMBERS = tuple(range(1, 10))
"""The numbers on the table."""
TARGET = 15
"""The sum three numbers of one player must make to win."""

MAGIC_SQUARE = ((2, 7, 6), (9, 5, 1), (4, 3, 8))
"""The 3x3 magic square (Lo Shu), top row first: every row, column and diagonal adds up
to ``TARGET``, so its lines are ``TRIPLES`` and Sum-15 is tic-tac-toe played on it."""

TRIPLES = tuple(triple for triple in combinations(NUMBERS, 3) if sum(triple) == TARGET)
"""The eight sets of three different numbers that add up to 15, each ascending."""


def _bit(number: int) -> int:
    return 1 << (number - 1)


def numbers_in(bits: int) -> tuple[int, ...]:
    """The numbers whose bits are set in ``bits`` (bit ``n - 1`` stands for ``n``), ascending."""
    return tuple(number for number in NUMBERS if bits & _bit(number))


TRIPLE_MASKS = tuple(sum(_bit(number) for number in triple) for triple in TRIPLES)
"""``TRIPLES`` as bit masks (bit ``n - 1`` for number ``n``)."""
ALL_TAKEN = (1 << 9) - 1
"""The bit mask of all nine numbers."""

# Numbers in a fixed, sensible order for move generation: the number in most triples
# first (5 is in four; the even numbers in three; the odd ones in two). Any order is
# legal; this one makes the first move searched a good one.
_GENERATION_ORDER = tuple(sorted(NUMBERS, key=lambda number: (-sum(number in triple for triple in TRIPLES), number)))

_WINS = (Outcome(FIRST, "three numbers that add up to 15"), Outcome(SECOND, "three numbers that add up to 15"))
_ALL_TAKEN = Outcome(None, "all nine numbers taken")


def _has_triple(bits: int) -> bool:
    for mask in TRIPLE_MASKS:
        if bits & mask == mask:
            return True
    return False


COUNTS_IMPOSSIBLE = ("the first player holds {first_count} numbers and the second {second_count}, which cannot "
                     "happen: the first player moves first, so holds as many as the second or one more")
BOTH_WON = "both players hold three numbers that add up to 15"
SECOND_AFTER_WIN = "the second player moved after the first had won"
FIRST_AFTER_WIN = "the first player moved after the second had won"
NUMBER_REFUSALS = (COUNTS_IMPOSSIBLE, BOTH_WON, SECOND_AFTER_WIN, FIRST_AFTER_WIN)
"""Why the players' numbers cannot be a position (``check_numbers``), for people."""


def check_numbers(first_bits: int, second_bits: int) -> None:
    """Nothing if the players' numbers (bit masks, no number held by both) can occur in
    a game; else ``ImpossiblePosition`` saying why: counts that no alternation gives, both
    players holding 15, or a player moving after the other had won. (A winner's triples
    always share a number that can have been the last one taken: two triples with none
    in common need six numbers, and a player holds at most five.)"""
    first_count, second_count = first_bits.bit_count(), second_bits.bit_count()
    if first_count not in (second_count, second_count + 1):
        raise ImpossiblePosition(COUNTS_IMPOSSIBLE, first_count=first_count, second_count=second_count)
    first_won, second_won = _has_triple(first_bits), _has_triple(second_bits)
    if first_won and second_won:
        raise ImpossiblePosition(BOTH_WON)
    if first_won and first_count != second_count + 1:
        raise ImpossiblePosition(SECOND_AFTER_WIN)
    if second_won and first_count != second_count:
        raise ImpossiblePosition(FIRST_AFTER_WIN)


class Sum15State(tuple, State):
    """A Sum-15 position: the bit masks of the numbers each player holds (bit ``n - 1``
    for number ``n``). Immutable and hashable.

    Construct with ``Sum15State(first_bits, second_bits)``; the constructor does not
    validate (use ``Sum15.parse_position`` for untrusted input).
    """

    __slots__ = ()

    def __new__(cls, first_bits: int = 0, second_bits: int = 0) -> Sum15State:
        return tuple.__new__(cls, (first_bits, second_bits))

    def __reduce__(self) -> tuple:
        """Pickled as its fields (a helper process receives states: ``ai.outcome_helper``)."""
        return Sum15State, tuple(self)

    first_bits = property(itemgetter(0), doc="Bit mask of the first player's numbers.")
    second_bits = property(itemgetter(1), doc="Bit mask of the second player's numbers.")

    def to_move(self) -> int:
        """``FIRST`` when both players hold as many numbers, else ``SECOND``."""
        return FIRST if self[0].bit_count() == self[1].bit_count() else SECOND

    def outcome(self) -> Outcome | None:
        """A player holding three numbers that add up to 15 has won; all nine taken
        without that is a draw."""
        first_bits, second_bits = self
        if _has_triple(first_bits):
            return _WINS[FIRST]
        if _has_triple(second_bits):
            return _WINS[SECOND]
        if first_bits | second_bits == ALL_TAKEN:
            return _ALL_TAKEN
        return None

    def legal_moves(self) -> list[int]:
        """The numbers still on the table (none once the game is over), 5 first, then the
        even numbers, then the odd ones."""
        if self.is_terminal():
            return []
        taken = self[0] | self[1]
        return [number for number in _GENERATION_ORDER if not taken & _bit(number)]

    def apply(self, move: Move) -> Sum15State:
        """The position after the mover takes number ``move`` (1..9). Does not check legality."""
        first_bits, second_bits = self
        if first_bits.bit_count() == second_bits.bit_count():
            return Sum15State(first_bits | _bit(move), second_bits)
        return Sum15State(first_bits, second_bits | _bit(move))

    def move_to_text(self, move: Move) -> str:
        """The number, ``1`` .. ``9``."""
        return str(move)

    def parse_move(self, text: str) -> int:
        """The number written ``text``; ``IllegalMove`` if it is not one of 1..9, is taken,
        or the game is over."""
        word = text.strip()
        if len(word) != 1 or word not in "123456789":
            raise IllegalMove(f"{word!r} is not a number from 1 to 9")
        if self.is_terminal():
            raise IllegalMove("the game is over")
        number = int(word)
        owner = self.holder(number)
        if owner is not None:
            raise IllegalMove(f"{number} is already taken")
        return number

    def holder(self, number: int) -> int | None:
        """``FIRST`` or ``SECOND``, whoever holds ``number``, or ``None`` while it is free."""
        if self[0] & _bit(number):
            return FIRST
        if self[1] & _bit(number):
            return SECOND
        return None

    def numbers(self, player: int) -> tuple[int, ...]:
        """The numbers ``player`` (``FIRST`` or ``SECOND``) holds, ascending."""
        return numbers_in(self[player])

    def winning_triples(self) -> tuple[tuple[int, int, int], ...]:
        """Every triple (ascending) adding up to 15 held by one player: the winner's,
        for highlighting (two when the last number completed two); empty if none."""
        return tuple(triple for bits in self for triple, mask in zip(TRIPLES, TRIPLE_MASKS) if bits & mask == mask)

    def to_text(self) -> str:
        """The first player's numbers, ``/``, the second's, ``-`` for none: ``58/2``."""
        return "/".join("".join(map(str, numbers_in(bits))) or "-" for bits in self)

    def board_text(self) -> str:
        """Each player's numbers, the free ones, and the magic square with X for the first
        player's numbers and O for the second's."""
        first, second = (" ".join(map(str, numbers_in(bits))) or "-" for bits in self)
        free = " ".join(str(number) for number in NUMBERS if self.holder(number) is None) or "-"
        marks = ("X", "O")
        rows = [" ".join(marks[owner] if (owner := self.holder(number)) is not None else str(number) for number in row)
                for row in MAGIC_SQUARE]
        return "\n".join([f"first (X):  {first}", f"second (O): {second}", f"free:       {free}",
                          "as the magic square:", *(f"  {row}" for row in rows)])

    def __repr__(self) -> str:
        return f"Sum15State({self.to_text()!r})"


class Sum15(Game):
    """Sum-15 (number scrabble): take numbers 1..9 in turn; three of yours adding up to 15
    win. See the module docstring."""

    id = "sum15"
    title = "Sum-15"
    player_names = ("First", "Second")
    has_chance = False
    max_utility = 1.0
    result_reasons = tuple(outcome.reason for outcome in (_WINS[FIRST], _ALL_TAKEN))

    def initial_state(self) -> Sum15State:
        """All nine numbers on the table, the first player to move."""
        return Sum15State(0, 0)

    def position_editor(self) -> PositionEditor:
        """Numbers given to and taken from the players; the side to move follows from them."""
        from games.sum15.setup import Sum15Editor  # the editor is built on these rules
        return Sum15Editor()

    def parse_position(self, text: str) -> Sum15State:
        """Read ``58/2``-style text (see the module docstring); reject impossible positions.

        Raises ``InvalidPosition`` naming the problem: not two parts, a character that is
        not a number 1..9 (or ``-`` alone), a number twice or held by both, counts that
        cannot occur with the first player moving first, both players holding 15, or a
        player moving after the other had won.
        """
        shown = text.strip()
        parts = [part.strip() for part in shown.split("/")]
        if len(parts) != 2:
            raise InvalidPosition(f"{shown!r}: expected the first player's numbers, '/', the second's, like 58/2")
        masks = []
        for part in parts:
            bits = 0
            for char in "" if part == "-" else part:
                if char not in "123456789":
                    raise InvalidPosition(f"{shown!r}: {char!r} is not a number from 1 to 9 (write '-' for none)")
                if bits & _bit(int(char)):
                    raise InvalidPosition(f"{shown!r}: {char} is written twice")
                bits |= _bit(int(char))
            masks.append(bits)
        first_bits, second_bits = masks
        both = numbers_in(first_bits & second_bits)
        if both:
            raise InvalidPosition(f"{shown!r}: {both[0]} is held by both players")
        try:
            check_numbers(first_bits, second_bits)
        except ImpossiblePosition as problem:
            raise InvalidPosition(f"{shown!r}: {problem}") from None
        return Sum15State(first_bits, second_bits)
