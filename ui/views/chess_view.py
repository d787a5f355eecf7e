"""The chess board: pieces moved by drag-and-drop or click-click, legal squares shown,
an on-board promotion picker, check and last-move highlights, the hint as an arrow,
and strips above and below the board with each side's captured pieces and lead.

Squares are python-chess square numbers (a1 = 0, h8 = 63). A half-made move (the
selected piece, a piece being dragged, an open promotion picker) belongs to one
position: when the view is given another one it is forgotten. ``draw`` changes
nothing; images are made once per size (``ui.views.chess_pieces``).
"""
from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

import chess
import pygame

from games.base import State
from games.chess.rules import ChessState
from ui import theme
from ui.i18n import mark, tr
from ui.views import chess_pieces
from ui.views.base import BoardDecorations, BoardView

LIGHT_SQUARE = (240, 217, 181)
DARK_SQUARE = (181, 136, 99)
LAST_MOVE = (155, 199, 0, 105)
SELECTED = (20, 85, 30, 128)
DESTINATION = (20, 85, 30, 128)
CAPTURE = (20, 85, 0, 90)
HOVER = (20, 85, 30, 77)
HINT = (21, 120, 27)
PICKER_DIM = (110, 110, 110)
"""The board under the promotion picker is multiplied by this (darkened)."""
STRIP_BACKGROUND = (148, 154, 166)

STRIP_FRACTION = 0.068
"""Height of each captured-pieces strip as a fraction of the board's side."""
SMALLEST_STRIP = 16
DRAG_THRESHOLD = 4
"""Pixels the pointer must travel before a pressed piece leaves its square."""
PROMOTION_CHOICES = (chess.QUEEN, chess.KNIGHT, chess.ROOK, chess.BISHOP)
MATERIAL = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9}
STARTING_COUNT = {chess.PAWN: 8, chess.KNIGHT: 2, chess.BISHOP: 2, chess.ROOK: 2, chess.QUEEN: 1}
COLOUR_NAMES = {chess.WHITE: mark("White"), chess.BLACK: mark("Black")}
PIECES_ON = {chess.PAWN: mark("the pawn on {square}"), chess.KNIGHT: mark("the knight on {square}"),
             chess.BISHOP: mark("the bishop on {square}"), chess.ROOK: mark("the rook on {square}"),
             chess.QUEEN: mark("the queen on {square}"), chess.KING: mark("the king on {square}")}
"""A piece named by where it stands, one text per piece (Italian nouns differ in gender)."""


def _piece_on(piece_type: int, square: int) -> str:
    """``the knight on f3`` in the current language."""
    return tr(PIECES_ON[piece_type], square=chess.square_name(square))


def _sentence(text: str) -> str:
    """``text`` with its first letter a capital."""
    return text[:1].upper() + text[1:]


@dataclass
class _Drag:
    """A piece held down by the pointer: where it came from, where the pointer is now,
    whether it has travelled (``moved``) and whether it was selected before the press."""

    square: int
    start: tuple[int, int]
    position: tuple[int, int]
    was_selected: bool
    moved: bool = False


def captured_pieces(board: chess.Board, colour: chess.Color) -> list[int]:
    """The piece types of ``colour`` no longer on ``board`` (pawns first, then knights,
    bishops, rooks, queens). A promoted pawn counts as the pawn gone, not as a capture:
    pieces beyond the starting set make up for missing pawns."""
    counts = {piece_type: len(board.pieces(piece_type, colour)) for piece_type in STARTING_COUNT}
    extra = sum(max(0, counts[piece_type] - STARTING_COUNT[piece_type]) for piece_type in STARTING_COUNT
                if piece_type != chess.PAWN)
    missing = {piece_type: max(0, STARTING_COUNT[piece_type] - counts[piece_type]) for piece_type in STARTING_COUNT}
    missing[chess.PAWN] = max(0, missing[chess.PAWN] - extra)
    return [piece_type for piece_type in (chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN)
            for _ in range(missing[piece_type])]


def material_lead(board: chess.Board, colour: chess.Color) -> int:
    """How many points (pawn 1, knight and bishop 3, rook 5, queen 9) ``colour`` is ahead."""
    def points(side: chess.Color) -> int:
        return sum(value * len(board.pieces(piece_type, side)) for piece_type, value in MATERIAL.items())
    return points(colour) - points(not colour)


