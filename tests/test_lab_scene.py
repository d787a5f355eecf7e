"""The search lab in the window: opened from a game and back, each view run through the
real frame loop, the demonstrations, the tree's stepping, hovering and collapsing, the
CSV, and the tree layout's geometry."""
from __future__ import annotations

import csv
import io

import pygame
import pytest

from ai.demonstrations import COMPARE, DEEPENING, DEMONSTRATIONS, RETROGRADE, TREE, demonstration
from ai.search_tree import record_tree
from games.registry import get_game
from ui.player_settings import PlayerSettings
from ui.lab_texts import reading, suggested_depth
from ui.scenes.lab import LabScene
from ui.scenes.play import PlayScene
from ui.session import GameSession
from ui.tree_layout import PlacedNode, initial_collapse, layout_tree, visit_steps
from ui.widgets.tree_view import bound_prefix, value_text
from ui_driver import app, click, frames_until, press  # noqa: F401  (app is a fixture)


def open_lab(app, demonstration_key: str = "") -> LabScene:
    app.show_lab(demonstration=demonstration_key)
    lab = app.top
    assert isinstance(lab, LabScene)
    app.step()
    return lab


def finish(app, lab: LabScene) -> None:
    frames_until(app, lambda: lab.job is None)
    app.step()


def test_the_lab_opens_from_a_game_on_the_shown_position_and_back_leaves_the_game_untouched(app):
    entry = get_game("tictactoe")
    people = (PlayerSettings(kind="human"), PlayerSettings(kind="human"))
    session = GameSession(entry, people)
    for move in ("b2", "a1"):
        assert session.play_text(move) is None
    play = app.show_game(session)
    app.step()
    press(app, pygame.K_l, "l")
    lab = app.top
    assert isinstance(lab, LabScene) and lab.state == session.record.state
    click(app, lab.run_button.rect.center)
    finish(app, lab)
    assert lab.rows and lab.message.startswith("All ")
    click(app, lab.back.rect.center)
    assert app.top is play and session.record.move_texts == ["b2", "a1"] and session.record.result is None


def test_the_menu_opens_the_lab_on_the_chosen_game_and_back_returns_to_it(app):
    menu = app.show_menu()
    app.step()
    click(app, menu.lab_button.rect.center)
    lab = app.top
    assert isinstance(lab, LabScene) and lab.entry is menu.entry and lab.state == menu.entry.game.initial_state()
    press(app, pygame.K_ESCAPE)
    assert app.top is menu


def test_a_watched_game_is_paused_while_the_lab_is_open(app):
    entry = get_game("tictactoe")
    computers = (PlayerSettings(kind="ai", level=1), PlayerSettings(kind="ai", level=1))
    session = GameSession(entry, computers)
    app.show_game(session)
    app.step()
    click(app, app.top.toolbar_buttons["lab"].rect.center)
    assert isinstance(app.top, LabScene) and session.paused and "paused" in app.top.message


def test_the_lab_does_not_open_while_a_persons_clock_runs(app):
    from ai.clock import TimeControl
    entry = get_game("tictactoe")
    timed = PlayerSettings(kind="human", time_control=TimeControl.fischer(60))
    session = GameSession(entry, (timed, PlayerSettings(kind="ai", level=1)))
    play = app.show_game(session)
    app.step()
    press(app, pygame.K_l, "l")
    assert app.top is play and "timed game" in play.toast


def test_the_comparison_runs_in_the_background_and_its_values_agree(app):
    lab = open_lab(app, "pruning")
    assert lab.job is not None  # a demonstration runs at once
    finish(app, lab)
    assert [row.label for row in lab.rows][:2] == ["minimax", "alpha-beta"]
    assert len(lab.rows) == 7 and all(row.finished for row in lab.rows)
    assert "agree" in lab.message and "% of minimax" in lab.message
    text = reading(lab.rows, lab.depth.value)
    assert "b^⌈d/2⌉ + b^⌊d/2⌋ − 1" in text and f"{lab.rows[0].nodes:,} nodes at depth 7" in text


