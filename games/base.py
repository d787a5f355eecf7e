"""The game protocol: what every game's rules provide to the search and the interface.

Vocabulary of the adversarial-search course, mapped onto the names used here:

==========================  =====================================
course                      this module
==========================  =====================================
S0 (initial state)          ``Game.initial_state()``
TO-MOVE(s)                  ``State.to_move()`` (``FIRST``, ``SECOND`` or ``CHANCE``)
ACTIONS(s)                  ``State.legal_moves()``
RESULT(s, a)                ``State.apply(a)``
TERMINAL-TEST(s)            ``State.is_terminal()``
UTILITY(s, p)               ``State.utility(p)``
chance outcomes of s        ``State.chance_outcomes()`` -> ``[(outcome, probability)]``
==========================  =====================================

Contracts shared by every game:

* States are immutable and hashable, so they can key a transposition table.
  ``apply`` returns a new state and never changes the one it is called on. All rule
  state (castling rights, the piece to give in Quarto, the dice in backgammon, ...)
  lives in the state, never in a ``Game`` object. No method changes a state, not even
  for an instant (a push and pop to write a move): the window reads the state a search
  thread is working on.
* Players are the integers ``FIRST`` (0) and ``SECOND`` (1). A state whose mover is
  ``CHANCE`` is a chance node: its ``chance_outcomes()`` are ``(outcome, probability)``
  pairs whose probabilities sum to 1, and an outcome is applied with ``apply`` like a move.
* Players need not alternate: the same player may be to move in a state and in its
  child (a Quarto placement followed by choosing the piece to give, or a chance node
  between two backgammon turns). Never derive the mover from the ply number.
* Utilities are zero-sum: ``utility(FIRST) == -utility(SECOND)``.
* ``is_capture(move)`` says whether a legal move takes something of the opponent's
  (chess: a capture, en passant included; backgammon: a hit); False by default.

What a game may offer the search beyond these rules (captures and check, compact table
keys, symmetries, repetitions, a cheap end test, immediate wins, bounds on utilities)
is declared by its state class inheriting capabilities from ``games.capabilities``, each
a small interface; the search asks nothing that is not declared. Knowledge a game is
given rather than has (its evaluation, a fixed-rule decision such as backgammon's cube,
opening books) is injected by ``games.registry``.
"""
from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from games.setup import PositionEditor

FIRST = 0
"""The player who moves first in the initial position (X, White)."""
SECOND = 1
"""The other player (O, Black)."""
CHANCE = -1
"""The "player" of a chance node: its successors are drawn at random."""

Move = Hashable
"""A move or chance outcome. Its type is each game's own (an int, a ``chess.Move``, ...)."""


class GameError(ValueError):
    """Base class of the errors that bad input to the rules raises; the message is for people."""


class IllegalMove(GameError):
    """A move that is malformed or not legal in the position it was offered in."""


class InvalidPosition(GameError):
    """A position text that cannot be parsed or describes an impossible position."""


class ImpossiblePosition(InvalidPosition):
    """A position that cannot occur in a game (no king, 16 checkers, a game that went on
    after its end), or an edit a board editor refuses, with the reason kept for people in
    any language: ``template`` is the English sentence with ``{fields}`` (a constant of
    the module that raises it, so the interface can translate it) and ``fields`` their
    values; ``str()`` is the English sentence filled in. A text field that is itself a
    text of the game's (a player's name, a result's reason) is translated where shown too."""

    def __init__(self, template: str, **fields: object) -> None:
        super().__init__(template.format(**fields))
        self.template = template
        self.fields = fields


def opponent(player: int) -> int:
    """The other player of a two-player game. Does not accept ``CHANCE``."""
    if player not in (FIRST, SECOND):
        raise ValueError(f"not a player: {player!r}")
    return 1 - player


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``winner`` is ``FIRST``, ``SECOND`` or ``None`` for a draw; ``reason`` is a short
    human phrase ("three in a row", "checkmate", "time forfeit"); ``points`` is the
    size of the win (1, or 2/3 for a backgammon gammon/backgammon; 0 for a draw).
    """

    winner: int | None
    reason: str
    points: int = 1

    def utility(self, player: int) -> float:
        """UTILITY from ``player``'s point of view: +points, -points or 0."""
        if self.winner is None:
            return 0.0
        return float(self.points if self.winner == player else -self.points)


