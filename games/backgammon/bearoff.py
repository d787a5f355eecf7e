"""The one-sided bear-off database: exact roll counts for every bear-off of one side.

Every way to have up to 15 checkers on one's six home points (the rest borne off),
C(21, 6) = 54,264 positions, with the distribution of the number of rolls needed to
bear everything off (each roll played to need the fewest rolls on average), and for
positions with all 15 on the board the rolls needed to bear off the first one. It is
solved by retrograde analysis (``bearoff_build``; see there) and shipped in
``data/bearoff.bin``, written by ``training/build_bearoff.py``:

    GTLBEAROFF1\\n then zlib-compressed, little-endian:
    uint32 positions, uint32 full positions (all 15 on the board);
    per position in ``bearoff_build.all_positions()`` order: float32 mean rolls;
      uint8 first roll count, uint8 length; then the probabilities as uint16 (x 65535);
    the same (mean, first, length, probabilities) for the full positions in that order,
      for the rolls to bear off the first checker.

About 0.6 MB on disk; read at first use in a fraction of a second.

**Two sides bearing off** (both sides' checkers all home, the race's end): the side on
roll wins if it needs no more rolls than the other, ``sum_k P(on roll needs k) P(other
needs >= k)``, and wins a gammon if the other cannot bear off a first checker in time
(``race_probabilities``). This is how GNU Backgammon uses its one-sided database. Each
side's distribution is exact for playing to need the fewest rolls on average, which is
not always the same as playing to win against this opponent, so the chances are
near-exact: the engine calls them the bear-off database's.
"""
from __future__ import annotations

import struct
import sys
import threading
import zlib
from array import array
from itertools import accumulate
from pathlib import Path

from games.backgammon.bearoff_build import CHECKERS, Home, Solver, all_positions
from games.backgammon.data_files import data_path

MAGIC = b"GTLBEAROFF1\n"
MAX_ROLLS = 32
"""Distributions cover 0..31 rolls (15 checkers on the six-point need at most 30)."""
SCALE = 65535
DATA_FILE = data_path("bearoff.bin")


class BearoffError(ValueError):
    """A database file that cannot be used; the message says why."""


class _Table:
    """Packed distributions: per entry a mean, a first roll count and probabilities."""

    def __init__(self, means: array, starts: array, lengths: array, values: array) -> None:
        self.means, self.starts, self.lengths, self.values = means, starts, lengths, values
        self.offsets = array("I", accumulate(lengths, initial=0))

    def distribution(self, at: int) -> list[float]:
        result = [0.0] * MAX_ROLLS
        start, begin = self.starts[at], self.offsets[at]
        for offset, value in enumerate(self.values[begin:begin + self.lengths[at]]):
            result[start + offset] = value / SCALE
        return result


class BearoffDatabase:
    """Look-ups in the database (``database()`` gives the shipped one). Positions are
    ``Home`` tuples: the checkers on points 1..6 of the side bearing off."""

    def __init__(self, positions: list[Home], rolls: _Table, first_off: _Table) -> None:
        self.positions = positions
        self.index = {home: at for at, home in enumerate(positions)}
        self._rolls = rolls
        self._first_off = first_off
        full = [at for at, home in enumerate(positions) if sum(home) == CHECKERS]
        self._full_index = {at: number for number, at in enumerate(full)}

    def __contains__(self, home: Home) -> bool:
        return home in self.index

    def expected_rolls(self, home: Home) -> float:
        """The mean number of rolls needed to bear everything off (``KeyError`` for a
        position not in the database)."""
        return self._rolls.means[self.index[home]]

    def rolls_distribution(self, home: Home) -> list[float]:
        """``P(rolls needed == k)`` for k = 0..MAX_ROLLS - 1."""
        return self._rolls.distribution(self.index[home])

    def first_off_distribution(self, home: Home) -> list[float]:
        """``P(rolls needed to bear off a first checker == k)``; certainly 0 when a
        checker is already off."""
        if sum(home) < CHECKERS:
            return [1.0] + [0.0] * (MAX_ROLLS - 1)
        return self._first_off.distribution(self._full_index[self.index[home]])

    # -- the file ----------------------------------------------------------------------------
    @classmethod
    def from_solver(cls, solver: Solver) -> BearoffDatabase:
        """The database of a solved ``Solver`` (rounded as the file keeps it)."""
        full = [at for at, home in enumerate(solver.positions) if sum(home) == CHECKERS]
        rolls = _pack(solver.expected, solver.distributions)
        first = _pack([solver.first_off_expected.get(at, 0.0) for at in full],
                      [solver.first_off.get(at, (0, [1.0])) for at in full])
        return cls(solver.positions, rolls, first)

    def save(self, path: Path) -> None:
        """Write the database in the file format above."""
        full_count = len(self._full_index)
        parts = [struct.pack("<II", len(self.positions), full_count)]
        for table in (self._rolls, self._first_off):
            for packed in (table.means, table.starts, table.lengths, table.values):
                copy = array(packed.typecode, packed)
                if sys.byteorder == "big":
                    copy.byteswap()
                parts.append(copy.tobytes())
        Path(path).write_bytes(MAGIC + zlib.compress(b"".join(parts), 9))

    @classmethod
    def load(cls, path: Path = DATA_FILE) -> BearoffDatabase:
        """Read a database file; ``BearoffError`` saying why when it cannot be used."""
        try:
            data = Path(path).read_bytes()
        except OSError as error:
            raise BearoffError(f"{path}: cannot be read ({error.strerror or error})") from None
        if not data.startswith(MAGIC):
            raise BearoffError(f"{path}: not a bear-off database (it should start with GTLBEAROFF1)")
        try:
            body = zlib.decompress(data[len(MAGIC):])
        except zlib.error as error:
            raise BearoffError(f"{path}: damaged ({error})") from None
        positions = all_positions()
        count, full_count = struct.unpack_from("<II", body)
        if count != len(positions):
            raise BearoffError(f"{path}: holds {count} positions, expected {len(positions)}")
        at = 8
        tables = []
        for entries in (count, full_count):
            arrays = []
            for typecode in ("f", "B", "B"):
                values = array(typecode)
                size = values.itemsize * entries
                values.frombytes(body[at:at + size])
                at += size
                arrays.append(values)
            values = array("H")
            size = values.itemsize * sum(arrays[2])
            values.frombytes(body[at:at + size])
            at += size
            arrays.append(values)
            if sys.byteorder == "big":
                for values in arrays:
                    values.byteswap()
            if len(arrays[0]) != entries or len(values) * values.itemsize != size:
                raise BearoffError(f"{path}: cut short")
            tables.append(_Table(*arrays))
        if at != len(body):
            raise BearoffError(f"{path}: {len(body) - at} bytes left over")
        return cls(positions, tables[0], tables[1])


