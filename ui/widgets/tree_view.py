"""The search-tree view: a recorded search drawn node by node.

MAX nodes (the player to move at the root chooses) are triangles pointing up, MIN
nodes triangles pointing down, chance nodes circles (each branch labelled with its
probability), positions at the horizon small squares. A node's value is written under
it, from the root player's point of view; a value outside the node's alpha-beta window
is a bound and says so (``≥`` after a cut-off at MAX, ``≤`` at MIN). Moves a cut-off
left unsearched are one grey stub (``✂`` and how many). A collapsed node says how many
nodes it hides (a dot when the labels are crowded; crowded labels alternate between two
lines). The principal variation is drawn thick once the search is complete.

Stepping: ``step`` counts the search's steps that have happened (entering or leaving a
node, ``ui.tree_layout.visit_steps``); nodes not yet entered are not drawn, nodes
entered but not left are hollow, and the node of the last step has a ring. The wheel
zooms (around the pointer), a drag pans, a click on a node collapses or opens it.
"""
from __future__ import annotations

from fractions import Fraction

import pygame

from ai.search_tree import CHANCE_NODE, END, MAX, MIN, RecordedTree, TreeNode
from ai.types import INFINITY, Score
from ui import theme
from ui.game_texts import score_text
from ui.i18n import mark, tr, tr_known, tr_plural
from ui.theme import TextSizes
from ui.tree_layout import PlacedNode, PlacedStub, TreeLayout, initial_collapse, layout_tree, visit_steps

KIND_TEXT = {MAX: mark("MAX: the player to move at the root chooses the highest value"),
             MIN: mark("MIN: the opponent chooses the lowest value"),
             CHANCE_NODE: mark("chance: the average over the outcomes, weighted by their probabilities"),
             END: mark("the game's value is known here without searching on")}
LEGEND = mark("\u25b2 MAX   \u25bc MIN   \u25cf chance   \u25a0 evaluated   \u2702 pruned by a cut-off   "
              "blue +12 or dot = 12 nodes folded inside, click to open   W3 / L3 = win / loss in 3 plies   "
              "thick = principal variation")
SMALLEST_SLOT, LARGEST_SLOT = 3.0, 240.0
"""Pixels per slot the zoom stays within."""


def value_text(value: float, unit: int, short: bool = True) -> str:
    """A node's value for people: ``+0.35``, ``0``, ``W3`` / ``L4`` (short) or ``win in 3``."""
    score = Score(round(value))
    if score.plies_to_end is not None:
        if not short:
            return score_text(score, unit)
        plies = score.plies_to_end
        return tr("W{plies}", plies=plies) if plies > 0 else tr("L{plies}", plies=-plies)
    if round(value) == 0:
        return "0"
    return score_text(score, unit)


def bound_prefix(node: TreeNode) -> str:
    """``≥`` when the node's value is a lower bound (it reached beta: a cut-off), ``≤``
    when an upper bound (at most alpha), "" when exact: always for a settled end of the
    game and for a leaf evaluated without quiescence (a quiescence search inside the window
    can return a bound)."""
    if node.kind == END or (node.kind not in (MAX, MIN, CHANCE_NODE) and not node.extra_nodes):
        return ""
    if node.beta < INFINITY and node.value >= node.beta:
        return "\u2265"
    if node.alpha > -INFINITY and node.value <= node.alpha:
        return "\u2264"
    return ""


def window_text(node: TreeNode, unit: int) -> str:
    """The node's alpha-beta window: ``[-0.35, +∞]``."""
    def bound(value: float) -> str:
        if value >= INFINITY:
            return "+\u221e"
        if value <= -INFINITY:
            return "\u2212\u221e"
        return value_text(value, unit, short=False)
    return f"[{bound(node.alpha)}, {bound(node.beta)}]"


def probability_text(probability: float) -> str:
    """``1/18``: a probability as a small fraction."""
    fraction = Fraction(probability).limit_denominator(1000)
    return f"{fraction.numerator}/{fraction.denominator}"


