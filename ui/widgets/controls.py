"""Basic controls: buttons, option selectors and sliders.

Each control has a ``rect`` set by its scene's layout, a ``handle_event`` that
returns True when it used the event, and a ``draw`` that only paints.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

import pygame

from ui import theme
from ui.i18n import format_number

Value = TypeVar("Value")


def _hovered(rect: pygame.Rect) -> bool:
    return pygame.mouse.get_focused() and rect.collidepoint(pygame.mouse.get_pos())


class Button:
    """A clickable labelled button. ``action`` runs on release inside it.

    ``enabled`` greys it out; ``toggled`` draws it pressed (a switch); ``primary``
    uses the accent colour.
    """

    def __init__(self, label: str, action: Callable[[], None], *, primary: bool = False, name: str = "",
                 short_label: str = "") -> None:
        self.label = label
        self.short_label = short_label or label
        self.action = action
        self.primary = primary
        self.name = name or label
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.enabled = True
        self.toggled = False
        self.visible = True
        self._pressed = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Press on mouse-down, act on mouse-up over the button."""
        if not (self.visible and self.enabled):
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self._pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was_pressed, self._pressed = self._pressed, False
            if was_pressed and self.rect.collidepoint(event.pos):
                self.action()
                return True
        return False

    def draw(self, surface: pygame.Surface, text_size: int) -> None:
        """Paint the button with its label centred."""
        if not self.visible:
            return
        if not self.enabled:
            colour, text_colour = theme.BUTTON_DISABLED, theme.TEXT_DIM
        elif self.primary or self.toggled:
            colour = theme.ACCENT_HOVER if _hovered(self.rect) else theme.ACCENT_DARK
            text_colour = theme.ACCENT_TEXT
        else:
            colour = theme.BUTTON_HOVER if _hovered(self.rect) else theme.BUTTON
            text_colour = theme.TEXT
        radius = max(4, self.rect.height // 5)
        pygame.draw.rect(surface, colour, self.rect, border_radius=radius)
        pygame.draw.rect(surface, theme.PANEL_BORDER, self.rect, width=1, border_radius=radius)
        label, text_size = self.fitted_label(text_size)
        theme.draw_text(surface, label, self.rect.center, text_size, text_colour, anchor="center",
                        max_width=self.rect.width - 6)

    def fitted_label(self, text_size: int) -> tuple[str, int]:
        """The label drawn in ``rect`` at ``text_size`` and its size: the label if it fits,
        else the short label, a little smaller (down to 80%) if it still does not fit
        (a longer language), and cut by the drawing when even that is too wide
        (``label_fits`` says whether it is)."""
        label = self.label
        if theme.font(text_size).size(label)[0] > self.rect.width - 8:
            label = self.short_label
            text_size = theme.fit_text_size(label, text_size, max(theme.SMALLEST_TEXT, int(text_size * 0.8)),
                                            self.rect.width - 8)
        return label, text_size

    def label_fits(self, text_size: int) -> bool:
        """Whether the button shows its label, or its short label, whole at ``text_size``
        (or the smaller size ``fitted_label`` allows) and within its height."""
        label, size = self.fitted_label(text_size)
        width, height = theme.font(size).size(label)
        return width <= self.rect.width - 6 and height <= self.rect.height


class Selector(Generic[Value]):
    """Pick one of several options with ``<`` and ``>`` arrows (or a click on the value).

    ``options`` are ``(value, text)`` pairs; ``on_change(value)`` runs after a change.
    A selector that ``wraps`` writes its label and its value on as many lines as they
    need instead of cutting them; its scene gives it the height ``height_needed`` says
    (and then ``arrow_width`` keeps the arrows as wide as in a one-line selector).
    """

    def __init__(
        self,
        label: str,
        options: Sequence[tuple[Value, str]],
        index: int = 0,
        on_change: Callable[[Value], None] | None = None,
        short_label: str = "",
    ) -> None:
        self.label = label
        self.short_label = short_label or label
        """The label a narrow selector shows (see ``draw``)."""
        self.options = list(options)
        self.index = min(max(index, 0), len(self.options) - 1)
        self.on_change = on_change
        self.enabled = True
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.label_size = theme.SMALLEST_TEXT
        """Font size of the label line above the value (set by the scene's layout)."""
        self.wraps = False
        """Whether the label and the value wrap onto more lines rather than being cut."""
        self.arrow_width = 0
        """The arrows' width in pixels for a selector that ``wraps`` (0: as wide as the value's height)."""

    @property
    def value(self) -> Value:
        """The chosen value."""
        return self.options[self.index][0]

    def select(self, value: Value) -> None:
        """Choose ``value`` if it is one of the options (no callback)."""
        for index, (option, _) in enumerate(self.options):
            if option == value:
                self.index = index
                return

    def set_options(self, options: Sequence[tuple[Value, str]], value: Value | None = None) -> None:
        """Replace the options, keeping ``value`` (or the old value) chosen if present."""
        keep = self.value if value is None else value
        self.options = list(options)
        self.index = 0
        self.select(keep)

    def width_needed(self, text_size: int, label_size: int, height: int) -> int:
        """Pixels of width with room for the longest option between the arrows (text of
        ``text_size``, arrows as wide as ``height``) and for the label (``label_size``)."""
        value = max(theme.font(text_size).size(text)[0] for _, text in self.options)
        label = theme.font(label_size).size(self.label)[0]
        return max(value + 2 * height + 12, label + 8)

    def height_needed(self, width: int, text_size: int, label_size: int, value_height: int) -> int:
        """Pixels of height for a selector that ``wraps`` at ``width`` pixels wide: its
        label's lines at ``label_size`` and the value shown, on its lines at ``text_size``
        between arrows ``arrow_width`` wide, in a box at least ``value_height`` tall."""
        label = len(self._label_lines(width, label_size)) * theme.line_height(label_size)
        lines = self._value_lines(width, text_size, self.arrow_width or value_height)
        return label + max(value_height, len(lines) * theme.line_height(text_size) + 6)

    def _label_lines(self, width: int, label_size: int) -> list[str]:
        return theme.wrap_text(self.label, label_size, max(1, width - 4)) if self.wraps else [self.label]

    def fitted_label(self, width: int, label_size: int) -> tuple[list[str], int]:
        """The label's lines for ``width`` pixels and their size: wrapped for a selector
        that ``wraps``; else the label, or the short label, at ``label_size`` or a
        little smaller (down to 80%), cut by the drawing only when even that is too wide."""
        if self.wraps:
            return self._label_lines(width, label_size), label_size
        text, size = theme.fitted_choice((self.label, self.short_label), label_size, width - 4,
                                         smallest=max(theme.SMALLEST_TEXT, int(label_size * 0.8)))
        return [text], size

    def _value_lines(self, width: int, text_size: int, arrow: int) -> list[str]:
        text = self.options[self.index][1]
        return theme.wrap_text(text, text_size, max(1, width - 2 * arrow - 8)) if self.wraps else [text]

    def fits(self, text_size: int, label_size: int) -> bool:
        """Whether ``draw`` shows the label and the value chosen whole in ``rect`` at
        these sizes (or the smaller ones it allows; a selector that ``wraps`` always does,
        given the height ``height_needed`` says)."""
        if self.wraps:
            return True
        lines, size = self.fitted_label(self.rect.width, label_size)
        if any(theme.font(size).size(line)[0] > self.rect.width - 4 for line in lines):
            return False
        left, _ = self.arrow_rects()
        room = self.value_rect().width - 2 * left.width - 8
        text, size = theme.fitted_choice([self.options[self.index][1]], text_size, room,
                                         smallest=max(theme.SMALLEST_TEXT, int(text_size * 0.8)))
        return theme.font(size).size(text)[0] <= room

    def arrow_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The left and right arrow areas inside ``rect``'s value part (full height; as
        wide as it is tall, or ``arrow_width`` for a selector that wraps)."""
        value = self.value_rect()
        height = value.height
        size = min(height, self.arrow_width) if self.wraps and self.arrow_width else height
        return (pygame.Rect(value.left, value.top, size, height),
                pygame.Rect(value.right - size, value.top, size, height))

    def value_rect(self) -> pygame.Rect:
        """The lower part of ``rect`` holding the arrows and the value (the label's line,
        or lines, above)."""
        if self.wraps:
            label_height = len(self._label_lines(self.rect.width, self.label_size)) * theme.line_height(self.label_size)
            label_height = min(label_height, max(0, self.rect.height - theme.line_height(self.label_size)))
        else:
            label_height = min(self.rect.height // 2, theme.line_height(self.label_size))
        return pygame.Rect(self.rect.left, self.rect.top + label_height, self.rect.width, self.rect.height - label_height)

    def step(self, delta: int) -> None:
        """Move ``delta`` options forward or back (wrapping) and report the change."""
        if not self.enabled or len(self.options) < 2:
            return
        self.index = (self.index + delta) % len(self.options)
        if self.on_change is not None:
            self.on_change(self.value)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Left arrow: previous; right arrow or the value: next; mouse wheel over it: either."""
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.value_rect().collidepoint(event.pos):
            left, _ = self.arrow_rects()
            self.step(-1 if left.collidepoint(event.pos) else 1)
            return True
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            self.step(-1 if event.y > 0 else 1)
            return True
        return False

    def draw(self, surface: pygame.Surface, text_size: int, label_size: int | None = None) -> None:
        """Label above (at ``label_size``, default ``self.label_size``); the value between
        two arrows below, at ``text_size``."""
        label_colour = theme.TEXT_DIM if self.enabled else theme.TEXT_DISABLED
        lines, size = self.fitted_label(self.rect.width, label_size or self.label_size)
        for number, line in enumerate(lines):
            theme.draw_text(surface, line, (self.rect.left + 2, self.rect.top + number * theme.line_height(size)),
                            size, label_colour, max_width=self.rect.width - 4)
        value = self.value_rect()
        background = theme.BUTTON if self.enabled else theme.BUTTON_DISABLED
        if self.enabled and _hovered(value):
            background = theme.BUTTON_HOVER
        radius = max(4, value.height // 5)
        pygame.draw.rect(surface, background, value, border_radius=radius)
        pygame.draw.rect(surface, theme.PANEL_BORDER, value, width=1, border_radius=radius)
        colour = theme.TEXT if self.enabled else theme.TEXT_DIM
        left, right = self.arrow_rects()
        theme.draw_text(surface, "\u25c0", left.center, max(theme.SMALLEST_TEXT, int(text_size * 0.8)), colour,
                        anchor="center")
        theme.draw_text(surface, "\u25b6", right.center, max(theme.SMALLEST_TEXT, int(text_size * 0.8)), colour,
                        anchor="center")
        lines = self._value_lines(value.width, text_size, left.width)
        room = value.width - 2 * left.width - 8
        if not self.wraps:  # one line: a value a little too wide is drawn a little smaller (down to 80%)
            lines[0], text_size = theme.fitted_choice(lines, text_size, room,
                                                      smallest=max(theme.SMALLEST_TEXT, int(text_size * 0.8)))
        line = theme.line_height(text_size)
        top = value.centery - len(lines) * line // 2
        for number, text in enumerate(lines):
            theme.draw_text(surface, text, (value.centerx, top + number * line + line // 2), text_size, colour,
                            anchor="center", max_width=room)


class Slider:
    """A horizontal slider from ``minimum`` to ``maximum``; ``on_change(value)`` while dragging.

    ``format_value`` turns the value into the text shown next to the label.
    """

    def __init__(
        self,
        label: str,
        minimum: float,
        maximum: float,
        value: float,
        on_change: Callable[[float], None],
        format_value: Callable[[float], str] = lambda value: format_number(value, ".1f"),
    ) -> None:
        self.label = label
        self.minimum, self.maximum = minimum, maximum
        self.value = value
        self.on_change = on_change
        self.format_value = format_value
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.text_size = 14
        self._label_width = 0
        self._compact = False
        self.visible = True
        self._dragging = False

    def layout(self, rect: pygame.Rect, text_size: int) -> None:
        """Place the slider; the label gets the room its longest text needs, and the
        track starts past it by the knob's radius, so the knob never covers the text."""
        self.rect = pygame.Rect(rect)
        self.text_size = text_size
        widest = max(self.format_value(self.minimum), self.format_value(self.maximum), key=len)
        self._compact = False
        needed = theme.font(text_size).size(f"{self.label}: {widest}")[0] + self.knob_radius() + 6
        if rect.width - needed < 60:  # too narrow for the word: show only the value
            self._compact = True
            needed = theme.font(text_size).size(widest)[0] + self.knob_radius() + 6
        self._label_width = min(needed, max(0, rect.width - 40))

    def knob_radius(self) -> int:
        """The knob's radius in pixels."""
        return max(6, self.rect.height // 3)

    def track_rect(self) -> pygame.Rect:
        """The groove the knob runs along (right of the label, a knob's radius in from each end)."""
        radius = self.knob_radius()
        left = self.rect.left + self._label_width
        return pygame.Rect(left, self.rect.centery - 3, max(10, self.rect.right - left - radius - 2), 6)

    def _set_from(self, x: int) -> None:
        track = self.track_rect()
        fraction = min(1.0, max(0.0, (x - track.left) / max(1, track.width)))
        self.value = self.minimum + fraction * (self.maximum - self.minimum)
        self.on_change(self.value)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Click or drag on the slider to set the value."""
        if not self.visible:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self._dragging = True
            self._set_from(event.pos[0])
            return True
        if event.type == pygame.MOUSEMOTION and self._dragging:
            self._set_from(event.pos[0])
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._dragging:
            self._dragging = False
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Label and value on the left, the track and knob on the right."""
        if not self.visible:
            return
        text = self.format_value(self.value) if self._compact else f"{self.label}: {self.format_value(self.value)}"
        theme.draw_text(surface, text, (self.rect.left, self.rect.centery), self.text_size, theme.TEXT_DIM,
                        anchor="midleft", max_width=max(8, self._label_width - self.knob_radius() - 2))
        track = self.track_rect()
        pygame.draw.rect(surface, theme.BUTTON, track, border_radius=3)
        fraction = (self.value - self.minimum) / max(1e-9, self.maximum - self.minimum)
        filled = pygame.Rect(track.left, track.top, int(track.width * fraction), track.height)
        pygame.draw.rect(surface, theme.ACCENT_DARK, filled, border_radius=3)
        knob = (track.left + int(track.width * fraction), track.centery)
        pygame.draw.circle(surface, theme.ACCENT, knob, self.knob_radius())
