"""The search lab's demonstrations: each position loads, and what its sentences claim is
what the searches find."""
from __future__ import annotations

import re

import pytest

from ai.demonstrations import COMPARE, DEEPENING, DEMONSTRATIONS, RETROGRADE, TREE, demonstration
from ai.lab import comparison, disagreement
from ai.search_tree import CHANCE_NODE, record_tree
from ai.types import Score
from games.backgammon.rules import BAR
from games.base import FIRST, SECOND
from games.registry import get_game


@pytest.mark.parametrize("item", DEMONSTRATIONS, ids=lambda item: item.key)
def test_every_demonstration_opens_on_a_position_with_a_player_or_dice_to_move(item):
    entry = get_game(item.game)
    state = entry.game.parse_position(item.position)
    assert not state.is_terminal()
    assert item.view in (COMPARE, TREE, DEEPENING, RETROGRADE) and item.depth >= 1 and item.explanation
    if item.view == RETROGRADE:
        assert entry.retrograde is not None and item.depth in entry.retrograde.sizes
    if item.view == TREE:
        assert item.algorithm
    for name in item.evaluations:
        assert item.view == COMPARE and entry.with_evaluation(name).evaluate is not None


def rows_of(item):
    entry = get_game(item.game)
    state = entry.game.parse_position(item.position)
    rows = []
    for algorithm, enhanced, quiescence in item.searches:
        rows += comparison(entry, state, item.depth, quiescence, searches=[(algorithm, enhanced)],
                           evaluations=item.evaluations or None)
    return rows


def test_the_horizon_demonstration_grabs_the_pawn_without_quiescence_only():
    blind, quiet = rows_of(demonstration("horizon"))
    assert not blind.quiescence and quiet.quiescence
    assert blind.best_move == "Qxd5" and blind.value > 50   # a pawn won, it believes
    assert quiet.best_move != "Qxd5" and quiet.value < blind.value


def test_the_horizon_demonstration_says_what_the_quiescence_search_plays():
    item = demonstration("horizon")
    blind, quiet = rows_of(item)
    state = get_game(item.game).game.parse_position(item.position)
    chosen = state.parse_move(quiet.best_move)
    text = item.explanation
    assert blind.best_move in text
    assert "plays a quiet move instead" in text and not state.is_capture(chosen)
    if "at home" in text or "keeps it" in text:  # a claim that the queen stays where it is
        assert not quiet.best_move.startswith("Q")


@pytest.mark.parametrize("item", DEMONSTRATIONS, ids=lambda item: item.key)
def test_no_demonstration_promises_how_long_a_search_takes(item):
    # a search's time depends on the machine and its load (28 s for "a few seconds" on a busy one)
    assert not re.search(r"\b(a few|several|\d+) (seconds?|minutes?)\b", item.explanation)


def test_the_table_demonstration_saves_most_of_the_nodes():
    plain, with_table, pvs = rows_of(demonstration("table"))
    assert disagreement([plain, with_table, pvs]) == ""
    assert with_table.nodes * 20 < plain.nodes and with_table.table_hits > 0


def test_the_pruning_demonstration_shows_alpha_beta_saving_nodes():
    item = demonstration("pruning")
    entry = get_game(item.game)
    rows = list(comparison(entry, entry.game.parse_position(item.position), item.depth))
    assert disagreement(rows) == ""
    nodes = {row.label: row.nodes for row in rows}
    assert nodes["alpha-beta"] * 5 < nodes["minimax"]


def test_the_tree_demonstrations_draw_small_trees_with_cut_offs_and_a_chance_node():
    item = demonstration("tree")
    entry = get_game(item.game)
    tree = record_tree(entry, entry.game.parse_position(item.position), item.depth, item.algorithm)
    assert 20 < tree.size() < 2000 and any(node.pruned for node in tree.root.walk())
    item = demonstration("chance")
    entry = get_game(item.game)
    tree = record_tree(entry, entry.game.parse_position(item.position), item.depth, item.algorithm)
    assert tree.root.kind == CHANCE_NODE and len(tree.root.children) == 21


