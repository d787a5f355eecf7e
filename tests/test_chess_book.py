"""The Polyglot opening book (games.chess.book, books/opening_book.bin)."""
from __future__ import annotations

import os
import random

import chess
import chess.polyglot
import pytest

from conftest import ROOT
from games.chess.book import ENTRY, OpeningBook, shipped_book
from games.chess.game import Chess

SHIPPED = ROOT / "books" / "opening_book.bin"


def board_after(moves: str) -> chess.Board:
    board = chess.Board()
    for san in moves.split():
        board.push_san(san)
    return board


@pytest.fixture(scope="module")
def book() -> OpeningBook:
    return shipped_book()


def test_the_shipped_book_is_found_and_sound(book):
    assert book.path == SHIPPED
    assert book.available and book.problem == ""
    assert len(book) == SHIPPED.stat().st_size // 16 > 10_000


def test_the_start_position_has_the_main_first_moves(book):
    moves = dict(book.moves(chess.Board()))
    assert {chess.Move.from_uci(text) for text in ("e2e4", "d2d4", "c2c4", "g1f3")} <= set(moves)
    weights = [weight for _, weight in book.moves(chess.Board())]
    assert weights == sorted(weights, reverse=True)
    assert book.moves(Chess().initial_state()) == book.moves(chess.Board())


@pytest.mark.parametrize("moves", ["e4 e5 Nf3 Nc6 Bb5", "e4 c5", "d4 d5 c4", "d4 Nf6 c4 g6", "e4 e6 d4 d5"])
def test_common_openings_have_legal_book_moves_as_python_chess_reads_them(book, moves):
    board = board_after(moves)
    found = book.moves(board)
    assert found and all(board.is_legal(move) for move, _ in found)
    with chess.polyglot.open_reader(SHIPPED) as reader:
        expected = {entry.move: entry.weight for entry in reader.find_all(board)}
    assert dict(found) == expected


def test_castling_comes_back_as_the_king_move(book):
    board = board_after("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6")
    assert chess.Move.from_uci("e1g1") in dict(book.moves(board))


def test_book_lines_played_by_choose_are_legal_and_vary_with_the_seed(book):
    lines = set()
    for seed in range(12):
        rng = random.Random(seed)
        board = chess.Board()
        while (move := book.choose(board, rng)) is not None:
            assert board.is_legal(move)
            board.push(move)
        assert len(board.move_stack) >= 6
        lines.add(tuple(board.move_stack))
    assert len(lines) >= 8


def test_choose_follows_the_weights(book):
    board = chess.Board()
    weights = dict(book.moves(board))
    rng = random.Random(5)
    counts: dict[chess.Move, int] = {}
    for _ in range(2000):
        move = book.choose(board, rng)
        counts[move] = counts.get(move, 0) + 1
    heaviest = max(weights, key=weights.get)
    lightest = min(weights, key=weights.get)
    assert max(counts, key=counts.get) == heaviest
    assert counts.get(lightest, 0) < counts[heaviest]
    assert book.choose(board, rng, minimum_weight=max(weights.values())) == heaviest


def test_positions_out_of_the_book_have_no_move(book):
    board = board_after("a4 h5 a5 h4 a6 h3")
    assert book.moves(board) == [] and book.choose(board, random.Random(1)) is None
    assert book.moves("not a board") == [] and book.choose(None, random.Random(1)) is None


def write_entries(path, entries):
    path.write_bytes(b"".join(ENTRY.pack(key, raw, weight, 0) for key, raw, weight in sorted(entries)))


def test_an_illegal_book_move_and_a_drop_are_never_returned(tmp_path):
    start = chess.polyglot.zobrist_hash(chess.Board())
    e2e4 = (chess.E2 << 6) | chess.E4
    e2e5 = (chess.E2 << 6) | chess.E5  # not legal
    drop = (chess.E4 << 6) | chess.E4
    path = tmp_path / "book.bin"
    write_entries(path, [(start, e2e4, 3), (start, e2e5, 50), (start, drop, 50)])
    book = OpeningBook(path)
    assert book.moves(chess.Board()) == [(chess.Move.from_uci("e2e4"), 3)]
    assert book.choose(chess.Board(), random.Random(0)) == chess.Move.from_uci("e2e4")


def assert_no_book(book: OpeningBook, words: str) -> None:
    assert not book.available and len(book) == 0
    assert words in book.problem
    assert book.moves(chess.Board()) == []
    assert book.choose(chess.Board(), random.Random(0)) is None


def test_a_missing_book_is_no_book(tmp_path):
    assert_no_book(OpeningBook(tmp_path / "absent.bin"), "no opening book")


def test_a_folder_is_no_book(tmp_path):
    assert_no_book(OpeningBook(tmp_path), "cannot be read")


def test_an_empty_book_is_no_book(tmp_path):
    path = tmp_path / "empty.bin"
    path.write_bytes(b"")
    assert_no_book(OpeningBook(path), "empty")


def test_a_truncated_book_is_no_book(tmp_path):
    path = tmp_path / "truncated.bin"
    path.write_bytes(SHIPPED.read_bytes()[:16 * 1000 + 7])
    assert_no_book(OpeningBook(path), "not a whole number")


def test_random_bytes_are_no_book(tmp_path):
    path = tmp_path / "random.bin"
    path.write_bytes(random.Random(3).randbytes(16 * 4096))
    assert_no_book(OpeningBook(path), "not sorted")
    odd = tmp_path / "random-odd.bin"
    odd.write_bytes(os.urandom(16 * 100 + 5))
    assert_no_book(OpeningBook(odd), "damaged")
