"""Modal dialogs: a message with buttons, drawn over the scene below."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from ui import theme
from ui.scene import Scene
from ui.widgets.controls import Button

if TYPE_CHECKING:
    from ui.app import App


class Dialog(Scene):
    """A title, a message and buttons; any button closes the dialog, then runs its action.

    Enter presses the first button, Escape the last. ``details`` (a traceback, say) is
    shown in small print under the message.
    """

    overlay = True

    def __init__(
        self,
        app: App,
        title: str,
        message: str,
        buttons: Sequence[tuple[str, Callable[[], None] | None]] = (("OK", None),),
        details: str = "",
    ) -> None:
        super().__init__(app)
        self.title = title
        self.message = message
        self.details = details
        self.buttons = [Button(label, self._closer(action), primary=index == 0, name=label)
                        for index, (label, action) in enumerate(buttons)]
        self.box = pygame.Rect(0, 0, 0, 0)
        self._text_size = 16

    def _closer(self, action: Callable[[], None] | None) -> Callable[[], None]:
        def close_then_act() -> None:
            self.app.remove(self)
            if action is not None:
                action()

        return close_then_act

    def button(self, label: str) -> Button:
        """The button labelled ``label`` (tests click it)."""
        return next(button for button in self.buttons if button.label == label)

    def resize(self, size: tuple[int, int]) -> None:
        """Centre a box sized for the text."""
        scale = theme.unit(size)
        self._text_size = int(17 * scale)
        width = int(min(size[0] * 0.9, 620 * scale))
        pad = int(20 * scale)
        self._lines = theme.wrap_text(self.message, self._text_size, width - 2 * pad)
        self._detail_lines = theme.wrap_text(self.details, int(self._text_size * 0.7), width - 2 * pad, "mono")[-14:] \
            if self.details else []
        button_height = int(44 * scale)
        height = (pad * 3 + int(self._text_size * 1.6) + len(self._lines) * int(self._text_size * 1.35)
                  + len(self._detail_lines) * int(self._text_size * 0.9) + button_height + pad)
        self.box = pygame.Rect(0, 0, width, min(height, size[1] - 20))
        self.box.center = (size[0] // 2, size[1] // 2)
        gap = int(12 * scale)
        button_width = (width - 2 * pad - gap * (len(self.buttons) - 1)) // max(1, len(self.buttons))
        for index, button in enumerate(self.buttons):
            button.rect = pygame.Rect(self.box.left + pad + index * (button_width + gap),
                                      self.box.bottom - pad - button_height, button_width, button_height)
        self._pad = pad

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
        surface.blit(dim, (0, 0))
        theme.panel(surface, self.box, radius=12)
        x, y = self.box.left + self._pad, self.box.top + self._pad
        theme.draw_text(surface, self.title, (x, y), int(self._text_size * 1.25), theme.TEXT, style="bold",
                        max_width=self.box.width - 2 * self._pad)
        y += int(self._text_size * 1.6) + self._pad // 2
        for line in self._lines:
            theme.draw_text(surface, line, (x, y), self._text_size, theme.TEXT)
            y += int(self._text_size * 1.35)
        for line in self._detail_lines:
            theme.draw_text(surface, line, (x, y), int(self._text_size * 0.7), theme.TEXT_DIM, style="mono")
            y += int(self._text_size * 0.9)
        for button in self.buttons:
            button.draw(surface, self._text_size)
