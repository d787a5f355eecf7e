"""Expectiminimax: minimax extended with chance nodes (dice), with Star1/Star2 pruning.

Max/min form, values from the point of view of MAX (``ctx.root_player``):

* at a MAX node, the maximum of the children;
* at a MIN node, the minimum;
* at a CHANCE node, the probability-weighted sum of the children,
  ``sum(p * value(child))``, which is the expected value. (Not divided again by the
  number of outcomes: the probabilities already sum to 1.)

Depth counts decisions only: a chance layer does not use up depth, so depth 2 in
backgammon means "my move, every roll, your reply". Terminal states score
``utility * UTILITY_SCALE`` in a game with chance (expected values have no "win in N"),
the same scale as the evaluations (thousandths of a point in backgammon, cube included).
The principal variation stops at the first chance node. A decision the game makes by a
fixed rule (``ctx.policy_move``, from the game's registry entry: backgammon's cube
actions) is passed through with that move, using no depth.

**Windows and pruning (Ballard's Star1 and Star2).** Every node is searched in a window
``(alpha, beta)`` and is *fail-soft*: a value at or below ``alpha`` is an upper bound of
the true value, at or above ``beta`` a lower bound, anything between is exact. Decision
nodes narrow the window as alpha-beta does. A chance node can prune only when the values
of its children are bounded: ``ctx.value_bound(state, depth)`` (from the game's
``ChanceBounds``, e.g. 3 points times the cube in backgammon). Then

* **Star1**: before each outcome, the window it needs is worked out from what the
  searched outcomes gave and the bounds of the others; once one outcome fails outside its
  window, the whole node does, and the other outcomes are not searched;
* **Star2** (probing, with 2 or more decisions to go): first one move of every outcome is
  searched (the table's move, or the filter's statically best), which bounds that
  outcome's value from one side (a MIN node is worth at most any of its moves); if these
  bounds already put the node outside the window it is cut, else they narrow Star1's
  windows. The probed subtrees are kept in the table, so the full pass re-uses them.

The root value and move are the same with and without pruning (``ctx.chance_pruning``);
only cut nodes return bounds. Each root move's value, or its bound when it was cut, is
kept in ``ctx.root_values`` (the engine's candidate list); with
``ctx.exact_root_values`` every root move is searched in the full window, so none is
cut at the root and each has its value.

**Batch leaves.** A decision node one ply above the horizon makes all its children and
evaluates the open ones in one call (``ctx.evaluate_batch``) instead of a recursive call
per leaf; its value is exact, unless ``ctx.leaf_screen`` (deep iterations only, see
``SearchOptions.leaf_screen``) let it evaluate only the few children the game's screen
ranks best: then it is the best of those, kept in the table as a bound.

Results of subtrees are kept in the transposition table with their bound type, stored
from ``FIRST``'s point of view.
"""
from __future__ import annotations

from collections.abc import Hashable

from ai.context import SearchContext
from ai.outcome_deepening import applies as by_outcome, root_by_outcome
from ai.parallel_root import applies as shared_root, root_in_parallel
from ai.types import INFINITY
from games.base import CHANCE, FIRST, State

PROBE_MINIMUM_DEPTH = 2
"""Star2 probes the outcomes of a chance node only this many decisions or more from the
horizon: one ply above it, a probe costs the outcome's move generation, most of what a
full look at its one-move-deep subtree costs."""


def _candidates(ctx: SearchContext, state: State, depth: int, ply: int, mover: int, table_move,
                maximizing: bool):
    """The moves to search at a decision node: all of them, or with the move filter
    (``ctx.candidate_moves``, below the root ``ctx.inner_candidate_moves`` when set; 2 or
    more decisions to go) the best few by a static look at where each leads (one batch
    evaluation; each look counts as a node), best first, and with ``ctx.candidate_margin``
    only those within that margin of the best. A ranked root (``ctx.root_ranked``) is
    searched as it stands."""
    moves = ctx.moves(state, ply, mover, table_move)
    if ply == 0 and ctx.root_ranked:  # an earlier iteration's best few, best first
        return list(moves)
    limit, margin = ctx.candidate_moves, ctx.candidate_margin
    if ply > 0 and ctx.inner_candidate_moves:
        limit = ctx.inner_candidate_moves
    if not limit or depth < 2:
        return moves
    moves = list(moves)
    if len(moves) <= limit and not margin:
        return moves
    values: list[float] = []
    open_children, open_at = [], []
    for move in moves:
        child = state.apply(move)
        ctx.nodes += 1
        result = child.outcome()
        values.append(ctx.outcome_score(result, ctx.root_player, ply + 1) if result is not None else 0.0)
        if result is None:
            open_at.append(len(values) - 1)
            open_children.append(child)
    if open_children:
        for at, value in zip(open_at, ctx.evaluate_batch(open_children, ctx.root_player)):
            values[at] = value
    scored = sorted(zip(values, range(len(moves))), key=lambda pair: pair[0], reverse=maximizing)[:limit]
    if margin:
        best = scored[0][0]
        scored = [pair for pair in scored if abs(best - pair[0]) <= margin]
    return [moves[at] for _, at in scored]


