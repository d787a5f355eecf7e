"""Games and positions as text in the app: save and open (PGN), copy and paste (FEN or
PGN), and bad text refused with the game on screen untouched."""
from __future__ import annotations

import pygame

from games.base import GameError
from games.registry import get_game
from ui.clipboard import copy_text, paste_text
from ui.game_files import game_text, games_folder, read_game_file, read_position_or_game, save_game
from ui.player_settings import PlayerSettings
from ui.scenes.dialog import Dialog
from ui.scenes.file_dialog import FileDialog
from ui.scenes.text_dialog import TextDialog
from ui.session import GameSession
from ui_driver import app, click  # noqa: F401 (app is a fixture)

CHESS = get_game("chess")
TICTACTOE = get_game("tictactoe")
PEOPLE = (PlayerSettings("human", 8), PlayerSettings("human", 8))


def chess_session(moves=("e4", "e5", "Nf3", "Nc6", "Bb5")) -> GameSession:
    session = GameSession(CHESS, PEOPLE)
    for text in moves:
        assert session.play_text(text) is None
    return session


def ctrl(app, key, shift=False):
    modifiers = pygame.KMOD_CTRL | (pygame.KMOD_SHIFT if shift else 0)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=modifiers, unicode="", scancode=0))
    app.step()


def test_a_saved_game_opens_again_with_the_same_moves(app):
    session = chess_session()
    path = save_game(session)
    assert path.parent == games_folder() and path.suffix == ".pgn"
    text = path.read_text()
    assert '[White "Person' in text and "3. Bb5" in text
    game = read_game_file(CHESS, path)
    reopened = GameSession.from_game_text(CHESS, PEOPLE, game)
    assert reopened.record.display_texts == session.record.display_texts
    assert reopened.record.state == session.record.state


def test_ctrl_s_saves_and_ctrl_o_lists_and_opens(app):
    play = app.show_game(chess_session())
    ctrl(app, pygame.K_s)
    assert "Saved as" in play.toast and list(games_folder().glob("*.pgn"))
    ctrl(app, pygame.K_o)
    dialog = app.top
    assert isinstance(dialog, FileDialog) and dialog.rows
    dialog.choose()  # the newest (the one just saved) is selected
    app.step()
    # the game in progress is asked about first
    assert isinstance(app.top, Dialog)
    click(app, app.top.button("Replace").rect.center)
    assert app.top.session.record.display_texts == ["e4", "e5", "Nf3", "Nc6", "Bb5"]


def test_copy_and_paste_a_position_and_a_game(app):
    play = app.show_game(chess_session())
    ctrl(app, pygame.K_c, shift=True)
    fen, _ = paste_text()
    assert fen == play.session.record.state.to_text()
    ctrl(app, pygame.K_c)
    pgn, _ = paste_text()
    assert "1. e4 e5 2. Nf3 Nc6 3. Bb5" in pgn
    copy_text("8/8/8/4k3/8/8/3KR3/8 b - - 0 1")
    ctrl(app, pygame.K_v)
    assert isinstance(app.top, TextDialog)
    app.top.accept()
    app.step()
    click(app, app.top.button("Replace").rect.center)
    assert app.top.session.record.state.to_text().startswith("8/8/8/4k3/8/8/3KR3/8 b")


def test_bad_text_is_refused_and_the_game_stays():
    session = chess_session()
    before = list(session.record.move_texts)
    for text in ("", "not chess at all", "8/8/8/8/8/8/8/8 w - - 0 1", "1. e4 e5 2. Ke3", "[Event \"x\"]\n1. e4 e9"):
        try:
            read_position_or_game(CHESS, text)
        except GameError:
            continue
        raise AssertionError(f"{text!r} was accepted")
    assert session.record.move_texts == before


def test_tic_tac_toe_positions_paste_too_but_it_has_no_game_files():
    game = read_position_or_game(TICTACTOE, "X.O/.X./...")
    assert game.initial.to_text() == "X.O/.X./..." and game.moves == ()
    session = GameSession(TICTACTOE, (PlayerSettings("human", 5), PlayerSettings("human", 5)))
    try:
        game_text(session)
    except GameError as problem:
        assert "cannot be written" in str(problem)
    else:
        raise AssertionError("tic-tac-toe has no game text")


def test_the_menu_starts_from_a_typed_position(app):
    menu = app.show_menu()
    menu.game_selector.select("chess")
    menu._game_changed("chess")
    menu.start_from_position()
    dialog = app.top
    assert isinstance(dialog, TextDialog)
    dialog.text = "not a position"
    dialog.accept()
    assert app.top is dialog and "cannot be read" in dialog.error  # refused, the text kept
    dialog.text = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"
    dialog.accept()
    app.step()
    assert app.top.session.record.state.to_text().startswith("4k3/8/8/8/8/8/8/R3K3 w Q")
