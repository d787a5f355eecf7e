"""Perft: counting the positions a game's rules reach, to test move generation.

``perft(state, depth)`` counts the leaves of the game tree ``depth`` plies below
``state`` (chance outcomes count as plies, like moves); ``divide`` gives the count
below each legal move, as engines print it for ``go perft N``. Published counts
(chess: 20, 400, 8,902, 197,281, 4,865,609 from the start) make these the standard
test of a move generator. Finished positions count as leaves only at depth 0.

``finished_games`` counts something else: the games that end within ``depth`` plies,
wherever they end (tic-tac-toe: 255,168 complete games within 9 plies, while only
127,872 positions lie exactly 9 plies deep). ``go perft N`` prints both.
"""
from __future__ import annotations

import threading

from games.base import State


class PerftStopped(Exception):
    """A perft count was asked to stop before it finished."""


def perft(state: State, depth: int, stop: threading.Event | None = None) -> int:
    """The number of positions exactly ``depth`` plies below ``state`` (1 at depth 0).
    ``stop``, when set, ends the count with ``PerftStopped``."""
    if depth <= 0:
        return 1
    moves = state.legal_moves()
    if depth == 1:
        return len(moves)
    if stop is not None and stop.is_set():
        raise PerftStopped()
    return sum(perft(state.apply(move), depth - 1, stop) for move in moves)


def divide(state: State, depth: int, stop: threading.Event | None = None) -> list[tuple[str, int]]:
    """``(move in the game's notation, perft count below it)`` for every legal move of
    ``state``, ``depth`` plies in all (``depth`` >= 1)."""
    return [(state.move_to_text(move), perft(state.apply(move), depth - 1, stop)) for move in state.legal_moves()]


def finished_games(state: State, depth: int, stop: threading.Event | None = None) -> int:
    """The number of ways the game ends within ``depth`` plies of ``state`` (finished
    positions reached at any ply from 1 to ``depth``, each counted once per path).
    ``stop``, when set, ends the count with ``PerftStopped``."""
    if depth <= 0:
        return 0
    if stop is not None and stop.is_set():
        raise PerftStopped()
    total = 0
    for move in state.legal_moves():
        child = state.apply(move)
        if child.is_terminal():
            total += 1
        else:
            total += finished_games(child, depth - 1, stop)
    return total
