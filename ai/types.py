"""Value types shared by the searches: scores, limits, options and the records they report.

Score contract: a score is an integer from the point of view of the side to move at
the root of the search. Heuristic scores are "centi-units" (centipawns in chess) and
stay well inside +-``MATE_BOUND``. A forced win is ``MATE - n`` and a forced loss
``-(MATE - n)``, where ``n`` is the number of plies (single decisions) from the root to
the end of the game, so shorter wins score higher and longer losses score higher.
"""
from __future__ import annotations

import enum
from collections.abc import Hashable
from dataclasses import dataclass

MATE = 100_000
"""Score of winning at the root itself; a win in ``n`` plies scores ``MATE - n``."""
MATE_BOUND = MATE - 10_000
"""Scores at or beyond +-MATE_BOUND are forced wins/losses; heuristics stay inside it."""
INFINITY = MATE + 1
"""Larger than any score; the initial alpha-beta window is (-INFINITY, INFINITY)."""
UTILITY_SCALE = 1000
"""Score units per utility point where utilities are averaged (games with chance)."""


class Algorithm(str, enum.Enum):
    """The search algorithms a player can choose; values are the protocol names."""

    MINIMAX = "minimax"
    ALPHABETA = "alphabeta"
    NEGAMAX = "negamax"
    PVS = "pvs"
    EXPECTIMINIMAX = "expectiminimax"

    @property
    def label(self) -> str:
        """A name for people: "Alpha-beta", "PVS", ..."""
        return _ALGORITHM_LABELS[self]

    @property
    def handles_chance(self) -> bool:
        """Whether the algorithm can search a game with chance nodes."""
        return self is Algorithm.EXPECTIMINIMAX

    @classmethod
    def default_for(cls, has_chance: bool) -> Algorithm:
        """The algorithm used unless one is chosen: PVS, or expectiminimax for a game
        with chance nodes (the only one that can search those). The one place this
        default is decided."""
        return cls.EXPECTIMINIMAX if has_chance else cls.PVS

    @classmethod
    def parse(cls, text: str) -> Algorithm:
        """The algorithm named ``text`` (case-insensitive, "-" and "_" ignored); ``ValueError`` if none."""
        key = text.strip().lower().replace("-", "").replace("_", "")
        for algorithm in cls:
            if algorithm.value == key:
                return algorithm
        names = ", ".join(algorithm.value for algorithm in cls)
        raise ValueError(f"unknown algorithm {text.strip()!r}; choose one of {names}")


_ALGORITHM_LABELS = {
    Algorithm.MINIMAX: "Minimax",
    Algorithm.ALPHABETA: "Alpha-beta",
    Algorithm.NEGAMAX: "Negamax",
    Algorithm.PVS: "PVS",
    Algorithm.EXPECTIMINIMAX: "Expectiminimax",
}


@dataclass(frozen=True)
class Score:
    """A search score from the root mover's point of view, with its forced-win form.

    ``value`` is the raw integer (see the module docstring).
    """

    value: int

    @property
    def is_forced(self) -> bool:
        """True for a forced win or loss."""
        return abs(self.value) >= MATE_BOUND

    @property
    def plies_to_end(self) -> int | None:
        """Plies until the forced end of the game, signed: positive when the root mover
        wins, negative when it loses; ``None`` for a heuristic score."""
        if self.value >= MATE_BOUND:
            return MATE - self.value
        if self.value <= -MATE_BOUND:
            return -(MATE + self.value)
        return None

    @property
    def mate_moves(self) -> int | None:
        """UCI's "mate N": the mover's own moves until the forced end, negative when
        losing; ``None`` for a heuristic score. Counts plies as alternating moves."""
        plies = self.plies_to_end
        if plies is None:
            return None
        moves = (abs(plies) + 1) // 2
        return moves if plies > 0 else -moves

    def negated(self) -> Score:
        """The same score from the other player's point of view."""
        return Score(-self.value)

    def uci(self) -> str:
        """``cp X`` or ``mate N`` as in UCI ``info score``."""
        moves = self.mate_moves
        return f"mate {moves}" if moves is not None else f"cp {self.value}"

    def text(self, unit: int = 100) -> str:
        """For people: ``+0.35``, ``-1.20``, ``win in 3`` or ``loss in 4`` (plies). ``unit``
        is what the score counts as 1.00: 100 centi-units, or ``UTILITY_SCALE`` in games
        with chance (a backgammon equity of +0.35 points)."""
        plies = self.plies_to_end
        if plies is None:
            return f"{self.value / unit:+.2f}"
        if plies > 0:
            return f"win in {plies}"
        return f"loss in {-plies}"


