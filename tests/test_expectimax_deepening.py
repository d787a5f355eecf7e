"""GNU Backgammon's n-ply in expectiminimax: the move filter below the root
(``inner_candidate_moves``) and the deeper iterations that keep only the best root moves
of the 1-ply one (``deepening_candidates``), on backgammon positions with a scrambled
evaluation: a fixed pseudo-random score per position, cheap enough to search 2-ply in a
test, and as good as any for checking which positions the search looks at."""
from __future__ import annotations

import pytest

from ai.context import SearchContext
from ai.engine import Engine
from ai.expectimax import expectiminimax
from ai.types import Algorithm, SearchLimits, SearchOptions
from games.backgammon.rules import BackgammonState
from games.base import CHANCE

from scrambled_backgammon import GAME, evaluate, positions as _positions


def _best_by_look(state: BackgammonState, root_player: int, keep: int) -> list[tuple[object, BackgammonState]]:
    """The ``keep`` moves of ``state`` whose positions the evaluation likes best for the
    mover (from ``root_player``'s point of view: highest first for it, lowest for the other)."""
    children = [(move, state.apply(move)) for move in state.legal_moves()]
    for _, child in children:
        assert child.outcome() is None  # the positions are chosen so that no game ends
    ranked = sorted(children, key=lambda pair: evaluate(pair[1], root_player), reverse=state.to_move() == root_player)
    return ranked[:keep]


def _gnubg_ply(state: BackgammonState, depth: int, root_player: int, root_keep: int, at_root: bool = True) -> float:
    """GNU Backgammon's n-ply written out plainly: at the root the ``root_keep`` moves the
    evaluation likes best, each searched on; below it, the one reply it likes best is
    searched on; a decision with one decision to go takes its best position by the
    evaluation; chance nodes average over their outcomes."""
    if state.to_move() == CHANCE:
        return sum(probability * _gnubg_ply(state.apply(outcome), depth, root_player, root_keep, False)
                   for outcome, probability in state.chance_outcomes())
    maximizing = state.to_move() == root_player
    if depth == 1:
        values = [evaluate(state.apply(move), root_player) for move in state.legal_moves()]
        return max(values) if maximizing else min(values)
    kept = _best_by_look(state, root_player, root_keep if at_root else 1)
    values = [_gnubg_ply(child, depth - 1, root_player, root_keep, False) for _, child in kept]
    return max(values) if maximizing else min(values)


@pytest.mark.parametrize("pruning, seed", [(False, 5), (True, 6)])
def test_one_reply_below_the_root_is_gnubgs_two_ply(pruning, seed):
    (state,) = _positions(1, seed)
    context = SearchContext(evaluate, state.to_move(), root=state, chance_game=True, chance_pruning=pruning,
                            candidate_moves=2, inner_candidate_moves=1)
    value = expectiminimax(context, state, 3)
    assert value == pytest.approx(_gnubg_ply(state, 3, state.to_move(), 2), abs=1e-6)
    # Without the inner filter, two replies are searched on below the root: more nodes
    # (about twice as many without pruning, which cuts more of the wider tree).
    wider = SearchContext(evaluate, state.to_move(), root=state, chance_game=True, chance_pruning=pruning,
                          candidate_moves=2)
    expectiminimax(wider, state, 3)
    assert context.nodes * (1.5 if not pruning else 1.2) < wider.nodes


def test_the_inner_filter_leaves_one_ply_alone():
    (state,) = _positions(1, seed=8)
    searched = []
    for inner in (0, 1):
        context = SearchContext(evaluate, state.to_move(), root=state, chance_game=True, candidate_moves=2,
                                inner_candidate_moves=inner)
        searched.append((expectiminimax(context, state, 2), context.nodes))
    assert searched[0] == searched[1]  # at 1-ply the replies are leaves: nothing to filter


def _deepening_engine(candidates: int = 2, margin: int = 0, clock=None) -> Engine:
    options = SearchOptions(algorithm=Algorithm.EXPECTIMINIMAX, candidate_moves=3, inner_candidate_moves=1,
                            deepening_candidates=candidates, deepening_margin=margin)
    return Engine(GAME, evaluate, options) if clock is None else Engine(GAME, evaluate, options, clock=clock)


