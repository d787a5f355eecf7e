"""Where the nodes of a recorded search tree go, and the order the search visited them.

``layout_tree`` places a ``RecordedTree``'s nodes on a grid of *slots*: every node
without children drawn (a leaf, an end, a collapsed node) takes the next slot from the
left, in the order the search met them; a parent sits centred over its first and last
child; a node that cut off its remaining moves gets one more slot, for a stub standing
for the pruned moves. Rows are plies (the root is row 0). The drawing scales slots and
rows to pixels, so the layout is a pure function, testable without a window.

``visit_steps`` lists the search's steps (enter a node, leave it) in order, for
stepping through the search.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ai.search_tree import TreeNode


@dataclass
class PlacedNode:
    """A node on the grid: ``x`` its slot (a float: parents sit between slots), ``row``
    its ply, ``parent`` the placed parent (``None`` at the root), ``collapsed`` whether its
    children are hidden (``hidden`` of them, counting all descendants)."""

    node: TreeNode
    x: float
    row: int
    parent: PlacedNode | None = None
    collapsed: bool = False
    hidden: int = 0
    children: list[PlacedNode] = field(default_factory=list)


@dataclass
class PlacedStub:
    """The pruned moves of a node that cut off: drawn as one grey stub in slot ``x`` of
    row ``row`` (under ``parent``)."""

    parent: PlacedNode
    x: float
    row: int

    @property
    def moves(self) -> list[str]:
        """The moves the cut-off left unsearched."""
        return self.parent.node.pruned


@dataclass
class TreeLayout:
    """A whole layout: the placed nodes (in the order the search entered them), the
    stubs, the number of slots (``width``) and of rows (``rows``)."""

    nodes: list[PlacedNode]
    stubs: list[PlacedStub]
    width: int
    rows: int

    index: dict[int, PlacedNode] = field(default_factory=dict)
    """The placed nodes by ``id`` of their tree node."""

    def placed(self, node: TreeNode) -> PlacedNode | None:
        """The placement of ``node``, or ``None`` if it is hidden under a collapsed node."""
        return self.index.get(id(node))


def count_below(node: TreeNode) -> int:
    """The number of nodes under ``node`` (not counting itself)."""
    return sum(1 for _ in node.walk()) - 1


def layout_tree(root: TreeNode, collapsed: set[int] | frozenset[int] = frozenset()) -> TreeLayout:
    """Place the tree under ``root`` (see the module docstring); the nodes whose ``id``
    is in ``collapsed`` are drawn without their children."""
    nodes: list[PlacedNode] = []
    stubs: list[PlacedStub] = []
    next_slot = 0
    deepest = 0

    def place(node: TreeNode, row: int, parent: PlacedNode | None) -> PlacedNode:
        nonlocal next_slot, deepest
        deepest = max(deepest, row)
        item = PlacedNode(node, 0.0, row, parent)
        nodes.append(item)
        if parent is not None:
            parent.children.append(item)
        if node.children and id(node) in collapsed:
            item.collapsed, item.hidden = True, count_below(node)
        if not node.children or item.collapsed:
            item.x = float(next_slot)
            next_slot += 1
            return item
        for child in node.children:
            place(child, row + 1, item)
        last = item.children[-1].x
        if node.pruned:
            stubs.append(PlacedStub(item, float(next_slot), row + 1))
            last = float(next_slot)
            next_slot += 1
            deepest = max(deepest, row + 1)
        item.x = (item.children[0].x + last) / 2
        return item

    place(root, 0, None)
    return TreeLayout(nodes, stubs, max(1, next_slot), deepest + 1, {id(item.node): item for item in nodes})


def initial_collapse(root: TreeNode, most_slots: int = 48) -> set[int]:
    """The nodes to collapse so that a tree first shows at most about ``most_slots``
    slots: the tree is opened to the deepest row at which it still fits, and the nodes
    of that row and below are collapsed, except along the principal variation, which
    stays open to its end (so the first view shows the search's answer and where it came
    from). Empty when the whole tree fits; when even that is too wide (the principal
    variation's own children take the room), only the root and its children are shown."""
    by_row: dict[int, list[TreeNode]] = {}

    def gather(node: TreeNode, row: int) -> None:
        by_row.setdefault(row, []).append(node)
        for child in node.children:
            gather(child, row + 1)

    gather(root, 0)
    collapsed: set[int] = set()
    for opened_to in range(max(by_row), 0, -1):
        collapsed = {id(node) for row, row_nodes in by_row.items() if row >= opened_to for node in row_nodes
                     if node.children and not node.on_line}
        if layout_tree(root, collapsed).width <= most_slots:
            return collapsed
    return {id(node) for row, row_nodes in by_row.items() if row >= 1 for node in row_nodes if node.children}


def visit_steps(root: TreeNode) -> list[tuple[TreeNode, bool]]:
    """Every step of the search in order: ``(node, True)`` when it was entered and
    ``(node, False)`` when it was left (its value then known)."""
    events = []
    for node in root.walk():
        events.append((node.entered, node, True))
        events.append((node.left, node, False))
    events.sort(key=lambda event: event[0])
    return [(node, entering) for _, node, entering in events]
