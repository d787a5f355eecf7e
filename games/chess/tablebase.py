"""Endgame tables: perfect play with few pieces left, from Gaviota tablebases.

Gaviota tables give the distance to mate (DTM) of every position with few pieces.
Debian's ``gaviotatb`` package installs the 3-piece ones under
``/usr/share/gaviotatb/``; another folder (or several, separated by the system's path
separator) can be named with the ``GAMETREELAB_GAVIOTA`` environment variable. The
tables are read with python-chess's pure-Python prober, so nothing needs compiling.
No tables, unreadable tables or a position they do not cover: no answer, never an
error. Probed at the root of a search (the move to play) and inside it, where a capture
or a pawn move has just led into a position the tables cover (``ChessState.known_result``:
the search stops there with the exact result).

``use_folders`` changes the folders every later search of this process uses (the window's
setting, the engine protocol's ``GaviotaTbPath``; ``CHESS_TABLES`` declares all this to
the registry), and ``survey`` says what folders hold without using them. Two things
python-chess 1.11's prober does not do are done here: tables are opened read-only (it
opens them for writing too, so tables a user may not write to, such as Debian's, were
never read: python-chess issue #1166), and a file whose header does not describe a
table of its own size is left out (a damaged or foreign ``.gtb.cp4`` file made the
prober allocate memory without bound).
"""
from __future__ import annotations

import os
import random
import struct
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import BinaryIO

import chess
import chess.gaviota

from games.base import KnownMove
from games.external_tables import ExternalTables, TablesFound

FOLDER_VARIABLE = "GAMETREELAB_GAVIOTA"
DEFAULT_FOLDERS = ("/usr/share/gaviotatb/gtb4",)
"""Where Debian's package puts tables python-chess can read (the ``.cp4`` compression)."""
TABLE_SUFFIX = ".gtb.cp4"
"""The ending of the table files python-chess's prober reads."""
REMEMBERED_LIMIT = 100_000
"""Probes remembered by ``EndgameTables.remembered_distance`` (emptied when full)."""
_UNKNOWN = object()
MAXIMUM_PIECES = 5
"""Gaviota tables exist for at most this many pieces (kings included)."""
_HEADER = struct.Struct("<10I")


def default_folders() -> tuple[str, ...]:
    """The folders used when none are named: those of ``GAMETREELAB_GAVIOTA`` (separated
    by the system's path separator), else Debian's (they need not exist)."""
    named = os.environ.get(FOLDER_VARIABLE, "")
    return tuple(folder for folder in named.split(os.pathsep) if folder) or DEFAULT_FOLDERS


