"""Which sound a game in the window calls for, and when: once for each move as it is
played (a person's, the computer's, a roll of the dice) and once for the end of a game.

``SoundCues`` watches a ``GameSession`` frame by frame and compares it with what it saw
last: moves added to the same game are new (their sounds play); a game that arrived
already played (loaded, pasted, resumed: the cues begin with it), moves taken back,
looking back through the move list and playing on from an earlier move make no sound.
Nothing here knows a game: a move made where ``to_move()`` is ``CHANCE`` is a roll
("dice"), one the rules call a capture (``State.is_capture``) is a "capture". A roll the
view shows only after the computer's checkers have stepped (``BoardView.roll_shown_after``)
sounds then, not when it is made. No pygame.
"""
from __future__ import annotations

import time
from collections.abc import Callable

from games.base import CHANCE


def move_sound(session, index: int) -> str:
    """The sound of move ``index`` of ``session`` (a ``GameSession``): "dice" for a chance
    outcome, "capture" for a capture, else "move"."""
    before, move = session.record.states[index], session.record.moves[index]
    if before.to_move() == CHANCE:
        return "dice"
    return "capture" if before.is_capture(move) else "move"


def end_sound(session) -> str:
    """The sound of ``session``'s end: "loss" when the one person playing lost to the
    computer, "win" when a person won, else "end" (a draw, or computers only)."""
    result = session.record.result
    humans = session.humans
    if result is None or result.winner is None or not humans:
        return "end"
    return "win" if result.winner in humans else "loss"


class SoundCues:
    """The sounds ``session``'s changes call for (see the module docstring). ``play``
    receives each sound's name (``ui.sounds.SOUND_KINDS``); it is called from
    ``observe`` only, at most once a frame for each name."""

    def __init__(self, session, play: Callable[[str], object], clock: Callable[[], float] = time.monotonic) -> None:
        self._play = play
        self._clock = clock
        self._waiting: list[tuple[float, str]] = []  # (when, sound): rolls not shown yet
        self._begin(session)

    def _begin(self, session, moves: int | None = None) -> None:
        """Take ``session`` as seen, its first ``moves`` moves (default all) already heard."""
        self._record = session.record
        self._waiting = []
        self._heard = len(session.record.moves) if moves is None else moves
        self._last_state = session.record.states[self._heard]
        self._ended = session.record.result is not None and moves is None

    def observe(self, session, roll_delay: float = 0.0) -> list[str]:
        """Play the sounds of what changed in ``session`` since the last call (in order:
        the new moves, then the end), a new roll's ``roll_delay`` seconds later (when the
        view shows it), and the delayed ones now due; returns the names played now."""
        now = self._clock()
        sounds = [sound for when, sound in self._waiting if when <= now]
        self._waiting = [(when, sound) for when, sound in self._waiting if when > now]
        states = session.record.states
        if session.record is not self._record:  # a new game in the same window: every move in it is new
            self._begin(session, 0)
        elif len(states) <= self._heard or states[self._heard] is not self._last_state:
            self._begin(session)  # moves taken back (or the game rewritten): nothing to hear
        for index in range(self._heard, len(session.record.moves)):
            sound = move_sound(session, index)
            if sound == "dice" and roll_delay > 0:
                self._waiting.append((now + roll_delay, sound))
            elif sound not in sounds:
                sounds.append(sound)
        self._heard = len(session.record.moves)
        self._last_state = states[self._heard]
        if session.record.result is None:
            self._ended = False
        elif not self._ended:
            self._ended = True
            sounds.append(end_sound(session))
        for sound in sounds:
            self._play(sound)
        return sounds

    def hurry(self) -> None:
        """The delayed sounds play at the next ``observe`` (the person ended the animation)."""
        self._waiting = [(0.0, sound) for _, sound in self._waiting]
