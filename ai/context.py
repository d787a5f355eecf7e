"""State shared by the nodes of one search: counters, limits, tables and the evaluation.

Every algorithm module (``minimax``, ``negamax``, ``pvs``, ``expectimax``) is a set
of recursive functions taking a ``SearchContext`` first. The context is created per
iteration-deepening run by ``ai.engine.Engine`` (or directly, in tests).

The context is also where the search meets what a game offers beyond its rules
(``games.capabilities``): it reads once, from the root position's class, which
capabilities the game declares, keeps the answer in plain flags (``tactical``,
``table_keys``, ...) and asks a node only for what was declared. The algorithms ask the
context, never the state's class.
"""
from __future__ import annotations

import threading
import time
from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import TYPE_CHECKING

from ai.ordering import MoveOrdering
from ai.transposition import (COMPLETE_DEPTH, EXACT, LOWER, SWAPPED, UPPER, TranspositionTable, score_from_table,
                              score_to_table)
from ai.types import MATE, UTILITY_SCALE
from games.base import KnownMove, Outcome, State
from games.capabilities import (ChanceBounds, Futility, HorizonOutcome, KnownResults, NullMove, Repetitions, ShortGame,
                                Symmetries, TableKeys,
                                TacticalMoves, capabilities_of)

if TYPE_CHECKING:
    from ai.outcome_helper import HelperPool

EXTENSION_PLY_LIMIT = 40
"""Plies from the root beyond which checks no longer extend the search (a guard)."""
CHECK_INTERVAL = 128
"""Stop conditions are checked every this many nodes (and exactly at a node limit)."""

Evaluate = Callable[[State, int], int]
"""``evaluate(state, player)``: heuristic score of a non-terminal state from ``player``'s view."""
EvaluateBatch = Callable[[Sequence[State], int], Sequence[int]]
"""``evaluate_batch(states, player)``: ``evaluate`` of each state, in one call."""
ScreenBatch = Callable[[Sequence[State], int], "Sequence[int] | None"]
"""``screen_batch(states, player)``: a cheap estimate of siblings' values, good only to rank
them (``games.registry.GameEntry.screen_batch``), or ``None`` where the game declines."""
PolicyMove = Callable[[State, bool], "KnownMove | None"]
"""``policy_move(state, root)``: a decision made by a fixed rule, not searched
(``games.registry.GameEntry.policy_move``), or ``None`` at an ordinary decision; ``root``:
the careful decision the engine plays at its root, with its score and note."""


class SearchAborted(Exception):
    """Raised inside a search when it must stop now; the iteration in progress is discarded."""


class UnsupportedGame(ValueError):
    """An algorithm was asked to search a game it cannot (alpha-beta on a dice game)."""


