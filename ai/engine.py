"""Iterative deepening: the driver that turns a depth-limited algorithm into an anytime search.

``Engine.iterate`` searches depth 1, 2, 3, ... and yields one ``SearchInfo`` per
*completed* iteration; an iteration cut short by a stop, the clock or the node budget
is thrown away, so only completed iterations decide the move. The time budget cannot
stop a search before ``MINIMUM_DEPTH`` plies are complete; an absolute time limit (the
game clock), an explicit stop and a node limit can (``ai.deadline`` decides when time
is up). Each iteration searches
the previous iteration's principal variation first, and (for alpha-beta, negamax and
PVS) keeps the transposition table, killers and history, so the next, deeper
iteration is well ordered. Deepening stops early once an iteration met no horizon
leaf: the whole game tree was searched and deeper iterations cannot change anything.

Around the search: moves known without searching (``ai.known_moves``: book, tables,
fixed-rule decisions) are answered first; a weak level's evaluation errors and the
noise-free estimate of its move are ``ai.evaluation_noise``'s; what an iteration reports
besides its score (its line, candidates, first move's nodes) is ``ai.iteration_report``'s.
"""
from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ai.context import Evaluate, EvaluateBatch, PolicyMove, ScreenBatch, SearchAborted, SearchContext, UnsupportedGame
from ai.deadline import SCORE_DROP, DeadlinePolicy
from ai.evaluation_noise import add_noise, clean_score
from ai.expectimax import expectiminimax
from ai.iteration_report import candidate_list, extended_line, first_move_nodes, line_text
from ai.known_moves import KnownMoves, known_move
from ai.minimax import alphabeta, minimax
from ai.negamax import negamax
from ai.ordering import MoveOrdering
from ai.outcome_helper import HelperPool
from ai.pvs import pvs
from ai.runner_up import runner_up
from ai.transposition import TranspositionTable
from ai.types import (
    INFINITY,
    MATE_BOUND,
    MINIMUM_DEPTH,
    Algorithm,
    Score,
    SearchInfo,
    SearchLimits,
    SearchOptions,
    SearchResult,
)
from games.base import CHANCE, Game, State

if TYPE_CHECKING:
    from ai.ponder import Ponder
    from games.registry import GameEntry

PARTIAL_ITERATION_ALGORITHMS = (Algorithm.NEGAMAX, Algorithm.PVS)
"""The algorithms whose iteration cut short still gives a move (``SearchInfo.partial``):
they keep the best root move so far (``SearchContext.root_best``) and search the previous
iteration's best move first."""

MAX_DEPTH = 250
"""Deepest iteration ever started, in plies."""
SOLVE_AFTER_DEPTH = 4
"""With ``SearchOptions.solve_within``: the iterations searched before going straight to
the end of the game (cheap ones, so that a search stopped by its clock during the
solving iteration still has a reasonable move)."""
EXACT_ROOT_DEPTH = 2
"""``SearchOptions.exact_root_values`` applies to iterations this deep or less: at 1-ply
in backgammon every root move's value costs about 2% more nodes, at 2-ply 2.6 times as
many (``bench/backgammon_search_cost.py``), so deeper iterations cut root moves."""
SCREEN_MINIMUM_DEPTH = 3
"""``SearchOptions.leaf_screen`` applies to iterations this deep or more (two plies in
backgammon): the 1-ply search, whose leaf decisions are the opponent's replies to each
root move, always evaluates every reply."""


def _root_value(algorithm: Algorithm, ctx: SearchContext, state: State, depth: int) -> float:
    if algorithm is Algorithm.MINIMAX:
        return minimax(ctx, state, depth)
    if algorithm is Algorithm.ALPHABETA:
        return alphabeta(ctx, state, depth, -INFINITY, INFINITY)
    if algorithm is Algorithm.NEGAMAX:
        return negamax(ctx, state, depth, -INFINITY, INFINITY)
    if algorithm is Algorithm.PVS:
        return pvs(ctx, state, depth, -INFINITY, INFINITY)
    return expectiminimax(ctx, state, depth)


