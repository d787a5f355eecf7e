"""The search lab's comparison: the course's algorithms on one position, side by side.

Every algorithm that can search the game (minimax, alpha-beta, negamax and PVS for a
game without chance; expectiminimax, without and with Star1/Star2 pruning, for a game
with dice) searches the same position to the same depth, once plainly and once with a
transposition table and move ordering (killer and history moves), each with fresh
tables and no iterative deepening. Each row gives the nodes, the seconds, the value
(from the side to move's point of view), the best move, the effective branching factor
(``nodes ** (1 / depth)``), the table's hits and the cut-offs (beta cut-offs; with
dice, chance nodes cut by Star1/Star2 too). The values must agree; ``disagreement``
says when they do not.
"""
from __future__ import annotations

import csv
import io
import time
from collections.abc import Callable
from dataclasses import dataclass

from ai.context import SearchContext
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
    """One search of the comparison (see the module docstring); ``seconds`` of wall time."""

    algorithm: str
    enhanced: bool
    nodes: int
    seconds: float
    value: float
    best_move: str
    branching: float
    table_hits: int
    cutoffs: int = 0


def compare(entry: GameEntry, state: State, depth: int) -> list[LabRow]:
    """Every algorithm on ``state`` to ``depth`` plies, plain and enhanced (minimax only
    plain: it uses neither a table nor ordering). Raises ``ValueError`` for a finished
    game, a chance node or a depth below 1."""
    if state.is_terminal() or state.to_move() == CHANCE:
        raise ValueError("the position must have a player to move")
    if depth < 1:
        raise ValueError(f"the depth must be at least 1, not {depth}")
    chance = entry.game.has_chance
    algorithms = WITH_CHANCE if chance else DETERMINISTIC
    rows = []
    for name, (search, pruning) in algorithms.items():
        for enhanced in (False, True):
            if enhanced and name == "minimax":
                continue
            table = TranspositionTable() if enhanced else None
            context = SearchContext(entry.evaluate, state.to_move(), table=table,
                                    ordering=MoveOrdering() if enhanced and not chance else None,
                                    chance_game=chance, chance_pruning=pruning)
            context.begin_iteration(())
            start = time.perf_counter()
            value = search(context, state, depth)
            seconds = time.perf_counter() - start
            line = context.pv[0]
            rows.append(LabRow(name, enhanced, context.nodes, seconds, value,
                               state.display_move(line[0]) if line else "-",
                               context.nodes ** (1.0 / depth), table.hits if table is not None else 0,
                               context.cutoffs))
    return rows


def disagreement(rows: list[LabRow]) -> str:
    """"" when every row has the same value (to a thousandth), else which differ."""
    values = {round(row.value, 3) for row in rows}
    if len(values) <= 1:
        return ""
    return "the values differ: " + ", ".join(f"{row.algorithm}{' +TT' if row.enhanced else ''} {row.value:g}"
                                             for row in rows)


def table_text(rows: list[LabRow], unit: int) -> list[str]:
    """The comparison as text lines; values shown with ``unit`` as 1.00 (``Score.text``)."""
    lines = [f"{'algorithm':<30}{'TT+ordering':>12}{'nodes':>12}{'seconds':>9}{'value':>12}{'EBF':>7}"
             f"{'TT hits':>9}{'cut-offs':>10}  best move"]
    for row in rows:
        lines.append(f"{row.algorithm:<30}{'yes' if row.enhanced else 'no':>12}{row.nodes:>12,}{row.seconds:>9.3f}"
                     f"{Score(round(row.value)).text(unit):>12}{row.branching:>7.2f}{row.table_hits:>9,}"
                     f"{row.cutoffs:>10,}  "
                     f"{row.best_move}")
    return lines


def csv_text(rows: list[LabRow]) -> str:
    """The comparison as CSV with a header row (raw values in score units)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["algorithm", "table_and_ordering", "nodes", "seconds", "value", "best_move",
                     "effective_branching_factor", "table_hits", "cutoffs"])
    for row in rows:
        writer.writerow([row.algorithm, row.enhanced, row.nodes, f"{row.seconds:.6f}", f"{row.value:g}",
                         row.best_move, f"{row.branching:.3f}", row.table_hits, row.cutoffs])
    return buffer.getvalue()
