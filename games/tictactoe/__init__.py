"""Tic-tac-toe: rules in ``rules``, a heuristic for depth-limited search in ``evaluation``."""
from games.tictactoe.rules import TicTacToe, TicTacToeState

__all__ = ["TicTacToe", "TicTacToeState"]
