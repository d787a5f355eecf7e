"""The computer thinking on the person's time (pondering) in one game of the window.

While a person is to move against the computer, ``PonderControl`` has the computer
search the position after the reply it expects: the second move of the principal
variation of the search that chose its last move. The engine panel shows that search
("O: pondering on b2"). When the person plays the expected move (a ponder hit) the same
search goes on as the computer's move search, under the move's time limit counted from
then (``ai.ponder``), so the move comes sooner or from a deeper search; its table,
killers and history are the engine's own either way. Any other move (a miss) stops it,
and the normal search starts afresh. A takeback, a new game, the end of the game and
leaving the game (``drop``) stop it too, and so does a hint, for the rest of that turn
(the person asked for the hint's search; the panel shows it). A search that ends by
itself before the person moves keeps its result for the hit; nothing it found is ever
played in another position.

Who ponders is ``PlayerSettings.ponders``: this app's search at a level that uses its
time (the strongest), in a game without chance (``Game.has_chance``): in a game with
dice the position the computer will search depends on the roll. Nothing here knows a
game: any game whose search reports a principal variation ponders. No pygame here.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable

from ai.ponder import Ponder
from ai.types import SearchLimits, SearchResult
from games.base import State
from games.registry import GameEntry
from ui.player_settings import PlayerSettings
from ui.search_control import SearchControl, SearchRecord


class PonderControl:
    """Pondering in one game (see the module docstring): the session calls ``consider``
    once per frame while a person is to move, ``resolve`` when the person has moved,
    ``finished`` when the pondering search ends by itself, ``take_ready`` for a held
    result that a hit made the move, and ``drop`` when the game changes otherwise."""

    def __init__(self, entry: GameEntry, searches: SearchControl) -> None:
        self.entry = entry
        self.searches = searches
        self._considered_at: int | None = None
        self._record: SearchRecord | None = None
        self._ponder: Ponder | None = None
        self._expected: Hashable | None = None
        self._result: SearchResult | None = None
        self._ready: tuple[SearchRecord, SearchResult] | None = None

    @property
    def record(self) -> SearchRecord | None:
        """The pondering search's record (running, or finished with its result held);
        ``None`` when none, or when a hint has interrupted it (it is forgotten then)."""
        self._forget_interrupted()
        return self._record

    @property
    def expected_move(self) -> Hashable | None:
        """The reply the computer ponders on, if it ponders."""
        return self._expected if self.record is not None else None

    def consider(self, state: State, ply: int, players: tuple[PlayerSettings, PlayerSettings],
                 limits_for: Callable[[int], SearchLimits]) -> bool:
        """A person is to move in ``state`` (``ply`` moves played): start pondering if
        the computer that moved last ponders and expects a reply, unless it was already
        considered for this position (also when a hint ended it) or a search (a hint)
        runs. ``limits_for(player)``
        gives the limits of ``player``'s next move. True if pondering started."""
        self._forget_interrupted()
        if self._considered_at == ply or self.searches.current is not None:
            return False
        self._considered_at = ply
        target = self._target(state, ply, players)
        if target is None:
            return False
        player, reply, after = target
        self._ponder = self.searches.start_ponder(after, player, ply + 1, limits_for(player),
                                                  state.display_move(reply), expected=reply)
        self._record, self._expected, self._result = self.searches.current, reply, None
        return True

    def _target(self, state: State, ply: int, players: tuple[PlayerSettings, PlayerSettings]
                ) -> tuple[int, Hashable, State] | None:
        """``(computer, expected reply, position after it)`` to ponder on, or ``None``:
        the search that chose the last move (at ``ply - 1``) expects a legal reply after
        which that computer is to move in a game that goes on."""
        if self.entry.game.has_chance:
            return None
        for player, searched in self.searches.latest_by_player.items():
            if searched.kind != "move" or searched.ply != ply - 1 or not searched.rows:
                continue
            line = searched.rows[-1].pv
            if not players[player].ponders(self.entry) or not self.searches.searches_here(player):
                continue
            if len(line) < 2 or searched.state is None or searched.state.apply(line[0]).to_text() != state.to_text():
                continue  # no reply expected, or the move played was not the line's
            reply = line[1]
            if reply not in state.legal_moves():
                continue
            after = state.apply(reply)
            if after.is_terminal() or after.to_move() != player:  # the game ends, or dice or the person come next
                continue
            return player, reply, after
        return None

    def resolve(self, move: Hashable, position: State) -> SearchRecord | None:
        """The person played ``move``, reaching ``position``. A hit (the expected reply,
        leading to the pondered position): the pondering search becomes the move search
        and its record is returned (its result comes as a ``done`` event, or from
        ``take_ready`` if it had finished). A miss: the pondering is stopped; ``None``."""
        record, ponder, expected = self.record, self._ponder, self._expected
        self._considered_at = None
        if record is None or ponder is None:
            return None
        if move != expected or record.state is None or record.state.to_text() != position.to_text():
            self.drop()
            return None
        self.searches.ponder_hit(record)
        ponder.hit()
        if self._result is not None:
            self._ready = (record, self._result)
        self._record, self._expected, self._result = None, None, None
        return record

    @property
    def pondered_seconds(self) -> float:
        """Seconds the last pondering search ran before its hit (or so far)."""
        return self._ponder.pondered_seconds if self._ponder is not None else 0.0

    def finished(self, record: SearchRecord, result: SearchResult) -> None:
        """The pondering search of ``record`` ended by itself before the person moved:
        keep its result for a hit."""
        if record is self._record:
            self._result = result

    def failed(self, record: SearchRecord) -> None:
        """The pondering search of ``record`` failed (a bug, logged by the caller): forget
        it, and do not ponder again in this position."""
        if record is self._record:
            self._record = self._ponder = self._expected = self._result = None

    def take_ready(self) -> tuple[SearchRecord, SearchResult] | None:
        """The record and result of a search that had finished before its hit, once."""
        ready, self._ready = self._ready, None
        return ready

    def drop(self) -> None:
        """Stop pondering and forget it (a miss, a takeback, a new game, the end of the
        game, leaving it); the next position is considered afresh."""
        if self._record is not None and self._record is self.searches.current:
            self.searches.cancel()
        self._record = self._ponder = self._expected = self._result = None
        self._ready = None
        self._considered_at = None

    def _forget_interrupted(self) -> None:
        """A pondering search that another search (a hint) cancelled before it ended is
        forgotten (and not started again in this position)."""
        record = self._record
        if record is not None and self._result is None and record is not self.searches.current:
            self._record = self._ponder = self._expected = None
