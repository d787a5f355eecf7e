"""Every label fits: every screen of every game (``tests/screens.py``) is laid out and drawn
at 640x480, 800x600, 1280x800 and 1920x1080, in English and Italian, at every text size,
and no text may be cut (``theme.cut_texts``: an ellipsis, lines left out, text outside
its clipping area). A label may wrap, shrink a little or take its short form; side
panels may show fewer lines or scroll; the whole of it must be there."""
from __future__ import annotations

import random

import pygame
import pytest

from games.registry import GAMES, get_game
from screens import LANGUAGES, SCREENS, TEXT_SIZES, WINDOWS, _played, set_window, show_everywhere
from session_driver import run_until
from ui import theme
from ui.app import App
from ui.i18n import set_language, tr_known, tr_plural
from ui.player_settings import PlayerSettings
from ui.session import GameSession
from ui.widgets.status_line import draw_status_line, status_fits


@pytest.fixture
def screen_app(tmp_path, monkeypatch):
    """The app at 1280x800 with its data folder in ``tmp_path``, the computer's random
    choices seeded (the same games every run, so a failure shows again); English and
    normal text after."""
    import ui.search_control

    monkeypatch.setenv("GAMETREELAB_HOME", str(tmp_path))
    monkeypatch.setattr(ui.search_control, "fresh_seed", lambda: 21)
    application = App((1280, 800))
    yield application
    theme.cut_texts = None
    application.shutdown()
    set_language("english")


@pytest.mark.parametrize("name", list(SCREENS))
def test_no_text_is_cut_on_any_screen_at_any_size(screen_app, name):
    cut = []
    drawn = 0
    for language in LANGUAGES:
        screen_app.set_language(language)
        screen_app.set_text_size("normal")
        set_window(screen_app, (1280, 800))
        SCREENS[name](screen_app)
        for window, text_size, texts in show_everywhere(screen_app):
            drawn += 1
            cut += [f"{language} {window[0]}x{window[1]} {text_size}: {text!r}" for text in sorted(set(texts))]
    assert drawn == 2 * 4 * 3
    assert not cut, "\n".join(cut)


def test_a_cut_is_seen_whatever_cuts_it():
    """The detector itself: an ellipsis, a text outside the clipping area, a status line
    too long for its room are each recorded; a text that fits is not."""
    pygame.font.init()
    theme.reset_fonts()
    surface = pygame.Surface((400, 200))
    theme.cut_texts = []
    try:
        theme.draw_text(surface, "fits", (10, 10), 14, max_width=200)
        assert theme.cut_texts == []
        theme.draw_text(surface, "a text far too wide for forty pixels", (10, 10), 14, max_width=40)
        theme.draw_text(surface, "a text far too wide for forty pixels", (10, 10), 14, max_width=40)  # cached
        assert theme.cut_texts == ["a text far too wide for forty pixels"] * 2
        theme.cut_texts = []
        surface.set_clip(pygame.Rect(0, 0, 50, 50))
        theme.draw_text(surface, "clipped", (40, 10), 14)
        surface.set_clip(None)
        theme.draw_text(surface, "off the edge", (390, 10), 14)
        assert theme.cut_texts == ["clipped", "off the edge"]
        theme.cut_texts = []
        sizes = theme.text_sizes((1280, 800))
        draw_status_line(surface, pygame.Rect(0, 0, 400, 40), ("X 50%", None), ((255, 255, 255), (0, 0, 0)),
                         ("word " * 80, (255, 255, 255)), sizes)
        assert theme.cut_texts == ["word " * 80]
        theme.cut_texts = []
        with theme.cuts_by_design():
            theme.draw_text(surface, "a text far too wide for forty pixels", (10, 10), 14, max_width=40)
        assert theme.cut_texts == []
    finally:
        theme.cut_texts = None


def test_backgammon_asking_roll_or_double_fits_at_800x600_extra_large_in_italian(screen_app):
    """The status line at a cube action (the longest of backgammon's) shows whole."""
    screen_app.set_language("italian")
    screen_app.set_text_size("extra large")
    set_window(screen_app, (800, 600))
    session = GameSession(get_game("backgammon"), (PlayerSettings("human", 1), PlayerSettings("ai", 1)),
                          rng=random.Random(5))
    play = screen_app.show_game(session)
    chooser = random.Random(2)
    while not (session.human_to_move() and session.record.state.awaits_cube_action()):
        assert session.record.result is None
        if session.human_to_move():
            moves = sorted((move for move in session.record.state.legal_moves() if move != "double"), key=str)
            session.play_human(chooser.choice(moves))
        else:
            count = len(session.record.moves)
            run_until(session, lambda: len(session.record.moves) > count or session.human_to_move())
    screen_app.step()
    theme.cut_texts = []
    screen_app.draw()
    status, _ = play.status_text()
    assert "Raddoppia" in status
    assert theme.cut_texts == []


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_person_s_instruction_fits_beside_the_longest_label_everywhere(screen_app, game_id):
    """The longest evaluation label the game can show ("… wins in 12 moves", or a win
    chance in a game of chance, where no win is forced) leaves the status line room for
    the instruction a person reads on their move, at the start and after a move each, in
    every language, window and text size: the label shrinks before the instruction is
    cut (found on Quarto at 800x600, large text, after the computer's search saw a
    forced win)."""
    checked = 0
    for language in LANGUAGES:
        for moves in (0, 2):
            screen_app.set_language(language)  # (the app goes back to its menu)
            play = _played(screen_app, game_id, (PlayerSettings("human", 1), PlayerSettings("ai", 1)), moves)
            session = play.session
            run_until(session, session.human_to_move)  # (a game of chance: after the computer's dice)
            screen_app.step()
            names = [tr_known(name) for name in session.game.player_names]
            if session.game.has_chance:
                labels = [f"{name} 99%" for name in names]
            else:
                labels = [tr_plural(12, "{winner} wins in {count} move", "{winner} wins in {count} moves",
                                    winner=name) for name in names]
            label = max(labels, key=len)
            for window in WINDOWS:
                for text_size in TEXT_SIZES:
                    screen_app.set_text_size(text_size)
                    set_window(screen_app, window)
                    screen_app.draw()  # laid out for this window
                    text, colour = play.status_text()
                    theme.cut_texts = []
                    draw_status_line(pygame.Surface(window), play.status_rect, (label, 1),
                                     ((0, 0, 0), (255, 255, 255)), (text, colour), play._sizes)
                    where = f"{language} {window} {text_size}: {label!r} beside {text!r}"
                    assert theme.cut_texts == [], where
                    assert status_fits(play.status_rect, label, text, play._sizes), where
                    checked += 1
    theme.cut_texts = None
    assert checked == len(LANGUAGES) * 2 * len(WINDOWS) * len(TEXT_SIZES)
