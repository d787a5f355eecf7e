"""The move list shows every move: a turn of several moves stays in one numbered row,
a row too wide for the list goes on in the lines below, and a move wider than the
whole list is split, for every game and width."""
from __future__ import annotations

import random

import pygame
import pytest

from games.base import CHANCE, FIRST, SECOND
from games.registry import GAMES, get_game
from ui import theme
from ui.player_settings import PlayerSettings
from ui.session import GameSession
from ui.scenes.play_texts import status_text
from ui.widgets.move_list import MoveList, move_label, move_rows, split_text, wrap_row

PERSON = PlayerSettings("human", 3)


@pytest.fixture(autouse=True)
def live_fonts():
    """Fonts made afresh: an app shut down by an earlier test in the same process quit
    pygame's font module, and the fonts cached then no longer work."""
    pygame.font.init()
    theme.reset_fonts()


def characters(text: str) -> int:
    """A text's width in a font where every character is 10 px wide."""
    return 10 * len(text)


def test_a_backgammon_turn_with_the_cube_is_one_row_not_roll_on_its_own():
    movers = [CHANCE, FIRST, SECOND, CHANCE, SECOND, FIRST, CHANCE, FIRST, SECOND, CHANCE, SECOND]
    texts = ["31-first", "8/5 6/5", "roll", "64", "24/14", "roll", "55", "13/3(2)", "roll", "21", "13/11 6/5"]
    rows = move_rows(movers, texts)
    assert [[text for _, text in items] for _, items in rows] == [
        ["(31-first)", "8/5 6/5", "roll", "(64)", "24/14"],
        ["roll", "(55)", "13/3(2)", "roll", "(21)", "13/11 6/5"],
    ]
    assert [number for number, _ in rows] == [1, 2]


def test_alternating_games_pair_their_moves_and_a_second_player_start_opens_a_row():
    rows = move_rows([FIRST, SECOND, FIRST, SECOND, FIRST], ["e4", "e5", "Nf3", "Nc6", "Bb5"])
    assert [[text for _, text in items] for _, items in rows] == [["e4", "e5"], ["Nf3", "Nc6"], ["Bb5"]]
    rows = move_rows([CHANCE, SECOND, CHANCE, FIRST], ["31-second", "8/5 6/5", "42", "8/4 6/4"])
    assert [[text for _, text in items] for _, items in rows] == [["(31-second)", "8/5 6/5"], ["(42)", "8/4 6/4"]]


@pytest.mark.parametrize("width", [1, 9, 10, 35, 60, 200])
def test_split_text_gives_the_text_back_in_pieces_that_fit(width):
    text = "bar/20* 20/15 8/3(2)"
    pieces = split_text(text, width, characters)
    assert "".join(pieces) == text
    assert all(characters(piece) <= max(width, 10) for piece in pieces)
    if width >= 80:  # room for "bar/20* ": cut after the spaces, not inside a step
        assert all(piece.endswith(" ") or piece == pieces[-1] for piece in pieces)


@pytest.mark.parametrize("width", [30, 75, 120, 400])
def test_wrap_row_keeps_every_move_within_the_width(width):
    items = [(0, "roll"), (1, "(62)"), (2, "bar/20* 20/15 8/3(2)"), (3, "double"), (4, "take")]
    lines = wrap_row(items, width, 5, characters)
    pieces: dict[int, str] = {}
    for line in lines:
        for x, index, text in line:
            assert x >= 0 and x + characters(text) <= width
            pieces[index] = pieces.get(index, "") + text
    assert pieces == dict(items)
    assert len(lines) >= (2 if width < 200 else 1)


