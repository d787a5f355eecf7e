"""Selective search: spending less effort on moves that are unlikely to matter.

Two standard ideas, used by negamax and PVS when the search options turn them on (the
textbook minimax and alpha-beta never use them, and neither do direct calls of the
algorithms, whose ``SearchContext`` has them off):

* **Null-move pruning.** If the side to move could pass and a shallower search still
  shows the opponent failing to stop it from reaching ``beta``, a real move will do at
  least as well, so the node is cut without searching its moves. It needs the game to
  allow a pass in the search (``games.capabilities.NullMove``, chess: not in check, and
  not with only king and pawns, where passing can be the best move and the idea fails).
* **Late-move reductions (LMR).** Quiet moves ordered late rarely turn out best; they
  are first searched one ply shallower (two for the latest, far from the horizon) with
  a null window, and searched again at full depth only if that suggests they beat alpha.

* **Late-move pruning** (PVS, games that offer ``games.capabilities.TacticalMoves``):
  in a scout one to three plies from the horizon, not in check, quiet moves that give
  no check and come late in the ordering (``LATE_MOVE_COUNTS``) are not searched at
  all: with killers and history first, a late quiet move there rarely refutes anything.

* **Futility pruning** (PVS, games that offer ``games.capabilities.Futility``), in a
  scout (a null window: not on the principal variation) a few plies from the horizon,
  not in check, with the mover's static evaluation at hand. *Reverse futility*: if the
  evaluation is above ``beta`` by more than quiet moves usually change it in the plies
  left (``futility_margin``), the opponent will not allow this node: it is cut at once.
  *Futility*: if the evaluation is that far below ``alpha``, quiet moves that give no
  check cannot raise it enough and are not searched (captures, promotions and checks
  still are).

All make the value a heuristic one: the iteration is not counted as exact.
"""
from __future__ import annotations

from collections.abc import Callable

from ai.context import SearchContext
from ai.types import MATE_BOUND
from games.base import State

NULL_MOVE_MINIMUM_DEPTH = 4
"""Null-move pruning is tried only this many plies or more from the horizon, so that the
reduced search after the pass still looks at least one ply ahead (a quiet mating threat
is then seen; at the horizon, quiescence would miss it)."""
REDUCTION_MINIMUM_DEPTH = 3
"""Late moves are reduced only this many plies or more from the horizon."""
REDUCTION_AFTER_MOVES = 3
"""The first moves of a node (the best-ordered) are never reduced."""
DEEPER_REDUCTION_AFTER_MOVES = 6
"""Moves ordered this late are reduced by two plies (with enough depth left)."""
DEEPER_REDUCTION_MINIMUM_DEPTH = 4
"""Two-ply reductions only this many plies or more from the horizon."""
DEEPER_REDUCTION_MINIMUM_PLY = 1
"""Two-ply reductions only this many plies or more below the root (the root's moves are
all the engine chooses from: a quiet sacrifice there is reduced by one ply at most)."""

LATE_MOVE_COUNTS = (0, 5, 9, 16)
"""Late-move pruning: in a scout ``depth`` plies from the horizon (1 to 3), quiet moves
that give no check ordered at ``LATE_MOVE_COUNTS[depth]`` (0 first) or later are not
searched. Measured against no pruning at 0.3 s a move (``bench/RESULTS.md``)."""

REVERSE_FUTILITY_DEPTH = 2
"""Reverse futility cuts nodes this many plies or fewer from the horizon."""
FUTILITY_DEPTH = 2
"""Futility skips quiet moves of nodes this many plies or fewer from the horizon."""

Search = Callable[[SearchContext, State, int, int, int, int], int]
"""An algorithm's recursive function: ``(ctx, state, depth, alpha, beta, ply) -> value``."""


def child_value(search: Search, ctx: SearchContext, mover: int, child: State, depth: int, alpha: int, beta: int,
                ply: int) -> int:
    """``child``'s value for ``mover`` searched ``depth`` deep in the window (alpha, beta)
    of ``mover``'s point of view: negated when the child's mover is the other player."""
    if child.to_move() == mover:
        return search(ctx, child, depth, alpha, beta, ply + 1)
    return -search(ctx, child, depth, -beta, -alpha, ply + 1)


def null_move_cutoff(search: Search, ctx: SearchContext, state: State, depth: int, beta: int, ply: int) -> int | None:
    """The value to return at once if passing here already fails high (see the module
    docstring), else ``None``. Only below the root, at depth 4 or more, outside mate
    scores, not right after another pass, when the game offers ``NullMove`` (``ctx.null_move``)
    and ``state.null_move()`` allows one."""
    if not ctx.null_move or ply == 0 or depth < NULL_MOVE_MINIMUM_DEPTH or abs(beta) >= MATE_BOUND:
        return None
    if ctx.last_null_ply == ply - 1:
        return None
    passed = state.null_move()
    if passed is None:
        return None
    reduction = 3 if depth > 6 else 2
    ctx.last_null_ply = ply
    try:
        value = child_value(search, ctx, state.to_move(), passed, depth - 1 - reduction, beta - 1, beta, ply)
    finally:
        ctx.last_null_ply = -2
    if value >= beta:
        ctx.horizon_leaves += 1  # a heuristic cut: the node's value is not exact
        return value if value < MATE_BOUND else beta
    return None


