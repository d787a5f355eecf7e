"""The menu's button for the folder of a game's tables (chess: Gaviota endgame tables), and the dialog it opens.

Shown only for a game that declares tables (``GameEntry.external_tables``), under the
tables' name. The button says what the chosen folders hold ("/usr/share/gaviotatb/gtb4:
5 files, up to 3 pieces", "none, searches without them"); a click
opens a ``TextDialog`` that says what the tables do, where the default folder is and
what it holds, and takes a typed or pasted folder (several separated by the system's
path separator; an empty field: no tables), refusing a folder that does not exist or
holds no tables; **Use the default** forgets the choice. The choice is remembered in the
settings (``ui.table_folders``) and applies from the next game.
"""
from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from games.registry import GameEntry
from ui import table_folders, theme
from ui.i18n import tr, tr_known
from ui.scenes.text_dialog import TextDialog
from ui.settings import AppSettings
from ui.widgets.controls import Button

if TYPE_CHECKING:
    from ui.navigation import SceneStack


class TableFolderChoice:
    """The button (``button``, placed by the menu; hidden for a game without tables)
    with its caption, for the game ``configure`` last named. ``on_change()`` runs after
    the folders were changed and applied (the menu saves the settings)."""

    def __init__(self, navigator: SceneStack, settings: AppSettings, on_change: Callable[[], None]) -> None:
        self.navigator = navigator
        self.settings = settings
        self.on_change = on_change
        self.entry: GameEntry | None = None
        self.button = Button("", self.open, name="tables")
        self.caption = ""

    @property
    def shown(self) -> bool:
        """Whether the chosen game has tables (and so the button is shown)."""
        return self.button.visible

    def configure(self, entry: GameEntry) -> None:
        """Show ``entry``'s tables (hide the button when it has none)."""
        self.entry = entry
        self.button.visible = entry.external_tables is not None
        if self.button.visible:
            self.caption = tr("{name} (a change applies from the next game)", name=tr_known(entry.external_tables.name))
            self.button.label = table_folders.where(entry, self.folders()) + "\u2026"
            self.button.short_label = table_folders.found_words(entry, self.folders()) + "\u2026"

    def folders(self) -> tuple[str, ...]:
        """The folders the settings choose for the game."""
        return table_folders.chosen_folders(self.settings.tables, self.entry) if self.entry is not None else ()

    def open(self) -> None:
        """The dialog: what the tables do, the default, what is chosen now; type a folder."""
        entry = self.entry
        if entry is None or entry.external_tables is None:
            return
        tables = entry.external_tables
        default = tables.default_folders()
        explanation = tr("{purpose}\n\nType or paste the folder that holds them (files named like {example}; several "
                         "folders separated by {separator}), or leave the field empty to search without them. "
                         "A change applies from the next game you start.\nDefault: {default}\nNow: {status}",
                         purpose=tr_known(tables.purpose), example=tables.file_example, separator=os.pathsep,
                         default=table_folders.where(entry, default),
                         status=table_folders.where(entry, self.folders()))
        chosen = os.pathsep.join(self.folders())
        self.navigator.push(TextDialog(self.navigator, tr_known(tables.name), explanation, self.choose,
                                       text=chosen, validate=lambda text: table_folders.typed_problem(entry, text),
                                       multi_line=False, style="regular",
                                       extra=(tr("Use the default"), self.use_default)))

    def choose(self, text: str) -> None:
        """Remember and apply the folders typed as ``text`` (checked by the dialog)."""
        if self.entry is not None:
            self.settings.tables[self.entry.id] = os.pathsep.join(table_folders.split_folders(text))
            self._changed()

    def use_default(self) -> None:
        """Forget the game's chosen folders: its default ones apply again."""
        if self.entry is not None:
            self.settings.tables.pop(self.entry.id, None)
            self._changed()

    def _changed(self) -> None:
        table_folders.apply(self.settings.tables)
        self.configure(self.entry)
        self.on_change()

    def place(self, rect: pygame.Rect, small: int) -> None:
        """Lay out as a selector in ``rect``: the caption on top in text of size ``small``,
        the button where the selector's value would be."""
        caption = theme.line_height(small)
        self.button.rect = pygame.Rect(rect.left, rect.top + caption, rect.width, rect.height - caption)

    def draw(self, surface: pygame.Surface, body: int, small: int) -> None:
        """The caption (as a selector's label; the tables' name alone where the whole
        caption does not fit: the dialog says when a change applies) and the button."""
        if not self.shown:
            return
        name = tr_known(self.entry.external_tables.name) if self.entry is not None else self.caption
        caption, size = theme.fitted_choice((self.caption, name), small, self.button.rect.width - 4)  # the name alone
        theme.draw_text(surface, caption, (self.button.rect.left + 2, self.button.rect.top - theme.line_height(small)),
                        size, theme.TEXT_DIM, max_width=self.button.rect.width - 4)
        self.button.draw(surface, body)
