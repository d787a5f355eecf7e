"""A Polyglot opening book: the moves strong players chose in a position, with weights.

``OpeningBook()`` opens the shipped book, ``books/opening_book.bin`` (GNU Chess's public
domain book, pruned to the first 16 half-moves by ``books/build_book.py``), found like
``games.chess.openings`` finds its file; ``OpeningBook(path)`` opens another. The file
is read into memory on first use and checked: its size must be a whole number of
16-byte entries and the entries sorted by key. A missing, unreadable or damaged book
never raises: the book is then empty (``available`` is False), ``problem`` says why in
words, ``moves`` returns ``[]`` and ``choose`` ``None``.

Only legal moves are returned, so a book built for another variant or a damaged entry
cannot make the engine play an illegal move. Polyglot writes castling as the king
taking its own rook (``e1h1``); it comes back as the usual king move (``e1g1``).
"""
from __future__ import annotations

import random
import struct
import threading
from pathlib import Path

import chess
import chess.polyglot

from games.base import KnownMove
from games.chess.openings import board_of, books_folder

BOOK_FILE = "opening_book.bin"
ENTRY = struct.Struct(">QHHI")
"""One Polyglot entry: position key, move, weight, learn (big-endian, 16 bytes)."""

_CASTLING_IN_BOOK = {
    (chess.E1, chess.H1): chess.G1, (chess.E1, chess.A1): chess.C1,
    (chess.E8, chess.H8): chess.G8, (chess.E8, chess.A8): chess.C8,
}
"""Polyglot's castling (king to its rook's square) -> the king's real destination."""


class OpeningBook:
    """A Polyglot book file (``path``, default the shipped one), read on first use.
    Safe to use from several threads."""

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path is not None else books_folder() / BOOK_FILE
        self._data: bytes | None = None
        self._problem = ""
        self._lock = threading.Lock()

    @property
    def available(self) -> bool:
        """Whether the book was read and holds at least one entry."""
        return bool(self._load())

    @property
    def problem(self) -> str:
        """Why there is no book, in words ("" when it was read)."""
        self._load()
        return self._problem

    def __len__(self) -> int:
        """The number of entries (0 without a book)."""
        return len(self._load()) // ENTRY.size

    def moves(self, board_or_state: object, minimum_weight: int = 1) -> list[tuple[chess.Move, int]]:
        """The legal book moves of the position (a ``chess.Board`` or a state with a
        ``board``) with weight at least ``minimum_weight``, as ``(move, weight)``,
        highest weight first (equal weights in book order); ``[]`` when the position is
        not in the book or there is no book."""
        board = board_of(board_or_state)
        data = self._load()
        if board is None or not data:
            return []
        key = chess.polyglot.zobrist_hash(board)
        found: dict[chess.Move, int] = {}
        for raw_move, weight in _entries_of(data, key):
            if weight < minimum_weight:
                continue
            move = _decoded(board, raw_move)
            if move is not None and move not in found and board.is_legal(move):
                found[move] = weight
        return sorted(found.items(), key=lambda pair: -pair[1])

    def choose(self, board_or_state: object, rng: random.Random, minimum_weight: int = 1) -> chess.Move | None:
        """A legal book move drawn at random with probability proportional to its weight
        (so games vary, and popular moves come more often); ``None`` when the position
        has no book move of at least ``minimum_weight`` or there is no book."""
        choices = self.moves(board_or_state, max(minimum_weight, 1))
        if not choices:
            return None
        point = rng.randrange(sum(weight for _, weight in choices))
        for move, weight in choices:
            point -= weight
            if point < 0:
                return move
        return choices[-1][0]  # not reached

    # -- reading the file ------------------------------------------------------------------
    def _load(self) -> bytes:
        data = self._data
        if data is None:
            with self._lock:
                if self._data is None:
                    self._data, self._problem = self._read()
                data = self._data
        return data

    def _read(self) -> tuple[bytes, str]:
        """The file's bytes and "" or, for an unusable file, ``b""`` and why."""
        try:
            data = self.path.read_bytes()
        except FileNotFoundError:
            return b"", f"there is no opening book at {self.path}"
        except OSError as error:
            return b"", f"the opening book {self.path} cannot be read: {error.strerror or error}"
        if not data:
            return b"", f"the opening book {self.path} is empty"
        if len(data) % ENTRY.size:
            return b"", (f"the opening book {self.path} is damaged or not a Polyglot book: its size "
                         f"({len(data)} bytes) is not a whole number of {ENTRY.size}-byte entries")
        previous = 0
        for key, _, _, _ in ENTRY.iter_unpack(data):
            if key < previous:
                return b"", (f"the opening book {self.path} is damaged or not a Polyglot book: "
                             "its entries are not sorted by position")
            previous = key
        return data, ""


def _entries_of(data: bytes, key: int) -> list[tuple[int, int]]:
    """``(raw move, weight)`` of every entry of ``key`` in the sorted book ``data``."""
    low, high = 0, len(data) // ENTRY.size
    while low < high:  # the first entry whose key is not below ``key``
        middle = (low + high) // 2
        if ENTRY.unpack_from(data, middle * ENTRY.size)[0] < key:
            low = middle + 1
        else:
            high = middle
    found = []
    for index in range(low, len(data) // ENTRY.size):
        entry_key, raw_move, weight, _ = ENTRY.unpack_from(data, index * ENTRY.size)
        if entry_key != key:
            break
        found.append((raw_move, weight))
    return found


def _decoded(board: chess.Board, raw_move: int) -> chess.Move | None:
    """The move a Polyglot entry encodes, in python-chess's form for ``board``; ``None``
    for an encoding that is no chess move (a drop)."""
    to_square = raw_move & 0x3F
    from_square = (raw_move >> 6) & 0x3F
    promotion_code = (raw_move >> 12) & 0x7
    if from_square == to_square:
        return None
    promotion = promotion_code + 1 if promotion_code else None
    if promotion is None and not board.chess960 and board.kings & chess.BB_SQUARES[from_square]:
        to_square = _CASTLING_IN_BOOK.get((from_square, to_square), to_square)
    return chess.Move(from_square, to_square, promotion)


_SHIPPED: OpeningBook | None = None
_SHIPPED_LOCK = threading.Lock()


def shipped_book() -> OpeningBook:
    """The one ``OpeningBook`` of the shipped file, shared by every caller (read once)."""
    global _SHIPPED
    with _SHIPPED_LOCK:
        if _SHIPPED is None:
            _SHIPPED = OpeningBook()
        return _SHIPPED


def book_move(state: object, rng: random.Random) -> KnownMove | None:
    """A weighted random move of the shipped book for ``state`` (a ``ChessState``), as a
    ``KnownMove`` with source "book"; ``None`` out of the book or without a book."""
    move = shipped_book().choose(state, rng)
    return KnownMove(move, "book") if move is not None else None
