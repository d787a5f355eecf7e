"""What an iteration of deepening reports besides its score (``ai.engine``): its
principal variation continued from the transposition table where a table hit cut it
short, that line in the game's notation, the candidate list, and the nodes spent under
the first root move.

Pure functions of what the search left behind; none of them searches or changes the
table.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable

from ai.types import Score
from games.base import CHANCE, State


def extended_line(state: State, line: tuple[Hashable, ...] | list[Hashable], depth: int,
                  stored_move: Callable[[State], Hashable | None] | None) -> tuple[Hashable, ...]:
    """``line`` (legal moves from ``state``) continued, up to ``depth`` moves in all, by
    the moves ``stored_move`` gives for the positions it leads to (the table's move,
    ``SearchContext.stored_move``; ``None``: no table, the line as it is); it stops at the
    end of the game, at a chance node, and at a stored move that is missing or not legal."""
    moves = list(line)
    position = state
    for move in moves:
        position = position.apply(move)
    while stored_move is not None and len(moves) < depth:
        if position.is_terminal() or position.to_move() == CHANCE:
            break
        move = stored_move(position)
        if move is None or move not in position.legal_moves():
            break
        moves.append(move)
        position = position.apply(move)
    return tuple(moves)


def line_text(state: State, line: tuple[Hashable, ...] | list[Hashable]) -> tuple[str, ...]:
    """The moves of ``line``, played from ``state``, in the game's notation."""
    texts = []
    position = state
    for move in line:
        texts.append(position.move_to_text(move))
        position = position.apply(move)
    return tuple(texts)


def candidate_list(root_values: list[tuple[Hashable, float, bool]]) -> tuple[tuple[Hashable, Score, bool], ...]:
    """``SearchInfo.candidates`` from the root moves' values (``(move, value, exact)``,
    the root mover's point of view): exact values best first, then the moves cut by
    pruning, by their bounds."""
    ranked = sorted(root_values, key=lambda item: (not item[2], -item[1]))
    return tuple((move, Score(round(value)), exact) for move, value, exact in ranked)


def first_move_nodes(starts: list[int], nodes: int) -> int:
    """The nodes under the first root move of an iteration, from the node counts at each
    entry into a root child (``SearchContext.root_child_starts``) and the count at its end."""
    if not starts:
        return 0
    return (starts[1] if len(starts) > 1 else nodes + 1) - starts[0]