class TreeView:
    """Draws and explores one ``RecordedTree`` in ``rect`` (see the module docstring)."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.tree: RecordedTree | None = None
        self.unit = 100
        self.collapsed: set[int] = set()
        self.layout: TreeLayout | None = None
        self.steps: list[tuple[TreeNode, bool]] = []
        self.step = 0
        self.slot = 20.0
        self.pan = 0.0
        self.hovered: PlacedNode | PlacedStub | None = None
        self.text_size = 13
        """The size of the labels in pixels (set by the scene's layout)."""
        self._press: tuple[int, int] | None = None
        self._dragged = False
        self._parents: dict[int, TreeNode] = {}

    # -- the tree ----------------------------------------------------------------------
    def set_tree(self, tree: RecordedTree | None, unit: int = 100) -> None:
        """Show ``tree`` (``None``: nothing), complete, collapsed to slots of about 32
        pixels, wider for large text (``initial_collapse``), fitted to the width."""
        self.tree, self.unit = tree, unit
        self.hovered = None
        if tree is None:
            self.layout, self.steps, self.step = None, [], 0
            return
        self._parents = {id(child): parent for parent in tree.root.walk() for child in parent.children}
        self.collapsed = initial_collapse(tree.root, max(12, int(self.rect.width / max(32, 2.2 * self.text_size))))
        self.steps = visit_steps(tree.root)
        self.step = len(self.steps)
        self._relayout()
        self.fit()

    def _relayout(self) -> None:
        if self.tree is not None:
            self.layout = layout_tree(self.tree.root, self.collapsed)

    def toggle(self, node: TreeNode) -> None:
        """Collapse ``node``'s children, or open them again."""
        if not node.children:
            return
        self.collapsed ^= {id(node)}
        self._relayout()
        self._clamp_pan()

    def open_all(self) -> None:
        """Open every collapsed node and fit the tree to the width."""
        self.collapsed = set()
        self._relayout()
        self.fit()

    def fit(self) -> None:
        """Zoom so that the whole width of the tree shows."""
        if self.layout is None or self.rect.width <= 0:
            return
        self.slot = min(LARGEST_SLOT, max(SMALLEST_SLOT, (self.rect.width - 8) / self.layout.width))
        self.pan = (self.rect.width - self.slot * self.layout.width) / 2

    def _clamp_pan(self) -> None:
        if self.layout is None:
            return
        content = self.slot * self.layout.width
        if content <= self.rect.width:
            self.pan = min(max(self.pan, 0.0), self.rect.width - content)
        else:
            self.pan = min(max(self.pan, self.rect.width - content - 20), 20.0)

    # -- stepping ----------------------------------------------------------------------
    def step_to(self, step: int) -> None:
        """Show the search after ``step`` of its steps (clamped to 0..all)."""
        self.step = min(max(step, 0), len(self.steps))

    @property
    def complete(self) -> bool:
        """True when every step is shown."""
        return self.step >= len(self.steps)

    def step_text(self) -> str:
        """What the last shown step did, in words."""
        if not self.steps:
            return ""
        if self.step == 0:
            return tr("Step 0 of {total}: the search has not started.", total=len(self.steps))
        node, entering = self.steps[self.step - 1]
        where = self.path_text(node) or tr("the root")
        head = tr("Step {step} of {total}: ", step=self.step, total=len(self.steps))
        if entering:
            if self.tree.algorithm == "alpha-beta":
                return head + tr("enters {node} with window {window}.", node=where, window=window_text(node, self.unit))
            return head + tr("enters {node}.", node=where)
        value = bound_prefix(node) + value_text(node.value, self.unit, short=False)
        if node.pruned:
            return head + tr_plural(len(node.pruned), "leaves {node} with value {value}; cut-off: {count} move not "
                                    "searched.", "leaves {node} with value {value}; cut-off: {count} moves not "
                                    "searched.", node=where, value=value)
        return head + tr("leaves {node} with value {value}.", node=where, value=value)

    def current_node(self) -> TreeNode | None:
        """The node of the last step shown, or the collapsed node it is hidden in
        (``None`` before the first step or without a tree)."""
        current = self.steps[self.step - 1][0] if 0 < self.step <= len(self.steps) else None
        while current is not None and self.layout is not None and self.layout.placed(current) is None:
            current = self._parents.get(id(current))  # inside a collapsed node
        return current

    def _shown(self, node: TreeNode) -> bool:
        return node.entered < self.step

    def _valued(self, node: TreeNode) -> bool:
        return node.left < self.step

    # -- geometry ----------------------------------------------------------------------
    def _row_height(self) -> float:
        rows = self.layout.rows if self.layout is not None else 1
        return (self.rect.height - 10) / max(rows, 1)

    def position(self, item: PlacedNode | PlacedStub) -> tuple[int, int]:
        """The pixel centre of a placed node or stub."""
        row_height = self._row_height()
        return (round(self.rect.left + self.pan + (item.x + 0.5) * self.slot),
                round(self.rect.top + 5 + (item.row + 0.35) * row_height))

    def _radius(self) -> int:
        return int(max(3, min(self.slot * 0.3, self._row_height() * 0.18, 14)))

    def item_at(self, point: tuple[int, int]) -> PlacedNode | PlacedStub | None:
        """The drawn node or stub under ``point``, if any."""
        if self.layout is None or not self.rect.collidepoint(point):
            return None
        reach = self._radius() + 5
        best, best_distance = None, reach * reach
        for item in (*self.layout.nodes, *self.layout.stubs):
            node = item.node if isinstance(item, PlacedNode) else item.parent.node
            if isinstance(item, PlacedNode) and not self._shown(node):
                continue
            if isinstance(item, PlacedStub) and not self._valued(node):
                continue
            x, y = self.position(item)
            distance = (x - point[0]) ** 2 + (y - point[1]) ** 2
            if distance <= best_distance:
                best, best_distance = item, distance
        return best

    # -- input -------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Wheel: zoom; drag: pan; click on a node: collapse or open it. True if used."""
        if self.layout is None:
            return False
        if event.type == pygame.MOUSEWHEEL:
            mouse = pygame.mouse.get_pos()
            if not self.rect.collidepoint(mouse):
                return False
            self.zoom(1.25 ** event.y, mouse[0])
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self._press, self._dragged = event.pos, False
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.item_at(event.pos)
            if self._press is not None and event.buttons[0]:
                if self._dragged or abs(event.pos[0] - self._press[0]) > 4:
                    self._dragged = True
                    self.pan += event.rel[0]
                    self._clamp_pan()
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._press is not None:
            self._press = None
            if not self._dragged:
                item = self.item_at(event.pos)
                if isinstance(item, PlacedNode):
                    self.toggle(item.node)
            return True
        return False

    def zoom(self, factor: float, around_x: int) -> None:
        """Zoom by ``factor``, keeping the point at pixel ``around_x`` where it is."""
        old = self.slot
        self.slot = min(LARGEST_SLOT, max(SMALLEST_SLOT, self.slot * factor))
        anchor = around_x - self.rect.left - self.pan
        self.pan -= anchor * (self.slot / old - 1)
        self._clamp_pan()

    # -- drawing -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, sizes: TextSizes) -> None:
        """Paint the tree, clipped to ``rect``: a picture that zooms and pans, whose
        labels are abbreviated to the room between nodes (``theme.cuts_by_design``)."""
        theme.panel(surface, self.rect, colour=theme.BACKGROUND)
        if self.layout is None:
            return
        with theme.cuts_by_design():
            self._draw_tree(surface, sizes)

    def _draw_tree(self, surface: pygame.Surface, sizes: TextSizes) -> None:
        clip = surface.get_clip()
        surface.set_clip(self.rect.inflate(-2, -2))
        radius = self._radius()
        size = sizes.small
        labels = self.slot >= 1.2 * size
        line = theme.line_height(size) - 2
        staggered = self.slot < 3.2 * size  # neighbours' labels would touch: every other one a line lower
        complete = self.complete
        low = -self.pan / self.slot - 1  # the slots in sight
        high = (self.rect.width - self.pan) / self.slot + 1
        for item in self.layout.nodes:
            if item.parent is None or not self._shown(item.node):
                continue
            if (item.x < low and item.parent.x < low) or (item.x > high and item.parent.x > high):
                continue
            start, end = self.position(item.parent), self.position(item)
            thick = complete and item.node.on_line and item.parent.node.on_line
            colour = theme.GOOD if thick else theme.PANEL_BORDER
            pygame.draw.line(surface, colour, (start[0], start[1] + radius), (end[0], end[1] - radius),
                             4 if thick else 1)
            if labels:
                lift = line if staggered and int(item.x) % 2 else 0
                label = theme.draw_text(surface, item.node.move, (end[0], end[1] - radius - 1 - lift), size,
                                        theme.TEXT if thick else theme.TEXT_DIM, anchor="midbottom",
                                        max_width=int(self.slot * 1.3))
                if item.node.probability is not None:
                    theme.draw_text(surface, probability_text(item.node.probability), (end[0], label.top), size,
                                    theme.GOOD, anchor="midbottom", max_width=int(self.slot * 1.3))
        for stub in self.layout.stubs:
            if not self._valued(stub.parent.node):
                continue
            start, end = self.position(stub.parent), self.position(stub)
            pygame.draw.line(surface, theme.TEXT_DISABLED, (start[0], start[1] + radius), end, 1)
            theme.draw_text(surface, f"\u2702{len(stub.moves)}", end, size, theme.TEXT_DISABLED, anchor="midtop",
                            max_width=max(12, int(self.slot)))
        current = self.current_node()
        for item in self.layout.nodes:
            node = item.node
            if not low <= item.x <= high or not self._shown(node):
                continue
            centre = self.position(item)
            if node is current and not complete:
                pygame.draw.circle(surface, theme.WARNING, centre, radius + 5, 3)
            self._draw_shape(surface, node, centre, radius, filled=self._valued(node))
            drop = line if staggered and int(item.x) % 2 else 0
            if labels and self._valued(node):
                text = bound_prefix(node) + value_text(node.value, self.unit)
                theme.draw_text(surface, text, (centre[0], centre[1] + radius + 1 + drop), size, theme.TEXT,
                                anchor="midtop", max_width=int(self.slot * 1.9) if item.parent else 120)
            if item.collapsed and staggered:  # no room for the count: a dot says "more inside"
                pygame.draw.circle(surface, theme.ACCENT, (centre[0] + radius + 3, centre[1] - radius), 3)
            elif item.collapsed and labels:
                theme.draw_text(surface, f"+{item.hidden}", (centre[0], centre[1] + radius + line + 1 + drop), size,
                                theme.ACCENT, anchor="midtop", max_width=int(self.slot * 1.9))
        surface.set_clip(clip)

    def _draw_shape(self, surface: pygame.Surface, node: TreeNode, centre: tuple[int, int], radius: int,
                    filled: bool) -> None:
        x, y = centre
        width = 0 if filled else 2
        if node.kind == MAX:
            points = [(x, y - radius), (x - radius, y + radius * 0.8), (x + radius, y + radius * 0.8)]
            pygame.draw.polygon(surface, theme.ACCENT, points, width)
        elif node.kind == MIN:
            points = [(x, y + radius), (x - radius, y - radius * 0.8), (x + radius, y - radius * 0.8)]
            pygame.draw.polygon(surface, theme.DANGER, points, width)
        elif node.kind == CHANCE_NODE:
            pygame.draw.circle(surface, theme.GOOD, centre, radius, width)
        else:
            side = max(4, int(radius * 1.3))
            box = pygame.Rect(0, 0, side, side)
            box.center = centre
            pygame.draw.rect(surface, theme.TEXT_DIM if node.kind != END else theme.TEXT, box, width)

    def draw_tooltip(self, surface: pygame.Surface, sizes: TextSizes) -> None:
        """What the hovered node tells (``tooltip_lines``), in a box by the pointer (drawn
        last, over everything); nothing when no node is hovered."""
        if self.hovered is None:
            return
        lines = self.tooltip_lines(self.hovered)
        size = sizes.small
        line = theme.line_height(size)
        width = min(520, max(theme.font(size).size(text)[0] for text in lines) + 16)
        box = pygame.Rect(0, 0, width, line * len(lines) + 10)
        mouse = pygame.mouse.get_pos()
        box.topleft = (mouse[0] + 16, mouse[1] + 16)
        box.clamp_ip(pygame.Rect((0, 0), surface.get_size()))
        theme.panel(surface, box, radius=6)
        for index, text in enumerate(lines):
            theme.draw_text(surface, text, (box.left + 8, box.top + 5 + index * line), size,
                            theme.TEXT if index == 0 else theme.TEXT_DIM, max_width=width - 16)

    def tooltip_lines(self, item: PlacedNode | PlacedStub) -> list[str]:
        """What hovering ``item`` tells, line by line."""
        if isinstance(item, PlacedStub):
            moves = item.moves
            shown = ", ".join(moves[:12]) + (" \u2026" if len(moves) > 12 else "")
            return [tr_plural(len(moves), "Not searched: {count} move after {node}", "Not searched: {count} moves after "
                              "{node}", node=self.path_text(item.parent.node) or tr("the root")),
                    tr("A cut-off proved they cannot change the value above."), shown]
        node = item.node
        lines = [self.path_text(node) or tr("The root (the position on the board)")]
        lines.append(tr(KIND_TEXT[node.kind]) if node.kind in KIND_TEXT else tr("evaluated at the horizon"))
        if self.tree is not None and self.tree.algorithm == "alpha-beta":
            lines.append(tr("window (alpha, beta): {window}", window=window_text(node, self.unit)))
        if self._valued(node):
            bound = bound_prefix(node)
            meaning = {"\u2265": tr(" (a lower bound: it reached beta)"), "\u2264": tr(" (an upper bound: at most alpha)")}
            lines.append(tr("value: {value}", value=f"{bound}{value_text(node.value, self.unit, short=False)}"
                            f"{meaning.get(bound, '')}"))
        else:
            lines.append(tr("value: not known yet"))
        if node.probability is not None:
            lines.append(tr("probability of this outcome: {probability}", probability=probability_text(node.probability)))
        if node.pruned and self._valued(node):
            lines.append(tr_plural(len(node.pruned), "cut-off: {count} move not searched",
                                   "cut-off: {count} moves not searched"))
        if node.note:
            prefix = "wins at once with "
            lines.append(tr("wins at once with {move}", move=node.note[len(prefix):]) if node.note.startswith(prefix)
                         else tr_known(node.note))
        if item.collapsed:
            lines.append(tr_plural(item.hidden, "{count} node hidden: click to open",
                                   "{count} nodes hidden: click to open"))
        elif node.children:
            lines.append(tr("click to collapse"))
        return lines

    def path(self, node: TreeNode) -> list[TreeNode]:
        """The nodes from the root's child down to ``node`` (empty for the root)."""
        nodes: list[TreeNode] = []
        while node is not None and node is not (self.tree.root if self.tree else None):
            nodes.append(node)
            node = self._parents.get(id(node))
        return nodes[::-1]

    def path_text(self, node: TreeNode) -> str:
        """The moves from the root to ``node`` as text ("" for the root)."""
        return " ".join(item.move for item in self.path(node))
