"""Chess rules through the game protocol: perft counts against the published ones,
notation, positions, the draw rules, and the search capabilities the state offers."""
from __future__ import annotations

import chess
import pytest

from games.base import FIRST, SECOND, IllegalMove, InvalidPosition
from games.chess.evaluation import evaluate, evaluate_board
from games.chess.game import Chess

GAME = Chess()
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def perft(state, depth: int) -> int:
    """Leaf count through the State protocol (the last ply counted, not played)."""
    moves = state.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(perft(state.apply(move), depth - 1) for move in moves)


@pytest.mark.parametrize("fen, depth, count", [
    (chess.STARTING_FEN, 3, 8_902),
    (KIWIPETE, 2, 2_039),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 3, 2_812),  # en passant, checks along the rank
    ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3, 9_467),  # promotions, castling
    ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 2, 1_486),
    ("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 2, 2_079),
])
def test_perft_matches_the_published_counts(fen, depth, count):
    assert perft(GAME.parse_position(fen), depth) == count


def test_kiwipete_depth_three():
    assert perft(GAME.parse_position(KIWIPETE), 3) == 97_862


def test_moves_are_read_in_uci_and_san_and_written_in_both():
    state = GAME.initial_state()
    move = state.parse_move("e2e4")
    assert state.parse_move("e4") == move and state.move_to_text(move) == "e2e4" and state.display_move(move) == "e4"
    knight = state.parse_move("Nf3")
    assert state.move_to_text(knight) == "g1f3"


@pytest.mark.parametrize("text, words", [
    ("e2e5", "cannot move there"),
    ("e7e5", "not yours"),
    ("e3e4", "no piece"),
    ("Ke2", "not legal"),
    ("zz", "not a move"),
    ("", "no move"),
])
def test_illegal_moves_say_why(text, words):
    with pytest.raises(IllegalMove, match=words):
        GAME.initial_state().parse_move(text)


def test_a_move_that_leaves_the_king_in_check_says_so():
    state = GAME.parse_position("4k3/8/8/8/8/8/4r3/4K2R w K - 0 1")  # the rook on e2 checks
    with pytest.raises(IllegalMove, match="check"):
        state.parse_move("h1h2")


