"""The first player's win chance at a position of a game record, and at every position.

A win chance comes from the game's end when the position is it, else from the latest
noise-free search that applies there (``GameRecord.evaluation_at``): a forced or proven
result is 0, 0.5 or 1, any other score goes through the game's own ``win_chance``
(``GameEntry.win_chance``, so each game sets its own scale). The evaluation bar shows
one position's chance; the evaluation chart all of them.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ai.types import MATE_BOUND
from games.base import FIRST, Outcome
from ui.game_record import Evaluation, GameRecord


@dataclass(frozen=True)
class ChancePoint:
    """The first player's win chance (0..1) at one position, and whether it is proven
    (the game's end, a forced win or loss, or a value a search settled exactly, such as
    a solved game or backgammon's bear-off database)."""

    chance: float
    proven: bool


def chance_point(result: Outcome | None, evaluation: Evaluation | None,
                 win_chance: Callable[[int], float]) -> ChancePoint | None:
    """The point for a position whose end is ``result`` (``None``: not over) and to which
    ``evaluation`` applies (``None``: nothing searched); ``win_chance`` maps a heuristic
    score from the first player's point of view to a chance. ``None`` if nothing is known."""
    if result is not None:
        return ChancePoint(0.5 if result.winner is None else (1.0 if result.winner == FIRST else 0.0), True)
    if evaluation is None:
        return None
    value = evaluation.score.value
    if value >= MATE_BOUND:
        return ChancePoint(1.0, True)
    if value <= -MATE_BOUND:
        return ChancePoint(0.0, True)
    if evaluation.proven:
        return ChancePoint(0.5 if value == 0 else (1.0 if value > 0 else 0.0), True)
    return ChancePoint(win_chance(value), False)


def result_at(record: GameRecord, index: int) -> Outcome | None:
    """The end of the game if ``states[index]`` is it (the last position also counts a
    result the rules do not see, such as a time forfeit)."""
    return record.result if index == record.length else record.states[index].outcome()


def chances_along(record: GameRecord, win_chance: Callable[[int], float]) -> list[ChancePoint | None]:
    """The point of every position, ``states[0]`` to ``states[length]`` (``None`` where
    nothing is known: a gap, never a guess)."""
    return [chance_point(result_at(record, index), evaluation, win_chance)
            for index, (evaluation, _) in enumerate(record.evaluations_along())]
