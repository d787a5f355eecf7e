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
    size) until everything fits."""

    overlay = True

    def __init__(self, navigator: SceneStack, sections: Sections) -> None:
        self.navigator = navigator
        self.sections = sections
        self.box = pygame.Rect(0, 0, 0, 0)
        self._columns: list[list[tuple[str, str, str]]] = []
        self._size = 14
        self._key_width = 0

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
        """Pick the largest text and the column count that fit the window."""
        width, height = size
        sizes = theme.text_sizes(size)
        margin = max(10, int(20 * theme.unit(size)))
        best = None
        for text_size in range(sizes.body, theme.SMALLEST_TEXT - 1, -1):
            for count in (2, 1) if width > 700 else (1,):
                columns = self._layout_columns(count)
                line = theme.line_height(text_size)
                key_width = max(theme.font(text_size, "bold").size(keys)[0] for column in columns
                                for kind, keys, _ in column if kind == "entry") + line
                column_width = (width - 2 * margin - (count + 1) * margin) // count
                action_width = column_width - key_width
                if action_width < 8 * text_size:
                    continue
                heights = []
                for column in columns:
                    lines = 0.0
                    for kind, keys, action in column:
                        lines += 1.6 if kind == "heading" else len(theme.wrap_text(action, text_size, action_width))
                    heights.append(lines * line)
                needed = max(heights) + 3 * line + 2 * margin
                if needed <= height - 2 * margin:
                    best = (text_size, columns, key_width, column_width, int(needed))
                    break
            if best is not None:
                break
        if best is None:
            columns = self._layout_columns(1)
            best = (theme.SMALLEST_TEXT, columns, width // 3, width - 4 * margin, height - 2 * margin)
        self._size, self._columns, self._key_width, self._column_width, box_height = best
        box_width = len(self._columns) * self._column_width + (len(self._columns) + 1) * margin
        self.box = pygame.Rect(0, 0, min(width - 2 * margin, box_width), min(height - 2 * margin, box_height))
        self.box.center = (width // 2, height // 2)
        self._margin = margin

    def handle_event(self, event: pygame.event.Event) -> None:
        """Any key or click closes the overlay."""
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.navigator.remove(self)

    def draw(self, surface: pygame.Surface) -> None:
        """Dim the screen, then the box with its columns."""
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill(theme.OVERLAY_DIM)
        surface.blit(dim, (0, 0))
        theme.panel(surface, self.box, radius=12)
        size, margin = self._size, self._margin
        line = theme.line_height(size)
        theme.draw_text(surface, tr("Keys and mouse"), (self.box.left + margin, self.box.top + margin // 2 + 2),
                        int(size * 1.25), theme.TEXT, style="bold")
        top = self.box.top + margin // 2 + int(line * 1.8)
        for index, column in enumerate(self._columns):
            x = self.box.left + margin + index * (self._column_width + margin)
            y = top
            for kind, keys, action in column:
                if kind == "heading":
                    y += int(line * 0.3)
                    theme.draw_text(surface, keys, (x, y), size, theme.ACCENT, style="bold")
                    y += int(line * 1.3)
                    continue
                theme.draw_text(surface, keys, (x, y), size, theme.TEXT, style="bold",
                                max_width=self._key_width - 4)
                for text in theme.wrap_text(action, size, self._column_width - self._key_width):
                    theme.draw_text(surface, text, (x + self._key_width, y), size, theme.TEXT_DIM)
                    y += line
        theme.draw_text(surface, tr("Press any key or click to close."),
                        (self.box.centerx, self.box.bottom - margin // 2), size, theme.TEXT_DIM, anchor="midbottom")
