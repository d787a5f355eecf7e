"""The board editor: set a position up by hand, in any game, then play, watch or search it.

The game's own board view draws the position being set up and says which place (a
square, a point, the bar, Quarto's hand, a number) was clicked; the game's editor
(``games.setup.PositionEditor``, from ``Game.position_editor``) knows what may go there,
the position's other settings and whether it can be played. Nothing here knows a game.

A palette piece is chosen with a click (or the take-off tool); a click on a place puts
it there, a right click takes one off. Settings (the side to move, castling, en passant,
the dice, the cube) are selectors and switches. An edit that cannot be made at all (a
sixteenth checker) is refused, its reason shown and nothing changed. The status line
under the board says whether the position can be played, and if not, why; Play, Watch
and Lab refuse an impossible position with that reason and change nothing. Undo steps
back through the edits; the position text can be read and typed too.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from games.base import CHANCE, GameText, ImpossiblePosition, InvalidPosition, State
from games.setup import OFF, ON, SetupSetting
from ui import theme
from ui.game_texts import refusal_text
from ui.i18n import tr, tr_known
from ui.player_settings import PlayerSettings, players_to_play, players_to_watch
from ui.scene import Scene
from ui.scenes.dialog import Dialog
from ui.scenes.editor_layout import EditorLayout, layout_editor
from ui.scenes.text_dialog import TextDialog
from ui.session import GameSession
from ui.views import view_for
from ui.views.base import BoardDecorations
from ui.widgets.controls import Button, Selector

if TYPE_CHECKING:
    from games.registry import GameEntry
    from ui.navigation import Navigator

TAKE_OFF = ""
"""The palette choice that takes pieces off instead of putting one."""
NOTICE_SECONDS = 5.0
"""How long a refused edit's reason stays in the status line."""
CELL = (222, 212, 192)
"""The palette squares' colour, light in either theme, so that every game's pieces show on it."""
UNDO_LIMIT = 500


