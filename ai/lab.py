"""The search lab's comparison: the course's algorithms on one position, side by side.

Every algorithm that can search the game (minimax, alpha-beta, negamax and PVS for a
game without chance; expectiminimax, without and with Star1/Star2 pruning, for a game
with dice) searches the same position to the same depth, once plainly and once with a
transposition table and move ordering (killer and history moves), each with fresh
tables and no iterative deepening. Each row gives the nodes, the seconds, the value
(from the side to move's point of view), the best move, the effective branching factor
(``nodes ** (1 / depth)``), the table's hits and the cut-offs (beta cut-offs; with
dice, chance nodes cut by Star1/Star2 too). The values must agree; ``disagreement``
says when they do not. A search may be given a node budget: one that exceeds it is
stopped and its row says so (the window's lab uses one, so that minimax at a depth too
deep for it does not hold the class up).

A game with several evaluations (``GameEntry.evaluations``: backgammon's learned and
hand-made ones) can be compared on them too: given ``evaluations`` by name, each search
runs once per evaluation, its rows side by side and labelled with the evaluation's name.
Their values differ, of course: only the rows of one evaluation must agree.
"""
from __future__ import annotations

import csv
import io
import math
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from ai.context import SearchAborted, SearchContext
from ai.expectimax import expectiminimax
from ai.minimax import alphabeta, minimax
from ai.negamax import negamax
from ai.ordering import MoveOrdering
from ai.pvs import pvs
from ai.transposition import TranspositionTable
from ai.types import INFINITY, Score
from games.base import CHANCE, State
from games.registry import GameEntry

Search = Callable[[SearchContext, State, int], float]

DETERMINISTIC: dict[str, tuple[Search, bool]] = {
    "minimax": (lambda ctx, state, depth: minimax(ctx, state, depth), False),
    "alpha-beta": (lambda ctx, state, depth: alphabeta(ctx, state, depth, -INFINITY, INFINITY), False),
    "negamax": (lambda ctx, state, depth: negamax(ctx, state, depth, -INFINITY, INFINITY), False),
    "PVS": (lambda ctx, state, depth: pvs(ctx, state, depth, -INFINITY, INFINITY), False),
}
"""The algorithms for a game without chance, in the course's order: name -> (search,
chance pruning)."""
WITH_CHANCE: dict[str, tuple[Search, bool]] = {
    "expectiminimax": (expectiminimax, False),
    "expectiminimax + Star1/Star2": (expectiminimax, True),
}
"""The algorithms for a game with dice: name -> (search, chance pruning)."""


@dataclass(frozen=True)
class LabRow:
    """One search of the comparison (see the module docstring); ``seconds`` of wall time.
    ``finished`` is False for a search stopped by the node budget (its ``nodes`` are
    those it had searched, its value and best move mean nothing); ``quiescence`` says
    whether leaves were searched on through captures (games with noisy moves)."""

    algorithm: str
    enhanced: bool
    nodes: int
    seconds: float
    value: float
    best_move: str
    branching: float
    table_hits: int
    cutoffs: int = 0
    finished: bool = True
    quiescence: bool = True
    evaluation: str = ""
    """The name of the game's evaluation it used, when chosen by name ("": the game's own)."""

    @property
    def label(self) -> str:
        """The algorithm with what it used: ``alpha-beta + table and ordering``, and the
        evaluation's name when one was chosen: ``expectiminimax (hand-made)``."""
        label = self.algorithm + (" + table and ordering" if self.enhanced else "")
        return f"{label} ({self.evaluation})" if self.evaluation else label


def compare(entry: GameEntry, state: State, depth: int, quiescence: bool = True) -> list[LabRow]:
    """Every algorithm on ``state`` to ``depth`` plies, plain and enhanced (minimax only
    plain: it uses neither a table nor ordering); ``quiescence`` for games with noisy
    moves. Raises ``ValueError`` for a finished game, a chance node or a depth below 1."""
    return list(comparison(entry, state, depth, quiescence))


def searches_of(entry: GameEntry) -> list[tuple[str, bool]]:
    """The comparison's searches for the game, in order: ``(algorithm, with table and
    ordering)``, every algorithm plain then enhanced (minimax only plain)."""
    algorithms = WITH_CHANCE if entry.game.has_chance else DETERMINISTIC
    return [(name, enhanced) for name in algorithms for enhanced in (False, True)
            if not (enhanced and name == "minimax")]


