"""A Quarto bot for Game Tree Lab, in plain Python (no other files needed): a starting
point for students. It speaks the app's engine protocol (docs/protocol.md):

    python main.py match --game quarto --white "bot:python docs/bots/quarto_bot.py" --black ai:level=1

A turn is written `b3:12` (place the piece in hand on b3, give piece 12), `:12` on the
first turn (nothing to place), `b3` when the placement wins or fills the board. Pieces
are 0-15, one bit per attribute (1 tall, 2 dark, 4 square, 8 hollow). Its strategy: win
at once when the piece in hand can; otherwise place at random, and give a piece that
cannot win at once for the opponent if there is one. Improve `choose`.
(It plays the standard rules; in the squares variant it does not see 2x2 wins.)
"""
from __future__ import annotations

import random
import sys

SQUARES = [f"{column}{row}" for row in "1234" for column in "abcd"]  # a1 b1 c1 d1 a2 ... d4
LINES = ([[row * 4 + column for column in range(4)] for row in range(4)]
         + [[row * 4 + column for row in range(4)] for column in range(4)]
         + [[0, 5, 10, 15], [3, 6, 9, 12]])


def read_position(text: str) -> tuple[list[int | None], int | None]:
    """The board (16 cells in SQUARES order, a piece or None) and the piece in hand, from
    the position text: rows 4..1 separated by '/', '.' or a hex digit, then the piece in
    hand ('-': none)."""
    rows, hand = text.split()[:2]
    cells = rows.split("/")
    board = [None if cells[3 - row][column] == "." else int(cells[3 - row][column], 16)
             for row in range(4) for column in range(4)]
    return board, None if hand == "-" else int(hand, 16)


def wins(board: list[int | None], square: int, piece: int) -> bool:
    """Whether putting ``piece`` on the empty ``square`` completes a line sharing an attribute."""
    for line in LINES:
        if square not in line:
            continue
        pieces = [piece if cell == square else board[cell] for cell in line]
        if None in pieces:
            continue
        common = 15
        for value in pieces:
            common &= value
        absent = 15
        for value in pieces:
            absent &= ~value
        if common or absent & 15:
            return True
    return False


def choose(board: list[int | None], hand: int | None) -> str:
    """The turn to play in this position (see the module docstring)."""
    empty = [index for index, cell in enumerate(board) if cell is None]
    if hand is not None:
        for square in empty:
            if wins(board, square, hand):
                return SQUARES[square]
        square = random.choice(empty)
        board = board[:]
        board[square] = hand
        empty.remove(square)
        if not empty:  # the board is full: nothing left to give
            return SQUARES[square]
        placed = SQUARES[square]
    else:
        placed = ""
    unused = [piece for piece in range(16) if piece not in board and piece != hand]
    safe = [piece for piece in unused if not any(wins(board, cell, piece) for cell in empty)]
    return f"{placed}:{random.choice(safe or unused)}"


def main() -> None:
    board, hand = [None] * 16, None
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "uci":
            print("id name Example Quarto bot")
            print("id author a student")
            print("uciok")
        elif words[0] == "isready":
            print("readyok")
        elif words[0] == "position":
            if len(words) > 3 and words[1] == "fen":  # position fen <rows> <hand> [squares]
                board, hand = read_position(" ".join(words[2:4]))
            else:
                board, hand = [None] * 16, None
            # (this bot is always sent `position fen`; a `moves` list is not read here)
        elif words[0] == "go":
            print(f"bestmove {choose(board, hand)}")
        elif words[0] == "quit":
            break
        sys.stdout.flush()


if __name__ == "__main__":
    main()
