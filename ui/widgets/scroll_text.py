"""A paragraph that is never cut: it wraps, shrinks, and scrolls when even that is not enough.

The text is drawn at the largest size, from the one asked for down to the smallest text
size, at which its wrapped lines fit the rectangle. When they do not fit even at the
smallest size (a long explanation in a small window), it scrolls by lines: the wheel
over it, and ▲/▼ marks at its right edge saying that more is above or below.
"""
from __future__ import annotations

import pygame

from ui import theme


class ScrollText:
    """One paragraph (``text``, ``colour``) in ``rect`` (see the module docstring)."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.offset = 0
        """The first line shown (0: the top)."""
        self._key: tuple = ()
        self._lines: list[str] = []
        self._size = theme.SMALLEST_TEXT

    def _fit(self, text: str, largest: int) -> None:
        key = (text, largest, self.rect.size)
        if key == self._key:
            return
        if not self._key or text != self._key[0]:
            self.offset = 0  # another text starts at its top
        self._key = key
        self._size = theme.paragraphs_size([text], largest, self._text_area()) if text else largest
        self._lines = theme.wrap_text(text, self._size, self._text_area().width) if text else []

    def _text_area(self) -> pygame.Rect:
        """The rectangle less a strip at the right for the scroll marks."""
        return pygame.Rect(self.rect.left, self.rect.top, max(1, self.rect.width - theme.SMALLEST_TEXT),
                           self.rect.height)

    def visible_lines(self) -> int:
        """How many lines fit the height at the size in use."""
        return max(1, self.rect.height // theme.line_height(self._size))

    @property
    def scrolls(self) -> bool:
        """Whether the text is longer than the rectangle (it scrolls)."""
        return len(self._lines) > self.visible_lines()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The wheel over the text scrolls it (when it scrolls); True when used."""
        if event.type == pygame.MOUSEWHEEL and self.scrolls and self.rect.collidepoint(pygame.mouse.get_pos()):
            self.scroll(-event.y)
            return True
        return False

    def scroll(self, lines: int) -> None:
        """Move ``lines`` lines down (negative: up), within the text."""
        self.offset = min(max(0, self.offset + lines), max(0, len(self._lines) - self.visible_lines()))

    def draw(self, surface: pygame.Surface, text: str, colour: tuple[int, int, int], largest: int) -> None:
        """Paint the part of ``text`` in view, as large as fits (at most ``largest``)."""
        self._fit(text, largest)
        if self.rect.height <= 0:
            return
        line = theme.line_height(self._size)
        shown = self.visible_lines()
        self.offset = min(self.offset, max(0, len(self._lines) - shown))
        y = self.rect.top
        for text_line in self._lines[self.offset:self.offset + shown]:
            if y + line > self.rect.bottom:
                break
            theme.draw_text(surface, text_line, (self.rect.left, y), self._size, colour)
            y += line
        if self.scrolls:
            mark_size = theme.SMALLEST_TEXT
            if self.offset > 0:
                theme.draw_text(surface, "\u25b2", (self.rect.right, self.rect.top), mark_size, theme.ACCENT,
                                anchor="topright")
            if self.offset + shown < len(self._lines):
                theme.draw_text(surface, "\u25bc", (self.rect.right, self.rect.bottom), mark_size, theme.ACCENT,
                                anchor="bottomright")
