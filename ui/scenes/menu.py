"""The start menu: pick the game, and for each side a person or the computer
(strength level, algorithm, time control). Choices are remembered between runs."""
from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

import pygame

from ai.clock import TimeControl
from ai.types import Algorithm
from games.registry import GAMES, GameEntry, get_game
from ui import theme
from ui.scene import Scene
from ui.scenes.dialog import Dialog
from ui.player_settings import PlayerSettings, default_players
from ui.session import GameSession
from ui.storage import (AUTOSAVE_FILE, SETTINGS_FILE, StorageError, data_dir, read_json, set_aside,
                        write_json_atomically)
from ui.widgets.controls import Button, Selector

if TYPE_CHECKING:
    from ui.app import App

TIME_CONTROLS = (
    TimeControl.unlimited(),
    TimeControl.per_move(0.5),
    TimeControl.per_move(1),
    TimeControl.per_move(3),
    TimeControl.per_move(10),
    TimeControl.fischer(60, 1),
    TimeControl.fischer(180, 2),
    TimeControl.fischer(300, 3),
    TimeControl.fischer(600, 5),
)
"""The time controls offered in the menu."""


def _local_time(saved_at: object) -> str:
    """An ISO time stamp from a save file as local date and time, or "at an unknown time"."""
    try:
        moment = datetime.fromisoformat(str(saved_at)).astimezone()
    except ValueError:
        return "at an unknown time"
    return moment.strftime("%d %b %Y %H:%M")


class SideControls:
    """The four selectors for one side."""

    def __init__(self, entry: GameEntry, settings: PlayerSettings, on_change) -> None:
        self.kind = Selector("Player", [("human", "Person"), ("ai", "Computer")], 0, lambda _: on_change())
        self.level = Selector("Strength", [], 0, lambda _: on_change())
        self.algorithm = Selector("Algorithm", [], 0, lambda _: on_change())
        self.time = Selector("Time", [(control, control.label()) for control in TIME_CONTROLS], 0,
                             lambda _: on_change())
        self.configure(entry, settings)

    @property
    def selectors(self) -> list[Selector]:
        """Top to bottom."""
        return [self.kind, self.level, self.algorithm, self.time]

    def configure(self, entry: GameEntry, settings: PlayerSettings) -> None:
        """Offer ``entry``'s levels and algorithms and show ``settings``."""
        self.level.set_options([(number, f"{number}: {entry.level(number).describe()}")
                                for number in range(1, entry.max_level + 1)], settings.level)
        algorithms = [a for a in Algorithm if (a.handles_chance if entry.game.has_chance else a is not
                                                 Algorithm.EXPECTIMINIMAX)]
        self.algorithm.set_options([(a, a.label) for a in algorithms], settings.algorithm)
        self.kind.select(settings.kind)
        self.refresh()
        self.time.select(settings.time_control)

    def refresh(self) -> None:
        """Grey out what does not apply to a person, and offer a person only real clocks
        (a time per move limits the computer only)."""
        is_ai = self.kind.value == "ai"
        self.level.enabled = self.algorithm.enabled = is_ai
        controls = [control for control in TIME_CONTROLS if is_ai or control.kind != "movetime"]
        self.time.set_options([(control, control.label()) for control in controls])

    def settings(self) -> PlayerSettings:
        """The chosen settings."""
        return PlayerSettings(self.kind.value, self.level.value, self.algorithm.value, self.time.value)


