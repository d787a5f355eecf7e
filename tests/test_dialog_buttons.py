"""A dialog's buttons show their whole labels: when they do not fit in one row they go
on in more rows (the Italian "Copia partita" and "Copia posizione" of the chess Game…
menu were cut to "Copia par…" and "Copia posi…")."""
from __future__ import annotations

import pytest

from games.registry import get_game
from ui import theme
from ui.i18n import set_language
from ui.player_settings import PlayerSettings
from ui.scenes.dialog import Dialog, button_rows
from ui.session import GameSession
from ui_driver import app  # noqa: F401 (app is a fixture)

PERSON = PlayerSettings("human", 3)


def test_button_rows_share_the_buttons_fullest_first():
    assert button_rows(5, 100, 600, 10) == [5]
    assert button_rows(6, 150, 600, 10) == [3, 3]
    assert button_rows(5, 150, 600, 10) == [3, 2]
    assert button_rows(3, 900, 600, 10) == [1, 1, 1]  # narrower than a button: one a row
    assert button_rows(0, 100, 600, 10) == []


@pytest.mark.parametrize("language", ["english", "italian"])
@pytest.mark.parametrize("text_size", ["normal", "large", "extra large"])
@pytest.mark.parametrize("window", [(640, 480), (800, 600), (1280, 800), (1920, 1080)])
def test_the_game_menus_buttons_show_their_whole_labels(app, language, text_size, window):
    app.set_language(language)
    try:
        app.set_text_size(text_size)
        play = app.show_game(GameSession(get_game("chess"), (PERSON, PERSON)))
        play.files.menu()
        dialog = app.top
        assert isinstance(dialog, Dialog) and len(dialog.buttons) >= 5
        dialog.resize(window)
        face = theme.font(dialog._text_size)
        for button in dialog.buttons:
            assert face.size(button.label)[0] <= button.rect.width - 8, (button.label, button.rect)
            assert dialog.box.contains(button.rect)
        for first, second in zip(dialog.buttons, dialog.buttons[1:]):
            assert not first.rect.colliderect(second.rect)
        assert all(button.rect.top > dialog.box.top + dialog._pad for button in dialog.buttons)
    finally:
        set_language("english")
