"""What the play screen's buttons and keys do (mixed into ``PlayScene``).

``PlayCommands`` holds the play scene's actions: a new game, takeback and play from
here (each asking first when it would drop moves, and doing nothing when the game
changed while the person was asked), resign and draw, the lab, the rollout, hints,
stepping through the game, pausing and stepping the computers in watch mode, the board
view's own options, and the messages of the status line they leave (``show_toast``).
The buttons call them by name (``ui.scenes.play_buttons.PlayActions``); the attributes
they use are the ones ``PlayScene`` makes (``session``, ``view``, ``navigator``, ...).
It draws nothing and lays nothing out.
"""
from __future__ import annotations

import time
from typing import TYPE_CHECKING

from ui.i18n import tr
from ui.scenes.dialog import Dialog
from ui.scenes.play_texts import play_from_here_question, shown_move, takeback_question

if TYPE_CHECKING:
    from games.base import State
    from ui.navigation import PlayHost
    from ui.session import GameSession
    from ui.views.base import BoardView
    from ui.widgets.move_list import MoveList

TOAST_SECONDS = 3.5
"""How long a message stays in the status line unless another replaces it."""


class PlayCommands:
    """The play screen's actions (see the module docstring)."""

    navigator: PlayHost
    session: GameSession
    view: BoardView
    move_list: MoveList
    toast: str
    _toast_until: float
    _toast_position: State | None
    _hint_shown_for: State | None
    _announced_result: bool

    def show_toast(self, text: str, seconds: float = TOAST_SECONDS) -> None:
        """Show ``text`` in the status line for ``seconds`` (or until another replaces it)."""
        self.toast = text
        self._toast_until = time.monotonic() + seconds
        self._toast_position = None
        self._hint_shown_for = None

    def new_game(self) -> None:
        """Same players, fresh board; asks first if a person's game is in progress."""
        session = self.session
        if session.record.moves and session.record.result is None and not session.watch_mode:
            self.navigator.push(Dialog(self.navigator, tr("Start a new game?"),
                                       tr("The game in progress will be replaced by a new one."),
                                       [(tr("New game"), self._start_new_game), (tr("Keep playing"), None)]))
            return
        self._start_new_game()

    def _start_new_game(self) -> None:
        self.view.cancel_selection()
        self.session.new_game()
        self._announced_result = False
        self.toast = ""
        self.move_list.follow()

    def to_menu(self) -> None:
        """Back to the menu; the game stays saved (Resume reopens it)."""
        self.navigator.show_menu()

    def takeback(self) -> None:
        """Undo to the person's last turn, counted from the position shown; asks first
        when that drops moves after the shown position (reviewing)."""
        session = self.session
        target = session.takeback_target()
        if target is None:
            if not session.record.moves:
                self.show_toast(tr("Nothing to take back."))
            elif session.humans:
                self.show_toast(tr("There is no move of yours to take back yet (New game starts over)."))
            else:
                self.show_toast(tr("Nothing to take back before the start."))
            return
        if session.view_index is not None:
            dropped = len(session.record.moves) - target
            asked = self._game_as_shown()
            self.navigator.push(Dialog(self.navigator, tr("Take back from here?"),
                                       takeback_question(shown_move(session, target), dropped),
                                       [(tr("Take back"), lambda: self._do_takeback(asked)), (tr("Cancel"), None)]))
            return
        self._do_takeback()

    def _game_as_shown(self) -> tuple:
        """What a confirmation dialog describes: the moves, the shown position, the game count."""
        session = self.session
        return tuple(session.record.move_texts), session.view_index, sum(session.past_tally)

    def _still_as_asked(self, asked: tuple | None) -> bool:
        if asked is None or asked == self._game_as_shown():
            return True
        self.show_toast(tr("The game changed while you were asked: nothing was removed."))
        return False

    def _do_takeback(self, asked: tuple | None = None) -> None:
        if not self._still_as_asked(asked):
            return
        self.view.cancel_selection()
        self.toast = ""
        taken = self.session.takeback()
        self._announced_result = self.session.record.result is not None
        self.move_list.follow()
        if taken and self.session.watch_mode:
            self.show_toast(tr("Paused after the takeback: Space resumes, S plays one move."))

    def play_from_here(self) -> None:
        """Continue the game from the shown earlier position, after asking (it drops the later moves)."""
        session = self.session
        if session.view_index is None:
            self.show_toast(tr("Play from here is for an earlier position: pick a move in the list or press \u2190."))
            return
        dropped = session.moves_after_view()
        asked = self._game_as_shown()
        self.navigator.push(Dialog(self.navigator, tr("Play on from here?"),
                                   play_from_here_question(shown_move(session, session.view_index), dropped),
                                   [(tr("Play from here"), lambda: self._do_play_from_here(asked)),
                                    (tr("Cancel"), None)]))

    def _do_play_from_here(self, asked: tuple | None = None) -> None:
        if not self._still_as_asked(asked):
            return
        self.view.cancel_selection()
        self.session.play_from_here()
        self._announced_result = self.session.record.result is not None
        self.toast = ""
        self.move_list.follow()

    def toggle_view_option(self, name: str) -> None:
        """Turn one of the board view's own settings on or off (remembered per game)."""
        value = not self.view.option_values.get(name, False)
        self.view.option_values[name] = value
        self.navigator.settings.view_options.setdefault(self.session.game.id, {})[name] = value
        self.navigator.save_settings_soon()
        label = tr(self.view.options[name][0])
        self.show_toast(tr("{option}: on", option=label) if value else tr("{option}: off", option=label))

    def resign(self) -> None:
        """Give up the game, after asking."""
        if self.session.record.result is not None or not self.session.humans:
            self.show_toast(tr("There is no game of yours to resign."))
            return
        self.navigator.push(Dialog(self.navigator, tr("Resign?"),
                                   tr("You lose this game. (Takeback can undo it afterwards.)"),
                                   [(tr("Resign"), self._do_resign), (tr("Play on"), None)]))

    def _do_resign(self) -> None:
        problem = self.session.endings.resign()
        if problem:
            self.show_toast(problem)

    def offer_or_claim_draw(self) -> None:
        """Claim the draw the rules allow, or offer the computer a draw."""
        session = self.session
        if session.endings.draw_claim():
            session.endings.claim_draw()
            return
        accepted, words = session.endings.offer_draw()
        self.show_toast(words)

    def open_lab(self) -> None:
        """The search lab on the position shown (or why it cannot open); a rollout stops."""
        self.session.rollout.stop()
        self.show_toast(self.navigator.show_lab(self.session) or self.toast)

    def escape(self) -> None:
        """Esc: stop a running rollout, else back to the menu."""
        if self.session.rollout.stop():
            self.show_toast(tr("Rollout stopped."))
        else:
            self.to_menu()

    def rollout(self, full: bool = False) -> None:
        """Roll out the candidates shown (``full``: whole games), or stop the rollout running."""
        if self.session.rollout.stop():
            self.show_toast(tr("Rollout stopped."))
            return
        problem = self.session.start_rollout(full)
        self.show_toast(problem or (tr("Rolling out whole games\u2026") if full else tr("Rolling out\u2026")))

    def flip(self) -> None:
        """Turn the board (and the evaluation bar and clocks) round."""
        self.view.flipped = not self.view.flipped

    def hint(self) -> None:
        """Ask the engine for the person's best move."""
        problem = self.session.request_hint()
        self.show_toast(problem or tr("Searching for a hint\u2026"))

    def navigate(self, where: str) -> None:
        """Show the first, previous, next or last position."""
        session = self.session
        was_paused = session.paused
        if where == "first":
            session.view(0)
        elif where == "previous":
            session.view_step(-1)
        elif where == "next":
            session.view_step(1)
        else:
            session.view(None)
        self.view.cancel_selection()
        if session.watch_mode and session.paused and not was_paused:
            self.show_toast(tr("Paused while you look back: End (\u25b6|) returns and resumes."))

    def toggle_pause(self) -> None:
        """Pause or resume the computers (watch mode only); resuming returns to the live position."""
        if not self.session.watch_mode:
            self.show_toast(tr("Pause and Step are for watching two computers play."))
            return
        if self.session.paused:
            self.session.view(None)
            self.session.set_paused(False)
        else:
            self.session.set_paused(True)

    def step(self) -> None:
        """One computer move while paused (watch mode only)."""
        if not self.session.watch_mode:
            self.show_toast(tr("Pause and Step are for watching two computers play."))
            return
        if not self.session.paused:
            self.session.set_paused(True)
        self.session.step()

    def _set_delay(self, seconds: float) -> None:
        self.session.watch.move_delay = seconds
