"""Every screen of the app, built for the tests that look at all of them (cut text,
board sizes): the menu on every game's page, the play screen of every game while
playing, watching and reviewing, the board editor of every game, the search lab's views
and demonstrations, the dialogs with fixed texts and the help overlays.

``SCREENS`` maps a name to a builder: ``builder(app)`` puts the screen on ``app``'s scene
stack, in the app's current language, with content that fills it (moves played by the
weakest level, whose searches are one ply deep; lab searches of depth 1 or 2, or a
demonstration's explanation with its search stopped at once). ``show_everywhere`` then
lays the screen out again at every window size and text size and draws it.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pygame

from ai.demonstrations import COMPARE, DEEPENING, DEMONSTRATIONS, RETROGRADE, TREE
from games.registry import GAMES, get_game
from session_driver import run_until
from ui import theme
from ui.app import App
from ui.player_settings import PlayerSettings
from ui.scenes.lab import LabScene
from ui.scenes.menu import MenuScene
from ui.scenes.play import PlayScene
from ui.session import GameSession

WINDOWS = ((640, 480), (800, 600), (1280, 800), (1920, 1080))
"""The window sizes every screen must fit, the smallest the app allows to full HD."""
TEXT_SIZES = ("normal", "large", "extra large")
LANGUAGES = ("english", "italian")
MOVES = 12
"""Plies played before a play screen is looked at (fewer if the game ends first)."""

Builder = Callable[[App], None]


def _frames(app: App, count: int = 2) -> None:
    for _ in range(count):
        app.step()


def _menu(game_id: str) -> Builder:
    def build(app: App) -> None:
        menu = app.show_menu()
        menu.game_selector.select(game_id)
        menu._game_changed(game_id)
        for side in menu.sides:  # the computer's selectors: the most text a side shows
            side.kind.select("ai")
        menu._settings_changed()
        menu.resize(app.size)
        _frames(app)
    return build


def _played(app: App, game_id: str, players: tuple[PlayerSettings, PlayerSettings], moves: int = MOVES) -> PlayScene:
    """A play screen of ``game_id`` after ``moves`` plies: a person's moves are drawn
    at random (seeded), the computer's searched at its weakest level."""
    session = GameSession(get_game(game_id), players, rng=random.Random(7))
    play = app.show_game(session)
    session.watch.move_delay = 0.0
    chooser = random.Random(3)
    while len(session.record.moves) < moves and session.record.result is None:
        if session.human_to_move():
            session.play_human(chooser.choice(sorted(session.record.state.legal_moves(), key=str)))
        else:
            count = len(session.record.moves)
            run_until(session, lambda: len(session.record.moves) > count or session.record.result is not None
                      or session.human_to_move())
    if session.watch_mode:
        session.set_paused(True)
    elif session.record.result is None and not session.human_to_move():
        # the computer's reply, so that the screen is the same every run (the person to move)
        count = len(session.record.moves)
        run_until(session, lambda: len(session.record.moves) > count or session.record.result is not None
                  or session.human_to_move())
    _frames(app, 3)
    return play


def _play(game_id: str) -> Builder:
    def build(app: App) -> None:
        _played(app, game_id, (PlayerSettings("human", 1), PlayerSettings("ai", 1)))
    return build


def _watch(game_id: str) -> Builder:
    def build(app: App) -> None:
        _played(app, game_id, (PlayerSettings("ai", 1), PlayerSettings("ai", 1)))
    return build


def _review(game_id: str) -> Builder:
    """A finished game (the person resigned) looked back at, its result dialog closed."""
    def build(app: App) -> None:
        play = _played(app, game_id, (PlayerSettings("human", 1), PlayerSettings("ai", 1)), moves=6)
        if play.session.record.result is None:
            play.session.endings.resign()
        _frames(app)
        while app.top is not play:  # the result dialog: Review
            app.remove(app.top)
        play.session.view(2)
        _frames(app)
    return build


def _result_dialog(game_id: str) -> Builder:
    def build(app: App) -> None:
        play = _played(app, game_id, (PlayerSettings("human", 1), PlayerSettings("ai", 1)), moves=4)
        play.session.endings.resign()
        _frames(app)
        assert app.top is not play, "the result dialog did not open"
    return build


def _play_dialog(action: str) -> Builder:
    """A chess game with a dialog of the play screen open: ``action`` names the play
    scene's method that opens it (asked before a new game, a resignation, playing on
    from an earlier position, the Game… menu)."""
    def build(app: App) -> None:
        play = _played(app, "chess", (PlayerSettings("human", 1), PlayerSettings("ai", 1)), moves=6)
        if action == "play_from_here":
            play.session.view(2)
        if action == "files":
            play.files.menu()
        else:
            getattr(play, action)()
        _frames(app)
        assert app.top is not play, f"{action} opened no dialog"
    return build


