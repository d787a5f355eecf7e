"""Tic-tac-toe's board editor: X and O put on and taken off the squares ``a1`` .. ``c3``.
The side to move is not a setting: it follows from the marks (X moves first), so counts
that no game gives are refused, as the position text's are (``check_marks``)."""
from __future__ import annotations

from games.setup import HELD_BY_BOTH, MarksEditor
from games.tictactoe.rules import MARK_REFUSALS, SQUARE_NAMES, TicTacToeState, check_marks


class TicTacToeEditor(MarksEditor):
    """X and O on the nine squares (see the module docstring)."""

    def __init__(self) -> None:
        super().__init__(SQUARE_NAMES, ("X", "O"), TicTacToeState, check_marks, (*MARK_REFUSALS, HELD_BY_BOTH))
