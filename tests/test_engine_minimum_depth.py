"""The minimum depth: a time budget never stops a search before it has looked two plies
ahead; only the absolute limit (the game clock), an explicit stop and a node limit do."""
from __future__ import annotations

import threading

import pytest

from ai.engine import Engine
from ai.types import MINIMUM_DEPTH, Algorithm, SearchLimits, SearchOptions
from games.registry import get_game

ENTRY = get_game("tictactoe")
GAME = ENTRY.game
# O to move; X threatens b1-b2-b3. A one-ply search plays a3 and loses at once; two
# plies see the threat and block on b3.
THREATENED = GAME.parse_position(".../.X./OX.")


def allows_an_immediate_win(state, move) -> bool:
    """Whether the opponent can win at once after ``move``."""
    child = state.apply(move)
    if child.is_terminal():
        return False
    opponent = child.to_move()
    return any((after := child.apply(reply)).is_terminal() and after.outcome().winner == opponent
               for reply in child.legal_moves())


def test_the_position_is_one_where_depth_one_blunders():
    shallow = Engine(GAME, ENTRY.evaluate).search(THREATENED, SearchLimits(depth=1))
    assert allows_an_immediate_win(THREATENED, shallow.move)


@pytest.mark.parametrize("algorithm", [algorithm for algorithm in Algorithm])
def test_a_tiny_time_budget_still_completes_the_minimum_depth(algorithm):
    engine = Engine(GAME, ENTRY.evaluate, SearchOptions(algorithm=algorithm))
    result = engine.search(THREATENED, SearchLimits(hard_time=1e-9, soft_time=1e-9))
    assert [info.depth for info in result.infos][:MINIMUM_DEPTH] == [1, 2]
    assert not allows_an_immediate_win(THREATENED, result.move)
    assert result.reason in ("time", "exact", "forced")


def test_a_passed_budget_stops_the_search_right_after_the_minimum_depth():
    engine = Engine(GAME, ENTRY.evaluate, SearchOptions(algorithm=Algorithm.MINIMAX))
    result = engine.search(GAME.initial_state(), SearchLimits(hard_time=1e-9))
    assert [info.depth for info in result.infos] == [1, 2] and result.reason == "time"


def test_the_minimum_depth_is_the_depth_cap_when_that_is_smaller():
    engine = Engine(GAME, ENTRY.evaluate)
    result = engine.search(GAME.initial_state(), SearchLimits(depth=1, hard_time=1e-9, soft_time=1e-9))
    assert [info.depth for info in result.infos] == [1] and result.reason == "depth"


def test_the_minimum_depth_is_less_when_the_game_ends_sooner():
    state = GAME.parse_position("O.X/XXO/OOX")  # one square left: the game ends after one ply
    result = Engine(GAME, ENTRY.evaluate).search(state, SearchLimits(hard_time=1e-9, soft_time=1e-9))
    assert [info.depth for info in result.infos] == [1] and result.reason == "exact"


def test_a_passed_absolute_limit_stops_even_before_the_minimum_depth():
    engine = Engine(GAME, ENTRY.evaluate)
    result = engine.search(THREATENED, SearchLimits(hard_time=1e-9, soft_time=1e-9, absolute_time=1e-9))
    assert result.infos == () and result.reason == "time"
    assert result.move in THREATENED.legal_moves()


def test_an_absolute_limit_still_far_away_does_not_stop_the_minimum_depth():
    engine = Engine(GAME, ENTRY.evaluate, SearchOptions(algorithm=Algorithm.MINIMAX))
    result = engine.search(GAME.initial_state(), SearchLimits(hard_time=1e-9, absolute_time=3600.0))
    assert [info.depth for info in result.infos] == [1, 2] and result.reason == "time"


def test_a_stop_requested_before_the_search_stops_it_at_once():
    stop = threading.Event()
    stop.set()
    result = Engine(GAME, ENTRY.evaluate).search(THREATENED, SearchLimits(hard_time=1e-9), stop)
    assert result.infos == () and result.reason == "stopped"


def test_a_stop_during_the_first_iteration_is_not_overridden_by_the_minimum_depth():
    stop = threading.Event()

    def evaluate_then_stop(state, player):
        stop.set()
        return ENTRY.evaluate(state, player)

    engine = Engine(GAME, evaluate_then_stop, SearchOptions(algorithm=Algorithm.MINIMAX))
    result = engine.search(GAME.initial_state(), SearchLimits(hard_time=1e-9), stop)
    assert [info.depth for info in result.infos] == [1] and result.reason == "stopped"


def test_a_node_limit_still_stops_before_the_minimum_depth():
    engine = Engine(GAME, ENTRY.evaluate, SearchOptions(algorithm=Algorithm.MINIMAX))
    result = engine.search(GAME.initial_state(), SearchLimits(nodes=20, hard_time=1e-9))
    assert [info.depth for info in result.infos] == [1] and result.reason == "nodes"


def test_an_infinite_search_ignores_the_absolute_limit_too():
    engine = Engine(GAME, ENTRY.evaluate)
    result = engine.search(THREATENED, SearchLimits(depth=3, infinite=True, absolute_time=1e-9))
    assert [info.depth for info in result.infos] == [1, 2, 3]
