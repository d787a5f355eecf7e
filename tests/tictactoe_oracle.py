"""An independent perfect-play solver for tic-tac-toe, written without the project's search.

``solve(state)`` gives the game-theoretic result for the side to move as
``(result, plies)``: result +1 win / 0 draw / -1 loss, reached in ``plies`` plies with
the winner hurrying and the loser delaying (the same preference as the engine's
"win in N" scores).
"""
from __future__ import annotations

from functools import lru_cache

from games.tictactoe.rules import TicTacToe, TicTacToeState

GAME = TicTacToe()


def _lines_of(bits: int) -> bool:
    rows = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
    return any(all(bits >> square & 1 for square in row) for row in rows)


@lru_cache(maxsize=None)
def solve(x_bits: int, o_bits: int) -> tuple[int, int]:
    """(result for the side to move, plies to the end) under perfect play."""
    x_to_move = bin(x_bits).count("1") == bin(o_bits).count("1")
    mine, theirs = (x_bits, o_bits) if x_to_move else (o_bits, x_bits)
    if _lines_of(theirs):
        return -1, 0
    empty = [square for square in range(9) if not (x_bits | o_bits) >> square & 1]
    if not empty:
        return 0, 0
    best = None
    for square in empty:
        child = (x_bits | 1 << square, o_bits) if x_to_move else (x_bits, o_bits | 1 << square)
        result, plies = solve(*child)
        candidate = (-result, plies + 1)
        if best is None or _better(candidate, best):
            best = candidate
    return best


def _better(a: tuple[int, int], b: tuple[int, int]) -> bool:
    if a[0] != b[0]:
        return a[0] > b[0]
    if a[0] > 0:
        return a[1] < b[1]  # win sooner
    if a[0] < 0:
        return a[1] > b[1]  # lose later
    return False


def exact_score(state: TicTacToeState) -> int:
    """The engine-convention score of ``state`` for its mover (MATE - plies etc.)."""
    from ai.types import MATE

    result, plies = solve(state.x_bits, state.o_bits)
    if result > 0:
        return MATE - plies
    if result < 0:
        return plies - MATE
    return 0


def move_results(state: TicTacToeState) -> dict[int, int]:
    """For each legal move, the engine-convention score it leads to for the mover."""
    from ai.types import MATE

    scores = {}
    for move in state.legal_moves():
        child = state.apply(move)
        result, plies = solve(child.x_bits, child.o_bits)
        result, plies = -result, plies + 1
        scores[move] = MATE - plies if result > 0 else (plies - MATE if result < 0 else 0)
    return scores


def reachable_states() -> list[TicTacToeState]:
    """Every position reachable from the empty board (terminal ones included), in BFS order."""
    start = GAME.initial_state()
    seen = {start}
    order = [start]
    index = 0
    while index < len(order):
        state = order[index]
        index += 1
        for move in state.legal_moves():
            child = state.apply(move)
            if child not in seen:
                seen.add(child)
                order.append(child)
    return order
