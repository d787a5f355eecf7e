"""The learned backgammon evaluation: which part judges a position, consistent and
zero-sum probabilities, the batch equal to one by one, and the cube on top of it."""
from __future__ import annotations

import random

import pytest

from games.backgammon import bearoff, cube, neural
from games.backgammon.rules import START, Backgammon, BackgammonState
from games.base import CHANCE, FIRST, SECOND, draw_chance_outcome

GAME = Backgammon()


def _board(points: dict[int, int]) -> tuple[int, ...]:
    board = [0] * 26
    for point, count in points.items():
        board[point] = count
    board[0] = 15 - sum(points.values())
    return tuple(board)


def _positions(count: int, seed: int = 5) -> list[BackgammonState]:
    rng, found = random.Random(seed), []
    while len(found) < count:
        state = GAME.initial_state()
        while not state.is_terminal() and len(found) < count:
            if state.to_move() == CHANCE:
                found.append(state)
                state = state.apply(draw_chance_outcome(state, rng))
            else:
                state = state.apply(rng.choice(state.legal_moves()))
    return found


def test_each_kind_of_position_goes_to_its_part():
    home = _board({1: 3, 2: 2})
    assert neural.source(home, _board({6: 4})) == neural.BEAR_OFF
    assert neural.source(home, _board({6: 4, 9: 1})) == neural.RACE
    assert neural.source(START, START) == neural.CONTACT
    assert neural.source(_board({}), START) == neural.FINISHED


def test_a_bear_off_is_judged_by_the_database():
    on_roll, other = _board({6: 1}), _board({6: 1})
    expected = bearoff.race_probabilities((0, 0, 0, 0, 0, 1), (0, 0, 0, 0, 0, 1))
    assert neural.learned().on_roll_probabilities(on_roll, other) == pytest.approx(expected)


def test_probabilities_are_consistent_and_zero_sum():
    states = _positions(150)
    for state, chances in zip(states, neural.outcome_probabilities_many(states)):
        win, win_gammon, win_backgammon, lose_gammon, lose_backgammon = chances
        assert 0.0 <= win_backgammon <= win_gammon <= win <= 1.0
        assert 0.0 <= lose_backgammon <= lose_gammon <= 1.0 - win + 1e-12
        if state.checkers(SECOND)[0]:
            assert win_gammon == 0.0
        if state.checkers(FIRST)[0]:
            assert lose_gammon == 0.0
        assert neural.evaluate(state, FIRST) == -neural.evaluate(state, SECOND)


def test_the_batch_equals_one_by_one():
    state = GAME.parse_position("4HPwATDgc/ABMA first 31")
    children = [state.apply(move) for move in state.legal_moves()]
    single = [neural.evaluate(child, SECOND) for child in children]
    assert neural.evaluate_batch(children, SECOND) == pytest.approx(single, abs=1)
    mixed = _positions(40, seed=8)  # races, bear-offs and contact together
    assert neural.evaluate_batch(mixed, FIRST) == pytest.approx([neural.evaluate(s, FIRST) for s in mixed], abs=1)
    assert cube.evaluate_batch(mixed, FIRST) == pytest.approx([cube.evaluate(s, FIRST) for s in mixed], abs=1)


def test_before_the_opening_roll_both_sides_are_alike():
    chances = neural.outcome_probabilities(GAME.initial_state())
    assert chances[0] == pytest.approx(0.5)
    assert chances[1] == pytest.approx(chances[3]) and chances[2] == pytest.approx(chances[4])


def test_the_raw_outputs_are_made_consistent():
    raw = (0.3, 0.5, 0.6, 0.9, 0.95)
    win, win_gammon, win_backgammon, lose_gammon, lose_backgammon = neural.consistent(raw, START, START, race=False)
    assert (win, win_gammon, win_backgammon) == (0.3, 0.3, 0.3)
    assert lose_gammon == pytest.approx(0.7) and lose_backgammon == pytest.approx(0.7)
    # A race in which the loser has no checker back: no backgammon either way.
    race = neural.consistent(raw, _board({6: 5, 8: 5}), _board({5: 5, 9: 5}), race=True)
    assert race[2] == 0.0 and race[4] == 0.0


