"""The play scene: board, evaluation bar and chart, engine panel, clocks, move list and controls.

The game itself lives in a ``GameSession``; this scene turns clicks and keys into
session actions, autosaves after every change, asks before dropping moves (play from
here, taking back while reviewing) and shows dialogs for the end of the game and for
a failed search. What its buttons and keys do is ``ui.scenes.play_commands``'s (mixed
in); where things go is decided by ``ui.scenes.play_layout``; the words of the status
line by ``ui.scenes.play_texts``.
"""
from __future__ import annotations

import math
import time
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from ui import theme
from ui.background_writer import BackgroundWriter
from ui.game_texts import score_unit
from ui.hint_texts import hint_sentences
from ui.i18n import format_number, tr, tr_known
from ui.scene import Scene
from ui.scenes.dialog import Dialog
from ui.scenes.game_file_actions import GameFileActions
from ui.scenes.play_commands import PlayCommands
from ui.scenes.play_buttons import game_buttons, toolbar_buttons
from ui.scenes.play_layout import PlayLayout, fitted_title, fitting_layout, place_toolbar
from ui.scenes.play_texts import failure_message, help_sections, result_message, result_words, status_text
from ui.move_timeline import MoveTimeline, arrival_start
from ui.session import GameSession
from ui.sound_cues import SoundCues
from ui.storage import autosave_file, data_dir, json_text, write_json_text_atomically
from ui.views import view_for
from ui.views.base import BoardDecorations, BoardView
from ui.widgets.controls import Slider
from ui.widgets.engine_panel import EnginePanel
from ui.widgets.eval_bar import EvalBar, verdict
from ui.widgets.evaluation_chart import EvaluationChart
from ui.widgets.move_list import MoveList
from ui.widgets.players_panel import PlayersPanel, score_line
from ui.widgets.status_line import draw_status_line, status_fits

if TYPE_CHECKING:
    from games.base import State
    from ui.navigation import PlayHost

HINT_TOAST_SECONDS = 15.0
"""How long a hint's sentence stays in the status line (it goes as soon as a move is
played; the engine panel keeps it)."""
BUTTON_ROWS = (("new", "takeback", "hint", "flip", "menu"), ("first", "previous", "next", "last", "here"))
WATCH_ROW = ("pause", "step")
"""The third row in watch mode (the delay slider follows Step)."""
PLAYER_ROW = ("resign", "draw")
"""The third row when a person plays."""


