"""Headless games between two players, for the ``match`` command, tests and benchmarks."""
from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from ai.players import Player
from games.base import CHANCE, FIRST, Game, Outcome, State, draw_chance_outcome


@dataclass(frozen=True)
class PlayedGame:
    """One finished game: its ``outcome`` (``winner`` is a seat) and the moves (chance
    outcomes included) as text; ``swapped`` when the match's second player sat in the
    first seat."""

    outcome: Outcome
    moves: tuple[str, ...]
    swapped: bool = False


@dataclass
class MatchScore:
    """Wins of the match's first player, of its second, and draws; ``points`` holds each
    game's points for the first player (+ won, - lost, 0 drawn; backgammon's gammons
    count 2 and backgammons 3)."""

    first_wins: int = 0
    second_wins: int = 0
    draws: int = 0
    games: list[PlayedGame] = field(default_factory=list)
    points: list[int] = field(default_factory=list)

    def add(self, game: PlayedGame) -> None:
        """Count one finished game."""
        self.games.append(game)
        winner = game.outcome.winner
        if winner is None:
            self.draws += 1
            self.points.append(0)
        elif (winner == FIRST) != game.swapped:
            self.first_wins += 1
            self.points.append(game.outcome.points)
        else:
            self.second_wins += 1
            self.points.append(-game.outcome.points)

    def points_per_game(self) -> tuple[float, float]:
        """The first player's mean points per game and the half-width of its 95%
        confidence interval (normal approximation; 0 with fewer than two games)."""
        count = len(self.points)
        if count == 0:
            return 0.0, 0.0
        mean = sum(self.points) / count
        if count < 2:
            return mean, 0.0
        variance = sum((value - mean) ** 2 for value in self.points) / (count - 1)
        return mean, 1.96 * math.sqrt(variance / count)


def play_game(game: Game, players: tuple[Player, Player], rng: random.Random, max_plies: int = 10_000,
              swapped: bool = False, rules: dict[str, bool] | None = None) -> PlayedGame:
    """Play one game from the initial state with the rule options ``rules`` (none by
    default), ``players[0]`` in the first seat; chance outcomes are drawn with ``rng``;
    ``swapped`` is recorded in the result.

    Raises ``RuntimeError`` if a player returns an illegal move or the game exceeds
    ``max_plies`` decisions.
    """
    state: State = game.start(rules)
    moves: list[str] = []
    for player in players:
        player.new_game()
    while not state.is_terminal():
        if len(moves) >= max_plies:
            raise RuntimeError(f"the game did not end within {max_plies} plies")
        mover = state.to_move()
        if mover == CHANCE:
            move = draw_chance_outcome(state, rng)
        else:
            move = players[mover].choose(state)
            if move not in state.legal_moves():
                raise RuntimeError(f"{players[mover].name} chose an illegal move {move!r}")
        moves.append(state.move_to_text(move))
        state = state.apply(move)
    return PlayedGame(state.outcome(), tuple(moves), swapped)


def run_match(
    game: Game,
    first: Player,
    second: Player,
    games: int,
    seed: int | None = None,
    on_game: Callable[[int, PlayedGame], None] | None = None,
    paired: bool = False,
    rules: dict[str, bool] | None = None,
) -> MatchScore:
    """Play ``games`` games; ``on_game(number, game)`` after each.

    Without ``paired``, ``first`` always sits in the first seat. With ``paired`` (games
    with chance), games go in pairs: the second game of a pair swaps the seats and
    draws its chance outcomes from the same random sequence as the first, so both
    players get the same dice for as long as the two games run alike (duplicate dice:
    luck cancels out and fewer games are needed for the same confidence). ``rules``: the
    rule options of every game (``Game.start``).
    """
    rng = random.Random(seed)
    score = MatchScore()
    pair_seed = 0
    for number in range(1, games + 1):
        if not paired:
            played = play_game(game, (first, second), rng, rules=rules)
        else:
            swapped = number % 2 == 0
            if not swapped:
                pair_seed = rng.getrandbits(64)
            seats = (second, first) if swapped else (first, second)
            played = play_game(game, seats, random.Random(pair_seed), swapped=swapped, rules=rules)
        score.add(played)
        if on_game is not None:
            on_game(number, played)
    return score