def test_save_csv_writes_the_table_to_the_data_folder(app, tmp_path):
    lab = open_lab(app)  # nothing run yet
    click(app, lab.save_button.rect.center)
    assert "Run the comparison first" in lab.message and not list((tmp_path / "lab").glob("*.csv"))
    lab.load_demonstration(demonstration("pruning"))
    finish(app, lab)
    click(app, lab.save_button.rect.center)
    files = list((tmp_path / "lab").glob("tictactoe-*.csv"))
    assert len(files) == 1 and str(files[0]) in lab.message
    rows = list(csv.DictReader(io.StringIO(files[0].read_text(encoding="utf-8"))))
    assert [row["algorithm"] for row in rows] == [row.algorithm for row in lab.rows]


def test_stop_ends_a_long_search_at_once_and_keeps_the_finished_rows(app):
    lab = open_lab(app)
    lab.load_position(get_game("chess"), get_game("chess").game.initial_state())
    lab.depth.select(6)
    lab.run()
    app.step()
    click(app, lab.stop_button.rect.center)
    assert lab.job is None and lab.message == "Stopped."
    assert all(row.finished or row.nodes > 0 for row in lab.rows)


def test_the_tree_view_steps_plays_hovers_and_collapses(app):
    lab = open_lab(app, "tree")
    finish(app, lab)
    view = lab.tree_view
    assert view.tree is not None and view.complete
    press(app, pygame.K_HOME)
    assert view.step == 0 and "has not started" in view.step_text()
    press(app, pygame.K_RIGHT)
    assert view.step == 1 and "enters the root with window" in view.step_text()
    press(app, pygame.K_RIGHT)
    assert "enters" in view.step_text() and view.path(view.steps[1][0])
    press(app, pygame.K_SPACE)  # play
    frames_until(app, lambda: view.step > 4)
    press(app, pygame.K_SPACE)
    assert not lab.playing
    press(app, pygame.K_END)
    # hover a child of the root: the board shows its position and the tooltip its window
    child = next(item for item in view.layout.nodes if item.parent is not None and item.parent.parent is None)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=view.position(child), rel=(0, 0), buttons=(0, 0, 0)))
    app.step()
    assert view.hovered is child
    state, move = lab.shown_state()
    assert move == child.node.played and state == lab.state.apply(child.node.played)
    lines = view.tooltip_lines(child)
    assert any(line.startswith("window (alpha, beta)") for line in lines) and any("value" in line for line in lines)
    before = len(view.layout.nodes)
    click(app, view.position(child))
    assert len(view.layout.nodes) < before and view.layout.placed(child.node).collapsed
    click(app, view.position(view.layout.placed(child.node)))
    assert len(view.layout.nodes) == before


def test_the_chance_demonstration_draws_the_rolls_with_their_probabilities(app):
    lab = open_lab(app, "chance")
    finish(app, lab)
    root = lab.tree_view.tree.root
    assert root.kind == "chance" and len(root.children) == 21
    assert sum(child.probability for child in root.children) == pytest.approx(1.0)
    average = sum(child.probability * child.value for child in root.children)
    assert root.value == pytest.approx(average)


def test_the_deepening_view_shows_one_row_per_depth(app):
    lab = open_lab(app, "deepening")
    finish(app, lab)
    from ui.widgets.deepening_chart import depth_rows
    rows = depth_rows(lab.state, lab.infos, lab.unit)
    assert [row.depth for row in rows] == [1, 2, 3, 4, 5]
    assert rows[0].first == "" and all(row.first for row in rows[1:])
    assert all(0 < row.first_share < 1 for row in rows)
    assert sum(row.nodes for row in rows) == lab.infos[-1].nodes
    assert rows[-1].line.split()[0] == lab.state.display_move(lab.infos[-1].pv[0])


@pytest.mark.parametrize("item", [item for item in DEMONSTRATIONS if item.key not in ("table",)],
                         ids=lambda item: item.key)
def test_every_demonstration_opens_and_draws_without_an_error(app, item):
    lab = open_lab(app, item.key)
    finish(app, lab)
    assert lab.message and not lab.message.startswith("The search failed")
    assert lab.mode == item.view and lab.explanation == item.explanation


