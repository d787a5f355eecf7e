"""Rollouts: the value of each candidate move by Monte Carlo sampling of whole games.

For games with chance (backgammon's dice), a **rollout** plays many games on from the
position after each candidate move, every side choosing its moves by a fixed, fast
policy (the evaluation's best child, "0-ply"), and averages the results. The course
calls it Monte Carlo sampling of chance: the average converges to the policy's true
value as the games grow in number, and its error shrinks like 1/sqrt(games).

* **The same dice for every candidate** (common random numbers, a variance reduction):
  game ``i`` of every candidate draws its chance outcomes from one random stream
  seeded by ``(seed, i)``, so two candidates are compared on the same luck, and their
  *difference* is far surer than either value.
* **Truncation** where the evaluation is reliable: a game stops early at a chance node
  (the dice still to roll) that ``settled`` accepts (backgammon: a bear-off, judged by
  the bear-off database), or after ``truncate_after`` decisions (0: never), and scores
  the evaluation there.
* A 95% interval of each mean (1.96 standard errors). ``Rollout.step`` plays one game
  for every candidate, so the caller (a background thread) can report progress and
  stop between steps; ``stop_event`` is also checked between games.

Values are in the score units of ``evaluate`` (thousandths of a point in backgammon)
from the point of view of the player who chooses among the candidates; a finished
game counts ``utility * ai.types.UTILITY_SCALE``. Fixed-rule decisions (backgammon's
cube) follow ``policy_move``.
"""
from __future__ import annotations

import math
import random
import threading
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field

from ai.types import UTILITY_SCALE
from games.base import CHANCE, KnownMove, State

Evaluate = Callable[[State, int], int]
EvaluateBatch = Callable[[Sequence[State], int], Sequence[int]]


@dataclass
class CandidateResult:
    """One candidate's rollout so far: the games' values (the chooser's view)."""

    move: Hashable
    values: list[float] = field(default_factory=list)

    @property
    def games(self) -> int:
        """Games played from this candidate."""
        return len(self.values)

    @property
    def mean(self) -> float:
        """The mean value (score units, the chooser's view); 0 before any game."""
        return sum(self.values) / len(self.values) if self.values else 0.0

    @property
    def half_width(self) -> float:
        """Half the 95% interval of the mean (1.96 standard errors); infinite below 2 games."""
        count = len(self.values)
        if count < 2:
            return math.inf
        mean = self.mean
        variance = sum((value - mean) ** 2 for value in self.values) / (count - 1)
        return 1.96 * math.sqrt(variance / count)


class Rollout:
    """A rollout of the candidate ``moves`` of the decision node ``state`` (see the
    module docstring). Does not validate that the moves are legal there."""

    def __init__(self, state: State, moves: Sequence[Hashable], evaluate: Evaluate, *,
                 evaluate_batch: EvaluateBatch | None = None,
                 policy_move: Callable[[State], KnownMove | None] | None = None,
                 settled: Callable[[State], bool] | None = None,
                 truncate_after: int = 0, seed: int = 1, max_decisions: int = 10_000) -> None:
        self.state = state
        self.chooser = state.to_move()
        self.evaluate = evaluate
        self.evaluate_batch = evaluate_batch or (lambda states, player: [evaluate(s, player) for s in states])
        self.policy_move = policy_move
        self.settled = settled
        self.truncate_after = truncate_after
        self.seed = seed
        self.max_decisions = max_decisions
        self.candidates = [CandidateResult(move) for move in moves]

    @property
    def games_done(self) -> int:
        """Games played from every candidate so far."""
        return min((candidate.games for candidate in self.candidates), default=0)

    def step(self) -> None:
        """Play the next game (the same dice) from every candidate."""
        number = self.games_done
        for candidate in self.candidates:
            random_stream = random.Random(f"{self.seed}/{number}")
            candidate.values.append(self._play(self.state.apply(candidate.move), random_stream))

    def run(self, games: int, stop_event: threading.Event | None = None,
            progress: Callable[[Rollout], None] | None = None) -> list[CandidateResult]:
        """Play until every candidate has ``games`` games, or ``stop_event`` is set;
        ``progress`` is called after each game. The candidates, best mean first."""
        while self.games_done < games and not (stop_event is not None and stop_event.is_set()):
            self.step()
            if progress is not None:
                progress(self)
        return self.ranking()

    def ranking(self) -> list[CandidateResult]:
        """The candidates, best mean first (for the chooser)."""
        return sorted(self.candidates, key=lambda candidate: -candidate.mean)

    def _play(self, state: State, random_stream: random.Random) -> float:
        """One game from ``state`` by the policy; its value for the chooser. A game is
        cut (``settled``, ``truncate_after``) only at a chance node, where the
        evaluation judges the position before the dice are rolled."""
        decisions = 0
        while True:
            result = state.outcome()
            if result is not None:
                return result.utility(self.chooser) * UTILITY_SCALE
            mover = state.to_move()
            if mover == CHANCE:
                if (self.settled is not None and self.settled(state)) or decisions >= self.max_decisions or \
                        (self.truncate_after and decisions >= self.truncate_after):
                    return float(self.evaluate(state, self.chooser))
                outcomes = state.chance_outcomes()
                state = state.apply(random_stream.choices([outcome for outcome, _ in outcomes],
                                                          [probability for _, probability in outcomes])[0])
                continue
            known = self.policy_move(state) if self.policy_move is not None else None
            if known is not None:
                state = state.apply(known.move)
                continue
            state = self._best_child(state, mover)
            decisions += 1

    def _best_child(self, state: State, mover: int) -> State:
        """The child the evaluation likes best for ``mover`` (a finished game by its result)."""
        children = [state.apply(move) for move in state.legal_moves()]
        if len(children) == 1:
            return children[0]
        values: list[float | None] = []
        open_children, open_at = [], []
        for child in children:
            result = child.outcome()
            if result is not None:
                values.append(result.utility(mover) * UTILITY_SCALE)
            else:
                values.append(None)
                open_at.append(len(values) - 1)
                open_children.append(child)
        for at, value in zip(open_at, self.evaluate_batch(open_children, mover)):
            values[at] = value
        best = max(range(len(children)), key=lambda at: values[at])
        return children[best]
