"""The Sum-15 board: the nine number tiles, each player's numbers, and a toggle that lays
the tiles out as the magic square, where the game is seen to be tic-tac-toe.

The tiles lie in a ring (1 at the top, then clockwise): a free tile is ivory, a taken one
has its taker's colour, and the winner's three numbers are joined by a triangle. With the
**Magic square** option the same tiles stand in the 3x3 magic square 2 7 6 / 9 5 1 /
4 3 8, drawn as a tic-tac-toe board: a taken number gets its taker's X or O, and the
winning numbers are a line struck through, as in tic-tac-toe. Beside the board each
player's numbers are listed, with the sum that won. A click on a free number takes it.
"""
from __future__ import annotations

import math
from collections.abc import Hashable

import pygame

from games.base import FIRST, SECOND, State
from games.sum15.rules import MAGIC_SQUARE, NUMBERS, Sum15, Sum15State
from ui import theme
from ui.i18n import mark, tr, tr_known
from ui.views.base import BoardDecorations, BoardView

PAPER = (246, 241, 229)
GRID = (60, 64, 74)
TILE = (255, 250, 236)
TILE_EDGE = (150, 138, 112)
NUMBER = (40, 44, 52)
FIRST_COLOUR = (40, 96, 205)
"""The first player's colour: tic-tac-toe's X."""
SECOND_COLOUR = (212, 64, 52)
"""The second player's colour: tic-tac-toe's O."""
LAST_MOVE = (250, 226, 150)
HINT = (60, 170, 100)
WIN = (250, 200, 60)

BOARD_FRACTION = 0.64
"""Width of the board (the ring or the square) as a fraction of the view's width; the
players' numbers take the rest."""

MAGIC = "magic_square"
"""The name of the option that lays the tiles out as the magic square."""

_CELL_OF = {number: (row, column) for row, numbers in enumerate(MAGIC_SQUARE) for column, number in enumerate(numbers)}
"""Each number's (row from the top, column from the left) in the magic square."""


