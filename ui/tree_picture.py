"""The lab's search tree as a picture for slides: shapes, lines and labels in pixels.

``tree_picture`` turns the same ``TreeLayout`` the Tree view draws (its collapsed nodes
as they are, the search shown up to the same step) into a flat list of primitives on
a light background, at a slide's size (1920x1080 unless the tree needs more width
for readable labels). ``ui.tree_export`` writes that list as SVG text and paints it
into a PNG, so both files show the same picture. What is drawn follows the Tree view
(``ui.widgets.tree_view``): MAX triangles up, MIN triangles down, chance circles with
each outcome's probability, evaluated leaves squares, values under the nodes from the
root player's side, grey ``✂N`` stubs for pruned moves, the principal variation thick
(once the search is complete), collapsed nodes with their hidden count.

Geometry and text only: nothing is drawn here, so it is testable without a window.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ai.search_tree import CHANCE_NODE, MAX, MIN, RecordedTree, TreeNode
from ui.i18n import format_number
from ui.tree_layout import PlacedNode, TreeLayout
from ui.widgets.tree_view import bound_prefix, probability_text, value_text

Colour = tuple[int, int, int]

SLIDE_SIZE = (1920, 1080)
"""The picture's size in pixels when the tree fits it (a 16:9 slide)."""
LARGEST_TEXT, SMALLEST_TEXT = 26, 14
"""The labels' size in pixels stays within these (readable on a projected slide)."""
MARGIN = 40
LONGEST_FITTED = 7
"""Labels up to this many characters get room in full; longer ones (a backgammon play)
are cut with an ellipsis to the room they have, rather than shrink every label."""
"""Pixels left free around the tree."""

COLOURS: dict[str, Colour] = {
    "background": (255, 255, 255), "text": (22, 26, 32), "dim": (80, 87, 100), "pruned": (150, 155, 165),
    "edge": (170, 176, 188), "pv": (18, 130, 60), "max": (20, 95, 200), "min": (186, 30, 26),
    "chance": (18, 110, 48), "leaf": (80, 87, 100), "end": (22, 26, 32), "hidden": (20, 95, 200),
    "current": (200, 120, 0),
}
"""The slide palette (light, dark text: contrast for a projector in a bright room)."""


@dataclass(frozen=True)
class Segment:
    """A straight line from ``start`` to ``end``, ``width`` pixels wide; ``role`` is
    ``edge``, ``pv`` (on the principal variation) or ``pruned`` (to a cut-off's stub)."""

    start: tuple[float, float]
    end: tuple[float, float]
    colour: Colour
    width: int
    role: str


@dataclass(frozen=True)
class NodeShape:
    """A node's symbol centred on ``centre``: ``kind`` is the ``TreeNode`` kind (``MAX``,
    ``MIN``, ``CHANCE_NODE``, ``LEAF``, ``END``); ``filled`` once its value is known
    (hollow while the search is inside it); ``ring`` marks the last step shown."""

    kind: str
    centre: tuple[float, float]
    radius: float
    colour: Colour
    filled: bool
    ring: bool = False
    pv: bool = False

    def points(self) -> list[tuple[float, float]]:
        """The corners of a triangle or square (empty for a circle: a chance node)."""
        x, y, r = self.centre[0], self.centre[1], self.radius
        if self.kind == MAX:
            return [(x, y - r), (x - r, y + r * 0.8), (x + r, y + r * 0.8)]
        if self.kind == MIN:
            return [(x, y + r), (x - r, y - r * 0.8), (x + r, y - r * 0.8)]
        if self.kind == CHANCE_NODE:
            return []
        half = max(2.0, r * 0.65)
        return [(x - half, y - half), (x + half, y - half), (x + half, y + half), (x - half, y + half)]


@dataclass(frozen=True)
class Label:
    """Text ``size`` pixels high, horizontally centred on ``position[0]``; its top at
    ``position[1]`` when ``below`` (under a point), else its bottom (above a point);
    ``role``: ``value``, ``move``, ``probability``, ``pruned``, ``hidden``, ``title`` or
    ``legend``. ``align`` is ``middle`` or ``start`` (left edge at ``position[0]``)."""

    text: str
    position: tuple[float, float]
    size: int
    colour: Colour
    role: str
    below: bool = True
    align: str = "middle"
    bold: bool = False


@dataclass
class TreePicture:
    """A whole picture: its size in pixels, background, and what is drawn on it in
    order (segments first, then shapes, then labels)."""

    width: int
    height: int
    background: Colour = COLOURS["background"]
    segments: list[Segment] = field(default_factory=list)
    shapes: list[NodeShape] = field(default_factory=list)
    labels: list[Label] = field(default_factory=list)
    dots: list[tuple[tuple[float, float], float, Colour]] = field(default_factory=list)
    """Small filled circles (centre, radius, colour): a collapsed node with no room for its count."""


CHARACTER_WIDTH = 0.64
"""The width of a label's character as a share of the text size (DejaVu Sans's digits;
an estimate, so that the layout needs no font)."""


