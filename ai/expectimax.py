"""Expectiminimax: minimax extended with chance nodes (dice).

Max/min form, values from the point of view of MAX (``ctx.root_player``):

* at a MAX node, the maximum of the children;
* at a MIN node, the minimum;
* at a CHANCE node, the probability-weighted sum of the children,
  ``sum(p * value(child))``, which is the expected value. (Not divided again by the
  number of outcomes: the probabilities already sum to 1.)

Depth counts decisions only: a chance layer does not use up depth, so depth 2 in
backgammon means "my move, every roll, your reply". Terminal states score
``utility * UTILITY_SCALE`` in a game with chance (expected values have no "win in N").
The principal variation stops at the first chance node. A decision the game makes by a
fixed rule (``State.policy_move``: backgammon's cube actions) is passed through with that
move, using no depth. Results of subtrees are
kept in the transposition table (exact values only, stored from ``FIRST``'s view).
"""
from __future__ import annotations

from ai.context import SearchContext
from ai.transposition import COMPLETE_DEPTH, EXACT, score_from_table, score_to_table
from ai.types import INFINITY
from games.base import CHANCE, FIRST, State


def _candidates(ctx: SearchContext, state: State, depth: int, ply: int, mover: int, table_move,
                maximizing: bool):
    """The moves to search at a decision node: all of them, or with the move filter
    (``ctx.candidate_moves``, 2 or more decisions to go) the best few by a static look at
    where each leads (each look counts as a node)."""
    moves = ctx.moves(state, ply, mover, table_move)
    limit = ctx.candidate_moves
    if not limit or depth < 2:
        return moves
    moves = list(moves)
    if len(moves) <= limit:
        return moves
    scored = []
    for move in moves:
        child = state.apply(move)
        ctx.nodes += 1
        result = child.outcome()
        if result is not None:
            value = ctx.outcome_score(result, ctx.root_player, ply + 1)
        else:
            value = ctx.evaluate(child, ctx.root_player)
        scored.append((value, move))
    scored.sort(key=lambda pair: pair[0], reverse=maximizing)
    return [move for _, move in scored[:limit]]


def expectiminimax(ctx: SearchContext, state: State, depth: int, ply: int = 0) -> float:
    """EXPECTIMINIMAX value of ``state`` from MAX's point of view, ``depth`` decisions deep.

    Returns a float (expected values are not whole numbers). Sets ``ctx.pv[ply]`` at
    decision nodes. Raises ``SearchAborted`` when stopped.
    """
    ctx.enter_node(ply)
    settled = ctx.settled_value(state, depth, ply, ctx.root_player)
    if settled is not None:
        return settled
    if depth <= 0:
        ctx.horizon_leaves += 1
        return ctx.evaluate(state, ctx.root_player)
    if state.to_move() != CHANCE:
        forced = state.policy_move()
        if forced is not None:  # a fixed-rule decision (a cube action): no depth used
            value = expectiminimax(ctx, state.apply(forced.move), depth, ply + 1)
            ctx.pv[ply] = [forced.move, *ctx.pv[ply + 1]]
            return value
    # Stored values are from FIRST's point of view so entries survive a change of root player.
    sign = 1 if ctx.root_player == FIRST else -1
    table = ctx.table
    table_move = None
    if table is not None:
        entry = table.probe(state.table_key())
        if entry is not None:
            entry_depth, _bound, stored, table_move = entry
            if table_move is not None:
                table_move = state.from_table_move(table_move)
            if entry_depth >= depth and ply > 0:
                ctx.table_cutoff(ply, depth, entry_depth)
                return score_from_table(sign * stored, ply)
    horizon_before = ctx.horizon_leaves
    mover = state.to_move()
    best_move = None
    if mover == CHANCE:
        value = 0.0
        for outcome, probability in state.chance_outcomes():
            value += probability * expectiminimax(ctx, state.apply(outcome), depth, ply + 1)
        ctx.pv[ply] = []
    else:
        maximizing = mover == ctx.root_player
        value = -INFINITY if maximizing else INFINITY
        for move in _candidates(ctx, state, depth, ply, mover, table_move, maximizing):
            child_value = expectiminimax(ctx, state.apply(move), depth - 1, ply + 1)
            if child_value > value if maximizing else child_value < value:
                value, best_move = child_value, move
                ctx.pv[ply] = [move, *ctx.pv[ply + 1]]
        if best_move is None:  # no legal move: the game ended here
            return ctx.terminal_score(state, ctx.root_player, ply)
    if table is not None and not (ply == 0 and ctx.root_moves is not None):
        stored_depth = COMPLETE_DEPTH if ctx.horizon_leaves == horizon_before else depth
        table.store(state.table_key(), stored_depth, EXACT, sign * score_to_table(value, ply),
                    None if best_move is None else state.table_move(best_move))
    return value
