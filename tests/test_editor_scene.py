"""The board editor in the window, driven through its events on every registered game
(SDL's dummy driver): open it from the menu and from a game, choose palette pieces, put
them on the board and take them off, set the side to move, see an impossible position
refused with its reason (nothing changes), and start a game, a watched game or the lab
from an edited position; the editor drawn in Italian and at small windows."""
from __future__ import annotations

import json

import pygame
import pytest

from games.backgammon.position_text import NOT_THE_START
from games.base import CHANCE, FIRST, SECOND
from games.quarto.position_text import NO_HAND
from games.registry import GAMES, get_game
from games.sum15.rules import COUNTS_IMPOSSIBLE as SUM15_COUNTS
from games.tictactoe.rules import COUNTS_IMPOSSIBLE as TICTACTOE_COUNTS
from ui import i18n, theme
from ui.app import App
from ui.game_texts import refusal_text
from ui.languages import italian
from ui.player_settings import PlayerSettings, players_to_play, players_to_watch
from ui.scenes.dialog import Dialog
from ui.scenes.editor import TAKE_OFF, EditorScene
from ui.scenes.lab import LabScene
from ui.scenes.menu import MenuScene
from ui.scenes.play import PlayScene
from ui.session import GameSession
from ui_driver import app, click, cut_texts, drawn_texts, press  # noqa: F401  (app is a fixture)

PLAN = {
    # game: (a piece put on an empty place and taken off (after edits making room for it), edits
    #        that make an impossible position and its reason, edits that make a playable one, the
    #        side to move there)
    "tictactoe": (("b2", "X", []), [("put", "b2", "X"), ("put", "a1", "X")], TICTACTOE_COUNTS,
                  [("put", "b2", "X")], SECOND),
    "chess": (("e4", "N", []), [("take", "e1")], "White has no king",
              [("take", "e2"), ("take", "d7")], FIRST),
    "quarto": (("b3", "7", []), [("put", "a1", "5")], NO_HAND,
               [("put", "a1", "5"), ("put", "hand", "c")], FIRST),
    "backgammon": (("bar", "second", [("take", "19")]), [("take", "6")], NOT_THE_START,
                   [("side", "first"), ("take", "6"), ("put", "bar", "first")], FIRST),  # to roll or double
    "sum15": (("5", "second", []), [("put", "5", "first"), ("put", "2", "first")], SUM15_COUNTS,
              [("put", "5", "first"), ("put", "2", "second"), ("put", "8", "first")], SECOND),
}


def test_every_registered_game_has_a_plan():
    assert set(PLAN) == set(GAMES)


def open_editor(app, game: str) -> EditorScene:  # noqa: F811
    """The menu on ``game``, then its Set up button clicked."""
    menu = app.show_menu()
    menu.game_selector.select(game)
    menu._game_changed(game)
    app.step()
    click(app, menu.editor_button.rect.center)
    editor = app.top
    assert isinstance(editor, EditorScene) and editor.entry.id == game
    return editor


def choose(app, editor: EditorScene, piece: str) -> None:  # noqa: F811
    """Click the palette's ``piece``."""
    index = [item.code for item in editor.editor.pieces].index(piece)
    click(app, editor._layout.cells[index].center)
    assert editor.selected == piece


def place(app, editor: EditorScene, where: str, button: int = 1) -> None:  # noqa: F811
    """Click (``button`` 3: right-click) the board's place ``where``."""
    click(app, editor.view.setup_place_rect(where).center, button)


def set_side(app, editor: EditorScene, value: str) -> None:  # noqa: F811
    """Step the side-to-move selector with its arrow until it shows ``value``."""
    selector = next(control for setting, control in editor.controls if setting.name == "side")
    for _ in range(len(selector.options)):
        if selector.value == value:
            return
        click(app, selector.arrow_rects()[1].center)
    assert selector.value == value