@pytest.mark.parametrize("fen, words", [
    ("not a fen", "not FEN"),
    ("8/8/8/8/8/8/8/8 w - - 0 1", "no king"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNP w KQkq - 0 1", "not a possible position"),
    ("4k3/8/8/8/8/8/8/4K2r b - - 0 1", "not to move is in check"),
    ("", "no position"),
])
def test_bad_positions_are_refused_with_a_reason(fen, words):
    with pytest.raises(InvalidPosition, match=words):
        GAME.parse_position(fen)


def test_checkmate_stalemate_and_insufficient_material_end_the_game():
    mate = GAME.initial_state()
    for text in ("f3", "e5", "g4", "Qh4#"):
        mate = mate.play(text)
    assert mate.outcome().winner == SECOND and mate.outcome().reason == "checkmate" and not mate.legal_moves()
    stalemate = GAME.parse_position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert stalemate.outcome().winner is None and stalemate.outcome().reason == "stalemate"
    bare = GAME.parse_position("8/8/4k3/8/8/3NK3/8/8 w - - 0 1")
    assert bare.outcome().reason == "insufficient material" and bare.legal_moves() == []


def test_repetitions_threefold_is_claimed_fivefold_ends_the_game():
    state = GAME.initial_state()
    shuffle = ("Nf3", "Nf6", "Ng1", "Ng8")
    for round_number in range(4):
        for text in shuffle:
            state = state.play(text)
        if round_number == 1:
            assert state.draw_claim() == "threefold repetition" and state.outcome() is None
            assert state.repeats()
    assert state.outcome().reason == "fivefold repetition" and state.legal_moves() == []


def test_fifty_and_seventy_five_move_rules():
    state = GAME.parse_position("4k3/8/8/8/8/8/8/R3K3 w - - 99 80")
    assert state.draw_claim() == "" and state.play("Ra2").draw_claim() == "the 50-move rule"
    late = GAME.parse_position("4k3/8/8/8/8/8/8/R3K3 w - - 149 100").play("Ra2")
    assert late.outcome().reason == "the 75-move rule"


def test_a_capture_or_pawn_move_clears_the_repetition_history():
    state = GAME.initial_state().play("Nf3").play("Nf6")
    assert len(state.history) == 2
    assert state.play("e4").history == ()


def test_states_are_equal_when_the_positions_are_and_hash_alike():
    one = GAME.initial_state().play("e4").play("e5")
    other = GAME.initial_state().play("e2e4").play("e7e5")
    assert one == other and hash(one) == hash(other) and one.table_key() == other.table_key()
    assert one != GAME.initial_state()


def test_noisy_moves_are_the_captures_and_promotions_best_victim_first():
    state = GAME.parse_position("1r2k3/P7/8/3q4/4P3/8/8/4K3 w - - 0 1")
    noisy = [state.display_move(move) for move in state.noisy_moves()]
    # a8 is guarded by the rook: promoting there loses the new piece for a pawn's worth
    # of gain (static exchange), so quiescence leaves those four out
    assert {text.rstrip("+") for text in noisy} == {"exd5", "axb8=Q", "axb8=R", "axb8=B", "axb8=N"}
    assert noisy[0] == "axb8=Q+"
    assert all(state.order_key(state.parse_move(text)) < 0 for text in ("a8=Q", "a8=R", "a8=B", "a8=N"))
    assert all(not state.is_quiet(state.parse_move(text)) for text in noisy)
    assert state.is_quiet(state.parse_move("Kf2"))


def test_evaluation_is_colour_symmetric_and_from_the_players_view():
    import random

    generator = random.Random(5)
    for _ in range(100):
        board = chess.Board()
        for _ in range(generator.randint(0, 70)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(generator.choice(moves))
        assert evaluate_board(board.mirror()) == -evaluate_board(board), board.fen()
    state = GAME.parse_position("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
    assert evaluate(state, FIRST) > 400 and evaluate(state, SECOND) == -evaluate(state, FIRST)


def test_the_search_looks_beyond_its_horizon_through_captures():
    # Black to move; the rook on h8 hangs to Qxh8. A one-ply search that stopped at its
    # horizon would grab the d4 pawn; with quiescence it sees the rook go and saves it.
    from ai.engine import Engine
    from ai.types import SearchLimits, SearchOptions

    state = GAME.parse_position("rnbqk1nr/ppp2pQp/4p3/8/3Pp3/2P5/P1P2PPP/R1B1KBNR b KQkq - 0 6")
    result = Engine(GAME, evaluate, SearchOptions(use_book=False)).search(state, SearchLimits(depth=1))
    assert result.move_text != "d8d4" and result.score.value < 0
    blind = Engine(GAME, evaluate, SearchOptions(use_book=False, quiescence=False)).search(state,
                                                                                          SearchLimits(depth=1))
    assert blind.move_text == "d8d4"  # without quiescence, the horizon hides the loss


def test_writing_and_parsing_moves_never_touches_the_shared_board():
    """The window writes moves of the state a search thread is reading: a push and pop
    on that board, even for an instant, lets the search copy a board with a piece gone
    (python-chess's ``san`` pushes the move to see whether it checks)."""
    game = Chess()
    state = game.parse_position("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")

    def forbidden(*_args):
        raise AssertionError("the state's own board was changed")

    state.board.push = forbidden
    state.board.pop = forbidden
    texts = [state.display_move(move) for move in state.legal_moves()]
    assert "Bb5" in texts and "O-O" not in texts
    pinned = game.parse_position("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1")
    pinned.board.push = pinned.board.pop = forbidden
    with pytest.raises(IllegalMove, match="check"):
        pinned.parse_move("Kd2")
