"""The runner-up of a search (``SearchOptions.runner_up``, ``ai.runner_up``): the best root
move other than the chosen one, with its value, for the hint's "the only move that does
not lose". Every search here is limited by depth or runs to the end of the game."""
from __future__ import annotations

import threading

from ai.engine import Engine
from ai.runner_up import runner_up
from ai.types import MATE_BOUND, Algorithm, SearchLimits, SearchOptions
from games.backgammon.rules import BackgammonState
from games.base import FIRST
from games.chess.rules import position_from_fen
from games.registry import GAMES

TICTACTOE = GAMES["tictactoe"]
CHESS = GAMES["chess"]
BACKGAMMON = GAMES["backgammon"]


def tictactoe(*moves: str):
    state = TICTACTOE.game.initial_state()
    for move in moves:
        state = state.play(move)
    return state


def test_after_a_corner_every_move_but_the_centre_loses_and_the_runner_up_says_so():
    state = tictactoe("a1")
    result = Engine.for_entry(TICTACTOE, SearchOptions(runner_up=True)).search(state, SearchLimits())
    assert state.move_to_text(result.move) == "b2" and result.score.value == 0
    second = result.runner_up
    assert second is not None and second.best_move != result.move and second.best_move in state.legal_moves()
    assert second.score.value <= -MATE_BOUND  # the best of the others loses by force
    # the same value as a search of the other moves alone, made by an engine of its own
    others = tuple(move for move in state.legal_moves() if move != result.move)
    alone = Engine.for_entry(TICTACTOE, SearchOptions()).search(state, SearchLimits(moves=others))
    assert alone.score == second.score


def test_a_position_with_several_drawing_moves_has_a_drawing_runner_up():
    state = tictactoe("a1", "b2", "c3")  # O must take an edge, and any edge draws
    result = Engine.for_entry(TICTACTOE, SearchOptions(runner_up=True)).search(state, SearchLimits())
    assert result.score.value == 0 and result.runner_up.score.value == 0
    assert state.move_to_text(result.runner_up.best_move) in ("a2", "b1", "b3", "c2")


def test_no_runner_up_without_the_option_with_one_legal_move_or_when_every_move_loses():
    assert Engine.for_entry(TICTACTOE).search(tictactoe("a1"), SearchLimits()).runner_up is None
    forced = position_from_fen("7k/6pp/8/8/8/8/PP4q1/7K w - - 0 1")  # Kxg2 only
    assert len(forced.legal_moves()) == 1
    engine = Engine.for_entry(CHESS, SearchOptions(runner_up=True))
    assert engine.search(forced, SearchLimits(depth=3)).runner_up is None
    lost = tictactoe("a1", "c1", "a2")  # O blocks a3, then X forks on b2
    result = Engine.for_entry(TICTACTOE, SearchOptions(runner_up=True)).search(lost, SearchLimits())
    assert result.score.value <= -MATE_BOUND and result.runner_up is None


def test_the_runner_up_is_searched_to_the_depth_the_search_completed_and_leaves_the_engine_as_it_was():
    state = position_from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4")
    engine = Engine.for_entry(CHESS, SearchOptions(runner_up=True, use_book=False))
    result = engine.search(state, SearchLimits(depth=3))
    assert state.display_move(result.move) == "Qxf7#"
    assert engine.stop_reason == result.reason == "forced"  # mate in 1 is final at depth 1
    assert engine.context.root_moves is None  # the search's own context, not the runner-up's (other moves only)
    second = result.runner_up
    assert second.depth == result.info.depth == 1 and second.best_move != result.move
    assert second.score.value < MATE_BOUND  # no other move mates at once


def test_a_stopped_runner_up_search_gives_none():
    state = position_from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
    engine = Engine.for_entry(CHESS, SearchOptions(use_book=False))
    result = engine.search(state, SearchLimits(depth=3))
    stop = threading.Event()
    stop.set()
    assert runner_up(engine, state, SearchLimits(depth=3), result.infos, result.move, result.time, stop) is None
    assert runner_up(engine, state, SearchLimits(depth=3), (), result.move, result.time, None) is None
    found = runner_up(engine, state, SearchLimits(depth=3), result.infos, result.move, result.time, None)
    assert found is not None and found.depth == 3 and found.best_move != result.move


def test_a_game_with_chance_takes_its_runner_up_from_the_candidate_list():
    me = (13, 0, 0, 0, 0, 1, 1) + (0,) * 19  # 13 off, checkers on the 5 and 6 points, 5-4 to play
    other = (13, 0, 0, 0, 0, 0, 2) + (0,) * 19
    state = BackgammonState(me, other, FIRST, (5, 4))
    engine = Engine.for_entry(BACKGAMMON, SearchOptions(algorithm=Algorithm.EXPECTIMINIMAX, runner_up=True))
    result = engine.search(state, SearchLimits(depth=1))
    candidates = [(move, score) for move, score, exact in result.info.candidates if exact]
    assert len(candidates) >= 2 and candidates[0][0] == result.move
    assert (result.runner_up.best_move, result.runner_up.score) == candidates[1]
    assert result.runner_up.nodes == 0  # no search of its own