def run(app, editor: EditorScene, steps) -> None:  # noqa: F811
    for step in steps:
        if step[0] == "put":
            choose(app, editor, step[2])
            place(app, editor, step[1])
        elif step[0] == "take":
            place(app, editor, step[1], button=3)
        else:
            set_side(app, editor, step[1])


@pytest.mark.parametrize("game", list(PLAN))
def test_pieces_are_put_and_taken_off_by_clicks(app, game):  # noqa: F811
    editor = open_editor(app, game)
    (where, piece, room), *_ = PLAN[game]
    run(app, editor, room)  # all 15 of a backgammon side's checkers are on the board at the start
    assert editor.editor.contents(editor.state, where) == ()
    choose(app, editor, piece)
    place(app, editor, where)
    assert editor.editor.contents(editor.state, where) == (piece,)
    place(app, editor, where, button=3)  # a right click takes it off
    assert editor.editor.contents(editor.state, where) == ()
    choose(app, editor, piece)
    place(app, editor, where)
    click(app, editor.take_off_button.rect.center)  # the take-off tool, then a left click
    assert editor.selected == TAKE_OFF
    place(app, editor, where)
    assert editor.editor.contents(editor.state, where) == ()
    press(app, pygame.K_u, "u")  # undo: the piece is back
    assert editor.editor.contents(editor.state, where) == (piece,)


@pytest.mark.parametrize("game", list(PLAN))
def test_an_impossible_position_is_refused_with_its_reason_and_nothing_changes(app, game, monkeypatch):  # noqa: F811
    editor = open_editor(app, game)
    _, steps, template, _, _ = PLAN[game]
    run(app, editor, steps)
    assert editor.problem is not None and editor.problem.template == template
    text, _ = editor.status()
    assert refusal_text(editor.problem) in text
    edited = editor.state
    drawn = drawn_texts(monkeypatch)
    for button in (editor.play_button, editor.watch_button, editor.lab_button):
        click(app, button.rect.center)
        assert app.top is editor and editor.state == edited  # refused: the editor stays, the position too
        assert editor.status()[0] == f"This position cannot be played: {refusal_text(editor.problem)}"
    assert any(line.startswith("This position cannot be played") for line in drawn)


@pytest.mark.parametrize("game", list(PLAN))
def test_a_game_starts_from_an_edited_legal_position(app, game):  # noqa: F811
    editor = open_editor(app, game)
    *_, steps, mover = PLAN[game]
    run(app, editor, steps)
    assert editor.problem is None, editor.problem
    assert editor.ready.to_move() == mover
    assert f"{editor.entry.game.player_name(mover)} to move" in editor.status()[0]
    edited = editor.state
    click(app, editor.play_button.rect.center)
    play = app.top
    assert isinstance(play, PlayScene) and play.session.record.initial.to_text() == edited.to_text()
    assert play.session.players == editor.players and any(not player.is_ai for player in editor.players)


@pytest.mark.parametrize("game", ["chess", "backgammon"])
def test_the_side_to_move_is_a_setting_where_it_does_not_follow_from_the_pieces(app, game):  # noqa: F811
    editor = open_editor(app, game)
    set_side(app, editor, "black" if game == "chess" else "second")
    assert editor.state.to_move() == SECOND or editor.state.player == SECOND
    if game == "chess":
        switch = next(control for setting, control in editor.controls if setting.name == "castle_K")
        click(app, switch.rect.center)  # castling kingside for White off
        assert not editor.state.board.castling_rights & 0x80 and not switch.toggled
        assert editor.problem is None
        place(app, editor, "h1", button=3)
        assert editor.problem is None  # the rook may go: White no longer castles on that side
        place(app, editor, "a1", button=3)
        assert editor.problem.template == "the castling rights do not fit the kings and rooks"


@pytest.mark.parametrize("game", ["tictactoe", "quarto", "sum15"])
def test_where_the_side_follows_from_the_pieces_the_status_says_who_moves(app, game):  # noqa: F811
    editor = open_editor(app, game)
    assert not any(setting.name == "side" for setting, _ in editor.controls)
    names = [i18n.tr_known(name) for name in editor.entry.game.player_names]
    assert f"{names[0]} to move" in editor.status()[0]
    run(app, editor, PLAN[game][3])
    mover = PLAN[game][4]
    assert f"{names[mover]} to move (it follows from the pieces)" in editor.status()[0]