def comparison(entry: GameEntry, state: State, depth: int, quiescence: bool = True, node_limit: int | None = None,
               stop_event: threading.Event | None = None,
               searches: list[tuple[str, bool]] | None = None,
               evaluations: Sequence[str] | None = None) -> Iterator[LabRow]:
    """``compare``'s rows one by one, as each search ends; a search beyond ``node_limit``
    nodes is stopped (a row with ``finished`` False) and the next one starts. Setting
    ``stop_event`` ends the comparison after the current search's next check (no row for
    it). ``searches`` chooses which of ``searches_of(entry)`` run, in the order given
    (default: all). ``evaluations`` names evaluations of ``entry.evaluations``: each
    search then runs once with each, in that order, its rows labelled with the name
    (default: once, with the game's own evaluation, unlabelled). Raises ``ValueError``
    as ``compare`` does, or for a search or an evaluation the game does not have, before
    the first search."""
    if state.is_terminal() or state.to_move() == CHANCE:
        raise ValueError("the position must have a player to move")
    if depth < 1:
        raise ValueError(f"the depth must be at least 1, not {depth}")
    chance = entry.game.has_chance
    algorithms = WITH_CHANCE if chance else DETERMINISTIC
    known = searches_of(entry)
    chosen = known if searches is None else list(searches)
    for item in chosen:
        if tuple(item) not in known:
            raise ValueError(f"{entry.game.title} has no search {item[0]!r}{' with a table' if item[1] else ''}")
    evaluated = [("", entry)] if evaluations is None else [(name, entry.with_evaluation(name)) for name in evaluations]
    if not evaluated:
        raise ValueError("no evaluation was chosen: name at least one, or none for the game's own")
    for (name, enhanced), (evaluation, judged) in ((search, each) for search in chosen for each in evaluated):
        search, pruning = algorithms[name]
        table = TranspositionTable() if enhanced else None
        context = SearchContext(judged.evaluate, state.to_move(), root=state, table=table,
                                ordering=MoveOrdering() if enhanced and not chance else None,
                                chance_game=chance, chance_pruning=pruning, quiescence=quiescence,
                                node_limit=node_limit, stop_event=stop_event,
                                evaluate_batch=judged.evaluate_batch, policy_move=judged.policy_move)
        context.begin_iteration(())
        start = time.perf_counter()
        try:
            value = search(context, state, depth)
        except SearchAborted:
            if stop_event is not None and stop_event.is_set():
                return
            yield LabRow(name, enhanced, context.nodes, time.perf_counter() - start, 0.0, "-",
                         context.nodes ** (1.0 / depth), table.hits if table is not None else 0,
                         context.cutoffs, finished=False, quiescence=quiescence, evaluation=evaluation)
            continue
        seconds = time.perf_counter() - start
        line = context.pv[0]
        yield LabRow(name, enhanced, context.nodes, seconds, value,
                     state.display_move(line[0]) if line else "-",
                     context.nodes ** (1.0 / depth), table.hits if table is not None else 0,
                     context.cutoffs, quiescence=quiescence, evaluation=evaluation)


def minimal_tree_leaves(branching: float, depth: int) -> float:
    """Knuth and Moore's (1975) best case of alpha-beta: in a uniform tree of
    ``branching`` moves per position, a search ``depth`` plies deep that always tries
    the best move first still visits ``b^ceil(d/2) + b^floor(d/2) - 1`` positions at
    depth ``d`` (for every depth, odd or even; 1 at depth 0). A real tree is not
    uniform, so for a measured ``branching`` this is an estimate."""
    return branching ** math.ceil(depth / 2) + branching ** (depth // 2) - 1


def minimal_tree_nodes(branching: float, depth: int) -> float:
    """The nodes of Knuth and Moore's minimal tree ``depth`` plies deep, the root and
    every ply counted (``minimal_tree_leaves`` summed over depths 0 to ``depth``): what
    alpha-beta counts at best, comparable with a ``LabRow``'s ``nodes``."""
    return sum(minimal_tree_leaves(branching, ply) for ply in range(depth + 1))


def disagreement(rows: list[LabRow]) -> str:
    """"" when every finished row has the same value (to a thousandth) as the other
    finished rows searched with the same quiescence setting and the same evaluation, else
    which differ (rows with and without quiescence search different trees, and different
    evaluations judge the leaves differently, so their values may differ)."""
    problems = []
    for group in dict.fromkeys((row.quiescence, row.evaluation) for row in rows):
        finished = [row for row in rows if row.finished and (row.quiescence, row.evaluation) == group]
        if len({round(row.value, 3) for row in finished}) > 1:
            problems.append(", ".join(f"{row.label} {row.value:g}" for row in finished))
    return "the values differ: " + "; ".join(problems) if problems else ""


def table_text(rows: list[LabRow], unit: int) -> list[str]:
    """The comparison as text lines; values shown with ``unit`` as 1.00 (``Score.text``)."""
    names = [f"{row.algorithm} ({row.evaluation})" if row.evaluation else row.algorithm for row in rows]
    width = max([30] + [len(name) + 2 for name in names])
    lines = [f"{'algorithm':<{width}}{'TT+ordering':>12}{'nodes':>12}{'seconds':>9}{'value':>12}{'EBF':>7}"
             f"{'TT hits':>9}{'cut-offs':>10}  best move"]
    for row, name in zip(rows, names):
        value = Score(round(row.value)).text(unit) if row.finished else "stopped"
        lines.append(f"{name:<{width}}{'yes' if row.enhanced else 'no':>12}{row.nodes:>12,}{row.seconds:>9.3f}"
                     f"{value:>12}{row.branching:>7.2f}{row.table_hits:>9,}"
                     f"{row.cutoffs:>10,}  "
                     f"{row.best_move}")
    return lines


def csv_text(rows: list[LabRow]) -> str:
    """The comparison as CSV with a header row (raw values in score units; the evaluation's
    name when one was chosen, else empty)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["algorithm", "table_and_ordering", "nodes", "seconds", "value", "best_move",
                     "effective_branching_factor", "table_hits", "cutoffs", "finished", "quiescence",
                     "evaluation"])
    for row in rows:
        writer.writerow([row.algorithm, row.enhanced, row.nodes, f"{row.seconds:.6f}",
                         f"{row.value:g}" if row.finished else "", row.best_move, f"{row.branching:.3f}",
                         row.table_hits, row.cutoffs, row.finished, row.quiescence, row.evaluation])
    return buffer.getvalue()
