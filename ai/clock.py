"""Time controls, the players' clocks, and how much of its clock the AI spends on a move.

All times are in seconds (floats). Clocks read a monotonic time source that tests can
replace.
"""
from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass

from ai.types import SearchLimits

OVERHEAD = 0.05
"""Seconds kept back per move for what happens around the search (thread hand-over,
the frame that applies the move)."""


@dataclass(frozen=True)
class TimeControl:
    """How long players may think.

    * ``kind == "fischer"``: each side starts with ``base`` seconds and gains
      ``increment`` after each of its moves; running out loses the game.
    * ``kind == "movetime"``: the AI thinks ``movetime`` seconds per move; humans are
      not timed.
    * ``kind == "none"``: no clock; the AI is limited by its depth (strength level).
    """

    kind: str = "none"
    base: float = 0.0
    increment: float = 0.0
    movetime: float = 0.0

    @classmethod
    def fischer(cls, base: float, increment: float = 0.0) -> TimeControl:
        """``base`` seconds per side plus ``increment`` seconds per move."""
        return cls("fischer", base=base, increment=increment)

    @classmethod
    def per_move(cls, seconds: float) -> TimeControl:
        """A fixed ``seconds`` of thinking per AI move."""
        return cls("movetime", movetime=seconds)

    @classmethod
    def unlimited(cls) -> TimeControl:
        """No clock at all."""
        return cls("none")

    @property
    def is_timed(self) -> bool:
        """True when players have clocks that can run out."""
        return self.kind == "fischer"

    def label(self) -> str:
        """Short text for menus: ``5+3`` (minutes+seconds), ``2 s/move``, ``No clock``."""
        if self.kind == "fischer":
            minutes = self.base / 60
            base = f"{minutes:g} min" if minutes >= 1 else f"{self.base:g} s"
            return f"{base} + {self.increment:g} s"
        if self.kind == "movetime":
            return f"{self.movetime:g} s/move"
        return "No clock"

    def to_text(self) -> str:
        """Machine form read back by ``parse``: ``fischer:300+3``, ``movetime:2``, ``none``."""
        if self.kind == "fischer":
            return f"fischer:{self.base:g}+{self.increment:g}"
        if self.kind == "movetime":
            return f"movetime:{self.movetime:g}"
        return "none"

    @classmethod
    def parse(cls, text: str) -> TimeControl:
        """Read ``to_text`` output; ``ValueError`` with an explanation if malformed."""
        cleaned = text.strip().lower()
        if cleaned == "none":
            return cls.unlimited()
        match = re.fullmatch(r"fischer:(\d+(?:\.\d+)?)\+(\d+(?:\.\d+)?)", cleaned)
        if match and float(match.group(1)) > 0:
            return cls.fischer(float(match.group(1)), float(match.group(2)))
        match = re.fullmatch(r"movetime:(\d+(?:\.\d+)?)", cleaned)
        if match and float(match.group(1)) > 0:
            return cls.per_move(float(match.group(1)))
        raise ValueError(f"bad time control {text!r}; expected e.g. fischer:300+3, movetime:2 or none")