def test_an_edit_the_editor_refuses_says_why_and_changes_nothing(app):  # noqa: F811
    editor = open_editor(app, "backgammon")
    before = editor.state
    choose(app, editor, "first")
    place(app, editor, "1")  # Black's 24-point
    assert editor.state == before and editor.status()[0].startswith("Point 1 holds Black's checkers")
    place(app, editor, "6")  # a sixteenth White checker
    assert editor.state == before and "All 15 of White's checkers" in editor.status()[0]


def test_watch_starts_the_computers_and_lab_opens_on_the_position_and_back_returns(app):  # noqa: F811
    editor = open_editor(app, "tictactoe")
    run(app, editor, [("put", "b2", "X"), ("put", "a1", "O")])
    click(app, editor.lab_button.rect.center)
    lab = app.top
    assert isinstance(lab, LabScene) and lab.state.to_text() == editor.state.to_text() == ".../.X./O.."
    press(app, pygame.K_ESCAPE)
    assert app.top is editor
    click(app, editor.watch_button.rect.center)
    play = app.top
    assert isinstance(play, PlayScene) and play.session.watch_mode and not play.session.paused
    assert play.session.record.initial.to_text() == ".../.X./O.."


def test_back_returns_to_the_menu_unchanged(app):  # noqa: F811
    editor = open_editor(app, "chess")
    place(app, editor, "e2", button=3)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene) and app.top.entry.id == "chess"


def test_the_play_screen_opens_the_editor_on_the_shown_position_and_asks_before_replacing(app):  # noqa: F811
    entry = get_game("tictactoe")
    people = (PlayerSettings("human"), PlayerSettings("human"))
    session = GameSession(entry, people)
    for move in ("b2", "a1", "c3"):
        assert session.play_text(move) is None
    play = app.show_game(session)
    app.step()
    press(app, pygame.K_LEFT)  # the position after two moves
    press(app, pygame.K_e, "e")
    editor = app.top
    assert isinstance(editor, EditorScene) and editor.state.to_text() == ".../.X./O.."
    click(app, editor.back_button.rect.center)
    assert app.top is play and session.record.move_texts == ["b2", "a1", "c3"]
    click(app, play.toolbar_buttons["files"].rect.center)  # the Game… menu
    click(app, app.top.button("Edit position").rect.center)
    editor = app.top
    choose(app, editor, "X")
    place(app, editor, "c1")
    click(app, editor.play_button.rect.center)
    dialog = app.top
    assert isinstance(dialog, Dialog) and dialog.title == "Replace the game?"
    click(app, dialog.button("Keep editing").rect.center)
    assert app.top is editor and session.record.move_texts == ["b2", "a1", "c3"]
    click(app, editor.play_button.rect.center)
    click(app, app.top.button("Replace").rect.center)
    assert isinstance(app.top, PlayScene) and app.top.session.record.initial.to_text() == ".../.X./O.X"


@pytest.mark.parametrize("size, text_size", [((640, 480), "normal"), ((800, 600), "normal"),
                                             ((800, 600), "extra large"), ((1280, 800), "extra large")])
