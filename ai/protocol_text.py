"""The engine protocol's text, in and out (``ai.protocol``): whole numbers read and
clamped, input words quoted and cut for error messages, output lines made printable, the
``go`` command's words read, and a search's ``info`` line.

Nothing here reads a stream or keeps a session; bad input raises ``ProtocolError``
(whose message the protocol prints after ``error: <command>:``) and never anything else.
"""
from __future__ import annotations

import re

from ai.engine import MAX_DEPTH
from ai.types import SearchInfo

MAX_MILLISECONDS = 2**31 - 1
"""Largest time (``movetime``, clocks, increments) taken from ``go``, about 24.8 days;
larger ones are clamped to it."""
MAX_NODES = 2**63 - 1
"""Largest ``go nodes``; larger ones are clamped to it."""
MAX_MATE = (MAX_DEPTH + 1) // 2
"""Largest ``go mate`` (a mate in N moves is searched to ``2N - 1`` plies <= MAX_DEPTH)."""
MAX_ECHO = 40
"""Characters of a word of the input repeated in an error message."""
MAX_MESSAGE = 300
"""Characters of an error or ``ignored`` message; the rest is cut off."""

_GO_NUMBERS: dict[str, tuple[int, int]] = {
    "depth": (1, MAX_DEPTH),
    "movetime": (1, MAX_MILLISECONDS),
    "wtime": (0, MAX_MILLISECONDS),
    "btime": (0, MAX_MILLISECONDS),
    "winc": (0, MAX_MILLISECONDS),
    "binc": (0, MAX_MILLISECONDS),
    "movestogo": (0, MAX_MILLISECONDS),
    "nodes": (1, MAX_NODES),
    "mate": (1, MAX_MATE),
    "perft": (1, MAX_DEPTH),
}
"""The ``go`` words followed by a whole number: its least allowed value and its clamp."""
_GO_FLAGS = ("infinite", "ponder", "searchmoves")
_WHOLE_NUMBER = re.compile(r"-?[0-9]+")


class ProtocolError(ValueError):
    """A command that cannot be carried out; its message is printed after
    ``error: <command>:``."""


def whole_number(text: str, maximum: int) -> int | None:
    """``text`` read as a whole number (ASCII digits, optionally after ``-``), its size
    clamped to ``maximum`` (so the result lies in ``-maximum .. maximum``); ``None`` if
    ``text`` is not a whole number. Never converts more than a few digits, so no
    length of input is too long."""
    if not _WHOLE_NUMBER.fullmatch(text):
        return None
    negative = text.startswith("-")
    digits = text.lstrip("-").lstrip("0") or "0"
    magnitude = maximum if len(digits) > len(str(maximum)) else min(int(digits), maximum)
    return -magnitude if negative else magnitude


def quote(text: str) -> str:
    """``text`` quoted for an error message (non-printable characters escaped), cut to
    ``MAX_ECHO`` characters."""
    return repr(text if len(text) <= MAX_ECHO else text[:MAX_ECHO] + "...")


def shorten(text: str, limit: int = MAX_MESSAGE) -> str:
    """``text``, cut to ``limit`` characters (marked with ``...``)."""
    return text if len(text) <= limit else text[:limit] + "..."


def printable(line: str) -> str:
    """``line`` with characters that are not printable (controls, lone surrogates)
    written as escapes, so every output line is one clean line."""
    if line.isprintable():
        return line
    return "".join(char if char.isprintable() else char.encode("unicode_escape", "backslashreplace").decode("ascii")
                   for char in line)


def info_line(info: SearchInfo) -> str:
    """The ``info ...`` line for one completed iteration."""
    line = (
        f"info depth {info.depth} seldepth {info.seldepth} score {info.score.uci()}"
        f" nodes {info.nodes} nps {info.nps} time {int(info.time * 1000)}"
    )
    if info.hashfull:
        line += f" hashfull {info.hashfull}"
    if info.pv_text:
        line += " pv " + " ".join(info.pv_text)
    return line


def parse_go(arguments: list[str]) -> tuple[dict[str, int], bool, bool, list[str], list[str]]:
    """``go``'s words: the numbers (checked and clamped), ``infinite``, ``ponder``, the
    ``searchmoves`` texts, and the words skipped (unknown ones)."""
    values: dict[str, int] = {}
    infinite = ponder = False
    search_moves: list[str] = []
    ignored: list[str] = []
    index = 0
    while index < len(arguments):
        word = arguments[index]
        index += 1
        if word == "infinite":
            infinite = True
        elif word == "ponder":
            ponder = True
        elif word == "searchmoves":
            while index < len(arguments) and arguments[index] not in (*_GO_NUMBERS, *_GO_FLAGS):
                search_moves.append(arguments[index])
                index += 1
        elif word in _GO_NUMBERS:
            least, most = _GO_NUMBERS[word]
            number = whole_number(arguments[index], most) if index < len(arguments) else None
            if number is None:
                given = f", not {quote(arguments[index])}" if index < len(arguments) else ""
                raise ProtocolError(f"{word} needs a whole number{given}")
            if number < least:
                raise ProtocolError(
                    f"{word} must not be negative" if least == 0 else f"{word} must be at least {least}")
            values[word] = number
            index += 1
        else:
            ignored.append(shorten(word, MAX_ECHO))  # UCI: skip unknown tokens and read on
    return values, infinite, ponder, search_moves, ignored
