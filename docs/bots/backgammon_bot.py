"""A backgammon bot for Game Tree Lab, in plain Python (no other files needed): a
starting point for students. It speaks the app's engine protocol (docs/protocol.md):

    python main.py match --game backgammon --white "bot:python docs/bots/backgammon_bot.py" --black pubeval

The app rolls the dice; the bot is asked only when it must choose. It is sent
`position fen <Position ID> <first|second> <dice> [cube ...]` and answers `go` with
`bestmove` and one of:
  * a turn, its steps joined by commas: `8/5,6/5`, `bar/22,13/9`, `6/off,5/off`;
  * `pass` when no die can be played;
  * `roll` at the start of a turn with the cube in play (it never doubles), `take`
    when the opponent doubles (it never drops).
Points are counted from the mover's side: it moves from 24 towards 1, enters from the
bar (25) and bears off (0). It makes every legal turn itself and keeps the one whose
position scores best by `score`: hits, made points, safe blots, pips. Improve `score`.
"""
from __future__ import annotations

import base64
import sys

BAR, OFF = 25, 0
START_ID = "4HPwATDgc/ABMA"  # gnubg's Position ID of the starting position


def read_position_id(text: str) -> tuple[list[int], list[int]]:
    """(mover, opponent) checkers from gnubg's Position ID. Each list has 26 entries in
    its owner's numbering: index 0 = borne off, 1-24 the points, 25 = the bar.

    The ID is base64 of 80 bits, lowest bit of each byte first. For the side NOT on roll
    first, then the side on roll, for points 1..24 and the bar: one 1-bit per checker,
    then a 0-bit."""
    data = base64.b64decode(text + "==")
    bits = [(data[index // 8] >> (index % 8)) & 1 for index in range(80)]
    boards = [[0] * 26, [0] * 26]
    side, field = 0, 1  # field runs 1..25 (25 = the bar)
    for bit in bits:
        if side == 2:
            break
        if bit:
            boards[side][field] += 1
        else:
            field += 1
            if field == 26:
                side, field = side + 1, 1
    for board in boards:
        board[OFF] = 15 - sum(board[1:])
    not_on_roll, on_roll = boards
    return on_roll, not_on_roll


def can_move(own: list[int], opponent: list[int], point: int, die: int) -> bool:
    """Whether a checker of ours on ``point`` may move ``die`` pips now."""
    if own[point] == 0 or (own[BAR] and point != BAR):
        return False  # no checker there, or one on the bar must enter first
    target = point - die
    if target >= 1:
        return opponent[25 - target] < 2  # our point t is the opponent's point 25 - t
    if any(own[7:26]):
        return False  # bearing off needs every checker in the home board (points 1-6)
    if target == 0:
        return True  # the exact number
    return not any(own[point + 1:7])  # a higher number only from the highest point


def move_checker(own: list[int], opponent: list[int], point: int, die: int) -> tuple[list[int], list[int], int]:
    """New (own, opponent) after moving from ``point`` by ``die``, and the target point."""
    own, opponent = own[:], opponent[:]
    target = max(point - die, OFF)
    own[point] -= 1
    own[target] += 1
    if target != OFF and opponent[25 - target] == 1:  # a hit: their blot goes to the bar
        opponent[25 - target] = 0
        opponent[BAR] += 1
    return own, opponent, target


def all_turns(own: list[int], opponent: list[int], dice: tuple[int, int]) -> dict[tuple, tuple]:
    """Every legal turn: resulting (own, opponent) -> its steps ((from, to), ...).
    Play as many dice as possible (a double four times); if only one die can be played,
    the larger one when it can be. Turns leading to the same position count once."""
    orders = [[dice[0]] * 4] if dice[0] == dice[1] else [[dice[0], dice[1]], [dice[1], dice[0]]]
    found = []  # (own, opponent, steps, dice used)

    def extend(own_now, opponent_now, remaining, steps, used):
        moved = False
        if remaining:
            for point in range(25, 0, -1):
                if can_move(own_now, opponent_now, point, remaining[0]):
                    moved = True
                    new_own, new_opponent, target = move_checker(own_now, opponent_now, point, remaining[0])
                    extend(new_own, new_opponent, remaining[1:], steps + [(point, target)], used + [remaining[0]])
        if not moved:
            found.append((own_now, opponent_now, steps, used))

    for order in orders:
        extend(own, opponent, order, [], [])
    most = max(len(used) for *_, used in found)
    kept = [item for item in found if len(item[3]) == most]
    larger = max(dice)
    if most == 1 and dice[0] != dice[1] and any(item[3][0] == larger for item in kept):
        kept = [item for item in kept if item[3][0] == larger]
    turns = {}
    for new_own, new_opponent, steps, _ in kept:
        turns.setdefault((tuple(new_own), tuple(new_opponent)), tuple(steps))
    return turns


def turn_text(steps: tuple) -> str:
    """Steps as the protocol writes a turn: ``bar/22,13/9``; ``pass`` for none."""
    if not steps:
        return "pass"
    return ",".join(f"{'bar' if start == BAR else start}/{'off' if end == OFF else end}" for start, end in steps)


def score(own: tuple, opponent: tuple) -> float:
    """How good the position after our turn looks for us (higher is better)."""
    value = 6.0 * opponent[BAR] + 3.0 * own[OFF]  # checkers hit, checkers borne off
    value -= 0.1 * sum(point * count for point, count in enumerate(own))  # our pips still to go
    for point in range(1, 25):
        if own[point] >= 2:
            value += 2.0 if point <= 6 else 1.0  # a made point; home points block best
        elif own[point] == 1:
            # A blot is in danger if an opponent checker stands 1-12 pips before it.
            # Their point q reaches our point p with a roll of q + p - 25 pips.
            shooters = [q for q in range(1, 26) if opponent[q] and 1 <= q + point - 25 <= 12]
            if shooters:
                value -= 3.0 + 0.1 * (25 - point)  # worse further forward (more pips lost)
    return value


def choose(position: list[str]) -> str:
    """The answer to `go` for the position words sent (Position ID, side, dice, ...)."""
    if position[2] == "-":  # no dice: a cube decision (the app rolls dice itself)
        return "take" if "offered" in position else "roll"
    own, opponent = read_position_id(position[0])
    dice = (int(position[2][0]), int(position[2][1]))
    turns = all_turns(own, opponent, dice)
    best = max(turns, key=lambda result: score(*result))
    return turn_text(turns[best])


def main() -> None:
    position = [START_ID, "opening", "-"]
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "uci":
            print("id name Example backgammon bot")
            print("id author a student")
            print("uciok")
        elif words[0] == "isready":
            print("readyok")
        elif words[0] == "position":
            # position fen <id> <side> <dice> [cube ...] (the app always sends `fen`;
            # this bot does not read a `moves` list)
            rest = words[2:] if words[1:2] == ["fen"] else [START_ID, "opening", "-"]
            position = rest[:rest.index("moves")] if "moves" in rest else rest
        elif words[0] == "go":
            print(f"bestmove {choose(position)}")
        elif words[0] == "quit":
            break
        sys.stdout.flush()


if __name__ == "__main__":
    main()
