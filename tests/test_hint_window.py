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
from ui import i18n
from ui.player_settings import PlayerSettings
from ui.search_control import SearchControl
from ui.session import GameSession
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
    assert play.toast == "Consiglio: b2 \u2014 l'unica mossa che non perde: pareggia"