def test_deeper_iterations_search_the_best_root_moves_of_one_ply_best_first():
    (state,) = _positions(1, seed=11)
    result = _deepening_engine().search(state, SearchLimits(depth=3))
    one_ply, two_ply = result.infos[1], result.infos[2]
    assert (one_ply.depth, two_ply.depth) == (2, 3)
    best_two = tuple(move for move, _score, _exact in one_ply.candidates[:2])
    assert len(one_ply.candidates) > 2 and {move for move, _s, _e in two_ply.candidates} == set(best_two)
    # The same as a search of those two moves alone.
    plain = Engine(GAME, evaluate, SearchOptions(algorithm=Algorithm.EXPECTIMINIMAX, candidate_moves=3,
                                                 inner_candidate_moves=1))
    alone = plain.search(state, SearchLimits(depth=3, moves=best_two))
    assert (result.move, result.infos[-1].score) == (alone.move, alone.infos[-1].score)

    # Cut short by a node limit inside the second root move (the stop is checked every
    # 128 nodes), that iteration plays the best root move it finished: the 1-ply best.
    first_done = one_ply.nodes + 1 + two_ply.first_move_nodes
    assert two_ply.nodes - first_done > 400
    cut = _deepening_engine().search(state, SearchLimits(depth=3, nodes=first_done + 10))
    last = cut.infos[-1]
    assert last.depth == 3 and last.partial
    assert cut.move == one_ply.pv[0]
    assert last.score == {move: score for move, score, _exact in two_ply.candidates}[cut.move]


def test_a_margin_keeps_only_the_root_moves_near_the_best():
    (state,) = _positions(1, seed=11)
    engine = _deepening_engine(candidates=8)
    one_ply = engine.search(state, SearchLimits(depth=2)).infos[-1]
    values = [score.value for _move, score, exact in one_ply.candidates if exact]
    assert len(values) == 3 and values[0] > values[2]
    assert len(engine._ranked_root(one_ply)) == 3
    for margin in (values[0] - values[1], values[0] - values[2] - 1):
        ranked = _deepening_engine(candidates=8, margin=max(margin, 1))._ranked_root(one_ply)
        assert ranked == tuple(move for move, score, _exact in one_ply.candidates
                               if values[0] - score.value <= max(margin, 1))
    assert len(_deepening_engine(candidates=1)._ranked_root(one_ply)) == 1


def test_a_timed_search_stops_when_one_root_move_is_left():
    (state,) = _positions(1, seed=11)
    engine = _deepening_engine(candidates=1, clock=lambda: 0.0)  # a clock that stands still: never out of time
    result = engine.search(state, SearchLimits.fixed_time(60.0, depth=3))
    assert engine.stop_reason == "single move" and result.infos[-1].depth == 2
    # Without a clock the deeper iteration is searched (its value, for the hint).
    assert _deepening_engine(candidates=1).search(state, SearchLimits(depth=3)).infos[-1].depth == 3


def test_a_pondering_search_deepens_past_one_left_move_until_the_hit():
    # Before the ponder hit the search has no time limit (ai.ponder), so one root move
    # left does not stop it; after the hit its limits are timed like any search's.
    from ai.ponder import Ponder
    (state,) = _positions(1, seed=11)
    engine = _deepening_engine(candidates=1, clock=lambda: 0.0)
    ponder = Ponder(lambda: 0.0)
    infos = list(engine.iterate(state, SearchLimits.fixed_time(60.0, depth=3), ponder=ponder))
    assert infos[-1].depth == 3 and not ponder.timed
    hit = Ponder(lambda: 0.0)
    hit.hit()  # played before the search starts: it runs as a normal, timed search
    engine = _deepening_engine(candidates=1, clock=lambda: 0.0)
    infos = list(engine.iterate(state, SearchLimits.fixed_time(60.0, depth=3), ponder=hit))
    assert hit.timed and infos[-1].depth == 2 and engine.stop_reason == "single move"


# -- the deeper iteration searched outcome by outcome (ai.outcome_deepening) ----------

def _by_outcome_engine(by_outcome: bool, candidates: int = 3, policy_move=None) -> Engine:
    options = SearchOptions(algorithm=Algorithm.EXPECTIMINIMAX, candidate_moves=4, inner_candidate_moves=1,
                            deepening_candidates=candidates, deepening_by_outcome=by_outcome)
    return Engine(GAME, evaluate, options, policy_move=policy_move)


def _cube_policy(state: BackgammonState, root: bool = False):
    """A fixed-rule cube for the tests: in about one position in three the side on roll
    doubles and the other drops (the game ends there), else it rolls."""
    from games.backgammon.rules import DOUBLE, DROP, OFFERED, ROLL
    from games.base import KnownMove
    if not state.awaits_cube_action():
        return None
    if state.cube.stage == OFFERED:
        return KnownMove(DROP, "cube")
    return KnownMove(DOUBLE if hash((state[0], state[1])) % 3 == 0 else ROLL, "cube")


