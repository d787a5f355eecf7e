"""The leaf screen (``SearchOptions.leaf_screen``): in iterations of three or more
decisions, a decision one ply above the horizon evaluates only the children a game's
cheap screen ranks best. Checked on backgammon positions with a scrambled evaluation (a
fixed pseudo-random score per position, cheap enough to search 2-ply in a test) against
a plain written-out 2-ply, and for every registered game's screen, its contract."""
from __future__ import annotations

import random

import pytest

from ai.context import SearchContext
from ai.engine import Engine
from ai.expectimax import expectiminimax
from ai.transposition import EXACT, LOWER, UPPER, TranspositionTable
from ai.types import INFINITY, Algorithm, SearchLimits, SearchOptions
from games.backgammon.rules import BackgammonState
from games.base import CHANCE, FIRST, SECOND, draw_chance_outcome
from games.registry import GAMES

from scrambled_backgammon import GAME, evaluate, positions as _positions


def true_screen(states, player):
    """A screen that ranks exactly as the evaluation does."""
    return [evaluate(state, player) for state in states]


def backwards_screen(states, player):
    """A screen that ranks the worst first."""
    return [-evaluate(state, player) for state in states]


def declining_screen(states, player):
    """A screen that judges no batch."""
    return None


def _plain_two_ply(state: BackgammonState, depth: int, root_player: int, screen, keep: int) -> float:
    """Every move searched (no filter), chance nodes averaged, and at a decision with one
    decision to go the best by the evaluation of the ``keep`` children the screen ranks
    best for the mover (all of them when there are no more than ``keep``)."""
    if state.to_move() == CHANCE:
        return sum(probability * _plain_two_ply(state.apply(outcome), depth, root_player, screen, keep)
                   for outcome, probability in state.chance_outcomes())
    maximizing = state.to_move() == root_player
    children = [state.apply(move) for move in state.legal_moves()]
    pick = max if maximizing else min
    if depth == 1:
        if len(children) > keep:
            estimates = screen(children, root_player)
            ranked = sorted(range(len(children)), key=estimates.__getitem__, reverse=maximizing)
            children = [children[at] for at in ranked[:keep]]
        return pick(evaluate(child, root_player) for child in children)
    return pick(_plain_two_ply(child, depth - 1, root_player, screen, keep) for child in children)


def _engine(screen, keep: int) -> Engine:
    return Engine(GAME, evaluate, SearchOptions(algorithm=Algorithm.EXPECTIMINIMAX, candidate_moves=2,
                                                inner_candidate_moves=1, leaf_screen=keep),
                  screen_batch=screen)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_screened_leaf_takes_the_best_of_the_screens_few(seed):
    """One decision below a chance node, searched with depth 1 as the leaf of a deeper
    search: its value is the plain rule's, and with a screen that ranks backwards it
    differs from the unscreened value."""
    (root,) = _positions(1, seed)
    chance = root.apply(root.legal_moves()[0])
    decision = chance.apply(chance.chance_outcomes()[0][0])
    assert len(decision.legal_moves()) > 2
    for screen in (true_screen, backwards_screen):
        context = SearchContext(evaluate, FIRST, root=root, chance_game=True, screen_batch=screen)
        context.leaf_screen = 2
        value = expectiminimax(context, decision, 1, ply=2)
        assert value == _plain_two_ply(decision, 1, FIRST, screen, 2)
        assert context.horizon_leaves == 2
    plain = SearchContext(evaluate, FIRST, root=root, chance_game=True)
    unscreened = expectiminimax(plain, decision, 1, ply=2)
    assert unscreened == _plain_two_ply(decision, 1, FIRST, true_screen, 2)
    assert unscreened != _plain_two_ply(decision, 1, FIRST, backwards_screen, 2)


def test_a_screened_leaf_is_a_bound_in_the_table_and_an_unscreened_one_exact():
    (root,) = _positions(1, 3)
    chance = root.apply(root.legal_moves()[0])
    decision = chance.apply(chance.chance_outcomes()[0][0])
    for keep, exact in ((2, False), (0, True)):
        table = TranspositionTable()
        context = SearchContext(evaluate, FIRST, root=root, table=table, chance_game=True,
                                screen_batch=backwards_screen)
        context.leaf_screen = keep
        expectiminimax(context, decision, 1, ply=2)
        entry = table.probe(context.table_key(decision))
        assert entry is not None
        assert (entry[1] == EXACT) == exact


