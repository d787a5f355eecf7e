"""The one-sided bear-off database against an independent brute force over the rules'
own move generator, against its own solver, and hand-checked two-sided chances."""
from __future__ import annotations

import functools
import random

import pytest

from games.backgammon import bearoff
from games.backgammon.bearoff_build import ROLL_WEIGHTS, Solver, all_positions, single_steps
from games.backgammon.rules import generate_turns

EMPTY = (0,) * 26


def _board(home: tuple[int, ...]) -> tuple[int, ...]:
    """A home board as a full board in own numbering (0 off, 1-24, 25 bar)."""
    return (15 - sum(home), *home, *([0] * 19))


@functools.lru_cache(maxsize=None)
def _brute_expected_rolls(board: tuple[int, ...]) -> float:
    """Mean rolls to bear off, each roll played to need the fewest, by the rules'
    turn generator (``generate_turns``, an empty opponent): independent of the solver."""
    if board[0] == 15:
        return 0.0
    total = 1.0
    for (high, low), probability in ROLL_WEIGHTS:
        total += probability * min(_brute_expected_rolls(own) for own, _ in generate_turns(board, EMPTY, (high, low)))
    return total


def test_expected_rolls_equal_a_brute_force_on_1000_random_positions():
    base = bearoff.database()
    rng = random.Random(11)
    small = all_positions(7)  # the brute force's closure stays small (1,716 positions)
    for home in rng.sample(small, 1000):
        assert base.expected_rolls(home) == pytest.approx(_brute_expected_rolls(_board(home)), rel=1e-6, abs=1e-6)
    # and a few more from other parts of the database
    for home in ((0, 0, 0, 0, 0, 3), (2, 2, 2, 0, 0, 0), (0, 0, 1, 1, 2, 4)):
        assert base.expected_rolls(home) == pytest.approx(_brute_expected_rolls(_board(home)), rel=1e-6)


def test_the_file_holds_what_the_solver_finds():
    solver = Solver(6).solve()
    base = bearoff.database()
    for at, home in enumerate(solver.positions):
        assert base.expected_rolls(home) == pytest.approx(solver.expected[at], rel=1e-6)
        first, values = solver.distributions[at]
        exact = [0.0] * bearoff.MAX_ROLLS
        exact[first:first + len(values)] = values
        assert base.rolls_distribution(home) == pytest.approx(exact, abs=1.0 / 65535)
        assert sum(base.rolls_distribution(home)) == pytest.approx(1.0, abs=2e-4)


def test_hand_checked_positions():
    base = bearoff.database()
    # One checker on the six-point: off in one roll unless the roll is 21, 31, 41, 32 or 11 (9 of 36).
    assert base.rolls_distribution((0, 0, 0, 0, 0, 1))[1] == pytest.approx(27 / 36, abs=1e-4)
    assert base.expected_rolls((0, 0, 0, 0, 0, 1)) == pytest.approx(1.25)
    assert base.expected_rolls((0,) * 6) == 0.0
    # Fifteen on the six-point: a first checker comes off at once with a 6, 51, 42, 33 or 22 (17 of 36).
    assert base.first_off_distribution((0, 0, 0, 0, 0, 15))[1] == pytest.approx(17 / 36, abs=1e-4)
    # Both sides with one checker on the six-point: the side on roll wins unless it
    # misses (1/4) and the other hits (3/4).
    win, win_gammon, _, lose_gammon, _ = bearoff.race_probabilities((0, 0, 0, 0, 0, 1), (0, 0, 0, 0, 0, 1))
    assert win == pytest.approx(1 - 0.25 * 0.75, abs=1e-4)
    assert win_gammon == lose_gammon == 0.0


def test_gammon_chances_in_a_bear_off():
    # The side on roll has one checker left on the ace-point: it finishes with any roll
    # before the other, with all fifteen on the board, rolls at all. A certain gammon.
    win, win_gammon, _, _, _ = bearoff.race_probabilities((1, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 15))
    assert win == pytest.approx(1.0, abs=1e-4) and win_gammon == pytest.approx(1.0, abs=1e-4)
    # One checker on the six-point: off at once 3 times in 4, else surely with the next
    # roll; the other side (fifteen on its six-point) saves the gammon only if it
    # bears one off with its one roll in between (17 of 36).
    win, win_gammon, _, lose_gammon, _ = bearoff.race_probabilities((0, 0, 0, 0, 0, 1), (0, 0, 0, 0, 0, 15))
    assert win == pytest.approx(1.0, abs=1e-4)
    assert win_gammon == pytest.approx(0.75 + 0.25 * 19 / 36, abs=1e-4)
    assert lose_gammon == 0.0  # a checker of ours is off


def test_single_steps_follow_the_bear_off_rule():
    # A 6 from a board whose highest checker is on the four-point bears that one off.
    assert single_steps((0, 0, 0, 1, 0, 0), 6) == [(0, 0, 0, 0, 0, 0)]
    # A 2 with checkers on the four-point moves one down; it may not bear off from the one-point.
    assert sorted(single_steps((1, 0, 0, 1, 0, 0), 2)) == [(1, 1, 0, 0, 0, 0)]
    assert bearoff.home_of(_board((1, 2, 3, 0, 0, 0))) == (1, 2, 3, 0, 0, 0)
    assert bearoff.home_of(tuple(1 if point == 7 else 0 for point in range(26))) is None


def test_damaged_files_are_refused(tmp_path):
    data = bearoff.DATA_FILE.read_bytes()
    for name, content, words in (("other.bin", b"hello", "not a bear-off"),
                                 ("short.bin", data[:len(data) // 2], "damaged"),
                                 ("none.bin", None, "cannot be read")):
        path = tmp_path / name
        if content is not None:
            path.write_bytes(content)
        with pytest.raises(bearoff.BearoffError, match=words):
            bearoff.BearoffDatabase.load(path)
