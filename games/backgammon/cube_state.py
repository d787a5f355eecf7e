"""The doubling cube as a position holds it: its value, its owner, the stage of the
current turn's cube action and the Jacoby rule, and the cube actions' names (the rules
that use them are in ``games.backgammon.rules``; the cube policy in
``games.backgammon.cube``)."""
from __future__ import annotations

from typing import NamedTuple

TURN_START, ROLLING, OFFERED, DROPPED = range(4)
"""Stages of a turn's cube action: the mover may double; the mover rolls (no double, or
it may not double); a double is offered; the double was dropped (the game is over)."""
ROLL, DOUBLE, TAKE, DROP = "roll", "double", "take", "drop"
"""The cube actions, as moves and as their text."""
STAGE_WORDS = {ROLLING: "rolling", OFFERED: "offered", DROPPED: "dropped"}
"""The stages other than a turn's start, as the position text writes them."""


class Cube(NamedTuple):
    """The doubling cube: its ``value`` (1, 2, 4, ...), its ``owner`` (``None`` while
    centred: either side may double), the ``stage`` of the current turn's cube action,
    and ``jacoby`` (gammons count one point while the cube is unturned)."""

    value: int = 1
    owner: int | None = None
    stage: int = TURN_START
    jacoby: bool = False
