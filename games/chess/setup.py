"""Chess's board editor: the twelve pieces (FEN's letters, ``K`` .. ``P`` White's and
``k`` .. ``p`` Black's) put on and taken off the squares ``a1`` .. ``h8``. The side to
move, the four castling rights and the en passant file are settings. A position is
checked as FEN is (``games.chess.rules.board_problems``: the kings, pawns on the first
or last rank, the side not to move in check, castling rights that do not fit the kings
and rooks, an impossible en passant square, ...); the move counters are kept from the
position edited, and the repetition history starts afresh."""
from __future__ import annotations

from collections.abc import Callable

import chess

from games.base import FIRST, SECOND, ImpossiblePosition, State
from games.chess.rules import NOT_POSSIBLE, STATUS_WORDS, ChessState, board_problems
from games.setup import GAME_OVER, OFF, ON, PositionEditor, SetupPiece, SetupSetting, choice_of

SIDE, EN_PASSANT = "side", "en_passant"
"""The side to move's and the en passant file's settings."""
CASTLING = {"castle_K": (chess.BB_H1, "White O-O"), "castle_Q": (chess.BB_A1, "White O-O-O"),
            "castle_k": (chess.BB_H8, "Black O-O"), "castle_q": (chess.BB_A8, "Black O-O-O")}
"""The castling rights' settings: the rook's corner each stands for, and its label."""
NO_EN_PASSANT = "-"
"""The en passant setting's value for none."""


def _edited(state: ChessState, change: Callable[[chess.Board], None]) -> ChessState:
    """A new state whose board is a copy of ``state``'s changed by ``change(board)``
    (a state's board is never changed)."""
    board = state.board.copy(stack=False)
    change(board)
    return ChessState(board)


def _en_passant_rank(board: chess.Board) -> int:
    """The rank an en passant square is on with this side to move (6 for White, 3 for Black)."""
    return 5 if board.turn == chess.WHITE else 2


class ChessEditor(PositionEditor):
    """The pieces on the squares, and the side to move, castling and en passant (see
    the module docstring)."""

    pieces = tuple(SetupPiece(symbol, FIRST if symbol.isupper() else SECOND) for symbol in "KQRBNPkqrbnp")
    refusals = (*STATUS_WORDS.values(), NOT_POSSIBLE, GAME_OVER)

    def places(self) -> tuple[str, ...]:
        """The squares, a1 .. h1, a2 .. h8."""
        return tuple(chess.SQUARE_NAMES)

    def contents(self, state: State, place: str) -> tuple[str, ...]:
        """The piece on the square as its FEN letter."""
        piece = state.board.piece_at(self._place_index(place))
        return () if piece is None else (piece.symbol(),)

    def put(self, state: State, place: str, piece: str) -> State:
        """``piece`` on the square, in place of any there."""
        square = self._place_index(place)
        placed = chess.Piece.from_symbol(self._piece(piece).code)
        return _edited(state, lambda board: board.set_piece_at(square, placed))

    def remove(self, state: State, place: str, piece: str | None = None) -> State:
        """The square emptied."""
        square = self._place_index(place)
        return _edited(state, lambda board: board.remove_piece_at(square))

    def settings(self, state: State) -> tuple[SetupSetting, ...]:
        """The side to move, the four castling rights (switches), and the en passant file:
        none, or a file where a pawn of the side not to move stands as after a double step
        (and the one set, if it is set)."""
        board = state.board
        found = [SetupSetting(SIDE, "To move", (("white", "White"), ("black", "Black")),
                              "white" if board.turn == chess.WHITE else "black")]
        for name, (corner, label) in CASTLING.items():
            found.append(SetupSetting(name, label, ((ON, "On"), (OFF, "Off")),
                                      ON if board.castling_rights & corner else OFF, switch=True))
        rank = _en_passant_rank(board)
        pawn_rank, start_rank = (4, 6) if board.turn == chess.WHITE else (3, 1)
        pawn = chess.Piece(chess.PAWN, not board.turn)
        files = [file for file in range(8)
                 if board.piece_at(chess.square(file, pawn_rank)) == pawn
                 and board.piece_at(chess.square(file, rank)) is None
                 and board.piece_at(chess.square(file, start_rank)) is None]
        current = chess.square_file(board.ep_square) if board.ep_square is not None else None
        if current is not None and current not in files:
            files = sorted([*files, current])
        choices = ((NO_EN_PASSANT, "None"),
                   *((chess.FILE_NAMES[file], chess.square_name(chess.square(file, rank))) for file in files))
        found.append(SetupSetting(EN_PASSANT, "En passant", choices,
                                  NO_EN_PASSANT if current is None else chess.FILE_NAMES[current]))
        return tuple(found)

    def with_setting(self, state: State, name: str, value: str) -> State:
        """The side to move (an en passant square follows it to its rank), a castling
        right on or off, or the en passant file (``-`` for none)."""
        setting = next((setting for setting in self.settings(state) if setting.name == name), None)
        if setting is None:
            return super().with_setting(state, name, value)
        choice_of(setting, value)

        def change(board: chess.Board) -> None:
            if name == SIDE:
                file = None if board.ep_square is None else chess.square_file(board.ep_square)
                board.turn = value == "white"
                board.ep_square = None if file is None else chess.square(file, _en_passant_rank(board))
            elif name == EN_PASSANT:
                board.ep_square = None if value == NO_EN_PASSANT else \
                    chess.square(chess.FILE_NAMES.index(value), _en_passant_rank(board))
            else:
                corner = CASTLING[name][0]
                board.castling_rights = board.castling_rights | corner if value == ON \
                    else board.castling_rights & ~corner

        return _edited(state, change)

    def cleared(self, state: State) -> State:
        """No piece, no castling, no en passant; the side to move and the move number kept."""
        def change(board: chess.Board) -> None:
            board.clear_board()
            board.castling_rights = chess.BB_EMPTY
            board.ep_square = None

        return _edited(state, change)

    def check(self, state: State) -> State:
        """The position, if it can occur (the first of ``board_problems`` otherwise)."""
        problems = board_problems(state.board)
        if problems:
            raise ImpossiblePosition(problems[0])
        return ChessState(state.board.copy(stack=False))
