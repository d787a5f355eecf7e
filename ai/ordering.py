"""Move ordering: search the moves most likely to be best first, so alpha-beta prunes more.

Order used: the transposition-table move, then the previous iteration's principal
variation move (both passed in by the search as "preferred" moves), then the moves
the game ranks with its ``order_key`` (``games.capabilities.TacticalMoves``: captures by
MVV-LVA in chess), then
the two killer moves of the ply (quiet moves that caused a beta cutoff in a sibling
subtree), then the rest by history score (how often and how deep a quiet move caused a
cutoff for that player anywhere in the tree), and last the moves the game ranks below
0 (chess: captures that lose material). Ties keep the rules' generation order, so a
search is deterministic.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence


BAND = 1 << 40
"""The ordering score of a move is its group's base plus a value within the group, below
``BAND`` in size (a game's ``order_key`` or a history score, capped there)."""
PREFERRED = 4 * BAND
KILLER = 2 * BAND
RANKED = 3 * BAND
BAD = -BAND


def _first(item: tuple[int, Hashable]) -> int:
    return item[0]


class MoveOrdering:
    """Killer and history tables plus the sorting of a node's moves.

    Killers are kept per ply (two slots, most recent first); history per
    ``(player, move)``. Both survive between searches of one game (history is halved
    by ``age`` so old knowledge fades) and are cleared by ``clear``.
    """

    def __init__(self, use_killers: bool = True, use_history: bool = True, max_ply: int = 256) -> None:
        self.use_killers = use_killers
        self.use_history = use_history
        self.killers: list[list[Hashable | None]] = [[None, None] for _ in range(max_ply)]
        self.history: dict[tuple[int, Hashable], int] = {}

    def clear(self) -> None:
        """Forget all killers and history (a new game)."""
        for slots in self.killers:
            slots[0] = slots[1] = None
        self.history.clear()

    def age(self) -> None:
        """Between searches: drop killers (they belong to plies of the old tree) and halve history."""
        for slots in self.killers:
            slots[0] = slots[1] = None
        self.history = {key: value // 2 for key, value in self.history.items() if value > 1}

    def order(
        self,
        moves: Sequence[Hashable],
        ply: int,
        player: int,
        preferred: tuple[Hashable | None, ...] = (),
        order_key: Callable[[Hashable], int] | None = None,
    ) -> list[Hashable]:
        """``moves`` sorted best-first. ``preferred`` moves (TT move, PV move) go first, in
        the order given (moves in it that are not in ``moves`` are ignored), then killers,
        then the moves the game's ``order_key`` ranks above 0 (captures in chess; ``None``
        when the game ranks none), then history."""
        killers = self.killers[ply] if self.use_killers and ply < len(self.killers) else (None, None)
        history = self.history if self.use_history else None
        if all(move is None for move in preferred) and killers[0] is None and not history and order_key is None:
            return list(moves)
        special: dict[Hashable, int] = {}
        for index, move in enumerate(preferred):
            if move is not None and move not in special:
                special[move] = PREFERRED - index
        for rank, killer in ((1, killers[0]), (0, killers[1])):
            if killer is not None and killer not in special:
                special[killer] = KILLER + rank
        history_of = history.get if history else None
        ranked: list[tuple[int, Hashable]] = []
        for move in moves:
            score = special.get(move) if special else None
            if score is None:
                key = order_key(move) if order_key is not None else 0
                if key > 0:  # captures and the like, ranked by the game
                    score = RANKED + min(key, BAND - 1)
                elif key < 0:  # moves the game expects to be bad (chess: losing captures): last
                    score = BAD + max(key, 1 - BAND)
                elif history_of is not None:
                    score = min(history_of((player, move), 0), BAND - 1)
                else:
                    score = 0
            ranked.append((score, move))
        ranked.sort(key=_first, reverse=True)  # stable: ties keep the generation order
        return [move for _, move in ranked]

    def killers_at(self, ply: int) -> list[Hashable]:
        """The killer moves of ``ply``, most recent first (none when killers are off)."""
        if not self.use_killers or ply >= len(self.killers):
            return []
        return [killer for killer in self.killers[ply] if killer is not None]

    def record_cutoff(self, move: Hashable, ply: int, player: int, depth: int) -> None:
        """Note that ``move`` by ``player`` at ``ply`` caused a beta cutoff with ``depth`` to go."""
        if self.use_killers and ply < len(self.killers):
            slots = self.killers[ply]
            if slots[0] != move:
                slots[1] = slots[0]
                slots[0] = move
        if self.use_history:
            key = (player, move)
            self.history[key] = self.history.get(key, 0) + depth * depth