class SearchContext:
    """Counters, limits, tables and injected knowledge for one search.

    ``root_player`` is the mover at the root; scores returned by max/min-form
    algorithms are from that player's point of view. ``root`` is a position of the game
    searched (the root, usually): the capabilities its class declares
    (``games.capabilities``) are used, and no others; without it none are (the
    textbook algorithms, as for a game that offers nothing). ``deadline`` is an absolute
    time of ``clock`` (seconds) or ``None``; the engine may change it between
    iterations (its time budget only counts once the minimum depth is complete).
    ``clock`` is the monotonic time source the deadline is read against
    (``time.perf_counter`` unless the engine was given another; tests inject one so
    that what a timed search does cannot depend on the machine's speed).
    ``table`` and ``ordering`` may be ``None`` (enhancement off). ``chance_game``
    selects utility scaling for terminal states (averaged values) instead of the
    "win in N" form. ``quiescence`` lets leaves of games with ``TacticalMoves`` be
    searched on through captures (``ai.quiescence``); ``check_extension`` searches a move
    that gives check one ply deeper there (see ``child_depth``); ``null_move`` (games
    with ``NullMove``), ``futility`` (games with ``Futility``), ``reductions`` and ``late_move_pruning`` (with
    ``reductions``, games with ``TacticalMoves``) turn on the selective search of
    ``ai.selectivity`` (off unless asked for, so the algorithms called directly are the
    textbook ones). Each option is kept on only where the game offers what it needs.
    ``candidate_moves`` (0: off) is
    expectiminimax's move filter: at a decision node with 2 or more decisions to go,
    only that many moves, the best by a static evaluation of the position each leads to,
    are searched deeper (``inner_candidate_moves``, when not 0, below the root).
    ``chance_pruning`` lets expectiminimax cut chance nodes (Star1/Star2) in a game with
    ``ChanceBounds``, and ``exact_root_values`` searches each root move in a full window there (its value, not a bound, for the
    candidate list); ``evaluation_margin``
    (score units) is added to that bound for evaluations that may stray beyond it (a weak
    level's deliberate errors). ``evaluate_batch(states, player)`` evaluates several
    states at once (the default calls ``evaluate`` on each); ``screen_batch`` ranks a leaf
    decision's children cheaply for ``leaf_screen`` (set per iteration by the engine: see
    ``SearchOptions.leaf_screen``). ``policy_move`` is the game's rule for decisions it
    does not search (``PolicyMove``; ``None``: every decision is searched).
    """

    def __init__(
        self,
        evaluate: Evaluate,
        root_player: int,
        *,
        root: State | None = None,
        table: TranspositionTable | None = None,
        ordering: MoveOrdering | None = None,
        stop_event: threading.Event | None = None,
        deadline: float | None = None,
        node_limit: int | None = None,
        chance_game: bool = False,
        quiescence: bool = True,
        check_extension: bool = True,
        null_move: bool = False,
        reductions: bool = False,
        futility: bool = False,
        late_move_pruning: bool = False,
        candidate_moves: int = 0,
        candidate_margin: int = 0,
        inner_candidate_moves: int = 0,
        deepening_by_outcome: bool = False,
        chance_pruning: bool = False,
        exact_root_values: bool = False,
        evaluation_margin: int = 0,
        evaluate_batch: EvaluateBatch | None = None,
        policy_move: PolicyMove | None = None,
        screen_batch: ScreenBatch | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        offered = capabilities_of(root) if root is not None else ()
        self.tactical = TacticalMoves in offered
        """Whether the game offers ``TacticalMoves``: noisy moves, check, ``order_key``, ``is_quiet``."""
        self.table_keys = TableKeys in offered
        """Whether the game offers ``TableKeys``: ``table_key`` and ``is_legal``."""
        self.symmetries = Symmetries in offered
        """Whether the game offers ``Symmetries``: moves stored in the table key's frame."""
        self.repetitions = Repetitions in offered
        """Whether the game offers ``Repetitions``: ``repeats``."""
        self.horizon_outcomes = HorizonOutcome in offered
        """Whether the game offers ``HorizonOutcome``: ``horizon_outcome`` ends nodes."""
        self.known_results = KnownResults in offered
        """Whether the game offers ``KnownResults``: ``known_result`` ends nodes with their exact value."""
        self.short_game = ShortGame in offered
        """Whether the game offers ``ShortGame``: ``winning_move``, ``loses_at_once``, ``plies_left_at_most``."""
        self.evaluate = evaluate
        self.clock = clock
        self.evaluate_batch = evaluate_batch or self._evaluate_each
        self.policy_move = policy_move
        self.screen_batch = screen_batch
        self.leaf_screen = 0
        """How many children a leaf decision evaluates, the best by ``screen_batch`` (0: all);
        set by the engine for each iteration (``SearchOptions.leaf_screen``)."""
        self.previous_leaf_screen = 0
        """``leaf_screen`` of the iteration before (what the table's shallower values were
        searched with: ``ai.outcome_deepening`` searches them again with it)."""
        self.outcome_helpers: HelperPool | None = None
        """Helper processes that search a ranked root's outcomes beside this one
        (``ai.outcome_helper``; ``SearchOptions.helper_processes``), set by the engine for
        searches without a node limit; ``None``: this process searches them all."""
        self.chance_pruning = chance_pruning and chance_game and ChanceBounds in offered
        self.exact_root_values = exact_root_values
        self.evaluation_margin = evaluation_margin
        self.root_values: list[tuple[Hashable, float, bool]] = []
        self.root_child_starts: list[int] = []
        """The node count at each entry into a child of the root in this iteration
        (``enter_node`` at ply 1), in order: differences give each root move's subtree."""
        self.root_player = root_player
        self.table = table
        self.ordering = ordering
        self.stop_event = stop_event
        self.deadline = deadline
        self.node_limit = node_limit
        self.chance_game = chance_game
        self.quiescence = quiescence and self.tactical
        self.check_extension = check_extension and self.tactical
        self.null_move = null_move and NullMove in offered
        self.futility = futility and self.tactical and Futility in offered
        self.reductions = reductions
        self.late_move_pruning = late_move_pruning and reductions and self.tactical
        """Late-move pruning in PVS scouts (``ai.selectivity.late_move_pruned``): games with ``TacticalMoves``."""
        self.candidate_moves = candidate_moves
        self.candidate_margin = candidate_margin
        self.inner_candidate_moves = inner_candidate_moves
        """The move filter's limit below the root (0: ``candidate_moves`` there too; 1: GNU
        Backgammon's n-ply, each reply chosen by the static look and only it searched on)."""
        self.deepening_by_outcome = deepening_by_outcome
        """Whether a ranked root (``root_ranked``) is searched outcome by outcome
        (``ai.outcome_deepening``)."""
        self.root_ranked = False
        """Whether ``root_moves`` and ``root_order`` are an earlier iteration's best root
        moves, best first (``SearchOptions.deepening_candidates``): searched as they are,
        with no static filter at the root."""
        self.last_null_ply = -2
        self.nodes = 0
        self.cutoffs = 0
        """Cut-offs of the main search: beta cut-offs, and chance nodes cut by Star1/Star2."""
        self._check_at = self._next_check()
        self.seldepth = 0
        self.horizon_leaves = 0
        self.pv: list[list[Hashable]] = [[] for _ in range(64)]
        self.root_best: tuple[float, list[Hashable]] | None = None
        """The best root move found so far in this iteration with a value above the root's
        window's lower end, as ``(value for the root's mover, principal variation)``; set by
        negamax and PVS (``ai.negamax.best_of_moves``) and expectiminimax (whose root window
        is open above, so each improvement is exact), ``None`` until a root move is
        searched to the end. A lower bound of the iteration's value: the engine plays it
        when the iteration is cut short (``SearchInfo.partial``). Searched outcome by
        outcome (``ai.outcome_deepening``), it is instead the best estimate so far, some
        outcomes valued deeper than others."""
        self.root_moves: frozenset[Hashable] | None = None
        self.previous_pv: tuple[Hashable, ...] = ()
        self.follow_pv = False
        self.root_order: tuple[Hashable, ...] | None = None

    # -- stopping -------------------------------------------------------------------
    def enter_node(self, ply: int) -> None:
        """Bookkeeping every algorithm does on entering a node at ``ply``: count it,
        check the stop conditions every 128 nodes, track the selective depth, and
        empty the node's principal variation."""
        self.nodes += 1
        if self.nodes >= self._check_at:
            self.check_stop()
        if ply == 1:
            self.root_child_starts.append(self.nodes)
        if ply > self.seldepth:
            self.seldepth = ply
        if ply >= len(self.pv):
            self.pv.extend([] for _ in range(ply + 64 - len(self.pv)))
        self.pv[ply] = []

    def table_cutoff(self, ply: int, depth: int, entry_depth: int) -> None:
        """Bookkeeping every algorithm does when a table entry decides the node at
        ``ply`` that still had ``depth`` plies to search, the entry having been searched
        ``entry_depth`` deep: the entry stands for a subtree at least ``depth`` deep, so
        the selective depth counts ``ply + depth`` as reached; and unless the entry's
        subtree ended everywhere (``COMPLETE_DEPTH``) it counts as a horizon leaf."""
        if entry_depth < COMPLETE_DEPTH:
            self.horizon_leaves += 1
        reached = ply + max(depth, 0)
        if reached > self.seldepth:
            self.seldepth = reached

    def check_stop(self) -> None:
        """Raise ``SearchAborted`` if a stop was requested, the deadline passed or the
        node budget is spent. Called by the algorithms every 128 nodes."""
        if self.stop_event is not None and self.stop_event.is_set():
            raise SearchAborted("stopped")
        if self.deadline is not None and self.clock() >= self.deadline:
            raise SearchAborted("time")
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise SearchAborted("nodes")
        self._check_at = self._next_check()

    def set_node_limit(self, limit: int | None) -> None:
        """Abort after ``limit`` nodes in all (``None``: no limit) from now on (the engine
        changes it between iterations)."""
        self.node_limit = limit
        self._check_at = self._next_check()

    def _next_check(self) -> int:
        step = self.nodes + CHECK_INTERVAL
        if self.node_limit is not None:
            return min(step, self.node_limit + 1)
        return step

    # -- the transposition table ----------------------------------------------------
    def probe_table(self, state: State, depth: int, alpha: float, beta: float, ply: int,
                    sign: int = 1) -> tuple[float | None, Hashable | None]:
        """Look ``state`` up in the transposition table, for a node searched ``depth``
        deep in the window (alpha, beta) at ``ply``.

        The table keeps each value from one point of view: the node's mover (negamax,
        PVS, alpha-beta) or ``FIRST`` (expectiminimax). ``sign`` is 1 when the search's
        values at this node are from that point of view, -1 when from the other player's
        (a MIN node in max/min form), which also swaps lower and upper bounds. Returns
        ``(value, move)``: ``value``, from the search's point of view, is not ``None``
        when the entry alone decides the node (deep enough, and exact or a bound outside
        the window; never at the root); ``move`` is the stored best move, for ordering
        (``None`` if none is stored)."""
        table = self.table
        if table is None:
            return None, None
        entry = table.probe(state.table_key() if self.table_keys else state)
        if entry is None:
            return None, None
        entry_depth, bound, stored, move = entry
        if move is not None and self.symmetries:
            move = state.from_table_move(move)
        if entry_depth >= depth and ply > 0:
            value = score_from_table(sign * stored, ply)
            if sign < 0:
                bound = SWAPPED[bound]
            if bound == EXACT or (bound == LOWER and value >= beta) or (bound == UPPER and value <= alpha):
                self.table_cutoff(ply, depth, entry_depth)
                return value, move
        return None, move

    def store_table(self, state: State, depth: int, value: float, move: Hashable | None, alpha: float, beta: float,
                    ply: int, horizon_before: int, sign: int = 1, exact: bool = False) -> None:
        """Keep a node's result in the transposition table: ``value`` (the search's point
        of view, ``sign`` as for ``probe_table``), found searching ``depth`` deep in the
        window (alpha, beta), is an upper bound at or below alpha, a lower bound at or
        above beta, else exact (``exact``: exact whatever the window, fail-soft or not);
        ``move`` is the node's best move (``None``: none is known, and the one stored
        before is kept). A subtree that met no horizon leaf since ``horizon_before`` (the
        count when the node began) searched to the end of the game everywhere: it is
        stored with ``COMPLETE_DEPTH``, valid at any depth. A root searched with only
        some of its moves (``root_moves``) is not stored: its value is not the position's."""
        table = self.table
        if table is None or (ply == 0 and self.root_moves is not None):
            return
        if exact:
            bound = EXACT
        elif value <= alpha:
            bound = UPPER
        elif value >= beta:
            bound = LOWER
        else:
            bound = EXACT
        if sign < 0:
            bound = SWAPPED[bound]
        stored_depth = COMPLETE_DEPTH if self.horizon_leaves == horizon_before else depth
        if move is not None and self.symmetries:
            move = state.table_move(move)
        table.store(state.table_key() if self.table_keys else state, stored_depth, bound,
                    score_to_table(sign * value, ply), move)

    def holds_exact(self, state: State, depth: int) -> bool:
        """Whether the transposition table holds ``state``'s exact value searched ``depth``
        or more decisions deep (a search of it would be a table hit)."""
        if self.table is None:
            return False
        entry = self.table.probe(self.table_key(state))
        return entry is not None and entry[0] >= depth and entry[1] == EXACT

    def table_key(self, state: State) -> Hashable:
        """``state``'s key in the transposition table: its ``table_key()`` where the game
        offers ``TableKeys``, else the state itself."""
        return state.table_key() if self.table_keys else state

    def stored_move(self, state: State) -> Hashable | None:
        """The best move the table holds for ``state``, as a move of ``state`` (not yet
        checked for legality), or ``None``."""
        if self.table is None:
            return None
        move = self.table.best_move(self.table_key(state))
        if move is not None and self.symmetries:
            move = state.from_table_move(move)
        return move

    def is_legal(self, state: State, move: Hashable) -> bool:
        """Whether ``move`` (perhaps from another position: the table) is legal in
        ``state``: ``State.is_legal`` where the game offers ``TableKeys``, else a look
        among the legal moves."""
        return state.is_legal(move) if self.table_keys else move in state.legal_moves()

    # -- scoring --------------------------------------------------------------------
    def terminal_score(self, state: State, player: int, ply: int) -> int:
        """The score of terminal ``state`` for ``player``, found ``ply`` plies from the root.

        Deterministic games: a win is ``MATE - ply``, a loss ``-(MATE - ply)``, a draw 0.
        Games with chance: ``utility * UTILITY_SCALE`` (values are averaged there, and
        a "win in N" has no meaning under dice).
        """
        return self.outcome_score(state.outcome(), player, ply)

    def outcome_score(self, outcome: Outcome | None, player: int, ply: int) -> int:
        """The score of a game ended by ``outcome`` for ``player`` at ``ply`` (see
        ``terminal_score``). Raises ``ValueError`` for ``None``."""
        if outcome is None:
            raise ValueError("utility of a non-terminal state")
        utility = outcome.utility(player)
        if self.chance_game:
            return round(utility * UTILITY_SCALE)
        if utility > 0:
            return MATE - ply
        if utility < 0:
            return ply - MATE
        return 0

    def settled_value(self, state: State, depth: int, ply: int, player: int) -> int | None:
        """The score for ``player`` of a node that needs no children, else ``None``: a
        finished game as far as ``ended`` knows cheaply (so that a node does not cost
        every legal move; a game that ends for want of moves, checkmate or stalemate, is
        found by the algorithms when no move comes), a position repeated in the game or
        the line (``Repetitions``: a draw; not at the root, and counted as a horizon leaf,
        since the game has not really ended), a position whose result is known
        (``KnownResults``: an endgame table; not at the root; exact), or a position whose
        mover has a move that
        wins at once (``ShortGame.winning_move``; not at the root, where the algorithms
        find it themselves among the allowed moves): no other move can do better, so
        its score is exact, at the horizon too, and that move is the node's line."""
        result = state.horizon_outcome() if self.horizon_outcomes else state.outcome()
        if result is not None and (ply > 0 or state.outcome() is not None):  # the root needs a move
            return self.outcome_score(result, player, ply)
        if ply > 0:
            if self.repetitions and state.repeats():
                self.horizon_leaves += 1
                return 0
            if self.known_results:
                plies = state.known_result()
                if plies is not None:
                    return self._known_score(plies, state.to_move() == player, ply)
            win = state.winning_move() if self.short_game else None
            if win is not None:
                self.pv[ply] = [win]
                if ply + 1 > self.seldepth:
                    self.seldepth = ply + 1
                return self.outcome_score(state.apply(win).outcome(), player, ply + 1)
        return None

    def _known_score(self, plies: int, player_moves: bool, ply: int) -> int:
        """The score at ``ply`` of a known result (``KnownResults.known_result``: ``plies``
        to the end for the mover, positive a win) for the player asked about, who is the
        mover if ``player_moves``; the game ends ``ply + |plies|`` plies from the root,
        which counts as reached."""
        reached = ply + abs(plies)
        if reached > self.seldepth:
            self.seldepth = reached
        if plies == 0:
            return 0
        return MATE - reached if (plies > 0) == player_moves else reached - MATE

    def ended(self, state: State) -> Outcome | None:
        """How the game ended at ``state`` as far as it is cheap to know: its
        ``horizon_outcome()`` where the game offers ``HorizonOutcome``, else its
        ``outcome()`` (see ``settled_value``)."""
        return state.horizon_outcome() if self.horizon_outcomes else state.outcome()

    def child_depth(self, child: State, depth: int, ply: int) -> int:
        """The depth left below ``child`` of a node with ``depth`` at ``ply``: one less,
        but the same when the child's mover is in check (a check extension: forcing
        lines are followed to the end; within ``EXTENSION_PLY_LIMIT`` plies)."""
        if self.check_extension and ply < EXTENSION_PLY_LIMIT and child.in_check():
            return depth
        return depth - 1

    def child_depth_unmade(self, state: State, move: Hashable, depth: int, ply: int) -> int | None:
        """What ``child_depth`` would give for the child of quiet ``move`` of ``state``,
        told without making it (``TacticalMoves.gives_check``), or ``None`` when the game
        cannot tell (the move must be made)."""
        if not (self.check_extension and ply < EXTENSION_PLY_LIMIT):
            return depth - 1
        checks = state.gives_check(move)
        if checks is None:
            return None
        return depth if checks else depth - 1

    def _evaluate_each(self, states: Sequence[State], player: int) -> list[int]:
        evaluate = self.evaluate
        return [evaluate(state, player) for state in states]

    def value_bound(self, state: State, depth: int) -> float:
        """The largest absolute score any node below ``state`` can have within ``depth``
        decisions (``ChanceBounds.value_bound`` in score units, plus
        ``evaluation_margin``). Asked only with ``chance_pruning``, which is on only in a
        game with chance that offers ``ChanceBounds`` (scores there are utilities times
        ``UTILITY_SCALE``; "win in N" scores are not bounded this way)."""
        return state.value_bound(depth) * UTILITY_SCALE + self.evaluation_margin

    # -- principal variation --------------------------------------------------------
    def begin_iteration(self, previous_pv: Sequence[Hashable]) -> None:
        """Reset per-iteration state; the previous iteration's line orders the first
        branch. Empties ``root_values`` (each root move's value, or its bound, and whether
        it is exact, as expectiminimax found them)."""
        self.root_values = []
        self.root_child_starts = []
        self.root_best = None
        self.previous_pv = tuple(previous_pv)
        self.follow_pv = bool(self.previous_pv)
        self.seldepth = 0
        self.pv[0] = []

    def pv_move(self, ply: int, moves: Sequence[Hashable]) -> Hashable | None:
        """The previous iteration's move at ``ply`` while still on its line, else ``None``.

        Once the search leaves the line (its first branch at each ply) this returns
        ``None`` for the rest of the iteration.
        """
        if not self.follow_pv:
            return None
        if ply < len(self.previous_pv) and self.previous_pv[ply] in moves:
            return self.previous_pv[ply]
        self.follow_pv = False
        return None

    def order(self, moves: Sequence[Hashable], ply: int, player: int, table_move: Hashable | None,
              state: State | None = None) -> list[Hashable]:
        """``moves`` (of ``state``) in search order: table move, previous-line move,
        killers, the state's own ``order_key`` (``TacticalMoves``: captures), history.

        At the root, only ``root_moves`` are searched when given (UCI ``searchmoves``),
        and a ``root_order`` replaces all ordering: a fresh shuffle of the legal moves each
        iteration, so that the first of several equally good moves, the one kept, is a
        random one, or an earlier iteration's best moves, best first (``root_ranked``)."""
        if ply == 0:
            if self.root_order is not None:
                moves = self.root_order
            if self.root_moves is not None:
                moves = [move for move in moves if move in self.root_moves]
            if self.root_order is not None:
                if self.follow_pv and self.previous_pv and moves and moves[0] != self.previous_pv[0]:
                    self.follow_pv = False  # the first branch is not the previous line
                return list(moves)
        pv_move = self.pv_move(ply, moves)
        order_key = state.order_key if self.tactical and state is not None else None
        if self.ordering is None:
            first = [move for move in dict.fromkeys((table_move, pv_move)) if move is not None and move in moves]
            rest = [move for move in moves if move not in first]
            if order_key is not None:
                rest.sort(key=order_key, reverse=True)
            return [*first, *rest]
        return self.ordering.order(moves, ply, player, (table_move, pv_move), order_key)

    def moves(self, state: State, ply: int, player: int, table_move: Hashable | None) -> Iterator[Hashable]:
        """The legal moves of ``state`` in search order, made lazily: the table move and
        the previous iteration's move are tried first; where the game offers
        ``TableKeys`` they are checked with ``is_legal`` before the other moves are even
        generated (a cutoff by one of them saves generating them). Then the rest as
        ``order`` ranks them. Moves that ``ShortGame.loses_at_once`` are left out below
        the root while another move remains (none of them can be better). Yields nothing
        when the game is over. The root is ordered by ``order`` (shuffles, ``root_moves``)."""
        if ply == 0:
            yield from self.order(state.legal_moves(), ply, player, table_move, state)
            return
        skip_hopeless = self.short_game
        keyed = self.table_keys
        legal = None if keyed else state.legal_moves()  # without is_legal, a move is looked for among them
        pv_move = None
        if self.follow_pv:
            candidate = self.previous_pv[ply] if ply < len(self.previous_pv) else None
            if candidate is not None and (state.is_legal(candidate) if keyed else candidate in legal):
                pv_move = candidate
            else:
                self.follow_pv = False
        first: list[Hashable] = []
        for move in (table_move, pv_move):
            if move is not None and move not in first and (state.is_legal(move) if keyed else move in legal):
                first.append(move)
                if not (skip_hopeless and state.loses_at_once(move)):
                    yield move
        if self.tactical and keyed and self.ordering is not None and not skip_hopeless:
            yield from self._staged_moves(state, ply, player, first)
            return
        if legal is None:
            legal = state.legal_moves()
        rest = [move for move in legal if move not in first] if first else list(legal)
        if skip_hopeless:
            # A move that lets the opponent win at once (ShortGame.loses_at_once) cannot be
            # better than any other: searched only when nothing else is left.
            kept = [move for move in rest if not state.loses_at_once(move)]
            if not kept and all(state.loses_at_once(move) for move in first):
                if first:  # one hopeless move stands for all (they are worth the same)
                    yield first[0]
                    return
                kept = rest[:1]
            rest = kept
        if not rest:
            return
        if self.ordering is None:
            if self.tactical:
                rest.sort(key=state.order_key, reverse=True)
            yield from rest
        else:
            yield from self.ordering.order(rest, ply, player, (), state.order_key if self.tactical else None)

    def _staged_moves(self, state: State, ply: int, player: int, done: list[Hashable]) -> Iterator[Hashable]:
        """The moves of ``state`` after ``done`` (the table and previous-line moves,
        already searched) in the order ``MoveOrdering.order`` gives, but made in stages, so
        that a cut-off by an early one saves making the rest: the noisy moves
        (``TacticalMoves.noisy_moves``, best first), then the killers (checked with
        ``is_legal``), and only then every legal move, for the quiet ones by history and
        the bad noisy ones last (those ``order_key`` ranks below 0)."""
        for move in state.noisy_moves():
            if move not in done:
                done.append(move)
                yield move
        for killer in self.ordering.killers_at(ply):
            if killer not in done and state.is_legal(killer):
                done.append(killer)
                yield killer
        rest = [move for move in state.legal_moves() if move not in done]
        yield from self.ordering.order(rest, ply, player, (), state.order_key)

    def record_cutoff(self, state: State, move: Hashable, ply: int, player: int, depth: int) -> None:
        """A beta cutoff by ``move`` of ``state``: counted in ``cutoffs``; killers and
        history learn it, unless it is not a quiet move (``TacticalMoves.is_quiet``: the
        ordering ranks those already)."""
        self.cutoffs += 1
        if self.ordering is not None and (not self.tactical or state.is_quiet(move)):
            self.ordering.record_cutoff(move, ply, player, depth)
