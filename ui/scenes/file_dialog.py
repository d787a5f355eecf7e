"""A modal list of the files in a folder to choose one from (saved games, say).

``FileDialog`` is drawn like ``ui.scenes.dialog.Dialog`` (the scene below dimmed, a box
over it): a title, the folder, the files matching a pattern newest first (name,
modified date and time, and a one-line description when a ``describe`` function is
given, made in a background thread: ``ui.file_descriptions``), and the buttons Open
and Cancel.
"""
from __future__ import annotations

import fnmatch
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from ui import theme
from ui.file_descriptions import FileDescriptions
from ui.game_texts import short_date
from ui.i18n import tr
from ui.scene import Scene
from ui.widgets.controls import Button

if TYPE_CHECKING:
    from ui.navigation import SceneStack

DOUBLE_CLICK_SECONDS = 0.5
"""Two clicks on the same row at most this far apart open it."""


@dataclass(frozen=True)
class FileRow:
    """One file of the list: its ``path``, when it was last ``modified`` (seconds since
    the epoch, ``None`` when unknown) and a ``problem`` in words if it cannot be read."""

    path: Path
    modified: float | None
    problem: str = ""


def list_files(folder: Path, pattern: str) -> tuple[list[FileRow], str]:
    """The files in ``folder`` whose names match ``pattern`` (a glob, case-insensitive),
    newest first, and "" -- or ``([], problem)`` in words when the folder cannot be read.
    A folder that does not exist is empty. Never raises ``OSError``."""
    rows: list[FileRow] = []
    try:
        if not folder.exists():
            return [], ""
        if not folder.is_dir():
            return [], tr("{folder} is a file, not a folder.", folder=folder)
        with os.scandir(folder) as entries:
            for entry in entries:
                if not fnmatch.fnmatch(entry.name.lower(), pattern.lower()):
                    continue
                try:
                    if not entry.is_file():
                        continue
                    rows.append(FileRow(Path(entry.path), entry.stat().st_mtime))
                except OSError as error:
                    rows.append(FileRow(Path(entry.path), None,
                                        tr("cannot be read: {problem}", problem=error.strerror or error)))
    except OSError as error:
        return [], tr("The folder {folder} cannot be read: {problem}.", folder=folder, problem=error.strerror or error)
    rows.sort(key=lambda row: (row.modified is not None, row.modified or 0.0, row.path.name), reverse=True)
    return rows, ""


def describe_time(seconds: float | None, now: float | None = None) -> str:
    """When a file was modified, for people: "Today 14:05", "Yesterday 09:12" or
    "3 May 2024, 14:05" (local time); "date unknown" for ``None``."""
    if seconds is None:
        return tr("date unknown")
    moment, today = time.localtime(seconds), time.localtime(now)
    clock = time.strftime("%H:%M", moment)
    days = (time.mktime(today[:3] + (0, 0, 0, 0, 0, -1)) - time.mktime(moment[:3] + (0, 0, 0, 0, 0, -1))) / 86400
    if round(days) == 0:
        return tr("Today {time}", time=clock)
    if round(days) == 1:
        return tr("Yesterday {time}", time=clock)
    return f"{short_date(moment.tm_mday, moment.tm_mon, moment.tm_year)}, {clock}"


