"""How a new backgammon position is shown arriving: the computer's turn a checker step
at a time, then the new dice tumbling, and the opening roll read from the moves that led
to the position.

``recent`` is ``BoardDecorations.recent`` (``(position before, move, mover)`` of each
move since the position the person last saw; a person's own turn is left out). Times
are in seconds since the position arrived. Nothing here draws.
"""
from __future__ import annotations

from collections.abc import Hashable

from games.backgammon.rules import BackgammonState
from games.base import CHANCE, State

STEP_SECONDS = 0.4
"""How long each checker step of the computer's turn is shown (the first after one more)."""
ROLL_SECONDS = 0.5
"""How long new dice tumble."""


def opening_roll(recent: tuple[tuple[State, Hashable, int], ...]) -> tuple[int, int, int] | None:
    """``(the side that starts, its die, the other side's die)`` when the shown position
    arrived by the opening roll (``recent``, see ``BoardDecorations``: a roll made where
    no side was on roll yet), else ``None``. Each side rolls one die; the higher starts
    and plays both."""
    for before, move, mover in recent:
        if mover == CHANCE and isinstance(before, BackgammonState) and before.player is None:
            high, low, starter = move
            return starter, high, low
    return None


def computer_steps(recent: tuple[tuple[State, Hashable, int], ...]) -> tuple:
    """The checker steps of the computer's turn that ``recent`` begins with (``()`` when it
    does not begin with one: a person's turn is left out of ``recent``)."""
    if not recent:
        return ()
    _before, move, mover = recent[0]
    if mover == CHANCE or not isinstance(move, tuple) or not move or not isinstance(move[0], tuple):
        return ()
    return move


def stepping_seconds(steps: tuple) -> float:
    """How long the computer's ``steps`` are shown: a beat on its dice, then each step."""
    return STEP_SECONDS * (len(steps) + 1) if steps else 0.0
