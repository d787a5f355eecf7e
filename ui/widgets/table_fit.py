"""Fitting a table of text columns to a width: drop the less important columns before
making the text smaller, and never cut a cell.

The lab's tables (the comparison, the deepening rows, the retrograde rolls) each say how
wide they are at a text size without some of their columns; ``fit_table`` picks the
size and the columns left out. No pygame here: the caller measures.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence


def fit_table(width_at: Callable[[int, tuple[int, ...]], int], available: int, largest: int, smallest: int,
              drop_order: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """The text size and the columns left out (indexes) for a table ``available``
    pixels wide: the largest size from ``largest`` down to ``smallest`` at which it fits
    after leaving out the fewest columns of ``drop_order`` (taken in that order: the
    least important first); ``width_at(size, left_out)`` is the table's width in pixels.
    If nothing fits: ``smallest`` (or ``largest`` if smaller) without every column of
    ``drop_order``."""
    smallest = min(smallest, largest)
    for size in range(largest, smallest - 1, -1):
        for count in range(len(drop_order) + 1):
            left_out = tuple(drop_order[:count])
            if width_at(size, left_out) <= available:
                return size, left_out
    return smallest, tuple(drop_order)
