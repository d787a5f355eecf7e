"""The hint's explanation in the window: H asks for a hint; when it arrives the status line
says why in one sentence, the engine panel keeps the sentence with the expected line and
the next best move, and the sentence goes when a move is played. The chess hint's search
is limited by depth here (the window's own is timed); tic-tac-toe's is the window's own,
the perfect level's, which searches to the end of the game whatever the time."""
from __future__ import annotations

import pygame
import pytest

from ai.explanation import DRAW, WIN
from ai.types import SearchLimits
from games.base import GameText
from games.chess.rules import position_from_fen
from games.registry import get_game
from ui import i18n, theme
from ui.app import App
from ui.hint_texts import hint_sentences
from ui.player_settings import PlayerSettings
from ui.search_control import SearchControl
from ui.session import GameSession
from ui.widgets.status_line import draw_status_line, status_fits
from ui_driver import app, drawn_texts, frames_until, press  # noqa: F401 (app is a fixture)

PERSON = PlayerSettings("human", 5)


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("english")


def open_position(app, game_id: str, state):
    entry = get_game(game_id)
    session = GameSession.from_game_text(entry, (PERSON, PERSON), GameText(state, (), {}))
    return app.show_game(session)


def test_h_explains_a_mate_in_two_in_the_status_line_and_the_engine_panel(app, monkeypatch):
    monkeypatch.setattr(SearchControl, "hint_limits", lambda self: SearchLimits(depth=5))
    play = open_position(app, "chess", position_from_fen("6k1/5ppp/8/3b4/8/8/R4PPP/R5K1 w - - 0 1"))
    press(app, pygame.K_h)
    assert play.toast == "Searching for a hint\u2026"
    frames_until(app, lambda: play.session.hint_move is not None)
    assert play.session.hint_explanation.verdict == WIN
    assert play.toast == "Hint: Ra8+ \u2014 mates in 2"
    drawn = drawn_texts(monkeypatch)
    app.step()
    assert "Hint: Ra8+ \u2014 mates in 2" in drawn  # the status line
    assert any(text.startswith("Why Ra8+: mates in 2") for text in drawn)  # the engine panel
    assert any(text.startswith("Expected line: Ra8+ Bxa8 Rxa8#") for text in drawn)
    play.session.play_text("Ra8+")
    app.step()
    assert play.toast == ""  # the hint was about the position before


def test_the_hint_speaks_italian_too(app):
    app.set_language("italian")
    state = get_game("tictactoe").game.initial_state().play("a1")
    play = open_position(app, "tictactoe", state)
    press(app, pygame.K_h)
    frames_until(app, lambda: play.session.hint_move is not None)
    assert play.session.hint_explanation.verdict == DRAW
    assert play.toast == "Consiglio: b2 \u2014 l'unica mossa che tiene il pareggio"


@pytest.mark.parametrize("language", ["english", "italian"])
def test_at_800_by_600_the_status_line_shows_the_longest_form_of_the_sentence_that_fits_whole(monkeypatch, tmp_path,
                                                                                               language):
    monkeypatch.setenv("GAMETREELAB_HOME", str(tmp_path))
    small = App((800, 600))
    try:
        small.set_language(language)
        state = get_game("quarto").game.parse_position("36e./b.../.1.4/da.. 8")  # the perfect level solves it
        play = open_position(small, "quarto", state)
        press(small, pygame.K_h)
        frames_until(small, lambda: play.session.hint_move is not None)
        sentences = hint_sentences(play.session.hint_explanation, state)
        assert len(sentences) > 1 and play.toast == sentences[0]
        shown, _ = play.status_text()
        verdict = play.verdict()[0]
        fits = [status_fits(play.status_rect, verdict, sentence, play._sizes) for sentence in sentences]
        assert shown == sentences[fits.index(True)]  # the longest that fits
        drawn = drawn_texts(monkeypatch)
        small.step()
        runs = {" ".join(drawn[start:end]) for start in range(len(drawn)) for end in range(start + 1, start + 4)}
        assert shown in runs  # drawn whole, in one to three lines one after the other
    finally:
        small.shutdown()


def test_status_fits_says_whether_the_status_line_draws_a_text_whole(monkeypatch):
    pygame.display.init()
    pygame.font.init()
    theme.reset_fonts()  # (fonts made before an earlier app quit pygame are gone)
    sizes = theme.text_sizes((800, 600), 1.0)
    surface = pygame.Surface((420, 80))
    rect = pygame.Rect(0, 0, 420, 2 * theme.line_height(sizes.large) + 4)
    words = ("the only move that keeps the draw; every other piece gives the opponent a win " * 3).split()
    outcomes = set()
    for count in range(1, len(words) + 1):
        text = " ".join(words[:count])
        drawn = drawn_texts(monkeypatch)
        draw_status_line(surface, rect, ("draw, proven", None), ((0, 0, 0), (255, 255, 255)), (text, (255, 0, 0)),
                         sizes)
        whole = text in {" ".join(drawn[1:end]) for end in range(2, len(drawn) + 1)}  # drawn[0]: the label
        assert status_fits(rect, "draw, proven", text, sizes) == whole, text
        outcomes.add(whole)
        monkeypatch.undo()
    assert outcomes == {True, False}  # short texts fit, the long ones not


def test_the_hint_search_title_is_whole_in_the_engine_panel_at_extra_large_text_in_italian(tmp_path, monkeypatch):
    """"Consiglio per Bianco: Expectiminimax, livello più forte, 1 s" in the engine panel
    of an 800x600 window at extra large text: the title takes a third line rather than
    being cut ("livello pi…")."""
    from games.backgammon.rules import Backgammon, BackgammonState, Cube
    from games.base import FIRST

    monkeypatch.setenv("GAMETREELAB_HOME", str(tmp_path))
    small = App((800, 600))
    try:
        small.set_language("italian")
        small.set_text_size("extra large")
        entry = get_game("backgammon")
        start = Backgammon().start({"cube": True})
        state = BackgammonState(*start[:2], FIRST, (), Cube())  # White (the person) may double or roll
        session = GameSession.from_game_text(entry, (PERSON, PlayerSettings("ai", 1)), GameText(state, (), {}),
                                             rules={"cube": True})
        play = small.show_game(session)
        play.resize((800, 600))
        small.step()
        assert session.request_hint() is None
        small.step()
        drawn = drawn_texts(monkeypatch)
        theme.cut_texts = []
        try:
            small.draw()
            cut = list(theme.cut_texts)
        finally:
            theme.cut_texts = None
        assert not cut, cut
        assert any(text.startswith("Consiglio per Bianco") for text in drawn)
        assert any("forte" in text for text in drawn)  # the title's end is drawn too
    finally:
        small.shutdown()
