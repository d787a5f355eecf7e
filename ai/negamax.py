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

from ai.context import SearchContext, UnsupportedGame
from ai.quiescence import horizon_value
from ai.selectivity import child_value, null_move_cutoff, reduced
from ai.types import INFINITY
from games.base import CHANCE, State


def leaf_value(ctx: SearchContext, state: State, depth: int, ply: int, alpha: int, beta: int) -> int | None:
    """Count the node and score it (for its mover) if it needs no children: a finished
    game, a repetition, or the horizon (its evaluation, or its quiescence value in the
    window (alpha, beta)). Returns ``None`` for an inner node. Shared preamble of
    ``negamax`` and ``pvs``.
    """
    ctx.enter_node(ply)
    mover = state.to_move()
    value = ctx.settled_value(state, depth, ply, mover)
    if value is not None:
        return value
    if mover == CHANCE:
        raise UnsupportedGame("negamax and PVS cannot search chance nodes; use expectiminimax")
    if depth <= 0:
        ctx.horizon_leaves += 1
        return horizon_value(ctx, state, mover, alpha, beta, ply)
    return None


def negamax(ctx: SearchContext, state: State, depth: int, alpha: int, beta: int, ply: int = 0) -> int:
    """The value of ``state`` for its mover, searched ``depth`` plies, fail-soft in (alpha, beta).

    Inside the window the value is exact; ``<= alpha`` is an upper bound, ``>= beta`` a
    lower bound. Sets ``ctx.pv[ply]``. Raises ``UnsupportedGame`` at a chance node and
    ``SearchAborted`` when stopped.
    """
    value = leaf_value(ctx, state, depth, ply, alpha, beta)
    if value is not None:
        return value
    mover = state.to_move()
    value, table_move = ctx.probe_table(state, depth, alpha, beta, ply)
    if value is not None:
        return value
    cut = null_move_cutoff(negamax, ctx, state, depth, beta, ply)
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
        if reduced(ctx, state, move, index, depth, child_depth, in_check):
            value = child_value(negamax, ctx, mover, child, child_depth - 1, alpha, alpha + 1, ply)
            if value > alpha:  # the shallow look says it might be good: search it properly
                value = child_value(negamax, ctx, mover, child, child_depth, alpha, beta, ply)
        else:
            value = child_value(negamax, ctx, mover, child, child_depth, alpha, beta, ply)
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
