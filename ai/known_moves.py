"""Moves known without searching: the game's fixed-rule decisions (``PolicyMove``: the
backgammon cube), endgame tables and the opening book, asked in that order before a
search (``ai.engine.Engine.search``).

An answer becomes a ``SearchResult`` with one ``SearchInfo`` of depth 0 whose ``source``
names where it came from; its score is from the side to move's point of view. A source
that fails is skipped, never fatal; an answer that is not a legal move (or not among the
moves the search may choose) is ignored.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ai.types import MATE, Score, SearchInfo, SearchLimits, SearchOptions, SearchResult
from games.base import CHANCE, KnownMove, State

if TYPE_CHECKING:
    from ai.context import PolicyMove

KnownMoves = Callable[[State, random.Random], "KnownMove | None"]
"""A source of moves known without searching (``games.base.KnownMove``)."""


def known_move(state: State, limits: SearchLimits, options: SearchOptions, sources: Sequence[KnownMoves],
               policy_move: PolicyMove | None, choices: random.Random, clock: Callable[[], float],
               start: float) -> SearchResult | None:
    """A move from ``policy_move`` (asked first) or one of ``sources`` (an endgame
    table, or the opening book when ``options.use_book``), if one answers for ``state``
    with a legal move allowed by ``limits.moves``, else ``None``. ``choices`` is the
    random generator a source may choose with (among book moves); the result's time is
    ``clock()`` (seconds) since ``start``. An analysis (``limits.infinite``, or
    ``options.multipv`` above 1) is not answered from the book: it asks what the search
    thinks, and the book knows one move only. Nothing for a finished game or a chance
    node."""
    if state.is_terminal() or state.to_move() == CHANCE:
        return None
    if policy_move is not None:
        sources = (lambda position, _random: policy_move(position, True), *sources)
    for ask in sources:
        try:
            answer = ask(state, choices)
        except Exception:  # a damaged book or table must not cost the move
            continue
        analysis = limits.infinite or options.multipv > 1
        if answer is None or (answer.source == "book" and (analysis or not options.use_book)):
            continue
        if answer.move not in state.legal_moves() or (limits.moves is not None and answer.move not in limits.moves):
            continue
        plies = answer.plies_to_end
        if plies is None and answer.score is not None:
            score = Score(answer.score)
        elif plies is None or plies == 0:
            score = Score(0)
        else:
            score = Score(MATE - plies) if plies > 0 else Score(-(MATE + plies))
        info = SearchInfo(depth=0, seldepth=0, score=score, pv=(answer.move,),
                          pv_text=(state.move_to_text(answer.move),), nodes=0,
                          time=clock() - start, exact=plies is not None, source=answer.source,
                          note=answer.note)
        return SearchResult(move=answer.move, move_text=state.move_to_text(answer.move), infos=(info,),
                            reason=answer.source, nodes=0, time=info.time,
                            clean_score=score if plies is not None else None)
    return None
