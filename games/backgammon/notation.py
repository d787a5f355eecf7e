"""Backgammon notation that needs no game state: gnubg's Position ID and Match ID, the
steps of a turn written as text (``13/7(2) bar/22*``), and search depths as players name
them (``ply_name``: "0-ply").

A Position ID packs both sides' checkers (the side not on roll first) into 14 base64
characters; a Match ID packs the cube, the side on roll, the dice and the match score
into 12. Both are documented in GNU Backgammon's manual ("A technical description of the
Position ID" and "... of the Match ID").
"""
from __future__ import annotations

import base64
from collections.abc import Sequence
from typing import NamedTuple

from games.base import FIRST, SECOND, IllegalMove, ImpossiblePosition, InvalidPosition

BAR = 25
OFF = 0
CHECKERS = 15
START = (0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)
"""One side's checkers at the start, indexed by its own point numbers (0 off, 25 bar)."""

Board = tuple[int, ...]


def ply_name(depth: int) -> str:
    """A search depth as backgammon players name it: depth 1 (the roll's plays judged by
    the evaluation alone) is "0-ply", depth 2 (every roll of the reply averaged) "1-ply"."""
    return f"{depth - 1}-ply"


def parse_segments(text: str) -> list[tuple[int, int]]:
    """``"13/7(2) bar/22*"`` -> ``[(13, 7), (13, 7), (25, 22)]``; ``pass`` -> ``[]``."""
    if text in ("pass", ""):
        return []
    segments = []
    for word in text.replace(",", " ").split():
        count = 1
        if word.endswith(")") and "(" in word:
            word, _, number = word[:-1].partition("(")
            if not number.isdigit() or not 1 <= int(number) <= 4:
                raise IllegalMove(f"{word}({number}): the count in brackets must be 1 to 4")
            count = int(number)
        points = [piece.rstrip("*") for piece in word.split("/")]
        if len(points) < 2:
            raise IllegalMove(f"{word!r}: write a step as from/to, like 8/5, bar/22 or 6/off")
        numbers = []
        for piece in points:
            if piece == "bar":
                numbers.append(BAR)
            elif piece == "off":
                numbers.append(OFF)
            elif piece.isdigit() and 1 <= int(piece) <= 24:
                numbers.append(int(piece))
            else:
                raise IllegalMove(f"{piece!r} is not a point: points are 1-24, bar and off")
        for _ in range(count):
            segments.append((numbers[0], numbers[-1]))
    return segments


def joined_steps(steps) -> list[tuple[int, int]]:
    """Each checker's steps joined into one segment (``24/21 21/16`` -> ``24/16``), sorted."""
    chains: list[list[int]] = []
    for point, target in steps:
        for chain in chains:
            if chain[1] == point and point != OFF:
                chain[1] = target
                break
        else:
            chains.append([point, target])
    return sorted(tuple(chain) for chain in chains)


