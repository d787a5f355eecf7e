"""The backgammon evaluation: outcome probabilities consistent with the equity, zero-sum
and colour-blind, sensible in plain positions."""
from __future__ import annotations

import random

import pytest

from games.backgammon import evaluation
from games.backgammon.rules import START, Backgammon, BackgammonState
from games.base import CHANCE, FIRST, SECOND, draw_chance_outcome

GAME = Backgammon()


def _board(points: dict[int, int]) -> tuple[int, ...]:
    board = [0] * 26
    for point, count in points.items():
        board[point] = count
    board[0] = 15 - sum(points.values())
    return tuple(board)


def _positions(count: int, seed: int):
    generator = random.Random(seed)
    found = []
    while len(found) < count:
        state = GAME.initial_state()
        while state.outcome() is None and len(found) < count:
            if state.to_move() == CHANCE:
                state = state.apply(draw_chance_outcome(state, generator))
                continue
            state = state.apply(generator.choice(state.legal_moves()))
            if state.outcome() is None:
                found.append(state)
    return found


def test_outcome_probabilities_are_ordered_and_give_the_equity():
    for state in _positions(300, 3):
        win, win_gammon, win_backgammon, lose_gammon, lose_backgammon = evaluation.outcome_probabilities(state)
        assert 0.0 <= win <= 1.0
        assert 0.0 <= win_backgammon <= win_gammon <= win + 1e-12
        assert 0.0 <= lose_backgammon <= lose_gammon <= 1.0 - win + 1e-12
        equity = win - (1 - win) + win_gammon - lose_gammon + win_backgammon - lose_backgammon
        assert evaluation.equity_for_first(state) == pytest.approx(equity)
        assert evaluation.evaluate(state, FIRST) == round(1000 * equity)
        assert evaluation.evaluate(state, FIRST) == -evaluation.evaluate(state, SECOND)


def test_colour_blind_probabilities():
    for state in _positions(200, 5):
        mirror = BackgammonState(state.checkers(SECOND), state.checkers(FIRST), 1 - state.player, state.dice)
        win, wg, wb, lg, lb = evaluation.outcome_probabilities(state)
        assert evaluation.outcome_probabilities(mirror) == pytest.approx((1 - win, lg, lb, wg, wb), abs=1e-12)


def test_the_start_is_even_before_the_opening_roll_and_being_on_roll_helps():
    assert evaluation.evaluate(GAME.initial_state(), FIRST) == 0
    on_roll = BackgammonState(START, START, FIRST, ())
    assert 0 < evaluation.evaluate(on_roll, FIRST) < 150


def test_races_follow_the_pip_count():
    ahead = _board({6: 5, 5: 5, 4: 5})
    behind = _board({6: 5, 5: 5, 4: 2, 10: 3})
    level = BackgammonState(ahead, ahead, FIRST, ())
    assert evaluation.outcome_probabilities(level)[0] > 0.5  # the side on roll leads by half a roll
    leading = BackgammonState(ahead, behind, SECOND, ())
    assert evaluation.outcome_probabilities(leading)[0] > 0.6
    nearly_done = BackgammonState(_board({1: 1}), _board({6: 5, 5: 5, 4: 5}), FIRST, ())
    win, win_gammon, *_ = evaluation.outcome_probabilities(nearly_done)
    assert win > 0.99 and win_gammon > 0.8  # the other side has borne off nothing (truly 1.0)


def test_a_blot_in_reach_costs_equity():
    own_safe = _board({6: 5, 8: 3, 13: 5, 24: 2})
    own_blot = _board({6: 5, 8: 2, 7: 1, 13: 5, 24: 2})
    opponent = _board({6: 5, 8: 3, 13: 5, 24: 2})
    safe = BackgammonState(own_safe, opponent, SECOND, ())
    exposed = BackgammonState(own_blot, opponent, SECOND, ())
    assert evaluation.evaluate(exposed, FIRST) < evaluation.evaluate(safe, FIRST)


def test_a_race_won_with_every_roll_is_certain_and_so_is_its_gammon():
    leader = _board({1: 1, 2: 1})  # 13 off: any roll bears both off
    behind = _board({10: 15})  # nothing off, all out of the leader's home board: a gammon
    for leader_side in (FIRST, SECOND):
        boards = (leader, behind) if leader_side == FIRST else (behind, leader)
        state = BackgammonState(*boards, leader_side, ())
        assert evaluation.evaluate(state, leader_side) == 2000
    deep = _board({10: 14, 20: 1})  # a checker still in the leader's home board: a backgammon
    assert evaluation.evaluate(BackgammonState(leader, deep, FIRST, ()), FIRST) == 3000
    not_sure = _board({6: 2})  # only 3-3 to 6-6 bear both off; then the other side's last checker goes
    assert evaluation.evaluate(BackgammonState(not_sure, _board({1: 1}), FIRST, ()), FIRST) < 0
