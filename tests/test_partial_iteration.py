"""An iteration cut short still gives its best move when at least one root move was
searched to the end (``SearchInfo.partial``), and a fixed time per move is used to its
end by engines that can do this (``ai.deadline``)."""
from __future__ import annotations

import pytest

from ai.clock import TimeControl, move_limits
from ai.deadline import DeadlinePolicy
from ai.engine import Engine
from ai.types import Algorithm, SearchLimits, SearchOptions
from games.registry import get_game

CHESS = get_game("chess")
# A tactical position (Win At Chess style): the best move changes from depth 3 to depth 4.
TACTICAL = "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1"


def complete_iterations(entry, text: str, depth: int, options: SearchOptions | None = None):
    state = entry.game.parse_position(text)
    result = Engine.for_entry(entry, options).search(state, SearchLimits(depth=depth))
    return state, result.infos


def test_a_cut_iteration_plays_the_better_move_it_already_found():
    state, infos = complete_iterations(CHESS, TACTICAL, 7)
    assert [info.partial for info in infos] == [False] * len(infos)
    changes = [index for index in range(1, len(infos)) if infos[index].best_move != infos[index - 1].best_move]
    assert changes, "the position was chosen for a best move that changes with depth"
    changed = infos[changes[-1]]
    # The same search stopped one node before the end of that iteration: the new best
    # move was searched to the end already (unless it is the last root move searched),
    # so it is played.
    cut = Engine.for_entry(CHESS).search(state, SearchLimits(nodes=changed.nodes - 1))
    assert cut.reason == "nodes"
    last = cut.infos[-1]
    assert last.partial and last.depth == changed.depth
    assert cut.move == last.best_move == changed.best_move
    assert [info.best_move for info in cut.infos[:-1]] == [info.best_move for info in infos[:changes[-1]]]


def test_an_iteration_cut_before_its_first_root_move_is_finished_gives_nothing():
    state, infos = complete_iterations(CHESS, TACTICAL, 3)
    start_of_depth_three = infos[-2].nodes + 2
    cut = Engine.for_entry(CHESS).search(state, SearchLimits(nodes=start_of_depth_three))
    assert cut.infos[-1].depth == 2 and not cut.infos[-1].partial
    assert cut.move == infos[-2].best_move


@pytest.mark.parametrize("options", [SearchOptions(algorithm=Algorithm.ALPHABETA),
                                     SearchOptions(algorithm=Algorithm.MINIMAX),
                                     SearchOptions(shuffle_root_moves=True)],
                         ids=["alpha-beta", "minimax", "shuffled root"])
def test_no_partial_iteration_where_its_move_could_be_worse(options):
    entry = get_game("tictactoe")
    state, infos = complete_iterations(entry, ".../.X./OX.", 2, options)
    cut = Engine.for_entry(entry, options).search(state, SearchLimits(nodes=infos[-1].nodes - 1))
    assert not any(info.partial for info in cut.infos)


def test_a_fixed_time_per_move_starts_iterations_to_its_end_when_a_cut_one_counts():
    limits = move_limits(TimeControl.per_move(0.5))
    assert limits.soft_time == limits.hard_time
    # The last iteration took 0.1 s of the 0.45 s budget after growing 4x: the next one
    # is expected to take 0.4 s, more than three times the 0.05 s left at 0.4 s.
    with_partial = DeadlinePolicy(limits, 0.0, 2, single_move=False, partial_iterations=True)
    without = DeadlinePolicy(limits, 0.0, 2, single_move=False, partial_iterations=False)
    for policy in (with_partial, without):
        assert policy.stop_reason(1, 0.025) == ""
        assert policy.stop_reason(2, 0.05) == ""
    assert with_partial.stop_reason(3, 0.4) == ""
    assert without.stop_reason(3, 0.4) == "time"


def test_under_a_game_clock_a_hopeless_iteration_is_still_skipped():
    limits = move_limits(TimeControl.fischer(60, 0), remaining=60)
    assert limits.soft_time < limits.hard_time
    assert limits.hard_time == pytest.approx(7.2, abs=0.01) and limits.soft_time == pytest.approx(1.44, abs=0.01)
    policy = DeadlinePolicy(limits, 0.0, 2, single_move=False, partial_iterations=True)
    assert policy.stop_reason(1, 0.05) == ""
    # 1.0 s after 0.05 s: 20x growth, so about 20 s expected with 6.15 s left.
    assert policy.stop_reason(2, 1.05) == "time"


def test_an_iteration_that_changed_its_mind_earns_more_of_the_game_clock():
    limits = move_limits(TimeControl.fischer(60, 0), remaining=60)  # soft 1.44 s, hard 7.2 s
    steady = DeadlinePolicy(limits, 0.0, 2, single_move=False, partial_iterations=True)
    moving = DeadlinePolicy(limits, 0.0, 2, single_move=False, partial_iterations=True)
    for policy in (steady, moving):
        assert policy.stop_reason(1, 0.3) == ""
        assert policy.stop_reason(2, 0.6) == ""
    # 1.5 s: past the soft budget, within 1.6 times it (and the next iteration, 2x the
    # last, is expected to fit in the hard budget)
    assert steady.stop_reason(3, 1.5) == "time"
    assert moving.stop_reason(3, 1.5, unstable=True) == ""
    assert moving.stop_reason(4, 2.4, unstable=True) == "time"  # past 1.6 times the soft budget


def test_a_new_best_move_or_a_falling_score_is_instability():
    from ai.engine import _unstable
    from ai.types import Score, SearchInfo

    def info(move: str, score: int) -> SearchInfo:
        return SearchInfo(depth=1, seldepth=1, score=Score(score), pv=(move,), pv_text=(move,), nodes=1, time=0.0)

    assert not _unstable(None, info("e2e4", 0))
    assert not _unstable(info("e2e4", 20), info("e2e4", -5))
    assert _unstable(info("e2e4", 20), info("e2e4", -10))
    assert _unstable(info("e2e4", 20), info("d2d4", 40))