class Engine:
    """A search engine for one game: algorithm, options, and the tables kept between moves.

    ``evaluate(state, player)`` is the game's heuristic (see ``ai.context.Evaluate``),
    ``evaluate_batch`` the same for several states at once, ``screen_batch`` a cheap
    ranking of siblings (``SearchOptions.leaf_screen``) and ``policy_move`` the
    game's rule for decisions it does not search (all optional; see
    ``games.registry.GameEntry``). ``Engine.for_entry`` builds one with all that a
    game's registry entry injects.
    Not thread-safe: run one search at a time (``ai.worker`` runs it in a thread).
    Raises ``UnsupportedGame`` at construction if the algorithm cannot handle the game
    (a game with chance needs expectiminimax). ``seed`` seeds the engine's random
    choices (``None``: from the system; see ``new_game`` for a seed per game).
    ``clock`` is the monotonic time source (seconds) that every time limit and reported
    time is measured with; tests replace it (a clock that stands still, or one that
    advances a fixed step per reading) so that what a timed search does cannot depend
    on the machine's speed or load.
    """

    def __init__(
        self,
        game: Game,
        evaluate: Evaluate,
        options: SearchOptions | None = None,
        seed: int | None = None,
        known_moves: Sequence[KnownMoves] = (),
        policy_move: PolicyMove | None = None,
        evaluate_batch: EvaluateBatch | None = None,
        clock: Callable[[], float] = time.perf_counter,
        screen_batch: ScreenBatch | None = None,
        game_id: str | None = None,
    ) -> None:
        self.game = game
        self.clock = clock
        self.evaluate = evaluate
        self.evaluate_batch = evaluate_batch
        self.screen_batch = screen_batch
        self.policy_move = policy_move
        self.known_moves = tuple(known_moves)
        self.options = options or SearchOptions()
        self._random = random.Random(seed)
        algorithm = self.options.algorithm
        if game.has_chance and not algorithm.handles_chance:
            raise UnsupportedGame(
                f"{algorithm.label} cannot search {game.title}, which has chance nodes; use expectiminimax"
            )
        uses_tables = algorithm is not Algorithm.MINIMAX
        self.table = (
            TranspositionTable(self.options.table_size)
            if uses_tables and self.options.transposition_table
            else None
        )
        wants_ordering = self.options.killer_moves or self.options.history_heuristic
        self.ordering = (
            MoveOrdering(self.options.killer_moves, self.options.history_heuristic)
            if uses_tables and wants_ordering
            else None
        )
        self._clean_engine: Engine | None = None
        self.helpers: HelperPool | None = None
        """The helper processes of ``SearchOptions.helper_processes``, once started
        (``start_helpers``), or ``None``."""
        self._helpers_lock = threading.Lock()
        self._helpers_game = game_id if (
            self.options.helper_processes > 0 and game.has_chance and self.options.deepening_by_outcome
            and self.options.evaluation_noise == 0) else None
        self.context: SearchContext | None = None
        self.current_depth = 0
        self.stop_reason = ""
        self._start_time = 0.0

    @classmethod
    def for_entry(cls, entry: GameEntry, options: SearchOptions | None = None, seed: int | None = None,
                  clock: Callable[[], float] = time.perf_counter) -> Engine:
        """An engine for the game of registry ``entry`` with everything the entry injects:
        its evaluation (and batch evaluation), its known-move sources and its fixed-rule
        decisions. Every engine of a registered game is built here. With
        ``options.table_folders`` (and tables the entry declares), this process's searches
        use the tables in those folders from now on (``ExternalTables.use``). With
        ``options.evaluation``, it searches with that one of the entry's evaluations
        (``GameEntry.with_evaluation``: ``ValueError`` for a name the game does not have)."""
        if options is not None and options.table_folders is not None and entry.external_tables is not None:
            entry.external_tables.use(options.table_folders)
        if options is not None and options.evaluation is not None:
            entry = entry.with_evaluation(options.evaluation)
        return cls(entry.game, entry.evaluate, options, seed, entry.known_moves, policy_move=entry.policy_move,
                   evaluate_batch=entry.evaluate_batch, clock=clock, screen_batch=entry.screen_batch,
                   game_id=entry.id)

    def close(self) -> None:
        """End this engine's helper processes, if it has any (a search may not run)."""
        if self.helpers is not None:
            self.helpers.close()

    def start_helpers(self) -> None:
        """Start the helper processes of ``SearchOptions.helper_processes`` unless they
        run: only for an engine built by ``for_entry`` (they rebuild it from the game's
        registry entry) of a game with chance whose options search outcome by outcome,
        without evaluation noise. They take half a second to be ready; a search before
        that searches alone. Called by a search that may go two decisions deep, and by
        ``wait_ready``."""
        with self._helpers_lock:  # the engine protocol's isready and a search may both ask
            if self.helpers is None and self._helpers_game is not None:
                self.helpers = HelperPool(self._helpers_game, self.options, self.options.helper_processes)

    def wait_ready(self, seconds: float) -> bool:
        """Start the helper processes if this engine has them (``start_helpers``) and wait
        up to ``seconds`` until they are ready to take jobs; whether they are (True at
        once for an engine without helpers; False when they could not start)."""
        self.start_helpers()
        return self.helpers is None or self.helpers.wait_ready(seconds)

    def subtree_context(self, root: State, leaf_screen: int, stop_event: Any) -> SearchContext:
        """A context to search subtrees below ``root`` as this engine's search of ``root``
        would (its mover the root player, its table, options and ``leaf_screen``), with no
        limit but ``stop_event`` (anything with ``is_set()``): a helper process's
        (``ai.outcome_helper``)."""
        context = self._new_context(root, SearchLimits(), stop_event)
        context.leaf_screen = leaf_screen
        context.exact_root_values = False
        context.begin_iteration(())
        return context

    def new_game(self, seed: int | None = None) -> None:
        """Forget what was learned in the previous game (table, killers, history).

        With ``seed``, the new game's random choices (the root order when moves are
        shuffled, the salt of a weak level's evaluation errors, its random moves, the
        choice among book moves) start afresh from it: the same seed and the same
        opponent's moves replay the same game, as long as every search ends by its depth
        or node budget (not by the clock). Without, they go on from where they were."""
        if seed is not None:
            self._random = random.Random(seed)
        if self.table is not None:
            self.table.clear()
        if self.ordering is not None:
            self.ordering.clear()
        if self._clean_engine is not None:
            self._clean_engine.new_game()
        if self.helpers is not None:
            self.helpers.new_game()

    def progress(self) -> tuple[int, int, float]:
        """``(depth in progress, nodes so far, seconds so far)`` of the running search.

        Safe to call from another thread (it only reads counters).
        """
        context = self.context
        if context is None:
            return 0, 0, 0.0
        return self.current_depth, context.nodes, self.clock() - self._start_time

    def fallback_move(self, state: State, allowed: tuple[Hashable, ...] | None = None) -> Hashable:
        """The move to play if no iteration completes: the table's move, else the first
        legal one (among ``allowed`` moves, if given)."""
        moves = [move for move in state.legal_moves() if allowed is None or move in allowed] or state.legal_moves()
        move = self.context.stored_move(state) if self.context is not None else None
        return move if move is not None and move in moves else moves[0]

    def iterate(
        self,
        state: State,
        limits: SearchLimits | None = None,
        stop_event: threading.Event | None = None,
        ponder: Ponder | None = None,
    ) -> Iterator[SearchInfo]:
        """Search ``state`` deeper and deeper, yielding a ``SearchInfo`` per completed depth.

        Ends when ``limits`` say so, when the tree is exhausted, or when ``stop_event``
        is set; ``self.stop_reason`` then says why ("depth", "exact", "forced", "time",
        "nodes", "stopped", "single move"). The time budget (``hard_time``,
        ``soft_time``) is ignored until the minimum depth is complete
        (``MINIMUM_DEPTH``, or the depth cap if smaller), and altogether with
        ``limits.solve`` once the search can reach the end of the game, and the node
        budget until depth 1 is complete; ``absolute_time``, the stop event and the node
        limit are not (see ``SearchLimits`` and ``ai.deadline``).
        With ``ponder`` (``ai.ponder``) the search has no time limit until
        ``ponder.hit()``, and its time limits count from the hit.
        Raises ``ValueError`` for a terminal state, a chance node, a depth below 1,
        root moves that are not legal, or ``ponder`` with a node limit.
        """
        limits = limits or SearchLimits()
        _check_root(state, limits)
        self._start_time = start = self.clock()
        context = self.context = self._new_context(state, limits, stop_event)
        max_depth = MAX_DEPTH if limits.depth is None else min(limits.depth, MAX_DEPTH)
        solve_at = self._solve_at(state, max_depth)
        if limits.solve and (solve_at is not None or not context.short_game):
            limits = replace(limits, hard_time=None, soft_time=None)  # a perfect level in sight of the end
        policy_arguments = (limits, start, min(MINIMUM_DEPTH, max_depth),
                            len(context.root_moves or state.legal_moves()) == 1, self._partial_iterations())
        # Pondering (ai.ponder): no time limit until the ponder hit, then the limits from the hit on.
        clock = DeadlinePolicy(*policy_arguments) if ponder is None else ponder.policy(*policy_arguments)
        previous_pv: tuple[Hashable, ...] = ()
        previous_info: SearchInfo | None = None
        ranked: tuple[Hashable, ...] | None = None  # the root moves deeper iterations keep
        self.stop_reason = "depth"
        for depth in _depths(max_depth, solve_at):
            self.current_depth = depth
            self._begin_iteration(context, state, depth, solve_at, previous_pv)
            if ranked and depth > EXACT_ROOT_DEPTH:
                context.root_moves, context.root_order, context.root_ranked = frozenset(ranked), ranked, True
            context.deadline = clock.deadline(depth)
            context.previous_leaf_screen = context.leaf_screen
            context.leaf_screen = self.options.leaf_screen if depth >= SCREEN_MINIMUM_DEPTH else 0
            if ponder is not None:
                ponder.arm(context, depth)  # a ponder hit during this iteration gives it its deadline
            if limits.node_budget is not None and not limits.infinite and depth == 2:  # depth 1 is complete
                context.set_node_limit(min(limits.node_budget, limits.nodes or limits.node_budget))
            horizon_before = context.horizon_leaves
            try:
                context.check_stop()  # a stop, a spent node budget or a passed deadline: not one more iteration
                value = _root_value(self.options.algorithm, context, state, depth)
            except SearchAborted as stop:
                self.stop_reason = str(stop)
                if self._partial_usable(context):
                    yield self._iteration_info(context, state, depth, *context.root_best, start, partial=True)
                return
            info = self._iteration_info(context, state, depth, value, context.pv[0], start,
                                        exact=context.horizon_leaves == horizon_before)
            yield info
            unstable = _unstable(previous_info, info)
            previous_info, previous_pv = info, info.pv
            try:
                yield from self._other_lines(context, state, depth, info.pv, start)
            except SearchAborted as stop:
                self.stop_reason = str(stop)
                return
            reason = self._final_iteration(info, max_depth) or clock.stop_reason(depth, info.time, unstable)
            if self.options.deepening_candidates and depth <= EXACT_ROOT_DEPTH and not info.partial:
                ranked = self._ranked_root(info)
                if not reason and depth == EXACT_ROOT_DEPTH and len(ranked) == 1 and clock.timed:
                    reason = "single move"  # no deeper iteration would search another move
            if reason:
                self.stop_reason = reason
                return

    def _new_context(self, state: State, limits: SearchLimits, stop_event: threading.Event | None) -> SearchContext:
        """The context of one search of ``state`` (its deadline is set per iteration); the
        killers and history of the previous search aged."""
        context = SearchContext(
            self.evaluate,
            state.to_move(),
            root=state,
            table=self.table,
            ordering=self.ordering,
            stop_event=stop_event,
            node_limit=None if limits.infinite else limits.nodes,
            chance_game=self.game.has_chance,
            quiescence=self.options.quiescence,
            check_extension=self.options.check_extension,
            null_move=self.options.null_move,
            futility=self.options.futility,
            reductions=self.options.reductions,
            late_move_pruning=self.options.late_move_pruning,
            candidate_moves=self.options.candidate_moves,
            candidate_margin=self.options.candidate_margin,
            inner_candidate_moves=self.options.inner_candidate_moves,
            deepening_by_outcome=self.options.deepening_by_outcome,
            chance_pruning=self.options.chance_pruning,
            exact_root_values=self.options.exact_root_values,
            evaluation_margin=self.options.evaluation_noise,
            evaluate_batch=self.evaluate_batch,
            policy_move=self.policy_move,
            screen_batch=self.screen_batch,
            clock=self.clock,
        )
        if self.options.evaluation_noise > 0:  # a weak level's errors (ai.evaluation_noise)
            add_noise(context, self.evaluate, self.evaluate_batch, self.options.evaluation_noise,
                      self._random.getrandbits(32))
        if limits.moves is not None:
            context.root_moves = frozenset(limits.moves)
        deep = (limits.depth or MAX_DEPTH) > EXACT_ROOT_DEPTH  # outcome by outcome only from 2-ply on
        if context.node_limit is None and limits.node_budget is None and deep:
            self.start_helpers()
            context.outcome_helpers = self.helpers
        if self.ordering is not None:
            self.ordering.age()
        return context

    def _solve_at(self, state: State, max_depth: int) -> int | None:
        """With ``SearchOptions.solve_within``, in a game that offers ``ShortGame``: the
        depth that reaches the end of a game that ends within that many plies (and within
        ``max_depth``), searched right after ``SOLVE_AFTER_DEPTH``; ``None`` otherwise."""
        if not (self.options.solve_within and self.context.short_game):
            return None
        plies_left = state.plies_left_at_most()
        return plies_left if SOLVE_AFTER_DEPTH < plies_left <= min(self.options.solve_within, max_depth) else None

    def _begin_iteration(self, context: SearchContext, state: State, depth: int, solve_at: int | None,
                         previous_pv: tuple[Hashable, ...]) -> None:
        """Set ``context`` up for the iteration of ``depth``: no reductions in the solving
        iteration, exact root values only at shallow depths, the previous line first (or
        a fresh shuffle of the root moves)."""
        context.reductions = self.options.reductions and (solve_at is None or depth < solve_at)
        context.exact_root_values = self.options.exact_root_values and depth <= EXACT_ROOT_DEPTH
        context.begin_iteration(previous_pv)
        if self.options.shuffle_root_moves:
            root_moves = list(state.legal_moves())
            self._random.shuffle(root_moves)
            context.root_order = tuple(root_moves)

    def _partial_iterations(self) -> bool:
        """Whether an iteration cut short can give a move (``SearchInfo.partial``): the
        algorithm keeps the best root move so far and searches the previous iteration's
        best move first (not with a shuffled root, where the moves searched so far may
        all be worse than that one); expectiminimax in its deeper iterations when they
        search the earlier iterations' best moves, best first
        (``SearchOptions.deepening_candidates``)."""
        if self.options.shuffle_root_moves:
            return False
        return self.options.algorithm in PARTIAL_ITERATION_ALGORITHMS or (
            self.options.algorithm is Algorithm.EXPECTIMINIMAX and self.options.deepening_candidates > 0)

    def _partial_usable(self, context: SearchContext) -> bool:
        """Whether the iteration just cut short gives a move: ``_partial_iterations`` and
        a root move was searched to the end (``context.root_best``); with expectiminimax,
        only where the root was ranked by an earlier iteration."""
        if context.root_best is None or not self._partial_iterations():
            return False
        return self.options.algorithm is not Algorithm.EXPECTIMINIMAX or context.root_ranked

    def _ranked_root(self, info: SearchInfo) -> tuple[Hashable, ...]:
        """The root moves that iterations deeper than ``EXACT_ROOT_DEPTH`` search
        (``SearchOptions.deepening_candidates``): the best few of ``info``'s exactly valued
        candidates, best first, within ``deepening_margin`` of the best (0: any); the
        best move alone when none is exact."""
        exact = [(move, score.value) for move, score, is_exact in info.candidates if is_exact]
        if not exact:
            return (info.pv[0],) if info.pv else ()
        best = exact[0][1]
        margin = self.options.deepening_margin
        kept = [move for move, value in exact if not margin or best - value <= margin]
        return tuple(kept[:self.options.deepening_candidates])

    def _iteration_info(self, context: SearchContext, state: State, depth: int, value: float,
                        line: list[Hashable], start: float, exact: bool = False, partial: bool = False) -> SearchInfo:
        """The ``SearchInfo`` of the iteration of ``depth`` that ended with ``value`` and
        principal variation ``line``: completed, ``exact`` when it met no horizon leaf (its
        line then goes on from the table to the end), or cut short with ``exact`` false
        (``partial``: ``value`` and ``line`` are ``context.root_best``)."""
        pv = self._extend_line(state, line, MAX_DEPTH if exact else depth)
        return SearchInfo(
            depth=depth,
            seldepth=max(context.seldepth, len(pv)),  # the line may go on from the table
            score=Score(round(value)),
            pv=pv,
            pv_text=line_text(state, pv),
            nodes=context.nodes,
            time=self.clock() - start,
            exact=exact,
            hashfull=self.table.permille_full() if self.table is not None else 0,
            noisy=self.options.evaluation_noise > 0,
            candidates=candidate_list(context.root_values),
            first_move_nodes=first_move_nodes(context.root_child_starts, context.nodes),
            partial=partial,
        )

    def _final_iteration(self, info: SearchInfo, max_depth: int) -> str:
        """Why no deeper iteration can change the result of the one ``info`` reports
        ("exact": it searched the whole tree; "forced": a proven result within its depth;
        "depth": the last allowed), or "" when a deeper one may."""
        if info.exact:
            return "exact"
        plies = info.score.plies_to_end
        if plies is not None and info.depth >= abs(plies) and not self.game.has_chance:
            # A forced result within the searched depth is final: a shorter win (or a
            # longer defence) would already have been found at this depth.
            return "forced"
        if info.depth >= max_depth:
            return "depth"
        return ""

    def _other_lines(self, context: SearchContext, state: State, depth: int, best_line: tuple[Hashable, ...],
                     start: float) -> Iterator[SearchInfo]:
        """With ``SearchOptions.multipv`` above 1: the next best lines at ``depth``, each
        found by searching the root without the first moves of the lines before it
        (``SearchInfo.multipv`` 2, 3, ...). Raises ``SearchAborted`` when stopped."""
        if self.options.multipv <= 1 or not best_line:
            return
        allowed = context.root_moves
        candidates = [move for move in state.legal_moves() if allowed is None or move in allowed]
        excluded = [best_line[0]]
        try:
            for number in range(2, self.options.multipv + 1):
                remaining = [move for move in candidates if move not in excluded]
                if not remaining:
                    break
                context.root_moves = frozenset(remaining)
                context.begin_iteration(())
                horizon_before = context.horizon_leaves
                value = _root_value(self.options.algorithm, context, state, depth)
                exact = context.horizon_leaves == horizon_before
                line = self._extend_line(state, context.pv[0], MAX_DEPTH if exact else depth)
                if not line:
                    break
                excluded.append(line[0])
                yield SearchInfo(depth=depth, seldepth=max(context.seldepth, len(line)), score=Score(round(value)),
                                 pv=line, pv_text=line_text(state, line), nodes=context.nodes,
                                 time=self.clock() - start, exact=exact,
                                 hashfull=self.table.permille_full() if self.table is not None else 0,
                                 noisy=self.options.evaluation_noise > 0, multipv=number)
        finally:
            context.root_moves = allowed

    def search(
        self,
        state: State,
        limits: SearchLimits | None = None,
        stop_event: threading.Event | None = None,
        on_info: Callable[[SearchInfo], None] | None = None,
        ponder: Ponder | None = None,
    ) -> SearchResult:
        """Run ``iterate`` to its end and return the decision; ``on_info`` sees each iteration;
        ``ponder``: a pondering search (see ``iterate`` and ``ai.ponder``; a move known
        without searching, from the book or a table, is returned at once all the same).

        With evaluation noise and ``SearchOptions.clean_estimate``, a noise-free search
        of the chosen move then estimates ``SearchResult.clean_score`` (see there); it is
        bounded by ``stop_event``, the noisy search's time plus ``CLEAN_SEARCH_MARGIN``
        seconds (at least ``CLEAN_SEARCH_MINIMUM``; ``ai.evaluation_noise``), the absolute
        limit and the node limit, and gives up (``clean_score`` ``None``) if they stop it.

        With ``SearchOptions.runner_up``, the best of the other root moves is found
        afterwards too (``SearchResult.runner_up``, see ``ai.runner_up``), unless the
        chosen move loses by force (so does every other then).
        """
        limits = limits or SearchLimits()
        start = self.clock()
        known = known_move(state, limits, self.options, self.known_moves, self.policy_move, self._random, self.clock,
                           start)
        if known is not None:
            if on_info is not None:
                on_info(known.infos[0])
            return known
        infos: list[SearchInfo] = []
        for info in self.iterate(state, limits, stop_event, ponder):
            if info.multipv == 1:
                infos.append(info)
            if on_info is not None:
                on_info(info)
        reason = self.stop_reason
        nodes = self.context.nodes if self.context is not None else 0
        move = infos[-1].best_move if infos else None
        if move is None:
            move = self.fallback_move(state, limits.moves)
        chance = self.options.random_move_chance
        if chance > 0 and self._random.random() < chance:
            allowed = [other for other in state.legal_moves() if limits.moves is None or other in limits.moves]
            move = self._random.choice(allowed)
            reason = "random move"
        decided = self.clock() - start
        clean = None
        if infos:
            if move != infos[-1].best_move:  # a random move: only a search of it can say
                if self.options.clean_estimate:
                    clean = clean_score(self._clean_twin, state, move, limits, infos[-1].depth, decided,
                                        stop_event)
            elif self.options.evaluation_noise <= 0:
                clean = infos[-1].score
            elif self.options.clean_estimate:
                clean = clean_score(self._clean_twin, state, move, limits, infos[-1].depth, decided, stop_event)
        second = None
        if self.options.runner_up and infos and move == infos[-1].best_move and \
                infos[-1].score.value > -MATE_BOUND:
            second = runner_up(self, state, limits, tuple(infos), move, decided, stop_event)
        return SearchResult(
            move=move,
            move_text=state.move_to_text(move),
            infos=tuple(infos),
            reason=reason,
            nodes=nodes,
            time=decided,
            clean_score=clean,
            runner_up=second,
        )

    def _clean_twin(self) -> Engine:
        """The noise-free twin of this engine that estimates a weak level's
        ``clean_score`` (``ai.evaluation_noise``): the same game, evaluation and options
        without noise or randomness, and its own table and ordering; built once."""
        if self._clean_engine is None:
            options = replace(self.options, evaluation_noise=0, shuffle_root_moves=False, clean_estimate=False,
                              random_move_chance=0.0)
            self._clean_engine = Engine(self.game, self.evaluate, options, policy_move=self.policy_move,
                                        evaluate_batch=self.evaluate_batch, clock=self.clock,
                                        screen_batch=self.screen_batch)
        return self._clean_engine

    def _extend_line(self, state: State, line: list[Hashable], depth: int) -> tuple[Hashable, ...]:
        """The principal variation, continued from the table where a table hit cut it short
        (``ai.iteration_report.extended_line``)."""
        return extended_line(state, line, depth, self.context.stored_move if self.table is not None else None)


