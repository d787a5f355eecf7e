"""The menu's strength row never cuts a level's words or details: they wrap onto more
lines and the row grows, for every game and level, in both languages, from 640x480 to
1920x1080 at every text size; and the menu still fits the window."""
from __future__ import annotations

import pytest

from games.registry import GAMES
from ui import i18n
from ui.app import App
from ui.i18n import LANGUAGES
from ui.settings import TEXT_SIZES

import ui_driver


@pytest.fixture
def cut_texts(monkeypatch):
    """Every text drawn cut with an ellipsis (wider than the width it was given)."""
    return ui_driver.cut_texts(monkeypatch)

@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", [(640, 480), (800, 600), (1280, 800), (1920, 1080)])
def test_the_strength_row_shows_every_level_whole(tmp_path, monkeypatch, cut_texts, language, size):
    monkeypatch.setenv("GAMETREELAB_HOME", str(tmp_path))
    app = App(size)
    try:
        i18n.set_language(language)
        for text_size in TEXT_SIZES:
            app.set_text_size(text_size)
            menu = app.show_menu()
            for game_id in GAMES:
                menu.game_selector.select(game_id)
                menu._game_changed(game_id)
                for side in menu.sides:
                    side.kind.select("ai")
                for level in range(1, menu.entry.max_level + 1):
                    for side in menu.sides:
                        side.level.select(level)
                    menu._settings_changed()  # the menu lays itself out again, as after a click
                    strengths = [side.level for side in menu.sides]
                    cut_texts.clear()
                    for strength in strengths:
                        strength.draw(app.screen, menu._sizes.body)
                    where = f"{game_id} level {level}, {text_size} text"
                    assert not cut_texts, f"{where}: cut {cut_texts}"
                    for strength in strengths:
                        assert app.screen.get_rect().contains(strength.rect), where
                    below = max(strength.rect.bottom for strength in strengths)
                    assert below <= menu.buttons[0].rect.top, where  # the row does not run into the buttons
    finally:
        i18n.set_language("english")
        app.set_text_size("normal")
        app.shutdown()
