"""A search recorded node by node, for the search-tree view of the lab.

``record_tree`` runs minimax, alpha-beta or expectiminimax on a small search and keeps
every node it visits: the move that led there, the window ``(alpha, beta)`` it was
searched in, the value it returned, the moves it did not search because of a cut-off,
and when it was entered and left (for stepping through the search).

The recorded algorithms are the textbook ones of ``ai.minimax`` and
``ai.expectimax`` (no transposition table, no killer or history ordering, no Star
pruning, no move filter), taking the same steps as those do with the same context: the
same move order (``SearchContext.moves``), the same shortcuts (``settled_value``: a
finished game, a repetition, a move that wins at once), the same horizon
(``horizon_value``, quiescence included, its nodes counted on the leaf) and the same
fixed-rule decisions (``GameEntry.policy_move``). The node counts and values therefore equal
the real algorithms' (tests compare them), so the tree shows what the engine does.

Values are from MAX's point of view (the player to move at the root), in score units
(``Score``); chance nodes average their children with the outcomes' probabilities.
"""
from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

from ai.context import SearchAborted, SearchContext
from ai.quiescence import horizon_value
from ai.types import INFINITY
from games.base import CHANCE, State
from games.registry import GameEntry

TREE_ALGORITHMS = ("minimax", "alpha-beta", "expectiminimax")
"""What ``record_tree`` can record: the first two for games without chance, the last
for games with dice."""
NODE_LIMIT = 20_000
"""The largest tree recorded; beyond it ``TreeTooLarge`` is raised."""

MAX, MIN, CHANCE_NODE, LEAF, END = "max", "min", "chance", "leaf", "end"
"""Node kinds: a decision of MAX or MIN, a chance node, a position at the horizon
(evaluated), a position whose value was settled without children (a finished game, a
repetition, a move that wins at once)."""


class TreeTooLarge(ValueError):
    """The search visits more nodes than a tree can show; the message says what to do."""


@dataclass
class TreeNode:
    """One node of a recorded search.

    ``move`` is the text of the move (or the chance outcome) that led here ("" at the
    root); ``kind`` one of ``MAX``, ``MIN``, ``CHANCE_NODE``, ``LEAF``, ``END``;
    ``alpha`` and ``beta`` the window the node was searched in (``-INFINITY`` and
    ``INFINITY`` when open; minimax and expectiminimax always search in the open window);
    ``value`` the value it returned, from the root player's point of view (a bound
    when it is outside the window); ``probability`` the outcome's probability for a
    child of a chance node; ``pruned`` the moves a cut-off left unsearched; ``entered``
    and ``left`` the steps (0, 1, 2, ...) at which the search entered and left the node;
    ``extra_nodes`` nodes searched beyond the horizon (quiescence) or for a settled
    value; ``note`` says why a leaf has its value; ``on_line`` marks the principal
    variation. ``played`` is the move itself (``None`` at the root), to replay the path
    to the node."""

    move: str
    kind: str = LEAF
    ply: int = 0
    alpha: float = -INFINITY
    beta: float = INFINITY
    value: float = 0.0
    probability: float | None = None
    children: list[TreeNode] = field(default_factory=list)
    cut: bool = False
    pruned: list[str] = field(default_factory=list)
    entered: int = 0
    left: int = 0
    extra_nodes: int = 0
    note: str = ""
    on_line: bool = False
    played: Hashable | None = None

    def walk(self):
        """This node and every node below it, in the order they were entered."""
        yield self
        for child in self.children:
            yield from child.walk()


@dataclass
class RecordedTree:
    """A recorded search: ``root``, the algorithm's name, the depth, ``nodes`` as the
    real algorithm counts them (quiescence included), ``steps`` (twice the recorded
    nodes: one step to enter a node, one to leave it) and the root value;
    ``quiescence`` is whether leaves were searched on through noisy moves (asked for,
    and the game offers ``TacticalMoves``: a game without them has no quiescence)."""

    root: TreeNode
    algorithm: str
    depth: int
    nodes: int
    steps: int
    quiescence: bool = False

    @property
    def value(self) -> float:
        """The root's value, from the root player's point of view."""
        return self.root.value

    def size(self) -> int:
        """The number of nodes drawn (recorded)."""
        return sum(1 for _ in self.root.walk())


