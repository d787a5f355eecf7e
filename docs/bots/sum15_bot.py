"""A Sum-15 bot for Game Tree Lab, in plain Python (no other files needed): a starting
point for students. It speaks the app's engine protocol (docs/protocol.md) on standard
input and output, so the app can use it as a player:

    python main.py match --game sum15 --white "bot:python docs/bots/sum15_bot.py" --black ai:level=1

Sum-15: the players take the numbers 1 to 9 in turn; whoever first holds three numbers
that add up to 15 wins. Its strategy is simple on purpose: take the number that makes 15
with two of its own if there is one, else the number the opponent needs for 15, else 5
(it is in four of the eight sums), then an even number (three sums each), then anything.
Improve `choose`.
"""
from __future__ import annotations

import random
import sys
from itertools import combinations

NUMBERS = range(1, 10)


def read_position(text: str) -> tuple[list[int], list[int]]:
    """The first and the second player's numbers from the position text: the first
    player's digits, '/', the second's, '-' for none (e.g. '58/2')."""
    first, second = text.split("/")
    return [int(digit) for digit in first if digit != "-"], [int(digit) for digit in second if digit != "-"]


def choose(first: list[int], second: list[int]) -> int:
    """The number to take (the mover is the first player when both hold as many)."""
    mine, theirs = (first, second) if len(first) == len(second) else (second, first)
    free = [number for number in NUMBERS if number not in first and number not in second]
    for holder in (mine, theirs):  # make 15, else stop the opponent making it
        for a, b in combinations(holder, 2):
            needed = 15 - a - b
            if needed in free:
                return needed
    for preferred in ([5], [2, 4, 6, 8], free):
        options = [number for number in preferred if number in free]
        if options:
            return random.choice(options)
    raise ValueError("no free number")


def main() -> None:
    first: list[int] = []
    second: list[int] = []
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        command = words[0]
        if command == "uci":
            print("id name Example Sum-15 bot")
            print("id author a student")
            print("uciok")
        elif command == "isready":
            print("readyok")
        elif command == "ucinewgame":
            first, second = [], []
        elif command == "position":
            # position startpos [moves ...]  or  position fen <text> [moves ...]
            rest = words[1:]
            if rest and rest[0] == "fen":
                (first, second), rest = read_position(rest[1]), rest[2:]
            else:
                first, second, rest = [], [], rest[1:]
            if rest and rest[0] == "moves":
                for number in rest[1:]:
                    (first if len(first) == len(second) else second).append(int(number))
        elif command == "go":
            print(f"bestmove {choose(first, second)}")
        elif command == "quit":
            break
        sys.stdout.flush()


if __name__ == "__main__":
    main()
