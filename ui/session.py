"""A game being played in the window: positions, players, clocks and the AI's searches.

``GameSession`` is the controller behind the play scene. It imports no pygame, so it
is tested without a display. The UI calls ``update()`` once per frame; the session
polls the search worker (never blocking), plays the AI's move when its search ends,
starts the next search, rolls dice at chance nodes and watches the clocks. Every
change to the game calls ``on_change`` (the play scene autosaves there).
"""
from __future__ import annotations

import random
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone

from ai.clock import GameClock, TimeControl, move_limits
from ai.engine import Engine
from ai.types import MATE_BOUND, Algorithm, Score, SearchInfo, SearchLimits, SearchOptions, SearchResult
from ai.worker import SearchFailure, SearchWorker
from games.base import CHANCE, FIRST, GameError, Outcome, State, draw_chance_outcome, opponent
from games.registry import GameEntry, get_game

SAVE_VERSION = 1
HINT_SECONDS = 1.0
NEXT_GAME_SECONDS = 4.0
"""In watch mode, a finished game stays on screen this long before the next starts."""


@dataclass(frozen=True)
class PlayerSettings:
    """Who plays one side: ``kind`` "human" or "ai"; for an AI its strength ``level``
    (1 = weakest) and ``algorithm``; for either its ``time_control``."""

    kind: str = "human"
    level: int = 1
    algorithm: Algorithm = Algorithm.PVS
    time_control: TimeControl = field(default_factory=TimeControl.unlimited)

    @property
    def is_ai(self) -> bool:
        """True for a computer player."""
        return self.kind == "ai"

    def describe(self, entry: GameEntry) -> str:
        """One line for people: ``Human, 5 min + 3 s`` or ``AI level 3 (depth 3), PVS, 1 s/move``."""
        if not self.is_ai:
            return f"Human, {self.time_control.label()}"
        level = entry.level(self.level)
        return f"AI level {self.level} ({level.describe()}), {self.algorithm.label}, {self.time_control.label()}"

    def to_dict(self) -> dict:
        """Plain data for JSON."""
        return {"kind": self.kind, "level": self.level, "algorithm": self.algorithm.value,
                "time_control": self.time_control.to_text()}

    @classmethod
    def from_dict(cls, data: dict, entry: GameEntry) -> PlayerSettings:
        """Read ``to_dict`` output; ``ValueError`` naming the bad field. The algorithm is
        replaced by one that can play ``entry``'s game if needed."""
        if not isinstance(data, dict):
            raise ValueError("player settings are not an object")
        kind = data.get("kind")
        if kind not in ("human", "ai"):
            raise ValueError(f"player kind {kind!r} is not 'human' or 'ai'")
        level = data.get("level", entry.max_level)
        if not isinstance(level, int) or not 1 <= level <= entry.max_level:
            raise ValueError(f"level {level!r} is not 1..{entry.max_level}")
        algorithm = Algorithm.parse(str(data.get("algorithm", "pvs")))
        control = TimeControl.parse(str(data.get("time_control", "none")))
        settings = cls(kind, level, algorithm, control)
        return settings.suited_to(entry)

    def suited_to(self, entry: GameEntry) -> PlayerSettings:
        """These settings with an algorithm that can search ``entry``'s game."""
        if entry.game.has_chance and not self.algorithm.handles_chance:
            return replace(self, algorithm=Algorithm.EXPECTIMINIMAX)
        return self


