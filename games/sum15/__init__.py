"""Sum-15 (number scrabble): rules in ``rules``, a heuristic for depth-limited search in
``evaluation``."""
from games.sum15.rules import Sum15, Sum15State

__all__ = ["Sum15", "Sum15State"]