@dataclass(frozen=True)
class SearchOptions:
    """How to search: the algorithm and which enhancements it may use.

    Minimax ignores every enhancement but ordering by the previous iteration's line
    (which changes only which of equal moves it picks). ``table_size`` counts entries.
    ``evaluation_noise`` (a weak strength level) adds a pseudo-random error in
    -noise..+noise to every heuristic evaluation, fixed per position within a search and
    repeatable for a seeded engine (table entries kept from an earlier search may carry
    that search's errors).
    ``shuffle_root_moves`` searches the root moves in a new random order in every
    iteration (instead of best-first), so that among equally good moves a random one is
    played; it costs some pruning at the root.
    ``multipv`` (UCI's MultiPV): report this many best lines per depth (the extra
    lines cost extra searches of the root without the better lines' first moves).
    ``check_extension`` searches moves that give check one ply deeper (games that offer
    ``TacticalMoves``; the capabilities are in ``games.capabilities``). ``null_move``
    (games that offer ``NullMove``) and ``reductions`` turn on null-move pruning and
    late-move reductions in negamax and PVS (``ai.selectivity``; minimax and alpha-beta
    stay textbook); ``futility`` (games that offer ``Futility``) futility and
    reverse-futility pruning near the horizon in PVS; ``late_move_pruning`` (with
    ``reductions``, games that offer ``TacticalMoves``) leaves the latest quiet moves of
    PVS scouts near the horizon unsearched (``ai.selectivity.late_move_pruned``).
    ``use_book`` lets the engine play opening-book moves (UCI's OwnBook); endgame-table
    moves are always played when a table answers.
    ``quiescence`` searches on beyond the horizon through noisy moves in games that have
    them (``TacticalMoves``; see ``ai.quiescence``).
    ``clean_estimate`` (with noise): after choosing its move, also search that move
    without noise, for ``SearchResult.clean_score`` (an evaluation bar); it costs about
    one more search of the same depth, which the engine protocol and matches do not need.
    ``solve_within`` (plies): when the game says it ends within that many plies
    (``ShortGame.plies_left_at_most``), iterative deepening goes from depth 4
    (``ai.engine.SOLVE_AFTER_DEPTH``) straight to the end of the game, without late-move
    reductions in that iteration:
    a search to the end proves the result, and the shallow iterations in between
    (heuristic leaves, little pruning) cost more than they save. 0 turns it off.
    ``random_move_chance`` (a beginner level): the probability, 0..1, that the engine
    plays a random legal move instead of the one it found (``SearchResult.reason``
    "random move"), the kind of oversight evaluation errors cannot make when the search
    sees the loss for certain (a Quarto gift that wins for the opponent).
    ``candidate_moves`` (expectiminimax; 0: off): a move filter, searching only that many
    moves deeper at a decision node with 2 or more decisions to go, the best by a static
    evaluation of where each leads (backgammon: about 14 turns a roll, up to 416);
    ``candidate_margin`` (score units; 0: none) keeps of those only the ones whose static
    value is within that margin of the best (gnubg's move filter: at most 8 within 0.16
    points), so a decision with one clear move searches little more than that one.
    ``inner_candidate_moves`` (0: ``candidate_moves`` everywhere) is the filter's limit
    below the root; 1 is GNU Backgammon's n-ply: each reply is chosen by the static look
    and only it is searched on, so 2-ply costs about 21 times 1-ply, not 400 times.
    ``deepening_candidates`` (expectiminimax; 0: off): iterations deeper than
    ``ai.engine.EXACT_ROOT_DEPTH`` search only that many root moves, the best of the last
    such iteration's exact values, best first, within ``deepening_margin`` (score units;
    0: any) of its best (2 within 0.04 points is how GNU Backgammon's normal move filter
    narrows before its deepest ply; its own 2-ply skips 1-ply and searches the 0-ply
    filter's 8 within 0.16, too slow here);
    such an iteration cut short by the clock still gives a move (the best of the root
    moves it searched to the end, the earlier best first), and a timed search stops
    when only one move is kept. ``deepening_by_outcome`` searches such an iteration
    outcome by outcome (``ai.outcome_deepening``): every kept root move one outcome at a
    time, so that cut short it plays the best estimate with the same outcomes searched
    deeper for every move, instead of the first move it finished.
    ``leaf_screen`` (expectiminimax; 0: off): in iterations of 3 or more decisions (two
    plies and deeper; never the 1-ply search), a decision node one ply above the horizon
    whose open children outnumber it evaluates only that many of them, the best by the
    game's cheap screen (``GameEntry.screen_batch``; a game without one, or a batch the
    screen declines, evaluates them all), and takes the best of those: GNU Backgammon's
    pruning at its deepest ply. Such a node's value is a bound for the table (the
    mover may have a better child not evaluated), never stored as exact.
    ``chance_pruning`` (expectiminimax): Star1/Star2 cuts at chance nodes where the game
    bounds its values (``ChanceBounds``); the root's value and move are the same
    without it, only fewer nodes are searched. ``exact_root_values`` (expectiminimax)
    searches every root move in a full window in iterations up to depth 2
    (``ai.engine.EXACT_ROOT_DEPTH``), so that ``SearchInfo.candidates`` gives each one's
    value, like gnubg's hint list (at 1-ply about 2% more nodes; at 2-ply it would be
    2.6 times as many, ``bench/backgammon_search_cost.py``, so deeper iterations and this
    option off cut a root move that cannot be best as soon as that is proven, and it
    shows only a bound).
    ``table_folders`` (games that declare ``GameEntry.external_tables``): the folders of
    the game's tables that the process of an engine built with these options uses from
    then on (``Engine.for_entry`` applies them; an empty tuple: no tables); ``None``
    leaves the process's tables as they are (at first, the game's default folders).
    ``runner_up`` (a hint's search): after choosing its move, also find the best of the
    other root moves and its value (``SearchResult.runner_up``; ``ai.runner_up``), at
    the cost of one more search of the root to the depth completed, without the chosen
    move (none when the candidate list already values it exactly).
    ``evaluation`` names one of the game's evaluations (``GameEntry.evaluations``) to
    search with instead of its own (``None``: the game's own); ``Engine.for_entry`` reads
    it, so an engine built any other way ignores it (chess's levels 1 to 7: "basic").
    ``helper_processes`` (0: none): processes beside the search's own that take half
    of the jobs of an iteration searched outcome by outcome (``deepening_by_outcome``;
    ``ai.outcome_helper``), so that it uses a second core. Only an engine built by
    ``Engine.for_entry`` (the helpers rebuild it from the game's registry entry), for a
    game with chance, without evaluation noise, starts them, and only searches without
    a node limit use them (their node counts would not be repeatable); a process that
    may not start children (the app's search process) searches alone, as with 0.
    """

    algorithm: Algorithm = Algorithm.PVS
    transposition_table: bool = True
    killer_moves: bool = True
    history_heuristic: bool = True
    table_size: int = 1 << 20
    evaluation_noise: int = 0
    shuffle_root_moves: bool = False
    clean_estimate: bool = False
    quiescence: bool = True
    multipv: int = 1
    use_book: bool = True
    check_extension: bool = True
    null_move: bool = True
    reductions: bool = True
    futility: bool = True
    late_move_pruning: bool = True
    solve_within: int = 9
    random_move_chance: float = 0.0
    candidate_moves: int = 0
    candidate_margin: int = 0
    inner_candidate_moves: int = 0
    deepening_candidates: int = 0
    deepening_margin: int = 0
    deepening_by_outcome: bool = False
    leaf_screen: int = 0
    chance_pruning: bool = True
    exact_root_values: bool = True
    table_folders: tuple[str, ...] | None = None
    runner_up: bool = False
    evaluation: str | None = None
    helper_processes: int = 0


