"""What the search lab says is true: alpha-beta's best case by Knuth and Moore's
formula at every depth, "quiescence included" only for a game that has quiescence,
a legend for every mark the tree draws, and each view's own message."""
from __future__ import annotations

import math

import pytest

from ai.lab import LabRow, minimal_tree_leaves, minimal_tree_nodes
from games.capabilities import TacticalMoves, capabilities_of
from games.registry import GAMES, get_game
from ui.i18n import tr
from ui.lab_texts import reading
from ui.scenes.lab import LabScene
from ui.widgets.tree_view import LEGEND as TREE_LEGEND
from ui_driver import app, frames_until, press  # noqa: F401  (app is a fixture)

import pygame


def test_knuth_and_moore_best_case_for_odd_and_even_depths():
    # b = 3: the minimal tree has 3 + 3 - 1 = 5 leaves at depth 2, 9 + 3 - 1 = 11 at depth 3
    assert [minimal_tree_leaves(3, depth) for depth in range(5)] == [1, 3, 5, 11, 17]
    assert minimal_tree_nodes(3, 3) == 1 + 3 + 5 + 11
    branching = 23.1
    assert minimal_tree_leaves(branching, 3) == pytest.approx(branching ** 2 + branching - 1)  # about 556, not 111
    assert minimal_tree_leaves(branching, 4) == pytest.approx(2 * branching ** 2 - 1)


def row(algorithm: str, nodes: int, depth: int) -> LabRow:
    return LabRow(algorithm, False, nodes, 0.1, 0.0, "e4", nodes ** (1 / depth), 0)


@pytest.mark.parametrize("depth", [2, 3, 4, 5])
def test_the_reading_quotes_the_best_case_of_the_depth_searched(depth):
    minimax_nodes = 12_326 if depth == 3 else 30 ** depth
    rows = [row("minimax", minimax_nodes, depth), row("alpha-beta", minimax_nodes // 10, depth)]
    text = reading(rows, depth)
    branching = rows[0].branching
    assert f"about {minimal_tree_leaves(branching, depth):,.0f} here" in text
    assert f"{minimal_tree_nodes(branching, depth):,.0f} nodes with those above them" in text
    assert f"about {branching ** (depth / 2):,.0f} nodes" not in text  # b^(d/2) is not the best case
    if depth == 3:
        assert "about 556 here" in text


def open_lab(app, game: str) -> LabScene:
    entry = get_game(game)
    app.show_lab(entry=entry)
    lab = app.top
    assert isinstance(lab, LabScene)
    app.step()
    return lab


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_tree_says_quiescence_included_only_for_a_game_that_has_it(app, game):
    lab = open_lab(app, game)
    lab.set_mode("tree")
    lab.depth.select(1)
    lab.run()
    frames_until(app, lambda: lab.job is None)
    app.step()
    assert lab.tree_view.tree is not None, lab.message
    has_quiescence = TacticalMoves in capabilities_of(lab.state)
    assert ("quiescence included" in lab.message) == has_quiescence
    if has_quiescence:  # switched off, it is not included either
        lab.toggle_quiescence()
        lab.run()
        frames_until(app, lambda: lab.job is None)
        assert "quiescence included" not in lab.message and "searched)" in lab.message


def test_the_tree_legend_explains_the_folded_node_counts():
    legend = tr(TREE_LEGEND)
    assert "+12" in legend and "folded" in legend


def test_a_views_message_is_shown_only_in_that_view(app):
    app.show_lab(demonstration="pruning")
    lab = app.top
    frames_until(app, lambda: lab.job is None)
    app.step()
    verdict = lab.message
    assert verdict.startswith("All ")
    press(app, pygame.K_TAB)  # the Tree view: nothing run there yet
    assert lab.mode == "tree" and lab.message == ""
    press(app, pygame.K_TAB)
    press(app, pygame.K_TAB)
    assert lab.mode == "compare" and lab.message == verdict  # its own verdict again
    lab.set_mode("tree")
    lab.run()  # a new search clears the other views' results, and their messages
    frames_until(app, lambda: lab.job is None)
    lab.set_mode("compare")
    assert lab.message == "" and not lab.rows
