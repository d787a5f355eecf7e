"""Modal dialogs: a message with buttons, drawn over the scene below."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from ui import theme
from ui.scene import Scene
from ui.widgets.controls import Button

if TYPE_CHECKING:
    from ui.navigation import SceneStack


NARROWEST = 360
"""The narrowest a dialog is made (pixels at the normal scale) to keep clear of its ``avoid`` area."""


def button_rows(count: int, widest: int, width: int, gap: int) -> list[int]:
    """How many of ``count`` buttons go in each row (top first) so that each is at least
    ``widest`` pixels wide (its whole label) in ``width``, ``gap`` between them: one row
    when they fit, else as few rows as they need, the first ones fuller. At least one
    button a row, however narrow the width."""
    if count <= 0:
        return []
    per_row = max(1, min(count, (width + gap) // max(1, widest + gap)))
    rows = -(-count // per_row)
    base, extra = divmod(count, rows)
    return [base + (1 if row < extra else 0) for row in range(rows)]


class Dialog(Scene):
    """A title, a message and buttons; any button closes the dialog, then runs its action.

    ``title_colour`` tints the title (green for a win, red for a loss).

    Enter presses the first button, Escape the last. ``details`` (a traceback, say) is
    shown in small print under the message. ``avoid`` is an area the box keeps clear of
    where the window has room (the board of a finished game, so that the winning move
    and line stay in sight).
    """

    overlay = True

    def __init__(
        self,
        navigator: SceneStack,
        title: str,
        message: str,
        buttons: Sequence[tuple[str, Callable[[], None] | None]] = (("OK", None),),
        details: str = "",
        title_colour: tuple[int, int, int] | None = None,
        avoid: pygame.Rect | None = None,
    ) -> None:
        self.navigator = navigator
        self.title = title
        self.message = message
        self.details = details
        self.title_colour = title_colour or theme.TEXT
        self.buttons = [Button(label, self._closer(action), primary=index == 0, name=label)
                        for index, (label, action) in enumerate(buttons)]
        self.avoid = pygame.Rect(avoid) if avoid is not None else None
        """An area the box keeps clear of where it can (a finished game's board)."""
        self.box = pygame.Rect(0, 0, 0, 0)
        self._rows: list[int] = []
        self._text_size = 16
        self._detail_size = 12
        self._message_cut = False

    def _closer(self, action: Callable[[], None] | None) -> Callable[[], None]:
        def close_then_act() -> None:
            self.navigator.remove(self)
            if action is not None:
                action()

        return close_then_act

    def button(self, label: str) -> Button:
        """The button labelled ``label`` (tests click it)."""
        return next(button for button in self.buttons if button.label == label)

    def resize(self, size: tuple[int, int]) -> None:
        """Centre a box sized for the text (details shrink or are cut to fit the window);
        with ``avoid``, the box goes beside, under or over that area instead, in the
        first of those places it fits (narrower if need be, down to ``NARROWEST``), and
        centred over it only when it fits nowhere else. A message too long for the window
        is written smaller (down to the smallest text size) before it is cut."""
        scale = theme.unit(size)
        sizes = theme.text_sizes(size)
        self._detail_size = sizes.small
        self._pad = max(10, int(20 * scale))
        self._gap = int(12 * scale)
        width = int(min(size[0] - 20, max(620 * scale, 40 * sizes.body)))
        for text_size in range(sizes.body, min(sizes.body, theme.SMALLEST_TEXT) - 1, -1):
            self._text_size = text_size
            self._button_height = int(text_size * 2.4)
            if self._place(size, width, scale):
                return
        theme.note_cut(self.message)

    def _place(self, size: tuple[int, int], width: int, scale: float) -> bool:
        """Arrange and place the box at the current text size (see ``resize``); whether
        the message fits whole."""
        window = pygame.Rect(10, 10, size[0] - 20, size[1] - 20)
        for room in self._rooms(window):
            fitted = min(width, room.width)
            if fitted >= min(width, NARROWEST * scale) and self._arrange(fitted, room.height) <= room.height \
                    and not self._message_cut:
                self.box.center = room.center
                self._place_buttons()
                return True
        self._arrange(width, window.height)
        self.box.center = (size[0] // 2, size[1] // 2)
        self._place_buttons()
        return not self._message_cut

    def _rooms(self, window: pygame.Rect) -> list[pygame.Rect]:
        """Where the box may go, best first: beside ``avoid`` (right, then left), under it,
        over it; nothing without ``avoid``."""
        area = self.avoid
        if area is None or not area.colliderect(window):
            return []
        rooms = [pygame.Rect(area.right + 10, window.top, window.right - area.right - 10, window.height),
                 pygame.Rect(window.left, window.top, area.left - 10 - window.left, window.height),
                 pygame.Rect(window.left, area.bottom + 10, window.width, window.bottom - area.bottom - 10),
                 pygame.Rect(window.left, window.top, window.width, area.top - 10 - window.top)]
        return [room for room in rooms if room.width > 0 and room.height > 0]

    def _arrange(self, width: int, height_limit: int) -> int:
        """Wrap the message (cut, marked, when taller than ``height_limit``), share the
        buttons into rows and size the box ``width`` wide; its height."""
        pad, gap, button_height = self._pad, self._gap, self._button_height
        self._lines = theme.wrap_text(self.message, self._text_size, width - 2 * pad)
        face = theme.font(self._text_size)
        widest = max((face.size(button.label)[0] for button in self.buttons), default=0) + 2 * self._text_size
        self._rows = button_rows(len(self.buttons), widest, width - 2 * pad, gap)
        self._buttons_height = len(self._rows) * button_height + (len(self._rows) - 1) * gap
        room_for_lines = (height_limit - pad * 4 - int(self._text_size * 1.6) - self._buttons_height) // \
            theme.line_height(self._text_size)
        self._message_cut = len(self._lines) > max(1, room_for_lines)
        if self._message_cut:  # a message too long for the window: cut, marked
            self._lines = self._lines[:max(1, room_for_lines)]
            self._lines[-1] += " \u2026"
        fixed = pad * 3 + int(self._text_size * 1.6) + len(self._lines) * theme.line_height(self._text_size) \
            + self._buttons_height + pad
        room = max(0, height_limit - fixed)
        detail_lines = theme.wrap_text(self.details, self._detail_size, width - 2 * pad, "mono") if self.details else []
        fit = room // theme.line_height(self._detail_size)
        self._detail_lines = detail_lines[-fit:] if fit > 0 else []
        height = fixed + len(self._detail_lines) * theme.line_height(self._detail_size)
        self.box = pygame.Rect(0, 0, width, min(height, height_limit))
        return height

    def _place_buttons(self) -> None:
        """The buttons in their rows at the bottom of the box."""
        pad, gap, width = self._pad, self._gap, self.box.width
        first = 0
        for row, count in enumerate(self._rows):
            button_width = (width - 2 * pad - gap * (count - 1)) // count
            top = self.box.bottom - pad - self._buttons_height + row * (self._button_height + gap)
            for index, button in enumerate(self.buttons[first:first + count]):
                button.rect = pygame.Rect(self.box.left + pad + index * (button_width + gap), top, button_width,
                                          self._button_height)
            first += count

    def handle_event(self, event: pygame.event.Event) -> None:
        """Buttons, Enter and Escape."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.buttons[0].action()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.buttons[-1].action()
            return
        for button in self.buttons:
            if button.handle_event(event):
                return

    def draw(self, surface: pygame.Surface) -> None:
        """Dim what is below, then the box."""
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill(theme.OVERLAY_DIM)
        if self.avoid is not None and not self.box.colliderect(self.avoid):
            dim.fill((0, 0, 0, 0), self.avoid)  # the area kept in sight stays bright
        surface.blit(dim, (0, 0))
        theme.panel(surface, self.box, radius=12)
        x, y = self.box.left + self._pad, self.box.top + self._pad
        theme.draw_text(surface, self.title, (x, y), int(self._text_size * 1.25), self.title_colour, style="bold",
                        max_width=self.box.width - 2 * self._pad)
        y += int(self._text_size * 1.6) + self._pad // 2
        for line in self._lines:
            theme.draw_text(surface, line, (x, y), self._text_size, theme.TEXT)
            y += theme.line_height(self._text_size)
        for line in self._detail_lines:
            theme.draw_text(surface, line, (x, y), self._detail_size, theme.TEXT_DIM, style="mono")
            y += theme.line_height(self._detail_size)
        for button in self.buttons:
            button.draw(surface, self._text_size)