MINIMUM_DEPTH = 2
"""Plies every search completes before its time budget may stop it (see ``SearchLimits``)."""


@dataclass(frozen=True)
class SearchLimits:
    """When to stop a search. Times are seconds of wall-clock time since its start.

    ``depth``: deepest iteration in plies, at least 1 (``None``: up to the engine's
    ``MAX_DEPTH``, 250). ``nodes``: abort after this many nodes. ``node_budget`` (a
    strength level's, ``ai.strength.level_limits``): the same, but not before the first
    iteration is complete, so that a level always plays a move it searched, even where
    one ply and its captures cost more than its budget. ``moves``: search
    only these root moves (UCI ``searchmoves``; they must be legal). ``infinite``:
    ignore everything but an explicit stop (and ``depth``, which still caps the
    iterations). With no limit at all a search runs until the game tree is exhausted,
    a forced result is proven, or it is stopped.

    Time comes in two kinds. The *budget*, ``hard_time`` (abort the iteration in
    progress at this time) and ``soft_time`` (start no new iteration after this time),
    is ignored until the minimum depth is complete: ``MINIMUM_DEPTH`` plies, or the
    ``depth`` cap if smaller (fewer if the game tree ends sooner), so even a tiny
    budget on a busy computer sees an immediate threat. ``absolute_time`` is a limit
    that is never passed, not even to complete the minimum depth: the mover's clock
    less a safety margin under a Fischer control; ``None`` (a fixed time per move,
    or no clock) means the minimum depth always completes. An explicit stop and the
    node limit stop a search at once, whatever its depth (the node budget after depth 1). A ``hard_time`` without a
    ``soft_time`` is a cap only (a strength level defined by its effort, see
    ``ai.strength.level_limits``): no iteration is skipped for time, so up to the cap the
    search does the same on a slow computer as on a fast one.

    ``solve`` (a perfect strength level): once the search can reach the end of the
    game, the time budget no longer applies, only ``absolute_time``, the node limit, the
    depth and a stop: in a game that offers ``ShortGame``, when the game ends within
    ``SearchOptions.solve_within`` plies (the engine then goes straight to the end); in
    a game that does not, always, so it is only for games whose whole tree the search
    exhausts (tic-tac-toe: at most about 10,000 nodes from any position with PVS).
    """

    depth: int | None = None
    hard_time: float | None = None
    soft_time: float | None = None
    nodes: int | None = None
    infinite: bool = False
    moves: tuple[Hashable, ...] | None = None
    absolute_time: float | None = None
    solve: bool = False
    node_budget: int | None = None

    @classmethod
    def fixed_time(cls, seconds: float, depth: int | None = None) -> SearchLimits:
        """A budget of ``seconds`` (a hard limit, after the minimum depth) and stop at
        ``depth`` if it comes first."""
        return cls(depth=depth, hard_time=seconds, soft_time=seconds)


