"""A round robin of several players (built-in levels, baselines, students' bots), for
the ``tournament`` command: every pair plays a match with the seats swapped every other
game (``run_match(paired=True)``: in a game with dice, both seatings get the same dice).

Scores: in a game without chance, a win counts 1 and a draw 1/2; in a game with chance,
the points won minus the points lost (backgammon's gammons 2, backgammons 3).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ai.match import MatchScore, run_match
from ai.players import Player
from games.base import Game


@dataclass
class Standing:
    """One player's results: its place in the list of players (``index``), its score
    against each opponent (by index) and the games it played."""

    index: int
    name: str
    scores: dict[int, float]
    games: int = 0

    @property
    def total(self) -> float:
        """The sum of its scores against every opponent."""
        return sum(self.scores.values())


def match_scores(score: MatchScore, counts_points: bool) -> tuple[float, float]:
    """The two players' scores from one match (see the module docstring)."""
    if counts_points:
        net = float(sum(score.points))
        return net, -net
    return score.first_wins + score.draws / 2, score.second_wins + score.draws / 2


def round_robin(game: Game, players: Sequence[Player], games: int, seed: int | None = None,
                rules: dict[str, bool] | None = None,
                on_match: Callable[[int, int, MatchScore], None] | None = None) -> list[Standing]:
    """Every pair of ``players`` plays ``games`` games (an even number keeps the seats
    fair); the standings, best total first. ``on_match(i, j, score)`` after each match.
    Raises ``ValueError`` for fewer than two players and ``RuntimeError`` as
    ``run_match`` does (a player's illegal move)."""
    if len(players) < 2:
        raise ValueError("a tournament needs at least two players")
    standings = [Standing(index, player.name, {}) for index, player in enumerate(players)]
    counts_points = game.has_chance
    for first in range(len(players)):
        for second in range(first + 1, len(players)):
            match_seed = None if seed is None else seed + 1000 * first + second
            score = run_match(game, players[first], players[second], games, match_seed, paired=True, rules=rules)
            mine, theirs = match_scores(score, counts_points)
            standings[first].scores[second] = mine
            standings[second].scores[first] = theirs
            standings[first].games += games
            standings[second].games += games
            if on_match is not None:
                on_match(first, second, score)
    return sorted(standings, key=lambda standing: -standing.total)


def table_lines(standings: list[Standing]) -> list[str]:
    """The crosstable as text lines: rank, player (with its number, the order the players
    were given in), its score against each player by number, total and games."""
    count = len(standings)
    labels = {standing.index: f"{standing.name} ({standing.index + 1})" for standing in standings}
    width = max(len(label) for label in labels.values()) + 2
    lines = [f"{'#':>2}  {'player':<{width}}" + "".join(f"{index + 1:>8}" for index in range(count))
             + f"{'total':>9}{'games':>7}"]
    for rank, standing in enumerate(standings, start=1):
        cells = "".join(f"{'-':>8}" if index == standing.index else f"{standing.scores.get(index, 0):>8g}"
                        for index in range(count))
        lines.append(f"{rank:>2}  {labels[standing.index]:<{width}}{cells}{standing.total:>9g}{standing.games:>7}")
    return lines
