"""The doubling cube's rules: who may double, take and drop, the cube's value and owner,
points times the cube, the Jacoby rule, position text with the cube and gnubg's Match ID,
and the rule options (``Game.start``) of backgammon and Quarto (every game's are tested in
tests/test_game_contract.py)."""
from __future__ import annotations

import pytest

from games.backgammon.rules import (DOUBLE, DROP, OFF, ROLL, START, TAKE, Backgammon, BackgammonState, Cube)
from games.base import CHANCE, FIRST, SECOND, IllegalMove, InvalidPosition
from games.quarto.rules import Quarto

GAME = Backgammon()


def after_opening() -> BackgammonState:
    """White opened 31 with 8/5 6/5; Black's turn starts, cube centred."""
    state = GAME.start({"cube": True}).apply((3, 1, FIRST))
    return state.apply(state.parse_move("8/5 6/5"))


def test_the_cube_is_offered_at_the_start_of_a_turn_not_before_the_opening_roll():
    start = GAME.start({"cube": True})
    assert start.cube == Cube() and start.to_move() == CHANCE
    state = after_opening()
    assert state.to_move() == SECOND and state.legal_moves() == [ROLL, DOUBLE]
    rolled = state.apply(ROLL)
    assert rolled.to_move() == CHANCE and rolled.cube.stage != 0
    assert rolled.apply((6, 4)).to_move() == SECOND


def test_take_doubles_the_cube_and_gives_it_to_the_taker_who_alone_may_redouble():
    offered = after_opening().apply(DOUBLE)
    assert offered.to_move() == FIRST and offered.legal_moves() == [TAKE, DROP]
    taken = offered.apply(TAKE)
    assert taken.cube.value == 2 and taken.cube.owner == FIRST
    assert taken.to_move() == CHANCE  # the doubler rolls now
    played = taken.apply((6, 5))
    played = played.apply(played.legal_moves()[0])
    assert played.to_move() == FIRST and played.legal_moves() == [ROLL, DOUBLE]  # the owner's turn
    again = played.apply(ROLL).apply((2, 1))
    again = again.apply(again.legal_moves()[0])
    assert again.to_move() == CHANCE  # Black does not own the cube: no cube action


def test_drop_ends_the_game_for_the_cube_value_before_the_double():
    result = after_opening().apply(DOUBLE).apply(DROP).outcome()
    assert result.winner == SECOND and result.points == 1 and "dropped" in result.reason
    state = GAME.parse_position("4HPwATDgc/ABMA second - cube 4 second")
    result = state.apply(DOUBLE).apply(DROP).outcome()
    assert result.points == 4


def finished(cube: Cube, loser_off: int, loser_back: bool) -> BackgammonState:
    first = [0] * 26
    first[OFF] = 15
    second = [0] * 26
    second[OFF] = loser_off
    second[19 if loser_back else 6] = 15 - loser_off
    return BackgammonState(tuple(first), tuple(second), SECOND, (), cube)


@pytest.mark.parametrize("cube, loser_off, loser_back, points", [
    (None, 0, False, 2), (Cube(), 0, False, 2), (Cube(jacoby=True), 0, False, 1),
    (Cube(jacoby=True), 0, True, 1), (Cube(2, SECOND, jacoby=True), 0, True, 6),
    (Cube(4, FIRST), 3, False, 4), (Cube(8, SECOND), 0, False, 16)])
def test_points_are_the_result_times_the_cube_and_jacoby_counts_unturned_gammons_single(
        cube, loser_off, loser_back, points):
    assert finished(cube, loser_off, loser_back).outcome().points == points


def test_cube_actions_in_text_and_refusals():
    state = after_opening()
    assert state.parse_move("no double") == ROLL and state.parse_move("Double") == DOUBLE
    offered = state.apply(DOUBLE)
    assert offered.parse_move("pass") == DROP and offered.move_to_text(TAKE) == "take"
    with pytest.raises(IllegalMove, match="take or drop"):
        offered.parse_move("8/5 6/5")
    with pytest.raises(IllegalMove, match="roll or double"):
        state.parse_move("take")


@pytest.mark.parametrize("text", [
    "4HPwATDgc/ABMA opening - cube 1 centre", "4HPwATDgc/ABMA second - cube 1 centre jacoby",
    "4HPwATDgc/ABMA second - cube 2 second offered", "4HPwATDgc/ABMA first 31 cube 64 first",
    "4HPwATDgc/ABMA second - cube 2 second rolling"])
def test_position_text_with_the_cube_round_trips(text):
    assert GAME.parse_position(text).to_text() == text


