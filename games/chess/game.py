"""The game of chess as ``games.base.Game``: its entry points and its records.

The rules and positions are in ``games.chess.rules``; whole games as PGN text in
``games.chess.pgn`` and the board editor in ``games.chess.setup``, which build on the
rules. This module joins them, so that none imports another's user (rules <- pgn,
setup <- game).
"""
from __future__ import annotations

from collections.abc import Sequence

import chess

from games.base import Game, GameText, Outcome
from games.chess import pgn
from games.chess.rules import ChessState, position_from_fen, starting_position
from games.chess.setup import ChessEditor


class Chess(Game):
    """Chess (FIDE rules), White moving first."""

    id = "chess"
    title = "Chess"
    player_names = ("White", "Black")
    has_chance = False
    max_utility = 1.0
    perft_counts_finished = False  # the published counts (20, 400, 8,902, ...) leave out games over sooner
    result_reasons = ("checkmate", "stalemate", "insufficient material", "fivefold repetition", "the 75-move rule",
                      "threefold repetition", "the 50-move rule",  # claimed: see ``ChessState.draw_claim``
                      "recorded result")  # a PGN's Result tag: ``games.chess.pgn.RECORDED_RESULT``

    def initial_state(self) -> ChessState:
        """The starting position."""
        return starting_position()

    def parse_position(self, text: str) -> ChessState:
        """A position in FEN; ``InvalidPosition`` saying what is wrong (see
        ``games.chess.rules.position_from_fen``)."""
        return position_from_fen(text)

    def position_editor(self) -> ChessEditor:
        """Pieces on the squares; the side to move, castling rights and en passant."""
        return ChessEditor()

    record_format = "PGN"
    """Whole games are written and read as PGN (``games.chess.pgn``)."""

    def write_record(self, initial: ChessState, moves: Sequence[chess.Move], result: Outcome | None,
                     tags: dict[str, str], comments: dict[int, str]) -> str:
        """The game as PGN text; see ``games.chess.pgn.write_pgn``."""
        return pgn.write_pgn(initial, moves, result, tags, comments)

    def read_records(self, text: str, limit: int | None = None, more: bool = False) -> list[GameText]:
        """Every game of a PGN text, or its first ``limit``; ``InvalidRecord`` saying where
        and why (see ``games.chess.pgn.read_pgn``, also for ``more``)."""
        return pgn.read_pgn(text, limit, more)
