"""The play scene: board, evaluation bar, engine panel, clocks, move list and controls.

The game itself lives in a ``GameSession``; this scene turns clicks and keys into
session actions, autosaves after every change, and shows dialogs for the end of the
game and for a failed search.
"""
from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING

import pygame

from ai.types import Score
from ui import theme
from ui.scene import Scene
from ui.scenes.dialog import Dialog
from ui.session import GameSession
from ui.storage import AUTOSAVE_FILE, data_dir, write_json_atomically
from ui.views import view_for
from ui.views.base import BoardDecorations
from ui.widgets.controls import Button, Slider
from ui.widgets.engine_panel import EnginePanel
from ui.widgets.eval_bar import EvalBar
from ui.widgets.move_list import MoveList
from ui.widgets.players_panel import PlayersPanel

if TYPE_CHECKING:
    from ui.app import App

TOAST_SECONDS = 3.5


def bar_label(score: Score | None, plies_since: int, names: tuple[str, str]) -> str:
    """Short text under the evaluation bar for a score from the first player's view,
    searched ``plies_since`` plies before the shown position: ``X +0.4``, ``0.0``, or
    ``O in 3`` (a forced win, in plies from the shown position)."""
    if score is None:
        return ""
    plies = score.plies_to_end
    if plies is not None:
        return f"{names[0 if plies > 0 else 1]} in {max(1, abs(plies) - plies_since)}"
    if abs(score.value) < 5:
        return "0.0"
    return f"{names[0 if score.value > 0 else 1]} +{abs(score.value) / 100:.1f}"


