"""Smaller contracts of the engine: limits, root moves, ordering, noise, long lines, clocks."""
from __future__ import annotations

import subprocess
import sys

import pytest

from ai.clock import GameClock, TimeControl
from ai.context import SearchContext
from ai.engine import Engine
from ai.ordering import MoveOrdering
from ai.types import Algorithm, SearchLimits, SearchOptions
from conftest import ROOT
from fake_clocks import StillClock
from games.base import CHANCE, FIRST, Game, Outcome, State
from games.registry import get_game

ENTRY = get_game("tictactoe")
GAME = ENTRY.game


def test_node_limit_is_exact():
    engine = Engine(GAME, ENTRY.evaluate, SearchOptions(algorithm=Algorithm.MINIMAX))
    result = engine.search(GAME.initial_state(), SearchLimits(nodes=10))
    assert result.nodes <= 11 and result.reason == "nodes"


@pytest.mark.parametrize("depth", [0, -3])
def test_depth_below_one_is_refused(depth):
    with pytest.raises(ValueError, match="at least 1"):
        Engine(GAME, ENTRY.evaluate).search(GAME.initial_state(), SearchLimits(depth=depth))


def test_root_moves_restrict_the_search():
    state = GAME.parse_position("O../.X./X.O")  # c3 wins at once
    engine = Engine(GAME, ENTRY.evaluate)
    allowed = (state.parse_move("a2"), state.parse_move("b1"))
    result = engine.search(state, SearchLimits(moves=allowed))
    assert result.move in allowed
    with pytest.raises(ValueError, match="legal"):
        engine.search(state, SearchLimits(moves=(0,)))  # a1 is taken


def test_preferred_move_zero_is_tried_first():
    ordering = MoveOrdering(use_killers=False, use_history=False)
    assert ordering.order([4, 0, 2, 6], 0, FIRST, (0, None))[0] == 0


def test_table_move_is_tried_first_without_killers_and_history():
    ctx = SearchContext(ENTRY.evaluate, FIRST)
    ctx.begin_iteration(())
    assert ctx.order([4, 0, 2, 6], 3, FIRST, 6)[0] == 6


def test_seeded_noise_is_the_same_in_every_process():
    # The dice game's states hold strings, whose built-in hash differs between processes.
    code = ("import sys; sys.path.insert(0, 'tests'); from ai.engine import Engine; "
            "from ai.types import Algorithm, SearchOptions, SearchLimits; "
            "from toy_games import DiceDuel, DuelState, duel_evaluate; "
            "options = SearchOptions(algorithm=Algorithm.EXPECTIMINIMAX, evaluation_noise=300); "
            "engine = Engine(DiceDuel(6), duel_evaluate, options, seed=3); "
            "state = DuelState(6, 0, 'choose', 2, 0, 0); "
            "print([i.score.value for i in engine.search(state, SearchLimits(depth=2)).infos])")
    outputs = set()
    for hash_seed in ("1", "2"):
        environment = {"PYTHONHASHSEED": hash_seed, "PATH": ""}
        outputs.add(subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=environment,
                                   capture_output=True, text=True, check=True).stdout)
    assert len(outputs) == 1


class ChainState(tuple, State):
    """A long line: one move per turn, each followed by a one-outcome chance node."""

    __slots__ = ()

    def to_move(self) -> int:
        left, chance = self
        return FIRST if left == 0 else (CHANCE if chance else FIRST)

    def legal_moves(self) -> list[str]:
        left, chance = self
        if left == 0:
            return []
        return ["roll"] if chance else ["step"]

    def chance_outcomes(self):
        return [("roll", 1.0)]

    def apply(self, move):
        left, chance = self
        return ChainState((left, False)) if chance else ChainState((left - 1, True))

    def outcome(self):
        return Outcome(FIRST, "end") if self[0] == 0 else None

    def move_to_text(self, move) -> str:
        return str(move)

    def to_text(self) -> str:
        return f"{self[0]} {self[1]}"


