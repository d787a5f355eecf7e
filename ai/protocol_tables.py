"""The engine protocol's option naming the folders of a game's tables (chess: UCI's ``GaviotaTbPath``).

A game that declares tables (``GameEntry.external_tables``, ``games.external_tables``)
gets one ``type string`` option, named by the declaration: its value is one folder, or
several separated by the system's path separator (``:``; ``;`` on Windows), and
``<empty>`` (or nothing) for no tables. ``ai.protocol`` offers it; this module reads
and writes its value and says what the folders hold. No pygame, no particular game.
"""
from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from games.external_tables import ExternalTables, TablesFound

EMPTY = "<empty>"
"""How UCI writes an empty string option's value (Stockfish's ``SyzygyPath``)."""
MAX_FOLDERS = 16
"""Folders one value may name."""


def folders_value(folders: Sequence[str]) -> str:
    """``folders`` as the option's value: joined by the path separator, ``<empty>`` for none."""
    return os.pathsep.join(folders) or EMPTY


def describe_folders(tables: ExternalTables) -> str:
    """The rest of the option's ``option name`` line: a string whose default is the
    folders this process uses now."""
    return f"type string default {folders_value(tables.current_folders())}"


def announcement(tables: ExternalTables) -> str:
    """What the folders this process uses now hold, for an ``info string`` (``found_text``)."""
    return found_text(tables, tables.survey(tables.current_folders()))


def parse_folders(tables: ExternalTables, value: str) -> tuple[str, ...]:
    """The folders ``value`` names as the value of ``tables``' option (``()`` for
    ``<empty>`` or nothing); ``ValueError`` naming the first that is not an existing
    folder, or when there are more than ``MAX_FOLDERS``. Only checks that they are folders."""
    name = tables.option_name
    value = value.strip()
    if value in ("", EMPTY):
        return ()
    folders = tuple(folder.strip() for folder in value.split(os.pathsep) if folder.strip())
    if len(folders) > MAX_FOLDERS:
        raise ValueError(f"{name} takes at most {MAX_FOLDERS} folders, not {len(folders)}; the tables are unchanged")
    for folder in folders:
        if not Path(folder).is_dir():
            raise ValueError(f"{name}: there is no folder {folder!r}; the tables are unchanged")
    return folders


def found_text(tables: ExternalTables, found: TablesFound) -> str:
    """What a survey found, in a line for ``info string``: ``5 tables, up to 3 pieces, in
    /usr/share/gaviotatb/gtb4`` (with the files left out), or ``no tables in ...``."""
    where = ", ".join(found.folders) or "no folder"
    left_out = f"; {len(found.unreadable)} damaged or unreadable files left out" if found.unreadable else ""
    if not found.folders:
        return f"{tables.option_name}: no tables: searching without them"
    if not found.files:
        return (f"{tables.option_name}: no tables in {where} (their files are named like "
                f"{tables.file_example}){left_out}")
    plural = "table" if found.files == 1 else "tables"
    return f"{tables.option_name}: {found.files} {plural}, up to {found.largest} {tables.unit}, in {where}{left_out}"