class PlayScene(PlayCommands, Scene):
    """Plays ``session`` in the window. Everything it asks of the app (the menu, the
    lab, dialogs, the toolbar's switches, the remembered view options, sounds) goes
    through ``navigator`` (``ui.navigation.PlayHost``)."""

    def __init__(self, navigator: PlayHost, session: GameSession) -> None:
        self.navigator = navigator
        self.session = session
        self.timeline = MoveTimeline()
        self.sound_cues = SoundCues(session, navigator.play_sound)  # each move's sound, once, and the end's
        self._writer = BackgroundWriter(write_json_text_atomically)  # the disk never holds up a frame
        self._saved_to: Path | None = None
        session.on_change = self._autosave
        self.view = self._board_view()
        self.eval_bar = EvalBar()
        self.engine_panel = EnginePanel(on_rollout=self.rollout)
        self.move_list = MoveList()
        self.evaluation_chart = EvaluationChart()
        self.players_panel = PlayersPanel()
        self.buttons = game_buttons(self)
        self.toolbar_buttons = toolbar_buttons(self, navigator)
        self.files = GameFileActions(navigator, lambda: self.session, self.show_toast)
        self.delay_slider = Slider(tr("Delay"), 0.0, 3.0, session.watch.move_delay, self._set_delay,
                                   lambda value: f"{format_number(value, '.1f')} s")
        self.toast = ""
        self._toast_until = 0.0
        self._toast_position: State | None = None
        """The position a move played for the person led to, while the toast says why it was
        played; the toast gives way as soon as a person must decide in another position."""
        self._hint_shown_for: State | None = None
        """The position whose hint the toast shows, while it does."""
        self._hint_sentences: list[str] = []
        """That hint's sentence and its shorter forms (``ui.hint_texts.hint_sentences``)."""
        self._announced_result = session.record.result is not None
        self._failure_shown = False
        self._pulse = 0.0
        self._sizes = theme.text_sizes((1280, 800))
        self.layout: PlayLayout | None = None
        self._save_problem = ""
        self._laid_out_for = (session.watch_mode, bool(score_line(session)))
        self.status_rect = pygame.Rect(0, 0, 0, 0)
        self._name_key: tuple = ()
        self._position_name = ""
        if session.watch_mode and session.paused:
            finished = session.record.result is not None
            self.show_toast(tr("Reviewing the last game: Space (or Resume) starts the next one.") if finished
                            else tr("Resumed paused: press Space (or Resume) to let the computers play."))

    def _board_view(self) -> BoardView:
        """The game's board view with its remembered options, turned round when the
        computer moves first against a person (where the game seats that one at the bottom)."""
        session = self.session
        view = view_for(session.game.id)
        remembered = self.navigator.settings.view_options.get(session.game.id, {})
        view.option_values.update({name: value for name, value in remembered.items() if name in view.options})
        first, second = session.players
        view.flipped = view.seat_second_player_at_bottom and first.is_ai and not second.is_ai
        return view

    def _autosave(self, session: GameSession) -> None:
        """Hand the game's text to the autosave writer (written on its thread); a game that
        cannot be made into text says so at once."""
        try:
            path = data_dir() / autosave_file(session.game.id)
            text = json_text(session.to_dict())
        except (OSError, TypeError, ValueError) as problem:
            self._save_problem = tr("Could not save the game: {problem}", problem=problem)
            self._saved_to = None  # keep saying so until a save works
            return
        self._writer.submit(path, text)
        self._saved_to = path

    def _show_save_outcome(self) -> None:
        """Say whether the last finished autosave worked (the status line shows a problem)."""
        outcome = self._writer.outcome(self._saved_to) if self._saved_to is not None else None
        if outcome is None:
            return
        written, problem = outcome
        if problem is not None:
            self._save_problem = tr("Could not save the game: {problem}", problem=problem)
        elif written != self._saved_to:
            self._save_problem = tr("{name} could not be read, so it was kept; the game is saved as {saved}.",
                                    name=self._saved_to.name, saved=written.name)
        else:
            self._save_problem = ""

    def wait_for_saves(self) -> None:
        """Block until every autosave handed to the writer is on disk (or failed)."""
        self._writer.flush()
        self._show_save_outcome()

    # -- scene -----------------------------------------------------------------------
    def leave(self) -> None:
        """Stop the search and save; the file is on disk when this returns."""
        self.session.close()
        self._autosave(self.session)
        self.wait_for_saves()

    def emergency_save(self) -> None:
        """Save the game (after a crash in a frame); the file is on disk when this returns."""
        self._autosave(self.session)
        self.wait_for_saves()

    def help_sections(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """Every key and mouse action of the play screen (``play_texts.help_sections``)."""
        return help_sections(self.view.help_entries(), self.session.rollout.available)

    def resize(self, size: tuple[int, int]) -> None:
        """Lay everything out (see ``ui.scenes.play_layout``): the board as at normal
        text, the rest at the chosen text size, or at the largest smaller one at which
        the panel and every label of the buttons and the toolbar fit whole."""
        watch = self.session.watch_mode
        has_score = bool(score_line(self.session))
        self._laid_out_for = (watch, has_score)
        layout, sizes = fitting_layout(size, self.view.aspect_ratio, 3, 3 if has_score else 2, theme.text_scale,
                                       labels_fit=self._labels_fit)
        self._sizes = sizes
        self.layout = layout  # the rectangles in use
        self.view.layout(layout.board)
        area = self.view.board_area()
        self.eval_bar.rect = pygame.Rect(layout.bar.left, area.top, layout.bar.width, area.height)
        self.status_rect = layout.status
        self.players_panel.rect = layout.players
        self.engine_panel.rect = layout.engine
        self.move_list.rect = layout.moves
        self.evaluation_chart.rect = layout.chart
        self._toolbar = layout.title_row
        self._place_buttons(layout, sizes)
        self._title_width, _ = self._place_toolbar(layout, sizes)

    def _place_buttons(self, layout: PlayLayout, sizes: theme.TextSizes) -> None:
        """The buttons in ``layout``'s rows (and the delay slider in watch mode)."""
        watch = self.session.watch_mode
        gap = layout.gap
        for row_index, names in enumerate((*BUTTON_ROWS, WATCH_ROW if watch else PLAYER_ROW)):
            row = layout.button_rows[row_index]
            slots = len(names) + (3 if watch and row_index == 2 else 0)  # the delay slider takes three slots
            width = (row.width - gap * (slots - 1)) / slots
            for index, name in enumerate(names):
                self.buttons[name].rect = pygame.Rect(round(row.left + index * (width + gap)), row.top, round(width),
                                                      row.height)
        if watch:
            step = self.buttons["step"].rect
            row = layout.button_rows[2]
            self.delay_slider.layout(pygame.Rect(step.right + gap, row.top, row.right - step.right - gap, row.height),
                                     sizes.small)

    def _place_toolbar(self, layout: PlayLayout, sizes: theme.TextSizes) -> tuple[int, bool]:
        """The toolbar's buttons at the right of ``layout.tools_row`` (F11, + − and T stand
        in for three of them when the game's name beside them needs the room, or when they
        do not fit); the width left for the name (its own row's when it has one), and
        whether the buttons shown fit the row."""
        tools, title = self.toolbar_buttons, tr_known(self.session.game.title)
        beside = layout.toolbar_rows == 1
        left = place_toolbar(layout.tools_row, list(tools.values()), sizes.small, layout.gap,
                             theme.font(sizes.small, "bold").size(title)[0] if beside else 0,
                             (tools["fullscreen"], tools["text"], tools["theme"]))
        return (left if beside else layout.title_row.width), left >= 0

    def _labels_fit(self, layout: PlayLayout, sizes: theme.TextSizes) -> bool:
        """Whether every button's label (or short label, at the smallest size a button
        draws it, see ``Button.draw``) and the game's name beside the toolbar fit whole
        in ``layout`` at ``sizes`` (the buttons are placed there to measure them)."""
        self._place_buttons(layout, sizes)
        title_width, tools_fit = self._place_toolbar(layout, sizes)
        _, size = fitted_title((tr_known(self.session.game.title),), title_width, sizes)
        if not tools_fit or theme.font(size, "bold").size(tr_known(self.session.game.title))[0] > title_width:
            return False
        rows = (*BUTTON_ROWS, WATCH_ROW if self.session.watch_mode else PLAYER_ROW)
        return (all(self.buttons[name].label_fits(sizes.body) for names in rows for name in names)
                and all(button.label_fits(sizes.small) for button in self.toolbar_buttons.values() if button.visible))

    def handle_event(self, event: pygame.event.Event) -> None:
        """Keys, buttons, the move list and clicks on the board."""
        if event.type == pygame.KEYDOWN:
            self._handle_key(event)
            return
        for button in (*self.buttons.values(), *self.toolbar_buttons.values(), self.engine_panel.rollout_button):
            if button.handle_event(event):
                return
        if self.delay_slider.handle_event(event):
            return
        ply = self.move_list.handle_event(event)
        index = ply + 1 if ply is not None else self.evaluation_chart.handle_event(event)  # both pick a position
        if index is not None:
            self.session.view(index)
            if self.session.watch_mode and self.session.watch.paused_for_review:
                self.show_toast(tr("Paused while you look back: End (\u25b6|) returns and resumes."))
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.view.rect.collidepoint(event.pos):
            self._board_pointer(event.pos, self.view.pointer_down)
        elif event.type == pygame.MOUSEMOTION:
            self.view.pointer_move(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._board_pointer(event.pos, self.view.pointer_up, quiet=True)

    def _handle_key(self, event: pygame.event.Event) -> None:
        control = event.mod & pygame.KMOD_CTRL if hasattr(event, "mod") else 0
        if control:
            shift = event.mod & pygame.KMOD_SHIFT
            file_actions = {pygame.K_s: self.files.save, pygame.K_o: self.files.open,
                            pygame.K_c: self.files.copy_position if shift else self.files.copy_game,
                            pygame.K_v: self.files.paste}
            action = file_actions.get(event.key)
            if action is not None:
                action()
            return
        actions = {
            pygame.K_LEFT: lambda: self.navigate("previous"),
            pygame.K_RIGHT: lambda: self.navigate("next"),
            pygame.K_HOME: lambda: self.navigate("first"),
            pygame.K_END: lambda: self.navigate("last"),
            pygame.K_f: self.flip,
            pygame.K_h: self.hint,
            pygame.K_u: self.takeback,
            pygame.K_BACKSPACE: self.takeback,
            pygame.K_p: self.play_from_here,
            pygame.K_SPACE: self.toggle_pause,
            pygame.K_s: self.step,
            pygame.K_n: self.new_game,
            pygame.K_l: self.open_lab,
            pygame.K_e: self.files.edit_position,
            pygame.K_r: lambda: self.rollout(full=bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)),
            pygame.K_ESCAPE: self.escape,
        }
        action = actions.get(event.key)
        if action is not None:
            action()

    def _board_pointer(self, position: tuple[int, int], action, quiet: bool = False) -> None:
        """A press (``view.pointer_down``) or release (``view.pointer_up``, ``quiet``: no
        refusal messages, the press already said why) on the board: play the move it
        completes, or say why there is none."""
        session = self.session
        if quiet:
            if session.view_index is None and session.human_to_move():
                move = action(position, session.record.state)
                if move is not None:
                    self._play(move)
                elif self.view.release_note():
                    self.show_toast(self.view.release_note())
            else:
                self.view.cancel_selection()
            return
        self.timeline.skip()  # the person acts: the board shows the live position at once
        self.sound_cues.hurry()
        if session.view_index is not None:
            self.show_toast(tr("You are looking at an earlier position: End (\u25b6|) returns, P plays on from here."))
            return
        if session.record.result is not None:
            self.show_toast(tr("The game is over: start a new game or take back."))
            return
        if not session.human_to_move():
            self.show_toast(tr("Wait for the computer's move.") if session.thinking else tr("It is not your turn."))
            return
        move = action(position, session.record.state)
        if move is None:
            reason = self.view.refusal(position, session.record.state)
            if reason:
                self.show_toast(reason)
            return
        self._play(move)

    def _play(self, move) -> None:
        problem = self.session.play_human(move)
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
        self._show_save_outcome()
        automatic = self.timeline.automatic_move(session, self.view)
        if automatic is not None:
            self._play(automatic[0])
            self.show_toast(automatic[1])
            self._toast_position = session.record.state
        self.sound_cues.observe(session, self.view.roll_shown_after(self.timeline.observe(session)[0]))
        if session.hint_move is not None and hint_before is None and session.hint_explanation is not None:
            sentences = hint_sentences(session.hint_explanation, session.record.state, score_unit(session.entry))
            self.show_toast(sentences[0], HINT_TOAST_SECONDS)
            self._hint_shown_for, self._hint_sentences = session.record.state, sentences
        self._pulse = 0.5 + 0.5 * math.sin(time.monotonic() * 5.0)
        if self.toast and time.monotonic() > self._toast_until:
            self.toast = ""
        if self._hint_shown_for is not None and session.record.state is not self._hint_shown_for:
            self.toast, self._hint_shown_for = "", None  # the hint was about the position before
        if self._toast_position is not None and session.record.state is not self._toast_position and \
                session.human_to_move():  # a new decision: its instruction, not why the last turn was played
            self.toast, self._toast_position = "", None
        if session.failure is not None and not self._failure_shown:
            self._show_failure()
        self._failure_shown = session.failure is not None
        result = session.record.result
        if result is None:
            self._announced_result = False
        elif not self._announced_result:
            self._announced_result = True
            if not session.watch_mode:  # watchers see the result in the status line; the next game follows
                self._show_result()
        watch = session.watch_mode
        if (watch, bool(score_line(session))) != self._laid_out_for:
            self.resize(self.navigator.size)
        self.buttons["pause"].visible = self.buttons["step"].visible = self.delay_slider.visible = watch
        self.buttons["resign"].visible = not watch
        self.buttons["draw"].visible = not watch and session.game.can_draw
        playing = session.record.result is None and bool(session.humans)
        self.buttons["resign"].enabled = playing
        claim = session.endings.draw_claim()
        self.buttons["draw"].label = tr("Claim draw") if claim else tr("Offer draw")
        self.buttons["draw"].enabled = playing and (bool(claim) or sum(p.is_ai for p in session.players) == 1)
        self.buttons["pause"].label, self.buttons["pause"].short_label = (
            (tr("Resume"), "\u25b6") if session.paused else (tr("Pause"), "\u2016"))
        self.buttons["pause"].toggled = session.paused
        self.buttons["hint"].enabled = session.human_to_move() and session.view_index is None
        self.buttons["takeback"].enabled = session.takeback_target() is not None
        self.buttons["here"].enabled = session.view_index is not None
        self.toolbar_buttons["fullscreen"].toggled = self.navigator.fullscreen
        for name in self.view.options:
            self.toolbar_buttons[f"option:{name}"].toggled = self.view.option_values.get(name, False)
        self.move_list.heading = self.position_name()
        self.move_list.update(session, self._sizes.body)
        self.evaluation_chart.update(session)

    def _show_result(self) -> None:
        result = self.session.record.result
        title, sentence, colour = result_words(self.session, result)
        self.navigator.push(Dialog(self.navigator, title, result_message(sentence),
                                   [(tr("New game"), self._start_new_game), (tr("Review"), None),
                                    (tr("Menu"), self.to_menu)],
                                   title_colour=colour, avoid=self.view.board_area()))

    def _show_failure(self) -> None:
        failure = self.session.failure
        side = self.session.record.state.to_move()
        name = tr_known(self.session.game.player_name(side)) if side in (0, 1) else tr("the computer")
        self.navigator.push(Dialog(self.navigator, tr("The AI stopped"), failure_message(failure.message, name),
                                   [(tr("Try again"), self.session.retry_ai),
                                    (tr("I'll play {name}", name=name), lambda: self.session.hand_over_to_human(side))],
                                   details=failure.details))

    # -- drawing ---------------------------------------------------------------------
    def status_text(self) -> tuple[str, tuple[int, int, int]]:
        """The status line: a recent message, a saving problem, or ``play_texts.status_text``."""
        if self.toast and self._hint_shown_for is not None:  # the longest form of the hint's sentence that fits
            verdict = self.verdict()[0]
            fitting = (sentence for sentence in self._hint_sentences
                       if status_fits(self.status_rect, verdict, sentence, self._sizes))
            return next(fitting, self._hint_sentences[-1]), theme.WARNING
        if self.toast:
            return self.toast, theme.WARNING
        if self._save_problem:
            return self._save_problem, theme.DANGER
        return status_text(self.session, self.view.instruction(self.session.record.state))

    def verdict(self) -> tuple[str, int | None]:
        """The evaluation label for the shown position and the player it favours."""
        session = self.session
        evaluation, since = session.shown_evaluation()
        return verdict(session.shown_result(), evaluation, since, session.win_chance_first(),
                       session.game.player_names)

    def draw(self, surface: pygame.Surface) -> None:
        """Paint everything."""
        session, record, sizes = self.session, self.session.record, self._sizes
        state = session.display_state
        last = arrival_start(record.movers, session.shown_index())  # the last player's move, rolls after it
        mouse = pygame.mouse.get_pos() if pygame.mouse.get_focused() else None
        recent, since = self.timeline.observe(session)
        decorations = BoardDecorations(
            last_move=record.moves[last] if last < session.shown_index() and record.movers[last] in (0, 1) else None,
            recent=recent, since=since, hint_move=session.hint_move if session.view_index is None else None,
            interactive=session.human_to_move() and session.view_index is None, mouse=mouse, pulse=self._pulse)
        self.view.draw(surface, state, decorations)
        bottom_player = 1 if self.view.flipped else 0
        colours = self.view.player_colours
        self.eval_bar.draw(surface, session.win_chance_first(), bottom_player, colours)
        draw_status_line(surface, self.status_rect, self.verdict(), colours, self.status_text(), sizes)
        title, size = fitted_title((tr_known(session.game.title),), self._title_width, sizes)
        theme.draw_text(surface, title, (self._toolbar.left, self._toolbar.centery), size,
                        theme.TEXT, style="bold", anchor="midleft", max_width=max(10, self._title_width))
        self.players_panel.draw(surface, session, 1 - bottom_player, colours, sizes)
        self.engine_panel.draw(surface, session, sizes)
        self.move_list.draw(surface)
        self.evaluation_chart.draw(surface, colours, mouse)
        for button in self.buttons.values():
            button.draw(surface, sizes.body)
        for button in self.toolbar_buttons.values():
            button.draw(surface, sizes.small)
        self.delay_slider.draw(surface)
        self.engine_panel.draw_tooltip(surface, session, sizes, mouse)

    def position_name(self) -> str:
        """The name of the shown position when the game has one (chess: the opening), for
        the move list's heading (it always has room there, which the title beside the
        toolbar has not), worked out once per position shown."""
        session, record = self.session, self.session.record
        key = (session.shown_index(), len(record.moves), record.move_texts[-1] if record.moves else "")
        if key != self._name_key:
            self._name_key = key
            name = ""
            if session.entry.position_name is not None:
                try:
                    name = session.entry.position_name(session.record.states[:session.shown_index() + 1])
                except Exception:  # a name is a nicety: never worth a crash
                    name = ""
            self._position_name = name
        return self._position_name
