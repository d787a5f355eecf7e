"""The runner-up: the best root move other than the one a search chose, and its value.

A search proves little about the moves it did not choose: alpha-beta, negamax and PVS
only show that each is no better than the best (a bound), which cannot tell "this
move draws and every other loses" from "this move draws and so do others". One more
search of the root without the chosen move, to the depth the search completed, in a
full window, gives the best of the others with its value: if that one loses by force,
every other move does (``SearchOptions.runner_up``; the hint's explanation,
``ai.explanation``, says "the only move that does not lose" from it). It reuses the
engine's table, so it mostly costs less than the iteration it repeats
(``bench/hint_cost.py`` measures it).

A search that already values every root move exactly (expectiminimax's candidate list,
``SearchInfo.candidates``) needs no second search: its runner-up is the second
candidate.
"""
from __future__ import annotations

import threading
from collections.abc import Hashable
from typing import TYPE_CHECKING

from ai.types import SearchInfo, SearchLimits

if TYPE_CHECKING:
    from ai.engine import Engine
    from games.base import State

RUNNER_UP_MINIMUM_SECONDS = 0.3
"""Seconds the runner-up's search of a timed search may take at least, however fast the
search before it was."""


def runner_up(engine: Engine, state: State, limits: SearchLimits, infos: tuple[SearchInfo, ...], move: Hashable,
              seconds: float, stop_event: threading.Event | None) -> SearchInfo | None:
    """The best root move of ``state`` other than ``move`` (the one ``engine``'s search,
    whose completed iterations are ``infos``, chose within ``limits``), as a
    ``SearchInfo`` whose score is from the root mover's point of view and whose line
    starts with that move; ``None`` when there is no other move (among ``limits.moves``),
    no completed iteration, or the search was stopped before it completed.

    From the last iteration's candidate list when it values at least two root moves
    exactly (its depth, no nodes of its own); else a search of the other moves with
    ``engine`` (its table, killers and history) to the depth of the last completed
    iteration (one less when that iteration was cut short, ``SearchInfo.partial``),
    bounded by ``stop_event``, ``limits``' node limit (or node budget), the absolute time
    left (a game clock) and, when ``limits`` have a time budget, by ``seconds`` (the time
    the search took, at least ``RUNNER_UP_MINIMUM_SECONDS``), unless the last iteration
    reached the end of every line (``exact``: a search that solved the position, such as
    a perfect level's, gives its runner-up the time to solve it too). A search without a
    time limit gives its runner-up none either, so that depth-limited searches are
    repeatable.
    The engine's ``context``, ``stop_reason`` and ``current_depth`` are those of the
    search before, afterwards."""
    if not infos:
        return None
    info = infos[-1]
    exact = [(candidate, score) for candidate, score, is_exact in info.candidates if is_exact]
    if len(exact) >= 2 and exact[0][0] == move:
        other, score = exact[1]
        return SearchInfo(depth=info.depth, seldepth=info.depth, score=score, pv=(other,),
                          pv_text=(state.move_to_text(other),), nodes=0, time=0.0, noisy=info.noisy)
    others = tuple(candidate for candidate in state.legal_moves()
                   if candidate != move and (limits.moves is None or candidate in limits.moves))
    depth = info.depth - 1 if info.partial else info.depth
    if not others or depth < 1:
        return None
    absolute = None
    if not limits.infinite:
        if (limits.hard_time is not None or limits.soft_time is not None) and not info.exact:
            absolute = max(seconds, RUNNER_UP_MINIMUM_SECONDS)
        if limits.absolute_time is not None:
            left = limits.absolute_time - seconds
            if left <= 0:
                return None
            absolute = left if absolute is None else min(absolute, left)
    nodes = None if limits.infinite else limits.nodes or limits.node_budget
    own_limits = SearchLimits(depth=depth, moves=others, absolute_time=absolute, nodes=nodes)
    saved = engine.context, engine.stop_reason, engine.current_depth
    try:
        found = [found for found in engine.iterate(state, own_limits, stop_event) if not found.partial]
        stopped = engine.stop_reason in ("time", "nodes", "stopped")
    finally:
        engine.context, engine.stop_reason, engine.current_depth = saved
    if not found or stopped:
        return None
    return found[-1]
