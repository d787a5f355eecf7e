"""The help overlay: every key and mouse action of the screen below, and the app's own keys."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ui import theme
from ui.i18n import tr
from ui.scene import Scene

if TYPE_CHECKING:
    from ui.navigation import SceneStack

Sections = list[tuple[str, list[tuple[str, str]]]]


class HelpOverlay(Scene):
    """Shows ``sections`` (``(heading, [(keys, action), ...])``) in one or two columns over
    the scene below; any key or click closes it. Text shrinks (not below the smallest
    size) until everything fits; in a window too small even then, the columns scroll."""

    overlay = True

    def __init__(self, navigator: SceneStack, sections: Sections) -> None:
        self.navigator = navigator
        self.sections = sections
        self.box = pygame.Rect(0, 0, 0, 0)
        self._columns: list[list[tuple[str, str, str]]] = []
        self._size = 14
        self._key_width = 0
        self._scroll = 0
        self._scroll_limit = 0
        """Pixels the columns scroll by at most (0: they fit, nothing scrolls)."""

    def _layout_columns(self, count: int) -> list[list[tuple[str, str, str]]]:
        """Rows ``(kind, keys, action)`` split into ``count`` columns at section borders."""
        rows: list[list[tuple[str, str, str]]] = []
        for heading, entries in self.sections:
            block = [("heading", heading, "")] + [("entry", keys, action) for keys, action in entries]
            rows.append(block)
        if count == 1:
            return [[row for block in rows for row in block]]
        total = sum(len(block) for block in rows)
        columns: list[list[tuple[str, str, str]]] = [[], []]
        for block in rows:
            target = columns[0] if len(columns[0]) + len(block) / 2 <= total / 2 or not columns[0] else columns[1]
            target.extend(block)
        return [column for column in columns if column]

    def resize(self, size: tuple[int, int]) -> None:
        """Pick the largest text and the column count that fit the window; where nothing
        fits even at the smallest size (a small window), the smallest size in as many
        columns as leave the actions room, scrolling."""
        width, height = size
        sizes = theme.text_sizes(size)
        margin = max(10, int(20 * theme.unit(size)))
        best = None
        for text_size in range(sizes.body, theme.SMALLEST_TEXT - 1, -1):
            for count in (2, 1) if width > 560 else (1,):
                layout = self._measure(count, text_size, width, margin)
                if layout is None:
                    continue
                needed = layout[-1] + 3 * theme.line_height(text_size) + 2 * margin
                if needed <= height - 2 * margin:
                    best = (text_size, *layout[:3], needed)
                    break
            if best is not None:
                break
        self._scroll_limit = 0
        if best is None:
            text_size = theme.SMALLEST_TEXT
            layout = self._measure(2, text_size, width, margin) if width > 560 else None
            layout = layout or self._measure(1, text_size, width, margin)
            if layout is None:
                columns = self._layout_columns(1)
                layout = (columns, width // 3, width - 4 * margin, height)
            best = (text_size, *layout[:3], height - 2 * margin)
            self._scroll_limit = int(layout[-1] + 3 * theme.line_height(text_size) + 2 * margin - (height - 2 * margin))
        self._size, self._columns, self._key_width, self._column_width, box_height = best
        self._scroll = min(self._scroll, self._scroll_limit)
        box_width = len(self._columns) * self._column_width + (len(self._columns) + 1) * margin
        self.box = pygame.Rect(0, 0, min(width - 2 * margin, box_width), min(height - 2 * margin, box_height))
        self.box.center = (width // 2, height // 2)
        self._margin = margin

    def _measure(self, count: int, text_size: int, width: int,
                 margin: int) -> tuple[list[list[tuple[str, str, str]]], int, int, float] | None:
        """The columns, the keys' width, a column's width and the tallest column's height
        for ``count`` columns at ``text_size``; ``None`` when the actions would have too
        little room beside the keys."""
        columns = self._layout_columns(count)
        line = theme.line_height(text_size)
        key_width = max(theme.font(text_size, "bold").size(keys)[0] for column in columns
                        for kind, keys, _ in column if kind == "entry") + line
        column_width = (width - 2 * margin - (count + 1) * margin) // count
        action_width = column_width - key_width
        if action_width < 8 * text_size:
            return None
        heights = []
        for column in columns:
            lines = 0.0
            for kind, keys, action in column:
                lines += 1.6 if kind == "heading" else len(theme.wrap_text(action, text_size, action_width))
            heights.append(lines * line)
        return columns, key_width, column_width, max(heights)

    def handle_event(self, event: pygame.event.Event) -> None:
        """Any key or click closes the overlay; where it scrolls, the wheel and the Up,
        Down, Page Up and Page Down keys scroll it instead."""
        if self._scroll_limit:
            line = theme.line_height(self._size)
            steps = {pygame.K_DOWN: line, pygame.K_UP: -line, pygame.K_PAGEDOWN: self.box.height // 2,
                     pygame.K_PAGEUP: -self.box.height // 2}
            if event.type == pygame.MOUSEWHEEL:
                self._scroll = min(max(0, self._scroll - event.y * 3 * line), self._scroll_limit)
                return
            if event.type == pygame.KEYDOWN and event.key in steps:
                self._scroll = min(max(0, self._scroll + steps[event.key]), self._scroll_limit)
                return
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.navigator.remove(self)

    def draw(self, surface: pygame.Surface) -> None:
        """Dim the screen, then the box with its columns (the part in view when it scrolls)."""
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill(theme.OVERLAY_DIM)
        surface.blit(dim, (0, 0))
        theme.panel(surface, self.box, radius=12)
        size, margin = self._size, self._margin
        line = theme.line_height(size)
        theme.draw_text(surface, tr("Keys and mouse"), (self.box.left + margin, self.box.top + margin // 2 + 2),
                        int(size * 1.25), theme.TEXT, style="bold")
        top = self.box.top + margin // 2 + int(line * 1.8)
        view = pygame.Rect(self.box.left, top, self.box.width, self.box.bottom - margin // 2 - line - 4 - top)
        for index, column in enumerate(self._columns):
            x = self.box.left + margin + index * (self._column_width + margin)
            y = top - self._scroll
            for kind, keys, action in column:
                if kind == "heading":
                    y += int(line * 0.3)
                    if view.top <= y and y + line <= view.bottom:
                        theme.draw_text(surface, keys, (x, y), size, theme.ACCENT, style="bold")
                    y += int(line * 1.3)
                    continue
                if view.top <= y and y + line <= view.bottom:
                    theme.draw_text(surface, keys, (x, y), size, theme.TEXT, style="bold",
                                    max_width=self._key_width - 4)
                for text in theme.wrap_text(action, size, self._column_width - self._key_width):
                    if view.top <= y and y + line <= view.bottom:
                        theme.draw_text(surface, text, (x + self._key_width, y), size, theme.TEXT_DIM)
                    y += line
        closing = (tr("Press any key or click to close."), tr("Any key closes."))
        if self._scroll_limit:
            closing = (tr("Scroll with the wheel or \u2191 \u2193 for more; any other key or a click closes."),
                       tr("Scroll for more; any other key closes."))
        text, fitted = theme.fitted_choice(closing, size, self.box.width - margin)
        theme.draw_text(surface, text, (self.box.centerx, self.box.bottom - margin // 2), fitted, theme.TEXT_DIM,
                        anchor="midbottom", max_width=self.box.width - margin)
