"""Star1/Star2 pruning and batch leaves in expectiminimax: the root's value and move are
those of the plain search, on a toy dice game searched to the end and on backgammon
positions (cubeless and with a cube), and the pruning does cut nodes."""
from __future__ import annotations

import random

import pytest
from toy_games import DiceDuel, DuelState, duel_evaluate, duel_value

from ai.context import SearchContext
from ai.engine import Engine
from ai.expectimax import expectiminimax
from ai.transposition import TranspositionTable
from ai.types import UTILITY_SCALE, Algorithm, SearchLimits, SearchOptions
from games.backgammon.cube import evaluate as cubeful_evaluate
from games.backgammon.cube import policy_move
from games.backgammon.evaluation import evaluate
from games.backgammon.rules import Backgammon, BackgammonState
from games.base import CHANCE, draw_chance_outcome
from games.capabilities import ChanceBounds


class BoundedDuelState(DuelState, ChanceBounds):
    """The dice duel with its utilities bounded by 1 (searched to the end: no evaluation)."""

    __slots__ = ()

    def __new__(cls, *fields) -> BoundedDuelState:
        return tuple.__new__(cls, fields)

    def apply(self, move: object) -> BoundedDuelState:
        return BoundedDuelState(*DuelState.apply(self, move))

    def value_bound(self, decisions: int) -> float:
        return 1.0


def _search(evaluate_function, state, depth: int, *, pruning: bool, candidates: int = 0, table: bool = True,
            policy=None):
    context = SearchContext(evaluate_function, state.to_move(), root=state,
                            table=TranspositionTable() if table else None, chance_game=True, chance_pruning=pruning,
                            candidate_moves=candidates, policy_move=policy)
    value = expectiminimax(context, state, depth)
    return value, context.pv[0][:1], context.nodes, context


@pytest.mark.parametrize("table", [True, False])
def test_pruned_values_equal_the_exact_oracle_on_the_dice_duel(table):
    game = DiceDuel(turns=5)
    start = game.initial_state()
    state = BoundedDuelState(*start.apply(2))  # the first roll: a decision node
    for line in ([], ["gamble", "win"], ["bank"]):
        node = state
        for move in line:
            node = node.apply(move)
        while node.to_move() == CHANCE:
            node = node.apply(node.chance_outcomes()[0][0])
        value, _move, _nodes, _context = _search(duel_evaluate, node, 20, pruning=True, table=table)
        assert value == pytest.approx(float(duel_value(node, node.to_move())) * UTILITY_SCALE, abs=1e-6)


def _backgammon_positions(count: int, seed: int, cube: bool = False) -> list[BackgammonState]:
    """Decision positions (dice rolled, a checker move to choose) from random games."""
    game = Backgammon()
    rules = {"cube": cube}
    generator = random.Random(seed)
    found = []
    while len(found) < count:
        state = game.start(rules)
        for _ in range(generator.randrange(6, 40)):
            if state.is_terminal():
                break
            if state.to_move() == CHANCE:
                state = state.apply(draw_chance_outcome(state, generator))
            else:
                policy = policy_move(state)
                state = state.apply(policy.move if policy is not None else generator.choice(state.legal_moves()))
        while not state.is_terminal() and (state.to_move() == CHANCE or policy_move(state) is not None):
            policy = policy_move(state)
            state = state.apply(policy.move if policy is not None else draw_chance_outcome(state, generator))
        if not state.is_terminal() and 2 <= len(state.legal_moves()) <= 30:
            found.append(state)
    return found


@pytest.mark.parametrize("depth, candidates", [(2, 0), (3, 2)])
def test_pruning_keeps_the_root_value_and_move_in_backgammon(depth, candidates):
    positions = _backgammon_positions(3, seed=depth)
    cut_somewhere = False
    for state in positions:
        plain, plain_move, plain_nodes, _ = _search(evaluate, state, depth, pruning=False, candidates=candidates)
        pruned, pruned_move, pruned_nodes, context = _search(evaluate, state, depth, pruning=True,
                                                              candidates=candidates)
        assert pruned == pytest.approx(plain, abs=1e-6)
        assert pruned_move == plain_move
        cut_somewhere |= pruned_nodes < plain_nodes
        # every root move: an exact value where it was not cut, an upper bound where it was
        best = max(value for _move, value, exact in context.root_values if exact)
        assert best == pytest.approx(plain, abs=1e-6)
        assert all(value <= best + 1e-6 for _move, value, _exact in context.root_values)
    assert cut_somewhere


def test_pruning_keeps_the_root_value_with_a_cube():
    for state in _backgammon_positions(2, seed=5, cube=True):
        plain, plain_move, _, _ = _search(cubeful_evaluate, state, 2, pruning=False, policy=policy_move)
        pruned, pruned_move, _, _ = _search(cubeful_evaluate, state, 2, pruning=True, policy=policy_move)
        assert pruned == pytest.approx(plain, abs=1e-6)
        assert pruned_move == plain_move


def test_backgammon_bounds_cover_gammons_and_the_cube():
    game = Backgammon()
    assert game.start({"cube": False}).value_bound(3) == 3.0
    cubed = game.start({"cube": True})
    assert cubed.value_bound(0) == 6.0  # a double offered at this turn's start
    assert cubed.value_bound(2) == 24.0


def test_engine_reports_each_root_moves_value_best_first():
    state = _backgammon_positions(1, seed=9)[0]
    engine = Engine(Backgammon(), evaluate, SearchOptions(algorithm=Algorithm.EXPECTIMINIMAX))
    result = engine.search(state, SearchLimits(depth=2))
    candidates = result.infos[-1].candidates
    assert len(candidates) == len(state.legal_moves())
    assert candidates[0][0] == result.move and candidates[0][2]
    assert candidates[0][1] == result.infos[-1].score
    assert all(exact for _move, _score, exact in candidates)  # exact root values: like gnubg's hint list
    scores = [score.value for _move, score, _exact in candidates]
    assert scores == sorted(scores, reverse=True)
    _value, _move, _nodes, plain = _search(evaluate, state, 2, pruning=False)
    assert {move: round(value) for move, value, _exact in plain.root_values} == \
        {move: score.value for move, score, _exact in candidates}


def test_an_iteration_that_cannot_finish_is_not_started():
    from ai.deadline import hopeless_iteration
    assert not hopeless_iteration([0.005], 0.9)  # one iteration: no growth known yet
    assert hopeless_iteration([0.005, 0.25], 0.7)  # backgammon: 2-ply would take ~12 s
    assert not hopeless_iteration([0.05, 0.2], 0.7)  # chess-like growth: 0.8 s expected, it may finish
    assert hopeless_iteration([0.05, 0.2], 0.1)
