"""Build ``books/opening_book.bin``, a pruned Polyglot opening book, from GNU Chess's book.

Source: the ``gnuchess-book`` package of Debian/Ubuntu (``apt-get install -y
gnuchess-book`` puts it at ``/usr/share/games/gnuchess/book.bin``, about 2.9 MB, 180,358
entries). It was compiled by Stuart Cracraft and Simon Waters from free game
collections and is in the public domain (see the package's ``copyright`` file).

Pruning: walk the book from the starting position, breadth first, following only the
book moves that are legal, have at least ``--minimum-weight`` and at least
``--minimum-share`` of the summed weights of the legal book moves of their position;
positions first reached after ``--plies`` half-moves are not expanded. Only the kept
moves of the positions visited are written, so every entry of the result belongs to a
position reachable from the start through the book, and every move in it is legal there.
Each position is expanded once however many move orders reach it (transpositions).

The output is in Polyglot format (16-byte big-endian entries: key, move, weight, learn)
sorted by key, then by weight from the highest, as ``chess.polyglot`` expects; the
weights are GNU Chess's, the learn field is 0. The script then re-reads the result with
``chess.polyglot.open_reader`` and checks it (sorted, every entry's position reachable
and its move legal, answers in the start position and in common openings).

Run from the repository root:

    .venv/bin/python books/build_book.py [--source /usr/share/games/gnuchess/book.bin]
        [--output books/opening_book.bin] [--plies 16] [--minimum-weight 2] [--minimum-share 0.03]

Exits with status 1, saying why, if the source is missing or a check fails.
"""
from __future__ import annotations

import argparse
import struct
import sys
from pathlib import Path

import chess
import chess.polyglot

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SOURCE = Path("/usr/share/games/gnuchess/book.bin")
DEFAULT_OUTPUT = ROOT / "books" / "opening_book.bin"
ENTRY = struct.Struct(">QHHI")
"""One Polyglot entry: position key, move, weight, learn (big-endian)."""

COMMON_OPENINGS = {
    "start position": "",
    "King's pawn": "e4",
    "Queen's pawn": "d4",
    "Open game": "e4 e5",
    "Sicilian Defence": "e4 c5",
    "French Defence": "e4 e6",
    "Caro-Kann Defence": "e4 c6",
    "Ruy Lopez": "e4 e5 Nf3 Nc6 Bb5",
    "Italian Game": "e4 e5 Nf3 Nc6 Bc4",
    "Queen's Gambit": "d4 d5 c4",
    "King's Indian Defence": "d4 Nf6 c4 g6",
    "English Opening": "c4",
}
"""Positions (SAN moves from the start) where the shipped book must have a move."""


class BuildError(Exception):
    """The source is missing or the result fails a check; the message says which."""


Kept = dict[int, list[tuple[int, int]]]
"""Position key -> its kept ``(raw move, weight)`` pairs."""


def prune(source: Path, plies: int, minimum_weight: int, minimum_share: float) -> tuple[Kept, dict[int, chess.Board]]:
    """The kept entries by position key and the board of every position visited (the
    boards of the positions with kept entries and their children), walking ``source``
    as the module docstring describes."""
    if not source.is_file():
        raise BuildError(f"{source} is missing: install it with "
                         "'apt-get install -y gnuchess-book' or pass --source")
    kept: Kept = {}
    start = chess.Board()
    visited = {chess.polyglot.zobrist_hash(start): start}
    frontier = [start]
    with chess.polyglot.open_reader(source) as reader:
        for _ in range(plies):
            next_frontier = []
            for board in frontier:
                key = chess.polyglot.zobrist_hash(board)
                legal = list(reader.find_all(board, minimum_weight=0))  # find_all skips illegal moves
                total = sum(entry.weight for entry in legal)
                chosen = [entry for entry in legal
                          if entry.weight >= minimum_weight and entry.weight >= minimum_share * total]
                if not chosen:
                    continue
                kept[key] = [(entry.raw_move, entry.weight) for entry in chosen]
                for entry in chosen:
                    child = board.copy(stack=False)
                    child.push(entry.move)
                    child_key = chess.polyglot.zobrist_hash(child)
                    if child_key not in visited:
                        visited[child_key] = child
                        next_frontier.append(child)
            frontier = next_frontier
    return kept, visited


def write_book(kept: Kept, output: Path) -> int:
    """Write ``kept`` as a Polyglot book sorted by key, then weight (highest first), then
    move, atomically; returns the number of entries."""
    rows = sorted((key, -weight, raw_move) for key, pairs in kept.items() for raw_move, weight in pairs)
    data = b"".join(ENTRY.pack(key, raw_move, -negative_weight, 0) for key, negative_weight, raw_move in rows)
    temporary = output.with_name(output.name + ".tmp")
    temporary.write_bytes(data)
    temporary.replace(output)
    return len(rows)


def check_book(output: Path, kept: Kept, visited: dict[int, chess.Board]) -> None:
    """Re-read ``output`` with ``chess.polyglot`` and check it; ``BuildError`` saying what is wrong."""
    data = output.read_bytes()
    keys = [key for key, _, _, _ in ENTRY.iter_unpack(data)]
    if keys != sorted(keys):
        raise BuildError(f"{output}: the entries are not sorted by key")
    if set(keys) != set(kept):
        raise BuildError(f"{output}: the keys written differ from the positions kept")
    with chess.polyglot.open_reader(output) as reader:
        if len(reader) != sum(len(pairs) for pairs in kept.values()):
            raise BuildError(f"{output}: the entry count differs from the entries kept")
        for key in kept:
            board = visited[key]
            every_entry = list(reader.find_all(key, minimum_weight=0))  # no board: nothing filtered
            legal_entries = list(reader.find_all(board, minimum_weight=0))
            if len(every_entry) != len(legal_entries):
                raise BuildError(f"{output}: a book move in {board.fen()} is not legal")
        for opening, moves_text in COMMON_OPENINGS.items():
            board = chess.Board()
            for san in moves_text.split():
                board.push_san(san)
            if reader.get(board) is None:
                raise BuildError(f"{output}: no book move in the {opening} ({moves_text or 'no moves'})")


def main(arguments: list[str] | None = None) -> int:
    """Command-line entry point; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE, help="Polyglot book to prune (default: %(default)s)")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help="book to write (default: %(default)s)")
    parser.add_argument("--plies", type=int, default=16, help="expand positions up to this many half-moves deep (default: %(default)s)")
    parser.add_argument("--minimum-weight", type=int, default=2, help="drop moves of smaller weight (default: %(default)s)")
    parser.add_argument("--minimum-share", type=float, default=0.03,
                        help="drop moves with less than this share of their position's total weight (default: %(default)s)")
    options = parser.parse_args(arguments)
    try:
        kept, visited = prune(options.source, options.plies, options.minimum_weight, options.minimum_share)
        count = write_book(kept, options.output)
        check_book(options.output, kept, visited)
    except BuildError as problem:
        print(f"build_book: {problem}", file=sys.stderr)
        return 1
    size = options.output.stat().st_size
    print(f"wrote {count} entries for {len(kept)} positions to {options.output} ({size / 1024:.0f} KiB); checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
