"""A deeper iteration of expectiminimax searched outcome by outcome, so that cut short it
still compares its root moves on equal terms.

In a game with dice, a root move's value is the probability-weighted sum over the next
chance node's outcomes (the opponent's rolls). The plain search finishes one root move
before it starts the next; an iteration cut short by the clock then knows the first move
deeper and the others not at all, and can only play the first
(``SearchContext.root_best``). Backgammon's 2-ply took 5-10 s in pure Python, so at a
second a move it was almost never finished for two moves (with the leaf screen and a
faster move generator, 0.5 s at the median, up to 2.5 s: still often cut short).

Searched **outcome by outcome** (``SearchOptions.deepening_by_outcome``, at a root ranked
by an earlier iteration: ``SearchContext.root_ranked``), every root move gets its value
of one outcome one decision deeper before any move gets the next outcome's. After each
such round a move's estimate is

    sum over the outcomes searched deeper  p * deeper value
  + sum over the others                     p * value of the iteration before,

the same outcomes deeper for every move, so the moves are compared on equal terms (the
odd/even-depth difference of each outcome's value falls on all of them alike). The best
estimate is ``SearchContext.root_best``: what the engine plays if the iteration is cut
short (``SearchInfo.partial``). Finished, each move's estimate is its exact value, the
same as the plain search's (only the order of the work differs, and no Star1/Star2 cut
is made between root moves: each outcome is searched in a full window).

The outcomes go in the order of how much the iteration before says they separate the
moves: the probability times the spread of the moves' values of that outcome, largest
first (an outcome on which the moves agree teaches the comparison little). The values of
the iteration before come from the transposition table, which that iteration filled.

The jobs of the rounds (one root move's value of one outcome each) are independent:
with ``ctx.outcome_helpers`` (``SearchOptions.helper_processes``, ``ai.outcome_helper``)
helper processes take some of them while this process searches the others, and the
values are recorded as they come; an outcome counts as searched deeper (in the
estimates and ``root_best``) once it is for every move.

Root moves whose child is not a chance node after the game's fixed-rule decisions
(``SearchContext.policy_move``, backgammon's cube actions), whose game ends there, or
whose child's value is known without search (``SearchContext.settled_value``), are
searched whole first, as the plain search would.
"""
from __future__ import annotations

from collections import Counter, deque
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

from ai.context import SearchAborted, SearchContext
from ai.outcome_helper import HelperPool, share_jobs
from ai.types import INFINITY
from games.base import CHANCE, State

Search = Callable[[SearchContext, State, int, int], float]
"""Expectiminimax itself: ``(ctx, state, depth, ply) -> value`` in a full window, from
``ctx.root_player``'s point of view."""


@dataclass
class _RootMove:
    """One root move searched outcome by outcome: the line up to its chance node (the
    move, then any fixed-rule decisions), that node and its ply, and per outcome the
    shallower and, once searched, the deeper value."""

    line: list[Hashable]
    chance: State
    ply: int
    outcomes: dict[Hashable, float] = field(default_factory=dict)
    shallower: dict[Hashable, float] = field(default_factory=dict)
    deeper: dict[Hashable, float] = field(default_factory=dict)

    def estimate(self, complete: set[Hashable]) -> float:
        """The probability-weighted sum of the deeper values of the ``complete`` outcomes
        (searched deeper for every root move), the shallower ones elsewhere (from the
        root player's point of view)."""
        return sum(probability * (self.deeper[outcome] if outcome in complete else self.shallower[outcome])
                   for outcome, probability in self.outcomes.items())


def applies(ctx: SearchContext, depth: int, ply: int) -> bool:
    """Whether the node at ``ply`` with ``depth`` decisions to go is searched outcome by
    outcome: the root of an iteration of 2 or more decisions whose root moves an earlier
    iteration ranked, with ``ctx.deepening_by_outcome`` on."""
    return ply == 0 and depth >= 2 and ctx.root_ranked and ctx.deepening_by_outcome


