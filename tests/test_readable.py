"""Readable at a projector: no text below 12 px, a text-size setting, full screen, a help
overlay, a window that fits the desktop, and a board view for every game."""
from __future__ import annotations

import json

import pygame
import pytest

from ai.clock import TimeControl
from ai.types import Algorithm
from games.registry import GAMES, get_game
from ui import theme
from ui.app import App, fitted_window_size
from ui.player_settings import PlayerSettings
from ui.scenes.help import HelpOverlay
from ui.session import GameSession
from ui.settings import AppSettings
from ui.storage import SETTINGS_FILE
from ui.widgets.controls import Slider
from ui_driver import app, frames_until, press  # noqa: F401 (app is a fixture)

ENTRY = get_game("tictactoe")


@pytest.fixture
def drawn_sizes(monkeypatch):
    """Every font size text is rendered at while the fixture is active."""
    sizes: list[int] = []
    original = theme.rendered_text

    def recording(text, size, *args, **keywords):
        if text.strip():
            sizes.append(int(size))
        return original(text, size, *args, **keywords)

    monkeypatch.setattr(theme, "rendered_text", recording)
    return sizes


@pytest.mark.parametrize("size", [(800, 600), (640, 480), (1280, 800)])
def test_no_text_is_smaller_than_12_pixels(tmp_path, monkeypatch, drawn_sizes, size):
    monkeypatch.setenv("GAMETREELAB_HOME", str(tmp_path))
    application = App(size)
    try:
        application.show_menu()
        application.step()
        watch = PlayerSettings("ai", 3, Algorithm.PVS, TimeControl.fischer(60, 1))
        play = application.show_game(GameSession(ENTRY, (watch, PlayerSettings("ai", 5))))
        play.session.watch.move_delay = 0.0
        frames_until(application, lambda: len(play.session.record.moves) >= 3)
        application.show_help()
        application.step()
        assert drawn_sizes and min(drawn_sizes) >= theme.SMALLEST_TEXT
    finally:
        application.shutdown()


def test_text_size_setting_scales_every_text_and_is_remembered(app, tmp_path):
    normal = theme.text_sizes(app.size)
    press(app, pygame.K_PLUS, "+")
    assert app.settings.text_size == "large"
    large = theme.text_sizes(app.size)
    assert large.small > normal.small and large.body > normal.body and large.title > normal.title
    press(app, pygame.K_PLUS, "+")
    press(app, pygame.K_PLUS, "+")  # stops at the largest
    assert app.settings.text_size == "extra large"
    press(app, pygame.K_MINUS, "-")
    assert app.settings.text_size == "large"
    app.settings.save()
    assert json.loads((tmp_path / SETTINGS_FILE).read_text())["text_size"] == "large"


def test_f11_toggles_full_screen_and_the_layout_follows(app):
    play = app.show_game(GameSession(ENTRY, (PlayerSettings("human", 5), PlayerSettings("ai", 5))))
    windowed = app.size
    press(app, pygame.K_F11)
    assert app.fullscreen and app.settings.fullscreen
    assert play.view.rect.right <= app.size[0] and play.engine_panel.rect.right <= app.size[0]
    click_toolbar = play.toolbar_buttons["fullscreen"].rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=click_toolbar, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=click_toolbar, button=1))
    app.step()
    assert not app.fullscreen and app.size == windowed


def test_help_overlay_lists_the_keys_of_the_screen_and_closes_on_any_key(app):
    app.show_game(GameSession(ENTRY, (PlayerSettings("human", 5), PlayerSettings("ai", 5))))
    press(app, pygame.K_SLASH, "?")
    overlay = app.top
    assert isinstance(overlay, HelpOverlay)
    listed = " ".join(f"{keys} {action}" for _, entries in overlay.sections for keys, action in entries)
    for words in ("F11", "Space", "play on from the shown position", "take back", "hint", "Esc"):
        assert words in listed
    press(app, pygame.K_a)
    assert not isinstance(app.top, HelpOverlay)
    press(app, pygame.K_F1)
    assert isinstance(app.top, HelpOverlay)
    press(app, pygame.K_F1)
    assert not isinstance(app.top, HelpOverlay)


@pytest.mark.parametrize("desktop, wanted, expected", [
    ((1920, 1080), None, (1280, 800)),
    ((1366, 768), None, (1229, 691)),
    ((1024, 768), (1280, 800), (921, 691)),
    ((1920, 1200), (1600, 1000), (1600, 1000)),
    ((2560, 1440), (300, 200), (640, 480)),
    (None, None, (1280, 800)),
])
def test_the_window_fits_the_desktop(desktop, wanted, expected):
    assert fitted_window_size(wanted, desktop) == expected


def test_the_window_size_is_remembered(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMETREELAB_HOME", str(tmp_path))
    application = App()
    pygame.display.set_mode((900, 650), pygame.RESIZABLE)  # what a person dragging the corner does
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(900, 650), w=900, h=650))
    application.step()
    assert application.size == (900, 650)
    application.shutdown()
    settings, _ = AppSettings.load()
    assert settings.window_size == (900, 650)
    again = App()
    try:
        assert again.size == fitted_window_size((900, 650), again.desktop)
    finally:
        again.shutdown()


def test_the_delay_slider_knob_never_covers_its_label():
    pygame.font.init()
    theme.reset_fonts()
    for height in (24, 40, 60):
        slider = Slider("Delay", 0.0, 3.0, 0.0, lambda value: None, lambda value: f"{value:.1f} s")
        slider.layout(pygame.Rect(10, 10, 260, height), theme.SMALLEST_TEXT + height // 10)
        text_right = 10 + theme.font(slider.text_size).size("Delay: 0.0 s")[0]
        knob_left = slider.track_rect().left - slider.knob_radius()
        assert knob_left > text_right


@pytest.mark.parametrize("game_id", list(GAMES))
@pytest.mark.parametrize("language", ["english", "italian"])
def test_the_play_screen_shows_the_games_name_whole_beside_its_toolbar(app, game_id, language):
    """When the toolbar is crowded, Full screen, Text size and Light/dark (F11, + −, T) give way
    rather than cut the game's name; every button shown keeps clear of the title."""
    from ui.i18n import set_language, tr_known
    from ui.scenes.play_layout import fitted_title
    app.set_language(language)
    try:
        for window, text_size in (((1280, 800), "normal"), ((1280, 800), "large"), ((1280, 800), "extra large"),
                                  ((640, 480), "normal"), ((640, 480), "extra large")):
            app.set_text_size(text_size)
            play = app.show_game(GameSession(get_game(game_id), (PlayerSettings("human", 1),) * 2))
            play.resize(window)
            app.step()
            sizes = play._sizes
            name = tr_known(play.session.game.title)
            title, size = fitted_title((name,), play._title_width, sizes)
            assert theme.font(size, "bold").size(title)[0] <= play._title_width, (window, text_size, title)
            shown = [button for button in play.toolbar_buttons.values() if button.visible]
            assert play.toolbar_buttons["help"] in shown and play.toolbar_buttons["lab"] in shown
            if play.layout.toolbar_rows == 1:
                assert min(button.rect.left for button in shown) >= play._toolbar.left + play._title_width
            else:  # the name on a row of its own, over the buttons
                assert min(button.rect.top for button in shown) >= play._toolbar.bottom
                assert min(button.rect.left for button in shown) >= play._toolbar.left
    finally:
        set_language("english")
