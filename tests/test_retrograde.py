"""Retrograde analysis as the lab shows it: the bear-off database of a few checkers solved
layer by layer (games/backgammon/bearoff_layers.py) agrees with the shipped database and
with its own recursion, its plays are the rules' plays, and the lab's stepping model
(ui/retrograde_steps.py) solves lazily, steps back and picks positions."""
from __future__ import annotations

import pytest

from games.backgammon import bearoff
from games.backgammon.bearoff_build import ROLL_WEIGHTS, single_steps
from games.backgammon.bearoff_layers import BearoffLayers, play_text, plays
from games.registry import get_game
from ui.retrograde_steps import RetrogradeSteps


def reference_plays(home, high, low):
    """Every position a full play of the roll reaches, by ``bearoff_build.single_steps``."""
    dice = [high] * 4 if high == low else [high, low]
    orders = [dice] if high == low else [dice, dice[::-1]]
    reached = set()
    for order in orders:
        frontier = {home}
        for die in order:
            frontier = {moved for position in frontier for moved in (single_steps(position, die) or [position])}
        reached |= frontier
    return reached


@pytest.fixture(scope="module")
def solved():
    analysis = BearoffLayers(4)
    layers = list(analysis.layers())
    return analysis, layers


def test_layers_come_in_pip_order_and_count_every_position(solved):
    analysis, layers = solved
    assert [layer.key for layer in layers] == list(analysis.keys) == list(range(25))
    assert sum(layer.count for layer in layers) == layers[-1].solved == 210
    assert all(layer.count == len(analysis.positions(layer.key)) for layer in layers)
    assert layers[0].mean == 0.0 and layers[1].mean == 1.0  # nothing left; one checker on the one-point


def test_values_agree_with_the_shipped_database_and_with_the_recursion(solved):
    analysis, _ = solved
    database = bearoff.database()
    for home in analysis.solver.positions:
        assert abs(analysis.value(home) - database.expected_rolls(home)) < 1e-4
        choices = analysis.best_choices(home)
        if not any(home):
            assert choices == []
            continue
        assert [choice.outcome for choice in choices] == [f"{high}-{low}" for (high, low), _ in ROLL_WEIGHTS]
        assert all(choice.layer < analysis.layer_of(home) for choice in choices)  # everything below: solved before
        recursion = analysis.step + sum(choice.probability * choice.value for choice in choices)
        assert abs(recursion - analysis.value(home)) < 1e-9


def test_plays_are_the_rules_plays_and_the_best_is_the_fewest_rolls(solved):
    analysis, _ = solved
    for home in analysis.solver.positions[1::7]:
        choices = analysis.best_choices(home)
        for ((high, low), _), choice in zip(ROLL_WEIGHTS, choices):
            reached = plays(home, high, low)
            assert set(reached) == reference_plays(home, high, low)
            assert choice.value == min(analysis.value(position) for position in reached)
            assert choice.choice == play_text(reached[choice.position])


def test_positions_are_written_and_shown_on_the_board(solved):
    analysis, _ = solved
    home = (1, 0, 1, 0, 1, 1)
    assert analysis.example() == home and analysis.position_text(home) == "6 5 3 1"
    assert analysis.position_text((0,) * 6) == "-"
    state = analysis.state(home)
    assert analysis.position_of(state) == home and not state.is_terminal()
    assert analysis.position_of(get_game("backgammon").game.initial_state()) is None
    assert play_text(((1, 0), (6, 4))) == "6/4 1/off"


def test_the_steps_solve_lazily_step_back_and_pick_positions():
    steps = RetrogradeSteps(BearoffLayers(3))
    assert steps.shown == 0 and steps.solved == [] and not steps.is_solved(steps.position)
    assert steps.choices() == []
    steps.step_to(5)
    assert steps.step == 5 and len(steps.solved) == 5 and [layer.key for layer in steps.layers] == [0, 1, 2, 3, 4]
    steps.step_to(2)
    assert steps.step == 2 and len(steps.solved) == 5  # stepping back keeps what was solved
    steps.step_to(10**9)
    assert steps.complete and steps.step == steps.total == 19
    assert steps.is_solved(steps.position) and len(steps.choices()) == 21
    layer = steps.analysis.positions(7)
    steps.choose_layer(7)
    assert steps.position == layer[0]
    steps.choose_layer(7)
    assert steps.position == layer[1]  # a second click goes round the layer
    target = steps.choices()[0].position
    steps.choose(target)
    assert steps.position == target
