"""A modal dialog with a text field the person types or pastes into (a PGN, a FEN, a name).

``TextDialog`` is drawn like ``ui.scenes.dialog.Dialog`` (the scene below dimmed, a box
over it): a title, a short explanation, the field, an error line when the text was
refused, a line of key hints and the buttons Paste (and optionally Copy) on the left,
OK and Cancel on the right. Long text wraps and scrolls; the end shows by default.
"""
from __future__ import annotations

import bisect
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ui import clipboard, theme
from ui.i18n import format_number, tr, tr_plural
from ui.scene import Scene
from ui.widgets.controls import Button

if TYPE_CHECKING:
    from ui.navigation import SceneStack

MAXIMUM_LENGTH = 1_000_000
"""Characters the field holds at most (a pasted database of a few thousand games)."""
_COMMAND = pygame.KMOD_CTRL | pygame.KMOD_META
"""Ctrl on Windows and Linux, Cmd on macOS."""


def _clean(text: str, multi_line: bool) -> str:
    """``text`` fit for the field: ``\\n`` line ends (spaces in a one-line field), tabs
    as four spaces, no other control characters."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\t", "    ")
    if not multi_line:
        text = text.replace("\n", " ")
    return "".join(character for character in text if character == "\n" or ord(character) >= 32)


def visual_lines(text: str, face: pygame.font.Font, width: int) -> list[tuple[int, int]]:
    """``text`` broken into lines no wider than ``width`` pixels in ``face``: ``(start,
    end)`` indices, the newline excluded. A line breaks after a space when it can and
    inside a word when the word is wider than the line; every paragraph, even an empty
    one, has at least one line, so line ``k`` holds the cursor positions from its start
    up to the next line's start (exclusive)."""
    width = max(1, width)
    narrowest = max(1, min(face.size(character)[0] for character in " .,:;'il|!"))
    lines: list[tuple[int, int]] = []
    paragraph_start = 0
    while True:
        paragraph_end = text.find("\n", paragraph_start)
        if paragraph_end < 0:
            paragraph_end = len(text)
        start = paragraph_start
        if start == paragraph_end:
            lines.append((start, start))
        while start < paragraph_end:
            low, high = 1, min(paragraph_end - start, width // narrowest + 1)
            while low < high:  # the most characters that fit (at least one)
                middle = (low + high + 1) // 2
                if face.size(text[start:start + middle])[0] <= width:
                    low = middle
                else:
                    high = middle - 1
            end = start + low
            if end < paragraph_end:
                space = text.rfind(" ", start, end + 1)
                if space > start:
                    end = space + 1
            lines.append((start, end))
            start = end
        if paragraph_end >= len(text):
            return lines
        paragraph_start = paragraph_end + 1


class TextDialog(Scene):
    """A modal text field with OK and Cancel.

    ``on_accept(text)`` runs after the dialog has closed, once ``validate(text)`` (if
    given) returned ``None``; a message it returns instead is shown in red and the text
    stays for the person to fix. ``on_cancel()`` (if given) runs after Cancel or Escape.
    ``multi_line`` fields take Enter as a new line (Ctrl+Enter is OK), one-line fields
    take Enter as OK. ``copy_label`` adds a button copying the whole text; ``extra``, a
    label and an action, one more on the left that closes the dialog and runs the action
    (e.g. "Use the default"). ``style`` is
    the font of the field (``"mono"`` suits PGN and FEN). Keys: typing, Backspace,
    Delete, arrows, Home/End (Ctrl: whole text), Page Up/Down, Ctrl+A (select all; the
    next key replaces or deletes it), Ctrl+C, Ctrl+V, Escape; the mouse wheel scrolls
    and a click places the cursor.
    """

    overlay = True
    wants_text_input = True

    def __init__(self, navigator: SceneStack, title: str, explanation: str, on_accept: Callable[[str], None], *,
                 text: str = "", validate: Callable[[str], str | None] | None = None,
                 on_cancel: Callable[[], None] | None = None, accept_label: str = "",
                 cancel_label: str = "", paste_label: str = "", copy_label: str = "",
                 placeholder: str = "", multi_line: bool = True, style: str = "mono",
                 extra: tuple[str, Callable[[], None]] | None = None) -> None:
        self.navigator = navigator
        self.title = title
        self.explanation = explanation
        self.on_accept = on_accept
        self.validate = validate
        self.on_cancel = on_cancel
        self.placeholder = placeholder
        self.multi_line = multi_line
        self.style = style
        self.text = _clean(text, multi_line)[:MAXIMUM_LENGTH]
        self.cursor = len(self.text)
        self.all_selected = False
        self.error = ""
        """The red message under the field ("" when none)."""
        self.notice = ""
        """A passing remark in the hint line (a paste or copy that did not work)."""
        self.scroll = 0
        """The first visible line of the field."""
        self.accept_button = Button(accept_label or tr("OK"), self.accept, primary=True, name="accept")
        self.cancel_button = Button(cancel_label or tr("Cancel"), self.cancel, name="cancel")
        self.paste_button = Button(paste_label or tr("Paste"), self.paste, name="paste")
        self.copy_button = Button(copy_label, self.copy, name="copy") if copy_label else None
        self.extra_button = Button(extra[0], lambda: self._extra(extra[1]), name="extra") if extra else None
        self.buttons = [button for button in (self.paste_button, self.copy_button, self.extra_button,
                                              self.accept_button, self.cancel_button) if button is not None]
        self.box = pygame.Rect(0, 0, 0, 0)
        self.field = pygame.Rect(0, 0, 0, 0)
        self._size = (0, 0)
        self._lines: list[tuple[int, int]] = [(0, 0)]
        self._starts: list[int] = [0]
        self._blink = 0.0
        self._wanted_x: int | None = None
        self._old_repeat: tuple[int, int] | None = None
        self.resize(navigator.size)  # laid out again when pushed

    # -- the scene ----------------------------------------------------------------------------
    def enter(self) -> None:
        """Take typed text and let held keys repeat while open."""
        try:
            pygame.key.start_text_input()
            if self._old_repeat is None:
                self._old_repeat = pygame.key.get_repeat()
                pygame.key.set_repeat(400, 35)
        except pygame.error:
            pass

    def leave(self) -> None:
        """Give key repeat back as it was."""
        if self._old_repeat is not None:
            try:
                pygame.key.set_repeat(*self._old_repeat)
            except pygame.error:
                pass
            self._old_repeat = None

    def help_sections(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """The keys of the text field."""
        enter = [(tr("Enter"), tr("new line")), (tr("Ctrl+Enter"), "OK")] if self.multi_line else [(tr("Enter"), "OK")]
        return [(tr("Text field"), [*enter, ("Ctrl+V", tr("paste")), ("Ctrl+A", tr("select everything")),
                                    ("Ctrl+C", tr("copy everything")), ("Esc", tr("cancel"))])]

    def update(self, dt: float) -> None:
        """Blink the cursor."""
        self._blink += dt

    # -- actions ------------------------------------------------------------------------------
    def accept(self) -> None:
        """OK: validate; close and hand the text on if fine, else show why not."""
        problem = self.validate(self.text) if self.validate is not None else None
        if problem:
            self.error = problem
            self._layout()
            return
        self.navigator.remove(self)
        self.on_accept(self.text)

    def cancel(self) -> None:
        """Cancel or Escape: close without the text."""
        self.navigator.remove(self)
        if self.on_cancel is not None:
            self.on_cancel()

    def _extra(self, action: Callable[[], None]) -> None:
        """The extra button: close, then run its action."""
        self.navigator.remove(self)
        action()

    def paste(self) -> None:
        """Insert the clipboard's text at the cursor (replacing a select-all); a problem
        (nothing on the clipboard) shows in the hint line."""
        text, problem = clipboard.paste_text()
        self.notice = problem
        if text:
            self.insert(text)

    def copy(self) -> None:
        """Copy the whole text; a problem shows in the hint line."""
        problem = clipboard.copy_text(self.text)
        self.notice = problem or tr("Copied.")

    def insert(self, text: str) -> None:
        """Type ``text`` at the cursor (over the whole text when all is selected)."""
        text = _clean(text, self.multi_line)
        if self.all_selected:
            self.text, self.cursor, self.all_selected = "", 0, False
        room = MAXIMUM_LENGTH - len(self.text)
        if len(text) > room:
            text = text[:room]
            self.notice = tr("The field holds at most {count} characters; the rest was left out.",
                             count=format_number(MAXIMUM_LENGTH, ","))
        self.text = self.text[:self.cursor] + text + self.text[self.cursor:]
        self.cursor += len(text)
        self._edited()

    def set_text(self, text: str) -> None:
        """Replace the whole text; the cursor goes to its end."""
        self.text = _clean(text, self.multi_line)[:MAXIMUM_LENGTH]
        self.cursor, self.all_selected = len(self.text), False
        self._edited()

    def _edited(self) -> None:
        self._blink, self._wanted_x = 0.0, None
        self._wrap()
        self._show_cursor()

    # -- input --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        """Typing, editing keys, the wheel, clicks in the field and the buttons."""
        if event.type == pygame.TEXTINPUT:
            self.insert(event.text)
        elif event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEWHEEL:
            self._scroll_by(-3 * event.y)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.field.collidepoint(event.pos):
            self.cursor, self.all_selected, self._blink = self._index_at(event.pos), False, 0.0
            self._wanted_x = None
        else:
            for button in self.buttons:
                if button.handle_event(event):
                    return

    def _key(self, event: pygame.event.Event) -> None:
        key, command = event.key, bool(getattr(event, "mod", 0) & _COMMAND)
        if key == pygame.K_ESCAPE:
            self.cancel()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.multi_line and not command:
                self.insert("\n")
            else:
                self.accept()
        elif command and key == pygame.K_v:
            self.paste()
        elif command and key == pygame.K_c:
            self.copy()
        elif command and key == pygame.K_a:
            self.all_selected = bool(self.text)
        elif key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self._delete(-1 if key == pygame.K_BACKSPACE else 1)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_HOME, pygame.K_END,
                     pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self._move(key, command)

    def _delete(self, direction: int) -> None:
        if self.all_selected:
            self.set_text("")
            return
        if direction < 0 and self.cursor > 0:
            self.text = self.text[:self.cursor - 1] + self.text[self.cursor:]
            self.cursor -= 1
        elif direction > 0 and self.cursor < len(self.text):
            self.text = self.text[:self.cursor] + self.text[self.cursor + 1:]
        self._edited()

    def _move(self, key: int, command: bool) -> None:
        self.all_selected = False
        line = self._line_of(self.cursor)
        start, end = self._lines[line]
        keep_x = key in (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN)
        if key == pygame.K_LEFT:
            self.cursor = max(0, self.cursor - 1)
        elif key == pygame.K_RIGHT:
            self.cursor = min(len(self.text), self.cursor + 1)
        elif key == pygame.K_HOME:
            self.cursor = 0 if command else start
        elif key == pygame.K_END:
            self.cursor = len(self.text) if command else self._line_end(line)
        else:
            step = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self._visible_count(),
                    pygame.K_PAGEDOWN: self._visible_count()}[key]
            if self._wanted_x is None:
                self._wanted_x = self._x_of(self.cursor)
            target = min(max(line + step, 0), len(self._lines) - 1)
            self.cursor = self._index_in_line(target, self._wanted_x)
        if not keep_x:
            self._wanted_x = None
        self._blink = 0.0
        self._show_cursor()

    # -- the text's lines ---------------------------------------------------------------------
    def _face(self) -> pygame.font.Font:
        return theme.font(self._field_size, self.style)

    def _wrap(self) -> None:
        self._lines = visual_lines(self.text, self._face(), self._text_width)
        self._starts = [start for start, _ in self._lines]

    def _line_of(self, index: int) -> int:
        return max(0, bisect.bisect_right(self._starts, index) - 1)

    def _line_end(self, line: int) -> int:
        """The last cursor position of ``line`` (before a wrapped line's trailing space)."""
        start, end = self._lines[line]
        if line + 1 < len(self._lines) and self._starts[line + 1] == end and end > start:
            return end - 1
        return end

    def _x_of(self, index: int) -> int:
        start, _ = self._lines[self._line_of(index)]
        return self._face().size(self.text[start:index])[0]

    def _index_in_line(self, line: int, x: int) -> int:
        """The cursor position of ``line`` nearest to ``x`` pixels from the field's text edge."""
        start, _ = self._lines[line]
        face, best, best_distance = self._face(), start, abs(x)
        for index in range(start + 1, self._line_end(line) + 1):
            distance = abs(face.size(self.text[start:index])[0] - x)
            if distance <= best_distance:
                best, best_distance = index, distance
        return best

    def _index_at(self, position: tuple[int, int]) -> int:
        line = self.scroll + (position[1] - self._text_top) // self._line_height
        line = min(max(line, 0), len(self._lines) - 1)
        return self._index_in_line(line, position[0] - self._text_left)

    def _visible_count(self) -> int:
        return max(1, (self.field.height - 2 * self._inset) // self._line_height)

    def _scroll_by(self, lines: int) -> None:
        self.scroll = min(max(self.scroll + lines, 0), max(0, len(self._lines) - self._visible_count()))

    def _show_cursor(self) -> None:
        """Scroll so that the cursor's line is visible."""
        line, visible = self._line_of(self.cursor), self._visible_count()
        if line < self.scroll:
            self.scroll = line
        elif line >= self.scroll + visible:
            self.scroll = line - visible + 1
        self._scroll_by(0)

    # -- layout -------------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        """Fit the box to the window (640x480 and up); the field takes the room left."""
        self._size = size
        self._layout()

    def _layout(self) -> None:
        size = self._size
        scale, sizes = theme.unit(size), theme.text_sizes(size)
        self._text_size, self._small_size = sizes.body, sizes.small
        self._field_size = sizes.small if self.style == "mono" else sizes.body  # 80 columns of PGN fit
        self._pad = pad = max(10, int(18 * scale))
        margin = max(10, int(20 * scale))
        self._inset = max(4, int(8 * scale))
        self._scrollbar_width = max(6, int(8 * scale))
        eighty_columns = theme.font(self._field_size, self.style).size("M" * 80)[0] \
            + 2 * (pad + self._inset) + self._scrollbar_width + 4
        width = min(size[0] - 2 * margin, max(int(760 * scale), 44 * sizes.body, eighty_columns))
        self._title_height = int(sizes.body * 1.6)
        button_height = int(sizes.body * 2.4)
        body_line, small_line = theme.line_height(sizes.body), theme.line_height(sizes.small)
        self._line_height = theme.font(self._field_size, self.style).get_linesize()
        inner = width - 2 * pad
        field_lines = 10 if self.multi_line else 1
        tallest = min(size[1] - 2 * margin, max(int(680 * scale), 420)) if self.multi_line else size[1] - 2 * margin
        fixed = 2 * pad + self._title_height + pad // 2 + pad + small_line + pad // 2 + button_height
        room = tallest - fixed
        minimum_field = (3 if self.multi_line else 1) * self._line_height + 2 * self._inset
        self._error_lines = theme.wrap_text(self.error, sizes.body, inner) if self.error else []
        self._error_lines = self._cut(self._error_lines, max(1, (room - minimum_field) // 2 // body_line))
        room -= len(self._error_lines) * body_line + (pad // 2 if self._error_lines else 0)
        self._explanation_size = sizes.body  # smaller (down to the smallest text size) where it is long for the window
        if self.explanation:
            self._explanation_size = theme.paragraphs_size([self.explanation], sizes.body,
                                                           pygame.Rect(0, 0, inner, max(0, room - minimum_field)))
        explanation_line = theme.line_height(self._explanation_size)
        explanation = theme.wrap_text(self.explanation, self._explanation_size, inner) if self.explanation else []
        self._explanation_lines = self._cut(explanation, max(1, (room - minimum_field) // explanation_line))
        room -= len(self._explanation_lines) * explanation_line
        if self.multi_line:
            field_height = max(minimum_field, room)
        else:
            field_height = min(max(minimum_field, room), field_lines * self._line_height + 2 * self._inset)
        height = fixed + len(self._explanation_lines) * explanation_line + field_height \
            + len(self._error_lines) * body_line + (pad // 2 if self._error_lines else 0)
        self.box = pygame.Rect(0, 0, width, min(height, size[1] - 2 * margin))
        self.box.center = (size[0] // 2, size[1] // 2)
        top = self.box.top + pad + self._title_height + len(self._explanation_lines) * explanation_line + pad // 2
        self.field = pygame.Rect(self.box.left + pad, top, inner, field_height)
        self._text_left = self.field.left + self._inset
        self._text_top = self.field.top + self._inset
        self._text_width = self.field.width - 2 * self._inset - self._scrollbar_width - 2
        self._error_top = self.field.bottom + pad // 2
        self._hint_top = self._error_top + len(self._error_lines) * body_line + (pad // 2 if self._error_lines else 0)
        self._layout_buttons(scale, button_height)
        self._wrap()
        self._show_cursor()
        try:
            pygame.key.set_text_input_rect(self.field)
        except (AttributeError, pygame.error):
            pass

    @staticmethod
    def _cut(lines: list[str], most: int) -> list[str]:
        """``lines`` cut to ``most``, the last marked with an ellipsis if any were dropped."""
        if len(lines) <= most:
            return lines
        theme.note_cut(" ".join(lines))
        kept = lines[:most]
        kept[-1] += " \u2026"
        return kept

    def _layout_buttons(self, scale: float, height: int) -> None:
        gap = max(6, int(12 * scale))
        face = theme.font(self._text_size)
        widths = {button: max(int(110 * scale), face.size(button.label)[0] + 2 * self._text_size)
                  for button in self.buttons}
        available = self.box.width - 2 * self._pad - gap * (len(self.buttons) - 1)
        if sum(widths.values()) > available:  # a narrow window: equal shares
            widths = {button: available // len(self.buttons) for button in self.buttons}
        top = self.box.bottom - self._pad - height
        x = self.box.left + self._pad
        for button in (self.paste_button, self.copy_button, self.extra_button):
            if button is not None:
                button.rect = pygame.Rect(x, top, widths[button], height)
                x += widths[button] + gap
        x = self.box.right - self._pad
        for button in (self.cancel_button, self.accept_button):
            x -= widths[button]
            button.rect = pygame.Rect(x, top, widths[button], height)
            x -= gap

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Dim what is below, then the box with the field."""
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill(theme.OVERLAY_DIM)
        surface.blit(dim, (0, 0))
        theme.panel(surface, self.box, radius=12)
        pad, body = self._pad, self._text_size
        x, y = self.box.left + pad, self.box.top + pad
        theme.draw_text(surface, self.title, (x, y), int(body * 1.25), theme.TEXT, style="bold",
                        max_width=self.box.width - 2 * pad)
        y += self._title_height
        for line in self._explanation_lines:
            theme.draw_text(surface, line, (x, y), self._explanation_size, theme.TEXT_DIM)
            y += theme.line_height(self._explanation_size)
        self._draw_field(surface)
        y = self._error_top
        for line in self._error_lines:
            theme.draw_text(surface, line, (x, y), body, theme.DANGER)
            y += theme.line_height(body)
        hint = self.notice or self._hint()
        theme.draw_text(surface, hint, (x, self._hint_top), self._small_size,
                        theme.WARNING if self.notice else theme.TEXT_DIM, max_width=self.box.width - 2 * pad)
        for button in self.buttons:
            button.draw(surface, body)

    def _hint(self) -> str:
        count = tr_plural(len(self.text), "{count} character", "{count} characters",
                          count=format_number(len(self.text), ",")) if self.text else ""
        keys = tr("Ctrl+V pastes, Ctrl+Enter is OK, Esc cancels") if self.multi_line else \
            tr("Ctrl+V pastes, Enter is OK, Esc cancels")
        return f"{keys}   {count}".rstrip()

    def _draw_field(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, theme.BACKGROUND, self.field, border_radius=6)
        pygame.draw.rect(surface, theme.ACCENT_DARK, self.field, width=2, border_radius=6)
        size, left, top, height = self._field_size, self._text_left, self._text_top, self._line_height
        if not self.text:
            for index, line in enumerate(theme.wrap_text(self.placeholder, size, self._text_width)
                                         [:self._visible_count()]):
                theme.draw_text(surface, line, (left, top + index * height), size, theme.TEXT_DISABLED)
        face = self._face()
        first, last = self.scroll, min(len(self._lines), self.scroll + self._visible_count())
        for number in range(first, last):
            start, end = self._lines[number]
            line_top = top + (number - first) * height
            line = self.text[start:end]
            if self.all_selected and line.strip():
                pygame.draw.rect(surface, theme.SELECTION, (left, line_top, face.size(line)[0], height))
            if line.strip():
                theme.draw_text(surface, line.rstrip(" "), (left, line_top), size, theme.TEXT, style=self.style)
        cursor_line = self._line_of(self.cursor)
        if first <= cursor_line < last and self._blink % 1.0 < 0.6:
            cursor_x = left + self._x_of(self.cursor)
            cursor_top = top + (cursor_line - first) * height
            pygame.draw.line(surface, theme.ACCENT, (cursor_x, cursor_top + 2), (cursor_x, cursor_top + height - 2), 2)
        if len(self._lines) > self._visible_count():
            self._draw_scrollbar(surface)

    def _draw_scrollbar(self, surface: pygame.Surface) -> None:
        track = pygame.Rect(self.field.right - self._inset // 2 - self._scrollbar_width, self._text_top,
                            self._scrollbar_width, self.field.height - 2 * self._inset)
        total, visible = len(self._lines), self._visible_count()
        thumb_height = max(self._scrollbar_width * 2, track.height * visible // total)
        thumb_top = track.top + (track.height - thumb_height) * self.scroll // max(1, total - visible)
        pygame.draw.rect(surface, theme.PANEL, track, border_radius=self._scrollbar_width // 2)
        pygame.draw.rect(surface, theme.BUTTON_HOVER, (track.left, thumb_top, track.width, thumb_height),
                         border_radius=self._scrollbar_width // 2)
