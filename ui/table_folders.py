"""The folders of a game's tables in the window (chess: Gaviota endgame tables): the setting, what they hold, and their use.

A game that declares tables (``GameEntry.external_tables``) gets a setting for their
folders, remembered in ``settings.json`` as ``"tables": {"<game id>": "<folders>"}``
(folders separated by the system's path separator; ``""``: no tables; a game not named:
the game's default folders, ``ExternalTables.default_folders``). ``apply`` makes this
process use the chosen folders (the search lab searches here) and remembers them for
``with_tables``, which puts them into the options of every engine a new game builds,
so they reach the search process too (``ai.search_process``): a change applies from
the next game. ``where`` and ``found_words`` say in words what folders hold. No pygame here.
"""
from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

from ai.types import SearchOptions
from games.registry import GAMES, GameEntry
from ui import validation
from ui.i18n import tr, tr_known, tr_plural

LONGEST_SETTING = 4096
"""Characters a game's remembered folders may have."""
_chosen: dict[str, tuple[str, ...]] = {}
"""Each game's folders as last applied (``apply``); a game not here uses its default."""


def split_folders(text: str) -> tuple[str, ...]:
    """The folders written in ``text``, separated by the system's path separator (blank ones dropped)."""
    return tuple(folder.strip() for folder in text.split(os.pathsep) if folder.strip())


def checked_setting(value: object) -> dict[str, str]:
    """The ``tables`` setting read from ``settings.json``: game id -> folders as text;
    ``ValueError`` in words when it is not a mapping of games that have tables to texts
    of at most ``LONGEST_SETTING`` characters."""
    what = tr("the folders of the tables")
    checked: dict[str, str] = {}
    for game_id, text in validation.mapping(value, what).items():
        entry = GAMES.get(str(game_id))
        if entry is None or entry.external_tables is None:
            raise ValueError(tr("{what}: {game} is not a game with tables", what=what, game=str(game_id)[:40]))
        checked[entry.id] = validation.text(text, tr("{what} of {game}", what=what, game=entry.id), LONGEST_SETTING)
    return checked


def chosen_folders(tables_setting: dict[str, str], entry: GameEntry) -> tuple[str, ...]:
    """The folders of ``entry``'s tables the setting chooses: the remembered ones, else
    the game's default folders (none for a game without tables)."""
    if entry.external_tables is None:
        return ()
    if entry.id in tables_setting:
        return split_folders(tables_setting[entry.id])
    return entry.external_tables.default_folders()


def apply(tables_setting: dict[str, str]) -> None:
    """Use the folders the setting chooses: in this process now, and in every engine a
    game builds from now on (``with_tables``)."""
    for entry in GAMES.values():
        if entry.external_tables is not None:
            folders = chosen_folders(tables_setting, entry)
            _chosen[entry.id] = folders
            entry.external_tables.use(folders)


def with_tables(entry: GameEntry, options: SearchOptions) -> SearchOptions:
    """``options`` naming the folders last applied for ``entry``'s tables (unchanged for
    a game without tables, or when none were applied: the process's own)."""
    folders = _chosen.get(entry.id)
    if entry.external_tables is None or folders is None:
        return options
    return replace(options, table_folders=folders)


def where(entry: GameEntry, folders: tuple[str, ...]) -> str:
    """The folders and what they hold, in words: "/usr/share/gaviotatb/gtb4: 5 files, up to
    3 pieces", "/x: no tables found", "none, searches without them"."""
    if not folders:
        return found_words(entry, folders)
    return tr("{folders}: {found}", folders=", ".join(folders), found=found_words(entry, folders))


def found_words(entry: GameEntry, folders: tuple[str, ...]) -> str:
    """What ``folders`` hold, in a few words: "5 files, up to 3 pieces", "no tables found",
    "none, searches without them" (no folders)."""
    if not folders:
        return tr("none, searches without them")
    return _found(entry, folders) or tr("no tables found")


def _found(entry: GameEntry, folders: tuple[str, ...]) -> str:
    """The tables in ``folders``: "5 files, up to 3 pieces", or "" when there are none."""
    tables = entry.external_tables
    found = tables.survey(folders) if tables is not None else None
    if found is None or not found.files:
        return ""
    return tr_plural(found.files, "{count} file, up to {largest} {unit}", "{count} files, up to {largest} {unit}",
                     largest=found.largest, unit=tr_known(tables.unit))


def typed_problem(entry: GameEntry, text: str) -> str | None:
    """Why the folders typed as ``text`` cannot be used for ``entry``'s tables, in words
    (a name that is not a folder, folders with no tables), or ``None`` when they can
    (an empty text can: no tables)."""
    folders = split_folders(text)
    for folder in folders:
        if not Path(folder).is_dir():
            return tr("There is no folder {folder}.", folder=folder)
    if folders and entry.external_tables is not None and not entry.external_tables.survey(folders).files:
        return tr("No tables found in {folders}: their files are named like {example}.",
                  folders=", ".join(folders), example=entry.external_tables.file_example)
    return None
