"""The search lab's comparison: every algorithm on one position agrees on the value, and
the node counts show what pruning saves."""
from __future__ import annotations

import csv
import io
import subprocess
import sys
import threading
from dataclasses import replace

import pytest

from ai.lab import compare, comparison, csv_text, disagreement, searches_of, table_text
from conftest import HANG_TIMEOUT, ROOT
from games.registry import get_game


def test_the_four_algorithms_agree_and_pruning_visits_fewer_nodes():
    entry = get_game("tictactoe")
    rows = compare(entry, entry.game.parse_position("X../.O./..."), 7)
    assert disagreement(rows) == ""
    nodes = {(row.algorithm, row.enhanced): row.nodes for row in rows}
    assert nodes[("minimax", False)] > nodes[("alpha-beta", False)] >= nodes[("alpha-beta", True)]
    assert nodes[("alpha-beta", False)] == nodes[("negamax", False)]  # the same algorithm in two forms
    assert len({row.best_move for row in rows if row.algorithm == "minimax"}) == 1


def test_chess_quarto_and_backgammon_agree_too():
    for game_id, moves, depth in (("chess", ["e2e4"], 2), ("quarto", [":12", "a1:3", "b2:5", "c3:0"], 2),
                                  ("backgammon", ["31-first"], 2)):
        entry = get_game(game_id)
        state = entry.game.initial_state()
        for move in moves:
            state = state.play(move)
        rows = compare(entry, state, depth)
        assert disagreement(rows) == "", (game_id, rows)
        assert len(rows) == (4 if entry.game.has_chance else 7)


def test_the_table_is_exported_as_csv():
    entry = get_game("tictactoe")
    rows = compare(entry, entry.game.initial_state(), 3)
    table = list(csv.reader(io.StringIO(csv_text(rows))))
    assert table[0][:3] == ["algorithm", "table_and_ordering", "nodes"] and len(table) == len(rows) + 1
    assert [int(line[2]) for line in table[1:]] == [row.nodes for row in rows]


def test_a_malformed_position_is_refused_with_a_message():
    finished = subprocess.run([sys.executable, str(ROOT / "main.py"), "lab", "--game", "chess", "--position",
                               "not a fen"], capture_output=True, text=True, timeout=HANG_TIMEOUT)
    assert finished.returncode == 2 and finished.stderr.startswith("error:")


def test_cutoffs_are_counted_where_pruning_happens():
    entry = get_game("tictactoe")
    rows = {(row.algorithm, row.enhanced): row for row in compare(entry, entry.game.initial_state(), 6)}
    assert rows[("minimax", False)].cutoffs == 0
    assert rows[("alpha-beta", False)].cutoffs > 0 and rows[("PVS", True)].cutoffs > 0


def test_a_node_budget_stops_a_search_and_the_next_one_runs():
    entry = get_game("tictactoe")
    state = entry.game.parse_position(".../.../...")
    rows = list(comparison(entry, state, 9, node_limit=20_000, searches=[("minimax", False), ("PVS", True)]))
    assert [row.label for row in rows] == ["minimax", "PVS + table and ordering"]
    assert not rows[0].finished and rows[0].nodes >= 20_000  # minimax needs 549,946 nodes here
    assert rows[1].finished and rows[1].value == 0           # the empty board is a draw
    assert disagreement(rows) == ""                          # a stopped row has no value to disagree with
    assert "stopped" in table_text(rows, 100)[1]


def test_a_stop_request_ends_the_comparison_without_a_row():
    entry = get_game("tictactoe")
    stop = threading.Event()
    stop.set()
    assert list(comparison(entry, entry.game.initial_state(), 9, stop_event=stop)) == []


def test_a_search_the_game_does_not_have_is_refused():
    entry = get_game("backgammon")
    with pytest.raises(ValueError, match="no search 'minimax'"):
        list(comparison(entry, entry.game.parse_position("EwAAUAQAAAAAAA first -").apply(
            next(iter(entry.game.parse_position("EwAAUAQAAAAAAA first -").legal_moves()))), 1,
            searches=[("minimax", False)]))
    assert searches_of(entry) == [("expectiminimax", False), ("expectiminimax", True),
                                  ("expectiminimax + Star1/Star2", False), ("expectiminimax + Star1/Star2", True)]


