"""Rollouts of a search's candidate moves in the window (games with chance: backgammon).

The engine panel lists a search's candidates (the hint list). ``RolloutControl``
rolls the best of them (``ROLLOUT_CANDIDATES``) out with ``ai.rollout.Rollout``: many
games played on from each by the 0-ply policy, the same dice for every candidate, each
game cut where the game's evaluation is exact (``GameEntry.evaluation_source``:
backgammon's bear-off database) and, unless whole games are asked for, after
``TRUNCATE_AFTER`` decisions. The work runs in a child process (``ui.rollout_jobs``:
the window's thread keeps the interpreter to itself), or in a thread for a game the
registry does not know; the window reads the latest ``RolloutProgress`` every frame
and never waits. A rollout never plays a move.

A rollout belongs to the position its candidates were searched in, while that position
is the one shown: ``follow`` (called every frame) drops it as soon as another position
is shown (a move played, a takeback, a new game, another position picked in the move
list), and the session drops it when a hint starts or the game is left. No pygame here.
"""
from __future__ import annotations

import threading
from collections.abc import Hashable, Sequence

from games.base import State
from games.registry import GAMES, GameEntry
from ui.i18n import tr
from ui.rollout_jobs import RolloutJob, RolloutProcessJob, RolloutProgress, build_rollout
from ui.search_control import SearchControl, SearchRecord

ROLLOUT_CANDIDATES = 6
"""At most this many of the search's best candidates are rolled out."""
ROLLOUT_GAMES = 1296
"""Games played from each candidate (36 x 36, as GNU Backgammon's default)."""


def candidate_moves(record: SearchRecord) -> list[Hashable]:
    """The first ``ROLLOUT_CANDIDATES`` moves of ``record``'s candidates (the search's
    order: the deepest values first, ``SearchRecord.candidates``), empty if it has none."""
    return [move for move, _score, _exact, _depth in record.candidates()[:ROLLOUT_CANDIDATES]]


class RolloutControl:
    """The window's rollout (at most one; see the module docstring) for ``entry``'s game."""

    def __init__(self, entry: GameEntry) -> None:
        self.entry = entry
        self.job: RolloutJob | RolloutProcessJob | None = None
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
        ``full`` plays every game to its end instead of truncating it. In a child
        process when the game can be handed over as text, else in a thread."""
        self.drop()
        moves = candidate_moves(record)
        self.record, self.state, self.ply = record, record.state, record.ply
        if self._travels_as_text(record.state, moves):
            self.job = RolloutProcessJob(self.entry, record.state, moves, ROLLOUT_GAMES, full)
        else:
            stop_event = threading.Event()
            self.job = RolloutJob(build_rollout(self.entry, record.state, moves, full, stop_event), ROLLOUT_GAMES,
                                  stop_event, full)

    def _travels_as_text(self, state: State, moves: Sequence[Hashable]) -> bool:
        """Whether a child process can rebuild ``state`` and ``moves`` from the registry's
        game, the position text and the move notation."""
        if GAMES.get(self.entry.id) is not self.entry:
            return False
        try:
            copy = self.entry.game.parse_position(state.to_text())
            return copy == state and all(copy.parse_move(state.move_to_text(move)) == move for move in moves)
        except ValueError:  # the game's GameError too
            return False

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
        """Every frame: take in the rollout's figures, and drop the rollout when the
        position shown is no longer the one rolled out."""
        if self.job is None:
            return
        if shown_ply != self.ply or shown_state != self.state:
            self.drop()
        else:
            self.job.update()

    def belongs_to(self, record: SearchRecord | None) -> bool:
        """True when the rollout on hand is of ``record``'s candidates."""
        return self.job is not None and record is not None and record is self.record