def test_the_retrograde_view_builds_the_database_layer_by_layer(app):
    lab = open_lab(app, "retrograde")
    steps = lab.retrograde_chart.steps
    assert lab.mode == RETROGRADE and lab.tabs[RETROGRADE].visible and lab.playing and lab.size.value == 4
    press(app, pygame.K_SPACE)
    assert not lab.playing
    shown = steps.step
    press(app, pygame.K_RIGHT)
    assert steps.step == shown + 1 and not lab.playing
    press(app, pygame.K_END)
    assert steps.complete and lab.has_results() and "210 positions solved in 25 of 25 layers" in lab.message
    analysis = steps.analysis
    assert analysis.position_of(lab.shown_state()[0]) == steps.position == analysis.example()
    app.step()
    rect, choice = lab.retrograde_chart.row_rects[2]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.step()
    assert lab.retrograde_chart.hovered == choice  # the board shows where the row's best play leads
    assert analysis.position_of(lab.shown_state()[0]) == choice.position
    click(app, rect.center)
    assert steps.position == choice.position
    click(app, lab.retrograde_chart.bar_rects[9].center)
    assert analysis.layer_of(steps.position) == 9
    press(app, pygame.K_UP)
    press(app, pygame.K_r, "r")  # Run: a new, larger database from its first layer
    assert lab.retrograde_chart.steps is not steps and lab.retrograde_chart.steps.analysis.checkers == 5
    assert lab.retrograde_chart.steps.step <= 1 and lab.playing


def test_a_game_without_a_retrograde_analysis_has_three_views(app):
    lab = open_lab(app)
    assert not lab.tabs[RETROGRADE].visible and lab.mode == COMPARE
    seen = []
    for _ in range(3):
        press(app, pygame.K_TAB)
        seen.append(lab.mode)
    assert seen == [TREE, DEEPENING, COMPARE]
    help_texts = [text for _, entries in lab.help_sections() for pair in entries for text in pair]
    assert "one layer less or more" in help_texts


def test_a_finished_game_cannot_be_searched_and_says_why(app):
    lab = open_lab(app)
    entry = get_game("tictactoe")
    lab.load_position(entry, entry.game.parse_position("XXX/OO./..."))
    lab.run()
    assert lab.job is None and "game is over" in lab.message


def test_a_roll_to_come_is_searched_only_by_the_tree(app):
    lab = open_lab(app, "chance")
    finish(app, lab)
    lab.set_mode("compare")
    lab.run()
    assert lab.job is None and "dice are to be rolled" in lab.message
    lab.set_mode("tree")
    lab.run()
    finish(app, lab)
    assert lab.tree_view.tree is not None


def test_a_tree_too_large_to_draw_is_refused_with_a_message(app):
    lab = open_lab(app)
    lab.set_mode("tree")
    lab.depth.select(9)
    lab.algorithm.select("minimax")
    lab.run()
    finish(app, lab)
    assert "too many to draw" in lab.message and lab.tree_view.tree is None


def test_the_first_depth_suits_the_game():
    chess = get_game("chess").game.initial_state()
    tictactoe = get_game("tictactoe").game.initial_state()
    assert suggested_depth(chess, 100_000, False) == 3
    assert suggested_depth(tictactoe, 150, False) == 2
    assert suggested_depth(tictactoe, 100_000, False) == 5


def test_the_layout_puts_parents_over_their_children_and_nodes_never_share_a_slot():
    item = demonstration("tree")
    entry = get_game(item.game)
    tree = record_tree(entry, entry.game.parse_position(item.position), item.depth, item.algorithm)
    layout = layout_tree(tree.root)
    assert len(layout.nodes) == tree.size()
    slots = [(placed.row, placed.x) for placed in layout.nodes if not placed.children]
    slots += [(stub.row, stub.x) for stub in layout.stubs]
    assert len(set(slot for _, slot in slots)) == len(slots) == layout.width  # one slot each, none shared
    for placed in layout.nodes:
        if placed.children:
            last = max([child.x for child in placed.children] +
                       [stub.x for stub in layout.stubs if stub.parent is placed])
            assert placed.x == pytest.approx((placed.children[0].x + last) / 2)
            assert all(child.row == placed.row + 1 for child in placed.children)
    assert len(layout.stubs) == sum(1 for node in tree.root.walk() if node.pruned)
    steps = visit_steps(tree.root)
    assert len(steps) == tree.steps and steps[0] == (tree.root, True) and steps[-1] == (tree.root, False)