def _index_length(name: str) -> int:
    """How many block offsets the index of table ``name`` (``kqk``) holds: one per block
    of each side's ``ENTRIES_PER_BLOCK`` positions, and the end of the file."""
    maximum = chess.gaviota.EGKEY[name].maxindex
    return 2 * (1 + (maximum - 1) // chess.gaviota.ENTRIES_PER_BLOCK) + 1


def table_problem(path: str | Path) -> str:
    """Why the file ``path`` (named ``<table>.gtb.cp4``) is not a table the prober can
    read, in words ("" when it is one): its name is no table's, it cannot be opened, or
    its header and block index do not describe that table in a file of its own size
    (reads the header and the index only, a few kilobytes)."""
    name = Path(path).name.removesuffix(TABLE_SUFFIX)
    if name not in chess.gaviota.EGKEY:
        return "not the name of a table"
    count = _index_length(name)
    try:
        with open(path, "rb") as stream:
            size = os.fstat(stream.fileno()).st_size
            header = stream.read(_HEADER.size)
            if len(header) < _HEADER.size:
                return "too short for a table"
            offset = _HEADER.unpack(header)[8]
            if offset != _HEADER.size + 4 * count or offset > size:
                return "its header is damaged"
            index = struct.unpack(f"<{count}I", stream.read(4 * count))
    except OSError as error:
        return f"cannot be read ({error.strerror or error})"
    if index[0] != offset or index[-1] != size or any(later < earlier for earlier, later in zip(index, index[1:])):
        return "its block index is damaged"
    return ""


def _table_files(folder: str) -> dict[str, str]:
    """The files of Gaviota tables in ``folder``: the table's name (``kqk``) -> its path."""
    found = {}
    with os.scandir(folder) as entries:
        for entry in entries:
            name = entry.name[:-len(TABLE_SUFFIX)] if entry.name.endswith(TABLE_SUFFIX) else ""
            if name in chess.gaviota.EGKEY and entry.is_file():
                found[name] = entry.path
    return found


class _ReadOnlyTablebase(chess.gaviota.PythonTablebase):
    """python-chess's pure-Python prober, opening each table for reading only."""

    def _open_tablebase(self, req: chess.gaviota.Request) -> BinaryIO:
        stream = self.streams.get(req.egkey)
        if stream is None:
            stream = open(self.available_tables[req.egkey], "rb")
            self.egtb_loadindexes(req.egkey, stream)
            self.streams[req.egkey] = stream
        return stream


class EndgameTables:
    """The Gaviota tables in ``folders`` (default: ``default_folders()``; those that do
    not exist are skipped), opened on first use, each file checked then
    (``table_problem``: a damaged one is left out and named in ``problem``); safe to use
    from several threads."""

    def __init__(self, folders: Sequence[str] | None = None) -> None:
        self.requested = tuple(default_folders() if folders is None else folders)
        """The folders asked for, as given."""
        self.folders = [folder for folder in self.requested if Path(folder).is_dir()]
        self._tablebase: chess.gaviota.PythonTablebase | None = None
        self._opened = False
        self._lock = threading.Lock()
        self.problem = ""
        """Why no tables are used, or some are left out, in words ("" when none is)."""
        self._remembered: dict[int, int | None] = {}

    def _open(self) -> chess.gaviota.PythonTablebase | None:
        with self._lock:
            if not self._opened:
                self._opened = True
                try:
                    if self.folders:
                        tablebase = _ReadOnlyTablebase()
                        for folder in self.folders:
                            tablebase.add_directory(folder)
                        damaged = {name: table_problem(path) for name, path in tablebase.available_tables.items()}
                        damaged = {name: problem for name, problem in damaged.items() if problem}
                        for name in damaged:
                            del tablebase.available_tables[name]
                        if damaged:
                            self.problem = "left out: " + ", ".join(f"{name} ({problem})"
                                                                    for name, problem in sorted(damaged.items()))
                        self._tablebase = tablebase if tablebase.available_tables else None
                except (OSError, ValueError) as error:
                    self.problem = f"the endgame tables could not be opened ({error})"
            return self._tablebase

    @property
    def available(self) -> bool:
        """Whether any tables were found."""
        return self._open() is not None

    def distance_to_mate(self, board: chess.Board) -> int | None:
        """DTM of ``board`` in plies for the side to move (positive: it mates, negative:
        it is mated, 0: draw), or ``None`` when no table covers it."""
        tablebase = self._open()
        if tablebase is None or chess.popcount(board.occupied) > MAXIMUM_PIECES or board.castling_rights:
            return None
        try:
            return tablebase.probe_dtm(board)
        except Exception:  # a missing table, or a damaged block the header check let through: no answer
            return None

    def remembered_distance(self, key: int, board: chess.Board) -> int | None:
        """``distance_to_mate(board)``, remembered by ``key`` (the position's table key):
        the search asks again for the positions it meets again."""
        known = self._remembered.get(key, _UNKNOWN)
        if known is _UNKNOWN:
            known = self.distance_to_mate(board)
            if len(self._remembered) >= REMEMBERED_LIMIT:
                self._remembered.clear()
            self._remembered[key] = known
        return known

    def best_move(self, board: chess.Board) -> tuple[chess.Move, int] | None:
        """The best move by the tables and the result it keeps: ``(move, plies)``,
        plies positive for a win in that many plies, negative for a loss, 0 a draw;
        ``None`` when the tables do not cover every move."""
        if self.distance_to_mate(board) is None:
            return None
        best: tuple[tuple[int, int], chess.Move, int] | None = None
        for move in board.legal_moves:
            child = board.copy(stack=False)
            child.push(move)
            if child.is_checkmate():
                plies = 1
            elif child.is_stalemate() or child.is_insufficient_material():
                plies = 0
            else:
                theirs = self.distance_to_mate(child)
                if theirs is None:
                    return None
                plies = 0 if theirs == 0 else (-theirs + 1 if theirs < 0 else -(theirs + 1))
            # rank: wins first (the fastest), then draws, then losses (the slowest)
            rank = (2, -plies) if plies > 0 else ((1, 0) if plies == 0 else (0, -plies))
            if best is None or rank > best[0]:
                best = (rank, move, plies)
        return (best[1], best[2]) if best is not None else None


_shipped: EndgameTables | None = None
_shipped_lock = threading.Lock()


def shipped_tables() -> EndgameTables:
    """The tables this process's searches use (one shared instance): those of
    ``default_folders()`` until ``use_folders`` names others."""
    global _shipped
    with _shipped_lock:
        if _shipped is None:
            _shipped = EndgameTables()
        return _shipped


def use_folders(folders: Sequence[str]) -> None:
    """Make every later probe of this process (``shipped_tables``) use the tables in
    ``folders`` (empty: none). The folders already in use keep their open tables and
    what was remembered from them. Never raises; a search already running may finish
    with either set (each gives exact answers)."""
    global _shipped
    wanted = tuple(folders)
    with _shipped_lock:
        if _shipped is None or _shipped.requested != wanted:
            _shipped = EndgameTables(wanted)


def current_folders() -> tuple[str, ...]:
    """The folders whose tables this process uses now (only existing ones)."""
    return tuple(shipped_tables().folders)


def survey(folders: Sequence[str]) -> TablesFound:
    """What ``folders`` hold, without using them: the readable tables (a table in two
    folders counts once), the most pieces one covers, the folders that are not there and
    the files left out (``table_problem``). Never raises."""
    tables: dict[str, str] = {}
    missing, unreadable = [], []
    for folder in folders:
        try:
            if not Path(folder).is_dir():
                missing.append(folder)
                continue
            files = _table_files(folder)
        except OSError:
            missing.append(folder)
            continue
        for name, path in sorted(files.items()):
            if table_problem(path):
                unreadable.append(path)
            else:
                tables[name] = path
    return TablesFound(tuple(folders), len(tables), max(map(len, tables), default=0), tuple(missing),
                       tuple(unreadable))


def tablebase_move(state: object, rng: random.Random) -> KnownMove | None:
    """The tables' best move for ``state`` (a ``ChessState``) as a ``KnownMove`` with
    source "tablebase" and its proven result; ``None`` when no table covers it."""
    board = getattr(state, "board", None)
    if not isinstance(board, chess.Board) or chess.popcount(board.occupied) > MAXIMUM_PIECES:
        return None
    answer = shipped_tables().best_move(board)
    if answer is None:
        return None
    move, plies = answer
    return KnownMove(move, "tablebase", plies)


CHESS_TABLES = ExternalTables(
    name="Endgame tables",
    unit="pieces",
    purpose="Gaviota endgame tables know the exact result of every position with few pieces: the computer "
            "plays such endings perfectly, and its search stops where an exchange leads into one.",
    file_example="kqk" + TABLE_SUFFIX,
    option_name="GaviotaTbPath",
    default_folders=default_folders,
    current_folders=current_folders,
    survey=survey,
    use=use_folders,
)
"""Chess's endgame tables as the registry declares them (``GameEntry.external_tables``)."""