def _menu_dialog(action: str, game_id: str = "chess") -> Builder:
    """The menu with a dialog open: ``action`` names the menu's method that opens it."""
    def build(app: App) -> None:
        _menu(game_id)(app)
        menu = app.top
        assert isinstance(menu, MenuScene)
        if action == "tables":
            menu.tables.open()
        else:
            getattr(menu, action)()
        _frames(app)
        assert app.top is not menu, f"{action} opened no dialog"
    return build


def _editor(game_id: str) -> Builder:
    """The board editor on ``game_id``'s start, opened from the menu."""
    def build(app: App) -> None:
        app.show_menu()
        entry = get_game(game_id)
        app.show_editor(entry, entry.game.initial_state(), (PlayerSettings("human", 1), PlayerSettings("ai", 1)),
                        entry.game.default_rules())
        _frames(app)
    return build


def _help(under: Builder) -> Builder:
    def build(app: App) -> None:
        under(app)
        app.show_help()
        _frames(app)
    return build


def _lab(game_id: str, mode: str, depth: int) -> Builder:
    """The lab on ``game_id``'s start (after a roll with dice), view ``mode``, searched to ``depth``."""
    def build(app: App) -> None:
        entry = get_game(game_id)
        state = entry.game.initial_state()
        while state.to_move() not in (0, 1):  # a roll: the searches start from a decision
            state = state.apply(sorted(state.legal_moves(), key=str)[0])
        app.show_menu()
        app.push(LabScene(app, entry, state))
        lab = app.top
        lab.resize(app.size)
        lab.set_mode(mode)
        if mode == RETROGRADE:
            lab.size.select(depth)
        else:
            lab.depth.select(depth)
        lab.run()
        _finish_lab(app, lab)
    return build


def _demonstration(key: str) -> Builder:
    """A demonstration's screen with its explanation; its search is stopped at once
    (some take seconds), so the view shows what it found by then."""
    def build(app: App) -> None:
        app.show_menu()
        app.show_lab(demonstration=key)
        lab = app.top
        lab.stop()
        _frames(app)
    return build


def _lab_dialog() -> Builder:
    """The lab's list of demonstrations."""
    def build(app: App) -> None:
        _lab("tictactoe", COMPARE, 1)(app)
        app.top.show_demonstrations()
        _frames(app)
    return build


def _finish_lab(app: App, lab: LabScene) -> None:
    if lab.job is not None:
        lab.job.wait(120.0)
    _frames(app)
    if lab.mode in (TREE, RETROGRADE):
        stepper = lab.stepper()
        if stepper is not None:
            stepper.step_to(10**9)
        lab.playing = False
    _frames(app)


def _screens() -> dict[str, Builder]:
    screens: dict[str, Builder] = {}
    for game_id in GAMES:
        screens[f"menu-{game_id}"] = _menu(game_id)
        screens[f"play-{game_id}"] = _play(game_id)
        screens[f"watch-{game_id}"] = _watch(game_id)
        screens[f"review-{game_id}"] = _review(game_id)
        screens[f"result-{game_id}"] = _result_dialog(game_id)
        screens[f"help-play-{game_id}"] = _help(_play(game_id))
        screens[f"editor-{game_id}"] = _editor(game_id)
    for action in ("new_game", "resign", "play_from_here", "files"):
        screens[f"dialog-{action}"] = _play_dialog(action)
    for action in ("start_from_position", "open_saved_game", "tables"):
        screens[f"menu-dialog-{action}"] = _menu_dialog(action)
    screens["help-menu"] = _help(_menu("chess"))
    for game_id in GAMES:
        screens[f"lab-compare-{game_id}"] = _lab(game_id, COMPARE, 1)
    screens["lab-tree-tictactoe"] = _lab("tictactoe", TREE, 2)
    screens["lab-tree-backgammon"] = _lab("backgammon", TREE, 1)
    screens["lab-deepening-chess"] = _lab("chess", DEEPENING, 2)
    screens["lab-retrograde-backgammon"] = _lab("backgammon", RETROGRADE, 2)
    for item in DEMONSTRATIONS:
        screens[f"demonstration-{item.key}"] = _demonstration(item.key)
    screens["help-lab"] = _help(_lab("tictactoe", COMPARE, 1))
    screens["lab-demonstrations"] = _lab_dialog()
    return screens


SCREENS = _screens()


def set_window(app: App, size: tuple[int, int]) -> None:
    """Resize the window as a person dragging its corner does (the scenes lay out again)."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.step()


def show_everywhere(app: App) -> Iterator[tuple[tuple[int, int], str, list[str]]]:
    """Lay the app's screen out and draw it at every window size of ``WINDOWS`` and text
    size of ``TEXT_SIZES``; yields ``(window, text size, texts cut)`` after each (see
    ``theme.cut_texts``). The text size is set back to normal at the end."""
    try:
        for window in WINDOWS:
            for text_size in TEXT_SIZES:
                theme.cut_texts = []
                app.set_text_size(text_size)
                set_window(app, window)
                theme.cut_texts = []  # what the frames before drew does not count
                app.set_text_size(text_size)
                app.draw()
                yield window, text_size, theme.cut_texts
    finally:
        theme.cut_texts = None
        app.set_text_size("normal")