def test_each_iteration_reports_the_nodes_under_its_first_root_move():
    from ai.engine import Engine
    from ai.types import Algorithm, SearchLimits, SearchOptions
    entry = get_game("tictactoe")
    engine = Engine(entry.game, entry.evaluate, SearchOptions(algorithm=Algorithm.MINIMAX, solve_within=0))
    infos = list(engine.iterate(entry.game.initial_state(), SearchLimits(depth=2)))
    # minimax visits everything: depth 1 is the root and 9 leaves, depth 2 each move's 8 replies
    assert [info.first_move_nodes for info in infos] == [1, 9]
    assert [info.nodes for info in infos] == [10, 10 + 1 + 9 * 9]


def zero_ply_choice(evaluate, state):
    """The play ``evaluate`` likes best at 0-ply, found without the lab: each play's
    position judged by the evaluation alone (the mover's point of view); and its value."""
    mover = state.to_move()
    values = {move: evaluate(state.apply(move), mover) for move in state.legal_moves()}
    best = max(values, key=values.get)
    assert sorted(values.values())[-2] < values[best]  # no tie: the lab's choice is this one
    return state.display_move(best), values[best]


def test_each_search_runs_once_per_evaluation_with_rows_named_after_it():
    entry = get_game("backgammon")
    state = entry.game.parse_position("2N3AgAUbzsERQA first 33")  # White enters from the bar with 3-3
    searches = [("expectiminimax", False), ("expectiminimax + Star1/Star2", True)]
    rows = list(comparison(entry, state, 1, searches=searches, evaluations=["learned", "hand-made"]))
    assert [(row.algorithm, row.enhanced, row.evaluation) for row in rows] == [
        ("expectiminimax", False, "learned"), ("expectiminimax", False, "hand-made"),
        ("expectiminimax + Star1/Star2", True, "learned"), ("expectiminimax + Star1/Star2", True, "hand-made")]
    assert rows[1].label == "expectiminimax (hand-made)" and all(row.finished for row in rows)
    for evaluation in entry.evaluations:
        move, value = zero_ply_choice(evaluation.evaluate, state)
        own = [row for row in rows if row.evaluation == evaluation.name]
        assert [(row.best_move, round(row.value)) for row in own] == [(move, value)] * 2, evaluation.name
    assert rows[0].best_move != rows[1].best_move  # the two evaluations choose differently here
    assert disagreement(rows) == ""  # only the rows of one evaluation must agree
    assert disagreement([rows[0], replace(rows[2], value=rows[2].value + 1)]).startswith("the values differ")
    table = list(csv.DictReader(io.StringIO(csv_text(rows))))
    assert [line["evaluation"] for line in table] == ["learned", "hand-made"] * 2
    assert "expectiminimax (hand-made)" in table_text(rows, 1000)[2]


def test_without_evaluations_the_game_s_own_is_used_and_unknown_ones_are_refused():
    entry = get_game("backgammon")
    state = entry.game.parse_position("2N3AgAUbzsERQA first 33")
    plain, = comparison(entry, state, 1, searches=[("expectiminimax", False)])
    learned, = comparison(entry, state, 1, searches=[("expectiminimax", False)], evaluations=["learned"])
    assert plain.evaluation == "" and plain.label == "expectiminimax" and learned.evaluation == "learned"
    assert (plain.best_move, plain.value) == (learned.best_move, learned.value)
    with pytest.raises(ValueError, match="no evaluation 'pubeval'"):
        next(comparison(entry, state, 1, evaluations=["learned", "pubeval"]))
    with pytest.raises(ValueError, match="no evaluation was chosen"):
        next(comparison(entry, state, 1, evaluations=[]))
    tictactoe = get_game("tictactoe")
    with pytest.raises(ValueError, match="none to choose from"):
        next(comparison(tictactoe, tictactoe.game.initial_state(), 1, evaluations=["learned"]))
