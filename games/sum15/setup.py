"""Sum-15's board editor: the numbers ``1`` .. ``9`` given to the first or the second
player (the pieces ``first`` and ``second``) or put back on the table. The side to move
is not a setting: it follows from the counts (the first player moves first), so counts
that no game gives are refused, as the position text's are (``check_numbers``)."""
from __future__ import annotations

from games.setup import HELD_BY_BOTH, MarksEditor
from games.sum15.rules import NUMBER_REFUSALS, NUMBERS, Sum15State, check_numbers

PLACES = tuple(str(number) for number in NUMBERS)
"""The places: the numbers, bit ``n - 1`` for number ``n`` as in ``Sum15State``."""


class Sum15Editor(MarksEditor):
    """The nine numbers, each held by a player or free (see the module docstring)."""

    def __init__(self) -> None:
        super().__init__(PLACES, ("first", "second"), Sum15State, check_numbers, (*NUMBER_REFUSALS, HELD_BY_BOTH))
