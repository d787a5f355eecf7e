"""The transposition table: what earlier searches learned about a position.

Entries are keyed by the (hashable, immutable) state itself, so there are no false
hits from hash collisions. Each entry records the remaining depth it was searched to,
a bound type, a score and the best move found.

Scores are stored from the point of view of the side to move in that state, and
forced-win scores are stored relative to that state ("win in N plies from here"),
then re-based on the ply where they are read, so a "win in N" stays correct when the
same position is met at another distance from the root.
"""
from __future__ import annotations

from collections.abc import Hashable

from ai.types import MATE_BOUND

EXACT = 0
"""The score is the node's value (to the stored depth)."""
LOWER = 1
"""The score is a lower bound: the node failed high (value >= score)."""
UPPER = 2
"""The score is an upper bound: the node failed low (value <= score)."""
SWAPPED = {EXACT: EXACT, LOWER: UPPER, UPPER: LOWER}
"""A bound type seen from the other player's point of view (the score negated)."""

COMPLETE_DEPTH = 1000
"""Depth recorded for a subtree searched to the end of the game everywhere (valid at any depth)."""


def score_to_table(score: int, ply: int) -> int:
    """Re-base a forced-win score found ``ply`` plies from the root onto the node itself."""
    if score >= MATE_BOUND:
        return score + ply
    if score <= -MATE_BOUND:
        return score - ply
    return score


def score_from_table(score: int, ply: int) -> int:
    """Re-base a stored forced-win score onto the root of a search that met it at ``ply``."""
    if score >= MATE_BOUND:
        return score - ply
    if score <= -MATE_BOUND:
        return score + ply
    return score


class TranspositionTable:
    """A bounded map from state to ``(depth, bound, score, move)``.

    ``capacity`` is the number of entries kept; when full, the oldest eighth of the
    entries (by time of last store) is dropped. Not thread-safe: one search uses it
    at a time.
    """

    def __init__(self, capacity: int = 1 << 20) -> None:
        self.capacity = max(16, capacity)
        self._entries: dict[Hashable, tuple[int, int, int, Hashable | None]] = {}
        self.probes = 0
        self.hits = 0

    def __len__(self) -> int:
        return len(self._entries)

    def clear(self) -> None:
        """Forget everything (a new game)."""
        self._entries.clear()
        self.probes = self.hits = 0

    def probe(self, key: Hashable) -> tuple[int, int, int, Hashable | None] | None:
        """The entry for ``key`` as ``(depth, bound, stored_score, move)``, or ``None``.

        ``stored_score`` is node-relative; pass it through ``score_from_table``.
        """
        self.probes += 1
        entry = self._entries.get(key)
        if entry is not None:
            self.hits += 1
        return entry

    def store(self, key: Hashable, depth: int, bound: int, score: int, move: Hashable | None) -> None:
        """Record a search result; ``score`` must already be node-relative (``score_to_table``).

        A shallower result does not replace a deeper exact one for the same state
        (score and move stay together).
        """
        entries = self._entries
        old = entries.pop(key, None)
        if old is not None and old[0] > depth and old[1] == EXACT:
            entries[key] = old
            return
        if old is None and len(entries) >= self.capacity:
            self._evict()
        if move is None and old is not None:
            move = old[3]
        entries[key] = (depth, bound, score, move)

    def best_move(self, key: Hashable) -> Hashable | None:
        """The stored best move for ``key``, or ``None``; does not count as a probe."""
        entry = self._entries.get(key)
        return entry[3] if entry is not None else None

    def permille_full(self) -> int:
        """How full the table is, in thousandths (UCI's ``hashfull``)."""
        return len(self._entries) * 1000 // self.capacity

    def _evict(self) -> None:
        drop = max(1, self.capacity // 8)
        keys = []
        for key in self._entries:
            keys.append(key)
            if len(keys) >= drop:
                break
        for key in keys:
            del self._entries[key]
