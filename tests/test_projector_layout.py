"""At a projector: a larger text size never makes the board smaller (the layout rule of
``ui.scenes.play_layout``), the text does grow where the window has room for it, and the
move list keeps the move looked at in view."""
from __future__ import annotations

import random

import pytest

from games.registry import GAMES, get_game
from ui import theme
from ui.player_settings import PlayerSettings
from ui.scenes.play_layout import fitting_layout, layout_play
from ui.session import GameSession
from ui_driver import app  # noqa: F401 (a fixture)

WINDOWS = ((640, 480), (800, 600), (1024, 768), (1280, 800), (1920, 1080), (800, 1280))


def board_and_body(app, game_id: str, window: tuple[int, int], text_size: str, watch: bool = False):
    """The board's rectangle and the body text size of a play screen of ``game_id``."""
    app.set_text_size(text_size)
    players = (PlayerSettings("ai", 1),) * 2 if watch else (PlayerSettings("human", 1), PlayerSettings("ai", 1))
    session = GameSession(get_game(game_id), players)
    session.set_paused(True)
    play = app.show_game(session)
    play.resize(window)
    return play.view.rect.copy(), play._sizes.body


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_larger_text_size_never_makes_the_board_smaller(app, game_id):
    for window in WINDOWS:
        for watch in (False, True):
            normal, _ = board_and_body(app, game_id, window, "normal", watch)
            for text_size in ("large", "extra large"):
                board, _ = board_and_body(app, game_id, window, text_size, watch)
                assert board.width >= normal.width and board.height >= normal.height, (window, text_size, watch)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_chosen_text_size_is_used_where_the_window_has_room(app, game_id):
    for window in ((1280, 800), (1920, 1080)):
        for text_size, scale in (("large", 1.25), ("extra large", 1.5)):
            _, body = board_and_body(app, game_id, window, text_size)
            assert body == theme.text_sizes(window, scale).body, (window, text_size)


def test_around_a_kept_board_nothing_reaches_outside_the_window():
    """The layout made around the normal-text board at extra large text keeps every part
    inside the window, and the status line under the board."""
    import pygame
    pygame.font.init()
    theme.reset_fonts()
    for window in WINDOWS:
        for aspect in (1.0, 1.5):
            normal = layout_play(window, theme.text_sizes(window, 1.0), aspect, 3)
            layout, sizes = fitting_layout(window, aspect, 3, 2, 1.5)
            assert layout.board == normal.board
            screen = pygame.Rect(0, 0, *window)
            for part in (layout.bar, layout.status, layout.toolbar, layout.players, layout.engine, layout.moves,
                         *layout.button_rows):
                assert screen.contains(part), (window, aspect, part)
            assert layout.status.top >= layout.board.bottom


def test_the_move_list_brings_the_move_looked_at_into_view(app):
    """At 1920x1080 with large text the list shows a few lines of a long game: going back
    to an early move scrolls it into view, and back at the live position the list
    follows the game again."""
    app.set_text_size("large")
    session = GameSession(get_game("chess"), (PlayerSettings("human", 1),) * 2)
    play = app.show_game(session)
    play.resize((1920, 1080))
    chooser = random.Random(1)
    while len(session.record.moves) < 40 and session.record.result is None:
        assert session.play_human(chooser.choice(sorted(session.record.state.legal_moves(), key=str))) is None
    app.step()
    assert play.move_list.item_rect(0) is None  # the newest moves are in view, not the first
    session.view(1)
    app.step()
    assert play.move_list.item_rect(0) is not None
    session.view(None)
    app.step()
    assert play.move_list.item_rect(len(session.record.moves) - 1) is not None
