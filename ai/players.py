"""Players that choose moves without a person: the search AI, a random mover and a
greedy one.

Used by the headless ``match`` command and by tests. Player specifications are text:
``ai``, ``ai:level=3,algorithm=minimax,movetime=0.5,depth=4``, ``random:seed=7`` or
``greedy:seed=7``; a game's baseline players by name (backgammon: ``pubeval``).
"""
from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from ai.clock import TimeControl, move_limits
from ai.engine import MAX_DEPTH, Engine
from ai.external import ExternalEngine
from ai.strength import level_limits, level_options
from ai.types import Algorithm, SearchOptions
from games.base import KnownMove, State

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


@dataclass
class GreedyPlayer:
    """Wins at once when it can; otherwise plays a random move after which the opponent
    cannot win at once, when there is one; otherwise a random move. One ply of look-ahead
    for each side, for any game without chance nodes (Quarto: it never hands over a
    winning piece while a safe one exists). ``seed`` makes it repeatable."""

    seed: int | None = None
    name: str = "greedy"
    _random: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._random = random.Random(self.seed)

    def choose(self, state: State) -> Hashable:
        """See the class docstring."""
        mover = state.to_move()
        moves = list(state.legal_moves())
        winning = [move for move in moves if _won_by(state.apply(move), mover)]
        if winning:
            return self._random.choice(winning)
        safe = [move for move in moves if not _opponent_wins_at_once(state.apply(move), mover)]
        return self._random.choice(safe or moves)

    def new_game(self) -> None:
        """Nothing to forget."""


@dataclass
class PolicyPlayer:
    """One of a game's baseline players (``GameEntry.baseline_players``): ``choose_move``
    picks the move of every decision, without search and without randomness; a decision
    the game makes by a fixed rule (``policy_move``, the entry's: backgammon's cube)
    follows that rule."""

    name: str
    choose_move: Callable[[State], Hashable]
    policy_move: Callable[[State, bool], KnownMove | None] | None = None

    def choose(self, state: State) -> Hashable:
        """The policy's move."""
        known = self.policy_move(state, False) if self.policy_move is not None else None
        return known.move if known is not None else self.choose_move(state)

    def new_game(self) -> None:
        """Nothing to forget."""


def _won_by(state: State, player: int) -> bool:
    result = state.outcome()
    return result is not None and result.winner == player


def _opponent_wins_at_once(state: State, player: int) -> bool:
    """Whether, in ``state`` (after ``player`` moved), the other side has a winning move."""
    result = state.outcome()
    if result is not None:
        return result.winner is not None and result.winner != player
    if state.to_move() == player:
        return False
    opponent = state.to_move()
    return any(_won_by(state.apply(move), opponent) for move in state.legal_moves())


MAX_SEED = 2**63 - 1
"""The largest seed an ``ai`` player specification takes."""
DEFAULT_MOVE_SECONDS = 1.0
"""Seconds a move for a search player with neither a clock nor a depth cap."""


