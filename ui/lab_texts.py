"""What the search lab says in words: each view's explanation, the comparison's verdict
and its reading of minimax's b^d against alpha-beta's best case (Knuth and Moore's
minimal tree), the depth it suggests for a position, the
evaluations a game offers the comparison, how far a retrograde build has got, and the
help overlay's keys."""
from __future__ import annotations

import math

from ai.demonstrations import COMPARE, DEEPENING, RETROGRADE, TREE
from ai.lab import LabRow, disagreement, minimal_tree_leaves, minimal_tree_nodes
from ai.search_tree import RecordedTree
from games.base import CHANCE, State
from games.registry import GameEntry
from ui import theme
from ui.i18n import format_number, mark, tr, tr_known, tr_plural
from ui.retrograde_steps import RetrogradeSteps
from ui.widgets.lab_table import LEGEND as TABLE_LEGEND
from ui.widgets.lab_table import search_label
from ui.widgets.retrograde_chart import LEGEND as RETROGRADE_LEGEND
from ui.widgets.tree_view import LEGEND as TREE_LEGEND
from ui.widgets.tree_view import value_text

EXPLANATIONS = {
    COMPARE: mark("Every algorithm searches this position to the same depth, first plainly, then with a transposition "
                  "table and killer and history move ordering. The values must agree; the bars show the nodes each "
                  "needed. A search that needs more than the lab's budget of nodes is stopped."),
    TREE: mark("The search drawn node by node: step through it with the arrows or Play. Hover a node for its "
               "alpha-beta window and value and to see its position on the board; click a node to collapse or open "
               "it; the wheel zooms and a drag moves the tree."),
    DEEPENING: mark("The engine searches depth 1, then 2, then 3... Each depth searches the previous depth's best "
                    "move first and finds the table filled by the depths before, so a new depth costs a few times "
                    "the last."),
    RETROGRADE: mark("Retrograde analysis builds a database from the end of the game backwards, one layer at a "
                     "time: every move leads to a lower layer, so each position's best choices point to positions "
                     "solved already. Click a bar for a position of that layer, a row for where its best choice "
                     "leads."),
}


LEGENDS = {COMPARE: TABLE_LEGEND, TREE: TREE_LEGEND, RETROGRADE: RETROGRADE_LEGEND}
"""The legend under each view (none under the deepening chart, which labels itself)."""


def legend(view: str) -> str:
    """The legend under ``view`` (one of ``ai.demonstrations``' views), translated; "" for none."""
    text = LEGENDS.get(view)
    return tr(text) if text else ""


EVALUATIONS_READING = mark(
    "The search is the same for each evaluation; only the judgement of the positions at its horizon differs, so "
    "where the best moves differ, the evaluations disagree about those positions. At depth 1 each move is judged by "
    "the evaluation alone; a deeper search looks at the replies too and can make up for some of a weaker "
    "evaluation's mistakes. Which evaluation plays better is settled by many games, not by one position.")
"""The comparison's reading when it compares evaluations (game-agnostic: no game's figures)."""


def suggested_depth(state: State, budget: int, has_chance: bool) -> int:
    """A depth whose full tree (branching factor to the power of the depth, chance
    outcomes counted) stays near ``budget`` nodes: the lab's first depth for a position."""
    if state.is_terminal():
        return 1
    if state.to_move() == CHANCE:
        outcomes = state.chance_outcomes()
        moves = max(len(state.apply(outcome).legal_moves()) for outcome, _ in outcomes[:3])
        branching = len(outcomes) * max(moves, 1)
    else:
        branching = max(len(state.legal_moves()), 1) * (21 if has_chance else 1)
    if branching < 2:
        return 9
    return max(1, min(9, int(math.log(budget) / math.log(branching))))


def evaluation_choices(entry: GameEntry) -> list[tuple[tuple[str, ...], str]]:
    """The Compare view's Evaluation choices for ``entry``'s game, as ``(names, text)``:
    the game's own first (no names: rows unlabelled), each other evaluation alone, then
    all of them side by side. Only ``[((), "")]`` for a game with one evaluation."""
    names = [evaluation.name for evaluation in entry.evaluations]
    if len(names) < 2:
        return [((), "")]
    return ([((), tr_known(names[0]))] + [((name,), tr_known(name)) for name in names[1:]] +
            [(tuple(names), tr("side by side"))])


