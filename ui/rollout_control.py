"""Rollouts of a search's candidate moves in the window (games with chance: backgammon).

The engine panel lists a search's candidates (the hint list). ``RolloutControl``
rolls the best of them (``ROLLOUT_CANDIDATES``) out with ``ai.rollout.Rollout``: many
games played on from each by the 0-ply policy, the same dice for every candidate, each
game cut where the game's evaluation is exact (``GameEntry.evaluation_source``:
backgammon's bear-off database) and, unless whole games are asked for, after
``TRUNCATE_AFTER`` decisions. The work runs in a daemon thread (``RolloutJob``, on the
pattern of ``ui.lab_jobs``); the window reads the latest ``RolloutProgress`` every
frame and never waits. A rollout never plays a move.

A rollout belongs to the position its candidates were searched in, while that position
is the one shown: ``follow`` (called every frame) drops it as soon as another position
is shown (a move played, a takeback, a new game, another position picked in the move
list), and the session drops it when a hint starts or the game is left. No pygame here.
"""
from __future__ import annotations

import math
import threading
import traceback
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

from ai.rollout import Rollout
from games.base import CHANCE, KnownMove, State
from games.registry import GameEntry
from ui.i18n import tr
from ui.search_control import SearchControl, SearchRecord
from ui.storage import log_event

ROLLOUT_CANDIDATES = 6
"""At most this many of the search's best candidates are rolled out."""
ROLLOUT_GAMES = 1296
"""Games played from each candidate (36 x 36, as GNU Backgammon's default)."""
TRUNCATE_AFTER = 10
"""Decisions (five turns a side) after which a truncated rollout's game is cut and judged
by the evaluation; 0 would play every game to its end."""
ROLLOUT_SEED = 1
"""The dice of a rollout: the same for every candidate, and the same each time a
position is rolled out (so a class sees the same figures)."""


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
                  stop_event: threading.Event | None = None, seed: int = ROLLOUT_SEED) -> Rollout:
    """A ``Rollout`` of ``moves`` at ``state`` wired to ``entry``'s game: its evaluation
    (and batch evaluation, when the entry has one), the game's fixed-rule decisions,
    games cut where ``entry.evaluation_source`` calls the judgement exact and, unless
    ``full``, after ``TRUNCATE_AFTER`` decisions. Once ``stop_event`` is set, the next
    evaluation raises ``_Stopped`` (a stop takes effect within one decision)."""
    evaluate = entry.evaluate
    batch = getattr(entry, "evaluate_batch", None)
    policy: Callable[[State], KnownMove | None] = getattr(entry, "policy_move", None) or \
        (lambda position: position.policy_move())

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
    """One rollout (``rollout``, to ``games`` games a candidate) in a daemon thread. Use
    from the window's thread only: ``progress`` is the latest snapshot (replaced after
    each game of every candidate), ``stop`` asks it to end within one decision and
    returns at once; ``error`` says why it failed, for people."""

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


def candidate_moves(record: SearchRecord) -> list[Hashable]:
    """The best ``ROLLOUT_CANDIDATES`` moves of ``record``'s latest candidate list (the
    search's order), empty if it has none."""
    rows = [info for info in record.rows if info.candidates and info.multipv == 1]
    if not rows:
        return []
    return [move for move, _score, _exact in rows[-1].candidates[:ROLLOUT_CANDIDATES]]


class RolloutControl:
    """The window's rollout (at most one; see the module docstring) for ``entry``'s game."""

    def __init__(self, entry: GameEntry) -> None:
        self.entry = entry
        self.job: RolloutJob | None = None
        self.record: SearchRecord | None = None
        """The search whose candidates are (or were) rolled out."""
        self.state: State | None = None
        self.ply = -1

    @property
    def available(self) -> bool:
        """Whether the game can roll out at all (it has chance)."""
        return self.entry.game.has_chance

    @property
    def running(self) -> bool:
        """True while a rollout plays its games."""
        return self.job is not None and self.job.running

    @property
    def progress(self) -> RolloutProgress | None:
        """The latest figures of the current (or last stopped or finished) rollout."""
        return self.job.progress if self.job is not None else None

    @property
    def error(self) -> str:
        """Why the rollout failed, for people ("" if it did not)."""
        return self.job.error if self.job is not None else ""

    @staticmethod
    def target(searches: SearchControl, shown_ply: int, watch_mode: bool) -> SearchRecord | None:
        """The search on screen whose candidates may be rolled out: a finished search
        with a candidate list, made in the position shown (``shown_ply``); in watch
        mode either computer's latest."""
        records = list(searches.latest_by_player.values()) if watch_mode else [searches.latest]
        for record in records:
            if record is not None and record.ply == shown_ply and not record.running and candidate_moves(record):
                return record
        return None

    def refusal(self, searches: SearchControl, shown_ply: int, watch_mode: bool, thinking: bool) -> str:
        """Why a rollout cannot start now, for people ("" if it can)."""
        if not self.available:
            return tr("Rollouts are for games with dice.")
        if thinking:
            return tr("Wait for the computer's move.")
        if self.target(searches, shown_ply, watch_mode) is not None:
            return ""
        records = list(searches.latest_by_player.values()) if watch_mode else [searches.latest]
        shown = [record for record in records if record is not None and candidate_moves(record)]
        if any(record.running for record in shown):
            return tr("Wait until the search has finished.")
        if shown:
            return tr("The candidates were searched in another position: go back to it in the move list first.")
        return tr("Ask for a hint (H) first: a rollout plays on from the candidates of a search.")

    def start(self, record: SearchRecord, full: bool = False) -> None:
        """Roll out ``record``'s best candidates (stopping any rollout running);
        ``full`` plays every game to its end instead of truncating it."""
        self.drop()
        stop_event = threading.Event()
        rollout = build_rollout(self.entry, record.state, candidate_moves(record), full, stop_event)
        self.record, self.state, self.ply = record, record.state, record.ply
        self.job = RolloutJob(rollout, ROLLOUT_GAMES, stop_event, full)

    def stop(self) -> bool:
        """Stop the running rollout, keeping its figures on screen; False if none ran."""
        if not self.running:
            return False
        self.job.stop()
        return True

    def drop(self) -> None:
        """Stop the rollout and forget it (its position is no longer shown)."""
        if self.job is not None:
            self.job.stop()
        self.job, self.record, self.state, self.ply = None, None, None, -1

    def follow(self, shown_ply: int, shown_state: State) -> None:
        """Drop the rollout when the position shown is no longer the one rolled out."""
        if self.job is not None and (shown_ply != self.ply or shown_state != self.state):
            self.drop()

    def belongs_to(self, record: SearchRecord | None) -> bool:
        """True when the rollout on hand is of ``record``'s candidates."""
        return self.job is not None and record is not None and record is self.record


def is_decision(state: State | None) -> bool:
    """True for a player's decision (not a chance node, not the end)."""
    return state is not None and not state.is_terminal() and state.to_move() != CHANCE
