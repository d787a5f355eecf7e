"""Quarto through the real app loop with synthetic clicks: the give-only first turn,
two-click turns (a square, then a gift) with the placement shown until the gift, taking a
placement back, refusals that say why, a win that ends the game and marks the line, and
a game against the computer."""
from __future__ import annotations

from ai.clock import TimeControl
from ai.types import Algorithm
from games.quarto.rules import SQUARE_NAMES
from games.registry import get_game
from test_themes import contrast
from ui.player_settings import PlayerSettings
from ui.scenes.dialog import Dialog
from ui.session import GameSession
from ui.views.quarto_view import DARK_PIECE, HOLE, LIGHT_PIECE, WELL, WOOD
from ui_driver import app, click, frames_until  # noqa: F401 (app is a fixture)

ENTRY = get_game("quarto")
PERSON = PlayerSettings("human", 5)
COMPUTER = PlayerSettings("ai", 3, Algorithm.PVS, TimeControl.per_move(0.2))


def click_square(app, play, name: str) -> None:
    click(app, play.view.square_rect(SQUARE_NAMES.index(name)).center)


def click_piece(app, play, piece: int) -> None:
    click(app, play.view.pool_rect(piece).center)


def test_a_whole_game_with_clicks(app):
    play = app.show_game(GameSession(ENTRY, (PERSON, PERSON)))
    session = play.session
    click_square(app, play, "a1")  # the first turn has nothing to place
    assert session.record.moves == []
    click_piece(app, play, 0)
    assert session.record.move_texts == [":0"]
    # A turn is two clicks; the first only shows the placement.
    click_square(app, play, "a1")
    assert len(session.record.moves) == 1 and play.view.pending_square(session.record.state) == 0
    click_square(app, play, "a1")  # clicking it again takes it back
    assert play.view.pending_square(session.record.state) is None
    click_piece(app, play, 1)  # a gift before a square is refused, saying why
    assert len(session.record.moves) == 1 and "First click a square" in play.toast
    click_square(app, play, "b2")
    click_square(app, play, "a1")  # another square moves the placement
    click_piece(app, play, 0)  # the piece already placed... is in hand: refused
    assert len(session.record.moves) == 1 and "placing" in play.toast
    click_piece(app, play, 1)
    assert session.record.move_texts == [":0", "a1:1"]
    click_square(app, play, "a1")  # a taken square
    assert "taken" in play.toast
    for square, gift in (("b1", 2), ("c1", 4), ("a2", 8)):
        click_square(app, play, square)
        click_piece(app, play, gift)
    # Row 1 holds 0, 1, 2; piece 8 (short, light, round, hollow) shares "round" with them:
    # d1 wins at once, with no gift.
    assert session.record.move_texts == [":0", "a1:1", "b1:2", "c1:4", "a2:8"]
    click_square(app, play, "d1")
    assert session.record.move_texts[-1] == "d1"
    result = session.record.result
    assert result is not None and result.winner == session.record.states[-2].to_move()
    assert session.record.state.winning_squares() == 0b1111


def test_the_computer_places_and_gives_in_one_move(app):
    play = app.show_game(GameSession(ENTRY, (PERSON, COMPUTER)))
    session = play.session
    click_piece(app, play, 5)
    frames_until(app, lambda: len(session.record.moves) == 2)
    reply = session.record.move_texts[1]
    assert ":" in reply and session.record.state.hand != 5 and session.record.state.occupied.bit_count() == 1


def test_the_first_turn_asks_only_for_the_gift(app):
    """On the first turn there is no piece in hand: the status line asks for the gift,
    not for a square for the piece in hand."""
    play = app.show_game(GameSession(ENTRY, (PERSON, PERSON)))
    app.step()
    text = play.status_text()[0]
    assert "nothing to place yet" in text and "piece in hand" not in text
    click_piece(app, play, 0)
    assert "click a square for the piece in hand" in play.status_text()[0]


def test_the_winning_placement_stays_in_sight_beside_the_result(app):
    """The result's dialog keeps clear of the board, so the winning placement and its
    line are seen at once (the dialog used to be drawn over the board in the same frame
    as the winning click, hiding the piece until it was closed)."""
    play = app.show_game(GameSession(ENTRY, (PERSON, PERSON)))
    for text in (":0", "a1:1", "b1:2", "c1:4", "a2:8"):
        assert play.session.play_text(text) is None
    app.step()
    winning = play.view.square_rect(SQUARE_NAMES.index("d1"))
    click(app, winning.center)
    assert play.session.record.result is not None
    dialog = app.top
    assert isinstance(dialog, Dialog) and dialog.title == "Second won"
    assert not dialog.box.colliderect(play.view.board_area())
    app.step()
    piece = app.screen.get_at(winning.center)[:3]  # a hollow light piece: its hole at the centre
    assert tuple(piece) == HOLE


def test_cream_and_blue_pieces_both_stand_out_from_the_squares():
    """The squares' hollows are dark enough for cream pieces and light enough for blue
    ones: at least 3:1 for both (WCAG's minimum for graphics), where cream on the tan
    board was 1.65:1."""
    assert contrast(LIGHT_PIECE, WELL) >= 3.0 and contrast(DARK_PIECE, WELL) >= 3.0
    assert contrast(LIGHT_PIECE, WOOD) < 2.0  # why the hollows are there
