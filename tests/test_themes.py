"""Light and dark themes: readable contrast in both, switched at once everywhere (key T,
the menu, the play screen's toolbar), remembered, and a bad setting refused."""
from __future__ import annotations

import json

import pygame
import pytest

from ui import theme
from ui.settings import THEME_NAMES, AppSettings
from ui_driver import app, click, frames_until, press, start_from_menu  # noqa: F401  (app is a fixture)


def luminance(colour) -> float:
    """WCAG relative luminance of an sRGB colour."""
    def channel(value: int) -> float:
        value /= 255
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4
    red, green, blue = colour[:3]
    return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)


def contrast(first, second) -> float:
    """WCAG contrast ratio, 1 to 21."""
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.fixture(autouse=True)
def dark_afterwards():
    yield
    theme.apply_theme("dark")


@pytest.mark.parametrize("name", theme.THEMES)
def test_text_keeps_a_contrast_of_at_least_4_5_to_1(name):
    palette = theme.PALETTES[name]
    pairs = [(text, ground) for text in ("TEXT", "TEXT_DIM") for ground in ("BACKGROUND", "PANEL", "BUTTON")]
    pairs += [(text, ground) for text in ("ACCENT", "GOOD", "WARNING", "DANGER") for ground in ("BACKGROUND", "PANEL")]
    pairs += [("ACCENT_TEXT", "ACCENT_DARK"), ("ACCENT_TEXT", "ACCENT_HOVER"), ("TEXT", "SELECTION"),
              ("TEXT", "BUTTON_HOVER")]
    weak = [f"{text} on {ground}: {contrast(palette[text], palette[ground]):.2f}" for text, ground in pairs
            if contrast(palette[text], palette[ground]) < 4.5]
    assert not weak


def test_every_theme_has_every_colour_and_the_settings_know_them():
    assert theme.THEMES == THEME_NAMES
    keys = {name: set(palette) for name, palette in theme.PALETTES.items()}
    assert len({frozenset(value) for value in keys.values()}) == 1


def test_applying_a_theme_changes_the_colours_drawing_reads(monkeypatch):
    used = []
    monkeypatch.setattr(theme, "rendered_text", lambda text, size, colour, *rest: used.append(colour) or
                        pygame.Surface((1, 1)))
    surface = pygame.Surface((10, 10))
    theme.apply_theme("light")
    theme.draw_text(surface, "x", (0, 0), 14)
    theme.apply_theme("dark")
    theme.draw_text(surface, "x", (0, 0), 14)
    assert used == [theme.PALETTES["light"]["TEXT"], theme.PALETTES["dark"]["TEXT"]]
    with pytest.raises(ValueError, match="unknown theme"):
        theme.apply_theme("sepia")
    assert theme.theme_name == "dark"


def test_a_bad_theme_in_the_settings_file_falls_back_with_a_message(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMETREELAB_HOME", str(tmp_path))
    (tmp_path / "settings.json").write_text(json.dumps({"theme": "neon", "text_size": "large"}), encoding="utf-8")
    settings, message = AppSettings.load()
    assert settings.theme == "dark" and settings.text_size == "large" and "the theme" in message
    settings.theme = "light"
    assert settings.save() == ""
    assert AppSettings.load()[0].theme == "light"


def test_t_the_menu_and_the_toolbar_switch_the_theme_and_it_is_remembered(app, tmp_path):
    menu = app.show_menu()
    app.step()
    press(app, pygame.K_t, "t")
    assert theme.theme_name == "light" and app.settings.theme == "light"
    assert menu.theme_selector.value == "light"
    menu.theme_selector.step(1)
    assert theme.theme_name == "dark"
    play = start_from_menu(app)
    click(app, play.toolbar_buttons["theme"].rect.center)
    assert theme.theme_name == "light"
    app.step()  # a frame draws in the new colours
    assert tuple(app.screen.get_at((2, app.size[1] - 2)))[:3] == theme.PALETTES["light"]["BACKGROUND"]
    saved = tmp_path / "settings.json"
    frames_until(app, lambda: saved.exists() and json.loads(saved.read_text(encoding="utf-8"))["theme"] == "light")
