"""Backgammon's board editor: White's and Black's checkers (the pieces ``first`` and
``second``) put on the points ``1`` .. ``24`` (White's numbering, the first player's, as
the board's labels) and the ``bar``; a checker not on the board is borne off. The side on
roll (or the opening roll still to come), the dice and, in a game with the doubling
cube, the cube's value and owner are settings. A point holding one side's checkers takes
no checker of the other, and a side has 15: such edits are refused at once. A position is
checked as the position text is (``notation.check_boards``,
``position_text.check_roll_and_cube``); the cube's Jacoby rule and the stage of its
turn's action are kept from the position edited."""
from __future__ import annotations

from games.backgammon.cube_state import Cube
from games.backgammon.notation import BAR, BOARD_REFUSALS, CHECKERS, OFF, check_boards
from games.backgammon.position_text import ROLL_REFUSALS, check_roll_and_cube
from games.backgammon.rules import NEXT_ROLLS, Backgammon, BackgammonState
from games.base import FIRST, SECOND, ImpossiblePosition, State
from games.setup import GAME_OVER, PositionEditor, SetupPiece, SetupSetting, choice_of

BAR_PLACE = "bar"
"""The place of the checkers on the bar (both sides')."""
POINT_TAKEN = "point {point} holds {player}'s checkers: take them off first"
ALL_ON_BOARD = "all 15 of {player}'s checkers are on the board already: take one off first"
CUBE_VALUES = tuple(1 << power for power in range(7))
"""The cube's values offered: 1 to 64."""
SIDE, DICE, CUBE_VALUE, CUBE_OWNER = "side", "dice", "cube_value", "cube_owner"
"""The settings' names."""
OPENING = "opening"
"""The side setting's value before the opening roll."""
NO_DICE = "-"
"""The dice setting's value while the dice are to be rolled."""
_SIDES = ("first", "second")
_NAMES = Backgammon.player_names


def _boards(state: BackgammonState) -> list[list[int]]:
    return [list(state.checkers(FIRST)), list(state.checkers(SECOND))]


def _state(boards: list[list[int]], state: BackgammonState, player: int | None = -1,
           dice: tuple[int, ...] | None = None, cube: Cube | None | bool = False) -> BackgammonState:
    """``boards`` (their checkers off counted again) with ``state``'s side, dice and cube
    unless others are given."""
    for board in boards:
        board[OFF] = max(0, CHECKERS - sum(board[1:26]))
    return BackgammonState(tuple(boards[0]), tuple(boards[1]), state.player if player == -1 else player,
                           state.dice if dice is None else dice, state.cube if cube is False else cube)