def may_reduce(ctx: SearchContext, state: State) -> bool:
    """Whether late moves of ``state`` may be reduced at all: reductions are on and the
    mover is not in check (every way out of check is searched in full)."""
    return ctx.reductions and not (ctx.tactical and state.in_check())


def reduction(ctx: SearchContext, state: State, move: object, index: int, depth: int, child_depth: int,
              ply: int) -> int:
    """How many plies shallower the ``index``-th move (0 first) of ``state``, a node that
    ``may_reduce``, is searched first: 0 for the first ``REDUCTION_AFTER_MOVES`` moves, a
    move that is not quiet or that gives check (``child_depth`` extended), or a node near
    the horizon (below ``REDUCTION_MINIMUM_DEPTH``); else 1, and 2 for a move ordered
    later still (``DEEPER_REDUCTION_AFTER_MOVES``) with ``DEEPER_REDUCTION_MINIMUM_DEPTH``
    plies or more to go, ``DEEPER_REDUCTION_MINIMUM_PLY`` or more below the root (``ply``)."""
    if (index < REDUCTION_AFTER_MOVES or depth < REDUCTION_MINIMUM_DEPTH or child_depth != depth - 1
            or (ctx.tactical and not state.is_quiet(move))):
        return 0
    if index >= DEEPER_REDUCTION_AFTER_MOVES and depth >= DEEPER_REDUCTION_MINIMUM_DEPTH \
            and ply >= DEEPER_REDUCTION_MINIMUM_PLY:
        return 2
    return 1


def futility_evaluation(ctx: SearchContext, state: State, depth: int, alpha: int, beta: int, ply: int) -> int | None:
    """The static evaluation of ``state`` for its mover where futility pruning may apply
    (see the module docstring): ``ctx.futility`` is on, ``state`` is below the root,
    ``depth`` plies or fewer from the horizon (``REVERSE_FUTILITY_DEPTH``), searched with
    a null window outside mate scores, and the mover is not in check; else ``None``."""
    if (not ctx.futility or ply == 0 or depth > REVERSE_FUTILITY_DEPTH or beta - alpha != 1
            or abs(beta) >= MATE_BOUND or state.in_check()):
        return None
    return ctx.evaluate(state, state.to_move())


def reverse_futility_cutoff(ctx: SearchContext, state: State, evaluation: int | None, depth: int,
                            beta: int) -> int | None:
    """The value to return at once when ``evaluation`` (``futility_evaluation``) is above
    ``beta`` by more than the game's ``futility_margin(depth)``, else ``None``."""
    if evaluation is None:
        return None
    value = evaluation - state.futility_margin(depth)
    if value >= beta:
        ctx.horizon_leaves += 1  # a heuristic cut: the node's value is not exact
        return value
    return None


def futility_value(state: State, evaluation: int | None, depth: int, alpha: int) -> int | None:
    """Where quiet moves of ``state`` are futile (``depth`` within ``FUTILITY_DEPTH`` and
    ``evaluation`` plus the game's margin at most ``alpha``): that sum, the value a futile
    move is given (an upper bound, not above ``alpha``); else ``None``."""
    if evaluation is None or depth > FUTILITY_DEPTH:
        return None
    value = evaluation + state.futility_margin(depth)
    return value if value <= alpha else None


def futile(ctx: SearchContext, state: State, move: object, index: int, depth: int, child_depth: int) -> bool:
    """Whether the ``index``-th move (0 first) of a node whose quiet moves are futile
    (``futility_value``) is left unsearched: not the first move, quiet, and not a check
    (``child_depth`` not extended). Counts the cut as a horizon leaf."""
    if index == 0 or child_depth != depth - 1 or not state.is_quiet(move):
        return False
    ctx.horizon_leaves += 1
    return True


def late_move_pruned(ctx: SearchContext, state: State, move: object, index: int, depth: int,
                     child_depth: int) -> bool:
    """Whether the ``index``-th move (0 first) of a scout (a null window, below the root)
    of a node that ``may_reduce``, ``depth`` plies from the horizon, is left unsearched
    by late-move pruning: ``ctx.late_move_pruning`` is on, ``depth`` is within
    ``LATE_MOVE_COUNTS``, the move is ordered at its count or later, quiet, and gives no
    check (``child_depth`` not extended). Counts the cut as a horizon leaf (the node's
    value is then heuristic)."""
    if not ctx.late_move_pruning or depth >= len(LATE_MOVE_COUNTS) or index < LATE_MOVE_COUNTS[depth] \
            or child_depth != depth - 1 or not state.is_quiet(move):
        return False
    ctx.horizon_leaves += 1
    return True
