"""Strength levels turned into search options and limits: the one place a level's settings reach the search.

A level (``games.registry.Level``) names a depth cap, a node budget, an evaluation error
("noise"), whether the weak player looks beyond the horizon with quiescence search,
whether it plays from the opening book, and whether it is a perfect level that solves
what it can see the end of. ``level_options`` applies the settings that shape every
search of the level to ``SearchOptions``; ``level_limits`` turns the level and a time
control into the limits of one move (``SearchLimits``). Every caller that searches for a
level (the engine protocol, the players of ``match`` and ``tournament``, the window) goes
through these two, so a level means the same everywhere; ``uses_its_time`` says which
levels search on the opponent's time (pondering). This module reads the level's
attributes only, so ``ai`` needs no import of the registry.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Protocol

from ai.clock import TimeControl, move_limits
from ai.types import SearchLimits, SearchOptions


class LevelLike(Protocol):
    """What a strength level tells the search: ``depth`` (the deepest iteration in plies,
    ``None``: no cap), ``nodes`` (the node budget of a move, ``None``: none), ``solves``
    (a perfect level: a search that can reach the end of the game is not cut short by
    time), ``noise`` (centi-units of deliberate evaluation error), ``quiescence``
    (whether to search captures beyond the horizon), ``book`` (whether to play
    opening-book moves), ``random_moves`` (the chance of a random move instead of the
    one found), for games with dice, ``candidates`` and ``candidate_margin`` (the
    move filter, see ``SearchOptions``), ``inner_candidates`` (its limit below the root,
    ``SearchOptions.inner_candidate_moves``), ``deepening_candidates``,
    ``deepening_margin``, ``deepening_by_outcome`` and ``leaf_screen`` (``SearchOptions``' fields of
    those names), ``late_move_pruning`` and ``evaluation`` (see there)."""

    depth: int | None
    nodes: int | None
    solves: bool
    noise: int
    quiescence: bool
    book: bool
    random_moves: float
    candidates: int
    candidate_margin: int
    inner_candidates: int
    deepening_candidates: int
    deepening_margin: int
    deepening_by_outcome: bool
    leaf_screen: int
    late_move_pruning: bool
    evaluation: str | None


def level_options(options: SearchOptions, level: LevelLike) -> SearchOptions:
    """``options`` with ``level``'s evaluation error, quiescence, book, random-move,
    late-move pruning and evaluation settings."""
    return replace(options, evaluation_noise=level.noise, quiescence=level.quiescence, use_book=level.book,
                   random_move_chance=level.random_moves, candidate_moves=level.candidates,
                   candidate_margin=level.candidate_margin, inner_candidate_moves=level.inner_candidates,
                   deepening_candidates=level.deepening_candidates, deepening_margin=level.deepening_margin,
                   deepening_by_outcome=level.deepening_by_outcome, leaf_screen=level.leaf_screen,
                   late_move_pruning=level.late_move_pruning,
                   evaluation=level.evaluation)


def _smaller(first: int | None, second: int | None) -> int | None:
    """The smaller of two optional caps (``None``: no cap)."""
    if first is None:
        return second
    return first if second is None else min(first, second)


def level_limits(level: LevelLike, control: TimeControl, remaining: float | None = None, depth: int | None = None,
                 nodes: int | None = None, moves_to_go: int | None = None, strict: bool = False) -> SearchLimits:
    """The limits of one move of ``level`` under ``control``; times in seconds.

    ``depth`` (plies) and ``nodes`` are caps of their own (UCI's ``go depth``/``go
    nodes``, a player's ``depth=``) that lower the level's (``nodes`` is exact:
    ``SearchLimits.nodes``; the level's budget is ``SearchLimits.node_budget``, which
    lets the first iteration complete); ``remaining``, ``moves_to_go`` and ``strict`` are
    as in ``ai.clock.move_limits``, which gives the times. Three kinds of level:

    * a level with a depth cap or a node budget (every level below the strongest) is
      defined by its effort: it stops at the cap or the budget, whichever comes first.
      The clock only caps the time: the limits keep the control's hard and absolute
      limits but no soft one, so no iteration is skipped for time (the engine then also
      skips no iteration it expects to be too slow, ``ai.deadline``). A slower computer
      plays the same move, later, as long as the budget fits in the time;
    * a perfect level (``solves``): the control's limits, with
      ``SearchLimits.solve`` (a search that can reach the end of the game is not cut
      short by the time budget, see there); ``strict`` is not applied, and under a game
      clock (Fischer) the absolute limit is the move's hard budget (never more than 40%
      of what is left), so that it cannot lose on time: only a game clock that short can
      cut such a search short;
    * otherwise (the strongest level of a big game) the control's limits as they are:
      the level searches as deep as its time allows.
    """
    cap = _smaller(level.depth, depth)
    if level.solves:
        limits = replace(move_limits(control, remaining, depth=cap, moves_to_go=moves_to_go), solve=True)
        if limits.absolute_time is not None and limits.hard_time is not None:  # a game clock
            limits = replace(limits, absolute_time=min(limits.absolute_time, limits.hard_time))
    else:
        limits = move_limits(control, remaining, depth=cap, moves_to_go=moves_to_go, strict=strict)
        if level.depth is not None or level.nodes is not None:
            limits = replace(limits, soft_time=None)
    return replace(limits, nodes=nodes, node_budget=level.nodes)


def uses_its_time(level: LevelLike) -> bool:
    """Whether ``level`` searches as deep as its time allows: it has neither a depth cap
    nor a node budget (chess's and backgammon's Maximum, a perfect level). Only such a
    level plays better for pondering (``ai.ponder``): a level defined by its effort plays
    the same move whenever it searches, so it does not search on the opponent's time
    (its search starts when the expected move is played, and plays what it would have
    without pondering)."""
    return level.depth is None and level.nodes is None