def _pack(means: list[float], distributions) -> _Table:
    """Distributions rounded to 1/65535, without zero ends."""
    packed_means, starts, lengths, values = array("f", means), array("B"), array("B"), array("H")
    for first, probabilities in distributions:
        rounded = [round(value * SCALE) for value in probabilities]
        while len(rounded) > 1 and rounded[-1] == 0:
            rounded.pop()
        lead = 0
        while lead < len(rounded) - 1 and rounded[lead] == 0:
            lead += 1
        starts.append(first + lead)
        lengths.append(len(rounded) - lead)
        values.extend(rounded[lead:])
    return _Table(packed_means, starts, lengths, values)


_DATABASE: BearoffDatabase | None = None
_LOCK = threading.Lock()


def database() -> BearoffDatabase:
    """The shipped database, read at first use and kept (thread-safe); ``BearoffError``
    when the file is missing or damaged."""
    global _DATABASE
    with _LOCK:
        if _DATABASE is None:
            _DATABASE = BearoffDatabase.load()
        return _DATABASE


def home_of(board: tuple[int, ...]) -> Home | None:
    """A side's checkers on its points 1..6 as a database position, or ``None`` when one
    is still outside its home board (``board`` in its own numbering: 0 off, 1-24, 25 bar)."""
    if any(board[7:26]):
        return None
    return tuple(board[1:7])


def race_probabilities(on_roll: Home, other: Home, base: BearoffDatabase | None = None
                       ) -> tuple[float, float, float, float, float]:
    """Cubeless ``(win, win_gammon, win_backgammon, lose_gammon, lose_backgammon)`` of
    the side on roll (its dice not rolled) when both sides' checkers are all home: the
    side on roll wins when it needs no more rolls than the other (it rolls first), a
    gammon when the other has none off and cannot bear one off before. No backgammon
    is possible (no checker stands in the winner's home board). Neither side may have
    finished already."""
    base = base or database()
    mine, theirs = base.rolls_distribution(on_roll), base.rolls_distribution(other)
    theirs_at_least = _at_least(theirs)
    win = sum(mine[k] * theirs_at_least[k] for k in range(1, MAX_ROLLS))
    win_gammon = lose_gammon = 0.0
    if sum(other) == CHECKERS:
        first = _at_least(base.first_off_distribution(other))
        win_gammon = sum(mine[k] * first[k] for k in range(1, MAX_ROLLS))
    if sum(on_roll) == CHECKERS:
        # The other side finishes on its k-th roll, after our k-th: we must have borne
        # none off in k rolls.
        first = _at_least(base.first_off_distribution(on_roll))
        lose_gammon = sum(theirs[k] * first[k + 1] for k in range(1, MAX_ROLLS - 1))
    win = min(max(win, 0.0), 1.0)
    return win, min(win_gammon, win), 0.0, min(lose_gammon, 1.0 - win), 0.0


def _at_least(distribution: list[float]) -> list[float]:
    """``P(X >= k)`` for each k (one longer than ``distribution``)."""
    tail, total = [0.0] * (len(distribution) + 1), 0.0
    for k in range(len(distribution) - 1, -1, -1):
        total += distribution[k]
        tail[k] = total
    return tail