class EditorScene(Scene):
    """The board editor on ``state`` of ``entry``'s game (see the module docstring),
    opened over the scene it returns to (Back, Esc) through ``navigator``. Play and Watch
    start a game from the position with ``players`` (``players_to_play``,
    ``players_to_watch``) and ``rules``; ``replacing`` is the game in progress that such a
    game would replace (asked first), if any; ``view_options`` the board view's
    remembered options (Sum-15's magic square)."""

    def __init__(self, navigator: Navigator, entry: GameEntry, state: State,
                 players: tuple[PlayerSettings, PlayerSettings], rules: dict[str, bool],
                 replacing: GameSession | None = None, view_options: dict[str, bool] | None = None) -> None:
        self.navigator = navigator
        self.entry = entry
        self.editor = entry.game.position_editor()
        if self.editor is None:
            raise ValueError(f"{entry.game.title} has no board editor")
        self.players = players
        self.rules = dict(rules)
        self.replacing = replacing
        self.view = view_for(entry.id)
        self.view.option_values.update({name: value for name, value in (view_options or {}).items()
                                        if name in self.view.options})
        self.state = state
        self.history: list[State] = []
        self.selected = self.editor.pieces[0].code
        self.problem: ImpossiblePosition | None = None
        """Why the position cannot be played (``None`` when it can)."""
        self.ready: State | None = None
        """The position to play from, when it can be played."""
        self.notice = ""
        self._notice_until = 0.0
        self.take_off_button = Button(tr("Take off (or right-click)"), lambda: self.select(TAKE_OFF),
                                      short_label=tr("Take off"))
        self.edit_buttons = [
            Button(tr("Clear board"), self.clear, short_label=tr("Clear")),
            Button(tr("Start position"), self.start_position, short_label=tr("Initial")),
            Button(tr("Undo"), self.undo),
            Button(tr("Position text\u2026"), self.edit_text, short_label=tr("Text\u2026")),
        ]
        self.play_button = Button(tr("Play from here"), self.play, primary=True, short_label=tr("Here"))
        self.watch_button = Button(tr("Watch from here"), self.watch, short_label=tr("Watch"))
        self.lab_button = Button(tr("Search lab"), self.open_lab, short_label=tr("Lab"))
        self.back_button = Button(tr("Back"), self.back)
        self.actions = [self.play_button, self.watch_button, self.lab_button, self.back_button]
        self.controls: list[tuple[SetupSetting, Selector | Button]] = []
        self._sizes = theme.text_sizes((1280, 800))
        self._layout: EditorLayout | None = None
        self._size = (1280, 800)
        self._changed()

    # -- the position ----------------------------------------------------------------------
    def _changed(self) -> None:
        """After an edit: check the position, and offer its settings anew (their choices
        may depend on it: the en passant files, the dice before the opening roll)."""
        try:
            self.ready, self.problem = self.editor.playable(self.state), None
        except ImpossiblePosition as problem:
            self.ready, self.problem = None, problem
        settings = self.editor.settings(self.state)
        if [setting.name for setting, _ in self.controls] != [setting.name for setting in settings]:
            self.controls = [(setting, self._control(setting)) for setting in settings]
            self.resize(self._size)
        for index, setting in enumerate(settings):
            control = self.controls[index][1]
            self.controls[index] = (setting, control)
            if isinstance(control, Selector):
                control.set_options([(value, tr_known(label)) for value, label in setting.choices], setting.value)
            else:
                control.toggled = setting.value == ON
        self.undo_button.enabled = bool(self.history)

    @property
    def undo_button(self) -> Button:
        """The Undo button."""
        return self.edit_buttons[2]

    def _control(self, setting: SetupSetting) -> Selector | Button:
        """A switch's button, or a selector, that sets ``setting`` when used."""
        name = setting.name
        if setting.switch:
            return Button(tr_known(setting.label), lambda: self.set_setting(name, OFF if self._value(name) == ON else ON))
        return Selector(tr_known(setting.label), [(value, tr_known(label)) for value, label in setting.choices], 0,
                        lambda value: self.set_setting(name, value))

    def _value(self, name: str) -> str:
        return next(setting.value for setting, _ in self.controls if setting.name == name)

    def _edit(self, change: Callable[[State], State]) -> bool:
        """Apply ``change(state)``: the new position (remembered for Undo), or, when the
        game's editor refuses it, its reason shown and nothing changed."""
        try:
            state = change(self.state)
        except ImpossiblePosition as problem:
            self.say(refusal_text(problem, sentence=True))
            return False
        if not self.editor.same(state, self.state):
            self.history = (self.history + [self.state])[-UNDO_LIMIT:]
            self.state = state
        self.notice = ""
        self._changed()
        return True

    def say(self, text: str) -> None:
        """Show ``text`` in the status line for a few seconds."""
        self.notice = text
        self._notice_until = time.monotonic() + NOTICE_SECONDS

    def select(self, piece: str) -> None:
        """Choose the palette's piece ``piece`` (or ``TAKE_OFF``) for the next clicks."""
        self.selected = piece

    def put(self, place: str) -> bool:
        """Put the chosen piece on ``place`` (or take one off with the take-off tool)."""
        if self.selected == TAKE_OFF:
            return self.take_off(place)
        return self._edit(lambda state: self.editor.put(state, place, self.selected))

    def take_off(self, place: str) -> bool:
        """Take a piece off ``place`` (on a place shared by both sides, the chosen piece's side first)."""
        piece = self.selected if self.selected != TAKE_OFF else None
        return self._edit(lambda state: self.editor.remove(state, place, piece))

    def set_setting(self, name: str, value: str) -> bool:
        """Set the position's setting ``name`` to ``value``."""
        return self._edit(lambda state: self.editor.with_setting(state, name, value))

    def clear(self) -> None:
        """Take every piece off (the settings that remain are kept)."""
        self._edit(self.editor.cleared)

    def start_position(self) -> None:
        """The game's starting position under the rules chosen."""
        self._edit(lambda state: self.entry.game.start(self.rules))

    def undo(self) -> None:
        """Back to the position before the last edit."""
        if self.history:
            self.state = self.history.pop()
            self.notice = ""
            self._changed()

    def edit_text(self) -> None:
        """Show the position as text (to copy) and read a typed or pasted one into the editor."""
        def accept(text: str) -> None:
            self._edit(lambda state: self.entry.game.parse_position(text))

        def problem(text: str) -> str | None:
            try:
                self.entry.game.parse_position(text)
            except InvalidPosition as wrong:
                return tr("This cannot be read: {problem}", problem=wrong)
            return None

        example = self.entry.game.start(self.rules).to_text()
        self.navigator.push(TextDialog(
            self.navigator, tr("Position text"),
            tr("The position set up, as text. Copy it, or type or paste another (the start is written {example}).",
               example=example),
            accept, text=self.state.to_text(), validate=problem, multi_line=False, copy_label=tr("Copy")))

    # -- leaving with the position -----------------------------------------------------------
    def playable(self) -> State | None:
        """The position to start from, or ``None`` after saying why it cannot be played."""
        try:
            return self.editor.playable(self.state)
        except ImpossiblePosition as problem:
            self.say(tr("This position cannot be played: {reason}", reason=refusal_text(problem)))
            return None

    def play(self) -> None:
        """A game from the position, with a person playing (``players_to_play``)."""
        state = self.playable()
        if state is not None:
            mover = state.to_move() if state.to_move() in (0, 1) else 0
            self._start(state, players_to_play(self.players, mover))

    def watch(self) -> None:
        """A game from the position with the computer on both sides (``players_to_watch``)."""
        state = self.playable()
        if state is not None:
            self._start(state, players_to_watch(self.players, self.entry))

    def _start(self, state: State, players: tuple[PlayerSettings, PlayerSettings]) -> None:
        def start() -> None:
            session = GameSession.from_game_text(self.entry, players, GameText(state, (), {}), rules=self.rules)
            if session.watch_mode:
                session.watch.set_paused(False)
            self.navigator.show_game(session)

        game = self.replacing
        if game is not None and game.record.moves and game.record.result is None and not game.watch_mode:
            self.navigator.push(Dialog(self.navigator, tr("Replace the game?"),
                                       tr("The game in progress will be replaced by {name}.",
                                          name=tr("the position set up")),
                                       [(tr("Replace"), start), (tr("Keep editing"), None)]))
            return
        start()

    def open_lab(self) -> None:
        """The search lab on the position; Back there returns here."""
        state = self.playable()
        if state is not None:
            problem = self.navigator.show_lab(entry=self.entry, state=state)
            if problem:
                self.say(problem)

    def back(self) -> None:
        """Leave the editor; the scene below (the menu, the game) is as it was."""
        self.navigator.remove(self)

    # -- scene -----------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        """Lay out (``ui.scenes.editor_layout``) by the layout rule: the board as at normal
        text (or the largest smaller size at which the panel fits), and a larger text size
        around that board, or the largest smaller one, down to normal, at which the panel
        holds its text and every button its label."""
        self._size = size
        switches = [setting.switch for setting, _ in self.controls]
        owners = [piece.player for piece in self.editor.pieces]
        half = len(owners) // 2
        self._sides = 2 if half and owners[:half] == [0] * half and owners[half:] == [1] * (len(owners) - half) else 0
        scale = min(theme.text_scale, 1.0)
        while True:
            sizes = theme.text_sizes(size, scale)
            layout = self._layout_at(size, sizes, switches)
            if layout is not None or scale <= 0.75:
                break
            scale -= 0.05
        if layout is None:  # a window too small even so: the smallest layout, whatever is cut
            layout = layout_editor((max(size[0], 640), max(size[1], 480)), sizes, self.view.aspect_ratio,
                                   len(self.editor.pieces), switches, sides=self._sides)
        else:
            scale = theme.text_scale
            while scale > 1.0:  # the board kept, the text around it larger
                larger = theme.text_sizes(size, scale)
                kept = self._layout_at(size, larger, switches, layout.board.size)
                if kept is not None:
                    self._place(kept, larger)
                    if self._labels_fit(larger):
                        layout, sizes = kept, larger
                        break
                scale = round(max(1.0, scale - 0.05), 2)
        self._sizes, self._layout = sizes, layout
        if layout is not None:
            self._place(layout, sizes)

    def _layout_at(self, size: tuple[int, int], sizes: theme.TextSizes, switches: list[bool],
                   board_size: tuple[int, int] | None = None) -> EditorLayout | None:
        """``layout_editor`` for this editor's board, pieces and settings at ``sizes``
        (``board_size``: the board kept from normal text), ``None`` where it does not fit."""
        arrow = int(max(int(sizes.body * 2.2), 24) * 0.9)
        widths = [control.width_needed(sizes.body, sizes.small, arrow) for _, control in self.controls
                  if isinstance(control, Selector)]
        return layout_editor(size, sizes, self.view.aspect_ratio, len(self.editor.pieces), switches, widths,
                             self._sides, board_size)

    def _place(self, layout: EditorLayout, sizes: theme.TextSizes) -> None:
        """Give the board, the buttons and the settings their rectangles of ``layout``."""
        self.view.layout(layout.board)
        self.take_off_button.rect = layout.take_off
        for (_, control), rect in zip(self.controls, layout.settings):
            control.rect = rect
            if isinstance(control, Selector):
                control.label_size = sizes.small
        for button, rect in zip(self.edit_buttons, layout.edits):
            button.rect = rect
        for button, rect in zip(self.actions, layout.actions):
            button.rect = rect

    def _labels_fit(self, sizes: theme.TextSizes) -> bool:
        """Whether every button (placed) shows its label whole at ``sizes``' body size."""
        buttons = [self.take_off_button, *self.edit_buttons, *self.actions,
                   *(control for _, control in self.controls if not isinstance(control, Selector))]
        return all(button.label_fits(sizes.body) for button in buttons)

    def update(self, dt: float) -> None:
        """Let a refused edit's reason go after a while; the take-off tool shows as chosen."""
        if self.notice and time.monotonic() > self._notice_until:
            self.notice = ""
        self.take_off_button.toggled = self.selected == TAKE_OFF

    def handle_event(self, event: pygame.event.Event) -> None:
        """Keys, buttons, settings, the palette and clicks on the board's places."""
        if event.type == pygame.KEYDOWN:
            self._handle_key(event)
            return
        controls = [self.take_off_button, *self.edit_buttons, *self.actions, *(control for _, control in self.controls)]
        for control in controls:
            if control.handle_event(event):
                return
        if event.type != pygame.MOUSEBUTTONDOWN or self._layout is None:
            return
        for piece, cell in zip(self.editor.pieces, self._layout.cells):
            if cell.collidepoint(event.pos):
                self.select(piece.code)
                return
        place = self.view.setup_place_at(event.pos, self.editor.places())
        if place is None:
            return
        if event.button == 1:
            self.put(place)
        elif event.button == 3:
            self.take_off(place)

    def _handle_key(self, event: pygame.event.Event) -> None:
        control = getattr(event, "mod", 0) & pygame.KMOD_CTRL
        if event.key == pygame.K_z and control or event.key in (pygame.K_u, pygame.K_BACKSPACE):
            self.undo()
        elif event.key == pygame.K_ESCAPE:
            self.back()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.play()
        elif event.key == pygame.K_w:
            self.watch()
        elif event.key == pygame.K_l:
            self.open_lab()
        elif event.key in (pygame.K_DELETE, pygame.K_x):
            self.select(TAKE_OFF)

    def help_sections(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """The editor's mouse actions and keys."""
        return [(tr("Board editor"), [
            (tr("Click a piece of the palette"), tr("chooses it; then a click on the board puts it there")),
            (tr("Right-click the board"), tr("takes a piece off (or choose Take off, key X, and click)")),
            (tr("Selectors and switches"), tr("the side to move and what else the position holds (castling, en "
                                              "passant, the dice, the cube)")),
            (tr("U, Backspace or Ctrl+Z"), tr("undoes the last change")),
            (tr("Enter, W, L"), tr("play from here, watch the computer play from here, open the search lab")),
            ("Esc", tr("back, leaving the position unused")),
        ])]

    # -- drawing -----------------------------------------------------------------------------
    def status(self) -> tuple[str, tuple[int, int, int]]:
        """The status line: a refused edit's reason, why the position cannot be played, or who moves."""
        if self.notice:
            return self.notice, theme.WARNING
        if self.problem is not None:
            return tr("Not playable yet: {reason}", reason=refusal_text(self.problem)), theme.WARNING
        mover = self.ready.to_move() if self.ready is not None else CHANCE
        if mover == CHANCE:
            return tr("Ready: the dice are rolled first. Play, Watch or Lab starts from here."), theme.GOOD
        name = tr_known(self.entry.game.player_name(mover))
        if any(setting.name == "side" for setting, _ in self.controls):
            return tr("Ready: {player} to move. Play, Watch or Lab starts from here.", player=name), theme.GOOD
        return tr("Ready: {player} to move (it follows from the pieces). Play, Watch or Lab starts from here.",
                  player=name), theme.GOOD

    def _draw_status(self, surface: pygame.Surface, rect: pygame.Rect, sizes: theme.TextSizes) -> None:
        """The status text in ``rect``, as large as fits (down to the small size), bold."""
        text, colour = self.status()
        for size in range(sizes.body, sizes.small - 1, -1):
            lines = theme.wrap_text(text, size, rect.width, "bold")
            if len(lines) * theme.line_height(size) <= rect.height:
                break
        y = rect.top
        for line in lines[:max(1, rect.height // theme.line_height(size))]:
            theme.draw_text(surface, line, (rect.left, y), size, colour, style="bold", max_width=rect.width)
            y += theme.line_height(size)

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the editor."""
        layout, sizes = self._layout, self._sizes
        if layout is None:
            return
        title = tr("Set up a position: {game}", game=tr_known(self.entry.game.title))
        theme.draw_text(surface, title, layout.title.topleft, sizes.large, theme.TEXT, style="bold",
                        max_width=layout.title.width)
        mouse = pygame.mouse.get_pos() if pygame.mouse.get_focused() else None
        self.view.draw(surface, self.state, BoardDecorations(mouse=mouse, setting_up=True))
        hovered = self.view.setup_place_at(mouse, self.editor.places()) if mouse is not None else None
        rect = self.view.setup_place_rect(hovered) if hovered is not None else None
        if rect is not None:
            pygame.draw.rect(surface, theme.ACCENT, rect, max(2, rect.width // 20), border_radius=4)
        self._draw_status(surface, layout.status, sizes)
        theme.panel(surface, layout.panel)
        theme.draw_text(surface, tr("Pieces"), layout.palette_heading.topleft, sizes.small, theme.TEXT_DIM,
                        max_width=layout.palette_heading.width)
        for piece, cell in zip(self.editor.pieces, layout.cells):
            pygame.draw.rect(surface, CELL, cell.inflate(-2, -2), border_radius=max(3, cell.width // 8))
            self.view.draw_setup_piece(surface, cell.inflate(-max(4, cell.width // 8), -max(4, cell.width // 8)),
                                       piece.code)
            if piece.code == self.selected:
                pygame.draw.rect(surface, theme.ACCENT, cell, max(3, cell.width // 14), border_radius=max(3, cell.width // 8))
        self.take_off_button.draw(surface, sizes.body)
        for _, control in self.controls:
            if isinstance(control, Selector):
                control.draw(surface, sizes.body, sizes.small)
            else:
                control.draw(surface, sizes.body)
        for button in (*self.edit_buttons, *self.actions):
            button.draw(surface, sizes.body)