@dataclass(frozen=True)
class SearchInfo:
    """The record of one completed iterative-deepening iteration.

    ``score`` is from the root mover's point of view; ``pv`` the principal variation
    (moves from the root) and ``pv_text`` the same in the game's notation; ``nodes`` and
    ``time`` (seconds) are cumulative over the whole search so far; ``nps`` is nodes per
    second; ``exact`` is true when no leaf of the iteration was cut by the horizon (the
    score is the game-theoretic value).

    ``seldepth`` is the deepest ply reached, counting a node decided by a
    transposition-table entry as reaching as deep as that node still had to be
    searched; it is at least ``depth`` unless the game ended sooner on every line,
    and at least ``len(pv)``. ``noisy`` is true when the scores include the deliberate
    evaluation errors of a weak strength level (``SearchOptions.evaluation_noise``);
    ``SearchResult.clean_score`` then holds an estimate without them. ``multipv`` is the
    line's rank (1 = the best; see ``SearchOptions.multipv``). ``source`` is "search",
    or "book" / "tablebase" for a move known without searching (depth 0; a book move's
    score means nothing, a table's is the proven result), or the source of a game's
    fixed-rule decision (``GameEntry.policy_move``: backgammon's "cube", scored by its
    evaluation); ``note`` then says why in words. ``first_move_nodes`` counts the nodes of
    this iteration under the first root move it searched, which is the previous
    iteration's best move when there was one (the search orders it first); with
    ``nodes`` it shows how much of an iteration goes to re-searching the last line.
    ``partial`` is true for an iteration cut short (by the clock, the node limit or a
    stop) after at least one root move was searched to the end: its move is the best of
    the root moves searched so far, its score a lower bound (negamax and PVS only,
    which search the previous iteration's best move first, so the move is never worse
    than the last complete iteration's as far as the deeper search can tell).
    """

    depth: int
    seldepth: int
    score: Score
    pv: tuple[Hashable, ...]
    pv_text: tuple[str, ...]
    nodes: int
    time: float
    exact: bool = False
    hashfull: int = 0
    noisy: bool = False
    multipv: int = 1
    source: str = "search"
    note: str = ""
    candidates: tuple[tuple[Hashable, Score, bool], ...] = ()
    first_move_nodes: int = 0
    partial: bool = False

    @property
    def nps(self) -> int:
        """Nodes per second over the whole search so far."""
        return int(self.nodes / self.time) if self.time > 0 else 0

    @property
    def best_move(self) -> Hashable | None:
        """The first move of the principal variation, if any."""
        return self.pv[0] if self.pv else None


