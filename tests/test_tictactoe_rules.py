"""Tic-tac-toe rules checked against published facts about the game tree."""
from __future__ import annotations

import itertools

import pytest

from games.base import FIRST, SECOND, IllegalMove, InvalidPosition
from games.tictactoe.rules import SQUARE_NAMES, TicTacToe, TicTacToeState
from tictactoe_oracle import reachable_states

GAME = TicTacToe()


def test_square_names_run_left_to_right_bottom_to_top():
    assert SQUARE_NAMES[0] == "a1" and SQUARE_NAMES[2] == "c1"
    assert SQUARE_NAMES[3] == "a2" and SQUARE_NAMES[8] == "c3"
    state = GAME.initial_state().play("a1").play("c3")
    assert state.to_text() == "..O/.../X.."


def test_x_moves_first_and_players_alternate():
    state = GAME.initial_state()
    assert state.to_move() == FIRST
    state = state.play("b2")
    assert state.to_move() == SECOND
    assert state.play("a1").to_move() == FIRST


def test_reachable_positions_number_5478_with_958_terminal():
    states = reachable_states()
    assert len(states) == 5478
    assert sum(state.is_terminal() for state in states) == 958


def test_game_tree_has_255168_games_with_known_results():
    # Known figures: 255,168 possible games; X wins 131,184, O wins 77,904, 46,080 draws.
    counts = {FIRST: 0, SECOND: 0, None: 0}

    def walk(state: TicTacToeState) -> None:
        outcome = state.outcome()
        if outcome is not None:
            counts[outcome.winner] += 1
            return
        for move in state.legal_moves():
            walk(state.apply(move))

    walk(GAME.initial_state())
    assert counts == {FIRST: 131184, SECOND: 77904, None: 46080}


def test_states_are_immutable_hashable_and_apply_returns_new_state():
    state = GAME.initial_state()
    child = state.apply(4)
    assert state == GAME.initial_state() and child != state
    assert hash(GAME.initial_state().apply(4)) == hash(child)
    with pytest.raises(AttributeError):
        state.x_bits = 5


def test_utility_is_zero_sum_and_outcome_names_the_winner():
    state = GAME.parse_position("XXX/OO./...")
    assert state.is_terminal()
    assert state.outcome().winner == FIRST
    assert state.utility(FIRST) == 1 and state.utility(SECOND) == -1
    draw = GAME.parse_position("XOX/XOO/OXX")
    assert draw.outcome().winner is None and draw.utility(FIRST) == 0
    assert draw.legal_moves() == []


def test_position_text_round_trips_for_every_reachable_state():
    for state in reachable_states():
        assert GAME.parse_position(state.to_text()) == state


def test_position_parser_accepts_exactly_the_reachable_boards():
    reachable = set(reachable_states())
    accepted = set()
    for cells in itertools.product("XO.", repeat=9):
        text = "/".join("".join(cells[row * 3:row * 3 + 3]) for row in range(3))
        try:
            accepted.add(GAME.parse_position(text))
        except InvalidPosition:
            pass
    assert accepted == reachable


@pytest.mark.parametrize("text", ["", "XXX/OO.", "XXXX/OO./...", "XQ./.../...", "XX./.../...", "OO./X../...",
                                  "XXX/OOO/...", "XXX/O../OO.", "XXX/.../OOO"])
def test_malformed_or_impossible_positions_are_rejected_with_a_message(text):
    with pytest.raises(InvalidPosition) as problem:
        GAME.parse_position(text)
    assert str(problem.value)


def test_lowercase_position_and_moves_are_accepted():
    assert GAME.parse_position("x../.o./...") == GAME.parse_position("X../.O./...")
    assert GAME.initial_state().parse_move(" B2 ") == 4


@pytest.mark.parametrize("text, message", [("d1", "not a square"), ("b2", "already taken"), ("", "not a square"),
                                           ("a11", "not a square")])
def test_illegal_moves_raise_with_a_reason(text, message):
    state = GAME.initial_state().play("b2")
    with pytest.raises(IllegalMove, match=message):
        state.parse_move(text)


def test_no_move_is_legal_after_the_game_ends():
    won = GAME.parse_position("XXX/OO./...")
    with pytest.raises(IllegalMove, match="over"):
        won.parse_move("c2")


def test_board_text_shows_labels():
    text = GAME.initial_state().play("a1").board_text()
    assert text.splitlines()[2] == "1 X . ."
    assert text.splitlines()[3].strip() == "a b c"
