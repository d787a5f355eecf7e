"""Rollouts: the same dice for every candidate, truncation, stopping, and a backgammon
bear-off whose value the database knows."""
from __future__ import annotations

import threading

import pytest

from ai.rollout import Rollout
from ai.types import UTILITY_SCALE
from games.backgammon import bearoff, neural
from games.backgammon.rules import BackgammonState
from games.base import CHANCE, FIRST
from toy_games import DiceDuel, duel_evaluate


def _decision(state):
    while state.to_move() == CHANCE:
        state = state.apply(state.chance_outcomes()[0][0])
    return state


def test_equal_candidates_see_the_same_dice_and_get_the_same_values():
    state = _decision(DiceDuel(4).initial_state())
    move = state.legal_moves()[0]
    rollout = Rollout(state, [move, move], duel_evaluate, seed=3)
    rollout.run(30)
    first, second = rollout.candidates
    assert first.values == second.values and first.games == 30
    assert first.half_width < float("inf")


def test_values_are_results_from_the_choosers_view():
    state = _decision(DiceDuel(3).initial_state())
    rollout = Rollout(state, state.legal_moves(), duel_evaluate, seed=1)
    rollout.run(20)
    for candidate in rollout.candidates:
        assert all(value in (-UTILITY_SCALE, 0, UTILITY_SCALE) for value in candidate.values)
    assert rollout.ranking()[0].mean >= rollout.ranking()[-1].mean


def test_truncation_scores_the_evaluation_at_a_chance_node():
    state = _decision(DiceDuel(6).initial_state())
    seen = []

    def evaluate(position, player):
        seen.append(position.to_move())
        return 7

    rollout = Rollout(state, state.legal_moves()[:1], evaluate, truncate_after=1, seed=2)
    rollout.run(5)
    assert rollout.candidates[0].values == [7.0] * 5 and set(seen) == {CHANCE}
    settled = Rollout(state, state.legal_moves()[:1], evaluate, settled=lambda position: True, seed=2)
    settled.run(3)
    assert settled.candidates[0].values == [7.0] * 3


def test_a_set_stop_event_stops_between_games():
    state = _decision(DiceDuel(4).initial_state())
    stop = threading.Event()
    rollout = Rollout(state, state.legal_moves(), duel_evaluate, seed=1)
    rollout.run(100, stop_event=stop, progress=lambda done: stop.set() if done.games_done >= 3 else None)
    assert rollout.games_done == 3


def test_a_bear_off_rolled_out_agrees_with_the_database():
    # White (on roll, 51 to play) has two checkers on its six-point, Black three on its
    # six-point: every position reached is a bear-off, whose value the database knows.
    on_roll = (13, 0, 0, 0, 0, 0, 2) + (0,) * 19
    other = (12, 0, 0, 0, 0, 0, 3) + (0,) * 19
    state = BackgammonState(on_roll, other, FIRST, (5, 1))
    moves = state.legal_moves()
    rollout = Rollout(state, moves, neural.evaluate, evaluate_batch=neural.evaluate_batch, seed=4)
    results = rollout.run(400)
    best = results[0]
    assert bearoff.home_of(on_roll) is not None and bearoff.home_of(other) is not None
    exact = max(neural.evaluate(state.apply(move), FIRST) for move in moves)
    assert abs(best.mean - exact) < max(3 * best.half_width, 30)
