"""A game being played in the window: its record, players, clocks and the computer's turns.

``GameSession`` is the controller behind the play scene. Its parts are public, and
callers read and drive them directly (the session passes none of their calls through):

- ``record``, a ``GameRecord``: positions, moves, move texts, evaluations, the result
  (``session.record.state`` is the live position, ``session.record.result`` the end);
- ``clock``, a ``GameClock``: both sides' clocks;
- ``searches``, a ``SearchControl``: the engines, the search thread, and the records the
  engine panel shows (``searches.latest``, ``searches.latest_by_player``);
- ``watch``, a ``WatchControl``: pause, step and the delay between moves in watch mode;
- ``endings``, a ``GameEndings``: resigning, draw offers and claims;
- ``rollout``, a ``RolloutControl``: the rollout of a search's candidates (games with
  chance), dropped whenever another position is shown;
- ``pondering``, a ``PonderControl``: the computer's search on the person's time, which
  becomes its move search when the person plays the reply it expects.

What the session offers itself needs several parts at once: the turns (whose move,
playing a person's move, takeback, play from here, hints, pause and step), the position
shown (the live one or an earlier one) and what is known of it, and the score of the
sitting. The UI calls ``update()`` once per frame; the session polls the search (never
blocking), plays the computer's move when its search ends, starts the next search,
rolls dice at chance nodes and watches the clocks. Every change to the game calls
``on_change`` (the play scene autosaves there). It imports no pygame, so it is tested
without a display.
"""
from __future__ import annotations

import random
import time
from collections.abc import Callable, Hashable
from dataclasses import replace

from ai.clock import GameClock
from ai.explanation import Explanation, explain
from ai.strength import level_limits
from ai.types import MINIMUM_DEPTH, SearchInfo, SearchLimits, SearchResult
from ai.worker import SearchFailure
from games.base import CHANCE, FIRST, GameError, GameText, Outcome, State, draw_chance_outcome, opponent
from games.registry import GameEntry
from ui.game_endings import GameEndings
from ui.game_record import Evaluation, GameRecord
from ui.i18n import mark, tr, tr_known
from ui.player_settings import PlayerSettings
from ui.ponder_control import PonderControl
from ui.saved_game import SavedGame, read_saved_game, saved_game_to_dict
from ui.rollout_control import RolloutControl
from ui.search_control import SearchControl, SearchRecord
from ui.storage import log_event
from ui.watch_control import WatchControl
from ui.win_chances import chance_point

ClockTimes = tuple[float | None, float | None]