class Chain(Game):
    id, title, has_chance = "chain", "Chain", True

    def initial_state(self):
        return ChainState((200, False))

    def parse_position(self, text):
        raise NotImplementedError


def test_expectiminimax_handles_lines_longer_than_any_fixed_table():
    engine = Engine(Chain(), lambda state, player: 0, SearchOptions(algorithm=Algorithm.EXPECTIMINIMAX))
    result = engine.search(Chain().initial_state(), SearchLimits())
    assert result.reason == "exact" and result.score.value == 1000


def test_clock_can_stop_as_of_an_earlier_moment():
    now = [100.0]
    clock = GameClock((TimeControl.fischer(60, 0), TimeControl.fischer(60, 0)), now=lambda: now[0])
    clock.start(FIRST)
    now[0] += 10
    clock.stop(at=102.0)  # the search ended at 102; the move was played at 110
    assert clock.remaining(FIRST) == pytest.approx(58.0)


@pytest.mark.parametrize("algorithm", [Algorithm.ALPHABETA, Algorithm.NEGAMAX, Algorithm.PVS])
def test_a_search_restricted_to_some_moves_does_not_mislead_later_searches(algorithm):
    import sys as system

    system.path.insert(0, str(ROOT / "tests"))
    from tictactoe_oracle import exact_score, move_results

    engine = Engine(GAME, ENTRY.evaluate, SearchOptions(algorithm=algorithm))
    parent = GAME.parse_position(".../.X./O..")
    for move in parent.legal_moves():
        child = parent.apply(move)
        results = move_results(child)
        worst = min(results, key=results.get)
        engine.search(child, SearchLimits(moves=(worst,)))
    assert engine.search(parent, SearchLimits()).score.value == exact_score(parent)


def test_alphabeta_and_negamax_visit_the_same_nodes_with_a_table():
    # Same algorithm, two notations: with the table's move recorded correctly at MIN
    # nodes, their trees are identical (negamax's selective search off, as alpha-beta
    # has none).
    counts = {}
    for algorithm in (Algorithm.ALPHABETA, Algorithm.NEGAMAX):
        engine = Engine(GAME, ENTRY.evaluate, SearchOptions(algorithm=algorithm, null_move=False, reductions=False))
        counts[algorithm] = engine.search(GAME.initial_state(), SearchLimits()).nodes
    assert counts[Algorithm.ALPHABETA] == counts[Algorithm.NEGAMAX]


def test_a_random_move_chance_plays_random_moves_and_says_so():
    state = GAME.parse_position("XX./OO./...")  # X wins at c3 (8)
    # The noise-free search of the random move may take only a little longer than the
    # search that chose it; a clock that stands still keeps a busy machine from cutting it short.
    always = Engine(GAME, ENTRY.evaluate, SearchOptions(random_move_chance=1.0, clean_estimate=True), seed=3,
                    clock=StillClock())
    played = set()
    for _ in range(30):
        result = always.search(state, SearchLimits(depth=3))
        assert result.reason == "random move" and result.move in state.legal_moves()
        played.add(result.move)
        if result.move != 8:  # the bar learns what the random move is worth (a loss here)
            assert result.clean_score is not None and result.clean_score.value < 0
    assert len(played) > 2
    never = Engine(GAME, ENTRY.evaluate, SearchOptions(), seed=3)
    assert all(never.search(state, SearchLimits(depth=3)).move == 8 for _ in range(10))


def test_the_quarto_beginner_sometimes_hands_over_a_winning_piece():
    quarto = get_game("quarto")
    from ai.players import SearchPlayer
    beginner = SearchPlayer(quarto, level=1, seed=5)
    state = quarto.game.parse_position("..../..../..../012. c")  # 12 in hand; round or solid gifts lose
    losing = sum(state.loses_at_once(beginner.choose(state)) for _ in range(60))
    assert 0 < losing < 40
