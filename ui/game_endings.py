"""Ending a game without a last move: resignation, a draw offer, a draw claim.

``GameEndings`` is a part of ``ui.session.GameSession`` (``session.endings``): a person
may resign, offer the computer a draw (it accepts when it is not better), or claim a
draw the rules allow (chess: threefold repetition, the 50-move rule); the computer
claims such a draw itself when it is not winning. It reads the game through the small
``EndedGame`` protocol and ends it through the ``finish`` it is given. No pygame here.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from games.base import CHANCE, FIRST, Outcome, opponent
from ui.i18n import format_number, mark, tr, tr_known

if TYPE_CHECKING:
    from games.registry import GameEntry
    from ui.game_record import GameRecord
    from ui.player_settings import PlayerSettings


class EndedGame(Protocol):
    """What ``GameEndings`` reads of the game it may end (``GameSession`` provides it)."""

    entry: GameEntry
    record: GameRecord
    """The game so far (read anew each time: a new game brings a new record)."""
    players: Sequence[PlayerSettings]
    view_index: int | None
    """The earlier position shown, or ``None`` for the live one."""

    @property
    def humans(self) -> list[int]:
        """The sides a person plays."""

    def human_to_move(self) -> bool:
        """Whether the live position waits for a person's move."""


class GameEndings:
    """Resign, offer and claim draws in ``game`` (see the module docstring); ``finish``
    ends the game with an ``Outcome`` (the session stops the clocks and the search)."""

    def __init__(self, game: EndedGame, finish: Callable[[Outcome], None]) -> None:
        self._game = game
        self._finish = finish

    def resign(self) -> str | None:
        """The person to move (or the only person playing) gives up: the other side wins
        "by resignation". Returns a reason when that is not possible now."""
        game = self._game
        if game.record.result is not None:
            return tr("The game is over.")
        humans = game.humans
        if not humans:
            return tr("Only a person can resign.")
        mover = game.record.state.to_move()
        side = mover if mover in humans else humans[0]
        self._finish(Outcome(opponent(side), mark("resignation")))
        return None

    def draw_claim(self) -> str:
        """The draw the person to move may claim now, in words ("" if none)."""
        game = self._game
        if game.record.result is not None or game.view_index is not None or not game.human_to_move():
            return ""
        return game.record.state.draw_claim()

    def claim_draw(self) -> str | None:
        """The person to move claims the draw the rules allow (threefold repetition, the
        50-move rule in chess). Returns a reason when there is none to claim."""
        claim = self.draw_claim()
        if not claim:
            return tr("There is no draw to claim in this position.")
        self._finish(Outcome(None, f"{claim} (claimed)", 0))
        return None

    def offer_draw(self) -> tuple[bool, str]:
        """The person offers the computer a draw; it accepts when its evaluation of the
        position says it is not better (a score of 0 or less from its point of view:
        the latest noise-free search of the position, else the game's evaluation).
        Returns ``(accepted, words for people)``; accepted ends the game."""
        if self._game.record.result is not None:
            return False, tr("The game is over.")
        rules = self._game.entry.game
        if not rules.can_draw:
            return False, tr("{game} has no draws.", game=tr_known(rules.title))
        computers = [side for side in (0, 1) if self._game.players[side].is_ai]
        if len(computers) != 1:
            return False, tr("A draw offer is for a game against the computer.")
        side = computers[0]
        value = self._computer_view(side)
        if value > 0:
            return False, tr("The computer declines: it thinks it is better ({value}).",
                             value=format_number(value / 100, "+.2f"))
        self._finish(Outcome(None, mark("agreement"), 0))
        return True, tr("The computer accepts the draw.")

    def computer_claims_draw(self, side: int) -> bool:
        """Before the computer (``side``) moves: it claims the draw the rules allow when it
        is not winning. True if it did (the game is over)."""
        claim = self._game.record.state.draw_claim()
        if claim and self._computer_view(side) <= 0:
            self._finish(Outcome(None, f"{claim} (claimed)", 0))
            return True
        return False

    def _computer_view(self, side: int) -> int:
        """How good the live position is for ``side`` in centi-units: its latest
        evaluation, else the game's static evaluation."""
        record = self._game.record
        evaluation, _ = record.evaluation_at(record.length)
        if evaluation is not None:
            value = evaluation.score.value
            return value if side == FIRST else -value
        if record.state.to_move() == CHANCE:
            return 0
        return self._game.entry.evaluate(record.state, side)

