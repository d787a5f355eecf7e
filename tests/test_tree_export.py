"""The lab's tree exported for slides: the picture follows the Tree view's layout, the
SVG is well-formed and marks what the screen marks, the PNG has the picture's size,
and the lab's Export (button and key) writes both or says why not."""
from __future__ import annotations

import xml.etree.ElementTree as ElementTree

import pygame

from ai.demonstrations import TREE, demonstration
from ai.search_tree import record_tree
from games.registry import get_game
from ui.i18n import speaking
from ui.scenes.lab import LabScene
from ui.tree_export import png_surface, save_tree_pictures, svg_text
from ui.tree_layout import initial_collapse, layout_tree, visit_steps
from ui.tree_picture import SLIDE_SIZE, SMALLEST_TEXT, label_size, tree_picture
from ui.widgets.tree_view import bound_prefix, value_text
from ui_driver import app, click, frames_until, press  # noqa: F401  (app is a fixture)

SVG = "{http://www.w3.org/2000/svg}"


def recorded(game: str, position: str, depth: int, algorithm: str):
    entry = get_game(game)
    return record_tree(entry, entry.game.parse_position(position), depth, algorithm)


def elements(svg: str, tag: str, role: str) -> list[ElementTree.Element]:
    root = ElementTree.fromstring(svg)
    return [item for item in root.iter(SVG + tag) if role in (item.get("class") or "").split()]


def test_the_svg_parses_and_holds_every_value_the_pruned_stubs_greyed_and_the_principal_variation_thick():
    tree = recorded("tictactoe", "X../.O./...", 3, "alpha-beta")
    layout = layout_tree(tree.root)
    picture = tree_picture(tree, layout, 100, title="tic-tac-toe", legend="legend")
    svg = svg_text(picture)
    values = [item.text for item in elements(svg, "text", "value")]
    assert sorted(values) == sorted(bound_prefix(node) + value_text(node.value, 100) for node in tree.root.walk())
    pruned = elements(svg, "line", "pruned")
    assert len(pruned) == len(layout.stubs) > 0
    assert {item.get("stroke") for item in pruned} == {"#969ba5"}  # grey
    counts = sorted(item.text for item in elements(svg, "text", "pruned"))
    assert counts == sorted(f"\u2702{len(stub.moves)}" for stub in layout.stubs)
    line = [node for node in tree.root.walk() if node.on_line]
    thick = elements(svg, "line", "pv")
    assert len(thick) == len(line) - 1 > 0 and {item.get("stroke-width") for item in thick} == {"5"}
    assert {item.get("stroke-width") for item in elements(svg, "line", "edge")} == {"2"}
    assert [item.text for item in elements(svg, "text", "title")] == ["tic-tac-toe"]
    root = ElementTree.fromstring(svg)
    assert (root.get("width"), root.get("height")) == (str(picture.width), str(SLIDE_SIZE[1]))
    assert picture.width >= SLIDE_SIZE[0]


def test_chance_nodes_carry_their_probabilities_and_collapsed_nodes_their_hidden_count():
    item = demonstration("chance")
    tree = recorded(item.game, item.position, 2, item.algorithm)
    layout = layout_tree(tree.root, initial_collapse(tree.root, 30))
    svg = svg_text(tree_picture(tree, layout, 1000))
    chances = [node for node in layout.nodes if node.node.probability is not None]
    assert chances and len(elements(svg, "text", "probability")) == len(chances)
    assert {item.text for item in elements(svg, "text", "probability")} <= {"1/36", "1/18"}
    assert len(elements(svg, "circle", "chance")) == sum(1 for node in layout.nodes if node.node.kind == "chance")
    hidden = [node for node in layout.nodes if node.collapsed]
    assert hidden and len(elements(svg, "text", "hidden")) + len(elements(svg, "circle", "hidden")) == len(hidden)


