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

from ai.context import SearchContext, UnsupportedGame
from ai.quiescence import horizon_value
from ai.transposition import COMPLETE_DEPTH, EXACT, LOWER, UPPER, score_from_table, score_to_table
from ai.types import INFINITY
from games.base import CHANCE, State


def minimax(ctx: SearchContext, state: State, depth: int, ply: int = 0) -> int:
    """MINIMAX-VALUE of ``state`` searched ``depth`` plies deep, from MAX's point of view.

    Leaves are terminal states (scored by utility, "win in N" form) or states at the
    depth limit (scored by ``ctx.evaluate``). Sets ``ctx.pv[ply]`` to the best line.
    Raises ``UnsupportedGame`` at a chance node and ``SearchAborted`` when stopped.
    """
    ctx.enter_node(ply)
    value = ctx.settled_value(state, depth, ply, ctx.root_player)
    if value is not None:
        return value
    mover = state.to_move()
    if mover == CHANCE:
        raise UnsupportedGame("minimax cannot search chance nodes; use expectiminimax")
    if depth <= 0:
        ctx.horizon_leaves += 1
        return horizon_value(ctx, state, ctx.root_player, -INFINITY, INFINITY, ply)
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
    ctx.enter_node(ply)
    value = ctx.settled_value(state, depth, ply, ctx.root_player)
    if value is not None:
        return value
    mover = state.to_move()
    if mover == CHANCE:
        raise UnsupportedGame("alpha-beta cannot search chance nodes; use expectiminimax")
    if depth <= 0:
        ctx.horizon_leaves += 1
        return horizon_value(ctx, state, ctx.root_player, alpha, beta, ply)
    maximizing = mover == ctx.root_player
    # The table stores values from the mover's point of view; MAX's view differs in sign
    # at MIN nodes, which also swaps the meaning of lower and upper bounds.
    sign = 1 if maximizing else -1
    table = ctx.table
    table_move = None
    if table is not None:
        entry = table.probe(state.table_key())
        if entry is not None:
            entry_depth, bound, stored, table_move = entry
            if table_move is not None:
                table_move = state.from_table_move(table_move)
            if entry_depth >= depth and ply > 0:
                value = sign * score_from_table(stored, ply)
                if bound != EXACT and sign < 0:
                    bound = LOWER if bound == UPPER else UPPER
                if bound == EXACT or (bound == LOWER and value >= beta) or (bound == UPPER and value <= alpha):
                    ctx.table_cutoff(ply, depth, entry_depth)
                    return value
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
    if table is not None and not (ply == 0 and ctx.root_moves is not None):
        if best <= original_alpha:
            bound = UPPER
        elif best >= original_beta:
            bound = LOWER
        else:
            bound = EXACT
        if sign < 0 and bound != EXACT:
            bound = LOWER if bound == UPPER else UPPER  # now from the mover's point of view
        if bound == UPPER:
            best_move = None  # the mover failed low: no move is known to be best
        stored_depth = COMPLETE_DEPTH if ctx.horizon_leaves == horizon_before else depth
        table.store(state.table_key(), stored_depth, bound, score_to_table(sign * best, ply),
                    None if best_move is None else state.table_move(best_move))
    return best