class SearchPlayer:
    """The search AI: an ``Engine`` with a strength level and a time control.

    ``level`` (1 to ``entry.max_level``, default the strongest) sets the depth cap, node
    budget and errors as the game entry says, and ``ai.strength.level_limits`` turns it
    and ``control`` into each move's limits; ``depth`` (plies, 1 to ``MAX_DEPTH``), if
    given, caps the depth further. With ``control`` of kind "none" the search runs until
    the cap, the budget or the end of the game tree; when nothing caps it (a game's
    strongest level, no ``depth``), it gets ``DEFAULT_MOVE_SECONDS`` a move instead, as
    the window's computer does, so that ``match --white ai`` ends (a perfect level still
    searches to the end whatever the time once it can, see ``Level.solves``).

    ``seed`` makes the player repeatable game by game: the random choices of its ``k``-th
    game start from ``game_seed(seed, k)`` (``new_game``), so a game does not depend on how
    the games before it went; ``None`` draws them from the system. Raises ``ValueError``
    (naming the valid range) for a level or depth out of range.
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
        if level is not None and not 1 <= level <= entry.max_level:
            raise ValueError(f"level {level} is out of range: {entry.game.title} has levels 1 to {entry.max_level}")
        if depth is not None and not 1 <= depth <= MAX_DEPTH:
            raise ValueError(f"depth {depth} is out of range: it must be 1 to {MAX_DEPTH} plies")
        self.entry = entry
        self.level = entry.max_level if level is None else level
        self.control = control or TimeControl.unlimited()
        self.depth = depth
        self.seed = seed
        self.games = 0
        """Games begun (``new_game`` calls)."""
        strength = entry.level(self.level)
        if self.control.kind == "none" and self.depth_cap() is None and strength.nodes is None:
            self.control = TimeControl.per_move(DEFAULT_MOVE_SECONDS)
        options = level_options(SearchOptions(algorithm=algorithm), strength)
        self.engine = Engine.for_entry(entry, options, seed=seed)
        self.name = f"ai ({algorithm.value}, level {self.level}, {self.control.label()})"

    def depth_cap(self) -> int | None:
        """The deepest iteration allowed by the level and the explicit depth."""
        caps = [cap for cap in (self.entry.level(self.level).depth, self.depth) if cap is not None]
        return min(caps) if caps else None

    def choose(self, state: State) -> Hashable:
        """The move of a search limited by level, depth and time control."""
        limits = level_limits(self.entry.level(self.level), self.control, depth=self.depth)
        return self.engine.search(state, limits).move

    def new_game(self) -> None:
        """Clear the engine's tables; the game's random choices start from its own seed
        (``game_seed``) when the player has a seed."""
        self.games += 1
        self.engine.new_game(None if self.seed is None else game_seed(self.seed, self.games))


def game_seed(seed: int, number: int) -> int:
    """The seed of game ``number`` (1, 2, ...) of a player seeded with ``seed``: a
    repeatable 63-bit mix of the two, so neighbouring seeds and games do not share their
    random sequences."""
    value = (seed * 0x9E3779B97F4A7C15 + number * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    value = ((value ^ (value >> 31)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return (value ^ (value >> 29)) >> 1


AI_OPTIONS = ("level", "algorithm", "depth", "movetime", "seed")
"""The option names of an ``ai`` player specification."""
RANDOM_OPTIONS = ("seed",)
"""The option names of a ``random`` or ``greedy`` player specification."""


def parse_player(spec: str, entry: GameEntry, movetime: float | None = None, seed: int | None = None) -> Player:
    """Build a player from ``ai[:key=value,...]``, ``random[:seed=N]``, ``greedy[:seed=N]``,
    ``uci:<program>[,elo=N]`` (or ``bot:<program>``, the same: any program speaking the
    engine protocol, such as a student's bot, ``docs/bots/``) or the name of one of the game's baseline players
    (``entry.baseline_players``, e.g. backgammon's ``pubeval``).

    ``ai`` keys: ``level`` (1 to the game's number of levels), ``algorithm``,
    ``depth`` (1 to ``MAX_DEPTH`` plies), ``movetime`` (seconds, more than 0; the
    ``movetime`` argument is the default), ``seed`` (0 to ``MAX_SEED``). ``seed`` seeds
    the player's randomness (a weak AI's errors, a random player's choices; an AI's game
    by game, see ``SearchPlayer``) unless the spec gives its own.
    Raises ``ValueError`` with an explanation for an unknown player or option name
    (naming the valid ones), a malformed value or one out of range (naming the range);
    nothing is silently clamped.
    """
    if movetime is not None and not (math.isfinite(movetime) and movetime > 0):
        raise ValueError(f"movetime must be a number of seconds greater than 0, not {movetime}")
    if spec.strip().lower().startswith(("uci:", "bot:")):  # bot: a student's program, the same protocol
        return _program_player(spec.strip()[4:], movetime)
    kind, _, option_text = spec.strip().partition(":")
    kind = kind.strip().lower()
    options: dict[str, str] = {}
    for item in filter(None, option_text.split(",")):
        key, equals, value = item.partition("=")
        if not equals or not value.strip():
            raise ValueError(f"player option {item!r} in {spec!r} is not key=value")
        key = key.strip().lower()
        if key in options:
            raise ValueError(f"{key} is given twice in {spec!r}")
        options[key] = value.strip()

    def refuse_unknown(valid: tuple[str, ...]) -> None:
        unknown = [key for key in options if key not in valid]
        if unknown:
            raise ValueError(f"unknown option(s) for {kind}: {', '.join(unknown)}; valid options: {', '.join(valid)}")

    def whole_number(key: str, low: int, high: int) -> int | None:
        if key not in options:
            return None
        text = options[key]
        try:
            value = int(text)
        except ValueError:
            raise ValueError(f"{key} in {spec!r} must be a whole number from {low} to {high}, not {text!r}") from None
        if not low <= value <= high:
            raise ValueError(f"{key} in {spec!r} is out of range: it must be from {low} to {high}, not {value}")
        return value

    baselines = dict(entry.baseline_players)
    if kind in baselines:
        if options:
            raise ValueError(f"the {kind} player takes no options, not {', '.join(options)}")
        return PolicyPlayer(kind, baselines[kind], entry.policy_move)
    if kind in ("random", "greedy"):
        refuse_unknown(RANDOM_OPTIONS)
        if "seed" in options:
            try:
                seed = int(options["seed"])
            except ValueError:
                raise ValueError(f"seed in {spec!r} must be a whole number, not {options['seed']!r}") from None
        if kind == "greedy":
            if entry.game.has_chance:
                raise ValueError(f"the greedy player does not play {entry.game.title} (a game with chance)")
            return GreedyPlayer(seed)
        return RandomPlayer(seed)
    if kind == "ai":
        refuse_unknown(AI_OPTIONS)
        algorithm = Algorithm.parse(options["algorithm"]) if "algorithm" in options else None
        level = whole_number("level", 1, entry.max_level)
        depth = whole_number("depth", 1, MAX_DEPTH)
        seconds = movetime
        if "movetime" in options:
            text = options["movetime"]
            try:
                seconds = float(text)
            except ValueError:
                seconds = math.nan
            if not (math.isfinite(seconds) and seconds > 0):
                raise ValueError(f"movetime in {spec!r} must be a number of seconds greater than 0, not {text!r}")
        control = TimeControl.per_move(seconds) if seconds else TimeControl.unlimited()
        own_seed = whole_number("seed", 0, MAX_SEED)
        return SearchPlayer(entry, algorithm, level, control, depth, seed if own_seed is None else own_seed)
    extra = "".join(f", '{name}'" for name in baselines)
    raise ValueError(f"unknown player {kind!r}; use 'ai[:level=N,algorithm=A,depth=D,movetime=S,seed=N]', "
                     f"'random[:seed=N]', 'greedy[:seed=N]'{extra} or 'uci:<program>[,elo=N]'")


class ProgramPlayer:
    """An external program speaking the engine protocol (UCI for chess), e.g. Stockfish,
    thinking ``control``'s time per move (a second when none is given)."""

    def __init__(self, engine: ExternalEngine, control: TimeControl) -> None:
        self.engine = engine
        self.control = control
        self.name = engine.name + (f" (Elo {engine.settings['UCI_Elo']})" if "UCI_Elo" in engine.settings else "")

    def choose(self, state: State) -> Hashable:
        """The program's move within its time."""
        return self.engine.search(state, move_limits(self.control)).move

    def new_game(self) -> None:
        """Tell the program a new game starts."""
        self.engine.new_game()


def _program_player(text: str, movetime: float | None) -> ProgramPlayer:
    """``uci:<command>[,elo=N]``: the command may hold spaces; ``,elo=N`` at its end sets
    UCI_LimitStrength and UCI_Elo (500 to 4000)."""
    command, elo = text, None
    head, separator, tail = text.rpartition(",elo=")
    if separator:
        command = head
        try:
            elo = int(tail)
        except ValueError:
            raise ValueError(f"elo in 'uci:{text}' must be a whole number from 500 to 4000, not {tail!r}") from None
        if not 500 <= elo <= 4000:
            raise ValueError(f"elo in 'uci:{text}' is out of range: it must be from 500 to 4000, not {elo}")
    if not command.strip():
        raise ValueError("uci: needs the program to run, e.g. uci:/usr/games/stockfish")
    options = {"UCI_LimitStrength": "true", "UCI_Elo": str(elo)} if elo else {}
    control = TimeControl.per_move(movetime or 1.0)
    return ProgramPlayer(ExternalEngine(command, options), control)
