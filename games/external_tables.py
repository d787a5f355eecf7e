"""Tables a game may read from folders the user names (chess: Gaviota endgame tables).

Some games can use precomputed tables that are too big to ship: files somebody installs
and whose folder is named to the program. A game's registry entry declares them
(``GameEntry.external_tables``) with an ``ExternalTables``: what they are called, what
they do, how the engine protocol's option that names their folders is called, and four
functions: the folders used when none are named, the folders in use now, a survey of
what some folders hold (``TablesFound``, without using them) and ``use``, which makes
this process's searches use them. The search (``ai.engine.Engine.for_entry``), the
engine protocol and the window know tables only through this declaration.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class TablesFound:
    """What a survey of ``folders`` found: ``files`` tables the game can read, the
    largest positions they cover (``largest``, in the declaration's ``unit``: chess
    counts pieces, kings included; 0 when none), the folders that do not exist or are
    not folders (``missing``), and the files left out because they are damaged or
    cannot be read (``unreadable``)."""

    folders: tuple[str, ...]
    files: int = 0
    largest: int = 0
    missing: tuple[str, ...] = ()
    unreadable: tuple[str, ...] = ()


@dataclass(frozen=True)
class ExternalTables:
    """A game's optional tables in folders the user names.

    ``name`` (e.g. "Endgame tables"), ``unit`` (what ``TablesFound.largest`` counts, e.g.
    "pieces") and ``purpose`` (a sentence on what the tables do for the search) are for
    people, in English (the window translates them as other game texts). ``file_example``
    is a file name such tables have (``kqk.gtb.cp4``), to tell people what to look for.
    ``option_name`` is the engine protocol's option naming the folders (UCI's
    ``GaviotaTbPath``). ``default_folders()`` are the folders used when none are named
    (some may not exist); ``current_folders()`` those this process uses now (only
    existing ones); ``survey(folders)`` says what ``folders`` hold without using them
    (it never raises); ``use(folders)`` makes every later search in this process use
    exactly the tables in ``folders`` (an empty sequence: none; folders that do not
    exist are skipped, a damaged file left out; it never raises, and using the folders
    already in use keeps what was learned from them)."""

    name: str
    unit: str
    purpose: str
    file_example: str
    option_name: str
    default_folders: Callable[[], tuple[str, ...]]
    current_folders: Callable[[], tuple[str, ...]]
    survey: Callable[[Sequence[str]], TablesFound]
    use: Callable[[Sequence[str]], None]
