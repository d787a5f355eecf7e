"""Strength levels turned into search options: the one place a level's settings reach the search.

A level (``games.registry.Level``) names a depth cap, an evaluation error ("noise"),
whether the weak player looks beyond the horizon with quiescence search, and whether
it plays from the opening book; this module applies the last three to ``SearchOptions`` (the depth cap goes into the search
limits). It reads the level's attributes only, so ``ai`` needs no import of the registry.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Protocol

from ai.types import SearchOptions


class LevelLike(Protocol):
    """What a strength level tells the search: ``noise`` (centi-units of deliberate
    evaluation error), ``quiescence`` (whether to search captures beyond the horizon),
    ``book`` (whether to play opening-book moves) and ``random_moves`` (the chance of a
    random move instead of the one found)."""

    noise: int
    quiescence: bool
    book: bool
    random_moves: float
    candidates: int
    candidate_margin: int


def level_options(options: SearchOptions, level: LevelLike) -> SearchOptions:
    """``options`` with ``level``'s evaluation error, quiescence, book and random-move settings."""
    return replace(options, evaluation_noise=level.noise, quiescence=level.quiescence, use_book=level.book,
                   random_move_chance=level.random_moves, candidate_moves=level.candidates,
                   candidate_margin=level.candidate_margin)