def position_id(not_on_roll: Board, on_roll: Board) -> str:
    """gnubg's Position ID: for the side not on roll, then the side on roll, points 1-24
    and the bar, each as that many 1-bits and a 0-bit, packed from the low bit of the
    first byte, in base64 without padding (14 characters)."""
    bits: list[int] = []
    for board in (not_on_roll, on_roll):
        for point in list(range(1, 25)) + [BAR]:
            bits.extend([1] * board[point])
            bits.append(0)
    data = bytearray(10)
    for index, bit in enumerate(bits[:80]):
        if bit:
            data[index // 8] |= 1 << (index % 8)
    return base64.b64encode(bytes(data)).decode()[:14]


def boards_from_position_id(text: str) -> tuple[Board, Board]:
    """``(not on roll, on roll)`` from a Position ID; ``InvalidPosition`` saying why."""
    ident = text.strip()
    if len(ident) != 14:
        raise InvalidPosition(f"{ident!r}: a Position ID has 14 characters, like 4HPwATDgc/ABMA")
    try:
        data = base64.b64decode(ident + "==", validate=True)
    except ValueError:
        raise InvalidPosition(f"{ident!r}: a Position ID uses only A-Z, a-z, 0-9, + and /") from None
    bits = [data[index // 8] >> (index % 8) & 1 for index in range(80)]
    boards: list[list[int]] = [[0] * 26, [0] * 26]
    side, slot, count = 0, 0, 0
    points = list(range(1, 25)) + [BAR]
    for bit in bits:
        if side == 2:
            if bit:
                raise InvalidPosition(f"{ident!r}: more than 2 x 25 fields")
            continue
        if bit:
            count += 1
            continue
        boards[side][points[slot]] = count
        count = 0
        slot += 1
        if slot == 25:
            side, slot = side + 1, 0
    if side != 2:
        raise InvalidPosition(f"{ident!r}: the ID ends before both sides are complete")
    for board in boards:
        board[OFF] = max(0, CHECKERS - sum(board[1:26]))
    try:
        check_boards(boards, ("the side not on roll", "the side on roll"))
    except ImpossiblePosition as problem:
        raise InvalidPosition(f"{ident!r}: {problem}") from None
    return tuple(boards[0]), tuple(boards[1])


TOO_MANY_CHECKERS = "{player} has {count} checkers on the board and the bar (a side has 15)"
SHARED_POINT = "both sides have checkers on point {point}"
BOARD_REFUSALS = (TOO_MANY_CHECKERS, SHARED_POINT)
"""Why two sides' checkers cannot be a position (``check_boards``), for people."""


def check_boards(boards: Sequence[Sequence[int]], names: Sequence[str]) -> None:
    """Nothing if two sides' checkers (each in its own numbering, as ``Board``s; the
    checkers off are not looked at) can share a board; else ``ImpossiblePosition``: more
    than 15 checkers of a side on the points and the bar (``names`` name the sides in the
    reason), or a point held by both (numbered as the first board numbers it)."""
    for board, name in zip(boards, names):
        on_board = sum(board[1:26])
        if on_board > CHECKERS:
            raise ImpossiblePosition(TOO_MANY_CHECKERS, player=name, count=on_board)
    for point in range(1, 25):
        if boards[0][point] and boards[1][25 - point]:
            raise ImpossiblePosition(SHARED_POINT, point=point)


class MatchInfo(NamedTuple):
    """What a Match ID says that a money game uses: the side on roll, the dice (``()``
    when still to be rolled), the cube's value, its owner (``None``: centred) and whether
    a double is being offered."""

    on_roll: int
    dice: tuple[int, ...]
    cube_value: int
    cube_owner: int | None
    double_offered: bool


def read_match_id(text: str) -> MatchInfo:
    """gnubg's Match ID (12 base64 characters, read as a little-endian number: bits 0-3
    log2 of the cube value, 4-5 its owner (3 centred), 6 the player on roll, 12 a double
    offered, 15-17 and 18-20 the dice). gnubg's player 0 is taken to be our first player.
    The match length and score are not read (money games only). ``InvalidPosition``."""
    written = text.strip()
    if len(written) != 12:
        raise InvalidPosition(f"{written!r}: a Match ID has 12 characters")
    try:
        data = base64.b64decode(written, validate=True)
    except ValueError:
        raise InvalidPosition(f"{written!r}: a Match ID uses only A-Z, a-z, 0-9, + and /") from None
    value = int.from_bytes(data, "little")
    on_roll = value >> 6 & 1
    die1, die2 = value >> 15 & 7, value >> 18 & 7
    dice: tuple[int, ...] = ()
    if die1 and die2:
        if not (1 <= die1 <= 6 and 1 <= die2 <= 6):
            raise InvalidPosition(f"{written!r}: the dice in the Match ID are not 1-6")
        dice = (max(die1, die2), min(die1, die2))
    owner_bits = value >> 4 & 3
    if owner_bits == 2:
        raise InvalidPosition(f"{written!r}: the cube owner in the Match ID is not 0, 1 or 3 (centred)")
    owner = None if owner_bits == 3 else (FIRST if owner_bits == 0 else SECOND)
    return MatchInfo(FIRST if on_roll == 0 else SECOND, dice, 1 << (value & 15), owner, bool(value >> 12 & 1))
