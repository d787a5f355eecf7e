"""Players that choose moves without a person: the search AI and a random mover.

Used by the headless ``match`` command and by tests. Player specifications are text:
``ai``, ``ai:level=3,algorithm=minimax,movetime=0.5,depth=4`` or ``random:seed=7``.
"""
from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from ai.clock import TimeControl, move_limits
from ai.engine import Engine
from ai.types import Algorithm, SearchOptions
from games.base import State

if TYPE_CHECKING:
    from games.registry import GameEntry


class Player(Protocol):
    """Anything that picks a move for the side to move in a non-terminal, non-chance state."""

    name: str

    def choose(self, state: State) -> Hashable:
        """A legal move for ``state.to_move()``."""

    def new_game(self) -> None:
        """Forget per-game memory before a new game."""


@dataclass
class RandomPlayer:
    """Plays a uniformly random legal move; ``seed`` makes it repeatable."""

    seed: int | None = None
    name: str = "random"
    _random: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._random = random.Random(self.seed)

    def choose(self, state: State) -> Hashable:
        """A random member of ``state.legal_moves()``."""
        return self._random.choice(list(state.legal_moves()))

    def new_game(self) -> None:
        """Nothing to forget."""


class SearchPlayer:
    """The search AI: an ``Engine`` with a strength level and a time control.

    ``level`` caps the depth as the game entry says; ``depth`` (plies), if given,
    caps it further. With ``control`` of kind "none" the search runs until the cap or
    the end of the game tree.
    """

    def __init__(
        self,
        entry: GameEntry,
        algorithm: Algorithm | None = None,
        level: int | None = None,
        control: TimeControl | None = None,
        depth: int | None = None,
        seed: int | None = None,
    ) -> None:
        if algorithm is None:
            algorithm = Algorithm.default_for(entry.game.has_chance)
        self.entry = entry
        self.level = entry.max_level if level is None else min(max(1, level), entry.max_level)
        self.control = control or TimeControl.unlimited()
        self.depth = depth
        options = SearchOptions(algorithm=algorithm, evaluation_noise=entry.level(self.level).noise)
        self.engine = Engine(entry.game, entry.evaluate, options, seed=seed)
        self.name = f"ai ({algorithm.value}, level {self.level}, {self.control.label()})"

    def depth_cap(self) -> int | None:
        """The deepest iteration allowed by the level and the explicit depth."""
        caps = [cap for cap in (self.entry.level(self.level).depth, self.depth) if cap is not None]
        return min(caps) if caps else None

    def choose(self, state: State) -> Hashable:
        """The move of a search limited by level, depth and time control."""
        limits = move_limits(self.control, depth=self.depth_cap())
        return self.engine.search(state, limits).move

    def new_game(self) -> None:
        """Clear the engine's tables."""
        self.engine.new_game()


def parse_player(spec: str, entry: GameEntry, movetime: float | None = None, seed: int | None = None) -> Player:
    """Build a player from ``ai[:key=value,...]`` or ``random[:seed=N]``.

    ``ai`` keys: ``level``, ``algorithm``, ``depth``, ``movetime`` (seconds; the
    ``movetime`` argument is the default). ``seed`` seeds the player's randomness
    (a weak AI's errors, a random player's choices) unless the spec gives its own.
    Raises ``ValueError`` with an explanation.
    """
    kind, _, option_text = spec.strip().partition(":")
    options: dict[str, str] = {}
    for item in filter(None, option_text.split(",")):
        key, equals, value = item.partition("=")
        if not equals or not value:
            raise ValueError(f"player option {item!r} in {spec!r} is not key=value")
        options[key.strip().lower()] = value.strip()

    def number(key: str, kind_of: type) -> float | int | None:
        if key not in options:
            return None
        try:
            value = kind_of(options.pop(key))
        except ValueError:
            raise ValueError(f"{key} in {spec!r} must be a number") from None
        if value <= 0:
            raise ValueError(f"{key} in {spec!r} must be positive")
        return value

    if kind == "random":
        own_seed = options.pop("seed", None)
        if options:
            raise ValueError(f"unknown option(s) for random: {', '.join(options)}")
        if own_seed is not None:
            try:
                seed = int(own_seed)
            except ValueError:
                raise ValueError(f"seed in {spec!r} must be a whole number") from None
        return RandomPlayer(seed)
    if kind == "ai":
        algorithm = Algorithm.parse(options.pop("algorithm")) if "algorithm" in options else None
        level = number("level", int)
        depth = number("depth", int)
        seconds = number("movetime", float) or movetime
        if options:
            raise ValueError(f"unknown option(s) for ai: {', '.join(options)}")
        control = TimeControl.per_move(seconds) if seconds else TimeControl.unlimited()
        return SearchPlayer(entry, algorithm, level, control, depth, seed)
    raise ValueError(f"unknown player {kind!r}; use 'ai[:level=N,algorithm=A,depth=D,movetime=S]' or 'random[:seed=N]'")