def root_by_outcome(ctx: SearchContext, state: State, moves, depth: int,
                    search: Search) -> tuple[float, Hashable | None]:
    """The root's value and best move, ``depth`` decisions deep, searched outcome by
    outcome (see the module docstring); the root's mover is ``ctx.root_player`` (MAX).
    Records each root move's exact value in ``ctx.root_values``, keeps ``ctx.root_best``
    at the best estimate after every round and sets ``ctx.pv[0]``; cut short after a
    round, it records the estimates in ``ctx.root_values`` (the candidate list of the
    iteration cut short, as the engine panel shows it) and raises again. Raises
    ``SearchAborted`` when stopped (``ctx.root_best`` then holds the move to play once
    the first round is done: not before, so that a root move searched whole, such as
    one after which the game ends, is not played for want of the others' estimates)."""
    best_value, best_line = -INFINITY, None
    staged: list[_RootMove] = []
    shared = ctx.outcome_helpers is not None and bool(ctx.outcome_helpers.usable())
    for move in moves:
        root_move = _stage(ctx, state, move, depth, search)
        if isinstance(root_move, _RootMove):
            staged.append(root_move)
            if not shared:  # one process: each move's shallower values right after it
                _shallower_values(ctx, state, [root_move], depth, search, None)
            continue
        value, line = root_move
        ctx.root_values.append((move, value, True))
        if value > best_value:
            best_value, best_line = value, line
    if not staged and best_line is not None:
        ctx.root_best = (best_value, best_line)
    if shared:
        _shallower_values(ctx, state, staged, depth, search, ctx.outcome_helpers)
    complete: set[Hashable] = set()
    rounds = _Rounds(ctx, staged, depth, search, (best_value, best_line), complete)
    try:
        if ctx.outcome_helpers is not None and rounds.jobs:
            rounds.search_with_helpers(state, ctx.outcome_helpers)
        else:
            while rounds.jobs:
                job = rounds.jobs.popleft()
                rounds.record(job, rounds.search_job(job))
    except SearchAborted:
        if ctx.root_best is not None:  # the candidate list of the iteration cut short: the estimates
            _record_estimates(ctx, staged, complete)
        raise
    _record_estimates(ctx, staged, complete)
    if ctx.root_best is None:
        return -INFINITY, None
    value, line = ctx.root_best
    ctx.pv[0] = list(line)
    return value, line[0]


def _stage(ctx: SearchContext, state: State, move: Hashable, depth: int,
           search: Search) -> _RootMove | tuple[float, list[Hashable]]:
    """``move`` made ready to be searched outcome by outcome (its outcomes' values one
    decision shallower come from ``_shallower_values``); or, when its line does not
    reach a chance node, its value and line searched whole."""
    child = state.apply(move)
    line, node, ply = [move], child, 1
    settled = ctx.settled_value(child, depth - 1, 1, ctx.root_player) is not None  # ended, or known (a table)
    while not settled and ctx.policy_move is not None and not node.is_terminal() and node.to_move() != CHANCE:
        forced = ctx.policy_move(node, False)
        if forced is None:
            break
        line.append(forced.move)
        node, ply = node.apply(forced.move), ply + 1
    if settled or node.is_terminal() or node.to_move() != CHANCE:
        return search(ctx, child, depth - 1, 1), [move, *ctx.pv[1]]
    ctx.enter_node(1)  # the root move's child, entered once here (counted as the plain search does)
    root_move = _RootMove(line, node, ply)
    for outcome, probability in node.chance_outcomes():
        root_move.outcomes[outcome] = probability
    return root_move


def _shallower_values(ctx: SearchContext, state: State, staged: list[_RootMove], depth: int,
                      search: Search, pool: HelperPool | None) -> None:
    """Each of ``staged``'s outcomes valued one decision shallower (``depth - 2`` below
    the outcome), searched as the iteration before searched them (its leaf screen,
    ``ctx.previous_leaf_screen``), so that most are that iteration's values from the
    transposition table and the rest the same values searched again. With ``pool``'s
    helpers, those this process's table holds are taken here and the others shared
    (each helper's table holds what it searched in the iteration before)."""
    jobs = [(index, outcome) for index, root_move in enumerate(staged) for outcome in root_move.outcomes]

    def where(job: tuple[int, Hashable]) -> tuple[State, int, int]:
        index, outcome = job
        return staged[index].chance.apply(outcome), depth - 2, staged[index].ply + 1

    def search_here(job: tuple[int, Hashable]) -> float:
        return search(ctx, *where(job))

    def record(job: tuple[int, Hashable], value: float, _line: object = None, _nodes: int = 0) -> None:
        index, outcome = job
        staged[index].shallower[outcome] = value

    screen, ctx.leaf_screen = ctx.leaf_screen, ctx.previous_leaf_screen
    try:
        shared: deque[tuple[int, Hashable]] = deque()
        for job in jobs:  # with helpers, only what this process's table holds is searched here first
            if pool is None or ctx.holds_exact(*where(job)[:2]):
                record(job, search_here(job))
            else:
                shared.append(job)
        if shared:
            share_jobs(ctx, pool, state, shared, where, search_here, record)
    finally:
        ctx.leaf_screen = screen


