"""Principal variation search (PVS, also called NegaScout), on top of negamax.

The first move of a node (the one ordering believes best) is searched with the full
window. Every later move is first searched with a null window (alpha, alpha + 1),
which only answers "is it better than alpha?" and prunes far more. Only when that
answer is "yes" (and the value may lie below beta) is the move searched again with
the full window. With good ordering the re-searches are rare, so PVS visits fewer
nodes than plain alpha-beta while returning the same value. The scouts are also where
the engine prunes near the horizon (futility, ``ai.selectivity``), when asked to.
"""
from __future__ import annotations

from collections.abc import Hashable

from ai.context import SearchContext
from ai.negamax import best_of_moves
from ai.quiescence import leaf_or_table_value
from ai.selectivity import (child_value, futile, futility_evaluation, futility_value, late_move_pruned, may_reduce,
                            null_move_cutoff, reduction, reverse_futility_cutoff)
from games.base import State


def pvs(ctx: SearchContext, state: State, depth: int, alpha: int, beta: int, ply: int = 0) -> int:
    """The value of ``state`` for its mover by principal variation search, fail-soft.

    Same contract as ``ai.negamax.negamax``: exact inside (alpha, beta), a bound
    outside; sets ``ctx.pv[ply]``; mover-aware negation for non-alternating games.
    """
    mover = state.to_move()
    value, table_move = leaf_or_table_value(ctx, state, depth, ply, alpha, beta, mover)
    if value is not None:  # a finished game, the horizon, or a table entry that decides the node
        return value
    evaluation = futility_evaluation(ctx, state, depth, alpha, beta, ply)
    cut = reverse_futility_cutoff(ctx, state, evaluation, depth, beta)
    if cut is not None:  # far above what the opponent allows, a few plies from the horizon
        return cut
    if beta - alpha == 1:  # a scout's null window: passing may already be enough
        cut = null_move_cutoff(pvs, ctx, state, depth, beta, ply)
        if cut is not None:
            return cut
    reducing = may_reduce(ctx, state)
    scout = beta - alpha == 1 and ply > 0
    hopeless = futility_value(state, evaluation, depth, alpha)  # quiet moves cannot reach alpha

    def pruned_value(index: int, move: Hashable, child_depth: int, alpha: int) -> int | None:
        # The value of a move left unsearched by futility or late-move pruning, else None.
        if hopeless is not None and futile(ctx, state, move, index, depth, child_depth):
            return hopeless
        if scout and reducing and late_move_pruned(ctx, state, move, index, depth, child_depth):
            return alpha  # not searched: taken as no better than alpha, an upper bound
        return None

    def search_child(index: int, move: Hashable, child: State, child_depth: int, alpha: int) -> int:
        if index == 0:  # the move believed best: the full window
            return child_value(pvs, ctx, mover, child, child_depth, alpha, beta, ply)
        value = pruned_value(index, move, child_depth, alpha)
        if value is not None:
            return value
        # Null-window scout: is this move better than alpha at all? (A late quiet move is
        # asked a ply shallower first.)
        scout_depth = child_depth - reduction(ctx, state, move, index, depth, child_depth, ply) if reducing \
            else child_depth
        value = child_value(pvs, ctx, mover, child, scout_depth, alpha, alpha + 1, ply)
        if value > alpha and scout_depth < child_depth:
            value = child_value(pvs, ctx, mover, child, child_depth, alpha, alpha + 1, ply)
        if alpha < value < beta:
            # It is: search it again with the full window for its exact value.
            value = child_value(pvs, ctx, mover, child, child_depth, alpha, beta, ply)
        return value

    def unmade_value(index: int, move: Hashable, alpha: int) -> int | None:
        # Futility and late-move pruning decided before the move is made, when the game
        # can tell a check without making it: the same cuts as in search_child, unbuilt.
        if index == 0 or (hopeless is None and not (scout and reducing)) or not ctx.tactical \
                or not state.is_quiet(move):
            return None
        child_depth = ctx.child_depth_unmade(state, move, depth, ply)
        return None if child_depth is None else pruned_value(index, move, child_depth, alpha)

    return best_of_moves(ctx, state, mover, depth, alpha, beta, ply, table_move, search_child, unmade_value)
