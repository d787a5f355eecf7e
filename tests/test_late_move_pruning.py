"""Late-move pruning (``ai.selectivity.late_move_pruned``): it saves nodes, never touches
moves it must search, keeps tactics the suites check, and is a level setting."""
from __future__ import annotations

import chess
import pytest

from ai.context import SearchContext
from ai.engine import Engine
from ai.selectivity import LATE_MOVE_COUNTS, late_move_pruned
from ai.strength import level_options
from ai.types import SearchLimits, SearchOptions
from games.chess.evaluation import evaluate
from games.chess.game import Chess
from games.registry import get_game

CHESS = Chess()
MIDDLE_GAME = "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8"


def nodes_to_depth(fen: str, depth: int, pruning: bool) -> tuple[int, object]:
    engine = Engine(CHESS, evaluate, SearchOptions(use_book=False, late_move_pruning=pruning))
    result = engine.search(CHESS.parse_position(fen), SearchLimits(depth=depth))
    return result.nodes, result


def test_it_saves_nodes_to_the_same_depth():
    with_pruning, _ = nodes_to_depth(MIDDLE_GAME, 5, True)
    without, _ = nodes_to_depth(MIDDLE_GAME, 5, False)
    assert with_pruning < without


@pytest.mark.parametrize("fen, best", [
    ("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "d1d8"),  # a back-rank mate
    ("2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1", "g3g6"),  # WAC.001: Qg6, mates
    ("r1b1kb1r/3q1ppp/pBp1pn2/8/Np3P2/5B2/PPP3PP/R2Q1RK1 w kq - 0 1", "f3c6"),  # WAC.004 (a quiet-looking capture line)
])
def test_the_engine_still_finds_tactics_with_it(fen, best):
    _, result = nodes_to_depth(fen, 5, True)
    assert result.move.uci() == best


def context(board_fen: str) -> tuple[SearchContext, object]:
    state = CHESS.parse_position(board_fen)
    return SearchContext(evaluate, state.to_move(), root=state, reductions=True, late_move_pruning=True), state


def test_only_late_quiet_moves_that_give_no_check_near_the_horizon_are_pruned():
    ctx, state = context(MIDDLE_GAME)
    quiet = next(move for move in state.legal_moves() if state.is_quiet(move))
    late = LATE_MOVE_COUNTS[2]
    assert late_move_pruned(ctx, state, quiet, late, 2, 1)
    assert not late_move_pruned(ctx, state, quiet, late - 1, 2, 1)  # not late enough at that depth
    assert not late_move_pruned(ctx, state, quiet, 40, len(LATE_MOVE_COUNTS), len(LATE_MOVE_COUNTS) - 1)  # too far
    assert not late_move_pruned(ctx, state, quiet, late, 2, 2)  # it gives check: extended, never pruned
    capture_state = CHESS.parse_position("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1")
    capture = chess.Move.from_uci("e4d5")
    ctx_capture = SearchContext(evaluate, capture_state.to_move(), root=capture_state, reductions=True, late_move_pruning=True)
    assert not late_move_pruned(ctx_capture, capture_state, capture, 30, 2, 1)  # captures are always searched
    off = SearchContext(evaluate, state.to_move(), root=state, reductions=True, late_move_pruning=False)
    assert not late_move_pruned(off, state, quiet, late, 2, 1)


def test_games_without_captures_and_checks_never_prune():
    state = get_game("tictactoe").game.initial_state()
    ctx = SearchContext(lambda s, p: 0, state.to_move(), root=state, reductions=True, late_move_pruning=True)
    assert not ctx.late_move_pruning


def test_only_chess_s_maximum_level_prunes_so_the_rated_budgets_keep_their_meaning():
    entry = get_game("chess")
    flags = [level_options(SearchOptions(), entry.level(number)).late_move_pruning
             for number in range(1, entry.max_level + 1)]
    assert flags == [False] * (entry.max_level - 1) + [True]