def expectiminimax(ctx: SearchContext, state: State, depth: int, ply: int = 0,
                   alpha: float = -INFINITY, beta: float = INFINITY) -> float:
    """EXPECTIMINIMAX value of ``state`` from MAX's point of view, ``depth`` decisions deep,
    searched in the window ``(alpha, beta)`` (fail-soft: see the module docstring; the
    default window gives the exact value).

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
    if ctx.policy_move is not None and state.to_move() != CHANCE:
        forced = ctx.policy_move(state, False)
        if forced is not None:  # a fixed-rule decision (a cube action): no depth used
            value = expectiminimax(ctx, state.apply(forced.move), depth, ply + 1, alpha, beta)
            ctx.pv[ply] = [forced.move, *ctx.pv[ply + 1]]
            return value
    # Stored values are from FIRST's point of view so entries survive a change of root player.
    sign = 1 if ctx.root_player == FIRST else -1
    value, table_move = ctx.probe_table(state, depth, alpha, beta, ply, sign)
    if value is not None:
        return value
    horizon_before = ctx.horizon_leaves
    mover = state.to_move()
    best_move = None
    exact = False
    if mover == CHANCE:
        value = _chance_value(ctx, state, depth, ply, alpha, beta)
        ctx.pv[ply] = []
    else:
        maximizing = mover == ctx.root_player
        candidates = _candidates(ctx, state, depth, ply, mover, table_move, maximizing)
        if depth == 1 and ply > 0:
            value, best_move, exact = _leaf_decision(ctx, state, candidates, ply, maximizing)
            if not exact:  # screened: a child not evaluated may be better for the mover, so the
                # value is a bound on the mover's side whatever the window (stored as that bound)
                alpha, beta = (-INFINITY, value) if maximizing else (value, INFINITY)
        elif by_outcome(ctx, depth, ply):
            value, best_move = root_by_outcome(ctx, state, candidates, depth, expectiminimax)
        elif ply == 0 and shared_root(ctx, depth, ply, candidates := list(candidates)):
            value, best_move = root_in_parallel(ctx, state, candidates, depth, expectiminimax)
        else:
            value, best_move = _decision_value(ctx, state, candidates, depth, ply, alpha, beta, maximizing)
        if best_move is None:  # no legal move: the game ended here
            return ctx.terminal_score(state, ctx.root_player, ply)
    ctx.store_table(state, depth, value, best_move, alpha, beta, ply, horizon_before, sign, exact)
    return value


def _decision_value(ctx: SearchContext, state: State, candidates, depth: int, ply: int, alpha: float, beta: float,
                    maximizing: bool) -> tuple[float, Hashable | None]:
    """A MAX or MIN node's value and best move, alpha-beta style (fail-soft). At the root
    each move's value is recorded in ``ctx.root_values`` with whether it is exact."""
    value = -INFINITY if maximizing else INFINITY
    best_move = None
    for move in candidates:
        if ply == 0 and ctx.exact_root_values:
            low, high = alpha, beta
        elif maximizing:
            low, high = max(alpha, value), beta
        else:
            low, high = alpha, min(beta, value)
        child_value = expectiminimax(ctx, state.apply(move), depth - 1, ply + 1, low, high)
        if ply == 0:
            cut = child_value <= low if maximizing else child_value >= high
            ctx.root_values.append((move, child_value, best_move is None or not cut))
        if child_value > value if maximizing else child_value < value:
            value, best_move = child_value, move
            ctx.pv[ply] = [move, *ctx.pv[ply + 1]]
            if ply == 0:  # above the window's lower end: exact (the root's window is open above)
                ctx.root_best = (value, ctx.pv[0])
        if value >= beta if maximizing else value <= alpha:
            ctx.cutoffs += 1
            break
    return value, best_move