@pytest.mark.parametrize("root_player", [FIRST, SECOND])
@pytest.mark.parametrize("alpha, beta", [(-INFINITY, INFINITY), (2999, INFINITY), (-INFINITY, -2999), (-5, 5)])
def test_a_screened_leaf_is_stored_as_a_bound_on_its_movers_side_whatever_the_window(root_player, alpha, beta):
    """The mover may have a better child than those evaluated: the value is at least the
    true value's floor for the mover (a lower bound in the mover's eyes, so from FIRST's
    view LOWER when FIRST moves, else UPPER), even when it falls outside the window."""
    (root,) = _positions(1, 3)
    chance = root.apply(root.legal_moves()[0])
    decision = chance.apply(chance.chance_outcomes()[0][0])
    table = TranspositionTable()
    context = SearchContext(evaluate, root_player, root=root, table=table, chance_game=True,
                            screen_batch=backwards_screen)
    context.leaf_screen = 2
    expectiminimax(context, decision, 1, 2, alpha, beta)
    entry = table.probe(context.table_key(decision))
    assert entry is not None
    assert entry[1] == (LOWER if decision.to_move() == FIRST else UPPER)


@pytest.mark.parametrize("seed", [4, 5])
def test_two_ply_with_a_true_screen_equals_two_ply_without(seed):
    """A screen that ranks as the evaluation does loses nothing: the same move and value
    as the unscreened 2-ply, with fewer positions evaluated."""
    (state,) = _positions(1, seed)
    results, leaves = [], []
    for screen, keep in ((None, 0), (true_screen, 1), (declining_screen, 1)):
        engine = _engine(screen, keep)
        result = engine.search(state, SearchLimits(depth=3))
        results.append((result.move, result.score))
        leaves.append(engine.context.horizon_leaves)
    assert results[0] == results[1] == results[2]
    assert leaves[1] < leaves[0] == leaves[2]  # a screen that declines changes nothing


def test_one_ply_is_never_screened():
    """Iterations of two decisions (backgammon's 1-ply) evaluate every reply, whatever the
    screen: a backwards screen changes nothing there."""
    for state in _positions(2, 7):
        plain = _engine(None, 0).search(state, SearchLimits(depth=2))
        screened_engine = _engine(backwards_screen, 1)
        screened = screened_engine.search(state, SearchLimits(depth=2))
        assert (screened.move, screened.score, screened.nodes) == (plain.move, plain.score, plain.nodes)


def test_the_hand_made_evaluation_has_no_screen_and_the_learned_one_has_the_games():
    entry = GAMES["backgammon"]
    assert entry.screen_batch is not None
    assert entry.with_evaluation("learned").screen_batch is entry.screen_batch
    assert entry.with_evaluation("hand-made").screen_batch is None


def _decisions(entry, count: int, seed: int) -> list:
    """Decision positions with two or more moves from random play of ``entry``'s game."""
    generator = random.Random(seed)
    found = []
    while len(found) < count:
        state = entry.game.initial_state()
        for _ in range(200):
            if state.is_terminal() or len(found) >= count:
                break
            if state.to_move() == CHANCE:
                state = state.apply(draw_chance_outcome(state, generator))
                continue
            moves = state.legal_moves()
            if len(moves) >= 2 and generator.random() < 0.3:
                found.append(state)
            state = state.apply(generator.choice(moves))
    return found


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_screen_keeps_its_contract(game_id):
    """For every game and each of its evaluations with a screen: siblings get one integer
    each (or ``None`` for the whole batch), zero-sum between the two players."""
    entry = GAMES[game_id]
    screens = {entry.screen_batch} | {evaluation.screen_batch for evaluation in entry.evaluations}
    screens.discard(None)
    if not screens:
        assert entry.levels and all(level.leaf_screen == 0 for level in entry.levels)  # nothing to screen with
        return
    judged = 0
    for screen in screens:
        for state in _decisions(entry, 30, 11):
            children = [state.apply(move) for move in state.legal_moves()]
            first, second = screen(children, FIRST), screen(children, 1 - FIRST)
            assert (first is None) == (second is None)
            if first is not None:
                judged += 1
                assert len(first) == len(children)
                assert all(isinstance(value, int) for value in first)
                assert list(second) == [-value for value in first]
    assert judged > 0
