"""Opening names by position (games.chess.openings, books/openings.tsv)."""
from __future__ import annotations

import chess
import pytest

from conftest import ROOT
from games.chess.openings import OpeningNames, books_folder, named_opening_along, opening_name, shipped_names
from games.chess.game import Chess


def board_after(moves: str) -> chess.Board:
    board = chess.Board()
    for san in moves.split():
        board.push_san(san)
    return board


def states_after(moves: str) -> list:
    """The positions of a game, first to last, as ChessStates."""
    game = Chess()
    state = game.initial_state()
    states = [state]
    for san in moves.split():
        state = state.apply(state.parse_move(san))
        states.append(state)
    return states


def test_the_shipped_file_is_found_read_and_names_its_source_and_licence():
    assert books_folder() == ROOT / "books"
    names = shipped_names()
    assert names.problem == ""
    assert len(names) > 3000
    head = (ROOT / "books" / "openings.tsv").read_text(encoding="utf-8")[:600]
    assert "lichess-org/chess-openings" in head and "CC0" in head


def test_the_starting_position_has_no_name():
    assert opening_name(chess.Board()) is None
    assert opening_name(Chess().initial_state()) is None


def test_the_ruy_lopez_is_named_from_a_board_and_from_a_state():
    board = board_after("e4 e5 Nf3 Nc6 Bb5")
    assert opening_name(board) == ("C60", "Ruy Lopez")
    assert opening_name(states_after("e4 e5 Nf3 Nc6 Bb5")[-1]) == ("C60", "Ruy Lopez")


def test_the_move_counters_do_not_matter():
    board = board_after("e4 e5 Nf3 Nc6 Bb5")
    fen = board.fen().rsplit(" ", 2)[0]
    assert opening_name(chess.Board(fen + " 7 30")) == ("C60", "Ruy Lopez")


def test_a_transposition_finds_the_name():
    # 1.Nf3 Nc6 2.e4 e5 3.Bb5 reaches the Ruy Lopez by another move order.
    assert opening_name(board_after("Nf3 Nc6 e4 e5 Bb5")) == ("C60", "Ruy Lopez")
    # 1.c4 e5 2.Nc3 Nf6 3.Nf3 Nc6 is the English Four Knights whatever the order.
    direct = opening_name(board_after("c4 e5 Nc3 Nf6 Nf3 Nc6"))
    assert direct is not None and direct[0].startswith("A2")
    assert opening_name(board_after("Nf3 Nc6 c4 e5 Nc3 Nf6")) == direct


def test_the_deepest_name_stays_after_the_game_leaves_the_named_lines():
    states = states_after("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Na5 Bc2 c5 d4 Qc7 a4 Rb8")
    deepest = named_opening_along(states)
    assert deepest is not None and deepest[0].startswith("C9") and deepest[1].startswith("Ruy Lopez")
    assert opening_name(states[-1]) is None  # the last position itself is beyond the list
    assert named_opening_along(states[:6]) == ("C60", "Ruy Lopez")
    odd = states_after("e4 e5 Nf3 Nc6 Bb5 h5 Qe2 h4 Qe3 h3")
    assert named_opening_along(odd) == ("C60", "Ruy Lopez")
    assert named_opening_along(odd[:1]) is None and named_opening_along([]) is None


def test_positions_that_are_no_boards_have_no_name():
    assert opening_name("e4") is None and opening_name(None) is None
    assert named_opening_along([None, 3, chess.Board()]) is None


@pytest.mark.parametrize("content, problem_words", [
    (None, "no opening names file"),
    (b"\xff\xfe\x00garbage\x80", "not UTF-8"),
    (b"just some text\nwithout the header\n", "header"),
    (b"# comment\nepd\teco\tname\n", "names no position"),
])
def test_a_missing_or_damaged_file_gives_no_names_and_says_why(tmp_path, content, problem_words):
    path = tmp_path / "openings.tsv"
    if content is not None:
        path.write_bytes(content)
    names = OpeningNames(path)
    assert names.name(board_after("e4 e5 Nf3 Nc6 Bb5")) is None
    assert names.deepest_along([chess.Board(), board_after("e4")]) is None
    assert len(names) == 0 and problem_words in names.problem


def test_damaged_lines_are_skipped_and_reported(tmp_path):
    ruy = board_after("e4 e5 Nf3 Nc6 Bb5").epd()
    path = tmp_path / "openings.tsv"
    path.write_text(f"epd\teco\tname\n{ruy}\tC60\tRuy Lopez\nbroken line\n\t\t\n", encoding="utf-8")
    names = OpeningNames(path)
    assert names.name(board_after("Nf3 Nc6 e4 e5 Bb5")) == ("C60", "Ruy Lopez")
    assert "2 damaged lines" in names.problem


def test_a_folder_in_place_of_the_file_gives_no_names(tmp_path):
    names = OpeningNames(tmp_path)
    assert names.name(chess.Board()) is None and names.problem