class FileDialog(Scene):
    """Choose one of the files matching ``pattern`` in ``folder``.

    A click selects a row, a double click or Open (or Enter) chooses it: the dialog
    closes, then ``on_choose(path)`` runs. Cancel or Escape closes it, then
    ``on_cancel()`` runs if given. The wheel scrolls; arrows, Page Up/Down, Home and
    End move the selection. ``describe(path)`` (optional) gives a one-line description
    ("White vs Black, 1-0, 34 moves"); it is asked for the rows in view only, in a
    background thread (so it must not touch pygame), and "…" shows until it is in; an
    exception from it shows as the row's description. An empty
    folder says ``empty_message`` (default "No saved games yet in <folder>"); one that
    cannot be read says why.
    """

    overlay = True

    def __init__(self, navigator: SceneStack, title: str, folder: Path | str, on_choose: Callable[[Path], None], *,
                 pattern: str = "*.pgn", describe: Callable[[Path], str] | None = None,
                 on_cancel: Callable[[], None] | None = None, open_label: str = "",
                 cancel_label: str = "", empty_message: str = "") -> None:
        self.navigator = navigator
        self.title = title
        self.folder = Path(folder)
        self.pattern = pattern
        self.on_choose = on_choose
        self.on_cancel = on_cancel
        self.describe = describe
        self._describer = FileDescriptions(describe) if describe is not None else None
        self.empty_message = empty_message or tr("No saved games yet in {folder}", folder=self.folder)
        self.rows: list[FileRow] = []
        self.problem = ""
        """Why the folder could not be listed ("" when it could)."""
        self.descriptions: dict[Path, str] = {}
        self._failed: set[Path] = set()
        """Files whose description failed (shown as a warning)."""
        self.selected: int | None = None
        self.scroll = 0
        self.open_button = Button(open_label or tr("Open"), self.choose, primary=True, name="open")
        self.cancel_button = Button(cancel_label or tr("Cancel"), self.cancel, name="cancel")
        self.buttons = [self.open_button, self.cancel_button]
        self.box = pygame.Rect(0, 0, 0, 0)
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self._row_height = 1
        self._edge = 3
        self._last_click: tuple[int, float] | None = None
        self.refresh()

    # -- the list -----------------------------------------------------------------------------
    def refresh(self) -> None:
        """List the folder again (the newest file selected)."""
        self.rows, self.problem = list_files(self.folder, self.pattern)
        self.descriptions = {}
        self._failed = set()
        self.selected = 0 if self.rows else None
        self.scroll = 0
        self.open_button.enabled = self.selected is not None

    def describe_visible(self) -> None:
        """Ask for the descriptions of the rows in view that have none yet (made in the
        background), and take in the ones made since the last call. Never waits."""
        if self._describer is None:
            return
        missing = [(row.path, row.modified) for row in self.rows[self.scroll:self.scroll + self._visible_count()]
                   if row.path not in self.descriptions and not row.problem]
        self._describer.ask(missing)
        for key in missing:
            made = self._describer.get(key)
            if made is not None:
                self.descriptions[key[0]], failed = made
                if failed:
                    self._failed.add(key[0])

    def update(self, dt: float) -> None:
        """Ask for the rows in view to be described, and show the descriptions made."""
        self.describe_visible()

    def leave(self) -> None:
        """Closed: describe nothing more."""
        if self._describer is not None:
            self._describer.close()

    # -- actions ------------------------------------------------------------------------------
    def choose(self) -> None:
        """Close and hand on the selected file (nothing happens when none is selected)."""
        if self.selected is None:
            return
        path = self.rows[self.selected].path
        self.navigator.remove(self)
        self.on_choose(path)

    def cancel(self) -> None:
        """Close without choosing."""
        self.navigator.remove(self)
        if self.on_cancel is not None:
            self.on_cancel()

    def select(self, index: int) -> None:
        """Select row ``index`` (clamped) and scroll it into view."""
        if not self.rows:
            return
        self.selected = min(max(index, 0), len(self.rows) - 1)
        visible = self._visible_count()
        if self.selected < self.scroll:
            self.scroll = self.selected
        elif self.selected >= self.scroll + visible:
            self.scroll = self.selected - visible + 1
        self._scroll_by(0)

    # -- input --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        """Clicks and double clicks on rows, the wheel, keys and the buttons."""
        if event.type == pygame.KEYDOWN:
            self._key(event.key)
        elif event.type == pygame.MOUSEWHEEL:
            self._scroll_by(-3 * event.y)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.list_rect.collidepoint(event.pos):
            index = self.row_at(event.pos)
            if index is None:
                return
            now = time.monotonic()
            double = self._last_click is not None and self._last_click[0] == index \
                and now - self._last_click[1] <= DOUBLE_CLICK_SECONDS
            self._last_click = None if double else (index, now)
            self.select(index)
            if double:
                self.choose()
        else:
            for button in self.buttons:
                if button.handle_event(event):
                    return

    def _key(self, key: int) -> None:
        if key == pygame.K_ESCAPE:
            self.cancel()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.choose()
        elif self.rows:
            current = self.selected if self.selected is not None else -1
            page = max(1, self._visible_count() - 1)
            moves = {pygame.K_UP: current - 1, pygame.K_DOWN: current + 1, pygame.K_PAGEUP: current - page,
                     pygame.K_PAGEDOWN: current + page, pygame.K_HOME: 0, pygame.K_END: len(self.rows) - 1}
            if key in moves:
                self.select(moves[key])

    def row_at(self, position: tuple[int, int]) -> int | None:
        """The index of the row under ``position``, or ``None``."""
        if not self.list_rect.collidepoint(position):
            return None
        index = self.scroll + (position[1] - self.list_rect.top - self._edge) // self._row_height
        return index if 0 <= index < len(self.rows) else None

    def row_rect(self, index: int) -> pygame.Rect:
        """Where row ``index`` is drawn (it may be out of view)."""
        return pygame.Rect(self.list_rect.left + self._edge,
                           self.list_rect.top + self._edge + (index - self.scroll) * self._row_height,
                           self.list_rect.width - 2 * self._edge - self._scrollbar_width - 2, self._row_height)

    def _visible_count(self) -> int:
        return max(1, (self.list_rect.height - 2 * self._edge) // self._row_height)

    def _scroll_by(self, rows: int) -> None:
        self.scroll = min(max(self.scroll + rows, 0), max(0, len(self.rows) - self._visible_count()))

    def help_sections(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """The keys and clicks of the list."""
        return [(tr("Choosing a file"), [(tr("Click"), tr("select a file")), (tr("Double click or Enter"), tr("open it")),
                                         (tr("\u2191 \u2193, Page Up/Down, Home, End"), tr("move the selection")),
                                         (tr("Wheel"), tr("scroll")), ("Esc", tr("cancel"))])]

    # -- layout -------------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        """Fit the box to the window (640x480 and up); the list takes the room left."""
        scale, sizes = theme.unit(size), theme.text_sizes(size)
        self._text_size, self._small_size = sizes.body, sizes.small
        self._pad = pad = max(10, int(18 * scale))
        margin = max(10, int(20 * scale))
        width = min(size[0] - 2 * margin, max(int(720 * scale), 44 * sizes.body))
        tallest = min(size[1] - 2 * margin, max(int(640 * scale), 400))
        self._title_height = int(sizes.body * 1.6)
        self._row_inset = max(4, int(8 * scale))
        two_lines = self.describe is not None or any(row.problem for row in self.rows)
        lines = theme.line_height(sizes.body) + (theme.line_height(sizes.small) if two_lines else 0)
        self._row_height = lines + 2 * self._row_inset
        self._scrollbar_width = max(6, int(8 * scale))
        button_height = int(sizes.body * 2.4)
        above = pad + self._title_height + theme.line_height(sizes.small) + pad // 2
        below = pad // 2 + button_height + pad
        edge = self._edge = 3
        rows = max(1, (tallest - above - below - 2 * edge) // self._row_height)  # whole rows only
        list_height = rows * self._row_height + 2 * edge
        self.box = pygame.Rect(0, 0, width, min(size[1] - 2 * margin, above + list_height + below))
        self.box.center = (size[0] // 2, size[1] // 2)
        self.list_rect = pygame.Rect(self.box.left + pad, self.box.top + above, width - 2 * pad, list_height)
        face = theme.font(sizes.body)
        button_width = max(max(int(110 * scale), face.size(button.label)[0] + 2 * sizes.body)
                           for button in self.buttons)
        button_width = min(button_width, (width - 2 * pad - pad) // 2)
        x = self.box.right - pad
        for button in (self.cancel_button, self.open_button):
            x -= button_width
            button.rect = pygame.Rect(x, self.box.bottom - pad - button_height, button_width, button_height)
            x -= max(6, int(12 * scale))
        if self.selected is not None:
            self.select(self.selected)
        self._scroll_by(0)

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Dim what is below, then the box with the list."""
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill(theme.OVERLAY_DIM)
        surface.blit(dim, (0, 0))
        theme.panel(surface, self.box, radius=12)
        pad, body, small = self._pad, self._text_size, self._small_size
        inner = self.box.width - 2 * pad
        x, y = self.box.left + pad, self.box.top + pad
        theme.draw_text(surface, self.title, (x, y), int(body * 1.25), theme.TEXT, style="bold", max_width=inner)
        y += self._title_height
        theme.draw_text(surface, _tail(str(self.folder), small, inner), (x, y), small, theme.TEXT_DIM)
        pygame.draw.rect(surface, theme.BACKGROUND, self.list_rect, border_radius=6)
        pygame.draw.rect(surface, theme.PANEL_BORDER, self.list_rect, width=1, border_radius=6)
        if not self.rows:
            message = self.problem or self.empty_message
            colour = theme.DANGER if self.problem else theme.TEXT_DIM
            line_y = self.list_rect.top + self._row_inset * 2
            for line in theme.wrap_text(message, body, self.list_rect.width - 4 * self._row_inset):
                theme.draw_text(surface, line, (self.list_rect.left + 2 * self._row_inset, line_y), body, colour)
                line_y += theme.line_height(body)
        for index in range(self.scroll, min(len(self.rows), self.scroll + self._visible_count())):
            self._draw_row(surface, index)
        if len(self.rows) > self._visible_count():
            self._draw_scrollbar(surface)
        for button in self.buttons:
            button.draw(surface, body)

    def _draw_row(self, surface: pygame.Surface, index: int) -> None:
        row, rect = self.rows[index], self.row_rect(index)
        body, small, inset = self._text_size, self._small_size, self._row_inset
        if index == self.selected:
            pygame.draw.rect(surface, theme.SELECTION, rect, border_radius=4)
        elif pygame.mouse.get_focused() and rect.collidepoint(pygame.mouse.get_pos()):
            pygame.draw.rect(surface, theme.BUTTON, rect, border_radius=4)
        when = describe_time(row.modified)
        when_width = theme.font(small).size(when)[0]
        left, top = rect.left + inset, rect.top + inset
        name_width = rect.width - 3 * inset - when_width
        theme.draw_text(surface, row.path.name, (left, top), body, theme.TEXT, max_width=max(8, name_width))
        theme.draw_text(surface, when, (rect.right - inset, top + (theme.line_height(body) - theme.line_height(small))),
                        small, theme.TEXT if index == self.selected else theme.TEXT_DIM, anchor="topright")
        description = row.problem or self.descriptions.get(row.path, "\u2026" if self.describe else "")
        if description:
            failed = bool(row.problem) or row.path in self._failed
            theme.draw_text(surface, description, (left, top + theme.line_height(body)), small,
                            theme.WARNING if failed else theme.TEXT_DIM, max_width=rect.width - 2 * inset)
        if index + 1 < len(self.rows) and index != self.selected and index + 1 != self.selected:
            pygame.draw.line(surface, theme.PANEL, (rect.left + inset, rect.bottom - 1),
                             (rect.right - inset, rect.bottom - 1))

    def _draw_scrollbar(self, surface: pygame.Surface) -> None:
        track = pygame.Rect(self.list_rect.right - self._scrollbar_width - 2, self.list_rect.top + 4,
                            self._scrollbar_width, self.list_rect.height - 8)
        total, visible = len(self.rows), self._visible_count()
        thumb_height = max(self._scrollbar_width * 2, track.height * visible // total)
        thumb_top = track.top + (track.height - thumb_height) * self.scroll // max(1, total - visible)
        pygame.draw.rect(surface, theme.PANEL, track, border_radius=self._scrollbar_width // 2)
        pygame.draw.rect(surface, theme.BUTTON_HOVER, (track.left, thumb_top, track.width, thumb_height),
                         border_radius=self._scrollbar_width // 2)


def _tail(text: str, size: int, width: int) -> str:
    """``text`` cut from the front with an ellipsis to fit ``width`` pixels (a path's end
    says the most)."""
    face = theme.font(size)
    if face.size(text)[0] <= width:
        return text
    while text and face.size("\u2026" + text)[0] > width:
        text = text[1:]
    return "\u2026" + text