@dataclass(frozen=True)
class KnownMove:
    """A move known without searching: from an opening book or an endgame table.

    ``source`` names where it comes from ("book", "tablebase"); ``plies_to_end`` is
    the proven result when known: positive when the player to move wins in that many
    plies, negative when they lose, ``0`` for a proven draw, ``None`` when unknown (a
    book move). A game offers these through its registry entry (``known_moves``:
    functions ``(state, rng) -> KnownMove | None``); the search asks them at its root.
    A decision made by a fixed rule (backgammon's cube) is one too, from the entry's
    ``policy_move``.
    """

    move: Move
    source: str
    plies_to_end: int | None = None
    score: int | None = None
    """The mover's evaluation of the position, when the source gives one (no proven result)."""
    note: str = ""
    """A sentence for people on why this move (backgammon's cube equities)."""


@dataclass(frozen=True)
class Phrase:
    """A few words for people about what a move does, made by a game
    (``games.capabilities.Explanations``: "wins the queen", "makes the 5 point") and
    shown by the interface in its language (the hint's explanation).

    ``text`` is English and the key of its translations, with ``{name}`` fields;
    ``plural`` is the English form for a ``count`` other than 1 ("" for a phrase without
    a count); ``count`` fills ``{count}``; ``fields`` fill the other fields, each
    ``(name, value)``: a ``str`` shown as it is (a move, a point's number), an ``int``
    written with the language's separators, a ``float`` (0..1) as a percentage. Not
    validated here (the contract tests check a game's phrases).
    """

    text: str
    plural: str = ""
    count: int | None = None
    fields: tuple[tuple[str, str | int | float], ...] = ()

    @property
    def template(self) -> str:
        """The English text for this phrase's ``count``: ``plural`` when it has one and
        the count is not 1, else ``text``."""
        return self.plural if self.plural and self.count is not None and self.count != 1 else self.text


class State(ABC):
    """A position of a game. Immutable and hashable; see the module docstring.

    Subclasses must implement ``__eq__`` and ``__hash__`` consistently (two states that
    are equal are the same position for every rule, including the side to move). A
    subclass declares the search capabilities it offers by inheriting them
    (``games.capabilities``); every position of a game is of one class.
    """

    __slots__ = ()

    @abstractmethod
    def to_move(self) -> int:
        """TO-MOVE(s): ``FIRST``, ``SECOND`` or ``CHANCE``.

        At a terminal state it must still return ``FIRST`` or ``SECOND`` (never
        ``CHANCE``), the same value every time: negamax scores a finished game from
        that player's point of view."""

    @abstractmethod
    def legal_moves(self) -> Sequence[Move]:
        """ACTIONS(s): the legal moves of the player to move; empty at a terminal state.

        At a chance node this is the list of possible outcomes (see ``chance_outcomes``).
        """

    @abstractmethod
    def apply(self, move: Move) -> State:
        """RESULT(s, a): the state after ``move`` (or a chance outcome).

        For speed this does not check legality: pass only members of ``legal_moves()``.
        Use ``play`` for moves from untrusted input.
        """

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The result if the state is terminal, else ``None``."""

    def is_terminal(self) -> bool:
        """TERMINAL-TEST(s): true when the game is over."""
        return self.outcome() is not None

    def utility(self, player: int) -> float:
        """UTILITY(s, p) of a terminal state from ``player``'s point of view (zero-sum).

        Raises ``ValueError`` on a non-terminal state.
        """
        result = self.outcome()
        if result is None:
            raise ValueError("utility of a non-terminal state")
        return result.utility(player)

    def chance_outcomes(self) -> list[tuple[Move, float]]:
        """CHANCES(s): ``(outcome, probability)`` pairs at a chance node; probabilities sum to 1.

        Only defined when ``to_move() == CHANCE``; the default raises ``ValueError``.
        """
        raise ValueError("not a chance node")

    @abstractmethod
    def move_to_text(self, move: Move) -> str:
        """The game's notation for ``move`` played in this state (``b2``, ``e2e4``, ...)."""

    def parse_move(self, text: str) -> Move:
        """The legal move (or chance outcome) whose notation is ``text``.

        Raises ``IllegalMove`` with a human-readable message if ``text`` is malformed or
        not legal here. The default compares against ``move_to_text`` of every legal move.
        """
        wanted = text.strip()
        if self.is_terminal():
            raise IllegalMove(f"the game is over; no move is legal ({wanted!r})")
        for move in self.legal_moves():
            if self.move_to_text(move) == wanted:
                return move
        raise IllegalMove(f"{wanted!r} is not a legal move here")

    def play(self, text: str) -> State:
        """Parse ``text`` with ``parse_move`` and apply it; raises ``IllegalMove``."""
        return self.apply(self.parse_move(text))

    @abstractmethod
    def to_text(self) -> str:
        """The position as one line of text that ``Game.parse_position`` reads back."""

    def board_text(self) -> str:
        """A multi-line picture of the position for terminals; defaults to ``to_text()``."""
        return self.to_text()

    def display_move(self, move: Move) -> str:
        """``move`` as people write it (SAN in chess); the default is ``move_to_text``,
        the notation of the engine protocol and saved games."""
        return self.move_to_text(move)

    def first_move_number(self) -> int:
        """The number people give the first move of a game that starts from this position,
        as the game's players number moves: one number for a turn of each player, a new
        number at each turn of the first player (chess: the position's full-move number,
        23 for a game set up at Black's 23rd move). The move list and the status line
        count from it. The default, 1, suits a game that numbers moves from its start
        only."""
        return 1

    def draw_claim(self) -> str:
        """A draw the player to move may claim now but need not (chess: threefold
        repetition, the 50-move rule), in words; "" if none (the default)."""
        return ""

    def is_capture(self, move: Move) -> bool:
        """Whether ``move`` (legal here) takes something of the opponent's: a capture in
        chess (en passant included), a hit in backgammon. The window tells people so (a
        sharper sound); no rule depends on it. The default: False (tic-tac-toe, Quarto)."""
        return False


