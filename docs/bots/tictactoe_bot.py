"""A tic-tac-toe bot for Game Tree Lab, in plain Python (no other files needed): a
starting point for students. It speaks the app's engine protocol (docs/protocol.md) on
standard input and output, so the app can use it as a player:

    python main.py match --game tictactoe --white "bot:python docs/bots/tictactoe_bot.py" --black ai:level=1

Its strategy is simple on purpose: win at once if it can, else block the opponent's
immediate win, else take the centre, then a corner, then anything. Improve `choose`.
"""
from __future__ import annotations

import random
import sys

SQUARES = [f"{column}{row}" for row in "123" for column in "abc"]  # a1 b1 c1 a2 ... c3
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def read_position(text: str) -> list[str]:
    """The board as 9 cells ('X', 'O' or '.') in SQUARES order, from the position text
    (rows 3, 2, 1 separated by '/', e.g. 'X.O/.X./O..')."""
    rows = text.split("/")
    return [rows[2 - row][column] for row in range(3) for column in range(3)]


def play(board: list[str], square: str) -> None:
    """Put the mover's mark on ``square`` (X moves when the counts are equal)."""
    board[SQUARES.index(square)] = "X" if board.count("X") == board.count("O") else "O"


def choose(board: list[str]) -> str:
    """The square to play in ``board`` (which must have an empty square)."""
    me = "X" if board.count("X") == board.count("O") else "O"
    other = "O" if me == "X" else "X"
    empty = [index for index, cell in enumerate(board) if cell == "."]
    for player in (me, other):  # win, else block
        for index in empty:
            for line in LINES:
                if index in line and all(board[cell] == player for cell in line if cell != index):
                    return SQUARES[index]
    for preferred in ([4], [0, 2, 6, 8], empty):
        options = [index for index in preferred if index in empty]
        if options:
            return SQUARES[random.choice(options)]
    raise ValueError("no empty square")


def main() -> None:
    board = ["."] * 9
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        command = words[0]
        if command == "uci":
            print("id name Example tic-tac-toe bot")
            print("id author a student")
            print("uciok")
        elif command == "isready":
            print("readyok")
        elif command == "ucinewgame":
            board = ["."] * 9
        elif command == "position":
            # position startpos [moves ...]  or  position fen <text> [moves ...]
            rest = words[1:]
            if rest and rest[0] == "fen":
                board, rest = read_position(rest[1]), rest[2:]
            else:
                board, rest = ["."] * 9, rest[1:]
            if rest and rest[0] == "moves":
                for square in rest[1:]:
                    play(board, square)
        elif command == "go":
            print(f"bestmove {choose(board)}")
        elif command == "quit":
            break
        sys.stdout.flush()


if __name__ == "__main__":
    main()