@pytest.mark.parametrize("seed, cube", [(11, False), (12, False), (13, True)])
def test_searched_outcome_by_outcome_a_finished_iteration_is_the_plain_one(seed, cube):
    (state,) = _positions(1, seed)
    if cube:  # the same boards with a cube: each root move reaches its rolls through a cube action
        from games.backgammon.cube_state import ROLLING, Cube
        state = BackgammonState(state[0], state[1], state[2], state[3], Cube(stage=ROLLING))
        child = state.apply(state.legal_moves()[0])
        assert child.to_move() != CHANCE and child.awaits_cube_action()
    policy = _cube_policy if cube else None
    plain = _by_outcome_engine(False, policy_move=policy).search(state, SearchLimits(depth=3))
    by_outcome = _by_outcome_engine(True, policy_move=policy).search(state, SearchLimits(depth=3))
    assert (by_outcome.move, by_outcome.infos[-1].score) == (plain.move, plain.infos[-1].score)
    assert by_outcome.infos[-1].depth == 3 and not by_outcome.infos[-1].partial
    # Every root move is valued exactly (the plain search gives a bound for a move it cut).
    values = {move: score for move, score, exact in by_outcome.infos[-1].candidates if exact}
    assert len(values) == len(by_outcome.infos[-1].candidates) == 3
    for move, score, exact in plain.infos[-1].candidates:
        assert values[move] == score if exact else values[move].value <= score.value


def _mixed_estimates(state: BackgammonState, moves) -> list[tuple[object, float]]:
    """For k = 1, 2, ... outcomes searched deeper: the best root move among ``moves`` by
    the estimate with the first k outcomes (in the order of the spread of their 1-ply
    values times their probability) at 2-ply and the rest at 1-ply, and that estimate;
    written out plainly with ``_gnubg_ply``."""
    root = state.to_move()
    chances = {move: state.apply(move) for move in moves}
    shallower = {move: {outcome: _gnubg_ply(node.apply(outcome), 1, root, 1, False)
                        for outcome, _p in node.chance_outcomes()} for move, node in chances.items()}
    probability = dict(next(iter(chances.values())).chance_outcomes())

    def weight(outcome):
        values = [shallower[move][outcome] for move in moves]
        return -(max(values) - min(values)) * probability[outcome]
    order = sorted(probability, key=weight)
    deeper = {move: {} for move in moves}
    found = []
    for outcome in order:
        for move in moves:
            deeper[move][outcome] = _gnubg_ply(chances[move].apply(outcome), 2, root, 1, False)
        estimates = {move: sum(p * deeper[move].get(o, shallower[move][o]) for o, p in probability.items())
                     for move in moves}
        best = max(moves, key=lambda move: estimates[move])
        found.append((best, estimates[best]))
    return found


def test_cut_short_it_plays_the_best_estimate_with_the_same_outcomes_deeper_for_every_move():
    (state,) = _positions(1, seed=11)
    whole = _by_outcome_engine(True).search(state, SearchLimits(depth=3))
    one_ply, two_ply = whole.infos[1], whole.infos[2]
    ranked = [move for move, _score, _exact in one_ply.candidates[:3]]
    estimates = _mixed_estimates(state, ranked)
    assert len(estimates) == 21
    assert estimates[-1][0] == whole.move and round(estimates[-1][1]) == two_ply.score.value
    for share in (0.3, 0.6, 0.9):
        limit = one_ply.nodes + round(share * (two_ply.nodes - one_ply.nodes))
        cut = _by_outcome_engine(True).search(state, SearchLimits(depth=3, nodes=limit))
        last = cut.infos[-1]
        assert last.depth == 3 and last.partial
        matches = [k for k, (move, value) in enumerate(estimates)
                   if move == cut.move and round(value) == last.score.value]
        assert matches and 0 < matches[0] < 20  # some outcomes deeper, not all
        # Its candidate list: the estimates of the root moves, the move played first.
        assert [move for move, _score, exact in last.candidates if exact][0] == cut.move
        assert sorted(move for move, _score, _exact in last.candidates) == sorted(ranked)
    # The plain search cut short can only play the root move it finished first.
    plain = _by_outcome_engine(False).search(state, SearchLimits(depth=3, nodes=one_ply.nodes + 500))
    assert plain.move == ranked[0]


def test_the_outcomes_that_separate_the_moves_most_are_searched_first():
    from ai.outcome_deepening import _outcome_order, _RootMove
    first = _RootMove(["a"], None, 1, outcomes={"x": 0.5, "y": 0.25, "z": 0.25},
                      shallower={"x": 10.0, "y": 0.0, "z": 5.0})
    second = _RootMove(["b"], None, 1, outcomes={"x": 0.5, "y": 0.25, "z": 0.25},
                       shallower={"x": 11.0, "y": 8.0, "z": 5.0})
    # spreads times probability: x 0.5, y 2.0, z 0: y first, then x, then z.
    assert _outcome_order([first, second]) == ["y", "x", "z"]
    first.deeper["y"] = 4.0
    assert first.estimate({"y"}) == pytest.approx(0.5 * 10 + 0.25 * 4 + 0.25 * 5)
    # An outcome not yet searched deeper for every move counts at its shallower value.
    assert first.estimate(set()) == pytest.approx(0.5 * 10 + 0.25 * 0 + 0.25 * 5)