class _Recorder:
    def __init__(self, ctx: SearchContext) -> None:
        self.ctx = ctx
        self.step = 0

    def enter(self, node: TreeNode) -> None:
        node.entered = self.step
        self.step += 1

    def leave(self, node: TreeNode, value: float) -> float:
        node.value = value
        node.left = self.step
        self.step += 1
        return value

    def settle(self, node: TreeNode, state: State, depth: int) -> float | None:
        ctx = self.ctx
        before = ctx.nodes
        value = ctx.settled_value(state, depth, node.ply, ctx.root_player)
        if value is None:
            return None
        node.kind = END
        node.extra_nodes = ctx.nodes - before
        if state.outcome() is not None or ctx.ended(state) is not None:
            node.note = "the game is over"
        elif ctx.pv[node.ply]:
            node.note = f"wins at once with {state.display_move(ctx.pv[node.ply][0])}"
        else:
            node.note = "a repetition: a draw"
        return value

    def no_moves(self, node: TreeNode, state: State) -> float:
        """Leave a decision node that had no legal move: the game ended there."""
        node.kind = END
        node.note = "no legal move: the game is over"
        return self.leave(node, self.ctx.terminal_score(state, self.ctx.root_player, node.ply))

    def horizon(self, node: TreeNode, state: State, alpha: float, beta: float) -> float:
        ctx = self.ctx
        ctx.horizon_leaves += 1
        before = ctx.nodes
        value = horizon_value(ctx, state, ctx.root_player, alpha, beta, node.ply)
        node.kind = LEAF
        node.extra_nodes = ctx.nodes - before
        node.note = (f"evaluated after {node.extra_nodes} quiescence nodes" if node.extra_nodes else "evaluated")
        return value

    def decision(self, node: TreeNode, state: State, depth: int, alpha: float, beta: float, pruning: bool) -> float:
        """Minimax (``pruning`` off) or alpha-beta at a decision node, recorded."""
        ctx = self.ctx
        ctx.enter_node(node.ply)
        node.alpha, node.beta = alpha, beta
        self.enter(node)
        value = self.settle(node, state, depth)
        if value is not None:
            return self.leave(node, value)
        mover = state.to_move()
        if mover == CHANCE:
            raise ValueError("minimax and alpha-beta cannot search chance nodes: use expectiminimax")
        if depth <= 0:
            return self.leave(node, self.horizon(node, state, alpha, beta))
        maximizing = mover == ctx.root_player
        node.kind = MAX if maximizing else MIN
        best = -INFINITY if maximizing else INFINITY
        moves = ctx.moves(state, node.ply, mover, None)
        for move in moves:
            child_state = state.apply(move)
            child = TreeNode(state.display_move(move), ply=node.ply + 1, played=move)
            node.children.append(child)
            value = self.decision(child, child_state, ctx.child_depth(child_state, depth, node.ply),
                                  alpha if pruning else -INFINITY, beta if pruning else INFINITY, pruning)
            if value > best if maximizing else value < best:
                best = value
            if not pruning:
                continue
            if best >= beta if maximizing else best <= alpha:
                ctx.cutoffs += 1
                node.cut = True
                node.pruned = [state.display_move(rest) for rest in moves]
                break
            if maximizing and best > alpha:
                alpha = best
            elif not maximizing and best < beta:
                beta = best
        if not node.children:
            return self.no_moves(node, state)
        return self.leave(node, best)

    def expected(self, node: TreeNode, state: State, depth: int) -> float:
        """Expectiminimax, recorded (open windows: no pruning)."""
        ctx = self.ctx
        ctx.enter_node(node.ply)
        self.enter(node)
        value = self.settle(node, state, depth)
        if value is not None:
            return self.leave(node, value)
        if depth <= 0:
            ctx.horizon_leaves += 1
            node.kind, node.note = LEAF, "evaluated"
            return self.leave(node, ctx.evaluate(state, ctx.root_player))
        mover = state.to_move()
        if mover == CHANCE:
            node.kind = CHANCE_NODE
            total = 0.0
            for outcome, probability in state.chance_outcomes():
                child = TreeNode(state.display_move(outcome), ply=node.ply + 1, probability=probability,
                                 played=outcome)
                node.children.append(child)
                total += probability * self.expected(child, state.apply(outcome), depth)
            return self.leave(node, total)
        forced = ctx.policy_move(state, False) if ctx.policy_move is not None else None
        maximizing = mover == ctx.root_player
        node.kind = MAX if maximizing else MIN
        if forced is not None:  # a decision made by a fixed rule (a cube action): no depth used
            child = TreeNode(state.display_move(forced.move), ply=node.ply + 1, played=forced.move)
            node.children.append(child)
            node.note = "a decision by a fixed rule"
            return self.leave(node, self.expected(child, state.apply(forced.move), depth))
        best = -INFINITY if maximizing else INFINITY
        for move in ctx.moves(state, node.ply, mover, None):
            child = TreeNode(state.display_move(move), ply=node.ply + 1, played=move)
            node.children.append(child)
            value = self.expected(child, state.apply(move), depth - 1)
            if value > best if maximizing else value < best:
                best = value
        if not node.children:
            return self.no_moves(node, state)
        return self.leave(node, best)


