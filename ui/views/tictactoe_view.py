"""The tic-tac-toe board: a 3x3 grid with coordinates, marks, hints and the winning line."""
from __future__ import annotations

from collections.abc import Hashable

import pygame

from games.base import FIRST, State
from games.tictactoe.rules import SQUARE_NAMES, TicTacToeState
from ui import theme
from ui import i18n
from ui.views.base import BoardDecorations, BoardView

PAPER = (246, 241, 229)
GRID = (60, 64, 74)
X_COLOUR = (40, 96, 205)
O_COLOUR = (212, 64, 52)
LAST_MOVE = (250, 226, 150)
HINT = (60, 170, 100)


class TicTacToeView(BoardView):
    """Draws ``TicTacToeState``; a click on an empty square is a move."""

    player_colours = (X_COLOUR, O_COLOUR)
    move_instruction = i18n.mark("click an empty square")

    def layout(self, rect: pygame.Rect) -> None:
        """Grid inside ``rect``, leaving a margin for the a-c / 1-3 labels."""
        super().layout(rect)
        self.label_margin = max(20, rect.width // 16)
        size = rect.width - self.label_margin
        self.grid = pygame.Rect(rect.left + self.label_margin, rect.top, size, size)

    def square_rect(self, square: int) -> pygame.Rect:
        """Screen rectangle of square ``square`` (0 = a1) with the current orientation."""
        column, row = square % 3, square // 3
        if self.flipped:
            column, row = 2 - column, 2 - row
        cell = self.grid.width / 3
        left = self.grid.left + column * cell
        top = self.grid.top + (2 - row) * cell
        return pygame.Rect(round(left), round(top), round(cell), round(cell))

    def square_at(self, position: tuple[int, int]) -> int | None:
        """The square under ``position``, if any."""
        for square in range(9):
            if self.square_rect(square).collidepoint(position):
                return square
        return None

    def click(self, position: tuple[int, int], state: State) -> Hashable | None:
        """Clicking an empty square of an unfinished game makes that move."""
        square = self.square_at(position)
        if square is None or state.is_terminal() or square not in state.legal_moves():
            return None
        return square

    def refusal(self, position: tuple[int, int], state: State) -> str:
        """An occupied square says so."""
        square = self.square_at(position)
        if square is not None and state.mark_at(square):
            return i18n.tr("{square} is already taken: choose an empty square.", square=state.move_to_text(square))
        return ""

    def board_area(self) -> pygame.Rect:
        """The 3x3 grid."""
        return self.grid

    def draw(self, surface: pygame.Surface, state: TicTacToeState, decorations: BoardDecorations) -> None:
        """Paper, highlights, grid, labels, marks, hover preview, hint and winning line."""
        grid = self.grid
        cell = grid.width / 3
        pygame.draw.rect(surface, PAPER, grid, border_radius=max(4, int(cell / 14)))
        if decorations.last_move is not None:
            pygame.draw.rect(surface, LAST_MOVE, self.square_rect(decorations.last_move).inflate(-6, -6),
                             border_radius=max(3, int(cell / 16)))
        line_width = max(2, int(cell / 28))
        for index in (1, 2):
            offset = round(index * cell)
            pygame.draw.line(surface, GRID, (grid.left + offset, grid.top + 8), (grid.left + offset, grid.bottom - 8),
                             line_width)
            pygame.draw.line(surface, GRID, (grid.left + 8, grid.top + offset), (grid.right - 8, grid.top + offset),
                             line_width)
        label_size = max(12, int(self.label_margin * 0.6))
        for column in range(3):
            x = grid.left + (column + 0.5) * cell
            letter = "abc"[2 - column if self.flipped else column]
            theme.draw_text(surface, letter, (round(x), grid.bottom + 2), label_size, theme.TEXT_DIM, anchor="midtop")
        for row in range(3):
            y = grid.top + (row + 0.5) * cell
            number = str(row + 1 if self.flipped else 3 - row)
            theme.draw_text(surface, number, (self.rect.left + self.label_margin // 2, round(y)), label_size,
                            theme.TEXT_DIM, anchor="center")
        for square in range(9):
            mark = state.mark_at(square)
            if mark:
                self._draw_mark(surface, mark, self.square_rect(square), 255)
        if decorations.interactive and decorations.mouse is not None and not state.is_terminal():
            square = self.square_at(decorations.mouse)
            if square is not None and not state.mark_at(square):
                mark = "X" if state.to_move() == FIRST else "O"
                self._draw_mark(surface, mark, self.square_rect(square), 70)
        if decorations.hint_move is not None:
            rect = self.square_rect(decorations.hint_move).inflate(-4, -4)
            width = max(3, int(cell / 20 * (1.0 + 0.5 * decorations.pulse)))
            pygame.draw.rect(surface, HINT, rect, width=width, border_radius=max(3, int(cell / 14)))
        line = state.winning_line()
        if line:
            squares = [square for square in range(9) if line >> square & 1]
            start = self.square_rect(squares[0]).center
            end = self.square_rect(squares[-1]).center
            winner_colour = X_COLOUR if state.mark_at(squares[0]) == "X" else O_COLOUR
            self._thick_line(surface, (40, 40, 40), start, end, max(6, int(cell / 10)))
            self._thick_line(surface, winner_colour, start, end, max(4, int(cell / 14)))

    def setup_place_rect(self, place: str) -> pygame.Rect | None:
        """The square named ``place`` (``a1`` .. ``c3``)."""
        return self.square_rect(SQUARE_NAMES.index(place)) if place in SQUARE_NAMES else None

    def draw_setup_piece(self, surface: pygame.Surface, rect: pygame.Rect, piece: str) -> None:
        """An X or an O."""
        size = min(rect.width, rect.height)
        self._draw_mark(surface, piece, pygame.Rect(rect.centerx - size // 2, rect.centery - size // 2, size, size),
                        255)

    def _draw_mark(self, surface: pygame.Surface, mark: str, rect: pygame.Rect, alpha: int) -> None:
        size = rect.width
        layer = pygame.Surface((size, size), pygame.SRCALPHA)
        width = max(3, size // 11)
        inset = size * 0.24
        if mark == "X":
            colour = (*X_COLOUR, alpha)
            self._thick_line(layer, colour, (inset, inset), (size - inset, size - inset), width)
            self._thick_line(layer, colour, (size - inset, inset), (inset, size - inset), width)
        else:
            colour = (*O_COLOUR, alpha)
            pygame.draw.circle(layer, colour, (size / 2, size / 2), size / 2 - inset + width / 2, width)
        surface.blit(layer, rect.topleft)

    @staticmethod
    def _thick_line(surface: pygame.Surface, colour, start, end, width: int) -> None:
        """A line with round ends."""
        pygame.draw.line(surface, colour, start, end, width)
        pygame.draw.circle(surface, colour, start, width / 2)
        pygame.draw.circle(surface, colour, end, width / 2)