def test_collapsing_keeps_the_principal_variation_open():
    entry = get_game("tictactoe")
    tree = record_tree(entry, entry.game.parse_position("X../.O./..."), 4, "alpha-beta")
    collapsed = initial_collapse(tree.root, 20)
    layout = layout_tree(tree.root, collapsed)
    assert layout.width <= 20 < layout_tree(tree.root).width
    line = [placed for placed in layout.nodes if placed.node.on_line]
    assert len(line) == 1 + max(node.ply for node in tree.root.walk() if node.on_line)
    assert all(isinstance(placed, PlacedNode) and not placed.collapsed for placed in line)


def test_values_and_bounds_read_as_people_write_them():
    tree = record_tree(get_game("tictactoe"), get_game("tictactoe").game.parse_position("XO./.X./..O"), 5,
                       "alpha-beta")
    assert value_text(tree.root.value, 100) == "W3" and value_text(tree.root.value, 100, short=False) == "win in 3"
    assert value_text(0.0, 100) == "0"
    cut = next(node for node in tree.root.walk() if node.pruned)
    assert bound_prefix(cut) in ("\u2265", "\u2264")
    assert bound_prefix(tree.root) == ""


def test_a_failing_search_is_reported_in_the_lab_and_logged_not_raised(tmp_path, monkeypatch):
    from ui.lab_jobs import LabJob
    monkeypatch.setenv("GAMETREELAB_HOME", str(tmp_path))

    def broken(stop, emit):
        emit("first")
        raise RuntimeError("the evaluation broke")
    job = LabJob(broken)
    assert job.wait(10)
    assert job.poll() == ["first"] and not job.running
    assert job.error == "the search failed: RuntimeError: the evaluation broke"
    assert "the evaluation broke" in (tmp_path / "app.log").read_text(encoding="utf-8")


def test_a_game_with_several_evaluations_compares_them_side_by_side(app):
    lab = open_lab(app, "evaluations")
    assert lab.evaluation.rect.width > 0 and lab.evaluation.value == ("learned", "hand-made")
    finish(app, lab)
    lab.run()  # again: the searches waiting are listed, one per evaluation
    assert lab.pending == ["expectiminimax (learned)", "expectiminimax (hand-made)"]
    finish(app, lab)
    assert [row.evaluation for row in lab.rows] == ["learned", "hand-made"]
    assert lab.rows[0].best_move != lab.rows[1].best_move
    assert lab.message.startswith(f"Learned evaluation: {lab.rows[0].best_move}, ")
    assert f"Hand-made evaluation: {lab.rows[1].best_move}, " in lab.message
    click(app, lab.evaluation.arrow_rects()[0].center)  # back one choice: the hand-made one alone
    assert lab.evaluation.value == ("hand-made",)
    press(app, pygame.K_r, "r")
    finish(app, lab)
    assert [row.label for row in lab.rows] == ["expectiminimax (hand-made)"]
    click(app, lab.evaluation.arrow_rects()[0].center)  # the game's own: rows as in any game
    assert lab.evaluation.value == ()
    press(app, pygame.K_r, "r")
    finish(app, lab)
    assert [row.label for row in lab.rows] == ["expectiminimax"] and lab.message.startswith("Value ")
    lab.set_mode(TREE)
    assert lab.evaluation.rect.width == 0  # the choice belongs to the comparison
    tictactoe = get_game("tictactoe")
    lab.load_position(tictactoe, tictactoe.game.initial_state(), COMPARE)
    assert lab.evaluation.rect.width == 0 and lab.evaluation.value == ()


@pytest.mark.parametrize("language", ["english", "italian"])
def test_the_evaluations_demonstration_is_explained_whole_at_the_default_window_size(app, language):
    from ui import i18n, theme
    lab = open_lab(app)
    with i18n.speaking(language):
        lab.load_demonstration(demonstration("evaluations"))
        lines = theme.wrap_text(lab.explanation, lab.sizes.small, lab._explanation_rect.width)
    assert app.screen.get_size() == (1280, 800) and len(lines) >= 6
    assert len(lines) * theme.line_height(lab.sizes.small) <= lab._explanation_rect.height
    finish(app, lab)