@pytest.mark.parametrize("text, problem", [
    ("4HPwATDgc/ABMA first - cube 3 centre", "power of two"),
    ("4HPwATDgc/ABMA first - cube 2 centre", "centred exactly"),
    ("4HPwATDgc/ABMA first - cube 1 nobody", "centre, first or second"),
    ("4HPwATDgc/ABMA first 31 cube 2 first offered", "before the dice"),
    ("4HPwATDgc/ABMA first - cube 2 second offered", "owner"),
    ("4HPwATDgc/ABMA first - cube 2 first sideways", "rolling, offered"),
    ("4HPwATDgc/ABMA first - cube", "value and owner"),
    ("4HPwATDgc/ABMA opening - cube 2 first", "centred at 1")])
def test_bad_cube_text_is_refused_saying_why(text, problem):
    with pytest.raises(InvalidPosition, match=problem):
        GAME.parse_position(text)


def match_id(value: int) -> str:
    """A Match ID from its bits (66 bits in 9 bytes, base64 without padding: 12 characters)."""
    import base64
    return base64.b64encode(value.to_bytes(9, "little")).decode()


def test_match_id_gives_the_cube_the_side_on_roll_and_the_dice():
    centred = 0 | 3 << 4 | 1 << 8  # cube 2^0, centred, player 0 on roll, playing
    state = GAME.parse_position("4HPwATDgc/ABMA:" + match_id(centred))
    assert state.cube == Cube() and state.player == FIRST and state.dice == ()
    owned = 2 | 1 << 4 | 1 << 6 | 1 << 8 | 5 << 15 | 2 << 18  # cube 4 owned by player 1, on roll, dice 52
    state = GAME.parse_position("4HPwATDgc/ABMA:" + match_id(owned))
    assert state.cube == Cube(4, SECOND) and state.player == SECOND and state.dice == (5, 2)
    offered = 1 | 0 << 4 | 1 << 8 | 1 << 12  # cube 2 owned by player 0, on roll, doubling
    state = GAME.parse_position("4HPwATDgc/ABMA:" + match_id(offered))
    assert state.to_move() == SECOND and state.legal_moves() == [TAKE, DROP]
    with pytest.raises(InvalidPosition, match="owner"):
        GAME.parse_position("4HPwATDgc/ABMA:" + match_id(2 << 4))


def test_the_rule_options_start_with_the_cube_or_the_squares():
    assert GAME.start({"cube": True, "jacoby": True}).cube == Cube(jacoby=True)
    assert GAME.start({"cube": True}).to_text() == "4HPwATDgc/ABMA opening - cube 1 centre"
    assert GAME.start({"jacoby": True}) == GAME.start()  # the Jacoby rule needs the cube
    squares = Quarto().start({"squares": True})
    assert squares.to_text().endswith("squares")
    assert START == GAME.start({"cube": True})[0]


def test_match_ids_read_as_gnubg_shows_them():
    # Recorded from GNU Backgammon 1.07.001 (Debian's gnubg, `gnubg -t`): player 0
    # ("gnubg", O) on roll with 4-1 plays 24/23 13/9; player 1 ("root", X) doubles,
    # O takes, X rolls 6-5. `show board` printed these IDs at each step.
    game = Backgammon()
    start = game.parse_position("4HPwATDgc/ABMA:MAEGAAAAAAAA")
    assert (start.player, start.dice, start.cube) == (FIRST, (4, 1), Cube(1, None))
    after = start.play("24/23 13/9")
    assert after.to_text().startswith("4HPhASjgc/ABMA second -")  # gnubg: the same ID, X on roll
    x_on_roll = game.parse_position("4HPhASjgc/ABMA:cAkAAAAAAAAA")
    assert x_on_roll == after and x_on_roll.may_double()
    offered = game.parse_position("4HPhASjgc/ABMA:cBEAAAAAAAAA")  # "Cube offered at 2"
    assert offered == after.apply(DOUBLE) and offered.to_move() == FIRST
    taken = game.parse_position("4HPhASjgc/ABMA:QQkAAAAAAAAA")  # "O: gnubg (Cube: 2)"
    accepted = offered.apply(TAKE)
    assert taken.cube[:2] == accepted.cube[:2] == (2, FIRST) and taken[:4] == accepted[:4]
    assert taken.to_move() == accepted.to_move() == CHANCE  # X rolls: the cube is O's
    rolled = game.parse_position("4HPhASjgc/ABMA:QQkXAAAAAAAA")  # "Rolled 65"
    assert rolled.dice == (6, 5) and rolled.player == SECOND