class GameSession:
    """One game in progress (or finished, for review). See the module docstring.

    ``now`` is the monotonic time source in seconds; ``rng`` rolls the dice.
    """

    def __init__(
        self,
        entry: GameEntry,
        players: tuple[PlayerSettings, PlayerSettings],
        *,
        now: Callable[[], float] = time.monotonic,
        rng: random.Random | None = None,
        on_change: Callable[[GameSession], None] | None = None,
        rules: dict[str, bool] | None = None,
    ) -> None:
        self.entry = entry
        self.game = entry.game
        self.rules = dict(rules) if rules is not None else entry.game.default_rules()
        """The rule options new games of this session start with (``Game.start``)."""
        self.players = (players[0].suited_to(entry), players[1].suited_to(entry))
        self.on_change = on_change
        self._now = now
        self._random = rng or random.Random()
        self.searches = SearchControl(entry, self.players)
        """The engines, the search thread and the engine panel's records."""
        self.pondering = PonderControl(entry, self.searches)
        """The computer's search on the person's time (``PlayerSettings.ponders``)."""
        self.watch = WatchControl(now=now)
        """Watch mode's pause, step and delay between moves."""
        self.endings = GameEndings(self, self._finish)
        self.rollout = RolloutControl(entry)
        """The rollout of the candidates shown (games with chance), if any."""
        """Resigning, draw offers and claims (the person's, and the computer's own claims)."""
        self.past_tally = [0, 0, 0]
        """Games of this sitting finished before the current one: wins of FIRST, of SECOND, draws."""
        self.past_points = [0, 0]
        """The points each side scored in those games (a gammon 2, the cube multiplies)."""
        self._reset(self.game.start(self.rules))

    def _reset(self, initial: State) -> None:
        self.searches.cancel()
        self.pondering.drop()
        self.rollout.drop()
        self.clock = GameClock((self.players[0].time_control, self.players[1].time_control), now=self._now)
        """Both sides' clocks (a new game, a new clock)."""
        self.record = GameRecord(initial, clock_times=[self._clock_times()])
        """The game so far (a new game brings a new record)."""
        self.searches.follow(self.record.states, self.record.moves)
        self.view_index: int | None = None
        """The earlier position shown (a ply index), or ``None`` for the live one."""
        self.hint_move: Hashable | None = None
        self.hint_explanation: Explanation | None = None
        """Why ``hint_move`` (``ai.explanation``), set with it."""
        self.failure: SearchFailure | None = None
        self.ai_halted = False
        self._search_started_at = 0.0
        self.watch.cancel_restart()
        self.watch.end_review()
        self._start_turn()

    def new_game(self) -> None:
        """Start again from the initial position with the same players (a finished game
        is already in ``tally``; it stays counted)."""
        self.past_tally, self.past_points = self.tally, self.points
        self.searches.new_game()
        self._reset(self.game.start(self.rules))
        self._changed()

    # -- the score of the sitting -------------------------------------------------------
    @property
    def tally(self) -> list[int]:
        """Games of this sitting, the current one included once it has ended: wins of
        ``FIRST``, wins of ``SECOND``, draws."""
        tally = list(self.past_tally)
        result = self.record.result
        if result is not None:
            tally[2 if result.winner is None else result.winner] += 1
        return tally

    @property
    def points(self) -> list[int]:
        """The points each side (``FIRST``, ``SECOND``) scored in the games of this
        sitting, the current one included once it has ended."""
        points = list(self.past_points)
        result = self.record.result
        if result is not None and result.winner is not None:
            points[result.winner] += result.points
        return points

    # -- players and turns ---------------------------------------------------------------
    @property
    def watch_mode(self) -> bool:
        """True when the computer plays both sides."""
        return self.players[0].is_ai and self.players[1].is_ai

    @property
    def humans(self) -> list[int]:
        """The sides a person plays."""
        return [side for side in (0, 1) if not self.players[side].is_ai]

    @property
    def thinking(self) -> bool:
        """True from the start of a search for a move (not a hint) until its result is handled."""
        return self.searches.kind == "move"

    @property
    def paused(self) -> bool:
        """Watch mode: the computers are paused (always False outside watch mode)."""
        return self.watch_mode and self.watch.paused

    def human_to_move(self) -> bool:
        """True when the live position waits for a person's move."""
        mover = self.record.state.to_move()
        return self.record.result is None and mover != CHANCE and not self.players[mover].is_ai

    def seconds_to_next_move(self) -> float:
        """In watch mode, how long until the computer starts its next search (0: now)."""
        if not self.watch_mode or self.thinking:
            return 0.0
        return self.watch.seconds_to_next_move()

    # -- the position shown (the live one, or an earlier one picked in the move list) ----
    @property
    def display_state(self) -> State:
        """The position being shown: the live one, or one picked in the move list."""
        return self.record.states[self.shown_index()]

    def shown_index(self) -> int:
        """Ply index of the shown position (0 = the start)."""
        return len(self.record.moves) if self.view_index is None else self.view_index

    def last_move_index(self) -> int | None:
        """Index (into ``record.moves``) of the move that led to the shown position, if any."""
        index = self.shown_index()
        return index - 1 if index > 0 else None

    def shown_evaluation(self) -> tuple[Evaluation | None, int]:
        """The evaluation that applies to the shown position (see
        ``GameRecord.evaluation_at``) and how many plies before it was made."""
        return self.record.evaluation_at(self.shown_index())

    def shown_result(self) -> Outcome | None:
        """The result if the shown position is the end of the game."""
        if self.view_index is None:
            return self.record.result
        return self.display_state.outcome()

    def win_chance_first(self) -> float | None:
        """Probability (0..1) that ``FIRST`` wins from the shown position, from the game's
        result or the latest noise-free search there; ``None`` if nothing is known."""
        point = chance_point(self.shown_result(), self.shown_evaluation()[0], self.entry.win_chance)
        return None if point is None else point.chance

    # -- the frame tick ------------------------------------------------------------------
    def update(self) -> None:
        """Advance the game by what happened since the last call. Never blocks."""
        self.rollout.follow(self.shown_index(), self.display_state)
        for record, event in self.searches.poll():
            if event.kind == "info":
                self._on_info(record, event.payload)
            elif event.kind == "done":
                self._on_done(record, event.payload)
            else:
                self._on_failure(record, event.payload)
        ready = self.pondering.take_ready()  # a search that had ended on the person's time, and was hit
        if ready is not None:
            self._on_done(*ready)
        if self.record.result is not None:
            if self.watch_mode and self.watch.restart_due():
                self.new_game()
            return
        if not self._turn_started:
            self._turn_started = True
            if self.human_to_move():
                self.clock.start(self.record.state.to_move())
        flagged = self.clock.flagged()
        if flagged is not None:
            self._finish(Outcome(opponent(flagged), mark("time forfeit")))
            return
        mover = self.record.state.to_move()
        if mover == CHANCE:
            self._push(draw_chance_outcome(self.record.state, self._random), CHANCE)
            return
        if self.players[mover].is_ai and not self.thinking and not self.ai_halted:
            if self.watch_mode and not self.watch.may_search():
                return
            if self.endings.computer_claims_draw(mover):
                return
            self._start_search(mover)
        elif not self.players[mover].is_ai and not self.ai_halted:
            self.pondering.consider(self.record.state, len(self.record.moves), self.players, self._move_limits)

    def _move_limits(self, mover: int) -> SearchLimits:
        """The limits of computer ``mover``'s next move: its level's, under its clock."""
        settings = self.players[mover]
        return level_limits(self.entry.level(settings.level), settings.time_control, self.clock.remaining(mover))

    def _start_search(self, mover: int) -> None:
        self.watch.search_started()
        self.clock.start(mover)
        limits = self._move_limits(mover)
        self._search_started_at = self._now()
        self.searches.start_move(self.record.state, mover, len(self.record.moves), limits)

    def _on_info(self, record: SearchRecord, info: SearchInfo) -> None:
        if record.kind == "ponder":
            return  # its position is not in the game (yet): the bar waits for the hit
        if (record.noisy and info.source == "search") or info.source == "book":
            # A weak level's deliberate errors, or a book move's empty score, are not for the
            # bar; a table's result and a fixed rule's decision (backgammon's cube, scored by the
            # evaluation without the level's noise) are.
            return
        score = info.score if record.player == FIRST else info.score.negated()
        self.record.evaluations[record.ply] = Evaluation(score, info.exact or info.score.is_forced, info.depth,
                                                         tuple(info.pv))

    def _on_done(self, record: SearchRecord, result: SearchResult) -> None:
        if record.kind == "ponder":  # ended on the person's time: kept for a hit
            self.pondering.finished(record, result)
            return
        if record.ply != len(self.record.moves):
            return
        if record.kind == "hint":
            if result.move in self.record.state.legal_moves():
                record.explanation = self.hint_explanation = explain(self.record.state, result, self.game.has_chance)
                self.hint_move = result.move
            return
        if result.move not in self.record.state.legal_moves():
            return
        if record.noisy and result.clean_score is not None:
            # A weak level: the bar gets the noise-free value of the move it played.
            score = result.clean_score if record.player == FIRST else result.clean_score.negated()
            depth = max(result.infos[-1].depth, MINIMUM_DEPTH) if result.infos else 0
            self.record.evaluations[record.ply] = Evaluation(score, score.is_forced, depth, (result.move,))
        self.clock.stop(at=self._search_started_at + result.time)
        self._push(result.move, self.record.state.to_move())

    def _on_failure(self, record: SearchRecord, failure: SearchFailure) -> None:
        log_event(f"the computer's {record.kind} search in {self.game.title} failed: {failure.message}")
        if record.kind == "ponder":  # nobody waits for it: the move search runs as usual
            self.pondering.failed(record)
            return
        self.failure = failure
        if record.kind == "move":
            self.clock.stop(add_increment=False)
            self.ai_halted = True

    # -- actions ---------------------------------------------------------------------
    def play_human(self, move: Hashable) -> str | None:
        """Play a person's move in the live position. Returns ``None`` if played, else
        the reason it was refused (game over, not their turn, illegal, viewing history)."""
        if self.record.result is not None:
            return tr("The game is over.")
        if self.view_index is not None:
            return tr("You are looking at an earlier position: go to the last move (End) to play, or Play from here.")
        if not self.human_to_move():
            return tr("It is not your turn.")
        if move not in self.record.state.legal_moves():
            return tr("{move} is not legal here.", move=self.record.state.display_move(move))
        if self.searches.kind == "hint":
            self.searches.cancel()
        self.clock.stop()
        self._push(move, self.record.state.to_move())
        hit = self.pondering.resolve(move, self.record.state) if self.record.result is None else None
        if hit is not None:  # the search on the person's time goes on as the computer's move search
            self.clock.start(hit.player)
            self._search_started_at = self._now() - self.pondering.pondered_seconds
            if hit.rows:  # its position is in the game now: the bar may show what it found
                self._on_info(hit, hit.rows[-1])
        return None

    def play_text(self, text: str) -> str | None:
        """Like ``play_human`` for a move in the game's notation."""
        try:
            move = self.record.state.parse_move(text)
        except GameError as problem:
            return tr_known(str(problem))
        return self.play_human(move)

    def takeback_target(self) -> int | None:
        """The ply index a takeback returns to, counted from the shown position: the last
        position before it where a person was to move (one ply back when the computer
        plays both sides); ``None`` if there is none (nothing played, or a person playing
        second has no move of their own yet)."""
        end = self.shown_index()
        if end == 0:
            return None
        target = end - 1
        humans = self.humans
        if humans:
            while target >= 0 and self.record.states[target].to_move() not in humans:
                target -= 1
            if target < 0:
                return None
        return target

    def takeback(self) -> bool:
        """Go back to ``takeback_target()`` (from the shown position), dropping every move
        after it, with the clocks as they were there; pauses watch mode. Cancels any
        search. Returns False (and changes nothing) when there is nothing to take back."""
        target = self.takeback_target()
        if target is None:
            return False
        self._cut_to(target)
        if self.watch_mode:
            self.watch.set_paused(True)
        self._changed()
        return True

    def moves_after_view(self) -> int:
        """How many moves "play from here" would drop (0 when the live position is shown)."""
        return 0 if self.view_index is None else len(self.record.moves) - self.view_index

    def play_from_here(self) -> bool:
        """Continue the game from the shown earlier position: the later moves are dropped,
        the clocks set back to that position's, a review pause in watch mode ends. False
        (nothing changes) when the live position is shown."""
        if self.view_index is None:
            return False
        self._cut_to(self.view_index)
        self.watch.end_review()
        self._changed()
        return True

    def request_hint(self) -> str | None:
        """Search for the person to move (about a second); the answer appears as
        ``hint_move``. Returns a reason if no hint can be given now."""
        if not self.human_to_move():
            return tr("Hints are for a person's turn.")
        if self.view_index is not None:
            return tr("Go to the last move first.")
        if self.searches.kind == "hint":
            return None
        self.hint_move = self.hint_explanation = None
        self.rollout.drop()
        self.searches.start_hint(self.record.state, self.record.state.to_move(), len(self.record.moves))
        return None

    def start_rollout(self, full: bool = False) -> str | None:
        """Roll out the best candidates of the search made in the shown position (see
        ``ui.rollout_control``; ``full``: whole games, not truncated). Returns why not,
        if it cannot start now; never plays a move."""
        problem = self.rollout.refusal(self.searches, self.shown_index(), self.watch_mode, self.thinking)
        if problem:
            return problem
        self.rollout.start(self.rollout.target(self.searches, self.shown_index(), self.watch_mode), full)
        return None

    def set_paused(self, paused: bool) -> None:
        """Pause or resume the computer: pausing abandons its current search (its lines
        stay on screen) and stops its clock; resuming searches again."""
        if paused == self.paused and not self.watch.paused_for_review:
            return
        self.watch.set_paused(paused)
        if paused:
            self._halt_search()

    def _halt_search(self) -> None:
        if self.searches.kind == "move":
            self.searches.cancel()
            self.clock.stop(add_increment=False)

    def step(self) -> None:
        """While paused: let the computer play exactly one move (from the live position)."""
        if self.paused:
            self.view_index = None
            self.watch.request_step()

    def retry_ai(self) -> None:
        """After a search failure: let the AI try again."""
        self.failure = None
        self.ai_halted = False

    def hand_over_to_human(self, side: int) -> None:
        """After a search failure: a person takes over ``side``."""
        self.pondering.drop()
        players = list(self.players)
        players[side] = replace(players[side], kind="human")
        self.players = (players[0], players[1])
        self.searches.players = self.players
        self.searches.drop_hand_over(side)
        self.watch.set_paused(False)  # no longer watch mode: nothing to pause
        self.failure = None
        self.ai_halted = False
        self._start_turn()
        self._changed()

    def view(self, index: int | None) -> None:
        """Show position ``index`` (0 = start; ``len(moves)`` or ``None`` = live). In watch
        mode, looking at an earlier position pauses the computers (its search is
        abandoned) and returning to the live one resumes them."""
        if index is None or index >= len(self.record.moves):
            self.view_index = None
            if self.watch_mode and self.watch.paused_for_review:
                self.watch.end_review()
                if self.record.result is not None:  # a finished game: the next one follows after the usual pause
                    self.watch.game_finished()
            return
        self.view_index = max(0, index)
        if self.watch_mode and self.watch.pause_for_review():  # finished or not: no next game meanwhile
            self._halt_search()

    def view_step(self, delta: int) -> None:
        """Move the shown position ``delta`` plies back (negative) or forward."""
        self.view(self.shown_index() + delta)

    def close(self) -> None:
        """Stop any search and rollout and end external programs (leaving the play scene or the app)."""
        self.pondering.drop()
        self.searches.close()
        self.rollout.drop()
        self.clock.stop(add_increment=False)

    # -- internals ---------------------------------------------------------------------
    def _clock_times(self) -> ClockTimes:
        return self.clock.remaining(0), self.clock.remaining(1)

    def _push(self, move: Hashable, mover: int) -> None:
        self.record.push(move, mover, self._clock_times())
        self.hint_move = self.hint_explanation = None
        if self.record.result is not None:
            self._finish(self.record.result)
            return
        if self.watch_mode:
            self.watch.move_played()
        self._start_turn()
        self._changed()

    def _cut_to(self, length: int) -> None:
        """Drop the moves after ply ``length`` and set the clocks back to that position's."""
        self.searches.cancel()
        self.pondering.drop()
        self.rollout.drop()
        self.clock.stop(add_increment=False)
        self.record.truncate(length)
        self.searches.forget_after(length)
        times = self.record.clock_times[length]
        current = self._clock_times()
        controls = self.clock.controls
        # A side whose time there is unknown (an older save) keeps its present time.
        self.clock.set_remaining(*(times[side] if times[side] is not None else
                                   current[side] if current[side] is not None else controls[side].base
                                   for side in (0, 1)))
        self.view_index = None
        self.hint_move = self.hint_explanation = None
        self.ai_halted = False
        self.failure = None
        self.watch.cancel_restart()
        self._start_turn()

    def _start_turn(self) -> None:
        """A new position: stop the clocks. The next ``update`` starts a person's clock
        (an AI's starts with its search), so a game restored behind a "Resume?" question
        does not tick until it is on screen."""
        self.clock.stop(add_increment=False)
        self._turn_started = False

    def _finish(self, outcome: Outcome) -> None:
        if self.record.state.outcome() is None:
            self.record.forced_result = outcome
        self.searches.cancel()
        self.pondering.drop()
        self.clock.stop(add_increment=False)
        if self.watch_mode:
            self.watch.game_finished()
        self._changed()

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self)

    # -- saving -------------------------------------------------------------------------
    def to_saved_game(self) -> SavedGame:
        """The session as a ``SavedGame`` (what resuming needs)."""
        return SavedGame(self.entry, self.players, self.record, self._clock_times(), self.watch.move_delay,
                         tuple(self.past_tally), past_points=tuple(self.past_points), rules=dict(self.rules))

    def to_dict(self) -> dict:
        """Everything needed to resume, as JSON data (see ``ui.saved_game``)."""
        return saved_game_to_dict(self.to_saved_game())

    @classmethod
    def from_saved_game(cls, saved: SavedGame, **keywords) -> GameSession:
        """A session continuing ``saved``: its record, clocks and score. A watch-mode game
        comes back paused. ``keywords`` go to the constructor (``now``, ``rng``, ``on_change``)."""
        if saved.rules is not None:
            keywords.setdefault("rules", saved.rules)
        session = cls(saved.entry, saved.players, **keywords)
        session.record = saved.record
        controls = session.clock.controls
        session.clock.set_remaining(*(controls[side].base if saved.clock[side] is None else saved.clock[side]
                                      for side in (0, 1)))
        session.watch.move_delay = saved.move_delay
        session.past_tally = list(saved.past_tally)
        session.past_points = list(saved.past_points if saved.past_points is not None else saved.past_tally[:2])
        if session.watch_mode:
            session.watch.set_paused(True)
            if session.record.result is not None:  # Space (resume) leads on to the next game
                session.watch.game_finished()
        session._start_turn()
        return session

    @classmethod
    def from_game_text(cls, entry: GameEntry, players: tuple[PlayerSettings, PlayerSettings], game: GameText,
                       **keywords) -> GameSession:
        """A session holding a game read from text (a PGN file, a pasted FEN): it starts
        from the game's position with its moves played, shows the end, and keeps a
        recorded result the rules do not see. Play on, or look back and play from any
        move. ``keywords`` go to the constructor."""
        session = cls(entry, players, **keywords)
        on_change, session.on_change = session.on_change, None
        session._reset(game.initial)
        for move in game.moves:
            session.record.push(move, session.record.state.to_move(), session._clock_times())
        if game.result is not None and session.record.state.outcome() is None:
            session.record.forced_result = game.result
        if session.watch_mode:
            session.watch.set_paused(True)
        session._start_turn()
        session.on_change = on_change
        return session

    @classmethod
    def from_dict(cls, data: object, **keywords) -> GameSession:
        """Rebuild a session saved by ``to_dict``; ``ValueError`` naming what is wrong."""
        return cls.from_saved_game(read_saved_game(data), **keywords)
