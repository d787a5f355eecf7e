"""Perft: counting the positions a game's rules reach, to test move generation.

``perft(state, depth)`` counts the leaves of the game tree cut ``depth`` plies below
``state`` (chance outcomes count as plies, like moves); ``divide`` gives the count
below each legal move, as engines print it for ``go perft N``. Published counts
(chess: 20, 400, 8,902, 197,281, 4,865,609 from the start) make these the standard
test of a move generator.

A game over before the cut is a leaf too when ``count_finished`` is true, as the game
says (``Game.perft_counts_finished``): tic-tac-toe and Sum-15 give 255,168 for
``perft 9``, the number of possible games. Chess programs count only the positions
exactly ``depth`` plies deep (a mate at ply 4 is not among perft 5's 4,865,609), so
chess says false; tic-tac-toe counted that way gives 127,872 (the games that last all
nine plies). ``finished_games`` counts the games that end within ``depth`` plies
wherever they end; ``go perft N`` prints it too.
"""
from __future__ import annotations

import threading

from games.base import State


class PerftStopped(Exception):
    """A perft count was asked to stop before it finished."""


def perft(state: State, depth: int, stop: threading.Event | None = None, count_finished: bool = False) -> int:
    """The number of positions exactly ``depth`` plies below ``state`` (1 at depth 0),
    plus, if ``count_finished``, one for every game over sooner (after a move at least:
    a finished ``state`` has none below it at depth 1 or more). ``stop``, when set, ends
    the count with ``PerftStopped``."""
    if depth <= 0:
        return 1
    moves = state.legal_moves()
    if depth == 1:
        return len(moves)
    if stop is not None and stop.is_set():
        raise PerftStopped()
    return sum(_leaves_below(state.apply(move), depth - 1, stop, count_finished) for move in moves)


def _leaves_below(child: State, depth: int, stop: threading.Event | None, count_finished: bool) -> int:
    """``perft(child, depth)``, or 1 if ``count_finished`` and the game is over at ``child``."""
    if count_finished and child.is_terminal():
        return 1
    return perft(child, depth, stop, count_finished)


def divide(state: State, depth: int, stop: threading.Event | None = None,
           count_finished: bool = False) -> list[tuple[str, int]]:
    """``(move in the game's notation, perft count below it)`` for every legal move of
    ``state``, ``depth`` plies in all (``depth`` >= 1); ``count_finished`` as for ``perft``."""
    return [(state.move_to_text(move), _leaves_below(state.apply(move), depth - 1, stop, count_finished))
            for move in state.legal_moves()]


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
