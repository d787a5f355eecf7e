"""Chess: rules (from python-chess) in ``rules``, the evaluation in ``evaluation``."""
from games.chess.rules import Chess, ChessState

__all__ = ["Chess", "ChessState"]
