"""The chess evaluation's weights as a vector (games/chess/parameters.py) and their
tuning (training/chess_texel.py, training/chess_texel_data.py)."""
from __future__ import annotations

import random

import chess
import numpy as np
import pytest

from ai.types import MATE
from games.chess import evaluation, parameters
from training.chess_texel import Positions, fit_k, load, tune
from training.chess_texel_data import completed_games, is_quiet, play_game, read_positions
from training.chess_weights_file import weights_text

FENS = (
    chess.STARTING_FEN,
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 1",
    "1kr5/3n4/q3p2p/p2n2p1/PppB1P2/5BP1/1P2Q2P/3R2K1 w - - 0 1",
    "r1b2rk1/pp1nqppp/2p1pn2/3p4/2PP4/2NBPN2/PP3PPP/R2Q1RK1 b - - 0 9",
    "4k3/8/8/3PP3/8/8/8/4K3 w - - 0 1",
    "r5k1/1q3ppp/8/8/8/8/1Q3PPP/R5K1 w - - 0 1",
)


@pytest.fixture
def saved_weights():
    """Put the shipped weights back after the test."""
    before = parameters.get_parameters()
    yield before
    parameters.set_parameters(before)


def _scrambled(values: list[int], seed: int) -> list[int]:
    generator = random.Random(seed)
    return [value + generator.randint(-40, 40) for value in values]


def test_the_vector_round_trips(saved_weights):
    before = [evaluation.evaluate_board(chess.Board(fen)) for fen in FENS]
    parameters.set_parameters(saved_weights)
    assert parameters.get_parameters() == saved_weights
    assert [evaluation.evaluate_board(chess.Board(fen)) for fen in FENS] == before
    changed = _scrambled(saved_weights, 1)
    parameters.set_parameters(changed)
    assert parameters.get_parameters() == changed
    assert [evaluation.evaluate_board(chess.Board(fen)) for fen in FENS] != before
    parameters.set_parameters(saved_weights)
    assert [evaluation.evaluate_board(chess.Board(fen)) for fen in FENS] == before


def test_names_are_unique_and_a_wrong_count_changes_nothing(saved_weights):
    assert len(set(parameters.NAMES)) == len(parameters.NAMES) == len(saved_weights)
    assert "MATERIAL knight mg" in parameters.NAMES and "PIECE_SQUARE pawn eg e4" not in parameters.NAMES
    assert "PIECE_SQUARE pawn eg d4" in parameters.NAMES  # files e-h read d-a
    with pytest.raises(ValueError):
        parameters.set_parameters(saved_weights[:-1])
    assert parameters.get_parameters() == saved_weights


def test_a_weight_moves_the_evaluation_where_it_applies(saved_weights):
    board = chess.Board("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1")  # a lone knight: phase 1 of 24
    before = evaluation.evaluate_board(board)
    changed = list(saved_weights)
    changed[parameters.NAMES.index("MATERIAL knight eg")] += 240
    parameters.set_parameters(changed)
    assert evaluation.evaluate_board(board) - before in (229, 230, 231)  # 240 * 23 / 24


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_coefficients_give_the_evaluation(saved_weights, seed):
    values = saved_weights if seed == 0 else _scrambled(saved_weights, seed)
    parameters.set_parameters(values)
    for fen in FENS:
        board = chess.Board(fen)
        linear = sum(values[index] * share for index, share in parameters.coefficients(board).items())
        assert abs(linear - evaluation.evaluate_board(board)) < 1, fen


@pytest.mark.parametrize("seed", [0, 3])
def test_the_evaluation_stays_colour_symmetric_whatever_the_weights(saved_weights, seed):
    parameters.set_parameters(_scrambled(saved_weights, seed) if seed else saved_weights)
    for fen in FENS:
        board = chess.Board(fen)
        assert evaluation.evaluate_board(board.mirror()) == -evaluation.evaluate_board(board), fen


def test_packed_scores_unpack():
    for middlegame, endgame in ((0, 0), (-5, -3), (7, -300), (-32000, 12345), (250, 90)):
        assert evaluation.unpack(evaluation.pack(middlegame, endgame)) == (middlegame, endgame)
        assert evaluation.unpack(evaluation.pack(middlegame, endgame) + evaluation.pack(3, -4)) == \
            (middlegame + 3, endgame - 4)


def test_the_weights_file_text_holds_the_weights():
    text = weights_text(parameters.weight_constants(), "A header.")
    namespace: dict = {}
    exec(compile(text, "weights.py", "exec"), namespace)
    for name, value in parameters.weight_constants().items():
        assert namespace[name] == value, name


def test_only_quiet_positions_are_kept():
    assert is_quiet(chess.Board())
    assert is_quiet(chess.Board("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"))
    # White's queen can take an undefended rook on a8: a capture beats standing pat
    assert not is_quiet(chess.Board("r3k3/8/8/8/8/8/8/Q3K3 w - - 0 1"))
    # the same with Black to move: Black's rook takes the queen
    assert not is_quiet(chess.Board("r3k3/8/8/8/8/8/8/Q3K3 b - - 0 1"))
    # a pawn defended by a pawn, attacked by a queen only: taking it loses the queen
    assert is_quiet(chess.Board("4k3/8/3p4/4p3/8/8/7Q/4K3 w - - 0 1"))
    # in check
    assert not is_quiet(chess.Board("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1"))
    # a pawn about to promote unopposed
    assert not is_quiet(chess.Board("4k3/P7/8/8/8/8/8/4K3 w - - 0 1"))


