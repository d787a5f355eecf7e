"""Pondering in the engine (``ai.ponder``): no time limit until the ponder hit, then the
search's own limits counted from the hit, the same search going on. Time is a clock the
test moves by hand (the engine reads it after each iteration and, under a deadline,
every 128 nodes), so nothing depends on the machine's speed."""
from __future__ import annotations

import pytest

from ai.engine import Engine
from ai.ponder import Ponder
from ai.strength import uses_its_time
from ai.types import SearchLimits
from ai.worker import SearchWorker
from conftest import HANG_TIMEOUT
from games.registry import GAMES, get_game

CHESS = get_game("chess")
MIDDLE_GAME = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


class HandClock:
    """A clock that stands still until the test moves it; ``on_reading`` (if set) is
    called at each reading, from the thread that reads."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now
        self.readings = 0
        self.on_reading = None

    def __call__(self) -> float:
        self.readings += 1
        if self.on_reading is not None:
            self.on_reading()
        return self.now


def engine_with(clock: HandClock) -> Engine:
    return Engine.for_entry(CHESS, clock=clock)


def depths_until_stopped(engine: Engine, clock: HandClock, ponder: Ponder | None, hit_after: int | None,
                         last: int = 7) -> list[int]:
    """Run ``engine.iterate`` on the middle game with a second of budget, the clock
    moved 10 s after each completed iteration (so the budget is spent after each); hit
    ``ponder`` after the iteration of ``hit_after``. The depths completed, up to ``last``."""
    state = CHESS.game.parse_position(MIDDLE_GAME)
    depths = []
    for info in engine.iterate(state, SearchLimits.fixed_time(1.0), ponder=ponder):
        depths.append(info.depth)
        if ponder is not None and info.depth == hit_after:
            ponder.hit()  # at the clock's present time: the second counts from here
        else:
            clock.now += 10.0
        if info.depth >= last:
            break
    return depths


def test_a_pondering_search_has_no_time_limit_until_the_hit_then_its_own_from_the_hit():
    clock = HandClock()
    plain = depths_until_stopped(engine_with(clock), clock, None, None)
    assert plain == [1, 2]  # the minimum depth, then the budget is spent
    clock = HandClock()
    engine = engine_with(clock)
    ponder = Ponder(clock)
    depths = depths_until_stopped(engine, clock, ponder, hit_after=4)
    # 30 s pass before the hit, far beyond the budget: the search deepens regardless;
    # the hit leaves a second from then, and depth 5 completes at the time of the hit.
    # Then 10 s pass: the budget is spent, no depth 6.
    assert depths == [1, 2, 3, 4, 5]
    assert engine.stop_reason == "time"
    assert ponder.is_hit and ponder.pondered_seconds == pytest.approx(30.0)


def counting_engine(clock: HandClock, counter: list[int], on_evaluation=None) -> Engine:
    """A chess engine whose evaluation counts its calls in ``counter[0]`` and calls
    ``on_evaluation`` (if given) after each: a hook inside an iteration."""
    evaluate = CHESS.evaluate

    def counted(state, player: int) -> int:
        counter[0] += 1
        if on_evaluation is not None:
            on_evaluation()
        return evaluate(state, player)

    return Engine(CHESS.game, counted, clock=clock)


def test_a_hit_during_an_iteration_gives_that_iteration_its_deadline():
    state = CHESS.game.parse_position(MIDDLE_GAME)
    counter = [0]
    counts = {}
    for info in counting_engine(HandClock(), counter).iterate(state, SearchLimits(depth=4), ponder=Ponder()):
        counts[info.depth] = counter[0]  # no hit: depth 4 completes
    assert list(counts) == [1, 2, 3, 4]
    middle_of_depth_four = (counts[3] + counts[4]) // 2

    clock = HandClock()
    ponder = Ponder(clock)
    counter = [0]

    def hit_in_depth_four() -> None:
        if counter[0] == middle_of_depth_four:
            ponder.hit()
            clock.now += 5.0  # past the second the hit left

    engine = counting_engine(clock, counter, hit_in_depth_four)
    infos = list(engine.iterate(state, SearchLimits(depth=4, hard_time=1.0, soft_time=1.0), ponder=ponder))
    assert [info.depth for info in infos if not info.partial] == [1, 2, 3]
    assert engine.stop_reason == "time" and counter[0] < counts[4]


def test_without_a_hit_only_a_stop_or_the_depth_ends_it_and_a_hit_before_the_start_is_a_normal_search():
    clock = HandClock()
    engine = engine_with(clock)
    state = CHESS.game.parse_position(MIDDLE_GAME)
    ponder = Ponder(clock)
    depths = []
    for info in engine.iterate(state, SearchLimits(depth=4, hard_time=0.5, soft_time=0.5), ponder=ponder):
        depths.append(info.depth)
        clock.now += 100.0
    assert depths == [1, 2, 3, 4] and engine.stop_reason == "depth" and not ponder.is_hit
    early = Ponder(clock)
    early.hit()
    depths = []
    for info in engine.iterate(state, SearchLimits.fixed_time(0.5), ponder=early):
        depths.append(info.depth)
        clock.now += 10.0
    assert depths == [1, 2] and early.pondered_seconds == 0.0


def test_a_search_limited_by_nodes_does_not_ponder_and_a_ponder_serves_one_search():
    engine = Engine.for_entry(CHESS)
    state = CHESS.game.parse_position(MIDDLE_GAME)
    with pytest.raises(ValueError, match="limited by nodes"):
        engine.search(state, SearchLimits(nodes=1000), ponder=Ponder())
    with pytest.raises(ValueError, match="limited by nodes"):
        engine.search(state, SearchLimits(node_budget=1000, depth=3), ponder=Ponder())
    ponder = Ponder()
    engine.search(state, SearchLimits(depth=2), ponder=ponder)
    with pytest.raises(ValueError, match="one search"):
        engine.search(state, SearchLimits(depth=2), ponder=ponder)


def test_the_worker_runs_a_pondering_search_until_the_hit_and_reports_the_same_search():
    clock = HandClock()
    engine = engine_with(clock)
    state = CHESS.game.parse_position(MIDDLE_GAME)
    ponder = Ponder(clock)
    worker = SearchWorker()
    reached = []

    def listen(event) -> None:
        if event.kind == "info":
            reached.append(event.payload.depth)
            if event.payload.depth == 3:
                ponder.hit()  # from the search thread: the owner's thread works the same way
                clock.now += 10.0  # the second the hit left is spent during depth 4

    worker.start(engine, state, SearchLimits.fixed_time(1.0), listener=listen, ponder=ponder)
    assert worker.wait(HANG_TIMEOUT)
    result = [event.payload for event in worker.poll() if event.kind == "done"][0]
    assert reached[:3] == [1, 2, 3] and result.infos[0].depth == 1
    assert result.reason == "time" and result.infos[-1].depth == 3  # depth 4 starts after its deadline


def test_only_levels_that_use_their_time_ponder():
    for entry in GAMES.values():
        strongest = entry.level(entry.max_level)
        assert uses_its_time(strongest), entry.id
        assert not any(uses_its_time(entry.level(number)) for number in range(1, entry.max_level)), entry.id
