"""Board views: one per game, drawing its positions and turning clicks into moves."""
from __future__ import annotations

from ui.views.backgammon_view import BackgammonView
from ui.views.base import BoardView
from ui.views.chess_view import ChessView
from ui.views.quarto_view import QuartoView
from ui.views.sum15_view import Sum15View
from ui.views.tictactoe_view import TicTacToeView

_VIEWS: dict[str, type[BoardView]] = {"tictactoe": TicTacToeView, "chess": ChessView, "quarto": QuartoView,
                                      "backgammon": BackgammonView, "sum15": Sum15View}


def games_with_views() -> list[str]:
    """The ids of the games that have a board view."""
    return list(_VIEWS)


def view_for(game_id: str) -> BoardView:
    """A new board view for the game ``game_id``; ``KeyError`` if it has none."""
    return _VIEWS[game_id]()