@dataclass(frozen=True)
class SearchResult:
    """What a finished search decided.

    ``move`` comes from the last completed iteration (``infos[-1]``); if none completed
    (stopped at once) it is ``Engine.fallback_move`` (the table's move for the position,
    else the first legal move) and ``infos`` is empty.
    ``reason`` says why the search ended: "depth", "exact" (game tree exhausted),
    "forced" (a forced win/loss within the searched depth), "time", "nodes", "stopped",
    "single move". ``nodes`` and ``time`` (seconds) are those of the search that chose
    the move (the time it took to decide, without the noise-free search below).

    ``clean_score`` is a noise-free estimate of the move played, for an evaluation bar,
    from the root mover's point of view. Without evaluation noise it is simply ``score``
    (the best move's value). With noise and ``SearchOptions.clean_estimate`` it is the
    score of a second, noise-free search of the root restricted to ``move`` (its own
    transposition table, so no noisy entry is read) to the depth the noisy search
    completed (at least ``MINIMUM_DEPTH``, to see the reply to a blunder), bounded by the same stop and by about the time the noisy search took:
    a deliberate mistake shows as the mistake it is. ``None`` when that search could not
    finish, when no iteration completed, or with noise but no ``clean_estimate``.

    ``runner_up`` (with ``SearchOptions.runner_up``): the best root move other than
    ``move`` as an iteration of its own (score from the root mover's point of view, its
    line starting with that move, ``depth`` the depth it was searched to), from a search
    of the root without ``move`` or from the candidate list (``ai.runner_up``); ``None``
    when not asked for, when there is no other move, when the move is known without
    searching (a book or a table) or when that search was stopped.
    """

    move: Hashable
    move_text: str
    infos: tuple[SearchInfo, ...]
    reason: str
    nodes: int
    time: float
    clean_score: Score | None = None
    runner_up: SearchInfo | None = None

    @property
    def info(self) -> SearchInfo | None:
        """The last completed iteration, if any."""
        return self.infos[-1] if self.infos else None

    @property
    def score(self) -> Score | None:
        """The score of the last completed iteration, if any."""
        return self.infos[-1].score if self.infos else None
