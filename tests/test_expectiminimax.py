"""Expectiminimax on the dice duel of ``toy_games``: hand-checked values, an exact oracle,
and the refusal of algorithms that cannot handle chance nodes."""
from __future__ import annotations

import pytest

from ai.context import SearchContext, UnsupportedGame
from ai.engine import Engine
from ai.expectimax import expectiminimax
from ai.minimax import alphabeta
from ai.transposition import TranspositionTable
from ai.types import INFINITY, UTILITY_SCALE, Algorithm, SearchLimits, SearchOptions
from games.base import CHANCE, FIRST, SECOND
from toy_games import CHOOSE, DiceDuel, DuelState, duel_evaluate, duel_value


def value_of(state: DuelState, depth: int = 20, table: TranspositionTable | None = None) -> float:
    ctx = SearchContext(duel_evaluate, state.to_move(), table=table, chance_game=True)
    ctx.begin_iteration(())
    return expectiminimax(ctx, state, depth)


def test_last_turn_lead_banks_and_trailer_gambles():
    # One turn left, A rolled 1. Level 0-0: banking wins for sure (+1), gambling is a
    # coin flip between a win and a draw (+0.5). Behind 0-2: banking loses (-1),
    # gambling draws half the time (-0.5).
    assert value_of(DuelState(1, FIRST, CHOOSE, 1, 0, 0)) == pytest.approx(1.0 * UTILITY_SCALE)
    assert value_of(DuelState(1, FIRST, CHOOSE, 1, 0, 2)) == pytest.approx(-0.5 * UTILITY_SCALE)


def test_chance_layer_is_a_probability_weighted_sum_not_divided_again():
    # B to move (lead 0-2 for B, one turn left after this one) ... values of B's choices
    # are averages over A's next roll. Compare with the exact fraction oracle.
    state = DuelState(2, SECOND, CHOOSE, 2, 0, 0)
    expected = float(duel_value(state, SECOND)) * UTILITY_SCALE
    assert value_of(state) == pytest.approx(expected)
    # Hand check of one line: after B banks 2, A rolls 1/2/3 (prob 1/3 each) with one turn:
    # roll 1: bank -> 1-2 loss, gamble -> 2-2 draw or 0-2 loss: A's best -0.5 (B: +0.5)
    # roll 2: bank -> 2-2 draw 0, gamble -> 4-2 win or 0-2 loss: 0 either way (B: 0)
    # roll 3: bank -> 3-2 win, gamble -> 6-2 win or 0-2 loss: A banks, +1 (B: -1)
    # so banking is worth (0.5 + 0 - 1) / 3 = -1/6 for B.
    after_bank = DuelState(1, FIRST, "roll", 0, 0, 2)
    ctx = SearchContext(duel_evaluate, SECOND, chance_game=True)
    ctx.begin_iteration(())
    assert expectiminimax(ctx, after_bank, 5) == pytest.approx(-UTILITY_SCALE / 6)


def all_decision_states(game: DiceDuel) -> list[DuelState]:
    seen, stack, found = set(), [game.initial_state()], []
    while stack:
        state = stack.pop()
        if state in seen or state.is_terminal():
            continue
        seen.add(state)
        if state.to_move() != CHANCE:
            found.append(state)
        stack.extend(state.apply(move) for move in state.legal_moves())
    return found


def test_expectiminimax_matches_the_exact_oracle_on_every_decision_state():
    game = DiceDuel(turns=4)
    states = all_decision_states(game)
    assert len(states) > 100
    table = TranspositionTable()
    for state in states:
        expected = float(duel_value(state, state.to_move())) * UTILITY_SCALE
        assert value_of(state) == pytest.approx(expected), state
        assert value_of(state, table=table) == pytest.approx(expected), state


def test_depth_counts_decisions_not_chance_layers():
    # From a decision with 4 turns left, depth 1 sees A's choice and the chance layer
    # below it, and evaluates the position where the next decision would be made.
    state = DuelState(4, FIRST, CHOOSE, 2, 0, 0)
    ctx = SearchContext(duel_evaluate, FIRST, chance_game=True)
    ctx.begin_iteration(())
    value = expectiminimax(ctx, state, 1)
    # bank: +2 lead, evaluated as 200 at the next roll; gamble: the coin is a chance node
    # at the horizon, evaluated as it stands (lead 0). As in OpenSpiel, depth 0 evaluates
    # whatever node it reaches, decision or chance.
    assert value == pytest.approx(200)
    assert ctx.pv[0] == ["bank"]
    assert ctx.horizon_leaves > 0


def test_engine_plays_dice_game_with_iterative_deepening():
    game = DiceDuel(turns=3)
    engine = Engine(game, duel_evaluate, SearchOptions(algorithm=Algorithm.EXPECTIMINIMAX))
    state = DuelState(3, FIRST, CHOOSE, 1, 0, 0)
    result = engine.search(state, SearchLimits())
    assert result.reason == "exact"
    assert result.score.value == round(float(duel_value(state, FIRST)) * UTILITY_SCALE)
    assert not result.score.is_forced  # no "win in N" under dice
    assert result.infos[-1].pv[0] == result.move


@pytest.mark.parametrize("algorithm", [Algorithm.MINIMAX, Algorithm.ALPHABETA, Algorithm.NEGAMAX, Algorithm.PVS])
def test_deterministic_algorithms_refuse_games_with_chance(algorithm):
    with pytest.raises(UnsupportedGame, match="expectiminimax"):
        Engine(DiceDuel(), duel_evaluate, SearchOptions(algorithm=algorithm))


def test_alphabeta_meeting_a_chance_node_raises_a_clear_error():
    ctx = SearchContext(duel_evaluate, FIRST)
    ctx.begin_iteration(())
    with pytest.raises(UnsupportedGame, match="chance"):
        alphabeta(ctx, DuelState(2, FIRST, CHOOSE, 1, 0, 0), 3, -INFINITY, INFINITY)


def test_search_refuses_to_start_at_a_chance_node():
    engine = Engine(DiceDuel(), duel_evaluate, SearchOptions(algorithm=Algorithm.EXPECTIMINIMAX))
    with pytest.raises(ValueError, match="chance"):
        engine.search(DiceDuel().initial_state(), SearchLimits(depth=1))
