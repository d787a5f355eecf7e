"""Negamax with alpha-beta pruning (fail-soft).

Negamax scores every node from the point of view of its own mover, so one function
serves both players: a child's value is negated (and the window mirrored) when the
child's mover is the other player, and passed through unchanged when the same player
moves again (Quarto, backgammon). Fail-soft: the returned value may lie outside the
window, which gives tighter bounds to store in the transposition table.

Terminal states must report a player (not ``CHANCE``) from ``to_move()``; their
utility is read from that player's point of view.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable

from ai.context import SearchContext
from ai.quiescence import leaf_or_table_value
from ai.selectivity import child_value, may_reduce, null_move_cutoff, reduction
from ai.types import INFINITY
from games.base import State

ChildSearch = Callable[[int, Hashable, State, int, int], int]
"""How an algorithm values one move: ``(index, move, child, child_depth, alpha) -> value``
for the mover, ``index`` counting the node's moves from 0 in search order, ``alpha`` the
window's lower end as it stands now."""
UnmadeValue = Callable[[int, Hashable, int], "int | None"]
"""A value for a move left unsearched without making it: ``(index, move, alpha) -> value``
(as ``ChildSearch`` would give), or ``None`` when the move must be made and searched."""


def negamax(ctx: SearchContext, state: State, depth: int, alpha: int, beta: int, ply: int = 0) -> int:
    """The value of ``state`` for its mover, searched ``depth`` plies, fail-soft in (alpha, beta).

    Inside the window the value is exact; ``<= alpha`` is an upper bound, ``>= beta`` a
    lower bound. Sets ``ctx.pv[ply]``. Raises ``UnsupportedGame`` at a chance node and
    ``SearchAborted`` when stopped.
    """
    mover = state.to_move()
    value, table_move = leaf_or_table_value(ctx, state, depth, ply, alpha, beta, mover)
    if value is not None:  # a finished game, the horizon, or a table entry that decides the node
        return value
    cut = null_move_cutoff(negamax, ctx, state, depth, beta, ply)
    if cut is not None:
        return cut
    reducing = may_reduce(ctx, state)

    def search_child(index: int, move: Hashable, child: State, child_depth: int, alpha: int) -> int:
        # -negamax(child): the child's value for its own mover, negated (child_value)
        cut = reduction(ctx, state, move, index, depth, child_depth, ply) if reducing else 0
        if cut:
            value = child_value(negamax, ctx, mover, child, child_depth - cut, alpha, alpha + 1, ply)
            if value <= alpha:  # a late quiet move looked at a ply shallower: no better, as expected
                return value
        return child_value(negamax, ctx, mover, child, child_depth, alpha, beta, ply)

    return best_of_moves(ctx, state, mover, depth, alpha, beta, ply, table_move, search_child)


def best_of_moves(ctx: SearchContext, state: State, mover: int, depth: int, alpha: int, beta: int, ply: int,
                  table_move: Hashable | None, search_child: ChildSearch,
                  unmade_value: UnmadeValue | None = None) -> int:
    """The move loop of negamax and PVS: the fail-soft value of ``state`` for ``mover``,
    the best of its moves in search order (``ctx.moves``, ``table_move`` first), each
    valued by ``search_child`` in the window as it narrows. It keeps the best move and
    its line (``ctx.pv[ply]``), raises alpha, stops at a cut-off (alpha >= beta: the
    opponent will avoid this node; killers and history learn the move) and stores the
    result in the table. At the root it also keeps the best move so far
    (``ctx.root_best``) for an iteration the clock cuts short. A node without legal
    moves is the end of the game (checkmate, stalemate): its utility.
    ``unmade_value(index, move, alpha)``, when given, is asked first: a value for a move
    pruned without being made (its child is never built), or ``None`` to search it."""
    horizon_before = ctx.horizon_leaves
    original_alpha = alpha
    best = -INFINITY
    best_move = None
    for index, move in enumerate(ctx.moves(state, ply, mover, table_move)):
        value = None if unmade_value is None else unmade_value(index, move, alpha)
        if value is None:
            child = state.apply(move)
            value = search_child(index, move, child, ctx.child_depth(child, depth, ply), alpha)
        if value > best:
            best, best_move = value, move
            ctx.pv[ply] = [move, *ctx.pv[ply + 1]]
            if ply == 0 and value > original_alpha:  # usable if the iteration is cut short
                ctx.root_best = (value, ctx.pv[0])
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    ctx.record_cutoff(state, move, ply, mover, depth)
                    break
    if best_move is None:  # no legal move: the game ended here
        return ctx.terminal_score(state, mover, ply)
    failed_low = best <= original_alpha  # no move is known to be best
    ctx.store_table(state, depth, best, None if failed_low else best_move, original_alpha, beta, ply, horizon_before)
    return best
