"""A rollout's work, away from the window's thread: in a process of its own, or a thread.

``RolloutProcessJob`` plays the games in a child process (``multiprocessing``, started
afresh: "spawn") at a lower scheduling priority: a thread of the app's own process
running pure Python shares the interpreter lock with the window's thread, which then
waits for its turns and drops frames, the more so on a busy machine
(``bench/ui_fps.py``); a process shares nothing. The child rebuilds the game from its
registry id, the position from its text and the candidates from their notation, and
sends its figures after each game of every candidate. ``RolloutJob`` runs a rollout
object in a daemon thread instead (a game the registry does not know, and tests).

Both are used from the window's thread only: ``update`` (every frame) takes in what the
work reported and never waits; ``progress`` is the latest ``RolloutProgress``; ``stop``
returns at once and the work ends within one decision (the evaluation checks the stop);
``error`` says why it failed, for people. No pygame here.
"""
from __future__ import annotations

import math
import multiprocessing
import multiprocessing.synchronize
import os
import threading
import time
import traceback
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection

from ai.rollout import Rollout
from games.base import KnownMove, State
from games.registry import GameEntry, get_game
from ui.i18n import tr
from ui.storage import log_event

TRUNCATE_AFTER = 10
"""Decisions (five turns a side) after which a truncated rollout's game is cut and judged
by the evaluation; 0 would play every game to its end."""
ROLLOUT_SEED = 1
"""The dice of a rollout: the same for every candidate, and the same each time a
position is rolled out (so a class sees the same figures)."""
StopEvent = threading.Event | multiprocessing.synchronize.Event
"""A stop asked from another thread or process."""
CHILD_NICENESS = 10
"""How much lower the child process's scheduling priority is (where the system allows it)."""


class _Stopped(Exception):
    """Raised inside a game by the evaluation once a stop is asked (ends it at once)."""


@dataclass(frozen=True)
class RolloutLine:
    """One candidate's figures so far: ``mean`` and ``half_width`` (half the 95%
    interval; infinite below 2 games) in the game's score units from the point of view
    of the player choosing among the candidates."""

    move: Hashable
    mean: float
    half_width: float


@dataclass(frozen=True)
class RolloutProgress:
    """A rollout as far as it got: ``games`` played from every candidate of
    ``target``; ``lines`` in the search's order of the candidates; ``full`` when the
    games are played to their end (not truncated); ``truncate_after`` the decisions
    after which a truncated game is judged."""

    games: int
    target: int
    lines: tuple[RolloutLine, ...]
    full: bool = False
    truncate_after: int = TRUNCATE_AFTER

    def leader(self) -> RolloutLine | None:
        """The candidate with the best mean so far (``None`` before the first game)."""
        if not self.games or not self.lines:
            return None
        return max(self.lines, key=lambda line: line.mean)

    def ranking(self) -> list[RolloutLine]:
        """The lines, best mean first."""
        return sorted(self.lines, key=lambda line: -line.mean)


def build_rollout(entry: GameEntry, state: State, moves: Sequence[Hashable], full: bool = False,
                  stop_event: StopEvent | None = None, seed: int = ROLLOUT_SEED) -> Rollout:
    """A ``Rollout`` of ``moves`` at ``state`` wired to ``entry``'s game: its evaluation
    (and batch evaluation, when the entry has one), the game's fixed-rule decisions,
    games cut where ``entry.evaluation_source`` calls the judgement exact and, unless
    ``full``, after ``TRUNCATE_AFTER`` decisions. Once ``stop_event`` is set, the next
    evaluation raises ``_Stopped`` (a stop takes effect within one decision)."""
    evaluate = entry.evaluate
    batch = entry.evaluate_batch
    rule = entry.policy_move
    policy: Callable[[State], KnownMove | None] | None = \
        (lambda position: rule(position, False)) if rule is not None else None

    def checked_evaluate(position: State, player: int) -> int:
        if stop_event is not None and stop_event.is_set():
            raise _Stopped
        return evaluate(position, player)

    def checked_batch(positions: Sequence[State], player: int) -> Sequence[int]:
        if stop_event is not None and stop_event.is_set():
            raise _Stopped
        return batch(positions, player) if batch is not None else [evaluate(position, player)
                                                                  for position in positions]

    source = entry.evaluation_source
    settled = (lambda position: source(position)[1]) if source is not None else None
    return Rollout(state, moves, checked_evaluate, evaluate_batch=checked_batch, policy_move=policy,
                   settled=settled, truncate_after=0 if full else TRUNCATE_AFTER, seed=seed)


def progress_of(rollout: Rollout, target: int, full: bool) -> RolloutProgress:
    """A snapshot of ``rollout`` (each candidate's first ``games_done`` games: a game
    cut short by a stop is not counted)."""
    games = rollout.games_done
    lines = []
    for candidate in rollout.candidates:
        values = candidate.values[:games]
        mean = sum(values) / games if games else 0.0
        if games >= 2:
            variance = sum((value - mean) ** 2 for value in values) / (games - 1)
            half_width = 1.96 * math.sqrt(variance / games)
        else:
            half_width = math.inf
        lines.append(RolloutLine(candidate.move, mean, half_width))
    return RolloutProgress(games, target, tuple(lines), full, rollout.truncate_after)