class MenuScene(Scene):
    """The first screen. ``start_game`` builds a ``GameSession`` and opens the play scene."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.message = ""
        stored = self._load_settings()
        game_id = stored.get("game")
        if not isinstance(game_id, str) or game_id not in GAMES:
            game_id = next(iter(GAMES))
        remembered = stored.get("players")
        self.remembered: dict[str, list] = remembered if isinstance(remembered, dict) else {}
        self.entry = get_game(game_id)
        players = self._remembered_players(self.entry)
        self.game_selector = Selector("Game", [(key, entry.game.title) for key, entry in GAMES.items()], 0,
                                      self._game_changed)
        self.game_selector.select(game_id)
        self.sides = [SideControls(self.entry, players[side], self._settings_changed) for side in (0, 1)]
        self.start_button = Button("Start game", self.start_game, primary=True)
        self.resume_button = Button("Resume saved game", self.resume_saved)
        self.quit_button = Button("Quit", app.quit)
        self.buttons = [self.start_button, self.resume_button, self.quit_button]
        self._text_size = 16

    # -- settings ---------------------------------------------------------------------
    def _load_settings(self) -> dict:
        try:
            return read_json(data_dir() / SETTINGS_FILE) or {}
        except StorageError as problem:
            self.message = f"Settings were reset: {problem}"
            return {}

    def _remembered_players(self, entry: GameEntry) -> tuple[PlayerSettings, PlayerSettings]:
        saved = self.remembered.get(entry.id)
        if saved is not None:
            try:
                if not isinstance(saved, list) or len(saved) != 2:
                    raise ValueError("not two players")
                return PlayerSettings.from_dict(saved[0], entry), PlayerSettings.from_dict(saved[1], entry)
            except ValueError as problem:
                self.message = f"Saved settings for {entry.game.title} were not valid ({problem}); defaults are shown."
        return default_players(entry)

    def _game_changed(self, game_id: str) -> None:
        self.message = ""
        self.entry = get_game(game_id)
        players = self._remembered_players(self.entry)
        for side in (0, 1):
            self.sides[side].configure(self.entry, players[side])
        self.resize(self.app.size)

    def _settings_changed(self) -> None:
        self.message = ""
        for side in self.sides:
            side.refresh()

    def chosen_players(self) -> tuple[PlayerSettings, PlayerSettings]:
        """The settings of both sides as shown."""
        return self.sides[0].settings(), self.sides[1].settings()

    def _save_settings(self) -> None:
        players = self.chosen_players()
        self.remembered[self.entry.id] = [player.to_dict() for player in players]
        try:
            write_json_atomically(data_dir() / SETTINGS_FILE, {"game": self.entry.id, "players": self.remembered})
        except OSError as problem:
            self.message = f"Could not save settings: {problem}"

    # -- actions ---------------------------------------------------------------------
    def start_game(self) -> None:
        """Open a new game with the chosen settings."""
        from ui.scenes.play import PlayScene

        self._save_settings()
        session = GameSession(self.entry, self.chosen_players())
        self.app.replace(PlayScene(self.app, session))

    def saved_game(self) -> tuple[dict | None, str]:
        """The autosaved game's data if it can be resumed, else ``(None, reason or "")``."""
        try:
            data = read_json(data_dir() / AUTOSAVE_FILE)
        except StorageError as problem:
            return None, str(problem)
        if data is None:
            return None, ""
        return data, ""

    def offer_resume(self) -> None:
        """At start-up: if an unfinished game was saved, ask whether to resume it."""
        data, problem = self.saved_game()
        if problem:
            self.app.push(Dialog(self.app, "Saved game damaged", f"The saved game could not be read: {problem}"))
            return
        if data is None:
            return
        try:
            session = GameSession.from_dict(data)
        except (ValueError, TypeError) as error:
            kept = set_aside(data_dir() / AUTOSAVE_FILE, "damaged")
            self.app.push(Dialog(self.app, "Saved game damaged",
                                 f"The saved game could not be restored ({error}). It was kept as {kept.name}."))
            return
        if session.result is not None or not session.moves:
            return
        title = session.game.title
        self.app.push(Dialog(
            self.app, "Resume your game?",
            f"An unfinished {title} game ({len(session.moves)} moves, saved {_local_time(data.get('saved_at'))}) "
            "is waiting.",
            [("Resume", lambda: self._open(session)), ("Not now", None)],
        ))

    def resume_saved(self) -> None:
        """The Resume button: reopen the autosaved game, finished or not (for review)."""
        data, problem = self.saved_game()
        if data is None:
            self.message = problem or "There is no saved game."
            return
        try:
            session = GameSession.from_dict(data)
        except (ValueError, TypeError) as error:
            kept = set_aside(data_dir() / AUTOSAVE_FILE, "damaged")
            self.message = f"The saved game could not be restored ({error}); it was kept as {kept.name}."
            return
        self._open(session)

    def _open(self, session: GameSession) -> None:
        from ui.scenes.play import PlayScene

        self.app.replace(PlayScene(self.app, session))

    # -- scene -----------------------------------------------------------------------
    def enter(self) -> None:
        """Show the Resume button only when there is a saved game."""
        self.resume_button.visible = (data_dir() / AUTOSAVE_FILE).exists()
        self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        """Title on top, the game selector, two columns of side settings, buttons below."""
        scale = theme.unit(size)
        self._scale = scale
        self._text_size = int(17 * scale)
        width, height = size
        column_width = int(min(width * 0.42, 470 * scale))
        gap = int(30 * scale)
        left = (width - 2 * column_width - gap) // 2
        selector_height = int(62 * scale)
        top = int(height * 0.2)
        self.game_selector.rect = pygame.Rect((width - column_width) // 2, top, column_width, selector_height)
        self._column_top = top + selector_height + int(34 * scale)
        self._column_lefts = [left, left + column_width + gap]
        self._column_width = column_width
        for side, column_left in zip(self.sides, self._column_lefts):
            y = self._column_top + int(34 * scale)
            for selector in side.selectors:
                selector.rect = pygame.Rect(column_left, y, column_width, selector_height)
                y += selector_height + int(10 * scale)
        buttons_top = y + int(24 * scale)
        button_height = int(50 * scale)
        shown = [button for button in self.buttons if button.visible]
        button_width = int(min(240 * scale, (width - 4 * gap) / 3))
        total = len(shown) * button_width + (len(shown) - 1) * gap
        for index, button in enumerate(shown):
            button.rect = pygame.Rect((width - total) // 2 + index * (button_width + gap), buttons_top,
                                      button_width, button_height)
        self._footer_y = min(height - int(30 * scale), buttons_top + button_height + int(40 * scale))

    def handle_event(self, event: pygame.event.Event) -> None:
        """Controls; Enter starts, Escape quits."""
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start_game()
            return
        controls = [self.game_selector, *(selector for side in self.sides for selector in side.selectors),
                    *self.buttons]
        for control in controls:
            if control.handle_event(event):
                return

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the menu."""
        width, height = surface.get_size()
        size = self._text_size
        theme.draw_text(surface, "Game Tree Lab", (width // 2, int(height * 0.06)), int(size * 2.6), theme.TEXT,
                        style="bold", anchor="midtop")
        theme.draw_text(surface, "Play against game-tree search \u2014 and watch it think",
                        (width // 2, int(height * 0.06) + int(size * 3.4)), size, theme.TEXT_DIM, anchor="midtop")
        self.game_selector.draw(surface, size)
        for side, column_left in enumerate(self._column_lefts):
            name = self.entry.game.player_name(side)
            heading = f"{name} \u2014 moves first" if side == 0 else name
            theme.draw_text(surface, heading, (column_left, self._column_top), int(size * 1.1), theme.TEXT, style="bold")
            for selector in self.sides[side].selectors:
                selector.draw(surface, size)
        for button in self.buttons:
            button.draw(surface, size)
        footer = self.message or ("Both sides Computer = watch mode.  Keys in a game: \u2190 \u2192 moves, "
                                  "F flip, H hint, U takeback, N new game, Esc menu; watching: Space pause, S step.")
        colour = theme.WARNING if self.message else theme.TEXT_DIM
        theme.draw_text(surface, footer, (width // 2, self._footer_y), int(size * 0.85), colour, anchor="midtop",
                        max_width=width - 20)