class BackgammonEditor(PositionEditor):
    """Checkers on the points and the bar, and the side, dice and cube (see the module docstring)."""

    pieces = (SetupPiece("first", FIRST), SetupPiece("second", SECOND))
    refusals = (POINT_TAKEN, ALL_ON_BOARD, *BOARD_REFUSALS, *ROLL_REFUSALS, GAME_OVER)

    def places(self) -> tuple[str, ...]:
        """The points 1 .. 24 in White's numbering, then the bar."""
        return (*(str(point) for point in range(1, 25)), BAR_PLACE)

    def contents(self, state: State, place: str) -> tuple[str, ...]:
        """The point's checkers (all of one side, as a rule), or the bar's: White's, then Black's."""
        self._place_index(place)
        if place == BAR_PLACE:
            return ("first",) * state.checkers(FIRST)[BAR] + ("second",) * state.checkers(SECOND)[BAR]
        point = int(place)
        return ("first",) * state.checkers(FIRST)[point] + ("second",) * state.checkers(SECOND)[25 - point]

    def put(self, state: State, place: str, piece: str) -> State:
        """One more of ``piece``'s side's checkers on the point (or the bar), taken from
        those borne off; refused on a point of the other side's and when all 15 are on."""
        self._place_index(place)
        player = self._piece(piece).player
        boards = _boards(state)
        if place == BAR_PLACE:
            own = BAR
        else:
            point = int(place)
            own = point if player == FIRST else 25 - point
            if boards[1 - player][25 - own]:
                raise ImpossiblePosition(POINT_TAKEN, point=point, player=_NAMES[1 - player])
        if sum(boards[player][1:26]) >= CHECKERS:
            raise ImpossiblePosition(ALL_ON_BOARD, player=_NAMES[player])
        boards[player][own] += 1
        return _state(boards, state)

    def remove(self, state: State, place: str, piece: str | None = None) -> State:
        """One checker fewer on the point (borne off), or on the bar: one of ``piece``'s
        side when it has one there, else of the other side."""
        self._place_index(place)
        boards = _boards(state)
        if place == BAR_PLACE:
            first = FIRST if piece is None else self._piece(piece).player
            for player in (first, 1 - first):
                if boards[player][BAR]:
                    boards[player][BAR] -= 1
                    break
        else:
            point = int(place)
            for player, own in ((FIRST, point), (SECOND, 25 - point)):
                if boards[player][own]:
                    boards[player][own] -= 1
                    break
        return _state(boards, state)

    def settings(self, state: State) -> tuple[SetupSetting, ...]:
        """The side on roll, the dice (only "to roll" before the opening roll), and the cube's
        value and owner when there is a cube."""
        side = OPENING if state.player is None else _SIDES[state.player]
        dice = f"{state.dice[0]}{state.dice[1]}" if state.dice else NO_DICE
        found = [
            SetupSetting(SIDE, "On roll", ((OPENING, "Before the opening roll"), ("first", _NAMES[FIRST]),
                                           ("second", _NAMES[SECOND])), side),
            SetupSetting(DICE, "Dice", ((NO_DICE, "To roll"), *(() if state.player is None else
                                        ((f"{high}{low}", f"{high}-{low}") for (high, low), _ in NEXT_ROLLS))), dice),
        ]
        cube = state.cube
        if cube is not None:
            owner = "centre" if cube.owner is None else _SIDES[cube.owner]
            values = sorted({*CUBE_VALUES, cube.value})
            found.append(SetupSetting(CUBE_VALUE, "Cube value", tuple((str(value), str(value)) for value in values),
                                      str(cube.value)))
            found.append(SetupSetting(CUBE_OWNER, "Cube owner", (("centre", "Centred"), ("first", _NAMES[FIRST]),
                                                                 ("second", _NAMES[SECOND])), owner))
        return tuple(found)

    def with_setting(self, state: State, name: str, value: str) -> State:
        """The side on roll (the dice go when it is the opening roll's turn), the dice
        (``-`` to roll, else two digits, high first), the cube's value or owner set."""
        setting = next((setting for setting in self.settings(state) if setting.name == name), None)
        if setting is None:
            return super().with_setting(state, name, value)
        choice_of(setting, value)
        boards = _boards(state)
        if name == SIDE:
            if value == OPENING:
                return _state(boards, state, player=None, dice=())
            return _state(boards, state, player=_SIDES.index(value))
        if name == DICE:
            return _state(boards, state, dice=() if value == NO_DICE else (int(value[0]), int(value[1])))
        cube = state.cube
        if name == CUBE_VALUE:
            return _state(boards, state, cube=cube._replace(value=int(value)))
        return _state(boards, state, cube=cube._replace(owner=None if value == "centre" else _SIDES.index(value)))

    def cleared(self, state: State) -> State:
        """No checker on the board (all borne off), the side, dice and cube as they were."""
        return _state([[0] * 26, [0] * 26], state)

    def check(self, state: State) -> State:
        """The position, if its checkers, side, dice and cube can occur together."""
        boards = _boards(state)
        check_boards(boards, _NAMES)
        checked = _state(boards, state)
        check_roll_and_cube((checked.checkers(FIRST), checked.checkers(SECOND)), checked.player, checked.dice,
                            checked.cube)
        return checked