class _Rounds:
    """The deeper searches of the staged root moves, one job per root move and outcome,
    in rounds: every move's job of an outcome before the next outcome's (in
    ``_outcome_order``). ``record`` keeps a job's value; once an outcome is searched for
    every move it joins ``complete`` and ``ctx.root_best`` becomes the best estimate.
    Alone (``search_job`` per job, in order) or with helper processes
    (``search_with_helpers``), the values and the final result are the same."""

    def __init__(self, ctx: SearchContext, staged: list[_RootMove], depth: int, search: Search,
                 searched_whole: tuple[float, list[Hashable] | None], complete: set[Hashable]) -> None:
        self.ctx, self.staged, self.depth, self.search = ctx, staged, depth, search
        self.searched_whole = searched_whole
        self.complete = complete
        self.jobs: deque[tuple[Hashable, int]] = deque(
            (outcome, index) for outcome in _outcome_order(staged)
            for index, root_move in enumerate(staged) if outcome in root_move.outcomes)
        self.missing = Counter(outcome for outcome, _ in self.jobs)

    def job_state(self, job: tuple[Hashable, int]) -> tuple[State, int, int]:
        """Where ``job`` searches: the state, its decisions to go and its ply."""
        outcome, index = job
        root_move = self.staged[index]
        return root_move.chance.apply(outcome), self.depth - 1, root_move.ply + 1

    def search_job(self, job: tuple[Hashable, int]) -> float:
        """``job``'s value, searched in this process."""
        return self.search(self.ctx, *self.job_state(job))

    def record(self, job: tuple[Hashable, int], value: float) -> None:
        """Keep ``job``'s value; a round complete makes the best estimate the root's best."""
        outcome, index = job
        self.staged[index].deeper[outcome] = value
        self.missing[outcome] -= 1
        if not self.missing[outcome]:
            self.complete.add(outcome)
            self.ctx.root_best = _best(self.staged, self.complete, *self.searched_whole)

    def search_with_helpers(self, root: State, pool: HelperPool) -> None:
        """Every job, shared with ``pool``'s helpers (``ai.outcome_helper.share_jobs``);
        ``ctx.root_child_starts`` then counts the first root move's nodes in its jobs (as
        if it had been searched first: the chart of where the nodes went)."""
        first_move_nodes = [0]

        def record(job: tuple[Hashable, int], value: float, _line: object, nodes: int) -> None:
            if job[1] == 0:
                first_move_nodes[0] += nodes
            self.record(job, value)

        try:
            share_jobs(self.ctx, pool, root, self.jobs, self.job_state, self.search_job, record)
        finally:
            self.ctx.root_child_starts = [0, first_move_nodes[0]]


def _record_estimates(ctx: SearchContext, staged: list[_RootMove], complete: set[Hashable]) -> None:
    """Each staged root move's estimate in ``ctx.root_values`` (the candidate list)."""
    for root_move in staged:
        ctx.root_values.append((root_move.line[0], root_move.estimate(complete), True))


def _outcome_order(staged: list[_RootMove]) -> list[Hashable]:
    """Every outcome of the staged root moves, those that the shallower values say
    separate the moves most first: probability times the spread of the moves' values
    (ties in the order the game lists them)."""
    weights: dict[Hashable, tuple[float, float, float]] = {}
    for root_move in staged:
        for outcome, probability in root_move.outcomes.items():
            value = root_move.shallower[outcome]
            low, high, weight = weights.get(outcome, (value, value, probability))
            weights[outcome] = (min(low, value), max(high, value), max(weight, probability))
    return sorted(weights, key=lambda outcome: -(weights[outcome][1] - weights[outcome][0]) * weights[outcome][2])


def _best(staged: list[_RootMove], complete: set[Hashable], best_value: float,
          best_line: list[Hashable] | None) -> tuple[float, list[Hashable]] | None:
    """The best of the staged moves' estimates (``complete``: the outcomes searched deeper
    for every move) and of the moves searched whole (``best_value`` with
    ``best_line``), as ``(value, line)``."""
    for root_move in staged:
        estimate = root_move.estimate(complete)
        if estimate > best_value:
            best_value, best_line = estimate, root_move.line
    return None if best_line is None else (best_value, list(best_line))
