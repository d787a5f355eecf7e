"""Build ``books/openings.tsv``, chess opening names keyed by position, from lichess's
chess-openings list.

Source: lichess-org/chess-openings (https://github.com/lichess-org/chess-openings),
files ``a.tsv`` .. ``e.tsv`` with the columns ``eco``, ``name``, ``pgn`` (moves in SAN),
released under CC0 1.0 (public domain dedication). The project keeps a copy in
``../shared/data/openings/``.

Output: a UTF-8 text file of comment lines (``#``, naming the source and licence), a
header line ``epd<TAB>eco<TAB>name`` and one line per named position. The key is the
position the moves reach, written as python-chess's ``Board.epd()`` (pieces, side to
move, castling rights, en passant square only when a capture there is legal; no move
counters), so a game that reaches the position by another move order finds the name.
When two lines of the list reach the same position, the first (in file order) wins.

Run from the repository root:

    .venv/bin/python books/build_openings.py [--source ../shared/data/openings] [--output books/openings.tsv]

It prints how many positions it wrote and exits with status 1 (saying why) if a source
file is missing or a line cannot be replayed.
"""
from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path

import chess

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SOURCE = ROOT.parent / "shared" / "data" / "openings"
DEFAULT_OUTPUT = ROOT / "books" / "openings.tsv"
SOURCE_FILES = ("a.tsv", "b.tsv", "c.tsv", "d.tsv", "e.tsv")
HEADER = ("epd", "eco", "name")
COMMENT = (
    "# Chess opening names by position, built by books/build_openings.py.\n"
    "# Source: lichess-org/chess-openings (https://github.com/lichess-org/chess-openings),\n"
    "# a.tsv..e.tsv, CC0 1.0 Universal (public domain dedication).\n"
    "# Columns: position as python-chess Board.epd() (no move counters), ECO code, name.\n"
)


class BuildError(Exception):
    """A source file is missing or holds a line that cannot be replayed; the message says which."""


def position_key(board: chess.Board) -> str:
    """The key of ``board`` in the data file: ``board.epd()`` (the same call the reader makes)."""
    return board.epd()


def replay(moves_text: str) -> chess.Board:
    """The board after the SAN moves of ``moves_text`` (move numbers such as ``1.`` ignored);
    ``ValueError`` if a move is not legal."""
    board = chess.Board()
    for token in moves_text.split():
        if token.endswith(".") and token.rstrip(".").isdigit():
            continue
        board.push_san(token)
    return board


def read_openings(source: Path) -> list[tuple[str, str, str]]:
    """``(epd, eco, name)`` for every line of the source files, in file order, first of
    each position only; ``BuildError`` for a missing file or a bad line."""
    found: dict[str, tuple[str, str]] = {}
    for file_name in SOURCE_FILES:
        path = source / file_name
        if not path.is_file():
            raise BuildError(f"{path} is missing: it is a.tsv..e.tsv of lichess-org/chess-openings")
        with path.open(encoding="utf-8", newline="") as stream:
            rows = csv.reader(stream, delimiter="\t")
            header = next(rows, None)
            if header != ["eco", "name", "pgn"]:
                raise BuildError(f"{path}: the first line should be eco, name, pgn; it is {header!r}")
            for line_number, row in enumerate(rows, start=2):
                if not row:
                    continue
                if len(row) != 3:
                    raise BuildError(f"{path}:{line_number}: expected 3 columns, found {len(row)}")
                eco, name, moves_text = (field.strip() for field in row)
                try:
                    board = replay(moves_text)
                except ValueError as problem:
                    raise BuildError(f"{path}:{line_number}: {moves_text!r} cannot be played: {problem}") from None
                if "\t" in name or "\n" in name:
                    raise BuildError(f"{path}:{line_number}: the name holds a tab or line break")
                found.setdefault(position_key(board), (eco, name))
    return [(epd, eco, name) for epd, (eco, name) in found.items()]


def write_openings(openings: list[tuple[str, str, str]], output: Path) -> None:
    """Write the data file (comment, header, one line per position) atomically."""
    lines = [COMMENT, "\t".join(HEADER) + "\n"]
    lines.extend(f"{epd}\t{eco}\t{name}\n" for epd, eco, name in openings)
    temporary = output.with_name(output.name + ".tmp")
    temporary.write_text("".join(lines), encoding="utf-8", newline="\n")
    temporary.replace(output)


def main(arguments: list[str] | None = None) -> int:
    """Command-line entry point; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE,
                        help="folder holding a.tsv..e.tsv (default: %(default)s)")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help="data file to write (default: %(default)s)")
    options = parser.parse_args(arguments)
    try:
        openings = read_openings(options.source)
    except BuildError as problem:
        print(f"build_openings: {problem}", file=sys.stderr)
        return 1
    write_openings(openings, options.output)
    size = options.output.stat().st_size
    print(f"wrote {len(openings)} named positions to {options.output} ({size / 1024:.0f} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
