"""Watch mode's controls: pause, step, the delay between moves, and the next game.

When the computer plays both sides, a class watches: ``WatchControl`` decides when the
next search may start (not while paused, not before the delay after the last move has
passed, once per Step), pauses while someone looks back at an earlier position, and
schedules the next game after one ends. Times are seconds of the monotonic clock ``now`` it is given
(the session's). No pygame here.
"""
from __future__ import annotations

import time
from collections.abc import Callable

NEXT_GAME_SECONDS = 4.0
"""A finished game stays on screen this long before the next starts."""
MAXIMUM_DELAY = 10.0
"""The longest delay between moves (seconds) the app accepts."""


class WatchControl:
    """Pause, step and timing of watch mode (see the module docstring).

    ``paused`` stops the computers; ``paused_for_review`` is true when the pause came
    from looking at an earlier position (returning to the live position resumes);
    ``move_delay`` is the pause between moves in seconds; ``now`` the monotonic clock
    (seconds) every time here is read from.
    """

    def __init__(self, move_delay: float = 0.6, now: Callable[[], float] = time.monotonic) -> None:
        self._now = now
        self.paused = False
        self.paused_for_review = False
        self.move_delay = move_delay
        self._step_requested = False
        self._next_search_at = 0.0
        self._restart_at: float | None = None

    def set_paused(self, paused: bool) -> None:
        """Pause or resume by the person's choice (clears a review pause's reason)."""
        self.paused = paused
        self.paused_for_review = False
        self._step_requested = False

    def pause_for_review(self) -> bool:
        """Pause because an earlier position is shown; True if this paused the match
        (False if it was paused already)."""
        if self.paused:
            return False
        self.paused = self.paused_for_review = True
        self._step_requested = False
        return True

    def end_review(self) -> None:
        """The live position is shown again: resume if the pause was only for the review."""
        if self.paused_for_review:
            self.paused = self.paused_for_review = False

    def request_step(self) -> None:
        """While paused: allow exactly one more computer move, at once."""
        if self.paused:
            self.paused_for_review = False
            self._step_requested = True
            self._next_search_at = 0.0

    def may_search(self) -> bool:
        """Whether a computer may start its search now."""
        if self.paused and not self._step_requested:
            return False
        return self._now() >= self._next_search_at

    def search_started(self) -> None:
        """A computer started its search (a requested step is used up)."""
        self._step_requested = False

    def move_played(self) -> None:
        """A move was played now: the next search waits ``move_delay``."""
        self._next_search_at = self._now() + self.move_delay

    def seconds_to_next_move(self) -> float:
        """How long until the next search may start (0: now)."""
        return max(0.0, self._next_search_at - self._now())

    def game_finished(self) -> None:
        """The game ended now: the next one starts ``NEXT_GAME_SECONDS`` later."""
        self._restart_at = self._now() + NEXT_GAME_SECONDS

    def cancel_restart(self) -> None:
        """The game goes on after all (takeback, play from here): no next game is due."""
        self._restart_at = None

    def seconds_to_next_game(self) -> float | None:
        """Seconds until the next game starts, or ``None`` when none is scheduled."""
        if self._restart_at is None:
            return None
        return max(0.0, self._restart_at - self._now())

    def restart_due(self) -> bool:
        """Whether the next game should start now (scheduled, due, not paused)."""
        return self._restart_at is not None and not self.paused and self._now() >= self._restart_at