def test_a_search_stopped_halfway_shows_only_the_nodes_entered_and_no_principal_variation():
    tree = recorded("tictactoe", "X../.O./...", 3, "alpha-beta")
    layout = layout_tree(tree.root)
    step = tree.steps // 2
    entered = sum(1 for node in tree.root.walk() if node.entered < step)
    left = sum(1 for node in tree.root.walk() if node.left < step)
    current = visit_steps(tree.root)[step - 1][0]
    picture = tree_picture(tree, layout, 100, step=step, current=current)
    assert len(picture.shapes) == entered < tree.size()
    assert sum(shape.filled for shape in picture.shapes) == left
    assert not elements(svg_text(picture), "line", "pv") and len(elements(svg_text(picture), "circle", "current")) == 1


def test_a_wide_tree_widens_the_picture_rather_than_shrink_its_labels_below_readable():
    size, staggered, width = label_size(20, widest=3)
    assert width == SLIDE_SIZE[0] and size >= 16 and not staggered
    size, staggered, width = label_size(40, widest=6)
    assert width == SLIDE_SIZE[0] and SMALLEST_TEXT <= size < 16 * 2 and staggered
    size, staggered, width = label_size(400, widest=6)
    assert size == SMALLEST_TEXT and staggered and width > SLIDE_SIZE[0]


def test_the_png_has_the_pictures_size_and_a_light_background(tmp_path):
    tree = recorded("tictactoe", "X../.O./...", 2, "minimax")
    picture = tree_picture(tree, layout_tree(tree.root), 100)
    png, svg = save_tree_pictures(picture, tmp_path / "new", "tree")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"  # a PNG, whatever the extension
    image = pygame.image.load(str(png))
    assert image.get_size() == (picture.width, picture.height) == SLIDE_SIZE
    assert image.get_at((2, 2))[:3] == (255, 255, 255)
    assert png_surface(picture).get_at((2, 2))[:3] == (255, 255, 255)
    ElementTree.parse(svg)
    again = save_tree_pictures(picture, tmp_path / "new", "tree")
    assert again == (tmp_path / "new" / "tree-2.png", tmp_path / "new" / "tree-2.svg") and png.exists()
    assert not [path for path in (tmp_path / "new").iterdir() if path.suffix not in (".png", ".svg")]


def test_the_lab_exports_the_tree_as_shown_and_says_where(app, tmp_path):
    app.show_lab(demonstration="tree")
    lab = app.top
    assert isinstance(lab, LabScene)
    press(app, pygame.K_e, "e")  # nothing to export yet in the Compare view: the key does nothing there
    frames_until(app, lambda: lab.job is None and lab.tree_view.tree is not None)
    app.step()
    assert lab.mode == TREE and lab.tree_buttons["export"].visible
    click(app, lab.tree_buttons["export"].rect.center)
    pngs, svgs = list((tmp_path / "lab").glob("*-tree-*.png")), list((tmp_path / "lab").glob("*-tree-*.svg"))
    assert len(pngs) == len(svgs) == 1 and str(pngs[0]) in lab.message and str(svgs[0]) in lab.message
    shown = [bound_prefix(item.node) + value_text(item.node.value, lab.unit) for item in lab.tree_view.layout.nodes]
    values = [item.text for item in elements(svgs[0].read_text(encoding="utf-8"), "text", "value")]
    assert sorted(values) == sorted(shown)


def test_an_export_that_cannot_be_written_says_so_and_nothing_crashes(app, tmp_path):
    app.show_lab(demonstration="tree")
    lab = app.top
    frames_until(app, lambda: lab.job is None and lab.tree_view.tree is not None)
    (tmp_path / "lab").write_text("a file where the folder should be", encoding="utf-8")
    press(app, pygame.K_e, "e")
    assert "Could not export the tree" in lab.message and lab.message_colour != (0, 0, 0)
    app.step()


def test_export_before_any_tree_asks_for_one_first(app, tmp_path):
    app.show_lab()
    lab = app.top
    lab.set_mode(TREE)
    lab.export_tree()
    assert "Run the tree first" in lab.message and not (tmp_path / "lab").exists()


def test_the_export_speaks_italian(app, tmp_path):
    with speaking("italian"):
        app.show_lab(demonstration="tree")
        lab = app.top
        frames_until(app, lambda: lab.job is None and lab.tree_view.tree is not None)
        lab.export_tree()
        assert lab.message.startswith("Albero per le diapositive (1920\u00d71080)")