@pytest.mark.parametrize("game", list(PLAN))
def test_the_editor_fits_small_windows_and_large_text_in_italian(game, size, text_size, tmp_path, monkeypatch):
    monkeypatch.setenv("GAMETREELAB_HOME", str(tmp_path))
    (tmp_path / "settings.json").write_text(json.dumps({"language": "italian", "game": game, "text_size": text_size}))
    application = App(size)
    try:
        editor = open_editor(application, game)
        cut = cut_texts(monkeypatch)
        texts = drawn_texts(monkeypatch)
        run(application, editor, PLAN[game][1])
        application.step()
        assert not cut, cut
        layout = editor._layout
        assert layout is not None and min(cell.width for cell in layout.cells) >= 24
        panel_controls = [editor.take_off_button, *editor.edit_buttons, *(control for _, control in editor.controls)]
        assert all(layout.panel.contains(control.rect) for control in panel_controls)
        assert all(pygame.Rect((0, 0), size).contains(button.rect) for button in editor.actions)
        controls = [*panel_controls, *editor.actions]
        for first in range(len(controls)):
            for second in range(first + 1, len(controls)):
                assert not controls[first].rect.colliderect(controls[second].rect)
        assert not layout.board.colliderect(layout.panel) and pygame.Rect((0, 0), size).contains(layout.status)
        assert not any(layout.status.colliderect(button.rect) or layout.board.colliderect(button.rect)
                       for button in editor.actions)
        table = {**italian.TEXTS, **italian.GAME_TEXTS}
        english = sorted({text for text in texts if text in table and table[text] != text})
        assert not english, english
        assert any("Prepara una posizione" in text for text in texts)
        assert any(text.startswith("Non ancora giocabile") for text in texts)
    finally:
        i18n.set_language("english")
        application.shutdown()


@pytest.mark.parametrize("language", ["english", "italian"])
def test_a_larger_text_size_never_makes_the_editors_board_smaller(app, language):  # noqa: F811
    """The layout rule of the play screen holds in the editor too: a larger text size
    keeps the board laid out at normal text (it used to shrink it: chess at 800x600 from
    425 to 389 pixels wide), and the text does grow where the window has room for it."""
    app.set_language(language)
    try:
        for game in PLAN:
            for window in ((640, 480), (800, 600), (1280, 800), (1920, 1080)):
                app.set_text_size("normal")
                editor = open_editor(app, game)
                editor.resize(window)
                normal, normal_body = editor._layout.board.copy(), editor._sizes.body
                for text_size in ("large", "extra large"):
                    app.set_text_size(text_size)
                    editor.resize(window)
                    board = editor._layout.board
                    assert board.width >= normal.width and board.height >= normal.height, (game, window, text_size)
                    if window[0] >= 1280 and text_size == "extra large":
                        assert editor._sizes.body > normal_body, (game, window)
    finally:
        i18n.set_language("english")


def test_a_position_whose_dice_are_to_be_rolled_is_ready_and_its_game_rolls_first(app):  # noqa: F811
    editor = open_editor(app, "backgammon")
    for name, value in (("side", "first"), ("cube_value", "2"), ("cube_owner", "second")):
        assert editor.set_setting(name, value)  # White on roll, the cube Black's: White cannot double
    assert editor.ready is not None and editor.ready.to_move() == CHANCE
    assert editor.status()[0].startswith("Ready: the dice are rolled first")
    click(app, editor.play_button.rect.center)
    assert isinstance(app.top, PlayScene) and app.top.session.record.initial.cube.owner == SECOND


def test_play_puts_a_person_on_the_side_to_move_only_when_nobody_plays_and_watch_puts_computers_on_both():
    entry = get_game("chess")
    person, computer = PlayerSettings("human"), PlayerSettings("ai", 3)
    assert players_to_play((person, computer), SECOND) == (person, computer)  # as chosen: a person plays
    first, second = players_to_play((computer, PlayerSettings("ai", 5)), SECOND)
    assert first == computer and not second.is_ai
    first, second = players_to_watch((person, computer), entry)
    assert first.is_ai and first.level == entry.max_level and second == computer


def test_a_switch_changes_a_right_the_rules_would_ignore_and_undo_restores_it(app):  # noqa: F811
    editor = open_editor(app, "chess")
    place(app, editor, "e1", button=3)  # no White king: its castling rights mean nothing to the rules
    switch = next(control for setting, control in editor.controls if setting.name == "castle_Q")
    click(app, switch.rect.center)
    assert not switch.toggled and not editor.state.board.castling_rights & 0x1  # a1's right gone
    press(app, pygame.K_u, "u")
    assert switch.toggled and editor.state.board.castling_rights & 0x1