def draw_chance_outcome(state: State, rng: random.Random) -> Move:
    """One outcome of chance node ``state`` drawn with ``rng`` by the probabilities of
    ``chance_outcomes()`` (the dice rolled). The one place chance is sampled."""
    outcomes = state.chance_outcomes()
    return rng.choices([outcome for outcome, _ in outcomes], [probability for _, probability in outcomes])[0]


class InvalidRecord(GameError):
    """A game record (PGN in chess) that cannot be read; the message says where and why."""


@dataclass(frozen=True)
class GameText:
    """A whole game read from text: the position it starts from, the moves (legal, in
    order), the tags (PGN's ``White``, ``Event``, ...) and the recorded result if any."""

    initial: State
    moves: tuple[Move, ...]
    tags: dict[str, str]
    result: Outcome | None = None


@dataclass(frozen=True)
class RuleOption:
    """An optional rule a game can be played with (backgammon's doubling cube, Quarto's
    2x2 squares): ``name`` for settings and the command line, ``label`` and ``help`` for
    people, ``default`` what a new game in the window uses. Headless matches and the
    engine protocol play with every option off unless told otherwise."""

    name: str
    label: str
    help: str = ""
    default: bool = False
    requires: str = ""
    """The name of an option this one only makes sense with ("" for none)."""