def random_record(game_id: str, seed: int, plies: int) -> GameSession:
    """A session of ``game_id`` between two people whose record holds ``plies`` random moves
    (chance outcomes drawn as the dice fall), or the whole game if it ends sooner."""
    session = GameSession(get_game(game_id), (PERSON, PERSON))
    rng = random.Random(seed)
    record = session.record
    while record.length < plies and record.state.outcome() is None:
        state = record.state
        mover = state.to_move()
        if mover == CHANCE:
            outcomes = state.chance_outcomes()
            move = rng.choices([move for move, _ in outcomes], [weight for _, weight in outcomes])[0]
        else:
            move = rng.choice(list(state.legal_moves()))
        record.push(move, mover, (None, None))
    return session


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("text_size", [14, 22, 28])
@pytest.mark.parametrize("width", [150, 230, 330])
def test_every_move_is_shown_in_every_game(game_id, text_size, width):
    pygame.init()
    session = random_record(game_id, seed=7, plies=80)
    record = session.record
    move_list = MoveList()
    move_list.rect = pygame.Rect(10, 10, width, 20_000)  # tall enough for every line
    move_list.update(session, text_size)
    shown: dict[int, str] = {}
    for index, text in move_list.shown_items():
        shown[index] = shown.get(index, "") + text
    expected = {index: (text if mover != CHANCE else f"({text})")
                for index, (mover, text) in enumerate(zip(record.movers, record.display_texts))}
    assert shown == expected
    for index in range(record.length):
        rect = move_list.item_rect(index)
        assert rect is not None and move_list.rect.contains(rect)


def test_the_list_follows_the_newest_move_showing_a_whole_run_of_moves():
    pygame.init()
    session = random_record("backgammon", seed=3, plies=200)
    record = session.record
    move_list = MoveList()
    move_list.rect = pygame.Rect(0, 0, 180, 300)
    move_list.update(session, 16)
    indices = [index for index, _ in move_list.shown_items()]
    assert indices[-1] == record.length - 1
    assert sorted(set(indices)) == list(range(indices[0], record.length))


def test_the_status_line_names_the_shown_move_as_the_list_numbers_it():
    """Looking back, the status line says "after 2. Bc4" as the list shows it (it used to
    count plies: "after move 3 of 7"); Black's moves are written "2… Nc6"."""
    session = GameSession(get_game("chess"), (PERSON, PERSON))
    for san in ("e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"):
        assert session.play_text(san) is None
    session.view(3)
    assert status_text(session, "")[0].startswith("Viewing the position after 2. Bc4 \u2014")
    session.view(4)
    assert status_text(session, "")[0].startswith("Viewing the position after 2\u2026 Nc6 \u2014")
    session.view(0)
    assert status_text(session, "")[0].startswith("Viewing the start \u2014")


def test_a_game_set_up_at_a_later_move_is_numbered_from_it():
    """The game's own numbering (``State.first_move_number``): a chess position set up at
    Black's 23rd move starts the list at 23, and White's next move is 24."""
    entry = get_game("chess")
    session = GameSession(entry, (PERSON, PERSON))
    session._reset(entry.game.parse_position("4k3/8/8/8/8/8/4P3/4K3 b - - 0 23"))
    for text in ("Kd7", "e4"):
        assert session.play_text(text) is None
    record = session.record
    rows = move_rows(record.movers, record.display_texts, record.states[0].first_move_number())
    assert [number for number, _ in rows] == [23, 24]
    assert move_label(record.movers, record.display_texts, 0, 23) == "23\u2026 Kd7"
    assert move_label(record.movers, record.display_texts, 1, 23) == "24. e4"
    assert get_game("tictactoe").game.initial_state().first_move_number() == 1


def test_a_backgammon_move_is_named_by_its_turns_number():
    movers = [CHANCE, FIRST, SECOND, CHANCE, SECOND]
    texts = ["31-first", "8/5 6/5", "roll", "64", "24/14"]
    assert move_label(movers, texts, 1) == "1. 8/5 6/5"
    assert move_label(movers, texts, 4) == "1\u2026 24/14"
    with pytest.raises(IndexError):
        move_label(movers, texts, 5)
