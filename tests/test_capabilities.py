"""How a game declares its search capabilities (``games.capabilities``), and that the
search asks a game for nothing it does not declare. Whether each declared capability
keeps its promises is checked on every registered game by tests/test_game_contract.py."""
from __future__ import annotations

import pytest

from ai.context import SearchContext
from ai.engine import Engine
from ai.types import Algorithm, SearchLimits, SearchOptions
from games.capabilities import CAPABILITIES, Symmetries, TableKeys, TacticalMoves, capabilities_of
from games.registry import GAMES

TICTACTOE = GAMES["tictactoe"]
CAPABILITY_METHODS = ("noisy_moves", "in_check", "order_key", "is_quiet", "null_move", "table_key", "is_legal",
                      "table_move", "from_table_move", "repeats", "horizon_outcome", "winning_move",
                      "loses_at_once", "plies_left_at_most", "value_bound")


@pytest.mark.parametrize("game_id", list(GAMES))
def test_capabilities_are_read_from_the_game_a_state_or_its_class(game_id):
    game = GAMES[game_id].game
    offered = capabilities_of(game)
    state = game.initial_state()
    assert offered == capabilities_of(state) == capabilities_of(type(state))
    assert all(capability in CAPABILITIES for capability in offered)
    assert Symmetries not in offered or TableKeys in offered  # symmetric keys are keys too
    for capability in offered:
        assert all(callable(getattr(state, name)) for name in capability.__abstractmethods__)


def test_a_game_that_declares_nothing_is_searched_with_every_option_on():
    # Its states have no capability methods at all: the search could not ask one.
    state = TICTACTOE.game.initial_state().play("b2").play("a1")
    assert capabilities_of(state) == ()
    assert not any(hasattr(state, name) for name in CAPABILITY_METHODS)
    context = SearchContext(TICTACTOE.evaluate, state.to_move(), root=state, quiescence=True, check_extension=True,
                            null_move=True, reductions=True, chance_pruning=True)
    assert not (context.tactical or context.table_keys or context.symmetries or context.repetitions
                or context.horizon_outcomes or context.short_game)
    assert not (context.quiescence or context.check_extension or context.null_move or context.chance_pruning)
    for algorithm in list(Algorithm)[:4]:
        options = SearchOptions(algorithm=algorithm, evaluation_noise=30, multipv=2, shuffle_root_moves=True)
        result = Engine(TICTACTOE.game, TICTACTOE.evaluate, options, seed=1).search(state, SearchLimits(depth=4))
        assert result.move in state.legal_moves()


def test_a_method_with_a_capabilitys_name_declares_nothing():
    class Pretender(type(TICTACTOE.game.initial_state())):
        __slots__ = ()

        def in_check(self) -> bool:
            raise AssertionError("asked although not declared")

    state = Pretender(0, 0)
    assert TacticalMoves not in capabilities_of(state)
    assert not SearchContext(TICTACTOE.evaluate, state.to_move(), root=state).tactical
    Engine(TICTACTOE.game, TICTACTOE.evaluate).search(state, SearchLimits(depth=3))  # in_check never asked


def test_a_declared_capability_must_be_written_in_full():
    class HalfTactical(type(TICTACTOE.game.initial_state()), TacticalMoves):
        __slots__ = ()

        def noisy_moves(self):
            return ()

    state = HalfTactical(0, 0)  # built on tuple: Python lets it be made
    with pytest.raises(TypeError, match="in_check, is_quiet, order_key"):
        capabilities_of(state)
    with pytest.raises(TypeError, match="in_check"):
        Engine(TICTACTOE.game, TICTACTOE.evaluate).search(state, SearchLimits(depth=1))