class RolloutJob:
    """One rollout (``rollout``, to ``games`` games a candidate) in a daemon thread (see
    the module docstring); ``progress`` is replaced after each game of every candidate.
    ``stop_event`` is the one the rollout's evaluation checks (``build_rollout``)."""

    def __init__(self, rollout: Rollout, games: int, stop_event: threading.Event, full: bool = False) -> None:
        self.games = games
        self.full = full
        self._stop = stop_event
        self._done = threading.Event()
        self.error = ""
        self.progress = progress_of(rollout, games, full)
        self._thread = threading.Thread(target=self._run, args=(rollout,), name="rollout", daemon=True)
        self._thread.start()

    def _run(self, rollout: Rollout) -> None:
        try:
            while rollout.games_done < self.games and not self._stop.is_set():
                rollout.step()
                self.progress = progress_of(rollout, self.games, self.full)
        except _Stopped:
            pass
        except Exception as error:  # never reaches the window: the panel says it
            self.error = tr("the rollout failed: {error}", error=f"{type(error).__name__}: {error}")
            log_event(f"rollout failed: {traceback.format_exc()}")
        finally:
            self._done.set()

    @property
    def running(self) -> bool:
        """True until the work has ended (finished, failed or stopped)."""
        return not self._done.is_set()

    @property
    def stopped(self) -> bool:
        """True once ``stop`` was asked."""
        return self._stop.is_set()

    def stop(self) -> None:
        """Ask the rollout to end (within one decision); returns at once."""
        self._stop.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait up to ``timeout`` seconds for the thread to end; True if it has (tests, benchmarks)."""
        return self._done.wait(timeout)

    def update(self) -> None:
        """Nothing to take in: the thread replaces ``progress`` itself."""


def _rollout_in_process(game_id: str, position: str, moves: Sequence[str], games: int, full: bool, seed: int,
                        connection: Connection, stop_event: StopEvent) -> None:
    """The child process's work: the rollout of ``moves`` (the game's notation) at
    ``position`` (its position text), ``(games, [(mean, half width), ...])`` sent after
    each game of every candidate, then ``("done", "")``, or ``("error", text)``. Ends
    quietly when the window no longer listens."""
    try:
        if hasattr(os, "nice"):
            try:
                os.nice(CHILD_NICENESS)
            except OSError:
                pass
        entry = get_game(game_id)
        state = entry.game.parse_position(position)
        rollout = build_rollout(entry, state, [state.parse_move(text) for text in moves], full, stop_event, seed)
        while rollout.games_done < games and not stop_event.is_set():
            rollout.step()
            progress = progress_of(rollout, games, full)
            if not _send(connection, (progress.games, [(line.mean, line.half_width) for line in progress.lines])):
                return
        _send(connection, ("done", ""))
    except _Stopped:
        _send(connection, ("done", ""))
    except Exception as error:  # reported to the window, which says it
        _send(connection, ("error", f"{type(error).__name__}: {error}\n{traceback.format_exc()}"))
    finally:
        connection.close()


def _send(connection: Connection, message: tuple) -> bool:
    """Send ``message`` to the window; False when it no longer listens (gone, or the job dropped)."""
    try:
        connection.send(message)
        return True
    except OSError:  # a broken pipe
        return False


class RolloutProcessJob:
    """One rollout (``moves`` at ``state`` of ``entry``'s game, ``games`` a candidate) in
    a child process (see the module docstring). Needs a game of the registry whose
    position text and move notation read back as the same state and moves."""

    def __init__(self, entry: GameEntry, state: State, moves: Sequence[Hashable], games: int, full: bool = False,
                 seed: int = ROLLOUT_SEED) -> None:
        self.games = games
        self.full = full
        self.moves = list(moves)
        self.error = ""
        self.progress = RolloutProgress(0, games, tuple(RolloutLine(move, 0.0, math.inf) for move in self.moves),
                                        full, 0 if full else TRUNCATE_AFTER)
        context = multiprocessing.get_context("spawn")
        self._stop = context.Event()
        self._done = False
        self._ended = False
        receiving, sending = context.Pipe(duplex=False)
        self._connection = receiving
        self._process = context.Process(
            target=_rollout_in_process, name="rollout", daemon=True,
            args=(entry.id, state.to_text(), [state.move_to_text(move) for move in self.moves], games, full, seed,
                  sending, self._stop))
        self._process.start()
        sending.close()  # the child's end: the parent keeps only its own

    def update(self) -> None:
        """Take in the figures the child sent since the last call (never waits)."""
        if self._done:
            return
        try:
            while not self._ended and self._connection.poll():
                self._receive(self._connection.recv())
                if self._done:
                    return
        except (EOFError, OSError):  # the child closed its end: it is ending
            self._ended = True
        if not self._process.is_alive():
            self._finish(self._process.exitcode)

    def _receive(self, message: tuple) -> None:
        kind, payload = message
        if kind == "done":
            self._finish(0)
        elif kind == "error":
            self.error = tr("the rollout failed: {error}", error=payload.splitlines()[0])
            log_event(f"rollout failed: {payload}")
            self._finish(0)
        else:
            lines = tuple(RolloutLine(move, mean, half_width) for move, (mean, half_width) in zip(self.moves, payload))
            self.progress = RolloutProgress(kind, self.games, lines, self.full, self.progress.truncate_after)

    def _finish(self, exit_code: int | None) -> None:
        if not self._done and exit_code not in (0, None) and not self.stopped and not self.error:
            self.error = tr("the rollout's process ended unexpectedly (exit code {code})", code=exit_code)
        self._done = True
        self._connection.close()

    @property
    def running(self) -> bool:
        """True until the work has ended (finished, failed or stopped), as last taken in."""
        return not self._done

    @property
    def stopped(self) -> bool:
        """True once ``stop`` was asked."""
        return self._stop.is_set()

    def stop(self) -> None:
        """Ask the child to end (within one decision); returns at once."""
        self._stop.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Take in reports until the work has ended or ``timeout`` seconds passed; True if
        it has ended (tests and benchmarks: the window never waits)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while self.running and (deadline is None or time.monotonic() < deadline):
            self.update()
            if self.running:
                self._connection.poll(0.05)
        return not self.running
