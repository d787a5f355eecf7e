"""The root moves of a 1-ply iteration searched on two cores or more.

An iteration that values every root move exactly (``SearchOptions.exact_root_values``,
iterations up to ``ai.engine.EXACT_ROOT_DEPTH``: backgammon's 1-ply, which the Maximum
level searches before its 2-ply) searches each move in a full window, independently of
the others. With helper processes (``ctx.outcome_helpers``, ``ai.outcome_helper``) each
root move is a job: the helpers take some, this process searches the others, and the
root's value, move, principal variation and candidate list are then put together in
the moves' own order, so they are the same as one process's (``_decision_value`` in
``ai.expectimax``: the first of equal values wins). Only the root of an iteration whose
moves are not ranked yet (``SearchContext.root_ranked``: those go outcome by outcome,
``ai.outcome_deepening``) with two moves or more and a ready helper is shared.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Hashable, Sequence

from ai.context import SearchContext
from ai.outcome_deepening import Search
from ai.outcome_helper import share_jobs
from ai.types import INFINITY
from games.base import State


def applies(ctx: SearchContext, depth: int, ply: int, moves: Sequence[Hashable]) -> bool:
    """Whether the node at ``ply`` with ``depth`` decisions to go, with ``moves`` to search,
    is a root whose moves are shared with helpers (see the module docstring)."""
    return (ply == 0 and depth >= 2 and ctx.exact_root_values and not ctx.root_ranked and len(moves) > 1
            and ctx.outcome_helpers is not None and bool(ctx.outcome_helpers.usable()))


def root_in_parallel(ctx: SearchContext, state: State, moves: Sequence[Hashable], depth: int,
                     search: Search) -> tuple[float, Hashable | None]:
    """The root's value and best move (the root's mover is ``ctx.root_player``, MAX),
    each of ``moves`` searched ``depth - 1`` decisions deep in a full window, shared with
    the helpers; records each move's exact value in ``ctx.root_values``, in ``moves``'
    order, and sets ``ctx.pv[0]``, ``ctx.root_best`` and ``ctx.root_child_starts`` (as
    if the first move had been searched first). Raises ``SearchAborted`` when
    stopped (nothing is recorded then)."""
    moves = list(moves)
    values: dict[int, float] = {}
    lines: dict[int, list[Hashable]] = {}
    nodes: dict[int, int] = {}

    def where(index: int) -> tuple[State, int, int]:
        return state.apply(moves[index]), depth - 1, 1

    def search_here(index: int) -> float:
        value = search(ctx, state.apply(moves[index]), depth - 1, 1)
        lines[index] = list(ctx.pv[1])
        return value

    def record(index: int, value: float, line: tuple[Hashable, ...] | None, searched: int) -> None:
        values[index] = value
        nodes[index] = searched
        if line is not None:
            lines[index] = list(line)

    share_jobs(ctx, ctx.outcome_helpers, state, deque(range(len(moves))), where, search_here, record)
    best_value, best_move = -INFINITY, None
    for index, move in enumerate(moves):
        ctx.root_values.append((move, values[index], True))
        if values[index] > best_value:
            best_value, best_move = values[index], move
            ctx.pv[0] = [move, *lines[index]]
    ctx.root_best = (best_value, ctx.pv[0])
    ctx.root_child_starts = [0, nodes[0]]  # the first move's nodes, wherever it was searched
    return best_value, best_move