class Sum15View(BoardView):
    """Draws ``Sum15State``; a click on a free number (in the ring or in the magic
    square) takes it."""

    player_colours = (FIRST_COLOUR, SECOND_COLOUR)
    move_instruction = mark("click a free number to take it")
    aspect_ratio = 1.5
    options = {MAGIC: (mark("Magic square"), False)}

    def __init__(self) -> None:
        super().__init__()
        self.board = pygame.Rect(0, 0, 0, 0)
        self.side = pygame.Rect(0, 0, 0, 0)
        self.trays = (pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0))
        self.note_box = pygame.Rect(0, 0, 0, 0)

    # -- geometry --------------------------------------------------------------------------
    @property
    def magic(self) -> bool:
        """Whether the tiles stand in the magic square (the option), not in a ring."""
        return bool(self.option_values.get(MAGIC, False))

    def layout(self, rect: pygame.Rect) -> None:
        """The board (a square) on the left; each player's numbers and a note on the right."""
        super().layout(rect)
        size = min(rect.height, round(rect.width * BOARD_FRACTION))
        self.board = pygame.Rect(rect.left, rect.top, size, size)
        gap = max(8, rect.width // 50)
        self.side = pygame.Rect(self.board.right + gap, rect.top, rect.right - self.board.right - gap, rect.height)
        tray_height = round(self.side.height * 0.3)
        first = pygame.Rect(self.side.left, self.side.top, self.side.width, tray_height)
        second = pygame.Rect(self.side.left, first.bottom + gap // 2, self.side.width, tray_height)
        self.trays = (first, second)
        self.note_box = pygame.Rect(self.side.left, second.bottom + gap, self.side.width,
                                    self.side.bottom - second.bottom - gap)

    def number_rect(self, number: int) -> pygame.Rect:
        """Where number ``number`` (1..9) is drawn and clicked: its tile in the ring, or its
        cell in the magic square (turned round when flipped)."""
        board = self.board
        if self.magic:
            row, column = _CELL_OF[number]
            if self.flipped:
                row, column = 2 - row, 2 - column
            cell = board.width / 3
            return pygame.Rect(round(board.left + column * cell), round(board.top + row * cell), round(cell),
                               round(cell))
        tile = board.width * 0.2
        radius = board.width * 0.36
        angle = math.radians(-90 + (number - 1) * 40)
        centre = (board.centerx + radius * math.cos(angle), board.centery + radius * math.sin(angle))
        return pygame.Rect(round(centre[0] - tile / 2), round(centre[1] - tile / 2), round(tile), round(tile))

    def number_at(self, position: tuple[int, int]) -> int | None:
        """The number under ``position``, if any."""
        for number in NUMBERS:
            if self.number_rect(number).collidepoint(position):
                return number
        return None

    def board_area(self) -> pygame.Rect:
        """The board and the players' numbers."""
        return self.board.union(self.side)

    def _text_size(self) -> int:
        return max(theme.SMALLEST_TEXT, round(min(22, self.rect.height // 30) * theme.text_scale))

    def setup_place_rect(self, place: str) -> pygame.Rect | None:
        """The tile (or magic-square cell) of the number ``place``."""
        return self.number_rect(int(place)) if place in {str(number) for number in NUMBERS} else None

    def draw_setup_piece(self, surface: pygame.Surface, rect: pygame.Rect, piece: str) -> None:
        """A tile in the colour of the player ``piece`` (``first`` or ``second``) with its X or O."""
        player = FIRST if piece == "first" else SECOND
        size = min(rect.width, rect.height)
        tile = pygame.Rect(rect.centerx - size // 2, rect.centery - size // 2, size, size)
        pygame.draw.rect(surface, self.player_colours[player], tile, border_radius=max(3, size // 6))
        _draw_mark(surface, player, tile, (255, 255, 255), 255)

    # -- input -----------------------------------------------------------------------------
    def click(self, position: tuple[int, int], state: State) -> Hashable | None:
        """A free number of an unfinished game is taken."""
        number = self.number_at(position)
        if number is None or not isinstance(state, Sum15State) or number not in state.legal_moves():
            return None
        return number

    def refusal(self, position: tuple[int, int], state: State) -> str:
        """A taken number says so."""
        number = self.number_at(position)
        if number is None or not isinstance(state, Sum15State) or state.is_terminal():
            return ""
        holder = state.holder(number)
        if holder is None:
            return ""
        return tr("{number} is already taken by {player}: choose a free number.", number=number,
                  player=tr_known(_player_name(holder)))

    def help_entries(self) -> list[tuple[str, str]]:
        """Taking a number, and what the magic square shows."""
        return [
            (tr("Click a free number"), tr("takes it; three of your numbers that add up to 15 win")),
            (tr("Magic square"), tr("lays the numbers out as the magic square 2 7 6 / 9 5 1 / 4 3 8: every line "
                                    "adds up to 15, so the game is tic-tac-toe")),
        ]

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, state: Sum15State, decorations: BoardDecorations) -> None:
        """The board (ring or magic square) with the last move, hint, hover and the win,
        then each player's numbers and the note."""
        pygame.draw.rect(surface, PAPER, self.board, border_radius=max(4, self.board.width // 40))
        hover = None
        if decorations.interactive and decorations.mouse is not None and not state.is_terminal():
            number = self.number_at(decorations.mouse)
            hover = number if number is not None and state.holder(number) is None else None
        last = decorations.last_move if isinstance(decorations.last_move, int) else None
        hint = decorations.hint_move if isinstance(decorations.hint_move, int) else None
        if self.magic:
            self._draw_square(surface, state, last, hover)
        else:
            self._draw_ring(surface, state, last, hover)
        if hint is not None and hint in NUMBERS:
            rect = self.number_rect(hint).inflate(-4, -4)
            width = max(3, int(rect.width / 14 * (1.0 + 0.5 * decorations.pulse)))
            pygame.draw.rect(surface, HINT, rect, width, border_radius=max(4, rect.width // 6))
        for player in (FIRST, SECOND):
            self._draw_tray(surface, state, player, not decorations.setting_up)
        self._draw_note(surface)

    def _draw_ring(self, surface: pygame.Surface, state: Sum15State, last: int | None, hover: int | None) -> None:
        board = self.board
        theme.draw_text(surface, "15", board.center, max(theme.SMALLEST_TEXT, board.width // 5),
                        (222, 212, 190), "bold", anchor="center")
        for triple in state.winning_triples():
            points = [self.number_rect(number).center for number in triple]
            pygame.draw.polygon(surface, WIN, points, max(4, board.width // 60))
        for number in NUMBERS:
            rect = self.number_rect(number)
            holder = state.holder(number)
            radius = max(4, rect.width // 6)
            if number == last:
                pygame.draw.rect(surface, LAST_MOVE, rect.inflate(rect.width // 5, rect.width // 5),
                                 border_radius=radius + rect.width // 10)
            fill = TILE if holder is None else self.player_colours[holder]
            pygame.draw.rect(surface, fill, rect, border_radius=radius)
            edge = self.player_colours[state.to_move()] if number == hover else TILE_EDGE
            pygame.draw.rect(surface, edge, rect, max(2, rect.width // 18 if number == hover else 2),
                             border_radius=radius)
            colour = NUMBER if holder is None else (255, 255, 255)
            theme.draw_text(surface, str(number), rect.center, max(theme.SMALLEST_TEXT, int(rect.height * 0.55)),
                            colour, "bold", anchor="center")
        for triple in state.winning_triples():
            for number in triple:
                pygame.draw.rect(surface, WIN, self.number_rect(number).inflate(6, 6), max(3, board.width // 90),
                                 border_radius=max(6, self.number_rect(number).width // 5))

    def _draw_square(self, surface: pygame.Surface, state: Sum15State, last: int | None, hover: int | None) -> None:
        board = self.board
        cell = board.width / 3
        for number in NUMBERS:
            if number == last:
                pygame.draw.rect(surface, LAST_MOVE, self.number_rect(number).inflate(-6, -6),
                                 border_radius=max(3, int(cell / 16)))
        line_width = max(2, int(cell / 28))
        for index in (1, 2):
            offset = round(index * cell)
            pygame.draw.line(surface, GRID, (board.left + offset, board.top + 8),
                             (board.left + offset, board.bottom - 8), line_width)
            pygame.draw.line(surface, GRID, (board.left + 8, board.top + offset),
                             (board.right - 8, board.top + offset), line_width)
        for number in NUMBERS:
            rect = self.number_rect(number)
            holder = state.holder(number)
            if holder is None and number != hover:
                theme.draw_text(surface, str(number), rect.center, max(theme.SMALLEST_TEXT, int(cell * 0.42)),
                                TILE_EDGE, "bold", anchor="center")
                continue
            mover = holder if holder is not None else state.to_move()
            _draw_mark(surface, mover, rect, self.player_colours[mover], 255 if holder is not None else 70)
            theme.draw_text(surface, str(number), (rect.left + round(cell * 0.08), rect.top + round(cell * 0.04)),
                            max(theme.SMALLEST_TEXT, int(cell * 0.18)), NUMBER, "bold")
        for triple in state.winning_triples():
            centres = sorted((self.number_rect(number).center for number in triple), key=lambda point: (point[1], point[0]))
            colour = self.player_colours[state.holder(triple[0])]
            _thick_line(surface, (40, 40, 40), centres[0], centres[-1], max(6, int(cell / 10)))
            _thick_line(surface, colour, centres[0], centres[-1], max(4, int(cell / 14)))

    def _draw_tray(self, surface: pygame.Surface, state: Sum15State, player: int, says_mover: bool = True) -> None:
        box = self.trays[player]
        theme.panel(surface, box)
        size = self._text_size()
        padding = max(6, box.width // 30)
        colour = self.player_colours[player]
        swatch = max(5, size // 2 - 1)
        line = theme.line_height(size)
        name = tr_known(_player_name(player))
        room = box.width - padding * 3 - swatch * 2
        names = (tr("{name} to move", name=name), name) \
            if says_mover and not state.is_terminal() and state.to_move() == player else (name,)
        names += (tr("1st") if player == 0 else tr("2nd"),)  # the shortest, for a tray too narrow for the name
        shown, name_size = theme.fitted_choice(names, size, room)
        name_left = box.left + padding * 2 + swatch * 2
        if theme.font(name_size).size(shown)[0] > room:  # a narrow tray: the colour as a strip at its left edge
            pygame.draw.rect(surface, colour, pygame.Rect(box.left + 2, box.top + 4, 4, box.height - 8))
            room, name_left = box.width - padding - 8, box.left + 8
            shown, name_size = theme.fitted_choice(names, size, room)
        else:
            pygame.draw.circle(surface, colour, (box.left + padding + swatch, box.top + padding + line // 2), swatch)
        theme.draw_text(surface, shown, (name_left, box.top + padding), name_size, theme.TEXT, max_width=room)
        numbers = state.numbers(player)
        winning = next((triple for triple in state.winning_triples() if state.holder(triple[0]) == player), ())
        sum_line = theme.line_height(size) if winning else 0
        tile = int(min((box.width - 2 * padding) / 5.4, box.height - 2 * padding - line - sum_line - 4))
        if tile < theme.SMALLEST_TEXT:
            return
        top = box.top + padding + line + 2
        for index, number in enumerate(numbers):
            rect = pygame.Rect(box.left + padding + round(index * tile * 1.1), top, tile, tile)
            pygame.draw.rect(surface, colour, rect, border_radius=max(3, tile // 6))
            if number in winning:
                pygame.draw.rect(surface, WIN, rect.inflate(4, 4), max(2, tile // 14), border_radius=max(4, tile // 5))
            theme.draw_text(surface, str(number), rect.center, max(theme.SMALLEST_TEXT, int(tile * 0.55)),
                            (255, 255, 255), "bold", anchor="center")
        if winning:
            sum_text = " + ".join(map(str, winning)) + " = 15"
            theme.draw_text(surface, sum_text, (box.left + padding, top + tile + 4), size, theme.TEXT, "bold",
                            max_width=box.width - 2 * padding)

    def _draw_note(self, surface: pygame.Surface) -> None:
        box = self.note_box
        size = max(theme.SMALLEST_TEXT, self._text_size() - 2)
        if self.magic:
            text = tr("Every row, column and diagonal of the magic square adds up to 15, and no other three "
                      "numbers do: three numbers that make 15 are a line. Sum-15 is tic-tac-toe.")
        else:
            text = tr("Take numbers in turn: whoever first holds three numbers that add up to 15 wins.")
        lines = theme.wrap_text(text, size, box.width)
        height = theme.line_height(size)
        if len(lines) * height > box.height:
            return  # too small to read: the help overlay (F1) says the same
        for index, text_line in enumerate(lines):
            theme.draw_text(surface, text_line, (box.left, box.top + index * height), size, theme.TEXT_DIM)


def _player_name(player: int) -> str:
    """The player's name as the game gives it (translated where shown)."""
    return Sum15.player_names[player]


def _draw_mark(surface: pygame.Surface, player: int, rect: pygame.Rect, colour: tuple[int, int, int],
               alpha: int) -> None:
    """Tic-tac-toe's X (the first player) or O (the second) in ``rect``."""
    size = rect.width
    layer = pygame.Surface((size, size), pygame.SRCALPHA)
    width = max(3, size // 11)
    inset = size * 0.26
    if player == FIRST:
        _thick_line(layer, (*colour, alpha), (inset, inset), (size - inset, size - inset), width)
        _thick_line(layer, (*colour, alpha), (size - inset, inset), (inset, size - inset), width)
    else:
        pygame.draw.circle(layer, (*colour, alpha), (size / 2, size / 2), size / 2 - inset + width / 2, width)
    surface.blit(layer, rect.topleft)


def _thick_line(surface: pygame.Surface, colour, start, end, width: int) -> None:
    """A line with round ends."""
    pygame.draw.line(surface, colour, start, end, width)
    pygame.draw.circle(surface, colour, start, width / 2)
    pygame.draw.circle(surface, colour, end, width / 2)
