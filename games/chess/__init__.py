"""Chess: positions and rules (from python-chess) in ``rules``, the game and its PGN
records in ``game`` and ``pgn``, the evaluation in ``evaluation``."""
from games.chess.game import Chess
from games.chess.rules import ChessState

__all__ = ["Chess", "ChessState"]
