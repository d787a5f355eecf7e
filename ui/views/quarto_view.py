"""The Quarto board: the 4x4 board, the piece in hand, the pool of pieces to give and a
legend, drawn so that a class can tell the four attributes apart from the back row.

A piece is drawn from above: **tall** pieces are big, short ones small; **dark** pieces
are deep blue with a light rim, light ones cream with a dark rim; **square** pieces are
squares, round ones discs; **hollow** pieces have a hole in the middle. A turn is two
clicks: a square to place the piece in hand (shown there at once, faded), then a piece
of the pool to give; a placement that wins or fills the board is a move at once. On the
first turn only the gift is chosen.
"""
from __future__ import annotations

from collections.abc import Hashable

import pygame

from games.base import State
from games.quarto.rules import NONE, SQUARE_NAMES, QuartoState, describe_piece, make_move, move_gift, move_square
from ui import theme
from ui.i18n import mark, tr, tr_known
from ui.views.base import BoardDecorations, BoardView

WOOD = (214, 181, 130)
WOOD_DARK = (150, 110, 66)
WELL = (166, 124, 76)
"""The hollow of each square a piece stands in: darker than the board so that cream
pieces stand out (3.2:1, where they had 1.65:1 on the board's tan), and still light
enough for the dark blue ones (3.1:1)."""
HOLE = (25, 20, 15)
DARK_PIECE = (34, 52, 110)
DARK_RIM = (214, 222, 245)
LIGHT_PIECE = (248, 236, 200)
LIGHT_RIM = (70, 52, 30)
TARGET = (255, 255, 255)
LAST_MOVE = (250, 214, 90)
HINT = (60, 190, 100)
WIN = (220, 50, 60)
FIRST_COLOUR = (245, 240, 225)
SECOND_COLOUR = (40, 60, 120)

BOARD_FRACTION = 0.62
"""Width of the board (with its coordinates) as a fraction of the view's width."""


