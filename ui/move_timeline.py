"""What led to the shown position, and since when: for views that show a computer's move
happening (backgammon's checkers stepping, dice rolling) and for moves a view plays for
the person (a forced move).

The *arrival* of the shown position is the last move a player made before it (chance
outcomes after it, like the roll that follows, belong to the same arrival). A view gets
the arrival's moves as ``BoardDecorations.recent`` and the seconds since it began as
``BoardDecorations.since``; the moves a person made are left out (they saw them made).
"""
from __future__ import annotations

import time
from collections.abc import Hashable

from games.base import CHANCE, State

AUTOMATIC_MOVE_PAUSE = 0.8
"""Seconds a move the view plays for the person (``BoardView.automatic_move``) waits
after the position's arrival has been shown, so that the person sees why."""


def arrival_start(movers: list[int], shown: int) -> int:
    """The index of the first move of the arrival of the position after ``shown`` moves:
    the last player's move before it (with the chance outcomes after that), or the chance
    outcomes alone when no player has moved yet."""
    start = shown
    while start > 0 and movers[start - 1] == CHANCE:
        start -= 1
    if start > 0:
        start -= 1
    return start


class MoveTimeline:
    """Keeps the time at which the shown position's arrival began (see the module
    docstring); ``clock`` gives seconds (``time.monotonic`` unless a test gives another)."""

    def __init__(self, clock=time.monotonic) -> None:
        self._clock = clock
        self._key: tuple | None = None
        self._began = clock()

    def observe(self, session) -> tuple[tuple[tuple[State, Hashable, int], ...], float]:
        """The shown position's arrival in ``session`` (a ``GameSession``) as
        ``(state before, move, mover)`` entries, oldest first, without a person's moves,
        and the seconds since it began."""
        shown = session.shown_index()
        movers = session.record.movers
        start = arrival_start(movers, shown)
        key = (id(session.record.states[0]), id(session.record.states[start]), start)
        if key != self._key:
            self._key, self._began = key, self._clock()
        states, moves = session.record.states, session.record.moves
        recent = [(states[index], moves[index], movers[index]) for index in range(start, shown)]
        if recent and recent[0][2] != CHANCE and not session.players[recent[0][2]].is_ai:
            recent = recent[1:]
        return tuple(recent), self._clock() - self._began

    def skip(self) -> None:
        """End the arrival's animation now (the person acted: the board shows the live
        position at once)."""
        self._began = self._clock() - 1e6

    def automatic_move(self, session, view) -> tuple[Hashable, str] | None:
        """The move ``view`` (a ``BoardView``) plays for the person now, with its sentence:
        when the person is to move in the live position, the view has one
        (``automatic_move``), and the arrival's animation and ``AUTOMATIC_MOVE_PAUSE``
        are over; else ``None``."""
        if session.record.result is not None or session.view_index is not None or not session.human_to_move():
            return None
        answer = view.automatic_move(session.record.state)
        if answer is None:
            return None
        recent, since = self.observe(session)
        if since < view.arrival_seconds(session.record.state, recent) + AUTOMATIC_MOVE_PAUSE:
            return None
        return answer
