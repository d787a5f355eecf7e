"""A whole chess game through the real app loop with synthetic mouse events: drag-and-drop
and click-click, en passant, an underpromotion through the picker, castling on both
sides; then resign, draw offers and claims, SAN in the move list, the opening name,
and a saved game that comes back."""
from __future__ import annotations

import json

import chess
import pygame
import pytest

from ai.clock import TimeControl
from ai.types import Algorithm
from games.registry import get_game
from ui import theme
from ui.player_settings import PlayerSettings
from ui.scenes.dialog import Dialog
from ui.session import GameSession
from ui.storage import autosave_file
from ui_driver import app, click, drawn_texts, frames_until, press  # noqa: F401 (app is a fixture)

ENTRY = get_game("chess")
PERSON = PlayerSettings("human", 8)
COMPUTER = PlayerSettings("ai", 6, Algorithm.PVS, TimeControl.per_move(0.3))


def square_centre(play, name: str) -> tuple[int, int]:
    return play.view.square_rect(chess.parse_square(name)).center


def drag(app, start: tuple[int, int], end: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    middle = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    for point in (middle, end):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.step()


def play_san(app, play, san: str, by_drag: bool) -> None:
    """Make the SAN move with the mouse: drag-and-drop or click-click."""
    session = play.session
    move = session.record.state.board.parse_san(san)
    start, end = square_centre(play, chess.square_name(move.from_square)), square_centre(
        play, chess.square_name(move.to_square))
    before = len(session.record.moves)
    if by_drag:
        drag(app, start, end)
    else:
        click(app, start)
        click(app, end)
    if move.promotion:
        assert len(session.record.moves) == before, "a promotion waits for the picker"
        choice = next(square for square, piece in play.view.promotion_squares() if piece == move.promotion)
        click(app, play.view.square_rect(choice).center)
    assert len(session.record.moves) == before + 1, f"{san} was not played"
    assert session.record.moves[-1] == move


def test_a_whole_game_with_the_mouse_special_moves_and_all(app, tmp_path):
    play = app.show_game(GameSession(ENTRY, (PERSON, PERSON)))
    game = "e4 d5 e5 f5 exf6 Nc6 fxg7 Bd7 gxh8=N e6 Nf3 Qe7 Be2 O-O-O O-O".split()
    for index, san in enumerate(game):
        play_san(app, play, san, by_drag=index % 2 == 0)
    session = play.session
    assert session.record.display_texts == game
    texts = session.record.move_texts
    assert texts[4] == "e5f6" and texts[8] == "g7h8n"  # en passant, underpromotion
    assert session.record.state.board.fen().startswith("2kr1bnN/pppbq2p/2n1p3/3p4/8/5N2/PPPPBPPP/RNBQ1RK1 b")
    play.wait_for_saves()  # autosaves are written on a thread of their own
    saved = json.loads((tmp_path / autosave_file(session.game.id)).read_text())
    assert saved["moves"] == session.record.move_texts
    restored = GameSession.from_dict(saved)
    assert restored.record.state == session.record.state and restored.record.display_texts == game


def test_an_illegal_drop_goes_back_and_says_why(app):
    play = app.show_game(GameSession(ENTRY, (PERSON, PERSON)))
    drag(app, square_centre(play, "g1"), square_centre(play, "g3"))
    assert play.session.record.moves == [] and "cannot move" in play.toast


def test_always_queen_promotes_at_once(app):
    session = GameSession(ENTRY, (PERSON, PERSON))
    session._reset(ENTRY.game.parse_position("8/4P3/8/8/8/2k5/8/K7 w - - 0 1"))
    play = app.show_game(session)
    play.toggle_view_option("always_queen")
    click(app, square_centre(play, "e7"))
    click(app, square_centre(play, "e8"))
    assert session.record.display_texts == ["e8=Q"]


@pytest.mark.parametrize("window", [(1152, 720), (1280, 800), (1920, 1080), (800, 600)])
def test_the_opening_is_named_whole_above_the_move_list(app, window):
    """The opening's name heads the move list, where it has the list's width, whatever the
    toolbar beside the title takes (at 1152x720 and in full screen the title had no room
    for it). A name too long for the list would be cut with an ellipsis; these fit."""
    app.set_text_size("large")
    play = app.show_game(GameSession(ENTRY, (PERSON, PERSON)))
    play.resize(window)
    for san in ("e4", "e5", "Nf3", "Nc6", "Bb5"):
        play_san(app, play, san, by_drag=False)
    app.step()
    heading = play.move_list.heading
    assert "Ruy Lopez" in heading
    width = theme.font(play._sizes.body, "bold").size(heading)[0]
    assert width <= play.move_list.heading_rect.width and play.move_list.rect.contains(play.move_list.heading_rect)
    assert all(rect.top + 1 >= play.move_list.heading_rect.bottom for rect, _, _ in play.move_list._items)


def test_resign_asks_then_ends_the_game_with_the_reason(app):
    play = app.show_game(GameSession(ENTRY, (PERSON, COMPUTER)))
    click(app, play.buttons["resign"].rect.center)
    assert isinstance(app.top, Dialog)
    click(app, app.top.button("Resign").rect.center)
    frames_until(app, lambda: isinstance(app.top, Dialog))
    assert play.session.record.result.winner == 1 and play.session.record.result.reason == "resignation"
    assert app.top.title == "You lost"


def test_the_computer_declines_a_draw_when_it_is_better_and_accepts_when_not():
    winning = GameSession(ENTRY, (PERSON, COMPUTER))
    winning._reset(ENTRY.game.parse_position("k7/8/8/8/8/8/1qq5/7K w - - 0 1"))  # Black (computer) is far ahead
    accepted, words = winning.endings.offer_draw()
    assert not accepted and "declines" in words and winning.record.result is None
    losing = GameSession(ENTRY, (PERSON, COMPUTER))
    losing._reset(ENTRY.game.parse_position("k7/8/8/8/8/8/1QQ5/7K w - - 0 1"))
    accepted, words = losing.endings.offer_draw()
    assert accepted and losing.record.result.winner is None and losing.record.result.reason == "agreement"


def test_a_threefold_repetition_can_be_claimed(app):
    play = app.show_game(GameSession(ENTRY, (PERSON, PERSON)))
    for san in ("Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"):
        play_san(app, play, san, by_drag=False)
    app.step()
    assert play.buttons["draw"].label == "Claim draw"
    click(app, play.buttons["draw"].rect.center)
    assert play.session.record.result.winner is None and "threefold repetition" in play.session.record.result.reason


@pytest.mark.parametrize("language", ["english", "italian"])
def test_the_toolbar_says_what_its_buttons_do_when_short(app, monkeypatch, language):
    """A narrow toolbar shortens its labels to words that still say what they do:
    "Auto-queen" and "F11" (the key), not "Queen" and "Full" ("Donna", "Schermo")."""
    from ui.i18n import set_language
    drawn = drawn_texts(monkeypatch)
    app.set_language(language)
    try:
        play = app.show_game(GameSession(ENTRY, (PERSON, PERSON)))
        for window in ((1152, 720), (800, 600), (1280, 800)):
            play.resize(window)
            drawn.clear()
            app.draw()
            queen, full = play.toolbar_buttons["option:always_queen"], play.toolbar_buttons["fullscreen"]
            assert queen.short_label == ("Auto-queen" if language == "english" else "Auto-donna")
            assert full.short_label == "F11"
            assert not {"Queen", "Full", "Donna", "Schermo"} & set(drawn), window
    finally:
        set_language("english")
