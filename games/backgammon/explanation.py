"""Backgammon's own words for a hint (``games.capabilities.Explanations``): hits, points
made, and what the bear-off database says.

A turn is read off the boards before and after it: the opponent's checkers sent to the
bar are its hits ("hits a blot", "hits 2 blots"), the mover's points (1-24, in its own
numbering) that hold two or more checkers after it and did not before are the points it
makes ("makes the 5 point", "makes 2 points: 5, 4"). When both sides' checkers are all in
their home boards after the turn, the one-sided bear-off database
(``games.backgammon.bearoff``), which is also what judges such a position in the
search, gives the mover's chance to bear off first: "the database says 83% to bear off
first" (cubeless, the opponent rolling next).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from games.backgammon import bearoff
from games.backgammon.notation import BAR
from games.base import Move, Phrase

if TYPE_CHECKING:
    from games.backgammon.rules import BackgammonState

HITS = ("hits a blot", "hits {count} blots")
MAKES_POINT = "makes the {point} point"
MAKES_POINTS = "makes {count} points: {points}"
DATABASE = "the database says {percent} to bear off first"
PHRASE_TEXTS = (*HITS, MAKES_POINT, MAKES_POINTS, DATABASE)
"""Every text a backgammon phrase can have (``Explanations.phrase_texts``)."""


def line_phrases(state: BackgammonState, line: Sequence[Move]) -> list[Phrase]:
    """What the turn ``line[0]`` (a legal move of ``state``) does: the database's chance
    to bear off first when it leads to a race of both home boards, else its hits and
    the points it makes. Nothing for a cube action, an empty turn or a turn that wins
    (the search's verdict says that)."""
    if not line or not state.dice or isinstance(line[0], str) or not line[0]:
        return []
    mover = state.player
    after = state.apply(line[0])
    if after.outcome() is not None:
        return []
    own_before, own_after = state.checkers(mover), after.checkers(mover)
    other_before, other_after = state.checkers(1 - mover), after.checkers(1 - mover)
    database = _bear_off_chance(own_after, other_after)
    if database is not None:
        return [Phrase(DATABASE, fields=(("percent", database),))]
    phrases = []
    hits = other_after[BAR] - other_before[BAR]
    if hits > 0:
        phrases.append(Phrase(HITS[0], HITS[1], count=hits))
    made = [point for point in range(24, 0, -1) if own_before[point] < 2 <= own_after[point]]
    if len(made) == 1:
        phrases.append(Phrase(MAKES_POINT, fields=(("point", str(made[0])),)))
    elif made:
        phrases.append(Phrase(MAKES_POINTS, count=len(made), fields=(("points", ", ".join(map(str, made))),)))
    return phrases


def _bear_off_chance(own: tuple[int, ...], other: tuple[int, ...]) -> float | None:
    """The chance (0..1) that the side with ``own`` checkers bears off first when the side
    with ``other`` rolls next, both all home (by the database); ``None`` otherwise, or
    when the database cannot be read."""
    mine, theirs = bearoff.home_of(own), bearoff.home_of(other)
    if mine is None or theirs is None:
        return None
    try:
        return 1.0 - bearoff.race_probabilities(theirs, mine)[0]
    except (bearoff.BearoffError, OSError):
        return None