class GameSession:
    """One game in progress (or finished, for review). See the module docstring.

    ``now`` is the monotonic time source in seconds; ``rng`` rolls the dice.
    Positions are kept for every ply so the move list can show any of them.
    """

    def __init__(
        self,
        entry: GameEntry,
        players: tuple[PlayerSettings, PlayerSettings],
        *,
        now: Callable[[], float] = time.monotonic,
        rng: random.Random | None = None,
        on_change: Callable[[GameSession], None] | None = None,
    ) -> None:
        self.entry = entry
        self.game = entry.game
        self.players = (players[0].suited_to(entry), players[1].suited_to(entry))
        self.on_change = on_change
        self._now = now
        self._random = rng or random.Random()
        self.worker = SearchWorker()
        self.engines = {side: self._make_engine(self.players[side]) for side in (0, 1) if self.players[side].is_ai}
        self._hint_engine = Engine(self.game, entry.evaluate, self._default_options())
        self.move_delay = 0.6
        self.tally = [0, 0, 0]
        """Finished games of this session: wins of FIRST, wins of SECOND, draws."""
        self._reset(self.game.initial_state())

    # -- set-up -----------------------------------------------------------------------
    def _default_options(self) -> SearchOptions:
        algorithm = Algorithm.default_for(self.game.has_chance)
        return SearchOptions(algorithm=algorithm, shuffle_root_moves=True)

    def _make_engine(self, settings: PlayerSettings) -> Engine:
        # Equally good moves are picked at random, so two computers do not replay one game.
        options = SearchOptions(algorithm=settings.algorithm, shuffle_root_moves=True,
                                evaluation_noise=self.entry.level(settings.level).noise)
        return Engine(self.game, self.entry.evaluate, options)

    def _reset(self, initial: State) -> None:
        self.worker.cancel()
        self.initial = initial
        self.states: list[State] = [initial]
        self.moves: list[Hashable] = []
        self.move_texts: list[str] = []
        self.movers: list[int] = []
        self.view_index: int | None = None
        self.forced_result: Outcome | None = None
        self.clock = GameClock((self.players[0].time_control, self.players[1].time_control), now=self._now)
        self.search_kind: str | None = None
        self.search_player: int | None = None
        self.last_search_kind = ""
        """"move" or "hint": what the rows in ``search_rows`` come from."""
        self.search_rows: list[SearchInfo] = []
        self.evaluations: dict[int, Score] = {}
        """Latest search score (from FIRST's view) of each position searched, by ply index."""
        self._search_index = 0
        self._search_started_at = 0.0
        self._restart_at: float | None = None
        self.hint_move: Hashable | None = None
        self.failure: SearchFailure | None = None
        self.ai_halted = False
        self.paused = False
        self._step_requested = False
        self._next_search_at = 0.0
        self._start_turn()

    def new_game(self) -> None:
        """Start again from the initial position with the same players; a finished game
        is counted in ``tally`` first."""
        result = self.result
        if result is not None:
            self.tally[2 if result.winner is None else result.winner] += 1
        for engine in self.engines.values():
            engine.new_game()
        self._reset(self.game.initial_state())
        self._changed()

    # -- what the UI reads ---------------------------------------------------------------
    @property
    def state(self) -> State:
        """The live position (the last one)."""
        return self.states[-1]

    @property
    def display_state(self) -> State:
        """The position being shown: the live one, or one picked in the move list."""
        return self.states[self.view_index] if self.view_index is not None else self.states[-1]

    @property
    def result(self) -> Outcome | None:
        """How the game ended (rules, time forfeit), or ``None`` while it goes on."""
        return self.forced_result or self.state.outcome()

    @property
    def watch_mode(self) -> bool:
        """True when the computer plays both sides."""
        return self.players[0].is_ai and self.players[1].is_ai

    @property
    def thinking(self) -> bool:
        """True from the start of a search for a move (not a hint) until its result is handled."""
        return self.search_kind == "move"

    def human_to_move(self) -> bool:
        """True when the live position waits for a person's move."""
        mover = self.state.to_move()
        return self.result is None and mover != CHANCE and not self.players[mover].is_ai

    def last_move_index(self) -> int | None:
        """Index (into ``moves``) of the move that led to the shown position, if any."""
        index = len(self.moves) if self.view_index is None else self.view_index
        return index - 1 if index > 0 else None

    def shown_index(self) -> int:
        """Ply index of the shown position (0 = the start)."""
        return len(self.moves) if self.view_index is None else self.view_index

    def shown_evaluation(self) -> tuple[Score | None, int]:
        """The latest search score (``FIRST``'s view) for the shown position: the score of
        the nearest searched position at or before it, and how many plies before."""
        index = self.shown_index()
        known = [searched for searched in self.evaluations if searched <= index]
        if not known:
            return None, 0
        searched = max(known)
        return self.evaluations[searched], index - searched

    def shown_result(self) -> Outcome | None:
        """The result if the shown position is the end of the game."""
        if self.view_index is None:
            return self.result
        return self.display_state.outcome()

    def win_chance_first(self) -> float | None:
        """Probability (0..1) that ``FIRST`` wins in the shown position, from the game's
        result or the latest search there; ``None`` if nothing is known."""
        result = self.shown_result()
        if result is not None:
            return 0.5 if result.winner is None else (1.0 if result.winner == FIRST else 0.0)
        score, _ = self.shown_evaluation()
        if score is None:
            return None
        if score.value >= MATE_BOUND:
            return 1.0
        if score.value <= -MATE_BOUND:
            return 0.0
        return self.entry.win_chance(score.value)

    def progress(self) -> tuple[int, int, float]:
        """Live ``(depth, nodes, seconds)`` of the running search, zeros if none."""
        return self.worker.progress() if self.worker.busy else (0, 0, 0.0)

    # -- the frame tick -----------------------------------------------------------------
    def update(self) -> None:
        """Advance the game by what happened since the last call. Never blocks."""
        for event in self.worker.poll():
            if event.kind == "info":
                self._on_info(event.payload)
            elif event.kind == "done":
                self._on_done(event.payload)
            else:
                self._on_failure(event.payload)
        if self.result is not None:
            if self._restart_at is not None and not self.paused and self._now() >= self._restart_at:
                self.new_game()
            return
        if not self._turn_started:
            self._turn_started = True
            if self.human_to_move():
                self.clock.start(self.state.to_move())
        flagged = self.clock.flagged()
        if flagged is not None:
            self._finish(Outcome(opponent(flagged), "time forfeit"))
            return
        state = self.state
        mover = state.to_move()
        if mover == CHANCE:
            outcome = draw_chance_outcome(state, self._random)
            self._push(outcome, CHANCE)
            return
        if self.players[mover].is_ai and not self.thinking and not self.ai_halted:
            if self.paused and not self._step_requested:
                return
            if self.watch_mode and self._now() < self._next_search_at:
                return
            self._start_search(mover)

    def _start_search(self, mover: int) -> None:
        settings = self.players[mover]
        self._step_requested = False
        self.clock.start(mover)
        limits = move_limits(settings.time_control, self.clock.remaining(mover),
                             depth=self.entry.level(settings.level).depth)
        self._begin_search("move", mover)
        self._search_started_at = self._now()
        self.worker.start(self.engines[mover], self.state, limits)

    def _begin_search(self, kind: str, player: int) -> None:
        self.search_kind, self.search_player, self.search_rows = kind, player, []
        self.last_search_kind = kind
        self._search_index = len(self.moves)

    def hint_description(self) -> str:
        """How hints are searched, for people: ``PVS, strongest level, 1 s``."""
        return f"{self._hint_engine.options.algorithm.label}, strongest level, {HINT_SECONDS:g} s"

    def seconds_to_next_move(self) -> float:
        """In watch mode, how long until the computer starts its next search (0: now)."""
        if not self.watch_mode or self.thinking:
            return 0.0
        return max(0.0, self._next_search_at - self._now())

    def seconds_to_next_game(self) -> float | None:
        """In watch mode after a game ended: seconds until the next one starts."""
        if self._restart_at is None:
            return None
        return max(0.0, self._restart_at - self._now())

    def _on_info(self, info: SearchInfo) -> None:
        self.search_rows.append(info)
        score = info.score if self.search_player == FIRST else info.score.negated()
        self.evaluations[self._search_index] = score

    def _on_done(self, result: SearchResult) -> None:
        kind, self.search_kind = self.search_kind, None
        if kind == "hint":
            self.hint_move = result.move
            return
        if kind != "move" or result.move not in self.state.legal_moves():
            return
        self.clock.stop(at=self._search_started_at + result.time)
        self._push(result.move, self.state.to_move())

    def _on_failure(self, failure: SearchFailure) -> None:
        kind, self.search_kind = self.search_kind, None
        self.failure = failure
        if kind == "move":
            self.clock.stop(add_increment=False)
            self.ai_halted = True

    # -- actions ---------------------------------------------------------------------
    def play_human(self, move: Hashable) -> str | None:
        """Play a person's move in the live position. Returns ``None`` if played, else
        the reason it was refused (game over, not their turn, illegal, viewing history)."""
        if self.result is not None:
            return "The game is over."
        if self.view_index is not None:
            return "You are looking at an earlier position: go to the last move to play."
        if not self.human_to_move():
            return "It is not your turn."
        if move not in self.state.legal_moves():
            return f"{self.state.move_to_text(move)} is not legal here."
        if self.search_kind == "hint":
            self.worker.cancel()
            self.search_kind = None
        self.clock.stop()
        self._push(move, self.state.to_move())
        return None

    def play_text(self, text: str) -> str | None:
        """Like ``play_human`` for a move in the game's notation."""
        try:
            move = self.state.parse_move(text)
        except GameError as problem:
            return str(problem)
        return self.play_human(move)

    def takeback(self) -> bool:
        """Undo back to the last position where a person was to move (one ply when the
        computer plays both sides, which also pauses). Cancels any search. Returns
        False when there is nothing to undo."""
        if not self.moves:
            return False
        self.worker.cancel()
        self.search_kind = None
        self.clock.stop(add_increment=False)
        self.forced_result = None
        humans = [side for side in (0, 1) if not self.players[side].is_ai]
        self._restart_at = None
        self.search_rows = []
        self.search_player = None
        self._pop()
        if humans:
            while self.moves and (self.state.to_move() == CHANCE or self.state.to_move() not in humans):
                self._pop()
        else:
            self.paused = True
        self.view_index = None
        self.hint_move = None
        self.ai_halted = False
        self.failure = None
        self._start_turn()
        self._changed()
        return True

    def request_hint(self) -> str | None:
        """Search for the person to move (about a second); the answer appears as
        ``hint_move``. Returns a reason if no hint can be given now."""
        if not self.human_to_move():
            return "Hints are for a person's turn."
        if self.view_index is not None:
            return "Go to the last move first."
        if self.search_kind == "hint":
            return None
        self.hint_move = None
        limits = SearchLimits.fixed_time(HINT_SECONDS, depth=self.entry.level(self.entry.max_level).depth)
        self._begin_search("hint", self.state.to_move())
        self.worker.start(self._hint_engine, self.state, limits)
        return None

    def set_paused(self, paused: bool) -> None:
        """Pause or resume the computer: pausing abandons its current search (its lines
        stay on screen) and stops its clock; resuming searches again."""
        if paused == self.paused:
            return
        self.paused = paused
        if paused and self.search_kind == "move":
            self.worker.cancel()
            self.search_kind = None
            self.clock.stop(add_increment=False)
        self._step_requested = False

    def step(self) -> None:
        """While paused: let the computer play exactly one move."""
        if self.paused:
            self._step_requested = True
            self._next_search_at = 0.0

    def retry_ai(self) -> None:
        """After a search failure: let the AI try again."""
        self.failure = None
        self.ai_halted = False

    def hand_over_to_human(self, side: int) -> None:
        """After a search failure: a person takes over ``side``."""
        players = list(self.players)
        players[side] = replace(players[side], kind="human")
        self.players = (players[0], players[1])
        self.engines.pop(side, None)
        self.failure = None
        self.ai_halted = False
        self._start_turn()
        self._changed()

    def view(self, index: int | None) -> None:
        """Show position ``index`` (0 = start, len(moves) or ``None`` = live)."""
        if index is None or index >= len(self.moves):
            self.view_index = None
        else:
            self.view_index = max(0, index)

    def view_step(self, delta: int) -> None:
        """Move the shown position ``delta`` plies back (negative) or forward."""
        current = len(self.moves) if self.view_index is None else self.view_index
        self.view(current + delta)

    def close(self) -> None:
        """Stop any search (leaving the play scene or the app)."""
        self.worker.cancel()
        self.clock.stop(add_increment=False)

    # -- internals ---------------------------------------------------------------------
    def _push(self, move: Hashable, mover: int) -> None:
        self.move_texts.append(self.state.move_to_text(move))
        self.moves.append(move)
        self.movers.append(mover)
        self.states.append(self.state.apply(move))
        self.hint_move = None
        self.view_index = None
        if self.result is not None:
            self._finish(self.result)
            return
        self._next_search_at = self._now() + (self.move_delay if self.watch_mode else 0.0)
        self._start_turn()
        self._changed()

    def _pop(self) -> None:
        self.moves.pop()
        self.move_texts.pop()
        self.movers.pop()
        self.states.pop()
        self.evaluations.pop(len(self.moves) + 1, None)

    def _start_turn(self) -> None:
        """A new position: stop the clocks. The next ``update`` starts a person's clock
        (an AI's starts with its search), so a game restored behind a "Resume?" question
        does not tick until it is on screen."""
        self.clock.stop(add_increment=False)
        self._turn_started = False

    def _finish(self, outcome: Outcome) -> None:
        if self.state.outcome() is None:
            self.forced_result = outcome
        self.worker.cancel()
        self.search_kind = None
        self.clock.stop(add_increment=False)
        if self.watch_mode:
            self._restart_at = self._now() + NEXT_GAME_SECONDS
        self._changed()

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self)

    # -- saving -------------------------------------------------------------------------
    def to_dict(self) -> dict:
        """Everything needed to resume: game, players, start position, moves, clocks, result."""
        result = self.forced_result
        return {
            "version": SAVE_VERSION,
            "game": self.game.id,
            "players": [player.to_dict() for player in self.players],
            "initial": self.initial.to_text(),
            "moves": list(self.move_texts),
            "clock": self.clock.snapshot(),
            "forced_result": None if result is None else
            {"winner": result.winner, "reason": result.reason, "points": result.points},
            "move_delay": self.move_delay,
            "saved_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        }

    @classmethod
    def from_dict(cls, data: dict, **keywords) -> GameSession:
        """Rebuild a session saved by ``to_dict``; ``ValueError`` naming what is wrong.

        ``keywords`` are passed to the constructor (``now``, ``rng``, ``on_change``).
        """
        if data.get("version") != SAVE_VERSION:
            raise ValueError(f"unknown save format version {data.get('version')!r}")
        try:
            entry = get_game(str(data.get("game")))
        except KeyError as problem:
            raise ValueError(problem.args[0]) from None
        players_data = data.get("players")
        if not isinstance(players_data, list) or len(players_data) != 2:
            raise ValueError("the save does not list two players")
        players = (PlayerSettings.from_dict(players_data[0], entry), PlayerSettings.from_dict(players_data[1], entry))
        session = cls(entry, players, **keywords)
        on_change, session.on_change = session.on_change, None
        try:
            initial = entry.game.parse_position(str(data.get("initial")))
            session._reset(initial)
            moves = data.get("moves")
            if not isinstance(moves, list):
                raise ValueError("the moves are not a list")
            for number, text in enumerate(moves, start=1):
                if session.state.is_terminal():
                    raise ValueError(f"move {number} ({text}) comes after the end of the game")
                try:
                    move = session.state.parse_move(str(text))
                except GameError as problem:
                    raise ValueError(f"move {number} ({text}): {problem}") from None
                session._push(move, session.state.to_move())
            clock = data.get("clock")
            if isinstance(clock, list) and len(clock) == 2 and all(isinstance(t, (int, float)) for t in clock):
                session.clock.set_remaining(float(clock[0]), float(clock[1]))
            forced = data.get("forced_result")
            if isinstance(forced, dict) and session.state.outcome() is None:
                winner = forced.get("winner")
                if winner not in (0, 1, None):
                    raise ValueError(f"bad winner {winner!r}")
                session.forced_result = Outcome(winner, str(forced.get("reason", "")), int(forced.get("points", 1)))
            delay = data.get("move_delay")
            if isinstance(delay, (int, float)) and 0 <= delay <= 10:
                session.move_delay = float(delay)
            session.paused = session.watch_mode
            session._start_turn()
        finally:
            session.on_change = on_change
        return session
