"""A weak level's deliberate errors stay out of the evaluation it reports for people:
``SearchResult.clean_score`` is a noise-free search of the move it played, to the same
depth, and ``SearchInfo.noisy`` says when the iterations' scores carry the errors."""
from __future__ import annotations

import threading

import pytest

from ai.engine import Engine
from ai.types import MINIMUM_DEPTH, Algorithm, SearchLimits, SearchOptions
from games.registry import get_game
from tictactoe_oracle import reachable_states
from toy_games import CHOOSE, DiceDuel, DuelState, duel_evaluate

ENTRY = get_game("tictactoe")
GAME = ENTRY.game
POSITIONS = [state for state in reachable_states() if not state.is_terminal()][::97]
ALGORITHMS = [Algorithm.MINIMAX, Algorithm.ALPHABETA, Algorithm.NEGAMAX, Algorithm.PVS, Algorithm.EXPECTIMINIMAX]


@pytest.fixture(autouse=True)
def unhurried_clean_search(monkeypatch):
    """The noise-free search may take only 20 ms more than the noisy one; on a busy
    machine a pause of the process can cost that much and the estimate is given up.
    These tests are about its value (and about stops), so they give it ample time."""
    monkeypatch.setattr("ai.evaluation_noise.CLEAN_SEARCH_MARGIN", 30.0)


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_clean_score_is_the_noise_free_score_at_the_same_depth(algorithm):
    differs = 0
    for state in POSITIONS:
        for depth in (1, 3):
            noisy = Engine(GAME, ENTRY.evaluate, SearchOptions(algorithm=algorithm, evaluation_noise=200,
                                                               clean_estimate=True), seed=4)
            result = noisy.search(state, SearchLimits(depth=depth))
            reference = Engine(GAME, ENTRY.evaluate, SearchOptions(algorithm=algorithm))
            limits = SearchLimits(depth=max(result.info.depth, MINIMUM_DEPTH), moves=(result.move,))
            expected = reference.search(state, limits).score
            assert result.clean_score == expected, (state.to_text(), depth)
            assert all(info.noisy for info in result.infos)
            differs += result.score != result.clean_score
    assert differs > 0  # the noise did change some scores: the check above means something


def test_consecutive_searches_keep_noisy_table_entries_out_of_the_clean_score():
    # A noisy engine and a noise-free one search the same positions in the same order
    # (each keeping its tables between searches): the clean scores are the noise-free ones.
    noisy = Engine(GAME, ENTRY.evaluate, SearchOptions(evaluation_noise=300, clean_estimate=True), seed=9)
    clean = Engine(GAME, ENTRY.evaluate)
    state = GAME.initial_state()
    for _ in range(6):
        result = noisy.search(state, SearchLimits(depth=4))
        limits = SearchLimits(depth=max(result.info.depth, MINIMUM_DEPTH), moves=(result.move,))
        assert result.clean_score == clean.search(state, limits).score
        state = state.apply(result.move)


def test_without_noise_the_clean_score_is_the_score():
    for state in POSITIONS:
        result = Engine(GAME, ENTRY.evaluate).search(state, SearchLimits(depth=3))
        assert result.clean_score == result.score
        assert not any(info.noisy for info in result.infos)


def test_games_with_chance_get_a_clean_score_too():
    state = DuelState(3, 0, CHOOSE, 2, 0, 0)
    options = SearchOptions(algorithm=Algorithm.EXPECTIMINIMAX)
    result = Engine(DiceDuel(3), duel_evaluate, SearchOptions(algorithm=Algorithm.EXPECTIMINIMAX,
                                                             evaluation_noise=300, clean_estimate=True), seed=2).search(
        state, SearchLimits(depth=2))
    expected = Engine(DiceDuel(3), duel_evaluate, options).search(
        state, SearchLimits(depth=max(2, MINIMUM_DEPTH), moves=(result.move,))).score
    assert result.clean_score == expected


def test_a_stop_leaves_no_clean_score():
    stop = threading.Event()
    engine = Engine(GAME, ENTRY.evaluate, SearchOptions(evaluation_noise=100, clean_estimate=True), seed=1)
    result = engine.search(GAME.initial_state(), SearchLimits(depth=3), stop,
                           on_info=lambda info: stop.set() if info.depth == 3 else None)
    assert result.info.depth == 3 and result.clean_score is None


def test_no_completed_iteration_no_clean_score():
    stop = threading.Event()
    stop.set()
    engine = Engine(GAME, ENTRY.evaluate, SearchOptions(evaluation_noise=100), seed=1)
    result = engine.search(GAME.initial_state(), SearchLimits(depth=3), stop)
    assert result.infos == () and result.clean_score is None


def test_a_deliberate_mistake_shows_in_the_clean_score():
    # X to move must block O's two in a row on the a-file (a2): every other move loses.
    state = GAME.parse_position("O../.X./O.X")
    losing_seen = False
    for seed in range(40):
        engine = Engine(GAME, ENTRY.evaluate, SearchOptions(evaluation_noise=400, clean_estimate=True), seed=seed)
        result = engine.search(state, SearchLimits(depth=1))  # too shallow to see O's reply
        if result.move_text != "a2":
            losing_seen = True
            assert result.clean_score.plies_to_end is not None and result.clean_score.plies_to_end < 0
    assert losing_seen  # the noise made it blunder at least once, and the clean score said so


def test_without_clean_estimate_noise_gives_no_clean_score():
    engine = Engine(GAME, ENTRY.evaluate, SearchOptions(evaluation_noise=100), seed=1)
    assert engine.search(GAME.initial_state(), SearchLimits(depth=2)).clean_score is None
