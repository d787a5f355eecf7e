"""The record of one game: its positions, moves, clock readings and what searches said of them.

``GameRecord`` is plain data with the few operations a game's history needs: add a move,
cut the game back to an earlier position (takeback, "play from here"), and look up the
latest evaluation that applies to a position. It knows nothing of players, threads or
pygame.
"""
from __future__ import annotations

from bisect import bisect_right
from collections.abc import Hashable
from dataclasses import dataclass, field

from ai.types import Score
from games.base import CHANCE, Outcome, State


@dataclass(frozen=True)
class Evaluation:
    """What a noise-free search said of one position.

    ``score`` is from ``FIRST``'s point of view; ``proven`` is true when the search
    settled the game-theoretic value (a forced win or loss, or the whole tree searched);
    ``depth`` is the search depth in plies; ``line`` the expected moves from the
    position (the principal variation), used to carry a forced result forward while
    the game follows it.
    """

    score: Score
    proven: bool = False
    depth: int = 0
    line: tuple[Hashable, ...] = ()


@dataclass
class GameRecord:
    """Positions ``states[0..n]`` and the ``n`` moves between them.

    ``states[i]`` is the position after ``i`` moves (``states[0]`` is ``initial``);
    ``movers[i]`` played ``moves[i]`` (``CHANCE`` for a chance outcome) written
    ``move_texts[i]`` (the notation saved games and the engine protocol use) and
    ``display_texts[i]`` (as people read it: SAN in chess); ``clock_times[i]`` is both sides' remaining seconds in
    ``states[i]`` (``None`` for an untimed side); ``evaluations`` maps a ply index to
    the latest ``Evaluation`` of ``states[ply]``; ``forced_result`` is a result the
    rules do not see (a time forfeit).
    """

    initial: State
    states: list[State] = field(default_factory=list)
    moves: list[Hashable] = field(default_factory=list)
    move_texts: list[str] = field(default_factory=list)
    display_texts: list[str] = field(default_factory=list)
    movers: list[int] = field(default_factory=list)
    clock_times: list[tuple[float | None, float | None]] = field(default_factory=list)
    evaluations: dict[int, Evaluation] = field(default_factory=dict)
    forced_result: Outcome | None = None

    def __post_init__(self) -> None:
        if not self.states:
            self.states = [self.initial]
        if not self.clock_times:
            self.clock_times = [(None, None)]

    @property
    def state(self) -> State:
        """The last position."""
        return self.states[-1]

    @property
    def length(self) -> int:
        """The number of moves (plies, chance outcomes included)."""
        return len(self.moves)

    @property
    def result(self) -> Outcome | None:
        """How the game ended (rules or a forced result), or ``None``."""
        return self.forced_result or self.state.outcome()

    def push(self, move: Hashable, mover: int, clock_times: tuple[float | None, float | None]) -> None:
        """Append ``move`` (legal in the last position; not checked) played by ``mover``;
        ``clock_times`` are the clocks in the new position."""
        self.move_texts.append(self.state.move_to_text(move))
        self.display_texts.append(self.state.display_move(move))
        self.moves.append(move)
        self.movers.append(mover)
        self.states.append(self.state.apply(move))
        self.clock_times.append(clock_times)

    def truncate(self, length: int) -> None:
        """Keep the first ``length`` moves (``0 <= length <= self.length``) and forget the
        rest, with their evaluations and any forced result."""
        if not 0 <= length <= self.length:
            raise ValueError(f"cannot cut a game of {self.length} moves to {length}")
        del self.moves[length:], self.move_texts[length:], self.display_texts[length:], self.movers[length:]
        del self.states[length + 1:], self.clock_times[length + 1:]
        for ply in [ply for ply in self.evaluations if ply > length]:
            del self.evaluations[ply]
        self.forced_result = None

    def evaluation_at(self, index: int) -> tuple[Evaluation | None, int]:
        """The evaluation that applies to ``states[index]`` and how many plies before it
        it was made: one made at ``index`` itself, else the latest earlier one whose
        expected line the game followed up to ``index``, or followed to its end with only
        chance outcomes (dice) after it: the line of a game with chance ends at the dice,
        and its value is the average over them. ``(None, 0)`` if none applies."""
        return self._evaluation_at(index, sorted(self.evaluations))

    def evaluations_along(self) -> list[tuple[Evaluation | None, int]]:
        """``evaluation_at(index)`` for every position, ``index`` from 0 to ``length``
        (one sort for them all: cheap enough to redo after every search update)."""
        plies = sorted(self.evaluations)
        return [self._evaluation_at(index, plies) for index in range(self.length + 1)]

    def _evaluation_at(self, index: int, plies: list[int]) -> tuple[Evaluation | None, int]:
        """``evaluation_at`` with the searched plies given in ascending order."""
        for searched in reversed(plies[:bisect_right(plies, index)]):
            evaluation = self.evaluations[searched]
            since = index - searched
            line = tuple(evaluation.line)
            if since <= len(line):
                if tuple(self.moves[searched:index]) == line[:since]:
                    return evaluation, since
            elif line and all(mover == CHANCE for mover in self.movers[searched + len(line):index]) and \
                    tuple(self.moves[searched:searched + len(line)]) == line:
                return evaluation, since
        return None, 0
