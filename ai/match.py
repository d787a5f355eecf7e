"""Headless games between two players, for the ``match`` command, tests and benchmarks."""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from ai.players import Player
from games.base import CHANCE, FIRST, SECOND, Game, Outcome, State, draw_chance_outcome


@dataclass(frozen=True)
class PlayedGame:
    """One finished game: its ``outcome`` and the moves (chance outcomes included) as text."""

    outcome: Outcome
    moves: tuple[str, ...]


@dataclass
class MatchScore:
    """Wins of the first player, of the second, and draws, over ``games`` games."""

    first_wins: int = 0
    second_wins: int = 0
    draws: int = 0
    games: list[PlayedGame] = field(default_factory=list)

    def add(self, game: PlayedGame) -> None:
        """Count one finished game."""
        self.games.append(game)
        if game.outcome.winner == FIRST:
            self.first_wins += 1
        elif game.outcome.winner == SECOND:
            self.second_wins += 1
        else:
            self.draws += 1


def play_game(game: Game, players: tuple[Player, Player], rng: random.Random, max_plies: int = 10_000) -> PlayedGame:
    """Play one game from the initial state; chance outcomes are drawn with ``rng``.

    Raises ``RuntimeError`` if a player returns an illegal move or the game exceeds
    ``max_plies`` decisions.
    """
    state: State = game.initial_state()
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
    return PlayedGame(state.outcome(), tuple(moves))


def run_match(
    game: Game,
    first: Player,
    second: Player,
    games: int,
    seed: int | None = None,
    on_game: Callable[[int, PlayedGame], None] | None = None,
) -> MatchScore:
    """Play ``games`` games with ``first`` always moving first; ``on_game(number, game)`` after each."""
    rng = random.Random(seed)
    score = MatchScore()
    for number in range(1, games + 1):
        played = play_game(game, (first, second), rng)
        score.add(played)
        if on_game is not None:
            on_game(number, played)
    return score
