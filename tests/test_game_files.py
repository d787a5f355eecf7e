"""Games and positions as text in the app: save and open (PGN), copy and paste (FEN or
PGN), and bad text refused with the game on screen untouched."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from games.base import GameError
from games.registry import get_game
from ui.clipboard import copy_text, paste_text
from ui import game_files
from ui.game_files import (describe_game_file, game_text, games_folder, read_game_file, read_position_or_game,
                           save_game)
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


SCHOLAR = '[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n'


class CountingFile:
    """A file opened for reading that counts the bytes read from it."""

    def __init__(self, file, counts: list[int]) -> None:
        self.file, self.counts = file, counts

    def read(self, size: int = -1) -> bytes:
        data = self.file.read(size)
        self.counts.append(len(data))
        return data

    def __enter__(self):
        return self

    def __exit__(self, *problem) -> None:
        self.file.close()


def count_reads(monkeypatch) -> list[int]:
    """The sizes of the reads from files opened in binary through ``Path.open`` from now on."""
    counts: list[int] = []
    original = Path.open

    def counting_open(path, mode="r", *options, **keywords):
        file = original(path, mode, *options, **keywords)
        return CountingFile(file, counts) if mode == "rb" else file

    monkeypatch.setattr(Path, "open", counting_open)
    return counts


def test_a_database_of_thousands_of_games_is_read_no_further_than_its_first_game(tmp_path, monkeypatch):
    path = tmp_path / "database.pgn"
    path.write_text(SCHOLAR * 100_000 + "1. e4 e5 2. Ke3 *\n\x00 not even text\n", encoding="utf-8")  # 7 MB
    counts = count_reads(monkeypatch)
    game = read_game_file(CHESS, path)
    assert game.tags["White"] == "A" and len(game.moves) == 7 and game.result.reason == "checkmate"
    assert sum(counts) <= game_files.FIRST_PIECE < path.stat().st_size / 100
    assert describe_game_file(CHESS, path) == "A \u2013 B, 1-0, 4 moves"


def test_a_first_game_longer_than_the_first_piece_is_read_whole(tmp_path, monkeypatch):
    long_comment = "{" + "a long note\n" * (game_files.FIRST_PIECE // 6) + "}"
    path = tmp_path / "annotated.pgn"
    path.write_text(SCHOLAR.replace("4. Qxf7#", f"{long_comment} 4. Qxf7#") + SCHOLAR * 10_000, encoding="utf-8")
    counts = count_reads(monkeypatch)
    game = read_game_file(CHESS, path)
    assert len(game.moves) == 7 and game.result.reason == "checkmate"
    assert sum(counts) <= 4 * game_files.FIRST_PIECE < path.stat().st_size  # a second, bigger piece
    one = tmp_path / "one.pgn"  # a file of one game, without a line end at its end
    one.write_text(SCHOLAR.strip(), encoding="utf-8")
    assert len(read_game_file(CHESS, one).moves) == 7


def test_a_first_game_that_never_ends_is_refused_without_reading_the_whole_file(tmp_path, monkeypatch):
    monkeypatch.setattr(game_files, "MAXIMUM_TEXT", 50_000)
    path = tmp_path / "endless.pgn"
    path.write_text("1. e4 e5 {" + "no end in sight\n" * 50_000, encoding="utf-8")  # 800 KB, a comment never closed
    counts = count_reads(monkeypatch)
    with pytest.raises(GameError, match="the first game in endless.pgn is too long to be read"):
        read_game_file(CHESS, path)
    assert sum(counts) <= 4 * game_files.MAXIMUM_TEXT < path.stat().st_size
    for text, words in (("", "empty"), ("   \n\n", "empty"), ("% only a comment\n", "no game"), ("1. e4 e5 2. Ke3 *\n", "Ke3")):
        path.write_text(text, encoding="utf-8")
        with pytest.raises(GameError, match=words):
            read_game_file(CHESS, path)
