"""Textbook minimax and alpha-beta in max/min form, as in the course notes.

Values are from the point of view of MAX, the player to move at the root
(``ctx.root_player``): a node where MAX moves takes the maximum of its children, a
node where the other player moves the minimum. Because the mover is read from each
state, a player moving twice in a row needs no special case.

``minimax`` uses nothing but the depth limit: it visits every node of the tree (the
baseline that alpha-beta is compared with). ``alphabeta`` adds the alpha-beta window
(AIMA's MAX-VALUE/MIN-VALUE) and, when the context has them, the transposition table,
killer and history ordering.
"""
from __future__ import annotations

from ai.context import SearchContext
from ai.quiescence import leaf_or_table_value, leaf_value
from ai.types import INFINITY
from games.base import State


def minimax(ctx: SearchContext, state: State, depth: int, ply: int = 0) -> int:
    """MINIMAX-VALUE of ``state`` searched ``depth`` plies deep, from MAX's point of view.

    Leaves are terminal states (scored by utility, "win in N" form) or states at the
    depth limit (scored by ``ctx.evaluate``). Sets ``ctx.pv[ply]`` to the best line.
    Raises ``UnsupportedGame`` at a chance node and ``SearchAborted`` when stopped.
    """
    value = leaf_value(ctx, state, depth, ply, -INFINITY, INFINITY, ctx.root_player)
    if value is not None:  # a finished game, or the horizon
        return value
    mover = state.to_move()
    maximizing = mover == ctx.root_player
    best = -INFINITY if maximizing else INFINITY
    searched = False
    for move in ctx.moves(state, ply, mover, None):
        searched = True
        child = state.apply(move)
        value = minimax(ctx, child, ctx.child_depth(child, depth, ply), ply + 1)
        if value > best if maximizing else value < best:
            best = value
            ctx.pv[ply] = [move, *ctx.pv[ply + 1]]
    if not searched:  # no legal move: the game ended here (checkmate, stalemate)
        return ctx.terminal_score(state, ctx.root_player, ply)
    return best


def alphabeta(ctx: SearchContext, state: State, depth: int, alpha: int, beta: int, ply: int = 0) -> int:
    """ALPHA-BETA value of ``state`` from MAX's point of view, within the window (alpha, beta).

    The result is exact when it lies strictly inside the window; a result ``<= alpha``
    is an upper bound and ``>= beta`` a lower bound on the true minimax value.
    Call with ``(-INFINITY, INFINITY)`` at the root. Same leaves, errors and
    ``ctx.pv`` contract as ``minimax``.
    """
    value, table_move = leaf_or_table_value(ctx, state, depth, ply, alpha, beta, ctx.root_player)
    if value is not None:  # a finished game, the horizon, or a table entry that decides the node
        return value
    mover = state.to_move()
    maximizing = mover == ctx.root_player
    horizon_before = ctx.horizon_leaves
    original_alpha, original_beta = alpha, beta
    best = -INFINITY if maximizing else INFINITY
    best_move = None
    searched = False
    for move in ctx.moves(state, ply, mover, table_move):
        searched = True
        child = state.apply(move)
        value = alphabeta(ctx, child, ctx.child_depth(child, depth, ply), alpha, beta, ply + 1)
        if maximizing:
            if value > best:
                best, best_move = value, move
                ctx.pv[ply] = [move, *ctx.pv[ply + 1]]
            if best >= beta:
                ctx.record_cutoff(state, move, ply, mover, depth)
                break
            if best > alpha:
                alpha = best
        else:
            if value < best:
                best, best_move = value, move
                ctx.pv[ply] = [move, *ctx.pv[ply + 1]]
            if best <= alpha:
                ctx.record_cutoff(state, move, ply, mover, depth)
                break
            if best < beta:
                beta = best
    if not searched:  # no legal move: the game ended here (checkmate, stalemate)
        return ctx.terminal_score(state, ctx.root_player, ply)
    # The table keeps the mover's point of view: MAX's differs in sign at MIN nodes.
    failed_low = best <= original_alpha if maximizing else best >= original_beta  # no move is known to be best
    ctx.store_table(state, depth, best, None if failed_low else best_move, original_alpha, original_beta, ply,
                    horizon_before, 1 if maximizing else -1)
    return best