def agreement(rows: list[LabRow], unit: int) -> tuple[str, tuple[int, int, int]]:
    """The comparison's verdict on ``rows`` (values shown with ``unit`` as 1.00): whether
    the values agree, and what pruning saved (rows of several evaluations: each one's best
    move and value); and the colour to say it in."""
    finished = [row for row in rows if row.finished]
    if not finished:
        return tr("No search finished within the budget: lower the depth."), theme.WARNING
    problem = disagreement(rows)
    if problem:
        return problem[0].upper() + problem[1:], theme.DANGER
    judged: dict[str, LabRow] = {}
    for row in finished:
        judged.setdefault(row.evaluation, row)  # each evaluation's first finished row
    stopped = len(rows) - len(finished)
    if len(judged) > 1:
        each = [tr("{evaluation} evaluation: {move}, {value}", evaluation=tr_known(row.evaluation),
                   move=row.best_move, value=value_text(row.value, unit, False)) for row in judged.values()]
        text = "  \u00b7  ".join(line[0].upper() + line[1:] for line in each)
        if len(finished) > len(judged):
            text = tr("The searches of each evaluation agree.") + "  " + text
        if stopped:
            text += tr(" {count} stopped at the budget of nodes.", count=stopped)
        return text, theme.TEXT
    value = value_text(finished[0].value, unit, short=False)
    text = (tr("All {count} finished searches agree: value {value}.", count=len(finished), value=value)
            if len(finished) > 1 else tr("Value {value}.", value=value))
    if len({row.quiescence for row in finished}) == 2:
        return "  \u00b7  ".join(
            (tr("Quiescence on: {move}, {value}", move=row.best_move, value=value_text(row.value, unit, False))
             if row.quiescence else tr("Quiescence off: {move}, {value}", move=row.best_move,
                                       value=value_text(row.value, unit, False))) for row in finished), theme.TEXT
    fewest = min(finished, key=lambda row: row.nodes)
    if fewest is not rows[0] and rows[0].finished:
        label = search_label(fewest.algorithm, fewest.enhanced)
        text += tr(" {search} needed {share}% of {first}'s nodes.", search=label[0].upper() + label[1:],
                   share=format_number(100 * fewest.nodes / rows[0].nodes, ".1f"),
                   first=search_label(rows[0].algorithm, rows[0].enhanced))
    if stopped:
        text += tr(" {count} stopped at the budget of nodes.", count=stopped)
    return text, theme.GOOD


def reading(rows: list[LabRow], depth: int) -> str:
    """What a finished comparison to ``depth`` says about minimax's b^d and alpha-beta's
    best case, Knuth and Moore's b^⌈d/2⌉ + b^⌊d/2⌋ − 1 (``ai.lab.minimal_tree_nodes``,
    with b the minimax row's effective branching factor), for people ("" when its first
    row is not a finished minimax search or no other search finished); for rows of
    several evaluations, what comparing evaluations shows."""
    if len({row.evaluation for row in rows if row.finished}) > 1:
        return tr(EVALUATIONS_READING)
    first = rows[0] if rows else None
    if first is None or not first.finished or first.algorithm != "minimax":
        return ""
    pruned = [row for row in rows if row.finished and row.algorithm != "minimax"]
    if not pruned:
        return ""
    best = min(pruned, key=lambda row: row.nodes)
    ideal_nodes = minimal_tree_nodes(first.branching, depth)
    return tr("Minimax visits about b^d nodes: here b = {branching} per ply, {nodes} nodes at depth {depth}. "
              "With the best move always searched first, alpha-beta visits at best b^⌈d/2⌉ + b^⌊d/2⌋ − 1 "
              "positions at depth d of a tree with b moves everywhere (Knuth and Moore): about {ideal_leaves} here, "
              "{ideal_nodes} nodes with those above them, a branching factor near {ideal}. Plain alpha-beta reached {plain}; the best here, "
              "{best}, {best_branching} ({best_nodes} nodes). A table also finds positions reached by other move "
              "orders: its hits are nodes not searched again.", branching=format_number(first.branching, ".2f"),
              nodes=format_number(first.nodes, ","), depth=depth,
              ideal_leaves=format_number(minimal_tree_leaves(first.branching, depth), ",.0f"),
              ideal_nodes=format_number(ideal_nodes, ",.0f"), ideal=format_number(ideal_nodes ** (1 / depth), ".2f"),
              plain=format_number(pruned[0].branching, ".2f"), best=search_label(best.algorithm, best.enhanced),
              best_branching=format_number(best.branching, ".2f"), best_nodes=format_number(best.nodes, ","))


