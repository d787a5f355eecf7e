"""The search lab's layout, for any window and text size (mixed into ``LabScene``).

A header (the title, the view tabs, Back); at the left the board, its explanation and
the Demonstrations button; at the right the view's controls (a row of selectors and
buttons, and for the tree and the retrograde build a row of stepping buttons) over the
view itself and its legend; the status line at the bottom. The board keeps its size at
normal text (the layout rule of ``ui.scenes.play_layout``): the chosen text size is used
if every label then fits whole, else the largest smaller one that does.

``LabLayout`` places the scene's own controls and widgets (the attributes ``LabScene``
makes: ``tabs``, ``back``, ``depth``, ``tree_buttons``, ``table``, ...); it draws nothing.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ai.demonstrations import COMPARE, RETROGRADE, TREE
from ui import theme
from ui.i18n import tr, tr_known
from ui.lab_texts import legend

if TYPE_CHECKING:
    from games.registry import GameEntry
    from ui.views.base import BoardView
    from ui.widgets.controls import Button, Selector
    from ui.widgets.deepening_chart import DeepeningChart
    from ui.widgets.lab_table import LabTable
    from ui.widgets.retrograde_chart import RetrogradeChart
    from ui.widgets.tree_view import TreeView


class LabLayout:
    """Where everything of the lab goes (see the module docstring)."""

    entry: GameEntry
    mode: str
    view: BoardView
    tabs: dict[str, Button]
    back: Button
    demonstrations_button: Button
    run_button: Button
    stop_button: Button
    save_button: Button
    quiescence_button: Button
    tree_buttons: dict[str, Button]
    depth: Selector
    size: Selector
    algorithm: Selector
    evaluation: Selector
    speed: Selector
    table: LabTable
    tree_view: TreeView
    chart: DeepeningChart
    retrograde_chart: RetrogradeChart

    def resize(self, size: tuple[int, int]) -> None:
        """Lay out: a header (the title, the view tabs, Back), the board, its explanation
        and the Demonstrations button at the left, the controls and the view at the
        right, the status at the bottom. The board keeps its size at normal text (the
        layout rule of ``ui.scenes.play_layout``); the chosen text size is used if every
        label then fits whole (``_lay_out``), else the largest smaller one that does."""
        normal = theme.text_sizes(size, 1.0)
        board = self._board_rect(size, normal)
        scale = theme.text_scale
        while True:
            sizes = theme.text_sizes(size, scale)
            if self._lay_out(size, sizes, board) or scale <= 1.0:
                break
            scale = round(max(1.0, scale - 0.05), 2)
        if self.tree_view.tree is not None:
            self.tree_view.fit()

    def _measures(self, size: tuple[int, int], sizes: theme.TextSizes) -> tuple[int, int, int, int]:
        """The margin, the gap, a button's height and the status line's height for ``sizes``."""
        unit = theme.unit(size)
        margin, gap = max(6, int(12 * unit)), max(4, int(8 * unit))
        return margin, gap, int(theme.line_height(sizes.body) * 1.7), 2 * theme.line_height(sizes.body) + gap

    def _board_rect(self, size: tuple[int, int], sizes: theme.TextSizes) -> pygame.Rect:
        """The board at text ``sizes`` (normal text: it keeps this size at larger ones):
        in the left column, under the header, leaving room for seven lines of
        explanation and the Demonstrations button above the status line."""
        width, height = size
        margin, gap, button_height, status_height = self._measures(size, sizes)
        top = margin + button_height + gap
        bottom = height - margin - status_height
        left_width = int(width * 0.3)
        below = 7 * theme.line_height(sizes.small) + button_height + 3 * gap
        board_width = max(40, int(min(left_width, (bottom - top - below) * self.view.aspect_ratio)))
        board_height = int(board_width / self.view.aspect_ratio)
        return pygame.Rect(margin + (left_width - board_width) // 2, top, board_width, board_height)

    def _lay_out(self, size: tuple[int, int], sizes: theme.TextSizes, board: pygame.Rect) -> bool:
        """Place everything around ``board`` for text ``sizes``; whether every button's
        label and the title fit whole."""
        width, height = size
        self.sizes = sizes
        margin, gap, button_height, status_height = self._measures(size, sizes)
        self._margin, self._gap = margin, gap
        fits = True
        header = pygame.Rect(margin, margin, width - 2 * margin, button_height)
        back_width = theme.font(sizes.body).size(self.back.label)[0] + 2 * sizes.body
        self.back.rect = pygame.Rect(header.right - back_width, header.top, back_width, button_height)
        tabs = [tab for tab in self.tabs.values() if tab.visible]
        right = self.back.rect.left - 2 * gap
        for button in reversed(tabs):
            tab_width = theme.font(sizes.body).size(button.label)[0] + sizes.body
            button.rect = pygame.Rect(right - tab_width, header.top, tab_width, button_height)
            right -= tab_width + gap // 2
        self._title_rect = pygame.Rect(header.left, header.top, right - header.left - gap, button_height)
        titles = self._titles()
        fits &= theme.font(sizes.large, "bold").size(titles[-1])[0] <= self._title_rect.width
        bottom = height - margin - status_height
        self.status_rect = pygame.Rect(margin, bottom + gap // 2, width - 2 * margin, status_height)
        left_width = int(width * 0.3)
        board = board.move(0, max(0, header.bottom + gap - board.top))  # under a taller header, the same size
        self.view.layout(board)
        self.demonstrations_button.rect = pygame.Rect(margin, bottom - button_height, left_width, button_height)
        self._explanation_rect = pygame.Rect(margin, board.bottom + gap, left_width,
                                            self.demonstrations_button.rect.top - gap - board.bottom - gap)
        fits &= self._explanation_rect.height >= 2 * theme.line_height(theme.SMALLEST_TEXT)
        x = margin + left_width + 2 * margin
        area = pygame.Rect(x, header.bottom + gap, width - margin - x, bottom - header.bottom - gap)
        control_height = button_height + theme.line_height(sizes.small)
        controls_bottom, placed = self._place_controls(pygame.Rect(area.left, area.top, area.width, control_height),
                                                       button_height, gap, sizes)
        fits &= placed
        content_top = controls_bottom + gap
        for name in ("fit", "open", "export"):
            self.tree_buttons[name].visible = self.mode == TREE
        if self.mode in (TREE, RETROGRADE):
            self._place_tree_row(pygame.Rect(area.left, content_top, area.width, control_height), button_height,
                                 gap, sizes)
            content_top += control_height + gap
        else:
            self.speed.rect = pygame.Rect(0, 0, 0, 0)
        legend_lines = len(theme.wrap_text(legend(self.mode), sizes.small, area.width)) if legend(self.mode) else 0
        legend_height = max(2, legend_lines) * theme.line_height(sizes.small) + 4 if legend_lines else 0  # all of it
        content = pygame.Rect(area.left, content_top, area.width, area.bottom - content_top - legend_height)
        self.table.rect = self.tree_view.rect = self.chart.rect = self.retrograde_chart.rect = content
        self.tree_view.text_size = sizes.small
        self._legend_y = content.bottom + 3
        shown = [*self.tabs.values(), self.back, self.demonstrations_button, self.run_button, self.stop_button,
                 self.quiescence_button, self.save_button,
                 *(self.tree_buttons.values() if self.mode in (TREE, RETROGRADE) else ())]
        selectors = [selector for selector in (self.depth, self.size, self.algorithm, self.evaluation, self.speed)
                     if selector.rect.width]
        return fits and content.height >= 4 * theme.line_height(sizes.small) and \
            all(button.label_fits(sizes.body) for button in shown if button.visible and button.rect.width) and \
            all(selector.fits(sizes.body, sizes.small) for selector in selectors)

    def _titles(self) -> tuple[str, ...]:
        """The header's title, and the shorter form a narrow header shows."""
        game = tr_known(self.entry.game.title)
        return tr("Search lab \u00b7 {game}", game=game), game

    def _place_controls(self, row: pygame.Rect, button_height: int, gap: int,
                        sizes: theme.TextSizes) -> tuple[int, bool]:
        """The view's selectors (depth or size, the tree's algorithm, the evaluation) and
        buttons (Run, Stop, Quiescence, Save CSV) in ``row``, each as wide as its text:
        the buttons beside the selectors, else with their short labels, else on a row of
        their own under them. Returns the bottom of what was placed and whether it fits."""
        row = pygame.Rect(row)
        start, right = row.left, row.right
        placed = [self.size] if self.mode == RETROGRADE else [self.depth]
        if self.mode == TREE:
            placed.append(self.algorithm)
        if self.mode == COMPARE and len(self.evaluation.options) > 1:
            placed.append(self.evaluation)
        for selector in (self.depth, self.size, self.algorithm, self.evaluation):
            selector.rect = pygame.Rect(0, 0, 0, 0)
        x = start
        for selector in placed:
            wide = selector.width_needed(sizes.body, sizes.small, button_height)
            selector.rect = pygame.Rect(x, row.top, wide, row.height)
            selector.label_size = sizes.small
            x += wide + gap
        buttons = [self.run_button, self.stop_button]
        if self.quiescence_button.visible:
            buttons.append(self.quiescence_button)
        if self.mode == COMPARE:
            buttons.append(self.save_button)
        self.save_button.visible = self.mode == COMPARE
        face = theme.font(sizes.body)
        full = [face.size(button.label)[0] + 2 * sizes.body for button in buttons]
        short = [face.size(button.short_label)[0] + sizes.body for button in buttons]
        bottom = row.bottom
        chosen = next((widths for widths in (full, short) if sum(widths) + gap * len(widths) <= right - x), None)
        if chosen is None:  # a row of their own under the selectors
            x, bottom = start, row.bottom + gap + button_height
            chosen = full if sum(full) + gap * len(full) <= right - x else short
        for button, label_width in zip(buttons, chosen):
            button.rect = pygame.Rect(x, bottom - button_height, label_width, button_height)
            x += label_width + gap
        return bottom, x - gap <= right and all(selector.rect.right <= right for selector in placed)

    def _place_tree_row(self, row: pygame.Rect, button_height: int, gap: int, sizes: theme.TextSizes) -> None:
        """The stepping buttons, the speed and (for the tree) Fit, Open all and Export, in
        one row of ``row``: with room around their labels, else tight (the speed under its
        short label), else narrowed together (then a label may not fit: ``_lay_out``
        tries a smaller text size)."""
        names = ("first", "previous", "play", "next", "last", "speed", "fit", "open", "export")
        names = names if self.mode == TREE else names[:6]
        face = theme.font(sizes.body)
        spacing = {name: gap if name in ("speed", "fit") else gap // 2 for name in names}
        spacing["first"] = 0
        for padding, label in ((2.0, self.speed.label), (0.8, self.speed.short_label)):
            widths = {name: max(button_height, face.size(self.tree_buttons[name].label)[0] + int(sizes.body * padding))
                      for name in names if name != "speed"}
            widths["play"] = max(face.size(tr("Pause"))[0], face.size(tr("Play"))[0]) + int(sizes.body * padding)
            values = max(face.size(text)[0] for _, text in self.speed.options)
            widths["speed"] = max(values + 2 * button_height + 12, theme.font(sizes.small).size(label)[0] + 8)
            needed = sum(widths.values()) + sum(spacing.values())
            if needed <= row.width:
                break
        scale = min(1.0, row.width / needed)
        x = row.left
        for name in names:
            x += int(spacing[name] * scale)
            width = int(widths[name] * scale)
            if name == "speed":
                self.speed.rect = pygame.Rect(x, row.top, width, row.height)
                self.speed.label_size = sizes.small
            else:
                self.tree_buttons[name].rect = pygame.Rect(x, row.bottom - button_height, width, button_height)
            x += width