def record_tree(entry: GameEntry, state: State, depth: int, algorithm: str, quiescence: bool = True,
                node_limit: int = NODE_LIMIT) -> RecordedTree:
    """The search of ``state`` to ``depth`` plies (decisions, with dice) by ``algorithm``
    (one of ``TREE_ALGORITHMS``), recorded. ``quiescence`` searches captures beyond the
    horizon in games that have them. Raises ``ValueError`` for an algorithm that does not
    suit the game, a finished game or a depth below 1, and ``TreeTooLarge`` when the
    search would visit more than ``node_limit`` nodes (quiescence nodes included)."""
    if algorithm not in TREE_ALGORITHMS:
        raise ValueError(f"unknown algorithm {algorithm!r}: one of {', '.join(TREE_ALGORITHMS)}")
    chance = entry.game.has_chance
    if (algorithm == "expectiminimax") != chance:
        raise ValueError("a game with dice is searched by expectiminimax" if chance else
                         "expectiminimax is for games with dice: use minimax or alpha-beta")
    if state.is_terminal():
        raise ValueError("the game is over in this position: there is nothing to search")
    if depth < 1:
        raise ValueError(f"the depth must be at least 1, not {depth}")
    mover = state.to_move()
    root_player = mover if mover != CHANCE else state.apply(state.chance_outcomes()[0][0]).to_move()
    ctx = SearchContext(entry.evaluate, root_player, root=state, chance_game=chance, quiescence=quiescence,
                        node_limit=node_limit, evaluate_batch=entry.evaluate_batch, policy_move=entry.policy_move)
    ctx.begin_iteration(())
    recorder = _Recorder(ctx)
    root = TreeNode("")
    try:
        if chance:
            recorder.expected(root, state, depth)
        else:
            recorder.decision(root, state, depth, -INFINITY, INFINITY, algorithm == "alpha-beta")
    except SearchAborted:
        raise TreeTooLarge(f"this search visits more than {node_limit:,} nodes, too many to draw: "
                           f"lower the depth or pick a later position") from None
    _mark_line(root)
    return RecordedTree(root, algorithm, depth, ctx.nodes, recorder.step, quiescence=ctx.quiescence)


def _mark_line(node: TreeNode) -> None:
    """Mark the principal variation: from the root, the first child of each decision
    node that has the node's value, down to a leaf or a chance node."""
    node.on_line = True
    if node.kind not in (MAX, MIN):
        return
    for child in node.children:
        if child.value == node.value:
            _mark_line(child)
            return