class Game(ABC):
    """Static facts about a game and its entry points; holds no position state.

    Attributes every game sets: ``id`` (command-line name), ``title`` (for people),
    ``player_names`` (names of ``FIRST`` and ``SECOND``), ``has_chance`` (whether any
    state can be a chance node), ``max_utility`` (largest absolute utility with the basic
    rules; a rule option may raise it: the doubling cube multiplies backgammon's).
    ``perft_counts_finished`` says what ``go perft N`` counts: ``True`` (the default),
    the leaves of the game tree cut N plies deep, a game finished sooner counting as one
    leaf where it ends (tic-tac-toe and Sum-15: 255,168 at 9, the number of games);
    ``False``, only the positions exactly N plies deep (chess programs' convention, which
    the published chess counts follow).
    """

    id: str = ""
    title: str = ""
    player_names: tuple[str, str] = ("First", "Second")
    has_chance: bool = False
    max_utility: float = 1.0
    perft_counts_finished: bool = True

    @abstractmethod
    def initial_state(self) -> State:
        """S0: the position a new game starts from."""

    @abstractmethod
    def parse_position(self, text: str) -> State:
        """Read a position written by ``State.to_text``; raises ``InvalidPosition``."""

    rule_options: tuple[RuleOption, ...] = ()
    """The optional rules this game can be played with; see ``start``."""

    result_reasons: tuple[str, ...] = ()
    """Every ``Outcome.reason`` the game's rules can give, in English: from ``outcome``
    and ``horizon_outcome``, a draw the player to move may claim (``draw_claim``) and a
    game record's result. A reason the rules build from parts (backgammon's "gammon, cube
    at 4") is declared by its parts. The interface shows each in the current language
    (``ui/languages/``); tests/test_game_contract.py checks that the reasons met in play
    are declared here and that every declared one is translated."""

    def start(self, rules: Mapping[str, bool] | None = None) -> State:
        """The initial position of a game played with the rule options named ``True`` in
        ``rules`` (names not given are off). ``ValueError`` naming the valid options for
        an unknown name. The default: a game with no options plays ``initial_state``."""
        chosen = dict(rules or {})
        known = {option.name for option in self.rule_options}
        unknown = sorted(name for name in chosen if name not in known)
        if unknown:
            valid = ", ".join(sorted(known)) or "none"
            raise ValueError(f"unknown rule option(s) for {self.title}: {', '.join(unknown)}; valid: {valid}")
        return self._start({name: bool(chosen.get(name, False)) for name in known})

    def rule_choices(self) -> list[tuple[str, dict[str, bool]]]:
        """Every sensible combination of the rule options (an option that ``requires``
        another only with it), labelled for people: ``("Basic rules", {...all off})``
        first, then e.g. ``("Doubling cube + Jacoby rule", {...})``."""
        choices = []
        for mask in range(1 << len(self.rule_options)):
            rules = {option.name: bool(mask >> index & 1) for index, option in enumerate(self.rule_options)}
            if any(rules[option.name] and option.requires and not rules.get(option.requires)
                   for option in self.rule_options):
                continue
            label = " + ".join(option.label for option in self.rule_options if rules[option.name])
            choices.append((label or "Basic rules", rules))
        return choices

    def default_rules(self) -> dict[str, bool]:
        """Each rule option's ``default`` (what a new game in the window uses)."""
        return {option.name: option.default for option in self.rule_options}

    def _start(self, rules: dict[str, bool]) -> State:
        """``start`` after its checks: ``rules`` names every option, on or off."""
        return self.initial_state()

    can_draw = True
    """Whether a game can end in a draw; a game that cannot (backgammon) offers no draw
    to agree on."""

    record_format = ""
    """The name of the text format of whole games (``"PGN"`` in chess), "" when the
    game has none; then ``write_record`` and ``read_records`` work."""

    def write_record(self, initial: State, moves: Sequence[Move], result: Outcome | None,
                     tags: dict[str, str], comments: dict[int, str]) -> str:
        """The game from ``initial`` through ``moves`` as text in ``record_format``;
        ``comments[i]`` is written after move ``i`` (0-based). ``tags`` fill the header.
        Not available (``NotImplementedError``) when ``record_format`` is ""."""
        raise NotImplementedError(f"{self.title} has no game-record format")

    def read_records(self, text: str, limit: int | None = None, more: bool = False) -> list[GameText]:
        """Every game in ``text`` (in ``record_format``), or with ``limit`` (1 or more) its
        first ``limit`` games, the text after them neither read nor checked;
        ``InvalidRecord`` saying where and why when the text holds no readable game.
        With ``more``, ``text`` is only the beginning of a longer text, cut at a line end
        (a file read a piece at a time): the games that surely end inside it come back,
        fewer than ``limit`` (none, without an error) when the text ends inside one of
        them. Not available (``NotImplementedError``) when ``record_format`` is ""."""
        raise NotImplementedError(f"{self.title} has no game-record format")

    def position_editor(self) -> PositionEditor | None:
        """The game's board editor (``games.setup.PositionEditor``): what may be put where,
        the position's other settings, and the checks a position set up by hand must pass
        before a game is played from it. ``None`` (the default) for a game without one."""
        return None

    def player_name(self, player: int) -> str:
        """The display name of ``player`` (``"chance"`` for ``CHANCE``)."""
        if player == CHANCE:
            return "chance"
        return self.player_names[player]