def _unstable(before: SearchInfo | None, after: SearchInfo) -> bool:
    """Whether the iteration ``after`` changed its mind since ``before`` (the one just
    deeper than it): another best move, or a score ``SCORE_DROP`` or more lower."""
    if before is None:
        return False
    return after.best_move != before.best_move or after.score.value <= before.score.value - SCORE_DROP


def _check_root(state: State, limits: SearchLimits) -> None:
    """``ValueError`` unless ``state`` can be searched within ``limits``: a finished game,
    a chance node, a depth below 1 or root moves that are not legal cannot."""
    if state.is_terminal():
        raise ValueError("the game is over: there is nothing to search")
    if state.to_move() == CHANCE:
        raise ValueError("the position is a chance node: the dice must be rolled before a search")
    if limits.depth is not None and limits.depth < 1:
        raise ValueError(f"search depth must be at least 1, not {limits.depth}")
    legal = state.legal_moves()
    if limits.moves is not None and (not limits.moves or any(move not in legal for move in limits.moves)):
        raise ValueError("the moves to search must be legal moves of the position")


def _depths(max_depth: int, solve_at: int | None) -> Iterator[int]:
    """The depths of the iterations: 1, 2, ... ``max_depth``, but from ``SOLVE_AFTER_DEPTH``
    straight to ``solve_at`` when given (the end of a short game)."""
    for depth in range(1, max_depth + 1):
        if solve_at is None or not SOLVE_AFTER_DEPTH < depth < solve_at:
            yield depth
