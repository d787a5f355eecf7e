"""Setting a position up by hand: what a game's board editor may put where, the
position's other settings, and the checks a position must pass before a game is
played from it. Nothing here knows a particular game; each game's editor is in
``games/<id>/setup.py`` and offered by ``Game.position_editor``.

An editor edits ``State``s: every edit returns a new state made with the game's own
(unvalidating) constructors, so a position being set up may be one that cannot occur
(no king yet, a Quarto game with no piece in hand). ``PositionEditor.playable`` checks a
position and returns the state to play from, or raises ``ImpossiblePosition`` with the
reason for people; an edit that cannot be made at all (a sixteenth checker) raises it
too, and changes nothing.

Vocabulary:

* a **place** is where pieces go, named as the game names it: chess and tic-tac-toe
  squares (``e4``, ``a1``), Quarto's squares and ``hand`` (the piece to be placed next),
  backgammon's points ``1`` .. ``24`` in the first player's numbering and ``bar``,
  Sum-15's numbers ``1`` .. ``9``;
* a **piece** is one of the editor's ``pieces`` (its palette), named by a short code:
  chess's FEN letters (``K``, ``p``), ``X`` and ``O``, Quarto's hexadecimal digits,
  backgammon's ``first`` and ``second`` checkers, Sum-15's ``first`` and ``second``;
* a **setting** is anything else a position holds and a person chooses: the side to
  move where it does not follow from the pieces, castling rights, the en passant file,
  the dice, the cube's value and owner (``SetupSetting``, with its choices).

Texts for people (settings' labels and choices, refusals) are English constants here and
in the games' editors; the interface translates them where it shows them.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass

from games.base import ImpossiblePosition, State

GAME_OVER = "the game is already over in this position ({reason})"
"""The refusal of a finished position: there is nothing to play, watch or search."""

ON, OFF = "on", "off"
"""The two values of a setting that is a switch (``SetupSetting.switch``)."""


@dataclass(frozen=True)
class SetupPiece:
    """A piece of an editor's palette: its ``code`` (see the module docstring) and the
    player it belongs to (``FIRST``, ``SECOND``, or ``None`` for a piece that is nobody's,
    such as Quarto's)."""

    code: str
    player: int | None


@dataclass(frozen=True)
class SetupSetting:
    """One setting of a position being set up: its ``name`` (what ``with_setting`` takes),
    its ``label`` for people, its ``choices`` as ``(value, label for people)`` pairs in
    the order they are offered, and the position's current ``value`` (one of the choices'
    values). A ``switch`` has exactly the values ``ON`` and ``OFF`` and is shown as one
    button that is pressed or not."""

    name: str
    label: str
    choices: tuple[tuple[str, str], ...]
    value: str
    switch: bool = False

    def choice_label(self) -> str:
        """The label of the current value."""
        return dict(self.choices).get(self.value, self.value)


class PositionEditor(ABC):
    """A game's board editor (see the module docstring). Holds no position: every method
    takes the state being set up and returns a new one.

    ``pieces`` is the palette, in the order it is shown; ``refusals`` every template of
    ``ImpossiblePosition`` the edits and ``playable`` can raise (tests/test_game_contract.py
    checks that the ones met are declared, and that each has a translation)."""

    pieces: tuple[SetupPiece, ...] = ()
    refusals: tuple[str, ...] = (GAME_OVER,)

    @abstractmethod
    def places(self) -> tuple[str, ...]:
        """Every place a piece can go, in the game's order."""

    @abstractmethod
    def contents(self, state: State, place: str) -> tuple[str, ...]:
        """The codes of the pieces on ``place`` (bottom first; empty when it is empty).
        ``ValueError`` for a name that is not one of ``places``."""

    @abstractmethod
    def put(self, state: State, place: str, piece: str) -> State:
        """``state`` with ``piece`` put on ``place``: on a place holding one piece it takes
        the place of the one there; on a stack (backgammon's points) it is one more.
        ``ImpossiblePosition`` saying why when it cannot be put there at all (a point held
        by the other side's checkers, a sixteenth checker); ``ValueError`` for an unknown
        place or piece code."""

    @abstractmethod
    def remove(self, state: State, place: str, piece: str | None = None) -> State:
        """``state`` with one piece taken off ``place`` (the top one of a stack; where two
        sides' pieces share a place, the backgammon bar, one of ``piece``'s side first).
        An empty place gives ``state`` back. ``ValueError`` for an unknown place."""

    def settings(self, state: State) -> tuple[SetupSetting, ...]:
        """The position's settings with their current values, in the order they are
        offered; they may depend on the position (the en passant files). None by
        default: everything follows from the pieces (tic-tac-toe's side to move)."""
        return ()

    def with_setting(self, state: State, name: str, value: str) -> State:
        """``state`` with setting ``name`` set to ``value``; ``ValueError`` for a name or
        a value the position does not offer."""
        raise ValueError(f"no setting {name!r}")

    @abstractmethod
    def cleared(self, state: State) -> State:
        """An empty board with the rules of ``state`` (the cube, Quarto's squares) and its
        side to move where that is a setting."""

    @abstractmethod
    def check(self, state: State) -> State:
        """``state`` as a position of the game, ready to play from (the fields the rules
        derive filled in: Quarto's won line, chess's clean history), or
        ``ImpossiblePosition`` saying why it cannot occur. A finished game passes here;
        ``playable`` refuses it."""

    def playable(self, state: State) -> State:
        """The position to play, watch or search from: ``check``, and not already over
        (``ImpossiblePosition`` with ``GAME_OVER`` and the result's reason)."""
        checked = self.check(state)
        result = checked.outcome()
        if result is not None:
            raise ImpossiblePosition(GAME_OVER, reason=result.reason)
        return checked

    def same(self, first: State, second: State) -> bool:
        """Whether two positions being set up are the same to the editor: equal as states
        and with the same settings' values (a chess board's castling rights and en passant
        square count even where the rules would ignore them, having no rook or no capture
        to go with them: a position being set up keeps what was set)."""
        return first == second and [setting.value for setting in self.settings(first)] == \
            [setting.value for setting in self.settings(second)]

    def _place_index(self, place: str) -> int:
        """The index of ``place`` in ``places()``; ``ValueError`` naming the valid ones."""
        names = self.places()
        if place not in names:
            raise ValueError(f"{place!r} is not a place; places are {', '.join(names)}")
        return names.index(place)

    def _piece(self, code: str) -> SetupPiece:
        """The palette's piece ``code``; ``ValueError`` naming the valid ones."""
        for piece in self.pieces:
            if piece.code == code:
                return piece
        raise ValueError(f"{code!r} is not a piece; pieces are {', '.join(piece.code for piece in self.pieces)}")


def choice_of(setting: SetupSetting, value: str) -> str:
    """``value`` if ``setting`` offers it, else ``ValueError`` naming the choices."""
    if value not in dict(setting.choices):
        raise ValueError(f"{value!r} is not a choice of {setting.name}: "
                         f"{', '.join(choice for choice, _ in setting.choices)}")
    return value


class MarksEditor(PositionEditor):
    """The editor of a game whose position is, for each of its two players, the set of
    places they hold, as two bit masks (bit ``i`` for ``places()[i]``) and nothing else:
    the side to move follows from the counts (tic-tac-toe's squares, Sum-15's numbers).
    ``make_state(first_bits, second_bits)`` builds a position without checking it;
    ``check_masks(first_bits, second_bits)`` raises ``ImpossiblePosition`` for one that
    cannot occur (``refusals`` lists its templates); ``codes`` are the two players'
    piece codes."""

    def __init__(self, places: tuple[str, ...], codes: tuple[str, str], make_state: Callable[[int, int], State],
                 check_masks: Callable[[int, int], None], refusals: tuple[str, ...]) -> None:
        self._places = places
        self.pieces = (SetupPiece(codes[0], 0), SetupPiece(codes[1], 1))
        self._make_state = make_state
        self._check_masks = check_masks
        self.refusals = (*refusals, GAME_OVER)

    def places(self) -> tuple[str, ...]:
        """The places, in bit order."""
        return self._places

    def contents(self, state: State, place: str) -> tuple[str, ...]:
        """The code of the player holding ``place``, or nothing."""
        bit = 1 << self._place_index(place)
        for piece, mask in zip(self.pieces, state):
            if mask & bit:
                return (piece.code,)
        return ()

    def put(self, state: State, place: str, piece: str) -> State:
        """``place`` held by ``piece``'s player (no longer by the other)."""
        bit = 1 << self._place_index(place)
        player = self._piece(piece).player
        masks = [mask & ~bit for mask in state]
        masks[player] |= bit
        return self._make_state(*masks)

    def remove(self, state: State, place: str, piece: str | None = None) -> State:
        """``place`` held by nobody."""
        bit = 1 << self._place_index(place)
        return self._make_state(*(mask & ~bit for mask in state))

    def cleared(self, state: State) -> State:
        """Nobody holds anything."""
        return self._make_state(0, 0)

    def check(self, state: State) -> State:
        """The position, once ``check_masks`` finds nothing wrong (a place held by both
        cannot be made by ``put``, and is refused as impossible counts would be)."""
        first, second = state
        if first & second:
            raise ImpossiblePosition(HELD_BY_BOTH, place=self._places[(first & second).bit_length() - 1])
        self._check_masks(first, second)
        return self._make_state(first, second)


HELD_BY_BOTH = "{place} is held by both players"
"""The refusal of a position in which two players hold one place."""
