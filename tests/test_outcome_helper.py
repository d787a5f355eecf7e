"""Helper processes that search a ranked root's outcomes beside the search's own
(``ai.outcome_helper``, ``SearchOptions.helper_processes``): on backgammon at the Maximum
level's settings, with the shipped networks (the helpers rebuild the engine from the
registry entry), 2-ply searches finished with helpers give the same move and values as
alone; cut short, the helpers' batch is dropped and the next search is right again; a
helper that dies or fails gives its jobs back; a process that may not start children
searches alone; the engine protocol's ``Threads`` option starts and stops them."""
from __future__ import annotations

import multiprocessing
import random
from dataclasses import replace

import pytest

from ai.engine import Engine
from ai.outcome_helper import HelperPool
from ai.protocol import EngineProtocol
from ai.strength import level_options
from ai.types import Algorithm, SearchLimits, SearchOptions
from games.base import CHANCE
from games.registry import get_game

ENTRY = get_game("backgammon")
MAXIMUM = level_options(SearchOptions(algorithm=Algorithm.EXPECTIMINIMAX), ENTRY.level(ENTRY.max_level))
READY_SECONDS = 120.0
"""Generous: a busy machine may take long to start a process (never reached when well)."""


def _positions(count: int, seed: int) -> list:
    """``count`` positions of random play where the Maximum level's 2-ply searches two
    root moves (more than one legal turn, in contact)."""
    from games.backgammon.rules import in_contact

    generator, found = random.Random(seed), []
    state = ENTRY.game.initial_state()
    while len(found) < count:
        if state.is_terminal():
            state = ENTRY.game.initial_state()
        if state.to_move() == CHANCE:
            outcomes = state.chance_outcomes()
            state = state.apply(generator.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
            continue
        moves = list(state.legal_moves())
        if len(moves) > 6 and in_contact(state.checkers(0), state.checkers(1)) and generator.random() < 0.25:
            found.append(state)
        state = state.apply(generator.choice(moves))
    return found


def _infos(engine: Engine, state, limits: SearchLimits) -> list:
    engine.new_game()
    return list(engine.iterate(state, limits))


def _last(engine: Engine, state, limits: SearchLimits):
    return _infos(engine, state, limits)[-1]


def _summary(info) -> tuple:
    return (info.depth, info.partial, info.pv[:1], info.score.value,
            [(str(move), score.value, exact) for move, score, exact in info.candidates])


@pytest.fixture(scope="module")
def helped():
    engine = Engine.for_entry(ENTRY, replace(MAXIMUM, helper_processes=1))
    assert engine.wait_ready(READY_SECONDS)
    yield engine
    engine.close()


def test_finished_iterations_with_a_helper_give_the_moves_and_values_of_one_process(helped):
    # The 1-ply iteration (root moves shared: ai.parallel_root) and the 2-ply one (the
    # rolls of the best two moves shared: ai.outcome_deepening) alike.
    alone = Engine.for_entry(ENTRY, MAXIMUM)
    assert alone.helpers is None
    for state in _positions(3, seed=4):
        answered = helped.helpers.answered
        helped.new_game()
        with_helper, after_one_ply = [], None
        for info in helped.iterate(state, SearchLimits(depth=3)):
            with_helper.append(info)
            if info.depth == 2:
                after_one_ply = helped.helpers.answered
        assert [info.depth for info in with_helper] == [1, 2, 3] and not with_helper[-1].partial
        assert [_summary(info) for info in with_helper] == \
            [_summary(info) for info in _infos(alone, state, SearchLimits(depth=3))]
        assert len(with_helper[1].candidates) > 1
        assert answered < after_one_ply < helped.helpers.answered  # the helper took jobs of both


class _StopAfterTheFirstRound:
    """A stop event set once ``engine``'s 2-ply iteration has searched one roll deeper for
    both moves (its best estimate exists): the search is cut short there, whatever the
    machine's speed."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def is_set(self) -> bool:
        context = self.engine.context
        return self.engine.current_depth == 3 and context.root_best is not None


def test_a_search_cut_short_plays_its_estimate_stops_the_helper_and_the_next_search_is_right(helped):
    alone = Engine.for_entry(ENTRY, MAXIMUM)
    first, second = _positions(2, seed=8)
    helped.new_game()
    infos = list(helped.iterate(first, SearchLimits(depth=3), stop_event=_StopAfterTheFirstRound(helped)))
    cut = infos[-1]
    assert cut.depth == 3 and cut.partial and cut.pv and helped.stop_reason == "stopped"
    assert cut.pv[0] in [move for move, _score, _exact in infos[1].candidates[:2]]
    assert helped.helpers.cancelled_through == helped.helpers.batch  # the helper's jobs stop too
    assert _summary(_last(helped, second, SearchLimits(depth=3))) == _summary(_last(alone, second, SearchLimits(depth=3)))


def test_a_helper_that_dies_before_it_is_ready_is_not_waited_for():
    pool = HelperPool("backgammon", MAXIMUM, 1)
    try:
        (helper,) = pool.helpers
        helper.process.kill()  # long before it could have read the networks
        assert not pool.wait_ready(READY_SECONDS)
        assert helper.broken and pool.usable() == []
    finally:
        pool.close()


def test_a_helper_that_dies_gives_its_jobs_back():
    engine = Engine.for_entry(ENTRY, replace(MAXIMUM, helper_processes=1))
    try:
        assert engine.wait_ready(READY_SECONDS)
        (state,) = _positions(1, seed=12)
        helper = engine.helpers.helpers[0]
        helper.process.kill()
        helper.process.join(10)
        alone = Engine.for_entry(ENTRY, MAXIMUM)
        assert _summary(_last(engine, state, SearchLimits(depth=3))) == \
            _summary(_last(alone, state, SearchLimits(depth=3)))
        assert helper.broken and engine.helpers.usable() == []
    finally:
        engine.close()


def test_a_helper_whose_search_fails_answers_failed_and_is_not_used_again():
    pool = HelperPool("backgammon", MAXIMUM, 1)
    try:
        assert pool.wait_ready(READY_SECONDS)
        (state,) = _positions(1, seed=3)
        (helper,) = pool.usable()
        pool.begin(state, 0)
        assert pool.submit(helper, "bad", "not a position", 1, 1)
        results = []
        while not results:
            results = pool.wait(1.0)
        assert [(result.key, result.failed) for result in results] == [("bad", True)]
        assert pool.usable() == [] and pool.outstanding() == 0
    finally:
        pool.close()


def test_a_process_that_may_not_start_children_searches_alone(monkeypatch):
    # The app's search process is a daemon, which multiprocessing forbids to have children.
    monkeypatch.setitem(multiprocessing.current_process()._config, "daemon", True)
    engine = Engine.for_entry(ENTRY, replace(MAXIMUM, helper_processes=1))
    (state,) = _positions(1, seed=5)
    info = _last(engine, state, SearchLimits(depth=3))
    monkeypatch.undo()
    assert engine.helpers is not None and engine.helpers.helpers == []
    assert not engine.wait_ready(0.0)
    assert _summary(info) == _summary(_last(Engine.for_entry(ENTRY, MAXIMUM), state, SearchLimits(depth=3)))


def test_helpers_start_only_where_they_are_used():
    # A search limited by nodes (its counts must repeat), a level with evaluation errors,
    # a level that does not search outcome by outcome, and chess: no helper.
    (state,) = _positions(1, seed=6)
    engine = Engine.for_entry(ENTRY, replace(MAXIMUM, helper_processes=1))
    list(engine.iterate(state, SearchLimits(depth=3, nodes=5000)))
    list(engine.iterate(state, SearchLimits(depth=2)))
    assert engine.helpers is None
    for options in (replace(MAXIMUM, helper_processes=1, evaluation_noise=100),
                    level_options(replace(MAXIMUM, helper_processes=1), ENTRY.level(4))):
        other = Engine.for_entry(ENTRY, options)
        assert other.wait_ready(0.0) and other.helpers is None
    chess = get_game("chess")
    assert Engine.for_entry(chess, SearchOptions(helper_processes=1)).wait_ready(0.0)


def test_the_protocol_offers_threads_for_games_with_chance_and_isready_starts_the_helpers():
    lines: list[str] = []
    protocol = EngineProtocol(ENTRY, lines.append)
    protocol.run(["setoption name Threads value 2", "uci", "isready"])
    assert "option name Threads type spin default 2 min 1 max 4" in lines
    assert protocol.options.helper_processes == 1
    assert protocol.engine.helpers is not None  # started by isready, closed at the end of the input
    assert not any("did not start" in line for line in lines) and lines[-1] == "readyok"
    assert not any(helper.process.is_alive() for helper in protocol.engine.helpers.helpers)
    lines.clear()
    protocol = EngineProtocol(ENTRY, lines.append)
    protocol.run(["setoption name Threads value 1", "setoption name Threads value 5", "isready"])
    assert protocol.options.helper_processes == 0 and protocol.engine.helpers is None
    assert any("Threads must be a whole number from 1 to 4" in line for line in lines)
    lines.clear()
    chess = EngineProtocol(get_game("chess"), lines.append)
    chess.run(["uci", "setoption name Threads value 2"])
    assert not any("Threads" in line for line in lines if line.startswith("option"))
    assert any("unknown option 'threads'" in line for line in lines)


def test_isready_says_when_the_helpers_cannot_start(monkeypatch):
    monkeypatch.setitem(multiprocessing.current_process()._config, "daemon", True)
    lines: list[str] = []
    protocol = EngineProtocol(ENTRY, lines.append)
    protocol.run(["setoption name Threads value 2", "isready"])
    assert lines == ["info string Threads: the helper processes did not start; searching in one process", "readyok"]
