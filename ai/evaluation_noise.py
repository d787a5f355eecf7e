"""A weak strength level's evaluation errors, and the noise-free estimate of its move.

``add_noise`` adds to a search's evaluation an error of at most
``SearchOptions.evaluation_noise`` score units either way: the same error for a position
all search long, and the same in every run for the same salt (the engine draws the salt
from its seeded random generator). ``clean_score`` then searches the chosen move again
without noise, by a twin engine with its own table and ordering, so that the level's
score can be reported as the game really stands (``SearchResult.clean_score``).
"""
from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING

from ai.types import MINIMUM_DEPTH, Score, SearchLimits
from games.base import FIRST, State

if TYPE_CHECKING:
    from ai.context import Evaluate, EvaluateBatch, SearchContext
    from ai.engine import Engine

CLEAN_SEARCH_MARGIN = 0.02
"""Seconds the noise-free search of a weak level may take beyond what its noisy search took."""
CLEAN_SEARCH_MINIMUM = 0.5
"""Seconds the noise-free search of a weak level may take at least, however fast its noisy
search was: it searches at least ``MINIMUM_DEPTH`` plies, deeper than a one-ply level's
noisy search (in a game with chance a ply more is a whole roll's replies), so the noisy
search's time alone would starve it and the level would have no estimate all game."""


def add_noise(context: SearchContext, evaluate: Evaluate, batch: EvaluateBatch | None, noise: int,
              salt: int) -> None:
    """Make ``context`` evaluate with ``evaluate`` (and ``batch``, its batch form, when the
    game has one) plus an error in ``-noise .. noise`` (score units, from the first
    player's point of view), fixed per position by ``salt`` (a 32-bit number)."""
    span = 2 * noise + 1

    def error(state: State) -> int:
        # The same error for a position all search long, and the same in every run
        # for the same seed. An integer table key is mixed cheaply; other positions
        # are hashed from their text (Python's own hash of strings changes from run
        # to run).
        key = context.table_key(state)
        if isinstance(key, int):
            return mix(key ^ salt) % span - noise
        digest = hashlib.blake2b(f"{salt} {state.to_text()}".encode(), digest_size=8).digest()
        return int.from_bytes(digest, "little") % span - noise

    def noisy(state: State, player: int) -> int:
        return evaluate(state, player) + (error(state) if player == FIRST else -error(state))

    def noisy_batch(states: Sequence[State], player: int) -> list[int]:
        sign = 1 if player == FIRST else -1
        return [value + sign * error(state) for state, value in zip(states, batch(states, player))]

    context.evaluate = noisy
    if batch is not None:
        context.evaluate_batch = noisy_batch


def mix(value: int) -> int:
    """A 64-bit integer mixed well (SplitMix64's finaliser), for repeatable noise."""
    value = (value + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    value = ((value ^ (value >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    value = ((value ^ (value >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return value ^ (value >> 31)


def clean_score(twin: Callable[[], Engine], state: State, move: Hashable, limits: SearchLimits, depth: int,
                noisy_seconds: float, stop_event: threading.Event | None) -> Score | None:
    """The score of a noise-free search of ``state`` restricted to ``move``, to ``depth``
    plies but at least ``MINIMUM_DEPTH`` (root mover's view), by the noise-free engine
    ``twin()`` gives (its own table and ordering, so that no entry of a noisy search is
    read; asked for only when there is time to search). Its time is the noisy search's
    ``noisy_seconds`` plus ``CLEAN_SEARCH_MARGIN``, at least ``CLEAN_SEARCH_MINIMUM``,
    within the absolute limit of ``limits`` (unless infinite) and their node limit;
    ``None`` if no time is left or it is stopped (``stop_event``, the time, the nodes)
    before it completes."""
    seconds = max(noisy_seconds + CLEAN_SEARCH_MARGIN, CLEAN_SEARCH_MINIMUM)
    if limits.absolute_time is not None and not limits.infinite:
        seconds = min(seconds, limits.absolute_time - noisy_seconds)
    if seconds <= 0:
        return None
    clean = twin()
    clean_limits = SearchLimits(
        depth=max(depth, MINIMUM_DEPTH),  # at least deep enough to see the reply to a blunder
        absolute_time=seconds,
        nodes=None if limits.infinite else limits.nodes,
        moves=(move,),
    )
    infos = list(clean.iterate(state, clean_limits, stop_event))
    if not infos or clean.stop_reason in ("time", "nodes", "stopped"):
        return None
    return infos[-1].score
