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

from collections.abc import Hashable

from ai.context import SearchContext, UnsupportedGame
from ai.quiescence import horizon_value
from ai.selectivity import child_value, null_move_cutoff, reduced
from ai.transposition import COMPLETE_DEPTH, EXACT, LOWER, UPPER, score_from_table, score_to_table
from ai.types import INFINITY
from games.base import CHANCE, State


def probe_table(ctx: SearchContext, state: State, depth: int, alpha: int, beta: int, ply: int) -> tuple[int | None, Hashable | None]:
    """Look ``state`` up in ``ctx.table`` (mover's point of view).

    Returns ``(value, move)``: ``value`` is not ``None`` when the entry alone decides
    the node (deep enough, and exact or a bound outside the window); ``move`` is the
    stored best move for ordering. Never cuts at the root (``ply == 0``).
    """
    table = ctx.table
    if table is None:
        return None, None
    entry = table.probe(state.table_key())
    if entry is None:
        return None, None
    entry_depth, bound, stored, move = entry
    if move is not None:
        move = state.from_table_move(move)
    if entry_depth >= depth and ply > 0:
        value = score_from_table(stored, ply)
        if bound == EXACT or (bound == LOWER and value >= beta) or (bound == UPPER and value <= alpha):
            ctx.table_cutoff(ply, depth, entry_depth)
            return value, move
    return None, move


def store_table(
    ctx: SearchContext,
    state: State,
    depth: int,
    best: int,
    best_move: Hashable | None,
    original_alpha: int,
    beta: int,
    ply: int,
    horizon_before: int,
) -> None:
    """Record a node's fail-soft result in ``ctx.table`` with the right bound type.

    A subtree that met no horizon leaf is stored with ``COMPLETE_DEPTH`` (valid at
    any depth).
    """
    if ctx.table is None or (ply == 0 and ctx.root_moves is not None):
        return  # a root searched with only some of its moves is not the position's value
    if best <= original_alpha:
        bound, best_move = UPPER, None
    elif best >= beta:
        bound = LOWER
    else:
        bound = EXACT
    stored_depth = COMPLETE_DEPTH if ctx.horizon_leaves == horizon_before else depth
    ctx.table.store(state.table_key(), stored_depth, bound, score_to_table(best, ply),
                    None if best_move is None else state.table_move(best_move))


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
    value, table_move = probe_table(ctx, state, depth, alpha, beta, ply)
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
    store_table(ctx, state, depth, best, best_move, original_alpha, beta, ply, horizon_before)
    return best