class QuartoView(BoardView):
    """Draws ``QuartoState``; a turn is a click on a square, then one on a pool piece."""

    player_colours = (FIRST_COLOUR, SECOND_COLOUR)
    move_instruction = mark("click a square for the piece in hand, then the piece to give")
    aspect_ratio = 1.55

    def __init__(self) -> None:
        super().__init__()
        self._pending: tuple[Hashable, int] | None = None  # (position key, square chosen)
        self.grid = pygame.Rect(0, 0, 0, 0)
        self.side = pygame.Rect(0, 0, 0, 0)
        self.hand_box = pygame.Rect(0, 0, 0, 0)
        self.pool_box = pygame.Rect(0, 0, 0, 0)
        self.legend_box = pygame.Rect(0, 0, 0, 0)
        self.label_margin = 20

    # -- geometry --------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        """Board on the left (with a-d and 1-4 labels), hand, pool and legend on the right."""
        super().layout(rect)
        board_width = min(rect.height, round(rect.width * BOARD_FRACTION))
        self.label_margin = max(theme.SMALLEST_TEXT + 6, board_width // 16)
        size = board_width - self.label_margin
        self.grid = pygame.Rect(rect.left + self.label_margin, rect.top, size, size)
        gap = max(8, rect.width // 60)
        self.side = pygame.Rect(rect.left + board_width + gap, rect.top, rect.right - rect.left - board_width - gap,
                                rect.height)
        side = self.side
        hand_height = round(side.height * 0.27)
        legend_height = round(side.height * 0.2)
        self.hand_box = pygame.Rect(side.left, side.top, side.width, hand_height)
        self.pool_box = pygame.Rect(side.left, side.top + hand_height + gap // 2, side.width,
                                    side.height - hand_height - legend_height - gap)
        self.legend_box = pygame.Rect(side.left, side.bottom - legend_height, side.width, legend_height)

    def square_rect(self, square: int) -> pygame.Rect:
        """Screen rectangle of board square ``square`` (0 = a1), turned round when flipped."""
        column, row = square % 4, square // 4
        if self.flipped:
            column, row = 3 - column, 3 - row
        cell = self.grid.width / 4
        return pygame.Rect(round(self.grid.left + column * cell), round(self.grid.top + (3 - row) * cell),
                           round(cell), round(cell))

    def pool_rect(self, piece: int) -> pygame.Rect:
        """Screen rectangle of piece ``piece``'s place in the pool (a 4x4 grid, in number
        order: every piece keeps its place, so a given piece leaves a gap)."""
        box = self.pool_box
        cell = min(box.width / 4, (box.height - self._caption_height()) / 4)
        left = box.left + (box.width - 4 * cell) / 2
        top = box.top + self._caption_height()
        return pygame.Rect(round(left + (piece % 4) * cell), round(top + (piece // 4) * cell), round(cell),
                           round(cell))

    def hand_rect(self) -> pygame.Rect:
        """Where the piece in hand is drawn."""
        box = self.hand_box
        size = min(box.height - 2 * self._caption_height(), box.width / 2)
        return pygame.Rect(round(box.centerx - size / 2), box.top + self._caption_height(), round(size), round(size))

    def _caption_height(self) -> int:
        return theme.line_height(self._text_size()) + 2

    def _text_size(self) -> int:
        return max(theme.SMALLEST_TEXT, min(22, self.rect.height // 34))

    def square_at(self, position: tuple[int, int]) -> int | None:
        """The board square under ``position``, if any."""
        for square in range(16):
            if self.square_rect(square).collidepoint(position):
                return square
        return None

    def piece_at(self, position: tuple[int, int]) -> int | None:
        """The pool place under ``position``, if any (whether or not the piece is there)."""
        for piece in range(16):
            if self.pool_rect(piece).collidepoint(position):
                return piece
        return None

    def board_area(self) -> pygame.Rect:
        """The board, the hand and the pool."""
        return self.grid.union(self.side)

    def setup_place_rect(self, place: str) -> pygame.Rect | None:
        """The square named ``place``, or the hand's place for ``hand``."""
        if place == "hand":
            return self.hand_rect()
        return self.square_rect(SQUARE_NAMES.index(place)) if place in SQUARE_NAMES else None

    def draw_setup_piece(self, surface: pygame.Surface, rect: pygame.Rect, piece: str) -> None:
        """The piece whose hexadecimal digit is ``piece``."""
        size = min(rect.width, rect.height)
        draw_piece(surface, int(piece, 16), pygame.Rect(rect.centerx - size // 2, rect.centery - size // 2, size, size))

    # -- input -----------------------------------------------------------------------------
    def pending_square(self, state: QuartoState) -> int | None:
        """The square chosen for the piece in hand in ``state``, waiting for a gift."""
        if self._pending is not None and self._pending[0] == state:
            return self._pending[1]
        return None

    def cancel_selection(self) -> None:
        """Forget a chosen square."""
        self._pending = None

    def click(self, position: tuple[int, int], state: State) -> Hashable | None:
        """A square places the piece in hand (a move at once when that ends the game);
        a pool piece then gives it. On the first turn a pool piece is the whole move."""
        if not isinstance(state, QuartoState) or state.is_terminal():
            return None
        square = self.square_at(position)
        piece = self.piece_at(position)
        if state.hand == NONE:
            if piece is not None and state.is_legal(make_move(NONE, piece)):
                return make_move(NONE, piece)
            return None
        if square is not None:
            if state.occupied >> square & 1:
                return None
            if state.is_legal(make_move(square, NONE)):
                self._pending = None
                return make_move(square, NONE)
            self._pending = None if self.pending_square(state) == square else (state, square)
            return None
        chosen = self.pending_square(state)
        if piece is not None and chosen is not None and state.is_legal(make_move(chosen, piece)):
            self._pending = None
            return make_move(chosen, piece)
        return None

    def instruction(self, state: State) -> str:
        """The first turn (no piece in hand) is only a gift; every later turn places the
        piece in hand, then gives one."""
        if isinstance(state, QuartoState) and state.hand == NONE:
            return tr("nothing to place yet: click the piece of the pool your opponent must place")
        return tr(self.move_instruction)

    def refusal(self, position: tuple[int, int], state: State) -> str:
        """Why a click made no move: a taken square, a piece already placed or in hand,
        a gift before a square, or (not a refusal) what to do next."""
        if not isinstance(state, QuartoState) or state.is_terminal():
            return ""
        square = self.square_at(position)
        piece = self.piece_at(position)
        if square is not None:
            if state.occupied >> square & 1:
                return tr("{square} is taken: choose an empty square for piece {piece}.", square=SQUARE_NAMES[square],
                          piece=state.hand)
            return ""
        if piece is None:
            return ""
        if state.used >> piece & 1:
            return tr("Piece {piece} is already on the board: give one from the pool.", piece=piece)
        if piece == state.hand:
            return tr("Piece {piece} is the one you are placing: give another.", piece=piece)
        if state.hand != NONE and self.pending_square(state) is None:
            return tr("First click a square for piece {piece}, then the piece to give.", piece=state.hand)
        return ""

    def help_entries(self) -> list[tuple[str, str]]:
        """The two clicks of a turn and how to read a piece."""
        return [
            (tr("Click an empty square"), tr("puts the piece in hand there (faded until you give a piece); click it "
                                             "again to take it back, or another square to move it")),
            (tr("Then click a pool piece"), tr("gives it to your opponent: the turn is played")),
            (tr("First turn"), tr("only click the piece your opponent must place")),
            (tr("Reading a piece"), tr("big = tall, small = short; blue = dark, cream = light; square or round; "
                                       "a hole = hollow")),
        ]

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, state: QuartoState, decorations: BoardDecorations) -> None:
        """Board, labels, pieces, the pending placement, last move, hint, winning line,
        the piece in hand, the pool and the legend."""
        grid = self.grid
        cell = grid.width / 4
        pygame.draw.rect(surface, WOOD, grid.inflate(8, 8), border_radius=max(6, int(cell / 8)))
        text_size = self._text_size()
        last = decorations.last_move if isinstance(decorations.last_move, int) else None
        hint = decorations.hint_move if isinstance(decorations.hint_move, int) else None
        pending = self.pending_square(state)
        interactive = decorations.interactive and not state.is_terminal()
        for square in range(16):
            rect = self.square_rect(square)
            pygame.draw.circle(surface, WELL, rect.center, rect.width * 0.46)
            pygame.draw.circle(surface, WOOD_DARK, rect.center, rect.width * 0.46, max(2, int(cell / 40)))
            if last is not None and move_square(last) == square:
                pygame.draw.circle(surface, LAST_MOVE, rect.center, rect.width * 0.47, max(3, int(cell / 18)))
            piece = state.piece_at(square)
            if piece is not None:
                draw_piece(surface, piece, rect)
            elif interactive and state.hand != NONE and pending is None:
                pygame.draw.circle(surface, TARGET, rect.center, max(4, rect.width * 0.07))
        if pending is not None:
            draw_piece(surface, state.hand, self.square_rect(pending), alpha=150)
        if hint is not None and move_square(hint) != NONE:
            rect = self.square_rect(move_square(hint))
            width = max(3, int(cell / 20 * (1.0 + 0.5 * decorations.pulse)))
            pygame.draw.circle(surface, HINT, rect.center, rect.width * 0.48, width)
        winning = state.winning_squares()
        if winning:
            for square in range(16):
                if winning >> square & 1:
                    pygame.draw.rect(surface, WIN, self.square_rect(square).inflate(-2, -2), max(4, int(cell / 14)),
                                     border_radius=max(4, int(cell / 10)))
        label_size = max(theme.SMALLEST_TEXT, int(self.label_margin * 0.6))
        for column in range(4):
            letter = "abcd"[3 - column if self.flipped else column]
            theme.draw_text(surface, letter, (round(grid.left + (column + 0.5) * cell), grid.bottom + 5), label_size,
                            theme.TEXT_DIM, anchor="midtop")
        for row in range(4):
            number = str(row + 1 if self.flipped else 4 - row)
            theme.draw_text(surface, number, (self.rect.left + self.label_margin // 2,
                                              round(grid.top + (row + 0.5) * cell)), label_size, theme.TEXT_DIM,
                            anchor="center")
        self._draw_hand(surface, state, last, text_size, decorations.setting_up)
        self._draw_pool(surface, state, hint, interactive and (state.hand == NONE or pending is not None),
                        text_size)
        self._draw_legend(surface, text_size)

    def _draw_hand(self, surface: pygame.Surface, state: QuartoState, last: int | None, text_size: int,
                   setting_up: bool = False) -> None:
        box = self.hand_box
        theme.panel(surface, box)
        if setting_up:  # the hand is a place to put a piece
            captions = (tr("In hand: piece {piece}", piece=state.hand) if state.hand != NONE else tr("In hand: none"),)
            pygame.draw.rect(surface, theme.PANEL_BORDER, self.hand_rect(), 2, border_radius=6)
        elif state.is_terminal():
            captions = (tr("Game over"),)
        elif state.hand == NONE:
            captions = (tr("Choose the piece to give"), tr("Give a piece"), tr("Give"))
        else:
            captions = (tr("To place: piece {piece}", piece=state.hand), tr("Piece {piece}", piece=state.hand))
        caption, size = theme.fitted_choice(captions, text_size, box.width - 8)
        theme.draw_text(surface, caption, (box.centerx, box.top + 2), size, theme.TEXT, anchor="midtop",
                        max_width=box.width - 8)
        if state.hand != NONE:
            rect = self.hand_rect()
            if last is not None and move_gift(last) == state.hand:
                pygame.draw.rect(surface, LAST_MOVE, rect.inflate(-2, -2), max(3, rect.width // 24),
                                 border_radius=max(4, rect.width // 10))
            draw_piece(surface, state.hand, rect)
            words = [tr_known(word) for word in describe_piece(state.hand).split()]
            size = max(theme.SMALLEST_TEXT, text_size - 2)
            face, line = theme.font(size), theme.line_height(size)
            room = box.bottom - rect.bottom - 2
            # the words under the piece, on two lines if need be; where neither fits, the
            # piece alone (the legend and the help say how it shows them)
            for lines in ([" ".join(words)], [" ".join(words[:2]), " ".join(words[2:])]):
                if len(lines) * line <= room and all(face.size(text)[0] <= box.width - 8 for text in lines):
                    for number, text in enumerate(lines):
                        theme.draw_text(surface, text, (box.centerx, rect.bottom + 1 + number * line), size,
                                        theme.TEXT_DIM, anchor="midtop", max_width=box.width - 8)
                    break

    def _draw_pool(self, surface: pygame.Surface, state: QuartoState, hint: int | None, choosing: bool,
                   text_size: int) -> None:
        box = self.pool_box
        theme.panel(surface, box)
        caption, size = theme.fitted_choice((tr("Pool: pieces to give"), tr("Pool")), text_size, box.width - 8)
        theme.draw_text(surface, caption, (box.centerx, box.top + 2), size, theme.TEXT_DIM,
                        anchor="midtop", max_width=box.width - 8)
        hand = state.hand
        for piece in range(16):
            rect = self.pool_rect(piece)
            if state.used >> piece & 1 or piece == hand:
                pygame.draw.circle(surface, theme.PANEL_BORDER, rect.center, max(2, rect.width * 0.06))
                continue
            if choosing:
                pygame.draw.rect(surface, theme.BUTTON_HOVER, rect.inflate(-3, -3), border_radius=6)
            draw_piece(surface, piece, rect.inflate(-4, -4))
            small = max(theme.SMALLEST_TEXT, text_size - 4)
            if rect.width >= 3 * small:  # numbers only where they do not cover the piece
                theme.draw_text(surface, str(piece), (rect.left + 2, rect.top + 1), small, theme.TEXT_DIM)
            if hint is not None and move_gift(hint) == piece:
                pygame.draw.rect(surface, HINT, rect.inflate(-1, -1), max(3, rect.width // 14), border_radius=6)

    def _draw_legend(self, surface: pygame.Surface, text_size: int) -> None:
        box = self.legend_box
        size = max(theme.SMALLEST_TEXT, text_size - 3)
        height = theme.line_height(size)
        lines = (tr("big = tall, small = short"), tr("blue = dark, cream = light"), tr("square or round; hole = hollow"))
        if box.height < len(lines) * height or box.width < theme.rendered_text(lines[2], size, theme.TEXT).get_width():
            return  # too small to read: the help overlay (F1) says the same
        top = box.top + max(0, (box.height - len(lines) * height) // 2)
        for index, text in enumerate(lines):
            theme.draw_text(surface, text, (box.centerx, top + index * height), size, theme.TEXT_DIM,
                            anchor="midtop", max_width=box.width)


def draw_piece(surface: pygame.Surface, piece: int, rect: pygame.Rect, alpha: int = 255) -> None:
    """Piece ``piece`` seen from above, centred in ``rect``: size for height, colour for
    dark/light, shape for square/round, a hole for hollow (see the module docstring)."""
    tall, dark, square, hollow = piece & 1, piece & 2, piece & 4, piece & 8
    extent = rect.width * (0.84 if tall else 0.54)
    layer = pygame.Surface((rect.width, rect.height), pygame.SRCALPHA)
    fill = DARK_PIECE if dark else LIGHT_PIECE
    rim = DARK_RIM if dark else LIGHT_RIM
    centre = (rect.width / 2, rect.height / 2)
    rim_width = max(2, int(rect.width / 22))
    if square:
        body = pygame.Rect(0, 0, round(extent * 0.9), round(extent * 0.9))
        body.center = (round(centre[0]), round(centre[1]))
        pygame.draw.rect(layer, (*fill, alpha), body, border_radius=max(2, body.width // 10))
        pygame.draw.rect(layer, (*rim, alpha), body, rim_width, border_radius=max(2, body.width // 10))
    else:
        pygame.draw.circle(layer, (*fill, alpha), centre, extent / 2)
        pygame.draw.circle(layer, (*rim, alpha), centre, extent / 2, rim_width)
    if hollow:
        pygame.draw.circle(layer, (*HOLE, alpha), centre, extent * 0.2)
        pygame.draw.circle(layer, (*rim, alpha), centre, extent * 0.2, max(2, rim_width - 1))
    surface.blit(layer, rect.topleft)
