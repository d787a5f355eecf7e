"""The play screen's buttons, by name: the rows under the board or the panel, and the
toolbar (the board view's own options, the game-file actions, the lab and the app-wide
switches), each with the short label a narrow row shows. Where they go is
``ui.scenes.play_layout``'s; what they do is the play scene's."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from ui.i18n import tr
from ui.widgets.controls import Button

if TYPE_CHECKING:
    from ui.navigation import PlayHost
    from ui.views.base import BoardView


class FileMenu(Protocol):
    """What opens the Game… menu (``GameFileActions``)."""

    def menu(self) -> None:
        """Open the menu of game-file actions."""


class PlayActions(Protocol):
    """What the buttons ask of the play screen (``PlayScene``; named here, not imported,
    so that the scene's module and this one do not import each other)."""

    view: BoardView
    files: FileMenu
    new_game: Callable[[], None]
    to_menu: Callable[[], None]
    takeback: Callable[[], None]
    flip: Callable[[], None]
    hint: Callable[[], None]
    navigate: Callable[[str], None]
    play_from_here: Callable[[], None]
    toggle_pause: Callable[[], None]
    step: Callable[[], None]
    resign: Callable[[], None]
    offer_or_claim_draw: Callable[[], None]
    toggle_view_option: Callable[[str], None]
    open_lab: Callable[[], None]

FULL_SCREEN_KEY = "F11"
"""The Full screen button's label on a narrow toolbar: its key, named alike in every language."""


def game_buttons(scene: PlayActions) -> dict[str, Button]:
    """The buttons under the board or the panel, by name (``BUTTON_ROWS``, ``WATCH_ROW``,
    ``PLAYER_ROW`` of ``ui.scenes.play``), acting on ``scene``."""
    return {
        "new": Button(tr("New game"), scene.new_game, short_label=tr("New")),
        "menu": Button(tr("Menu"), scene.to_menu),
        "takeback": Button(tr("Takeback"), scene.takeback, short_label=tr("Undo")),
        "flip": Button(tr("Flip"), scene.flip),
        "hint": Button(tr("Hint"), scene.hint, short_label=tr("Tip")),
        "first": Button("|\u25c0", lambda: scene.navigate("first"), name="first"),
        "previous": Button("\u25c0", lambda: scene.navigate("previous"), name="previous"),
        "next": Button("\u25b6", lambda: scene.navigate("next"), name="next"),
        "last": Button("\u25b6|", lambda: scene.navigate("last"), name="last"),
        "here": Button(tr("Play from here"), scene.play_from_here, short_label=tr("Here")),
        "pause": Button(tr("Pause"), scene.toggle_pause),
        "step": Button(tr("Step"), scene.step),
        "resign": Button(tr("Resign"), scene.resign),
        "draw": Button(tr("Offer draw"), scene.offer_or_claim_draw, short_label=tr("Draw")),
    }


def short_option_label(view: BoardView, name: str) -> str:
    """The board view's option ``name`` on a narrow toolbar: its own short label
    (``BoardView.option_short_labels``: chess's "Auto-queen"), else its label's last word
    ("Forced")."""
    short = view.option_short_labels.get(name)
    return tr(short) if short else tr(view.options[name][0]).split()[-1].capitalize()


def toolbar_buttons(scene: PlayActions, navigator: PlayHost) -> dict[str, Button]:
    """The toolbar's buttons, by name: the board view's own options ("option:<name>"),
    the game-file actions, the lab (acting on ``scene``), and the app-wide switches
    (``navigator``'s)."""
    view = scene.view
    return {
        **{f"option:{name}": Button(tr(view.options[name][0]), lambda name=name: scene.toggle_view_option(name),
                                    short_label=short_option_label(view, name))
           for name in view.options},
        "files": Button(tr("Game\u2026"), lambda: scene.files.menu()),
        "lab": Button(tr("Lab"), scene.open_lab),
        "text": Button(tr("Text size"), navigator.next_text_size, short_label=tr("Text")),
        "theme": Button(tr("Light/dark"), navigator.toggle_theme, short_label=tr("Theme")),
        "fullscreen": Button(tr("Full screen"), navigator.toggle_fullscreen, short_label=FULL_SCREEN_KEY),
        "help": Button(tr("Help ?"), navigator.show_help, short_label="?"),
    }
