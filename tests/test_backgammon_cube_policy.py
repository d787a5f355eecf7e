"""The cube policy (Janowski's cubeful equity) on hand-checked numbers, and the engine,
the search and the protocol deciding cube actions by it."""
from __future__ import annotations

import pytest

from ai.engine import Engine
from ai.types import Algorithm, SearchLimits, SearchOptions
from games.backgammon import cube as cube_policy
from games.backgammon.cube import CENTRED, OPPONENT_OWNS, OWNED, Chances, cubeful_equity
from games.backgammon.rules import DOUBLE, DROP, ROLL, TAKE, Backgammon, Cube
from games.base import FIRST, SECOND
from games.registry import get_game

GAME = Backgammon()


def plain(p: float) -> Chances:
    return Chances(p, 0.0, 0.0, 0.0, 0.0)


@pytest.mark.parametrize("p", [0.0, 0.1, 0.3, 0.5, 0.7, 0.9, 1.0])
def test_a_dead_cube_is_the_cubeless_equity(p):
    for holder in (OWNED, CENTRED, OPPONENT_OWNS):
        assert cubeful_equity(plain(p), holder, efficiency=0.0) == pytest.approx(2 * p - 1, abs=1e-5)


def test_a_live_cube_without_gammons_follows_janowskis_lines():
    # take point 20%, cash point 80%: centred -1 at 20%, +1 at 80%, 0 at 50%
    assert cubeful_equity(plain(0.2), CENTRED, 1.0) == pytest.approx(-1.0)
    assert cubeful_equity(plain(0.8), CENTRED, 1.0) == pytest.approx(1.0)
    assert cubeful_equity(plain(0.5), CENTRED, 1.0) == pytest.approx(0.0)
    assert cubeful_equity(plain(0.0), OWNED, 1.0) == pytest.approx(-1.0, abs=1e-4)
    assert cubeful_equity(plain(0.4), OWNED, 1.0) == pytest.approx(0.0)
    assert cubeful_equity(plain(0.6), OPPONENT_OWNS, 1.0) == pytest.approx(0.0)
    # owning the cube is worth something, the opponent owning it costs
    assert cubeful_equity(plain(0.55), OWNED) > cubeful_equity(plain(0.55), CENTRED) > \
        cubeful_equity(plain(0.55), OPPONENT_OWNS)


def test_symmetry_between_the_two_sides():
    chances = Chances(0.63, 0.2, 0.02, 0.08, 0.01)
    for mine, theirs in ((OWNED, OPPONENT_OWNS), (CENTRED, CENTRED), (OPPONENT_OWNS, OWNED)):
        assert cubeful_equity(chances, mine) == pytest.approx(-cubeful_equity(chances.flipped(), theirs))
    assert chances.flipped().flipped() == chances


def decide(monkeypatch, chances_for_first: Chances, text: str):
    monkeypatch.setattr(cube_policy.neural, "outcome_probabilities_many",
                        lambda states: [tuple(chances_for_first)] * len(states))
    return GAME.parse_position(text)


@pytest.mark.parametrize("p, double, take", [(0.5, False, True), (0.66, False, True), (0.74, True, True),
                                             (0.85, True, False)])
def test_doubling_and_taking_windows_without_gammons(monkeypatch, p, double, take):
    state = decide(monkeypatch, plain(p), "4HPwATDgc/ABMA first - cube 1 centre")
    choice = cube_policy.decision(state)
    assert (choice.double, choice.take) == (double, take)
    assert cube_policy.policy_move(state).move == (DOUBLE if double else ROLL)
    assert cube_policy.policy_move(state.apply(DOUBLE)).move == (TAKE if take else DROP)


def test_too_good_to_double_plays_on_for_the_gammon(monkeypatch):
    state = decide(monkeypatch, Chances(0.9, 0.6, 0.05, 0.01, 0.0), "4HPwATDgc/ABMA first - cube 1 centre")
    assert cube_policy.decision(state).double is False and cube_policy.policy_move(state).move == ROLL
    assert "No double, drop" in cube_policy.decision(state).summary()


def test_jacoby_rule_makes_a_gammonish_position_a_double(monkeypatch):
    gammonish = Chances(0.85, 0.55, 0.05, 0.01, 0.0)
    state = decide(monkeypatch, gammonish, "4HPwATDgc/ABMA first - cube 1 centre jacoby")
    assert cube_policy.policy_move(state).move == DOUBLE  # gammons do not count until the cube is turned


def test_the_cube_owner_alone_is_asked_and_the_evaluation_scales_with_the_cube(monkeypatch):
    state = decide(monkeypatch, plain(0.6), "4HPwATDgc/ABMA second - cube 2 first")
    assert cube_policy.policy_move(state) is None  # Black may not double: the dice are just rolled
    evaluate = get_game("backgammon").evaluate
    one = GAME.parse_position("4HPwATDgc/ABMA first - cube 2 first")
    four = GAME.parse_position("4HPwATDgc/ABMA first - cube 8 first")
    assert evaluate(four, FIRST) == pytest.approx(4 * evaluate(one, FIRST), abs=4)
    assert evaluate(one, FIRST) == -evaluate(one, SECOND)


def test_the_engine_answers_a_cube_action_without_searching_and_says_why(monkeypatch):
    state = decide(monkeypatch, plain(0.75), "4HPwATDgc/ABMA first - cube 1 centre")
    engine = Engine.for_entry(get_game("backgammon"), SearchOptions(algorithm=Algorithm.EXPECTIMINIMAX))
    result = engine.search(state, SearchLimits(depth=2))
    assert result.move == DOUBLE and result.reason == "cube" and result.nodes == 0
    info = result.infos[0]
    assert info.source == "cube" and "double/take" in info.note
    assert info.score.value == pytest.approx(1000 * min(1.0, cube_policy.decision(state).double_take), abs=2)


def test_the_search_passes_through_cube_actions_without_using_depth(monkeypatch):
    state = decide(monkeypatch, plain(0.5), "4HPwATDgc/ABMA first 31 cube 1 centre")
    engine = Engine.for_entry(get_game("backgammon"), SearchOptions(algorithm=Algorithm.EXPECTIMINIMAX))
    result = engine.search(state, SearchLimits(depth=1))
    assert result.move in state.legal_moves() and result.move not in (ROLL, DOUBLE)
    assert state.apply(result.move).cube == Cube()