class ChessView(BoardView):
    """Draws ``ChessState``s and turns pointer presses, drags and releases into
    ``chess.Move``s (see the module docstring and ``help_entries``)."""

    player_colours = ((240, 240, 240), (30, 30, 30))
    move_instruction = mark("drag a piece, or click it and then its square")
    seat_second_player_at_bottom = True
    aspect_ratio = 1 / (1 + 2 * STRIP_FRACTION)
    options = {"always_queen": (mark("Always queen"), False)}
    option_short_labels = {"always_queen": mark("Auto-queen")}

    def __init__(self) -> None:
        super().__init__()
        self._release_note = ""
        self.board_rect = pygame.Rect(0, 0, 0, 0)
        self.square_size = 0
        self.top_strip = pygame.Rect(0, 0, 0, 0)
        self.bottom_strip = pygame.Rect(0, 0, 0, 0)
        self._state_key: int | None = None
        self._selected: int | None = None
        self._targets: list[chess.Move] = []
        self._drag: _Drag | None = None
        self._promotion: tuple[int, int] | None = None
        self._pointer: tuple[int, int] | None = None
        self._refusal: tuple[tuple[int, int], int, str] | None = None
        self._board_images: dict[tuple, pygame.Surface] = {}

    # -- geometry ------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        """The largest board whose side is a multiple of 8 that fits in ``rect`` with a
        strip above and below it (at the left of ``rect``, centred vertically)."""
        super().layout(rect)
        side = min(rect.width, rect.height / (1 + 2 * STRIP_FRACTION))
        strip = max(SMALLEST_STRIP, round(side * STRIP_FRACTION))
        side = max(8, min(side, rect.height - 2 * strip))
        self.square_size = max(1, int(side) // 8)
        board = 8 * self.square_size
        top = rect.top + max(0, (rect.height - board - 2 * strip) // 2)
        self.top_strip = pygame.Rect(rect.left, top, board, strip)
        self.board_rect = pygame.Rect(rect.left, top + strip, board, board)
        self.bottom_strip = pygame.Rect(rect.left, self.board_rect.bottom, board, strip)
        self._board_images.clear()

    def board_area(self) -> pygame.Rect:
        """The 8x8 board, without the strips."""
        return self.board_rect

    def square_rect(self, square: int) -> pygame.Rect:
        """Screen rectangle of ``square`` (a1 = 0) in the current orientation."""
        column, row = chess.square_file(square), chess.square_rank(square)
        if self.flipped:
            column, row = 7 - column, 7 - row
        size = self.square_size
        return pygame.Rect(self.board_rect.left + column * size, self.board_rect.top + (7 - row) * size, size, size)

    def square_at(self, position: tuple[int, int]) -> int | None:
        """The square under ``position``, or ``None`` off the board."""
        if self.square_size <= 0 or not self.board_rect.collidepoint(position):
            return None
        column = (position[0] - self.board_rect.left) // self.square_size
        row = 7 - (position[1] - self.board_rect.top) // self.square_size
        if self.flipped:
            column, row = 7 - column, 7 - row
        return chess.square(column, row)

    # -- the half-made move ---------------------------------------------------------------
    def cancel_selection(self) -> None:
        """Put down the selected or dragged piece and close the promotion picker."""
        self._selected = None
        self._targets = []
        self._drag = None
        self._promotion = None

    def _follow(self, state: ChessState) -> None:
        """Forget a half-made move that belongs to another position than ``state``."""
        key = state.table_key()
        if key != self._state_key:
            self.cancel_selection()
            self._state_key = key

    def _shows_selection(self, state: ChessState) -> bool:
        return self._state_key == state.table_key() and state.outcome() is None

    def _select(self, square: int, state: ChessState) -> None:
        self._selected = square
        self._targets = [move for move in state.legal_moves() if move.from_square == square]

    def _move_to(self, square: int, state: ChessState) -> chess.Move | None:
        """The legal move of the selected piece to ``square`` (a king onto its own rook
        castles), promotion not yet chosen (``None`` if there is none)."""
        if self._selected is None:
            return None
        moves = [move for move in self._targets if move.to_square == square]
        board = state.board
        if not moves and board.piece_type_at(self._selected) == chess.KING and \
                board.piece_at(square) == chess.Piece(chess.ROOK, board.turn):
            step = 2 if square > self._selected else -2
            moves = [move for move in self._targets if move.to_square == self._selected + step
                     and board.is_castling(move)]
        return moves[0] if moves else None

    def _complete(self, move: chess.Move) -> chess.Move | None:
        """``move`` ready to play, or ``None`` while the promotion picker asks for the piece."""
        if move.promotion is None:
            self.cancel_selection()
            return move
        if self.option_values.get("always_queen", False):
            self.cancel_selection()
            return chess.Move(move.from_square, move.to_square, chess.QUEEN)
        self._drag = None
        self._promotion = (move.from_square, move.to_square)
        return None

    def promotion_squares(self) -> list[tuple[int, int]]:
        """The open promotion picker: ``(square, piece type)`` for queen, knight, rook and
        bishop, in a column from the promotion square towards the middle ([] if closed)."""
        if self._promotion is None:
            return []
        target = self._promotion[1]
        step = -8 if chess.square_rank(target) == 7 else 8
        return [(target + index * step, piece_type) for index, piece_type in enumerate(PROMOTION_CHOICES)]

    # -- the pointer -----------------------------------------------------------------------
    def pointer_down(self, position: tuple[int, int], state: State) -> Hashable | None:
        """A press: choose in an open promotion picker (elsewhere closes it), complete
        the selected piece's move, or pick up one of the mover's pieces (select it and
        start dragging it). Anything else puts the selected piece down."""
        self._follow(state)
        square = self.square_at(position)
        self._refusal = (tuple(position), state.table_key(), self._explain(square, state))
        if self._promotion is not None:
            choice = next((piece_type for picked, piece_type in self.promotion_squares() if picked == square), None)
            origin, target = self._promotion
            self.cancel_selection()
            self._refusal = (tuple(position), state.table_key(), "")
            return chess.Move(origin, target, choice) if choice is not None else None
        if square is None:
            self.cancel_selection()
            return None
        move = self._move_to(square, state)
        if move is not None:
            return self._complete(move)
        piece = state.board.piece_at(square)
        if piece is not None and piece.color == state.board.turn:
            was_selected = self._selected == square
            self._select(square, state)
            self._drag = _Drag(square, tuple(position), tuple(position), was_selected)
            return None
        self.cancel_selection()
        return None

    def pointer_move(self, position: tuple[int, int]) -> None:
        """A held piece follows the pointer; remembers the pointer for hover highlights."""
        self._pointer = tuple(position)
        drag = self._drag
        if drag is not None:
            drag.position = tuple(position)
            if abs(position[0] - drag.start[0]) + abs(position[1] - drag.start[1]) >= DRAG_THRESHOLD:
                drag.moved = True

    def pointer_up(self, position: tuple[int, int], state: State) -> Hashable | None:
        """A release: a held piece dropped on a square it may go to makes that move;
        released on its own square it stays selected (a second click on a selected piece
        without dragging puts it down); dropped anywhere else it goes back."""
        self._release_note = ""
        drag = self._drag
        if drag is None:
            return None
        self._drag = None
        self._follow(state)
        if self._selected != drag.square:
            return None
        square = self.square_at(position)
        if square == drag.square:
            if drag.was_selected and not drag.moved:
                self.cancel_selection()
            return None
        move = self._move_to(square, state) if square is not None else None
        if move is None:
            if square is not None and drag.moved:
                self._release_note = self._why_not(drag.square, square, state.board)
            self.cancel_selection()
            return None
        return self._complete(move)

    def release_note(self) -> str:
        """Why the last drop made no move ("" when nothing needs saying)."""
        return self._release_note

    # -- words -------------------------------------------------------------------------------
    def help_entries(self) -> list[tuple[str, str]]:
        """Moving pieces by dragging or by clicking, and the promotion picker."""
        return [
            (tr("Drag a piece"), tr("drop it on a square to move it there; dots show where it may go, "
                                    "rings show what it may capture")),
            (tr("Click a piece, then a square"), tr("the same move in two clicks; click the piece again or an "
                                                    "empty square to put it down, another of yours to choose "
                                                    "that one")),
            (tr("King onto its rook"), tr("castles (or move the king two squares)")),
            (tr("Pawn to the last rank"), tr("choose queen, knight, rook or bishop on the board; a click elsewhere "
                                             "cancels (Always queen: a queen at once)")),
        ]

    def refusal(self, position: tuple[int, int], state: State) -> str:
        """Why the last press at ``position`` made no move: a piece of the side not to
        move, an empty square, a square the selected piece cannot reach (and why not:
        check, a pin, castling rules), or a piece that cannot move at all. "" when the
        press did something (picked a piece up, opened the promotion picker)."""
        if self._refusal is not None and self._refusal[:2] == (tuple(position), state.table_key()):
            return self._refusal[2]
        return self._explain(self.square_at(position), state)

    def _explain(self, square: int | None, state: ChessState) -> str:
        """What a press on ``square`` with the current selection fails to do, in words."""
        if square is None or self._promotion is not None or state.outcome() is not None:
            return ""
        board = state.board
        piece = board.piece_at(square)
        mover, other = tr(COLOUR_NAMES[board.turn]), tr(COLOUR_NAMES[not board.turn])
        selected = self._selected if self._state_key == state.table_key() else None
        if selected is not None and board.color_at(selected) == board.turn and selected != square:
            if self._move_to(square, state) is not None:
                return ""
            if piece is not None and piece.color == board.turn:
                return self._why_stuck(square, state)
            return self._why_not(selected, square, board)
        if piece is None:
            return tr("There is no piece on {square}: choose one of {mover}'s pieces",
                      square=chess.square_name(square), mover=mover)
        if piece.color != board.turn:
            return tr("That is {other}'s piece: it is {mover}'s turn", other=other, mover=mover)
        return self._why_stuck(square, state)

    @staticmethod
    def _why_stuck(square: int, state: ChessState) -> str:
        """Why the mover's piece on ``square`` has no legal move ("" if it has one)."""
        if any(move.from_square == square for move in state.legal_moves()):
            return ""
        board = state.board
        piece_type = board.piece_type_at(square)
        where = _piece_on(piece_type, square)
        tried = [move for move in board.generate_pseudo_legal_moves(from_mask=chess.BB_SQUARES[square])]
        if not tried:
            return _sentence(tr("{piece} has no move: it is blocked", piece=where))
        if board.is_check():
            if piece_type == chess.KING:
                return tr("Your king is in check and has no safe square: block the check or capture the checking "
                          "piece")
            return tr("Your king is in check: {piece} cannot get it out of check", piece=where)
        if board.is_pinned(board.turn, square):
            return _sentence(tr("{piece} is pinned: moving it would leave your king in check", piece=where))
        if piece_type == chess.KING:
            return tr("Your king has no safe square to move to")
        return tr("Every move of {piece} would leave your king in check", piece=where)

    @staticmethod
    def _why_not(origin: int, square: int, board: chess.Board) -> str:
        """Why the mover's piece on ``origin`` cannot go to ``square``."""
        piece_type = board.piece_type_at(origin)
        there = chess.square_name(square)
        if piece_type == chess.KING and chess.square_rank(origin) == chess.square_rank(square) and \
                abs(chess.square_file(origin) - chess.square_file(square)) == 2 and \
                origin == (chess.E1 if board.turn == chess.WHITE else chess.E8):
            return ChessView._why_no_castling(board, square > origin)
        promotion = chess.QUEEN if piece_type == chess.PAWN and chess.square_rank(square) in (0, 7) else None
        move = chess.Move(origin, square, promotion)
        where = _piece_on(piece_type, origin)
        if board.is_pseudo_legal(move):
            if piece_type == chess.KING:
                return tr("The king cannot move to {square}: it would be in check there", square=there)
            if board.is_check():
                return tr("Your king is in check: that move does not get out of it")
            if board.is_pinned(board.turn, origin):
                return _sentence(tr("{piece} is pinned: moving it to {square} would leave your king in check",
                                    piece=where, square=there))
            return tr("That move would leave your king in check")
        return _sentence(tr("{piece} cannot move to {square}", piece=where, square=there))

    @staticmethod
    def _why_no_castling(board: chess.Board, kingside: bool) -> str:
        """Why the mover cannot castle on that side now."""
        side = tr("kingside") if kingside else tr("queenside")
        mover = tr(COLOUR_NAMES[board.turn])
        rights = board.has_kingside_castling_rights(board.turn) if kingside else \
            board.has_queenside_castling_rights(board.turn)
        if not rights:
            return tr("{mover} can no longer castle {side}: the king or that rook has already moved", mover=mover,
                      side=side)
        if board.is_check():
            return tr("You cannot castle while your king is in check")
        rank = 0 if board.turn == chess.WHITE else 7
        between = (5, 6) if kingside else (1, 2, 3)
        if any(board.piece_at(chess.square(file, rank)) for file in between):
            return tr("You cannot castle {side}: the squares between the king and the rook must be empty", side=side)
        crossed, landing = (chess.square(file, rank) for file in ((5, 6) if kingside else (3, 2)))
        if board.is_attacked_by(not board.turn, crossed):
            return tr("You cannot castle {side}: the king may not pass through {square}, which is attacked",
                      side=side, square=chess.square_name(crossed))
        if board.is_attacked_by(not board.turn, landing):
            return tr("You cannot castle {side}: the king would be in check on {square}", side=side,
                      square=chess.square_name(landing))
        return tr("You cannot castle {side} now", side=side)

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, state: State, decorations: BoardDecorations) -> None:
        """The board with its highlights, the pieces, the half-made move (targets, the
        dragged piece, the promotion picker), the hint arrow and the captured-pieces
        strips. A finished game shows only the position, its last move and check."""
        if self.square_size <= 0:
            return
        board = state.board
        size = self.square_size
        surface.blit(self._board_image(), self.board_rect.topleft)
        top_colour = chess.WHITE if self.flipped else chess.BLACK
        self._draw_strip(surface, self.top_strip, board, top_colour)
        self._draw_strip(surface, self.bottom_strip, board, not top_colour)
        last = decorations.last_move
        if isinstance(last, chess.Move):
            tint = chess_pieces.square_tint(size, LAST_MOVE)
            for square in {last.from_square, last.to_square}:
                surface.blit(tint, self.square_rect(square))
        live = self._shows_selection(state)
        selected = self._selected if live else None
        if selected is not None:
            surface.blit(chess_pieces.square_tint(size, SELECTED), self.square_rect(selected))
        if board.is_check():
            king = board.king(board.turn)
            if king is not None:
                surface.blit(chess_pieces.check_glow(size), self.square_rect(king))
        drag = self._drag if live and self._drag is not None and self._drag.moved else None
        pointer = drag.position if drag is not None else (decorations.mouse or self._pointer)
        if selected is not None and pointer is not None and self._promotion is None:
            hovered = self.square_at(pointer)
            if hovered is not None and any(move.to_square == hovered for move in self._targets):
                surface.blit(chess_pieces.square_tint(size, HOVER), self.square_rect(hovered))
        for square, piece in board.piece_map().items():
            alpha = 90 if drag is not None and square == drag.square else 255
            image = chess_pieces.piece_image(piece, size, alpha)
            surface.blit(image, image.get_rect(center=self.square_rect(square).center))
        if selected is not None and self._promotion is None:
            for target in {move.to_square for move in self._targets}:
                capture = board.piece_at(target) is not None
                marker = chess_pieces.capture_ring(size, CAPTURE) if capture else \
                    chess_pieces.move_dot(size, DESTINATION)
                surface.blit(marker, self.square_rect(target))
        if isinstance(decorations.hint_move, chess.Move) and state.outcome() is None:
            self._draw_arrow(surface, decorations.hint_move, decorations.pulse)
        if drag is not None:
            piece = board.piece_at(drag.square)
            if piece is not None:
                image = chess_pieces.piece_image(piece, round(size * 1.1))
                surface.blit(image, image.get_rect(center=drag.position))
        if live and self._promotion is not None:
            self._draw_picker(surface, board, pointer)

    def setup_place_rect(self, place: str) -> pygame.Rect | None:
        """The square named ``place`` (``a1`` .. ``h8``)."""
        return self.square_rect(chess.SQUARE_NAMES.index(place)) if place in chess.SQUARE_NAMES else None

    def draw_setup_piece(self, surface: pygame.Surface, rect: pygame.Rect, piece: str) -> None:
        """The piece whose FEN letter is ``piece``."""
        image = chess_pieces.piece_image(chess.Piece.from_symbol(piece), min(rect.width, rect.height))
        surface.blit(image, image.get_rect(center=rect.center))

    def _board_image(self) -> pygame.Surface:
        """The squares and their coordinates, made once per size and orientation (cached)."""
        key = (self.square_size, self.flipped, theme.text_scale)
        image = self._board_images.get(key)
        if image is not None:
            return image
        size = self.square_size
        image = pygame.Surface((8 * size, 8 * size))
        label = max(round(theme.SMALLEST_TEXT * theme.text_scale), round(size * 0.19))
        label = min(label, max(theme.SMALLEST_TEXT, round(size * 0.42)))
        pad = max(1, round(size * 0.05))
        for row in range(8):
            for column in range(8):
                file, rank = (7 - column, row) if self.flipped else (column, 7 - row)
                light = (file + rank) % 2 == 1
                rect = pygame.Rect(column * size, row * size, size, size)
                image.fill(LIGHT_SQUARE if light else DARK_SQUARE, rect)
                ink = DARK_SQUARE if light else LIGHT_SQUARE
                if column == 0:
                    theme.draw_text(image, str(rank + 1), (rect.left + pad, rect.top + pad // 2), label, ink,
                                    style="bold")
                if row == 7:
                    theme.draw_text(image, chess.FILE_NAMES[file], (rect.right - pad, rect.bottom), label, ink,
                                    style="bold", anchor="bottomright")
        self._board_images[key] = image
        return image

    def _draw_arrow(self, surface: pygame.Surface, move: chess.Move, pulse: float) -> None:
        """The hint: a green arrow from the piece to its square, pulsing."""
        start = self.square_rect(move.from_square).center
        end = self.square_rect(move.to_square).center
        level = round(max(0.0, min(1.0, pulse)) * 6) / 6
        width = max(3, round(self.square_size * (0.15 + 0.04 * level)))
        alpha = round(150 + 70 * level)
        image, origin = chess_pieces.arrow_image(end[0] - start[0], end[1] - start[1], width, (*HINT, alpha))
        surface.blit(image, (start[0] - origin[0], start[1] - origin[1]))

    def _draw_picker(self, surface: pygame.Surface, board: chess.Board, pointer: tuple[int, int] | None) -> None:
        """The promotion picker over the dimmed board."""
        size = self.square_size
        surface.fill(PICKER_DIM, self.board_rect, special_flags=pygame.BLEND_RGB_MULT)
        hovered = self.square_at(pointer) if pointer is not None else None
        for square, piece_type in self.promotion_squares():
            rect = self.square_rect(square)
            highlighted = square == hovered
            surface.blit(chess_pieces.picker_disc(size, highlighted), rect)
            image = chess_pieces.piece_image(chess.Piece(piece_type, board.turn),
                                             size if highlighted else round(size * 0.82))
            surface.blit(image, image.get_rect(center=rect.center))

    def _draw_strip(self, surface: pygame.Surface, rect: pygame.Rect, board: chess.Board,
                    colour: chess.Color) -> None:
        """The pieces ``colour`` has captured, as small images, and "+N" if it is ahead."""
        taken = captured_pieces(board, not colour)
        lead = material_lead(board, colour)
        if not taken and lead <= 0:
            return
        height = rect.height
        piece_size = max(8, round(height * 0.92))
        x = rect.left
        if taken:
            overlap = round(piece_size * 0.5)
            group_gap = round(piece_size * 0.78)
            width = piece_size + sum(overlap if taken[index] == taken[index - 1] else group_gap
                                     for index in range(1, len(taken)))
            background = pygame.Rect(x, rect.top + 1, width + 6, height - 2)
            pygame.draw.rect(surface, STRIP_BACKGROUND, background, border_radius=max(2, height // 3))
            x += 3
            for index, piece_type in enumerate(taken):
                if index:
                    x += overlap if piece_type == taken[index - 1] else group_gap
                image = chess_pieces.piece_image(chess.Piece(piece_type, not colour), piece_size)
                surface.blit(image, image.get_rect(midleft=(x, rect.centery)))
            x = background.right + max(4, height // 3)
        if lead > 0:
            text_size = max(theme.SMALLEST_TEXT, round(height * 0.7))
            theme.draw_text(surface, f"+{lead}", (x, rect.centery), text_size, theme.TEXT, style="bold",
                            anchor="midleft")