def _leaf_decision(ctx: SearchContext, state: State, candidates, ply: int,
                   maximizing: bool) -> tuple[float, Hashable | None, bool]:
    """A decision node one ply above the horizon: every child made, the finished ones
    scored, the others evaluated in one ``ctx.evaluate_batch`` call; the best for the
    mover, its move (``None`` when there is no move) and whether that value is exact.
    With ``ctx.leaf_screen`` (and a game's ``ctx.screen_batch`` that accepts the batch),
    only that many open children, the best by the screen, are evaluated: the value is
    then the best of those, a bound (not exact) when some were left out. Each child counts
    as a node and an evaluated one as a horizon leaf, as if searched one by one."""
    moves = list(candidates)
    values: list[float | None] = []
    open_children: list[State] = []
    open_at: list[int] = []
    child_ply = ply + 1
    for move in moves:
        child = state.apply(move)
        ctx.enter_node(child_ply)
        settled = ctx.settled_value(child, 0, child_ply, ctx.root_player)
        values.append(settled)
        if settled is None:
            open_at.append(len(values) - 1)
            open_children.append(child)
    exact = True
    if open_children:
        keep = ctx.leaf_screen
        if keep and len(open_children) > keep and ctx.screen_batch is not None:
            estimates = ctx.screen_batch(open_children, ctx.root_player)
            if estimates is not None:
                kept = sorted(range(len(open_children)), key=estimates.__getitem__, reverse=maximizing)[:keep]
                kept.sort()
                open_at = [open_at[at] for at in kept]
                open_children = [open_children[at] for at in kept]
                exact = False
        ctx.horizon_leaves += len(open_children)
        for index, value in zip(open_at, ctx.evaluate_batch(open_children, ctx.root_player)):
            values[index] = value
    best_move = None
    best = -INFINITY if maximizing else INFINITY
    for move, value in zip(moves, values):
        if value is not None and (value > best if maximizing else value < best):
            best, best_move = value, move
    if best_move is not None:
        ctx.pv[ply] = [best_move]
    return best, best_move, exact


def _chance_value(ctx: SearchContext, state: State, depth: int, ply: int, alpha: float, beta: float) -> float:
    """A chance node's expected value in the window (fail-soft), with Star1 and Star2
    when ``ctx.chance_pruning`` and the children's values are bounded."""
    outcomes = state.chance_outcomes()
    bound = ctx.value_bound(state, depth) if ctx.chance_pruning else None
    if bound is None or (alpha <= -bound and beta >= bound):  # nothing can be cut
        value = 0.0
        for outcome, probability in outcomes:
            value += probability * expectiminimax(ctx, state.apply(outcome), depth, ply + 1)
        return value
    children = [(state.apply(outcome), probability) for outcome, probability in outcomes]
    lows = [-bound] * len(children)
    highs = [bound] * len(children)
    if depth >= PROBE_MINIMUM_DEPTH:
        for index, (child, _probability) in enumerate(children):
            probed = _probe(ctx, child, depth, ply + 1)
            if probed is not None:
                if child.to_move() == ctx.root_player:
                    lows[index] = max(lows[index], probed)
                else:
                    highs[index] = min(highs[index], probed)
        ceiling = sum(probability * high for (_child, probability), high in zip(children, highs))
        if ceiling <= alpha:
            ctx.cutoffs += 1
            return ceiling
        floor = sum(probability * low for (_child, probability), low in zip(children, lows))
        if floor >= beta:
            ctx.cutoffs += 1
            return floor
    # Star1: the window of each outcome from the outcomes searched and the bounds of the rest.
    rest_low = sum(probability * low for (_child, probability), low in zip(children, lows))
    rest_high = sum(probability * high for (_child, probability), high in zip(children, highs))
    searched = 0.0
    for (child, probability), low, high in zip(children, lows, highs):
        rest_low -= probability * low
        rest_high -= probability * high
        child_alpha = (alpha - searched - rest_high) / probability
        child_beta = (beta - searched - rest_low) / probability
        child_value = expectiminimax(ctx, child, depth, ply + 1, child_alpha, child_beta)
        if child_value <= child_alpha:
            ctx.cutoffs += 1
            return searched + probability * child_value + rest_high
        if child_value >= child_beta:
            ctx.cutoffs += 1
            return searched + probability * child_value + rest_low
        searched += probability * child_value
    return searched


def _probe(ctx: SearchContext, child: State, depth: int, ply: int) -> float | None:
    """Star2's probe of a chance node's outcome ``child`` (a decision node at ``ply`` with
    ``depth`` to go): the exact value of one of its moves, which bounds ``child``'s value
    (from above at a MIN node, from below at a MAX node); ``None`` when ``child`` is not a
    plain decision node with a move worth probing (the table's, else the move filter's
    statically best). The probed subtree is stored in the table for the full search."""
    if child.is_terminal() or child.to_move() == CHANCE:
        return None
    if ctx.policy_move is not None and ctx.policy_move(child, False) is not None:
        return None
    move = ctx.stored_move(child)
    if move is not None and not ctx.is_legal(child, move):
        move = None
    if move is None:
        if not ctx.candidate_moves:
            return None
        maximizing = child.to_move() == ctx.root_player
        candidates = _candidates(ctx, child, depth, ply, child.to_move(), None, maximizing)
        move = next(iter(candidates), None)
        if move is None:
            return None
    return expectiminimax(ctx, child.apply(move), depth - 1, ply + 1)