def move_limits(control: TimeControl, remaining: float | None = None, depth: int | None = None,
                moves_to_go: int | None = None, strict: bool = False) -> SearchLimits:
    """The search limits for one AI move under ``control``; all times in seconds.

    ``remaining`` is the mover's clock for a Fischer control (the control's ``base``
    if not given); ``depth`` caps the iterations (strength level). The limits carry a
    time *budget* (``hard_time``/``soft_time``), which the engine ignores until its
    minimum depth is complete, and for Fischer an *absolute* limit that it never
    passes (``absolute_time``).

    * ``movetime``: a budget of the move time less ``OVERHEAD`` (at least 0.01 s), soft
      and hard alike: a new iteration may start until the end, since an engine that
      plays the best move of an iteration cut short (``ai.deadline``) loses nothing by
      it, and one that cannot still skips an iteration it does not expect to finish
      (``ai.deadline.hopeless_iteration``); no absolute limit, since nothing is
      lost by taking a little longer, so the minimum depth always completes. With
      ``strict`` (UCI's ``go movetime``, which a GUI may enforce) the move time less
      ``OVERHEAD`` is also the absolute limit.
    * ``fischer``: the AI aims at about a 25th of its usable time (a ``moves_to_go``-th
      plus one when the clock must last that many moves, as UCI's ``movestogo`` says)
      plus most of the increment, may run on to three times that to finish an
      iteration, and never past 40% of what is left. The absolute limit is the clock less ``OVERHEAD`` (half the
      clock when less than twice ``OVERHEAD`` is left), so that even the minimum depth
      cannot lose on time.
    * ``none``: only ``depth``.
    """
    if control.kind == "movetime":
        seconds = max(0.01, control.movetime - OVERHEAD)
        return SearchLimits(depth=depth, hard_time=seconds, soft_time=seconds,
                            absolute_time=seconds if strict else None)
    if control.kind == "fischer":
        left = max(0.0, remaining if remaining is not None else control.base)
        usable = max(0.0, left - OVERHEAD)
        share = 25 if not moves_to_go or moves_to_go <= 0 else min(25, moves_to_go + 1)
        target = usable / share + control.increment * 0.75
        hard = min(target * 3, usable * 0.4)
        if hard <= 0.0:  # less than the overhead left: answer at once
            hard = min(left * 0.25, 0.002)
        absolute = left - OVERHEAD if left > 2 * OVERHEAD else left / 2
        return SearchLimits(depth=depth, hard_time=hard, soft_time=min(target * 0.6, hard), absolute_time=absolute)
    return SearchLimits(depth=depth)


class GameClock:
    """The two players' clocks for one game; each side has its own ``TimeControl``.

    ``start(player)`` starts ``player``'s clock; ``stop()`` stops the running clock and
    adds that side's increment. ``remaining(player)`` is live while running and is
    ``None`` for a side whose control is not a Fischer clock (it can never run out).
    ``now`` is the time source (seconds, monotonic).
    """

    def __init__(self, controls: tuple[TimeControl, TimeControl], now: Callable[[], float] = time.monotonic) -> None:
        self.controls = controls
        self._now = now
        self._left = [controls[0].base, controls[1].base]
        self.running: int | None = None
        self._started_at = 0.0

    def remaining(self, player: int) -> float | None:
        """Seconds left for ``player`` now (never negative); ``None`` when untimed."""
        if not self.controls[player].is_timed:
            return None
        left = self._left[player]
        if self.running == player:
            left -= self._now() - self._started_at
        return max(0.0, left)

    def start(self, player: int) -> None:
        """Start ``player``'s clock (stopping any other without increment)."""
        if self.running is not None:
            self._settle()
        self.running = player
        self._started_at = self._now()

    def stop(self, add_increment: bool = True, at: float | None = None) -> None:
        """Stop the running clock; add its side's increment when ``add_increment``.

        ``at`` (a time of the clock's time source, not before the start) stops it as of
        that moment: the AI's clock stops when its search ended, not when the interface
        got round to playing the move."""
        if self.running is None:
            return
        player = self.running
        self._settle(at)
        if add_increment and self.controls[player].is_timed:
            self._left[player] += self.controls[player].increment
        self.running = None

    def flagged(self) -> int | None:
        """The player whose time has run out, if any."""
        for player in (0, 1):
            left = self.remaining(player)
            if left is not None and left <= 0.0:
                return player
        return None

    def snapshot(self) -> list[float]:
        """Both sides' seconds left now, for saving (an untimed side keeps its base)."""
        return [self._left[player] if self.remaining(player) is None else self.remaining(player) for player in (0, 1)]

    def set_remaining(self, first: float, second: float) -> None:
        """Restore both clocks (resuming a saved game); stops the running clock."""
        self.running = None
        self._left = [max(0.0, first), max(0.0, second)]

    def _settle(self, at: float | None = None) -> None:
        if self.running is not None:
            end = self._now() if at is None else min(self._now(), max(at, self._started_at))
            self._left[self.running] -= end - self._started_at
            self._left[self.running] = max(0.0, self._left[self.running])
