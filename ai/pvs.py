"""Principal variation search (PVS, also called NegaScout), on top of negamax.

The first move of a node (the one ordering believes best) is searched with the full
window. Every later move is first searched with a null window (alpha, alpha + 1),
which only answers "is it better than alpha?" and prunes far more. Only when that
answer is "yes" (and the value may lie below beta) is the move searched again with
the full window. With good ordering the re-searches are rare, so PVS visits fewer
nodes than plain alpha-beta while returning the same value.
"""
from __future__ import annotations

from ai.context import SearchContext
from ai.negamax import leaf_value
from ai.selectivity import child_value, null_move_cutoff, reduced
from ai.types import INFINITY
from games.base import State


def pvs(ctx: SearchContext, state: State, depth: int, alpha: int, beta: int, ply: int = 0) -> int:
    """The value of ``state`` for its mover by principal variation search, fail-soft.

    Same contract as ``ai.negamax.negamax``: exact inside (alpha, beta), a bound
    outside; sets ``ctx.pv[ply]``; mover-aware negation for non-alternating games.
    """
    value = leaf_value(ctx, state, depth, ply, alpha, beta)
    if value is not None:
        return value
    mover = state.to_move()
    value, table_move = ctx.probe_table(state, depth, alpha, beta, ply)
    if value is not None:
        return value
    if beta - alpha == 1:  # a scout's null window: passing may already be enough
        cut = null_move_cutoff(pvs, ctx, state, depth, beta, ply)
        if cut is not None:
            return cut
    horizon_before = ctx.horizon_leaves
    original_alpha = alpha
    best = -INFINITY
    best_move = None
    in_check = ctx.reductions and state.in_check()
    for index, move in enumerate(ctx.moves(state, ply, mover, table_move)):
        child = state.apply(move)
        child_depth = ctx.child_depth(child, depth, ply)
        if index == 0:
            value = child_value(pvs, ctx, mover, child, child_depth, alpha, beta, ply)
        else:
            # Null-window scout: is this move better than alpha at all? (A late quiet
            # move is asked a ply shallower first.)
            scout_depth = child_depth - 1 if reduced(ctx, state, move, index, depth, child_depth, in_check) \
                else child_depth
            value = child_value(pvs, ctx, mover, child, scout_depth, alpha, alpha + 1, ply)
            if value > alpha and scout_depth < child_depth:
                value = child_value(pvs, ctx, mover, child, child_depth, alpha, alpha + 1, ply)
            if alpha < value < beta:
                # It is: search it again with the full window for its exact value.
                value = child_value(pvs, ctx, mover, child, child_depth, alpha, beta, ply)
        if value > best:
            best, best_move = value, move
            ctx.pv[ply] = [move, *ctx.pv[ply + 1]]
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    ctx.record_cutoff(state, move, ply, mover, depth)
                    break
    if best_move is None:  # no legal move: the game ended here (checkmate, stalemate)
        return ctx.terminal_score(state, mover, ply)
    ctx.store_table(state, depth, best, None if best <= original_alpha else best_move, original_alpha, beta, ply,
                    horizon_before)
    return best
