"""Names of chess openings (ECO code and name) by position, from ``books/openings.tsv``.

The data file is built by ``books/build_openings.py`` from lichess's chess-openings list
(lichess-org/chess-openings, CC0 1.0). It is keyed by the position reached, not the
moves, so a game that gets there by another move order finds the name too.

``opening_name(board)`` names one position; ``named_opening_along(positions)`` gives
the deepest named position of a game, as lichess shows it: the name stays while the game
goes on beyond the named lines. Both accept a ``chess.Board`` or anything with a
``board`` attribute holding one (such as ``games.chess.rules.ChessState``).

The file is read once, on first use, from ``books/`` under the repository root, or
under ``sys._MEIPASS`` in an executable frozen by PyInstaller (the same place as
``ui.resources.project_root``, which games/ may not import). A missing or damaged file
never raises: every name is then ``None`` and ``OpeningNames.problem`` says why.
"""
from __future__ import annotations

import sys
import threading
from collections.abc import Iterable
from pathlib import Path

import chess

DATA_FILE = "openings.tsv"
HEADER = "epd\teco\tname"
"""The first line of the data file that is not a ``#`` comment."""

Opening = tuple[str, str]
"""``(ECO code, name)``, e.g. ``("C60", "Ruy Lopez")``."""


def books_folder() -> Path:
    """The ``books/`` folder: under ``sys._MEIPASS`` when frozen by PyInstaller, else
    under the repository root (not checked for existence)."""
    bundle = getattr(sys, "_MEIPASS", None)
    root = Path(bundle) if bundle else Path(__file__).resolve().parents[2]
    return root / "books"


def board_of(board_or_state: object) -> chess.Board | None:
    """The ``chess.Board`` given, or held in its ``board`` attribute; ``None`` for anything else."""
    if isinstance(board_or_state, chess.Board):
        return board_or_state
    board = getattr(board_or_state, "board", None)
    return board if isinstance(board, chess.Board) else None


class OpeningNames:
    """The opening names of one data file (``path``, default ``books/openings.tsv``),
    read on first use. Safe to use from several threads."""

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path is not None else books_folder() / DATA_FILE
        self._names: dict[str, Opening] | None = None
        self._problem = ""
        self._lock = threading.Lock()

    @property
    def problem(self) -> str:
        """Why no names are available, in words ("" when the file was read)."""
        self._load()
        return self._problem

    def __len__(self) -> int:
        """How many positions have a name (0 when the file is missing or damaged)."""
        return len(self._load())

    def name(self, board_or_state: object) -> Opening | None:
        """``(ECO, name)`` of the position, or ``None`` if it has no name (the starting
        position has none), the argument holds no board, or the file is unusable."""
        board = board_of(board_or_state)
        if board is None:
            return None
        names = self._load()
        if not names:
            return None
        try:
            key = board.epd()
        except (ValueError, AssertionError, IndexError):  # a board python-chess cannot write
            return None
        return names.get(key)

    def deepest_along(self, positions: Iterable[object]) -> Opening | None:
        """The name of the last named position of ``positions`` (a game's positions, first
        to last), so the name stays while the game leaves the named lines; ``None`` if
        none is named."""
        found = None
        for position in positions:
            opening = self.name(position)
            if opening is not None:
                found = opening
        return found

    # -- reading the file ------------------------------------------------------------------
    def _load(self) -> dict[str, Opening]:
        names = self._names
        if names is None:
            with self._lock:
                if self._names is None:
                    self._names, self._problem = self._read()
                names = self._names
        return names

    def _read(self) -> tuple[dict[str, Opening], str]:
        """The names by EPD and "" or, for an unusable file, ``{}`` and why."""
        try:
            text = self.path.read_bytes().decode("utf-8")
        except FileNotFoundError:
            return {}, f"there is no opening names file at {self.path}"
        except OSError as error:
            return {}, f"the opening names file {self.path} cannot be read: {error.strerror or error}"
        except UnicodeDecodeError:
            return {}, f"the opening names file {self.path} is damaged: it is not UTF-8 text"
        lines = (line for line in text.splitlines() if line and not line.startswith("#"))
        if next(lines, None) != HEADER:
            return {}, f"the opening names file {self.path} is damaged: its header line is missing"
        names: dict[str, Opening] = {}
        damaged = 0
        for line in lines:
            fields = line.split("\t")
            if len(fields) != 3 or not all(fields):
                damaged += 1
                continue
            epd, eco, name = fields
            names.setdefault(epd, (eco, name))
        if not names:
            return {}, f"the opening names file {self.path} names no position"
        if damaged:
            return names, f"the opening names file {self.path} has {damaged} damaged lines (skipped)"
        return names, ""


_SHIPPED = OpeningNames()


def opening_name(board_or_state: object) -> Opening | None:
    """``(ECO, name)`` of a position (a ``chess.Board`` or a state with a ``board``) from
    the shipped data file; ``None`` when it has no name (as the starting position) or the
    file is missing or damaged. Never raises."""
    return _SHIPPED.name(board_or_state)


def named_opening_along(positions: Iterable[object]) -> Opening | None:
    """``(ECO, name)`` of the deepest named position of a game's positions (first to
    last), lichess style: it stays while the game goes on beyond the named lines. ``None``
    when no position is named or the file is unusable. Never raises."""
    return _SHIPPED.deepest_along(positions)


def shipped_names() -> OpeningNames:
    """The ``OpeningNames`` of the shipped data file (to ask for its ``problem``)."""
    return _SHIPPED
