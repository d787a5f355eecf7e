"""What a search does at its leaves: settle a finished game, and at its horizon
evaluate, or search on through the noisy moves.

``leaf_value`` is the first step of every node of minimax, alpha-beta, negamax and PVS:
count the node, and give its value at once when it needs no children;
``leaf_or_table_value`` adds the transposition table (alpha-beta, negamax and PVS).

A fixed-depth search that stops in the middle of an exchange misjudges the position
(the horizon effect: it counts the pawn a queen just took, not the queen it loses
next). For games that offer noisy moves (``games.capabilities.TacticalMoves``:
captures and promotions in chess), quiescence search goes on beyond the horizon with those
moves only, until the position is quiet. The side to move may always "stand pat"
(take the static evaluation) instead of capturing, so the value is a lower bound
that the noisy moves can only raise. In check there is no standing pat: every legal
move is searched, which also finds checkmate at the horizon.

Quiescence is written in negamax form (values for the mover, fail-soft alpha-beta);
``horizon_value`` serves the max/min-form algorithms too, so that minimax,
alpha-beta, negamax and PVS all give the same values.
"""
from __future__ import annotations

from collections.abc import Hashable

from ai.context import SearchContext, UnsupportedGame
from ai.types import INFINITY
from games.base import CHANCE, State

QUIESCENCE_PLY_LIMIT = 96
"""Plies from the root beyond which quiescence stands pat whatever happens (a guard)."""


def leaf_value(ctx: SearchContext, state: State, depth: int, ply: int, alpha: int, beta: int,
               player: int) -> int | None:
    """Count the node of ``state`` (``ctx.enter_node``) and, if it needs no children, its
    value for ``player``: a settled value (``ctx.settled_value``: a finished game, a
    repetition, a move that wins at once) or, at the horizon (``depth <= 0``), its
    evaluation or quiescence value in the window (alpha, beta) of ``player``'s point of
    view. ``None`` for a node whose moves must be searched. Raises ``UnsupportedGame`` at
    a chance node (minimax, alpha-beta, negamax and PVS have none) and ``SearchAborted``
    when the search must stop."""
    ctx.enter_node(ply)
    value = ctx.settled_value(state, depth, ply, player)
    if value is not None:
        return value
    if state.to_move() == CHANCE:
        raise UnsupportedGame("minimax, alpha-beta, negamax and PVS cannot search chance nodes; use expectiminimax")
    if depth <= 0:
        ctx.horizon_leaves += 1
        return horizon_value(ctx, state, player, alpha, beta, ply)
    return None


def leaf_or_table_value(ctx: SearchContext, state: State, depth: int, ply: int, alpha: int, beta: int,
                        player: int) -> tuple[int | None, Hashable | None]:
    """``leaf_value``, else the value of a transposition-table entry that decides the node
    in the window (see ``SearchContext.probe_table``; the table keeps the mover's point of
    view), as ``(value, table_move)``: ``value`` for ``player``, ``None`` when the moves
    must be searched; ``table_move`` the table's best move, to be searched first."""
    value = leaf_value(ctx, state, depth, ply, alpha, beta, player)
    if value is not None:
        return value, None
    return ctx.probe_table(state, depth, alpha, beta, ply, 1 if state.to_move() == player else -1)


def horizon_value(ctx: SearchContext, state: State, player: int, alpha: int, beta: int, ply: int) -> int:
    """The value for ``player`` of the non-terminal ``state`` at the search horizon,
    within the window (alpha, beta) of ``player``'s point of view: its evaluation, or
    its quiescence value when the game has noisy moves and quiescence is on
    (``ctx.quiescence``)."""
    if not ctx.quiescence:
        return ctx.evaluate(state, player)
    mover = state.to_move()
    if mover == player:
        return quiescence(ctx, state, alpha, beta, ply)
    return -quiescence(ctx, state, -beta, -alpha, ply)


def quiescence(ctx: SearchContext, state: State, alpha: int, beta: int, ply: int) -> int:
    """The quiescence value of ``state`` for its mover, fail-soft in (alpha, beta)
    (see the module docstring). ``state`` must not be finished, and its node must
    already be counted. Raises ``SearchAborted`` when stopped."""
    mover = state.to_move()
    if state.in_check():
        moves = state.legal_moves()
        if not moves:
            return ctx.terminal_score(state, mover, ply)
        moves = sorted(moves, key=state.order_key, reverse=True)
        best = -INFINITY
    else:
        best = ctx.evaluate(state, mover)
        if best >= beta or ply >= QUIESCENCE_PLY_LIMIT:
            return best
        if best > alpha:
            alpha = best
        moves = state.noisy_moves()
    for move in moves:
        child = state.apply(move)
        ctx.enter_node(ply + 1)
        same_mover = child.to_move() == mover
        low, high = (alpha, beta) if same_mover else (-beta, -alpha)
        value = ctx.settled_value(child, 0, ply + 1, child.to_move())
        if value is None:
            value = quiescence(ctx, child, low, high, ply + 1)
        if not same_mover:
            value = -value
        if value > best:
            best = value
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    break
    return best
