"""Minimax, alpha-beta, negamax and PVS must agree on values; the pruning ones must visit fewer nodes."""
from __future__ import annotations

import pytest

from ai.context import SearchContext
from ai.engine import Engine
from ai.expectimax import expectiminimax
from ai.minimax import alphabeta, minimax
from ai.negamax import negamax
from ai.ordering import MoveOrdering
from ai.pvs import pvs
from ai.transposition import TranspositionTable
from ai.types import INFINITY, Algorithm, SearchLimits, SearchOptions
from games.tictactoe.evaluation import evaluate
from games.tictactoe.rules import TicTacToe
from tictactoe_oracle import exact_score, reachable_states
from toy_games import ExtraTurnNim, NimState, nim_evaluate, nim_solve

GAME = TicTacToe()
POSITIONS = [state for state in reachable_states() if not state.is_terminal()]


def run(algorithm: str, state, depth: int, evaluate_function=evaluate, table=None, ordering=None) -> tuple[int, int]:
    """(value for the mover, nodes) of one fixed-depth search, no iterative deepening."""
    ctx = SearchContext(evaluate_function, state.to_move(), root=state, table=table, ordering=ordering)
    ctx.begin_iteration(())
    if algorithm == "minimax":
        value = minimax(ctx, state, depth)
    elif algorithm == "alphabeta":
        value = alphabeta(ctx, state, depth, -INFINITY, INFINITY)
    elif algorithm == "negamax":
        value = negamax(ctx, state, depth, -INFINITY, INFINITY)
    elif algorithm == "pvs":
        value = pvs(ctx, state, depth, -INFINITY, INFINITY)
    else:
        value = expectiminimax(ctx, state, depth)
    assert ctx.pv[0], "every search must report a principal variation"
    return round(value), ctx.nodes


def test_all_four_algorithms_return_the_exact_value_on_all_4520_open_positions():
    assert len(POSITIONS) == 4520  # 5478 reachable, 958 of them finished
    totals = {name: 0 for name in ("minimax", "alphabeta", "negamax", "pvs")}
    for state in POSITIONS:
        expected = exact_score(state)
        for name in totals:
            value, nodes = run(name, state, 9)
            assert value == expected, (name, state.to_text(), value, expected)
            totals[name] += nodes
    assert totals["alphabeta"] < totals["minimax"]
    assert totals["pvs"] < totals["minimax"]
    assert totals["negamax"] < totals["minimax"]


def test_pruning_visits_fewer_nodes_than_minimax_from_the_empty_board():
    start = GAME.initial_state()
    _, minimax_nodes = run("minimax", start, 9)
    assert minimax_nodes == 549946  # the full game tree: every node once
    for name in ("alphabeta", "negamax", "pvs"):
        _, nodes = run(name, start, 9)
        assert nodes < minimax_nodes / 10, name


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_depth_limited_values_agree_with_heuristic_leaves(depth):
    for state in POSITIONS[::3]:
        values = {name: run(name, state, depth)[0] for name in ("minimax", "alphabeta", "negamax", "pvs", "expecti")}
        assert len(set(values.values())) == 1, (state.to_text(), depth, values)


def test_values_agree_with_tables_and_ordering_shared_across_all_positions():
    # One table and one set of killers/history reused over every position stresses the
    # bound types and the re-basing of "win in N" scores.
    for name in ("alphabeta", "negamax", "pvs", "expecti"):
        table = TranspositionTable()
        ordering = MoveOrdering()
        for state in POSITIONS:
            value, _ = run(name, state, 9, table=table, ordering=ordering)
            assert value == exact_score(state), (name, state.to_text())


@pytest.mark.parametrize("algorithm", list(Algorithm))
def test_iterative_deepening_finds_the_exact_value_and_stops_when_the_tree_is_exhausted(algorithm):
    engine = Engine(GAME, evaluate, SearchOptions(algorithm=algorithm))
    for state in POSITIONS[::50]:
        result = engine.search(state, SearchLimits())
        assert result.score.value == exact_score(state)
        if result.reason == "forced":
            # stops once a forced result lies within the searched depth
            assert result.infos[-1].depth >= abs(result.score.plies_to_end)
        else:
            assert result.reason == "exact" and result.infos[-1].exact
        depths = [info.depth for info in result.infos]
        assert depths == list(range(1, len(depths) + 1))


def test_win_in_n_is_reported_in_plies_from_the_root():
    # X to move can win at once on c3 (X on a1, b2): win in 1 ply.
    state = GAME.parse_position("O../.X./X.O")
    engine = Engine(GAME, evaluate)
    result = engine.search(state, SearchLimits())
    assert result.score.plies_to_end == 1
    assert result.move_text == "c3"
    assert result.score.text() == "win in 1"


@pytest.mark.parametrize("pile", range(1, 16))
def test_non_alternating_turns_are_scored_from_the_right_side(pile):
    # In extra-turn Nim taking two stones gives the same player another move; negamax
    # and PVS must not negate across such a move. Compare with brute force.
    game = ExtraTurnNim(pile)
    state = game.initial_state()
    expected = nim_solve(state)
    for name in ("minimax", "alphabeta", "negamax", "pvs", "expecti"):
        value, _ = run(name, state, 40, nim_evaluate)
        assert value == expected, (name, pile)
        value, _ = run(name, state, 40, nim_evaluate, TranspositionTable(), MoveOrdering())
        if name != "minimax":
            assert value == expected, (name, pile, "with tables")


def test_non_alternating_depth_limited_values_agree():
    for pile in range(4, 14):
        for mover in (0, 1):
            state = NimState(pile, mover)
            for depth in (1, 2, 3, 5):
                values = {run(name, state, depth, nim_evaluate)[0] for name in ("minimax", "alphabeta", "negamax", "pvs")}
                assert len(values) == 1, (pile, mover, depth, values)