def label_size(slots: int, widest: int = 6, rows: int = 4, width: int = SLIDE_SIZE[0],
               height: int = SLIDE_SIZE[1]) -> tuple[int, bool, int]:
    """The labels' size in pixels for a layout ``slots`` wide and ``rows`` deep whose
    longest label has ``widest`` characters, in a picture of ``width`` x ``height``
    pixels; whether neighbours' labels alternate between two lines (``staggered``:
    when side by side they would be smaller than 16 pixels); and the picture's width
    (widened past ``width`` when even staggered labels at ``SMALLEST_TEXT`` would not
    fit). A row keeps room for a label above and below its nodes."""
    slot = (width - 2 * MARGIN) / max(1, slots)
    row = (height - 4 * MARGIN) / max(1, rows)
    across = max(1, widest) * CHARACTER_WIDTH
    size = int(min(LARGEST_TEXT, slot * 0.9 / across, row / 4.2))
    if size >= 16:
        return size, False, width
    size = int(min(LARGEST_TEXT, slot * 1.8 / across, row / 6.5))
    if size >= SMALLEST_TEXT:
        return size, True, width
    needed = int(slots * SMALLEST_TEXT * across / 1.8) + 2 * MARGIN + 1
    return SMALLEST_TEXT, True, max(width, needed)


def tree_picture(tree: RecordedTree, layout: TreeLayout, unit: int, step: int | None = None,
                 current: TreeNode | None = None, title: str = "", legend: str = "",
                 size: tuple[int, int] = SLIDE_SIZE) -> TreePicture:
    """The picture of ``layout`` (a layout of ``tree``) with values in ``unit`` per 1.00:
    the search shown after ``step`` of its steps (``None``: complete; the principal
    variation is thick only when complete), ``current`` (the node of the last step
    shown, or the collapsed node holding it) ringed, ``title`` above and ``legend``
    below (each one line, "" for none). The picture is ``size`` pixels, wider when the
    tree needs it (``label_size``). Does not check that ``layout`` belongs to ``tree``."""
    texts = [bound_prefix(item.node) + value_text(item.node.value, unit) for item in layout.nodes]
    texts += [item.node.move for item in layout.nodes]
    text, staggered, width = label_size(layout.width, min(LONGEST_FITTED, max(map(len, texts))), layout.rows, *size)
    height = size[1]
    picture = TreePicture(width, height)
    line = round(text * 1.25)
    top = MARGIN + (round(text * 1.4) + line if title else 0)
    bottom = height - MARGIN - (line + text if legend else 0)
    if title:
        picture.labels.append(Label(title, (MARGIN, MARGIN), round(text * 1.4), COLOURS["text"], "title",
                                    align="start", bold=True))
    if legend:
        picture.labels.append(Label(legend, (MARGIN, height - MARGIN - text), max(SMALLEST_TEXT, text * 3 // 4),
                                    COLOURS["dim"], "legend", align="start"))
    slot = (width - 2 * MARGIN) / layout.width
    room_above = 2 * line + 4 if any(node.node.probability is not None for node in layout.nodes) else line + 4
    row_height = (bottom - top - room_above) / max(1, layout.rows)
    radius = max(4.0, min(slot * 0.3, row_height * 0.18, 22.0))
    complete = step is None or step >= tree.steps
    shown = (lambda node: True) if complete else (lambda node: node.entered < step)
    valued = (lambda node: True) if complete else (lambda node: node.left < step)

    def position(x: float, row: int) -> tuple[float, float]:
        return (MARGIN + (x + 0.5) * slot, top + room_above + (row + 0.25) * row_height)

    room = int(slot * (1.8 if staggered else 0.9) / (CHARACTER_WIDTH * text))

    def fitted(label: str) -> str:
        return label if len(label) <= max(room, 3) else label[:max(room, 3) - 1] + "\u2026"

    def lift(item: PlacedNode) -> int:
        return line if staggered and int(item.x) % 2 else 0

    for item in layout.nodes:
        if item.parent is None or not shown(item.node):
            continue
        start, end = position(item.parent.x, item.parent.row), position(item.x, item.row)
        thick = complete and item.node.on_line and item.parent.node.on_line
        picture.segments.append(Segment((start[0], start[1] + radius), (end[0], end[1] - radius),
                                        COLOURS["pv"] if thick else COLOURS["edge"], 5 if thick else 2,
                                        "pv" if thick else "edge"))
        above = end[1] - radius - 2 - lift(item)
        picture.labels.append(Label(fitted(item.node.move), (end[0], above), text, COLOURS["text"] if thick else COLOURS["dim"],
                                    "move", below=False))
        if item.node.probability is not None:
            picture.labels.append(Label(probability_text(item.node.probability), (end[0], above - line), text,
                                        COLOURS["chance"], "probability", below=False))
    for stub in layout.stubs:
        if not valued(stub.parent.node):
            continue
        start, end = position(stub.parent.x, stub.parent.row), position(stub.x, stub.row)
        picture.segments.append(Segment((start[0], start[1] + radius), end, COLOURS["pruned"], 2, "pruned"))
        picture.labels.append(Label("\u2702" + format_number(len(stub.moves), ","), (end[0], end[1] + 2), text,
                                    COLOURS["pruned"], "pruned"))
    for item in layout.nodes:
        node = item.node
        if not shown(node):
            continue
        centre = position(item.x, item.row)
        colour = COLOURS.get(node.kind, COLOURS["leaf"])
        picture.shapes.append(NodeShape(node.kind, centre, radius, colour, filled=valued(node),
                                        ring=node is current and not complete, pv=complete and node.on_line))
        drop = lift(item)
        if valued(node):
            picture.labels.append(Label(bound_prefix(node) + value_text(node.value, unit),
                                        (centre[0], centre[1] + radius + 2 + drop), text, COLOURS["text"], "value",
                                        bold=complete and node.on_line))
        if item.collapsed and staggered:
            picture.dots.append(((centre[0] + radius + 4, centre[1] - radius), 4.0, COLOURS["hidden"]))
        elif item.collapsed:
            picture.labels.append(Label("+" + format_number(item.hidden, ","),
                                        (centre[0], centre[1] + radius + line + 2 + drop), text, COLOURS["hidden"],
                                        "hidden"))
    return picture