def tree_summary(tree: RecordedTree, unit: int) -> str:
    """What a recorded tree is, for people: its algorithm and depth, the nodes drawn and
    searched (saying "quiescence included" only when its leaves were searched on through
    captures, ``RecordedTree.quiescence``: a game with ``TacticalMoves`` and quiescence
    on), and the root's value with ``unit`` as 1.00."""
    values = {"algorithm": tr_known(tree.algorithm), "depth": tree.depth, "drawn": format_number(tree.size(), ","),
              "searched": format_number(tree.nodes, ","), "value": value_text(tree.root.value, unit, short=False)}
    if tree.quiescence:
        return tr("{algorithm}, depth {depth}: {drawn} nodes drawn ({searched} searched, quiescence included), value "
                  "{value} for the side to move at the root. Press Play to watch it search.", **values)
    return tr("{algorithm}, depth {depth}: {drawn} nodes drawn ({searched} searched), value {value} for the side to "
              "move at the root. Press Play to watch it search.", **values)


def tree_title(tree: RecordedTree, game_title: str, unit: int) -> str:
    """The heading of an exported tree picture: the game (``game_title``, translated
    here), the algorithm and depth, and the root's value with ``unit`` as 1.00."""
    return tr("{game}: {algorithm}, depth {depth}, value {value} for the side to move at the root",
              game=tr_known(game_title), algorithm=tr_known(tree.algorithm), depth=tree.depth,
              value=value_text(tree.root.value, unit, short=False))


def retrograde_status(steps: RetrogradeSteps) -> str:
    """How far the build of ``steps`` has got, for people: the last layer shown and the
    positions solved so far."""
    analysis = steps.analysis
    if not steps.layers:
        return tr("Nothing solved yet: the first layer is the end of the game.")
    layer = steps.layers[-1]
    return tr_plural(layer.count, "Layer {layer} {layer_name} solved: {count} position, {value} {value_name}; "
                     "{solved} positions solved in {layers} of {total} layers.",
                     "Layer {layer} {layer_name} solved: {count} positions, mean {value} {value_name}; {solved} "
                     "positions solved in {layers} of {total} layers.", layer=layer.key,
                     layer_name=tr_known(analysis.layer_name), value=format_number(layer.mean, ".3f"),
                     value_name=tr_known(analysis.value_name), solved=format_number(layer.solved, ","), layers=steps.shown,
                     total=steps.total)


def help_sections() -> list[tuple[str, list[tuple[str, str]]]]:
    """The lab's keys and mouse actions, for the help overlay."""
    return [(tr("Search lab"), [
        ("Tab", tr("the next view: Compare, Tree, Deepening (and Retrograde where the game has one)")),
        (tr("Enter or R"), tr("run the search")), ("Esc", tr("stop a search, or back to the game")),
        ("Q", tr("quiescence on or off (games with captures)")),
        ("D", tr("the demonstrations: one click loads one and runs it")),
        (tr("Up and Down"), tr("a deeper or shallower search (Retrograde: a larger or smaller database)")),
    ]), (tr("Tree"), [
        (tr("Left and Right"), tr("one step back or forward")), (tr("Home and End"), tr("the start or the end")),
        (tr("Space"), tr("play or pause")), ("F", tr("fit the tree to the width")),
        ("E", tr("export the tree as shown to PNG and SVG pictures for slides")),
        (tr("Wheel, drag"), tr("zoom, move the tree")), (tr("Click a node"), tr("collapse or open it")),
        (tr("Hover a node"), tr("its window, value and position")),
    ]), (tr("Retrograde"), [
        (tr("Left and Right"), tr("one layer less or more")), (tr("Space"), tr("play or pause")),
        (tr("Click a bar"), tr("a position of that layer")),
        (tr("Click a row"), tr("the position its best choice leads to")),
    ])]
