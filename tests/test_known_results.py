"""Endgame tables inside the search (``games.capabilities.KnownResults``): a position the
tables cover, entered by a capture or a pawn move, ends its line with the exact result."""
from __future__ import annotations

import chess
import pytest

import games.chess.rules as chess_rules
from ai.engine import Engine
from ai.types import MATE, SearchLimits
from games.chess.tablebase import MAXIMUM_PIECES, EndgameTables, shipped_tables
from games.registry import get_game

CHESS = get_game("chess")
# Black to move: 1...Rxd1+ 2.Kxd1 leaves king and pawn against king (three pieces).
EXCHANGE_INTO_PAWN_ENDING = "3rk3/8/8/8/8/8/4P3/3RK3 b - - 0 1"


class FakeTables:
    """Tables that know one answer, for any position with three pieces."""

    def __init__(self, plies: int) -> None:
        self.plies = plies
        self.asked: list[str] = []

    def remembered_distance(self, key: int, board: chess.Board) -> int | None:
        self.asked.append(board.fen())
        return self.plies if chess.popcount(board.occupied) == 3 else None


def search(monkeypatch, tables, depth: int = 4):
    monkeypatch.setattr(chess_rules, "shipped_tables", lambda: tables)
    state = CHESS.game.parse_position(EXCHANGE_INTO_PAWN_ENDING)
    return Engine.for_entry(CHESS).search(state, SearchLimits(depth=depth))


def test_a_drawn_ending_in_the_tables_ends_the_line_with_a_draw(monkeypatch):
    tables = FakeTables(0)
    result = search(monkeypatch, tables)
    last = result.infos[-1]
    assert last.score.value == 0 and last.pv_text[:2] == ("d8d1", "e1d1")
    assert len(last.pv) == 2, "the line stops where the tables answer"
    asked = [chess.Board(fen) for fen in tables.asked]
    assert asked and all(chess.popcount(board.occupied) <= MAXIMUM_PIECES and board.halfmove_clock == 0
                         for board in asked), "only few pieces, just after a capture or a pawn move"


def test_a_won_ending_counts_its_distance_from_the_root(monkeypatch):
    # After 1...Rxd1+ White to move: 2.Kxd1 leaves Black to move in the ending, which the
    # fake tables say Black loses in 10 plies: White wins in 11 plies from this root.
    monkeypatch.setattr(chess_rules, "shipped_tables", lambda: FakeTables(-10))
    state = CHESS.game.parse_position(EXCHANGE_INTO_PAWN_ENDING).apply(chess.Move.from_uci("d8d1"))
    result = Engine.for_entry(CHESS).search(state, SearchLimits(depth=3))
    assert result.move == chess.Move.from_uci("e1d1")
    assert result.infos[-1].score.value == MATE - 11 and result.infos[-1].score.plies_to_end == 11


def test_only_positions_entered_by_a_capture_or_pawn_move_are_asked(monkeypatch):
    tables = FakeTables(0)
    monkeypatch.setattr(chess_rules, "shipped_tables", lambda: tables)
    state = CHESS.game.parse_position(EXCHANGE_INTO_PAWN_ENDING)
    after_capture = state.apply(chess.Move.from_uci("d8d1")).apply(chess.Move.from_uci("e1d1"))
    assert after_capture.known_result() == 0
    quiet = after_capture.apply(chess.Move.from_uci("e8e7"))
    assert quiet.known_result() is None and len(tables.asked) == 1
    assert state.known_result() is None  # five pieces, not even asked


@pytest.mark.skipif(not shipped_tables().available, reason="Gaviota tables are not installed")
def test_the_real_tables_know_the_pawn_ending_is_drawn():
    state = CHESS.game.parse_position(EXCHANGE_INTO_PAWN_ENDING)
    result = Engine.for_entry(CHESS).search(state, SearchLimits(depth=4))
    assert result.infos[-1].score.value == 0 and result.infos[-1].pv_text[:2] == ("d8d1", "e1d1")


def test_tables_in_a_missing_folder_answer_nothing():
    tables = EndgameTables(["/nonexistent/gaviota"])
    board = chess.Board("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1")
    assert not tables.available and tables.remembered_distance(1, board) is None