def test_the_quarto_demonstration_has_the_counts_its_sentence_gives():
    item = demonstration("quarto")
    entry = get_game(item.game)
    state = entry.game.parse_position(item.position)
    assert state.to_text().split()[0].count(".") == 5
    pruned = record_tree(entry, state, item.depth, "alpha-beta")
    full = record_tree(entry, state, item.depth, "minimax")
    assert (pruned.size(), full.size()) == (66, 214) and pruned.value == full.value
    values = [child.value for child in full.root.children]
    assert len(values) == 20
    assert sum(1 for value in values if Score(round(value)).plies_to_end == -2) == 8
    assert sum(1 for value in values if value > 0) == 3
    best = max(full.root.children, key=lambda child: child.value)
    assert best.move == "a1:9" and Score(round(best.value)).plies_to_end == 3


def test_the_sum15_demonstration_has_the_tree_of_tic_tac_toe():
    item = demonstration("sum15")
    entry = get_game(item.game)
    rows = list(comparison(entry, entry.game.parse_position(item.position), item.depth))
    tictactoe = get_game("tictactoe")
    centre = tictactoe.game.initial_state().play("b2")  # X in the centre: 5 in the magic square
    assert entry.game.initial_state().play("5") == entry.game.parse_position(item.position)
    same = list(comparison(tictactoe, centre, item.depth))
    assert disagreement(rows) == "" and all(row.value == 0 for row in rows + same)  # a draw
    assert [row.label for row in rows] == [row.label for row in same] and rows[0].label == "minimax"
    assert rows[0].nodes == same[0].nodes == 55_505
    assert any(row.nodes != twin.nodes for row, twin in zip(rows[1:], same[1:]))  # another order of moves


def test_the_retrograde_demonstration_has_the_counts_its_sentence_gives():
    item = demonstration("retrograde")
    entry = get_game(item.game)
    analysis = entry.retrograde(item.depth)
    layers = list(analysis.layers())
    assert (len(layers), layers[-1].solved) == (25, 210)
    assert "210 positions in 25 layers" in item.explanation and f"up to {item.depth} checkers" in item.explanation
    home = analysis.position_of(entry.game.parse_position(item.position))
    assert home == analysis.example() and f"White's {analysis.position_text(home)}," in item.explanation
    choices = analysis.best_choices(home)
    assert len(choices) == 21 and all(choice.layer < analysis.layer_of(home) for choice in choices)
    assert abs(analysis.value(home) - (1 + sum(choice.probability * choice.value for choice in choices))) < 1e-9


def blots(state, player):
    """The points where ``player`` has a single checker."""
    board = state.checkers(player)
    return [point for point in range(1, 25) if board[point] == 1]


def test_the_evaluations_demonstration_has_the_choices_its_sentence_gives():
    item = demonstration("evaluations")
    entry = get_game(item.game)
    state = entry.game.parse_position(item.position)
    assert state.to_move() == FIRST and state.dice == (3, 3) and state.checkers(FIRST)[BAR] == 1
    assert entry.depth_name(item.depth) == "0-ply" and "judged at 0-ply." in item.explanation
    assert "White enters with 3-3," in item.explanation and len(item.evaluations) == len(entry.evaluations) == 2
    learned, hand_made = rows_of(item)
    assert (learned.evaluation, hand_made.evaluation) == ("learned", "hand-made")
    assert learned.best_move != hand_made.best_move and disagreement([learned, hand_made]) == ""
    moves = {state.display_move(move): state.apply(move) for move in state.legal_moves()}
    hit, calm = moves[hand_made.best_move], moves[learned.best_move]
    assert "*" in hand_made.best_move and hit.checkers(SECOND)[BAR] == 1 and calm.checkers(SECOND)[BAR] == 0
    assert state.checkers(FIRST)[10] < 2 <= calm.checkers(FIRST)[10]  # the 10 point made
    assert (f"hits: {hand_made.best_move}, leaving {len(blots(hit, FIRST))} blots." in item.explanation
            and len(blots(hit, FIRST)) == 3)
    assert f"makes the 10 point: {learned.best_move}." in item.explanation and len(blots(calm, FIRST)) == 1
    # one ply deeper (every roll of Black's reply averaged) the hand-made evaluation finds the learned one's play
    assert "At depth 2 the hand-made one agrees." in item.explanation
    deeper = list(comparison(entry, state, 2, searches=[item.searches[0][:2]], evaluations=["hand-made"]))
    assert deeper[0].best_move == learned.best_move