def test_a_game_of_the_recipe_repeats_and_keeps_quiet_positions():
    task = (3, 7, 60, 4, 16, (1, 1))  # game 3, seed 7, 60 nodes a move, skip 4 plies, at most 16, one random ply
    first, second = play_game(task), play_game(task)
    assert first == second
    number, result, plies, reason, kept = first
    assert number == 3 and result in ("1", "0.5", "0") and reason
    for line in kept:
        fen, label, game, ply, score = line.split("\t")
        assert label == result and game == "3" and 4 <= int(ply) < plies and abs(int(score)) <= MATE
        assert is_quiet(chess.Board(fen))


def test_an_interrupted_data_file_is_cut_after_its_last_game(tmp_path):
    path = tmp_path / "positions.txt"
    path.write_text("8/8/8/8/8/8/8/K1k5 w - - 0 1\t1\t0\t9\t250\n# game 0 1 30 1 checkmate\n"
                    "8/8/8/8/8/8/8/K2k4 w - - 0 1\t0\t5\t9\n# game 5 0 40 1 adjudicated\n"
                    "8/8/8/8/8/8/8/K3k3 w - - 0 1\t0.5\t2\t12\n8/8/8/8/8", encoding="utf-8")
    assert completed_games(path) == {0, 5}
    assert [(game, score) for _, _, game, score in read_positions(path)] == [(0, 250), (5, None)]
    assert completed_games(tmp_path / "missing.txt") == set()


def test_the_tuner_lowers_the_error_on_a_tiny_set(saved_weights):
    boards, results = [], []
    generator = random.Random(5)
    for _ in range(40):  # White is a knight up and wins, or a knight down and loses
        up = generator.random() < 0.5
        board = chess.Board("4k3/pppppppp/8/8/8/8/PPPPPPPP/1N2K3 w - - 0 1" if up else
                            "1n2k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1")
        boards.append(board)
        results.append(1.0 if up else 0.0)
    positions = Positions(boards, results)
    start = np.asarray(saved_weights, dtype=np.float64)
    knight = [parameters.NAMES.index("MATERIAL knight mg"), parameters.NAMES.index("MATERIAL knight eg")]
    start[knight] = 20.0  # a knight worth almost nothing: the results say otherwise
    k = 1.0
    before = positions.error(start, k)
    tuned, state = tune(positions, start, k, steps=60, rate=5.0)
    assert state["step"] == 60
    assert positions.error(tuned, k) < before - 0.01
    assert tuned[knight[0]] > 20.0 and tuned[knight[1]] > 20.0
    frozen = np.zeros(len(start), dtype=bool)
    frozen[knight] = True
    kept, _ = tune(positions, start, k, steps=5, rate=5.0, frozen=frozen)
    assert list(kept[knight]) == [20.0, 20.0]
    assert 0.1 <= fit_k(positions, tuned) <= 4.0


def test_targets_blend_the_result_with_the_search_score():
    board = chess.Board()
    positions = Positions([board, board, board], [1.0, 0.0, 0.5], [400, -400, None])
    positions.blend(0.25, 1.0)
    assert positions.results[0] == pytest.approx(0.25 + 0.75 / 1.1)  # sigmoid(400) = 1 / (1 + 10 ** -1)
    assert positions.results[1] == pytest.approx(0.75 * (1 - 1 / 1.1))
    assert positions.results[2] == 0.5  # no score: the result alone
    positions.blend(1.0, 1.0)
    assert list(positions.results) == [1.0, 0.0, 0.5]


def test_the_error_against_the_results_ignores_the_blend():
    board = chess.Board()
    positions = Positions([board, board], [1.0, 0.0], [400, -400])
    weights = np.asarray(parameters.get_parameters(), dtype=np.float64)
    before = positions.result_error(weights, 1.0)
    assert before == pytest.approx(positions.error(weights, 1.0))
    positions.blend(0.0, 1.0)
    assert positions.result_error(weights, 1.0) == pytest.approx(before)
    assert positions.error(weights, 1.0) != pytest.approx(before)


def test_several_data_files_load_as_one_set(tmp_path):
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    first.write_text(f"{FENS[1]}\t1\t0\t8\n{FENS[2]}\t1\t3\t9\n# game 0 1 20 1 checkmate\n"
                     "# game 3 1 20 1 checkmate\n", encoding="utf-8")
    second.write_text(f"{FENS[3]}\t0\t10\t8\t-120\n{FENS[4]}\t0.5\t7\t12\t15\n# game 10 0 30 1 adjudicated\n"
                      "# game 7 0.5 40 1 threefold_repetition\n", encoding="utf-8")
    training, validation, games = load([first, second])
    assert games == 4
    assert (training.count, validation.count) == (2, 2)  # games 0 and 10 are the validation games
    assert sorted(validation.game_results) == [0.0, 1.0]
    assert list(np.isnan(training.search_scores)) == [True, False]
