"""The recorded search tree of the lab's tree view: it is the real search, node for node
(the same count and value as ``ai.minimax`` and ``ai.expectimax``), with windows,
cut-offs, probabilities and the principal variation where the course puts them."""
from __future__ import annotations

import pytest

from ai.context import SearchContext
from ai.expectimax import expectiminimax
from ai.minimax import alphabeta, minimax
from ai.search_tree import CHANCE_NODE, LEAF, MAX, MIN, TreeTooLarge, record_tree
from ai.types import INFINITY
from games.base import CHANCE
from games.registry import get_game


def real_search(entry, state, depth, algorithm, quiescence=True):
    context = SearchContext(entry.evaluate, state.to_move(), root=state, chance_game=entry.game.has_chance,
                            quiescence=quiescence, policy_move=entry.policy_move)
    context.begin_iteration(())
    if algorithm == "minimax":
        value = minimax(context, state, depth)
    elif algorithm == "alpha-beta":
        value = alphabeta(context, state, depth, -INFINITY, INFINITY)
    else:
        value = expectiminimax(context, state, depth)
    return value, context.nodes, context.cutoffs


def played(game_id, moves):
    entry = get_game(game_id)
    state = entry.game.initial_state()
    for move in moves:
        state = state.play(move)
    return entry, state


@pytest.mark.parametrize("game_id, moves, depth, quiescence", [
    ("tictactoe", [], 4, True),
    ("tictactoe", ["b2", "a1", "c3"], 6, True),
    ("chess", ["e2e4", "d7d5"], 2, True),   # exd5 is a capture: quiescence nodes below the leaves
    ("chess", ["e2e4", "d7d5"], 2, False),
    ("quarto", [":12", "a1:3", "b2:5", "c3:0", "d4:7"], 2, True),
])
@pytest.mark.parametrize("algorithm", ["minimax", "alpha-beta"])
def test_the_recorded_tree_is_the_real_search_node_for_node(game_id, moves, depth, quiescence, algorithm):
    entry, state = played(game_id, moves)
    value, nodes, cutoffs = real_search(entry, state, depth, algorithm, quiescence)
    tree = record_tree(entry, state, depth, algorithm, quiescence=quiescence)
    assert tree.value == value
    assert tree.nodes == nodes
    drawn = list(tree.root.walk())
    assert len(drawn) + sum(node.extra_nodes for node in drawn) == nodes
    assert sum(1 for node in drawn if node.cut) == cutoffs
    assert tree.steps == 2 * len(drawn)


def test_the_expectiminimax_tree_is_the_real_search_with_probabilities():
    entry, state = played("backgammon", ["31-first"])
    value, nodes, _ = real_search(entry, state, 2, "expectiminimax")
    tree = record_tree(entry, state, 2, "expectiminimax")
    assert tree.value == pytest.approx(value) and tree.nodes == nodes
    chance = [node for node in tree.root.walk() if node.kind == CHANCE_NODE]
    assert chance, "the roll after the move is a chance node"
    for node in chance:
        assert sum(child.probability for child in node.children) == pytest.approx(1.0)
        assert len(node.children) == 21  # 6 doubles at 1/36, 15 other rolls at 2/36
        assert node.value == pytest.approx(sum(child.probability * child.value for child in node.children))


def test_a_chance_node_at_the_root_averages_the_rolls():
    entry, state = played("backgammon", ["31-first", "8/5 6/5"])
    assert state.to_move() == CHANCE
    tree = record_tree(entry, state, 1, "expectiminimax")
    assert tree.root.kind == CHANCE_NODE and len(tree.root.children) == 21
    assert {round(child.probability * 36) for child in tree.root.children} == {1, 2}


def test_windows_values_and_the_line_follow_alpha_beta():
    entry, state = played("tictactoe", ["b2", "a1"])
    tree = record_tree(entry, state, 7, "alpha-beta")
    root = tree.root
    assert root.kind == MAX and (root.alpha, root.beta) == (-INFINITY, INFINITY)
    for node in root.walk():
        assert node.left > node.entered
        for child in node.children:
            assert node.entered < child.entered and child.left < node.left
            if node.kind == MAX:
                assert child.value <= node.value  # MAX takes the largest
            elif node.kind == MIN:
                assert child.value >= node.value
        assert not node.pruned or node.cut
        if node.cut:  # a cut-off: the last child searched failed outside the window
            last = node.children[-1]
            assert (last.value >= node.beta) if node.kind == MAX else (last.value <= node.alpha)
    line = [node for node in root.walk() if node.on_line]
    assert line[0] is root and all(node.value == root.value for node in line)
    assert line[-1].kind not in (MAX, MIN) or not line[-1].children


def test_minimax_prunes_nothing_and_alpha_beta_visits_fewer_nodes():
    entry, state = played("tictactoe", ["b2", "a1"])
    full = record_tree(entry, state, 7, "minimax")
    pruned = record_tree(entry, state, 7, "alpha-beta")
    assert not any(node.pruned for node in full.root.walk())
    assert pruned.value == full.value and pruned.nodes < full.nodes


def test_leaves_are_evaluated_at_the_horizon():
    entry, state = played("tictactoe", [])
    tree = record_tree(entry, state, 2, "minimax")
    assert all(node.kind == LEAF and node.note == "evaluated" for node in tree.root.walk() if not node.children)
    assert len(tree.root.children) == 9 and tree.size() == 1 + 9 + 72


def test_too_large_a_tree_and_wrong_requests_are_refused_with_a_message():
    entry, state = played("tictactoe", [])
    with pytest.raises(TreeTooLarge, match="lower the depth"):
        record_tree(entry, state, 9, "minimax", node_limit=5000)
    with pytest.raises(ValueError, match="games with dice"):
        record_tree(entry, state, 2, "expectiminimax")
    backgammon, position = played("backgammon", ["31-first"])
    with pytest.raises(ValueError, match="expectiminimax"):
        record_tree(backgammon, position, 1, "alpha-beta")
    with pytest.raises(ValueError, match="depth"):
        record_tree(entry, state, 0, "minimax")