class PlayScene(Scene):
    """Plays ``session`` in the window. See the module docstring."""

    def __init__(self, app: App, session: GameSession) -> None:
        super().__init__(app)
        self.session = session
        session.on_change = self._autosave
        self.view = view_for(session.game.id)
        self.view.flipped = self.view.seat_second_player_at_bottom and session.players[0].is_ai and not session.players[1].is_ai
        self.eval_bar = EvalBar()
        self.engine_panel = EnginePanel()
        self.move_list = MoveList()
        self.players_panel = PlayersPanel()
        self.buttons = {
            "new": Button("New game", self.new_game, short_label="New"),
            "menu": Button("Menu", self.to_menu),
            "takeback": Button("Takeback", self.takeback, short_label="Undo"),
            "flip": Button("Flip", self.flip),
            "hint": Button("Hint", self.hint),
            "first": Button("|\u25c0", lambda: self.navigate("first"), name="first"),
            "previous": Button("\u25c0", lambda: self.navigate("previous"), name="previous"),
            "next": Button("\u25b6", lambda: self.navigate("next"), name="next"),
            "last": Button("\u25b6|", lambda: self.navigate("last"), name="last"),
            "pause": Button("Pause", self.toggle_pause),
            "step": Button("Step", self.step),
        }
        self.delay_slider = Slider("Delay", 0.0, 3.0, session.move_delay, self._set_delay,
                                   lambda value: f"{value:.1f} s")
        self.toast = ""
        self._toast_until = 0.0
        self._announced_result = session.result is not None
        self._failure_shown = False
        self._pulse = 0.0
        self._text_size = 16
        self._margin = 14
        self._save_problem = ""
        self._laid_out_for_watch = session.watch_mode
        if session.watch_mode and session.paused:
            self.show_toast("Resumed paused: press Space (or Pause) to let the computers play.")

    # -- actions ---------------------------------------------------------------------
    def show_toast(self, text: str) -> None:
        """Show ``text`` in the status line for a few seconds."""
        self.toast = text
        self._toast_until = time.monotonic() + TOAST_SECONDS

    def new_game(self) -> None:
        """Same players, fresh board; asks first if a person's game is in progress."""
        session = self.session
        if session.moves and session.result is None and not session.watch_mode:
            self.app.push(Dialog(self.app, "Start a new game?",
                                 "The game in progress will be replaced by a new one.",
                                 [("New game", self._start_new_game), ("Keep playing", None)]))
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
        from ui.scenes.menu import MenuScene

        self.app.replace(MenuScene(self.app))

    def takeback(self) -> None:
        """Undo to the person's last turn."""
        self.view.cancel_selection()
        self.toast = ""
        if not self.session.takeback():
            self.show_toast("Nothing to take back.")
        self._announced_result = self.session.result is not None
        self.move_list.follow()

    def flip(self) -> None:
        """Turn the board (and the evaluation bar and clocks) round."""
        self.view.flipped = not self.view.flipped

    def hint(self) -> None:
        """Ask the engine for the person's best move."""
        problem = self.session.request_hint()
        if problem:
            self.show_toast(problem)
        else:
            self.show_toast("Searching for a hint\u2026")

    def navigate(self, where: str) -> None:
        """Show the first, previous, next or last position."""
        if where == "first":
            self.session.view(0)
        elif where == "previous":
            self.session.view_step(-1)
        elif where == "next":
            self.session.view_step(1)
        else:
            self.session.view(None)
        self.view.cancel_selection()

    def toggle_pause(self) -> None:
        """Pause or resume the computers (watch mode only)."""
        if not self.session.watch_mode:
            self.show_toast("Pause and Step are for watching two computers play.")
            return
        self.session.set_paused(not self.session.paused)

    def step(self) -> None:
        """One computer move while paused (watch mode only)."""
        if not self.session.watch_mode:
            self.show_toast("Pause and Step are for watching two computers play.")
            return
        if not self.session.paused:
            self.session.set_paused(True)
        self.session.step()

    def _set_delay(self, seconds: float) -> None:
        self.session.move_delay = seconds

    def _autosave(self, session: GameSession) -> None:
        try:
            write_json_atomically(data_dir() / AUTOSAVE_FILE, session.to_dict())
            self._save_problem = ""
        except OSError as problem:
            self._save_problem = f"Could not save the game: {problem}"

    # -- scene -----------------------------------------------------------------------
    def leave(self) -> None:
        """Stop the search and save."""
        self.session.close()
        self._autosave(self.session)

    def emergency_save(self) -> None:
        """Save the game (after a crash in a frame)."""
        self._autosave(self.session)

    def resize(self, size: tuple[int, int]) -> None:
        """Landscape: board on the left, panel on the right. Portrait: panel below."""
        width, height = size
        scale = theme.unit(size)
        self._text_size = max(11, int(16 * scale))
        margin = int(14 * scale)
        bar_width = max(14, int(26 * scale))
        status_height = int(34 * scale)
        button_height = max(26, int(38 * scale))
        gap = max(4, int(8 * scale))
        landscape = width >= height * 1.05
        if landscape:
            panel_width = int(min(max(width * 0.40, 340 * scale), 600 * scale))
            board = min(height - 2 * margin - status_height, width - panel_width - bar_width - 4 * margin)
            board = max(120, board)
            board_left = margin + bar_width + margin
            self.view.layout(pygame.Rect(board_left, margin, board, board))
            self.status_rect = pygame.Rect(board_left, margin + board + 4, board, status_height)
            panel_left = board_left + board + margin
            panel = pygame.Rect(panel_left, margin, width - panel_left - margin, height - 2 * margin)
        else:
            board = int(min(width - bar_width - 3 * margin, height * 0.48))
            board_left = (width - board + bar_width + margin) // 2
            self.view.layout(pygame.Rect(board_left, margin, board, board))
            self.status_rect = pygame.Rect(board_left, margin + board + 4, width - board_left - margin, status_height)
            top = self.status_rect.bottom + gap
            panel = pygame.Rect(margin, top, width - 2 * margin, height - top - margin)
        area = self.view.board_area()
        self.eval_bar.rect = pygame.Rect(board_left - margin - bar_width, area.top, bar_width, area.height)
        self._margin = margin
        players_height = max(int(2 * 50 * scale), int(self._text_size * 5.6))
        self.players_panel.rect = pygame.Rect(panel.left, panel.top, panel.width, players_height)
        button_rows = 3 if self.session.watch_mode else 2
        self._laid_out_for_watch = self.session.watch_mode
        buttons_top = panel.bottom - button_rows * button_height - (button_rows - 1) * gap
        moves_height = int(max(60, min(150 * scale, panel.height * 0.22)))
        self.move_list.rect = pygame.Rect(panel.left, buttons_top - gap - moves_height, panel.width, moves_height)
        engine_top = self.players_panel.rect.bottom + gap
        self.engine_panel.rect = pygame.Rect(panel.left, engine_top, panel.width,
                                             max(40, self.move_list.rect.top - gap - engine_top))
        rows = [["new", "menu", "takeback", "flip", "hint"], ["first", "previous", "next", "last"], ["pause", "step"]]
        for row_index, names in enumerate(rows):
            y = buttons_top + row_index * (button_height + gap)
            slots = len(names) + (2 if row_index == 2 else 0)  # the delay slider takes two slots
            widths = (panel.width - gap * (slots - 1)) / slots
            for index, name in enumerate(names):
                self.buttons[name].rect = pygame.Rect(round(panel.left + index * (widths + gap)), y, round(widths),
                                                      button_height)
        last = self.buttons["step"].rect
        self.delay_slider.layout(pygame.Rect(last.right + gap, last.top, panel.right - last.right - gap, button_height),
                                 int(self._text_size * 0.9))

    def handle_event(self, event: pygame.event.Event) -> None:
        """Keys, buttons, the move list and clicks on the board."""
        if event.type == pygame.KEYDOWN:
            self._handle_key(event)
            return
        for button in self.buttons.values():
            if button.handle_event(event):
                return
        if self.delay_slider.handle_event(event):
            return
        ply = self.move_list.handle_event(event)
        if ply is not None:
            self.session.view(ply + 1)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.view.rect.collidepoint(event.pos):
            self._board_click(event.pos)

    def _handle_key(self, event: pygame.event.Event) -> None:
        actions = {
            pygame.K_LEFT: lambda: self.navigate("previous"),
            pygame.K_RIGHT: lambda: self.navigate("next"),
            pygame.K_HOME: lambda: self.navigate("first"),
            pygame.K_END: lambda: self.navigate("last"),
            pygame.K_f: self.flip,
            pygame.K_h: self.hint,
            pygame.K_u: self.takeback,
            pygame.K_BACKSPACE: self.takeback,
            pygame.K_SPACE: self.toggle_pause,
            pygame.K_s: self.step,
            pygame.K_n: self.new_game,
            pygame.K_ESCAPE: self.to_menu,
        }
        action = actions.get(event.key)
        if action is not None:
            action()

    def _board_click(self, position: tuple[int, int]) -> None:
        session = self.session
        if session.result is not None:
            self.show_toast("The game is over: start a new game or take back.")
            return
        if session.view_index is not None:
            self.show_toast("You are looking at an earlier position: press End (\u25b6|) to return.")
            return
        if not session.human_to_move():
            self.show_toast("Wait for the computer's move." if session.thinking else "It is not your turn.")
            return
        move = self.view.click(position, session.state)
        if move is None:
            reason = self.view.refusal(position, session.state)
            if reason:
                self.show_toast(reason)
            return
        problem = session.play_human(move)
        if problem:
            self.show_toast(problem)
        else:
            self.toast = ""
        self.move_list.follow()

    def update(self, dt: float) -> None:
        """Advance the game; raise dialogs for its end or a failed search."""
        session = self.session
        hint_before = session.hint_move
        session.update()
        if session.hint_move is not None and hint_before is None:
            self.show_toast(f"Hint: {session.state.move_to_text(session.hint_move)}")
        self._pulse = 0.5 + 0.5 * math.sin(time.monotonic() * 5.0)
        if self.toast and time.monotonic() > self._toast_until:
            self.toast = ""
        if session.failure is not None and not self._failure_shown:
            self._failure_shown = True
            self._show_failure()
        if session.failure is None:
            self._failure_shown = False
        result = session.result
        if result is None:
            self._announced_result = False
        elif not self._announced_result:
            self._announced_result = True
            if not session.watch_mode:  # watchers see the result in the status line; the next game follows
                self._show_result()
        watch = session.watch_mode
        if watch != self._laid_out_for_watch:
            self.resize(self.app.size)
        self.buttons["pause"].visible = self.buttons["step"].visible = self.delay_slider.visible = watch
        self.buttons["pause"].label = "Resume" if session.paused else "Pause"
        self.buttons["pause"].toggled = session.paused
        self.buttons["hint"].enabled = session.human_to_move()
        self.buttons["takeback"].enabled = bool(session.moves)
        self.move_list.update(session, int(self._text_size * 0.95))

    def _show_result(self) -> None:
        result = self.session.result
        game = self.session.game
        title = "Draw" if result.winner is None else f"{game.player_name(result.winner)} wins"
        humans = [side for side in (0, 1) if not self.session.players[side].is_ai]
        if len(humans) == 1 and result.winner is not None:
            title = "You win!" if result.winner == humans[0] else "The computer wins"
        message = f"{result.reason.capitalize()}. Review the moves, take back and try again, or start a new game."
        self.app.push(Dialog(self.app, title, message,
                             [("New game", self._start_new_game), ("Review", None), ("Menu", self.to_menu)]))

    def _show_failure(self) -> None:
        failure = self.session.failure
        side = self.session.state.to_move()
        name = self.session.game.player_name(side) if side in (0, 1) else "the computer"
        message = (f"The computer's search failed: {failure.message}\nThe game is saved and nothing was lost. "
                   f"Try again, or play {name}'s moves yourself.")
        self.app.push(Dialog(self.app, "The AI stopped", message,
                             [("Try again", self.session.retry_ai),
                              (f"I'll play {name}", lambda: self.session.hand_over_to_human(side))],
                             details=failure.details))

    # -- drawing ---------------------------------------------------------------------
    def status_text(self) -> tuple[str, tuple[int, int, int]]:
        """The status line: a recent message, the result, or whose turn it is."""
        session = self.session
        if self.toast:
            return self.toast, theme.WARNING
        if self._save_problem:
            return self._save_problem, theme.DANGER
        if session.view_index is not None:
            return (f"Viewing the position after move {session.view_index} of {len(session.moves)} \u2014 "
                    "End (\u25b6|) returns to the game", theme.ACCENT)
        result = session.result
        if result is not None:
            who = "Draw" if result.winner is None else f"{session.game.player_name(result.winner)} wins"
            text = f"{who} \u2014 {result.reason}"
            next_game = session.seconds_to_next_game()
            if next_game is not None:
                text += " \u00b7 paused" if session.paused else f" \u00b7 next game in {next_game:.0f} s"
            return text, theme.GOOD
        mover = session.state.to_move()
        name = session.game.player_name(mover)
        if session.ai_halted:
            return "The computer is stopped (see the message).", theme.DANGER
        if session.paused and session.players[mover].is_ai:
            return f"Paused \u2014 {name} to move. Space resumes, S plays one move.", theme.WARNING
        if session.thinking:
            return f"{name} is thinking\u2026", theme.TEXT
        wait = session.seconds_to_next_move()
        if wait >= 0.05:
            return f"{name} to move in {wait:.1f} s", theme.TEXT
        if session.players[mover].is_ai:
            return f"{name} to move", theme.TEXT
        return f"{name} to move — {self.view.move_instruction}", theme.TEXT

    def draw(self, surface: pygame.Surface) -> None:
        """Paint everything."""
        session = self.session
        size = self._text_size
        state = session.display_state
        last = session.last_move_index()
        decorations = BoardDecorations(
            last_move=session.moves[last] if last is not None and session.movers[last] in (0, 1) else None,
            hint_move=session.hint_move if session.view_index is None else None,
            interactive=session.human_to_move() and session.view_index is None,
            mouse=pygame.mouse.get_pos() if pygame.mouse.get_focused() else None,
            pulse=self._pulse,
        )
        self.view.draw(surface, state, decorations)
        bottom_player = 1 if self.view.flipped else 0
        self.eval_bar.draw(surface, session.win_chance_first(), bottom_player, self.view.player_colours)
        evaluation, plies_since = session.shown_evaluation()
        score = evaluation.score if evaluation is not None else None
        label = "" if session.shown_result() is not None else bar_label(score, plies_since, session.game.player_names)
        theme.draw_text(surface, label, (self.eval_bar.rect.centerx, self.eval_bar.rect.bottom + 4),
                        max(9, int(size * 0.75)), theme.TEXT_DIM, style="bold", anchor="midtop",
                        max_width=self.eval_bar.rect.width + 2 * self._margin)
        text, colour = self.status_text()
        status_size = int(size * 1.15)
        while status_size > size * 0.8 and theme.font(status_size, "bold").size(text)[0] > self.status_rect.width:
            status_size -= 1
        theme.draw_text(surface, text, self.status_rect.midleft, status_size, colour, style="bold",
                        anchor="midleft", max_width=self.status_rect.width)
        self.players_panel.draw(surface, session, 1 - bottom_player, self.view.player_colours, size)
        self.engine_panel.draw(surface, session, size)
        self.move_list.draw(surface)
        for button in self.buttons.values():
            button.draw(surface, size)
        self.delay_slider.draw(surface)