def test_the_hand_made_evaluation_stays_available_for_the_cube():
    state = GAME.parse_position("4HPwATDgc/ABMA first - cube 1 centre")
    learned = cube.decision(state)
    hand_made = cube.decision(state, cube.HAND_MADE)
    assert learned.double is False and hand_made.double is False  # the start is no double
    assert cube.evaluate(state, FIRST, cube.HAND_MADE) == -cube.evaluate(state, SECOND, cube.HAND_MADE)


def test_the_registry_names_what_judges_a_position():
    from games.registry import get_game
    source = get_game("backgammon").evaluation_source
    assert source(GAME.parse_position("4HPwATDgc/ABMA first 31")) == (neural.CONTACT, False)
    bear_off = BackgammonState(_board({6: 2}), _board({5: 1}), FIRST, ())
    assert source(bear_off) == (neural.BEAR_OFF, True)
    assert get_game("chess").evaluation_source is None


def _shifted_networks(path, folder):
    """A copy of the weights file ``path`` in ``folder`` whose contact network's outputs are all raised."""
    from games.backgammon.network import read_networks, save_networks
    _, arrays = read_networks(path)
    arrays["contact"]["b2"] = [value + 0.5 for value in arrays["contact"]["b2"]]
    other = folder / "other.bin"
    save_networks(other, arrays, {})
    return other


def _contact_position() -> BackgammonState:
    state = _positions(40)[-1]
    assert neural.source(state.checkers(state.player), state.checkers(1 - state.player)) == neural.CONTACT
    return state


def test_other_networks_can_be_used_and_the_shipped_ones_restored(tmp_path):
    from games.backgammon.network import WeightsError
    other = _shifted_networks(neural.NETWORKS_FILE, tmp_path)
    state = _contact_position()
    shipped = neural.outcome_probabilities(state)
    try:
        neural.use_networks(other)
        assert neural.outcome_probabilities(state) != shipped
        broken = tmp_path / "broken.bin"
        broken.write_bytes(b"not a weights file")
        with pytest.raises(WeightsError):
            neural.use_networks(broken)
        assert neural.outcome_probabilities(state) != shipped  # a bad file changed nothing
    finally:
        neural.use_networks(None)
    assert neural.outcome_probabilities(state) == shipped


def test_the_cube_decides_with_its_own_networks_and_the_plays_keep_theirs(tmp_path):
    from games.backgammon.cube_state import Cube
    other = _shifted_networks(neural.CUBE_NETWORKS_FILE, tmp_path)
    played = _contact_position()
    state = BackgammonState(played[0], played[1], played.player, (), Cube())
    decided, quick, evaluated = cube.decision(state, plies=1), cube.quick_decision(state), cube.evaluate(state, FIRST)
    plays = neural.outcome_probabilities(state)
    try:
        neural.use_cube_networks(other)
        assert cube.decision(state, plies=1).no_double != decided.no_double
        assert cube.quick_decision(state).double_take != quick.double_take
        assert cube.evaluate(state, FIRST) == evaluated and neural.outcome_probabilities(state) == plays
    finally:
        neural.use_cube_networks(None)
    assert cube.decision(state, plies=1) == decided and cube.quick_decision(state) == quick


def test_the_shipped_cube_networks_are_the_plays_contact_network_fitted_to_rollouts_of_doubles():
    from games.backgammon.network import read_networks
    cube_header, cube_arrays = read_networks(neural.CUBE_NETWORKS_FILE)
    _, arrays = read_networks(neural.NETWORKS_FILE)
    assert cube_arrays["race"] == arrays["race"]
    assert {name: len(values) for name, values in cube_arrays["contact"].items()} == \
        {name: len(values) for name, values in arrays["contact"].items()}
    assert cube_arrays["contact"]["w1"] != arrays["contact"]["w1"]
    labels = cube_header["about"]["supervised"]["labels"]
    assert "rollout of" in labels and "positions of equity" in labels
