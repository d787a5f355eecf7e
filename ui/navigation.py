"""What a scene may ask of the app: the scene stack, the scenes by name, a few app services.

Scenes never import ``ui.app``: each is given one object (the ``App`` at run time, a
recorder in a test) typed by the narrowest of these protocols that covers what it asks.

- ``SceneStack``: push a scene, remove one (a dialog closing itself), the window size.
  Used by the dialogs, the help overlay, and the play screen's game-file actions.
- ``Navigator``: the stack, the scene on top, and the scenes by name: the menu, a game,
  the search lab, the board editor, the help; and quitting. Used by the lab and the game-file actions.
- ``MenuHost`` and ``PlayHost``: a navigator with exactly the app services the menu and
  the play screen need (the remembered settings, the window, the text size, the colours,
  the sound, the language).

``ui.app.App`` builds every scene and implements all four; ``tests/test_navigation.py``
checks that it does, that no scene module imports ``ui.app``, and that ``ui/`` has no
import circle. Nothing here imports pygame.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from games.base import State
    from games.registry import GameEntry
    from ui.player_settings import PlayerSettings
    from ui.scene import Scene
    from ui.session import GameSession
    from ui.settings import AppSettings


@runtime_checkable
class SceneStack(Protocol):
    """The stack of scenes: the top one gets the events, overlays are drawn over the rest."""

    @property
    def size(self) -> tuple[int, int]:
        """The window's size in pixels (a scene lays itself out again for it)."""

    def push(self, scene: Scene) -> None:
        """Put ``scene`` on top (it is laid out for the window and entered)."""

    def remove(self, scene: Scene) -> None:
        """Take ``scene`` off the stack wherever it is (a dialog closing itself: the pop);
        the scene revealed on top is entered again. Nothing happens if it is not there."""


@runtime_checkable
class Navigator(SceneStack, Protocol):
    """The stack, and the app's scenes opened by name."""

    @property
    def top(self) -> Scene | None:
        """The scene receiving events (``None`` when the stack is empty)."""

    def show_menu(self) -> Scene:
        """Replace the whole stack with a new menu; returns it."""

    def show_game(self, session: GameSession) -> Scene:
        """Replace the whole stack with the play screen for ``session``; returns it."""

    def show_lab(self, session: GameSession | None = None, demonstration: str = "",
                 entry: GameEntry | None = None, state: State | None = None) -> str:
        """Open the search lab over the top scene: on ``session``'s shown position, on
        ``demonstration`` (a key of ``ai.demonstrations``), or on ``state`` of ``entry``'s
        game (default: its start). Returns "" or, when it cannot open now, why not, in
        words (nothing changes)."""

    def show_editor(self, entry: GameEntry, state: State, players: tuple[PlayerSettings, PlayerSettings],
                    rules: dict[str, bool], replacing: GameSession | None = None) -> Scene:
        """Open the board editor over the top scene on ``state`` of ``entry``'s game: Play
        and Watch there start a game of ``players`` (made to play or to watch) under
        ``rules``, asking first when that replaces ``replacing``, a game in progress.
        Returns the editor."""

    def show_help(self) -> None:
        """Show the top scene's keys and the app's own over it (or hide them if shown)."""

    def quit(self) -> None:
        """End the app after this frame."""


@runtime_checkable
class MenuHost(Navigator, Protocol):
    """What the menu needs besides navigating: the choices of its bottom row, which
    apply app-wide and are remembered."""

    settings: AppSettings
    """The remembered choices (players, game, rules); the menu changes them in place."""

    def set_text_size(self, name: str) -> None:
        """Use text size ``name`` (one of ``ui.settings.TEXT_SIZES``) everywhere; other names do nothing."""

    def set_theme(self, name: str) -> None:
        """Use colour theme ``name`` ("dark" or "light") everywhere; other names do nothing."""

    def set_sound(self, on: bool) -> None:
        """Turn the sounds on or off everywhere."""

    def set_language(self, name: str) -> None:
        """Use language ``name`` (one of ``ui.i18n.LANGUAGES``); the menu is built again."""

    def toggle_fullscreen(self) -> None:
        """Switch between a window and the whole screen."""


@runtime_checkable
class PlayHost(Navigator, Protocol):
    """What the play screen needs besides navigating: its toolbar's app-wide switches,
    the remembered view options, and the game's sounds."""

    settings: AppSettings
    """The remembered choices; the play screen keeps each game's view options there."""

    @property
    def fullscreen(self) -> bool:
        """Whether the app covers the whole screen."""

    def toggle_fullscreen(self) -> None:
        """Switch between a window and the whole screen."""

    def next_text_size(self) -> str:
        """Use the next text size, from the largest back to normal; returns its name."""

    def toggle_theme(self) -> str:
        """Switch between the dark and the light colours; returns the new theme's name."""

    def save_settings_soon(self) -> None:
        """Write ``settings`` a moment from now (changes in quick succession are written once)."""

    def play_sound(self, kind: str) -> None:
        """Play sound ``kind`` (one of ``ui.sounds.SOUND_KINDS``) unless the sound is off;
        never blocks, never fails."""
