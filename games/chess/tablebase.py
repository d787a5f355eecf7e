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
"""
from __future__ import annotations

import os
import random
import threading
from pathlib import Path

import chess
import chess.gaviota

from games.base import KnownMove

FOLDER_VARIABLE = "GAMETREELAB_GAVIOTA"
DEFAULT_FOLDERS = ("/usr/share/gaviotatb/gtb4",)
"""Where Debian's package puts tables python-chess can read (the ``.cp4`` compression)."""
REMEMBERED_LIMIT = 100_000
"""Probes remembered by ``EndgameTables.remembered_distance`` (emptied when full)."""
_UNKNOWN = object()
MAXIMUM_PIECES = 5
"""Gaviota tables exist for at most this many pieces (kings included)."""


class EndgameTables:
    """The Gaviota tables in ``folders`` (default: ``GAMETREELAB_GAVIOTA``, else Debian's
    folder), opened on first use; safe to use from several threads."""

    def __init__(self, folders: list[str] | None = None) -> None:
        if folders is None:
            named = os.environ.get(FOLDER_VARIABLE, "")
            folders = [folder for folder in named.split(os.pathsep) if folder] or list(DEFAULT_FOLDERS)
        self.folders = [folder for folder in folders if Path(folder).is_dir()]
        self._tablebase: chess.gaviota.PythonTablebase | None = None
        self._opened = False
        self._lock = threading.Lock()
        self.problem = ""
        """Why no tables are used, in words ("" when they are, or none were asked for)."""
        self._remembered: dict[int, int | None] = {}

    def _open(self) -> chess.gaviota.PythonTablebase | None:
        with self._lock:
            if not self._opened:
                self._opened = True
                try:
                    if self.folders:
                        tablebase = chess.gaviota.open_tablebase(self.folders[0])
                        for folder in self.folders[1:]:
                            tablebase.add_directory(folder)
                        self._tablebase = tablebase
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
        except (chess.gaviota.MissingTableError, KeyError, ValueError, OSError, IndexError):
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
    """The tables found by default (one shared instance)."""
    global _shipped
    with _shipped_lock:
        if _shipped is None:
            _shipped = EndgameTables()
        return _shipped


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
