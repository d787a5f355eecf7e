"""Protocol features every game gets: perft, MultiPV, Hash, movestogo, strict movetime."""
from __future__ import annotations

from ai.clock import TimeControl, move_limits
from ai.perft import divide, perft
from games.registry import get_game
from test_engine_protocol import run_answered, run_session

GAME = get_game("tictactoe").game


def test_go_perft_prints_each_move_then_the_total_and_no_bestmove():
    code, lines, errors = run_session("position startpos moves b2\ngo perft 3\nquit\n")
    assert code == 0 and not errors
    counts = [line for line in lines if ": " in line and not line.startswith(("info", "Nodes", "Games"))]
    assert len(counts) == 8 and all(line.endswith(": 42") for line in counts)  # 7 * 6 below each reply
    assert lines[-2] == "Nodes searched: 336" and lines[-3] == ""
    # After b2 and any reply, X can complete a line at the third ply at the earliest: none end within 3.
    assert lines[-1] == "Games finished within 3 plies: 0"
    assert not any(line.startswith("bestmove") for line in lines)


def test_perft_counts_the_whole_tic_tac_toe_tree_level_by_level():
    state = GAME.initial_state()
    assert [perft(state, depth) for depth in range(1, 5)] == [9, 72, 504, 3024]
    assert sum(count for _, count in divide(state, 2)) == 72


def test_multipv_reports_ranked_lines_with_different_first_moves():
    code, lines, _ = run_answered("setoption name MultiPV value 3\nposition startpos moves b2\ngo depth 2\n", 1)
    depth_two = [line for line in lines if line.startswith("info depth 2 ")]
    assert [line.split(" multipv ")[1].split()[0] for line in depth_two] == ["1", "2", "3"]
    first_moves = [line.split(" pv ")[1].split()[0] for line in depth_two]
    assert len(set(first_moves)) == 3
    assert lines[-1].startswith("bestmove ") and lines[-1].split()[1] == first_moves[0]


def test_hash_and_multipv_options_are_listed_and_checked():
    code, lines, _ = run_session("uci\nsetoption name Hash value 0\nsetoption name Hash value 16\n"
                                 "setoption name MultiPV value 9\nquit\n")
    assert any(line.startswith("option name Hash type spin default 64 min 1 max") for line in lines)
    assert any(line.startswith("option name MultiPV type spin default 1 min 1 max 5") for line in lines)
    errors = [line for line in lines if line.startswith("info string error")]
    assert len(errors) == 2 and "Hash" in errors[0] and "MultiPV" in errors[1]


def test_movestogo_spends_more_of_the_clock_when_few_moves_remain():
    control = TimeControl.fischer(60, 0)
    plain = move_limits(control, remaining=60)
    last_move = move_limits(control, remaining=60, moves_to_go=1)
    assert last_move.soft_time > 5 * plain.soft_time and last_move.hard_time <= 0.4 * 60


def test_uci_movetime_is_a_limit_the_search_never_passes():
    limits = move_limits(TimeControl.per_move(0.5), strict=True)
    assert limits.absolute_time is not None and limits.absolute_time <= 0.5
    assert move_limits(TimeControl.per_move(0.5)).absolute_time is None  # the app's own time per move
