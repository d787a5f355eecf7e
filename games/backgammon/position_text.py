"""Backgammon's position text read (``read_position``; the text is described in
``games.backgammon.rules``), and whether the side on roll, the dice and the cube can go
with the checkers (``check_roll_and_cube``): the checks the text shares with the board
editor (``games.backgammon.setup``), each failure an ``ImpossiblePosition`` whose reason
is one of ``ROLL_REFUSALS`` (the checkers' own are ``notation.check_boards``'s). Needs
no game state, so the rules can build on it."""
from __future__ import annotations

from collections.abc import Sequence

from games.backgammon.cube_state import DROPPED, OFFERED, STAGE_WORDS, TURN_START, Cube
from games.backgammon.notation import CHECKERS, OFF, START, Board, boards_from_position_id, read_match_id
from games.base import FIRST, SECOND, ImpossiblePosition, InvalidPosition

DICE_BEFORE_OPENING = "before the opening roll there are no dice yet"
CUBE_BEFORE_OPENING = "before the opening roll the cube is centred at 1"
NOT_THE_START = "only the starting position comes before the opening roll"
CENTRED_AT_ONE = "the cube is centred exactly while its value is 1"
OFFERED_AFTER_ROLL = "a double is offered only before the dice are rolled"
DROPPED_AFTER_ROLL = "a double is dropped only before the dice are rolled"
WRONG_DOUBLER = "only the cube's owner, or either side while it is centred, can double"
DICE_AFTER_END = "the game is over: no dice can be rolled"
ROLL_REFUSALS = (DICE_BEFORE_OPENING, CUBE_BEFORE_OPENING, NOT_THE_START, CENTRED_AT_ONE, OFFERED_AFTER_ROLL,
                 DROPPED_AFTER_ROLL, WRONG_DOUBLER, DICE_AFTER_END)
"""Why the side on roll, the dice and the cube cannot go with the checkers, for people."""


def check_roll_and_cube(boards: Sequence[Board], on_roll: int | None, dice: tuple[int, ...],
                        cube: Cube | None) -> None:
    """Nothing if ``on_roll`` (the side on roll, ``None`` before the opening roll), the
    ``dice`` (``()``: to be rolled) and the ``cube`` (``None``: cubeless) can go with the
    two sides' checkers ``boards`` (the first player's first, each in its own numbering,
    their checkers off counted); else ``ImpossiblePosition`` saying why."""
    if on_roll is None:
        if dice:
            raise ImpossiblePosition(DICE_BEFORE_OPENING)
        if cube is not None and cube != Cube(jacoby=cube.jacoby):
            raise ImpossiblePosition(CUBE_BEFORE_OPENING)
        if tuple(boards) != (START, START):
            raise ImpossiblePosition(NOT_THE_START)
    if cube is not None:
        if (cube.value == 1) != (cube.owner is None):
            raise ImpossiblePosition(CENTRED_AT_ONE)
        if cube.stage in (OFFERED, DROPPED) and dice:
            raise ImpossiblePosition(OFFERED_AFTER_ROLL if cube.stage == OFFERED else DROPPED_AFTER_ROLL)
        if cube.stage == OFFERED and on_roll is not None and cube.owner == 1 - on_roll:
            raise ImpossiblePosition(WRONG_DOUBLER)
    if dice and any(board[OFF] == CHECKERS for board in boards):
        raise ImpossiblePosition(DICE_AFTER_END)


def read_position(text: str) -> tuple[Board, Board, int | None, tuple[int, ...], Cube | None]:
    """``(first's checkers, second's checkers, side on roll, dice, cube)`` of position
    ``text``: ``<Position ID> <first|second|opening> <dice|-> [cube ...]`` or gnubg's
    ``PositionID:MatchID``; ``InvalidPosition`` saying why it cannot be read or cannot occur."""
    written = text.strip()
    cube: Cube | None = None
    if ":" in written and len(written.split()) == 1:
        ident, _, match = written.partition(":")
        info = read_match_id(match)
        on_roll_side, dice = info.on_roll, info.dice
        cube = Cube(info.cube_value, info.cube_owner, OFFERED if info.double_offered else TURN_START)
        if info.double_offered and dice:
            raise InvalidPosition("a double is offered, so the dice cannot be rolled yet")
    else:
        words = written.split()
        if len(words) > 3 and words[3] == "cube":
            cube = _read_cube(words[4:])
            words = words[:3]
        if len(words) != 3:
            raise InvalidPosition(f"{written!r}: expected a Position ID, the side on roll and the dice, "
                                  "like 4HPwATDgc/ABMA first 31, optionally then the cube like cube 2 first "
                                  "(or PositionID:MatchID)")
        ident, side, dice_text = words
        if side not in ("first", "second", "opening"):
            raise InvalidPosition(f"{side!r}: the side on roll is first, second or opening")
        on_roll_side = None if side == "opening" else ("first", "second").index(side)
        dice = ()
        if dice_text != "-":
            if len(dice_text) != 2 or not all(char in "123456" for char in dice_text):
                raise InvalidPosition(f"{dice_text!r}: dice are two digits 1-6 like 31, or - to roll")
            dice = (max(int(dice_text[0]), int(dice_text[1])), min(int(dice_text[0]), int(dice_text[1])))
    not_on_roll, on_roll = boards_from_position_id(ident)
    roller = FIRST if on_roll_side is None else on_roll_side
    boards = (on_roll, not_on_roll) if roller == FIRST else (not_on_roll, on_roll)
    try:
        check_roll_and_cube(boards, on_roll_side, dice, cube)
    except ImpossiblePosition as problem:
        raise InvalidPosition(str(problem)) from None
    return boards[0], boards[1], on_roll_side, dice, cube


def _read_cube(words: list[str]) -> Cube:
    """``<value> <centre|first|second> [jacoby] [rolling|offered|dropped]`` after
    ``cube`` in position text; ``InvalidPosition`` saying why it cannot be read."""
    if len(words) < 2:
        raise InvalidPosition("after 'cube' write its value and owner, like cube 2 first or cube 1 centre")
    value_text, owner_text, *flags = words
    if not value_text.isdigit() or int(value_text) < 1 or int(value_text) & (int(value_text) - 1) \
            or int(value_text) > 1 << 15:
        raise InvalidPosition(f"{value_text!r}: the cube's value is a power of two, 1 to 32768")
    owners = {"centre": None, "center": None, "first": FIRST, "second": SECOND}
    if owner_text not in owners:
        raise InvalidPosition(f"{owner_text!r}: the cube's owner is centre, first or second")
    jacoby = "jacoby" in flags
    stages = [word for word in flags if word != "jacoby"]
    words_to_stage = {word: stage for stage, word in STAGE_WORDS.items()}
    if len(stages) > 1 or any(word not in words_to_stage for word in stages):
        raise InvalidPosition(f"{' '.join(flags)!r}: after the cube's owner only jacoby and one of "
                              "rolling, offered, dropped may follow")
    return Cube(int(value_text), owners[owner_text], words_to_stage[stages[0]] if stages else TURN_START, jacoby)
