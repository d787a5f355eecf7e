"""The backgammon board: 24 points, the bar, the bear-off tray, pip counts and the dice.

The first player (White) moves from its 24-point (top right) along the top to its
13-point, then along the bottom from its 12-point to its 1-point (bottom right) and bears
off into the tray on the right; the board turns round when the second player sits at the
bottom. A turn is played one checker step at a time: click a checker (or the bar), then
its target (a point, or the tray to bear off); the steps already played show on the board
and the dice used are greyed; a click on the dice takes the last step back. When every
die that can be played has been, the steps are the move.

With the doubling cube, the cube sits on the bar (showing 64 while centred at 1) or on
its owner's side; at the start of a turn whose mover may double, two buttons in the
dice's place offer Roll and Double, and after a double, Take and Drop.

A checker can also be dragged to its target. The computer's turn is shown step by step
(``STEP_SECONDS`` a checker) and new dice tumble for ``ROLL_SECONDS`` (a click ends
either at once; the timing is ``ui.views.backgammon_arrival``'s). With the "forced
moves" option on, a turn with only one legal way to play (or none) is played for the
person after a short pause, with a message. The colours, checkers and dice are drawn by
``ui.views.backgammon_pieces``; this module decides where.
"""
from __future__ import annotations

from collections.abc import Hashable

import pygame

from games.backgammon.rules import BAR, OFF, TAKE, BackgammonState, next_steps
from games.base import CHANCE, FIRST, SECOND, State
from ui import theme
from ui.i18n import mark, tr
from ui.views.backgammon_arrival import (ROLL_SECONDS, STEP_SECONDS, computer_steps, opening_roll,
                                         stepping_seconds)
from ui.views.backgammon_pieces import (BLACK_CHECKER, DIE, FELT, FRAME, LAST_MOVE, POINT_DARK, POINT_LIGHT,
                                        SELECTED, TARGET, WHITE_CHECKER, draw_checker, draw_dice,
                                        draw_opening_caption)
from ui.views.base import BoardDecorations, BoardView

CUBE_WORDS = {"roll": mark("Roll"), "double": mark("Double"), "take": mark("Take"), "drop": mark("Drop")}
"""The cube actions' button labels."""


def cube_word(move: str) -> str:
    """A cube action (``roll``, ``double``, ``take``, ``drop``) as its button says it."""
    return tr(CUBE_WORDS[move]) if move in CUBE_WORDS else move.capitalize()


class BackgammonView(BoardView):
    """Draws ``BackgammonState``; builds a turn from clicks, step by step."""

    player_colours = (WHITE_CHECKER, BLACK_CHECKER)
    move_instruction = mark("click a checker, then where it goes (the tray bears off); the dice undo a step")
    seat_second_player_at_bottom = True
    aspect_ratio = 1.4
    options = {"forced": (mark("Auto forced"), True)}

    def __init__(self) -> None:
        super().__init__()
        self.board = pygame.Rect(0, 0, 0, 0)
        self.tray = pygame.Rect(0, 0, 0, 0)
        self._state: BackgammonState | None = None
        self._played: tuple = ()
        self._selected: int | None = None  # the mover's own point number (25: the bar)
        self._pressed: tuple[int, int] | None = None  # where a possible drag began
        self._note = ""
        self._felt_key: tuple | None = None  # what the cached felt was drawn for
        self._felt = pygame.Surface((0, 0))
        self._labels_key: tuple | None = None
        self._labels: list[tuple[str, tuple[int, int]]] = []
        self._moves_of: tuple[BackgammonState | None, list] = (None, [])

    # -- geometry ------------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        """The playing area on the left, the tray on the right, and a strip above and
        below both for the points' numbers (outside the board, as gnubg prints them, so
        that no checker hides one)."""
        super().layout(rect)
        tray_width = max(24, rect.width // 12)
        strip = self.label_strip(rect.height)
        self.board = pygame.Rect(rect.left, rect.top + strip, rect.width - tray_width - 4, rect.height - 2 * strip)
        self.tray = pygame.Rect(self.board.right + 4, self.board.top, tray_width, self.board.height)

    @staticmethod
    def label_strip(height: int) -> int:
        """The pixels above and below the board that hold the points' numbers, for a
        view ``height`` pixels high: room for the number at its size plus the frame."""
        return BackgammonView._label_size(height) + 6

    @staticmethod
    def _label_size(height: int) -> int:
        """The points' numbers' text size for a view ``height`` pixels high."""
        return max(theme.SMALLEST_TEXT, min(round(height * 0.03), round(theme.SMALLEST_TEXT * 1.5)))

    def _column_width(self) -> float:
        return self.board.width / 13

    def _bar_rect(self) -> pygame.Rect:
        width = self._column_width()
        return pygame.Rect(round(self.board.left + 6 * width), self.board.top, round(width), self.board.height)

    def point_rect(self, point: int) -> pygame.Rect:
        """The triangle's column of the first player's point ``point`` (1-24), turned round
        when flipped."""
        top_row = point >= 13
        index = point - 13 if top_row else 12 - point  # 0..11 from the left
        if self.flipped:
            index, top_row = 11 - index, not top_row
        column = index + (1 if index >= 6 else 0)  # skip the bar column
        width = self._column_width()
        height = self.board.height * 0.42
        left = self.board.left + column * width
        top = self.board.top if top_row else self.board.bottom - height
        return pygame.Rect(round(left), round(top), round(width), round(height))

    def _is_top(self, point: int) -> bool:
        return (point >= 13) != self.flipped

    def dice_rect(self) -> pygame.Rect:
        """Where the dice are drawn (right half, between the rows)."""
        width = self._column_width()
        size = round(min(width * 0.9, self.board.height * 0.1))
        centre_x = round(self.board.left + 9.5 * width)
        return pygame.Rect(centre_x - size - 4, self.board.centery - size // 2, 2 * size + 8, size)

    def _place_at(self, position: tuple[int, int]) -> int | str | None:
        """The first player's point (1-24) under ``position``, "bar", "tray" or ``None``."""
        if self.tray.collidepoint(position):
            return "tray"
        if self._bar_rect().collidepoint(position):
            return "bar"
        for point in range(1, 25):
            if self.point_rect(point).collidepoint(position):
                return point
        return None

    def board_area(self) -> pygame.Rect:
        """The playing area and the tray."""
        return self.board.union(self.tray)

    def cube_choice_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The two cube-action buttons in the dice's place: Roll/Take left, Double/Drop
        right; on a small board at least as large as their words need at the smallest
        text size."""
        area = self.dice_rect()
        words = max(theme.font(theme.SMALLEST_TEXT, "bold").size(cube_word(move))[0] for move in CUBE_WORDS)
        width = max(round(area.height * 2.4), words + 10)
        height = max(area.height, theme.line_height(theme.SMALLEST_TEXT) + 4)
        top = area.centery - height // 2
        return (pygame.Rect(area.centerx - width - 6, top, width, height),
                pygame.Rect(area.centerx + 6, top, width, height))

    @staticmethod
    def at_cube_action(state: State) -> bool:
        """Whether ``state`` waits for a cube action (roll or double, take or drop)."""
        return isinstance(state, BackgammonState) and state.awaits_cube_action()

    def instruction(self, state: State) -> str:
        """At a cube action: the two choices; else how to play a turn."""
        if self.at_cube_action(state):
            if state.legal_moves()[0] == TAKE:
                return tr("your opponent doubles to {doubled}: Take (play on) or Drop (lose {points})",
                          doubled=2 * state.cube.value, points=state.cube.value)
            return tr("Roll, or Double the stakes (the buttons on the board)")
        return tr(self.move_instruction)

    def cube_rect(self) -> pygame.Rect:
        """The cube on the bar: in the middle while centred, else on its owner's side."""
        bar = self._bar_rect()
        size = max(12, min(bar.width - 4, self.board.height // 12))
        return pygame.Rect(bar.centerx - size // 2, bar.centery - size // 2, size, size)

    # -- the turn being played -------------------------------------------------------------------
    def cancel_selection(self) -> None:
        """Forget a half-played turn."""
        self._state, self._played, self._selected = None, (), None

    def _sync(self, state: BackgammonState) -> None:
        if self._state is not state:
            self._state, self._played, self._selected = state, (), None

    def played_steps(self, state: State) -> tuple:
        """The steps of the turn played so far in ``state``."""
        return self._played if self._state is state else ()

    def click(self, position: tuple[int, int], state: State) -> Hashable | None:
        """A checker selects it, a target adds the step, the dice take a step back; the
        move when the turn is complete (``()`` when no die can be played)."""
        if not isinstance(state, BackgammonState) or state.outcome() is not None or state.to_move() == CHANCE:
            return None
        if self.at_cube_action(state):
            for rect, move in zip(self.cube_choice_rects(), state.legal_moves()):
                if rect.collidepoint(position):
                    return move
            return None
        self._sync(state)
        if state.legal_moves() == [()]:
            return () if self.board_area().collidepoint(position) else None
        if self.dice_rect().collidepoint(position):
            self._played, self._selected = self._played[:-1], None
            return None
        place = self._place_at(position)
        if place is None:
            self._selected = None
            return None
        mover = state.player
        own = BAR if place == "bar" else OFF if place == "tray" else (place if mover == FIRST else 25 - place)
        options = next_steps(state, self._played)
        if self._selected is not None and (self._selected, own) in options:
            self._played += ((self._selected, own),)
            self._selected = None
            if not next_steps(state, self._played):
                result = state.apply(self._played)
                for move in state.legal_moves():
                    if state.apply(move) == result:
                        self.cancel_selection()
                        return move
            return None
        self._selected = own if any(source == own for source, _ in options) else None
        return None

    def pointer_down(self, position: tuple[int, int], state: State) -> Hashable | None:
        """A press works as a click (picks a checker up) and may begin a drag."""
        self._pressed = position
        return self.click(position, state)

    def pointer_up(self, position: tuple[int, int], state: State) -> Hashable | None:
        """A checker dragged to another place makes that step, as a click there would;
        a drop where it cannot go keeps it picked up (``release_note`` says why)."""
        pressed, self._pressed, self._note = self._pressed, None, ""
        if pressed is None or self._selected is None or not isinstance(state, BackgammonState):
            return None
        place, start = self._place_at(position), self._place_at(pressed)
        if place is None or place == start:
            return None
        own = BAR if place == "bar" else OFF if place == "tray" else (place if state.player == FIRST else 25 - place)
        if (self._selected, own) not in next_steps(state, self.played_steps(state)):
            self._note = tr("That checker cannot go there with the dice left.")
            return None
        return self.click(position, state)

    def release_note(self) -> str:
        """Why the last drop made no step."""
        return self._note

    def automatic_move(self, state: State) -> tuple[Hashable, str] | None:
        """With the "forced" option: the only legal turn, or the pass when no die can be played."""
        if not self.option_values.get("forced") or not isinstance(state, BackgammonState) or not state.dice:
            return None
        if self._moves_of[0] is not state:  # asked every frame: the turns of one position are listed once
            self._moves_of = (state, state.legal_moves())
        moves = self._moves_of[1]
        if len(moves) != 1 or self.at_cube_action(state):
            return None
        high, low = state.dice
        if moves[0] == ():
            return (), tr("No legal move with {dice}: your turn passes.", dice=f"{high}-{low}")
        return moves[0], tr("Your only move with {dice}: {move} (played for you).", dice=f"{high}-{low}",
                            move=state.display_move(moves[0]))

    def arrival_frame(self, state: BackgammonState, decorations: BoardDecorations
                      ) -> tuple[BackgammonState, tuple, bool]:
        """What to draw ``decorations.since`` seconds into the arrival of ``state``: the
        position (the computer's, before its turn, while its steps are being shown), the
        steps played in it so far, and whether the dice still tumble."""
        seconds = decorations.since
        steps = computer_steps(decorations.recent)
        stepping = stepping_seconds(steps)
        if seconds < stepping:
            return decorations.recent[0][0], steps[:int(seconds / STEP_SECONDS)], False
        rolled = bool(state.dice) and any(mover == CHANCE for _, _, mover in decorations.recent)
        return state, self.played_steps(state), rolled and seconds - stepping < ROLL_SECONDS

    def arrival_seconds(self, state: State, recent: tuple[tuple[State, Hashable, int], ...]) -> float:
        """The computer's steps one by one, then the new dice tumbling."""
        steps = computer_steps(recent)
        seconds = stepping_seconds(steps)
        if isinstance(state, BackgammonState) and state.dice and any(mover == CHANCE for _, _, mover in recent):
            seconds += ROLL_SECONDS
        return seconds

    def roll_shown_after(self, recent: tuple[tuple[State, Hashable, int], ...]) -> float:
        """The new dice tumble once the computer's steps have been shown."""
        return stepping_seconds(computer_steps(recent))

    def refusal(self, position: tuple[int, int], state: State) -> str:
        """Why a click selected nothing: checkers on the bar must enter first, or that
        checker cannot move with the dice left, or it is not the mover's checker."""
        if not isinstance(state, BackgammonState) or state.outcome() is not None or state.to_move() == CHANCE:
            return ""
        if self.at_cube_action(state):
            first, second = (cube_word(move) for move in state.legal_moves())
            if not any(rect.collidepoint(position) for rect in self.cube_choice_rects()):
                return tr("First choose {first} or {second} (the buttons in the middle of the board).", first=first,
                          second=second)
            return ""
        place = self._place_at(position)
        if place is None or place == "tray" or self._selected is not None or self.dice_rect().collidepoint(position):
            return ""
        mover = state.player
        own = BAR if place == "bar" else (place if mover == FIRST else 25 - place)
        options = next_steps(state, self.played_steps(state))
        if not options:
            return ""
        if own != BAR and any(source == BAR for source, _ in options):
            return tr("A checker on the bar must enter first.")
        if not state.checkers(mover)[own]:
            return tr("Click one of your own checkers.")
        return tr("That checker cannot move with the dice left.")

    def help_entries(self) -> list[tuple[str, str]]:
        """Playing a turn by clicks."""
        return [
            (tr("Click a checker, then a point"), tr("moves it by one die; green marks where it may go")),
            (tr("Click the tray"), tr("bears the selected checker off")),
            (tr("Click the dice"), tr("takes the last step of this turn back")),
            (tr("Drag a checker"), tr("to the point where it goes, the same as two clicks")),
            (tr("No move possible"), tr("click the board to pass (or let the Auto forced option do it)")),
            (tr("Roll / Double"), tr("with the doubling cube, at the start of your turn: roll, or double the stakes")),
            (tr("Take / Drop"), tr("answer a double: play on for twice the stakes, or give up the game at the "
                                   "current ones")),
        ]

    # -- drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, state: BackgammonState, decorations: BoardDecorations) -> None:
        """Board, checkers (with the steps played so far), targets, dice, tray and pips."""
        if decorations.interactive:
            self._sync(state)
        live = state
        state, played, tumbling = self.arrival_frame(state, decorations)
        seconds = decorations.since
        if state is not live:  # the computer's turn, step by step: its last step marked
            decorations = BoardDecorations(last_move=(played[-1:] if played else None), since=seconds)
        shown = state
        if played:
            after = state.apply(played)
            shown = BackgammonState(after[0], after[1], state.player, state.dice)
        pygame.draw.rect(surface, FRAME, self.board.inflate(8, 8), 4, border_radius=6)
        surface.blit(self._felt_image(), self.board)
        pygame.draw.rect(surface, FRAME, self.tray, border_radius=4)
        self._draw_labels(surface)
        mover = state.player if state.player is not None else FIRST
        targets: set[int] = set()
        if decorations.interactive and self._selected is not None and state.dice:
            targets = {target for source, target in next_steps(state, played) if source == self._selected}
        last_points: set[int] = set()
        if isinstance(decorations.last_move, tuple) and decorations.last_move and \
                isinstance(decorations.last_move[0], tuple):
            last_mover = mover if state is not live else 1 - mover  # the side that played the last turn
            for _, target in decorations.last_move:
                if target != OFF:
                    last_points.add(target if last_mover == FIRST else 25 - target)
        for point in last_points:
            pygame.draw.rect(surface, LAST_MOVE, self.point_rect(point), 2)
        for player in (FIRST, 1 - FIRST):
            checkers = shown.checkers(player)
            for own in range(1, 25):
                count = checkers[own]
                if count:
                    self._draw_stack(surface, own if player == FIRST else 25 - own, count, player,
                                     self._selected == own and player == mover)
        self._draw_bar(surface, shown, mover)
        for target in targets:
            if target == OFF:
                pygame.draw.rect(surface, TARGET, self.tray, 4, border_radius=4)
            else:
                rect = self.point_rect(target if mover == FIRST else 25 - target)
                pygame.draw.rect(surface, TARGET, rect, 3)
        self._draw_tray(surface, shown)
        opening = opening_roll(decorations.recent) if state is live else None
        if state.dice and opening is not None and not tumbling:
            draw_opening_caption(surface, self.opening_caption_rect(), opening)
        draw_dice(surface, self.dice_rect(), state, played, tumbling, seconds, opening)
        self._draw_cube(surface, state, decorations.interactive)
        if decorations.interactive and self._pressed is not None and self._selected is not None and \
                decorations.mouse is not None and pygame.mouse.get_pressed()[0] and \
                max(abs(decorations.mouse[0] - self._pressed[0]), abs(decorations.mouse[1] - self._pressed[1])) > 4:
            self._draw_checker(surface, decorations.mouse, mover, True)  # the checker being dragged

    def _draw_cube(self, surface: pygame.Surface, state: BackgammonState, interactive: bool) -> None:
        cube = state.cube
        if cube is None:
            return
        rect = self.cube_rect()
        if cube.owner is not None:
            bottom = (cube.owner == FIRST) != self.flipped
            margin = self.board.height // 40
            rect.y = self.board.bottom - rect.height - margin if bottom else self.board.top + margin
        pygame.draw.rect(surface, DIE, rect, border_radius=max(2, rect.width // 6))
        pygame.draw.rect(surface, (30, 30, 30), rect, 2, border_radius=max(2, rect.width // 6))
        theme.draw_text(surface, str(64 if cube.value == 1 else cube.value), rect.center,
                        max(theme.SMALLEST_TEXT, rect.height // 2), (30, 30, 30), "bold", anchor="center")
        if self.at_cube_action(state) and interactive:  # the computer's cube action is not a button
            size = max(theme.SMALLEST_TEXT, self.dice_rect().height // 2)
            for button, move in zip(self.cube_choice_rects(), state.legal_moves()):
                colour = SELECTED if interactive and button.collidepoint(pygame.mouse.get_pos()) else DIE
                pygame.draw.rect(surface, colour, button, border_radius=max(3, button.height // 5))
                pygame.draw.rect(surface, (30, 30, 30), button, 2, border_radius=max(3, button.height // 5))
                word = cube_word(move)
                fitted = theme.fit_text_size(word, size, theme.SMALLEST_TEXT, button.width - 8, "bold")
                theme.draw_text(surface, word, button.center, fitted, (30, 30, 30), "bold", anchor="center",
                                max_width=button.width - 6)

    def label_rects(self) -> dict[int, pygame.Rect]:
        """Where each point's number is written (the first player's point 1-24 as key),
        above the top row and below the bottom row, outside the board."""
        strip = self.board.top - self.rect.top
        rects = {}
        for point in range(1, 25):
            column = self.point_rect(point)
            top = self.rect.top if self._is_top(point) else self.board.bottom
            rects[point] = pygame.Rect(column.left, top, column.width, strip)
        return rects

    def _draw_labels(self, surface: pygame.Surface) -> None:
        """The points' numbers outside the board, counted from the side at the bottom
        (the person's own numbering when the board is turned round)."""
        size = self._label_size(self.rect.height)
        key = (tuple(self.rect), self.flipped)  # the board and the numbers' size follow from the rect
        if key != self._labels_key:  # where they go changes only with the layout
            self._labels_key = key
            self._labels = [(str(point if not self.flipped else 25 - point), rect.center)
                            for point, rect in self.label_rects().items()]
        for label, centre in self._labels:
            theme.draw_text(surface, label, centre, size, theme.TEXT_DIM, anchor="center")

    def _felt_image(self) -> pygame.Surface:
        """The board's felt with its 24 points and the bar, the size of ``self.board``:
        drawn once for each layout and side at the bottom, then only copied (a frame's
        time goes to what changes)."""
        key = (tuple(self.board), self.flipped)
        if key != self._felt_key:
            image = pygame.Surface(self.board.size)
            image.fill(FELT)
            offset = (-self.board.left, -self.board.top)
            pygame.draw.rect(image, FRAME, self._bar_rect().move(offset))
            for point in range(1, 25):
                rect = self.point_rect(point).move(offset)
                colour = POINT_LIGHT if point % 2 else POINT_DARK
                tip_y = rect.bottom if self._is_top(point) else rect.top
                base_y = rect.top if self._is_top(point) else rect.bottom
                pygame.draw.polygon(image, colour, [(rect.left + 1, base_y), (rect.right - 1, base_y),
                                                    (rect.centerx, tip_y)])
            self._felt, self._felt_key = image, key
        return self._felt

    def _radius(self) -> float:
        return min(self._column_width() * 0.45, self.board.height * 0.42 / 10)

    def setup_place_rect(self, place: str) -> pygame.Rect | None:
        """The column of White's point ``place`` (``1`` .. ``24``), or the bar for ``bar``."""
        if place == "bar":
            return self._bar_rect()
        return self.point_rect(int(place)) if place.isdigit() and 1 <= int(place) <= 24 else None

    def draw_setup_piece(self, surface: pygame.Surface, rect: pygame.Rect, piece: str) -> None:
        """A White (``first``) or Black (``second``) checker."""
        self._draw_checker(surface, rect.center, FIRST if piece == "first" else SECOND, False,
                           min(rect.width, rect.height) * 0.42)

    def _draw_checker(self, surface: pygame.Surface, centre: tuple[float, float], player: int, glow: bool,
                      radius: float | None = None) -> None:
        draw_checker(surface, centre, player, glow, self._radius() if radius is None else radius)

    def _draw_stack(self, surface: pygame.Surface, point: int, count: int, player: int, glow: bool) -> None:
        rect = self.point_rect(point)
        radius = self._radius()
        top = self._is_top(point)
        for index in range(min(count, 5)):
            offset = radius + index * 2 * radius
            y = rect.top + offset if top else rect.bottom - offset
            self._draw_checker(surface, (rect.centerx, y), player, glow and index == min(count, 5) - 1)
        if count > 5:
            offset = radius + 4 * 2 * radius
            y = rect.top + offset if top else rect.bottom - offset
            colour = BLACK_CHECKER if player == FIRST else WHITE_CHECKER
            theme.draw_text(surface, str(count), (rect.centerx, round(y)), max(theme.SMALLEST_TEXT, round(radius)),
                            colour, "bold", anchor="center")

    def _draw_bar(self, surface: pygame.Surface, shown: BackgammonState, mover: int) -> None:
        bar = self._bar_rect()
        radius = self._radius()
        for player in (FIRST, 1 - FIRST):
            count = shown.checkers(player)[BAR]
            # The first player enters at the top right: its bar checkers wait in the top half.
            top = (player == FIRST) != self.flipped
            for index in range(min(count, 4)):
                offset = self.board.height * 0.25 + index * 2 * radius
                y = bar.top + offset if top else bar.bottom - offset
                self._draw_checker(surface, (bar.centerx, y), player, self._selected == BAR and player == mover)
            if count > 4:
                y = bar.top + self.board.height * 0.1 if top else bar.bottom - self.board.height * 0.1
                theme.draw_text(surface, str(count), (bar.centerx, round(y)), theme.SMALLEST_TEXT, theme.TEXT,
                                "bold", anchor="center")

    def _draw_tray(self, surface: pygame.Surface, shown: BackgammonState) -> None:
        # The counts and their words follow the text size (a projector's larger text), as
        # large as the tray's width lets them be.
        smallest = round(theme.SMALLEST_TEXT * theme.text_scale)
        size = max(smallest, min(round(20 * theme.text_scale), self.tray.width // 3))
        for player in (FIRST, 1 - FIRST):
            bottom = (player == FIRST) != self.flipped
            off = shown.checkers(player)[OFF]
            pips = shown.pip_count(player)
            colour = WHITE_CHECKER if player == FIRST else (20, 20, 20)
            y = self.tray.bottom - 6 if bottom else self.tray.top + 6
            anchor = "midbottom" if bottom else "midtop"
            label = tr("{count} off", count=off)
            if theme.rendered_text(label, size, colour, "bold").get_width() > self.tray.width - 2:
                label = str(off)  # a narrow tray: the number alone
            label_size = theme.fit_text_size(label, size, theme.SMALLEST_TEXT, self.tray.width - 2, "bold")
            rect = theme.draw_text(surface, label, (self.tray.centerx, y), label_size, colour, "bold", anchor=anchor,
                                   max_width=self.tray.width - 2)
            pip_y = rect.top - 2 if bottom else rect.bottom + 2
            pip_size = theme.fit_text_size(f"{pips}", size, theme.SMALLEST_TEXT, self.tray.width - 2)
            if theme.font(pip_size).size(f"{pips}")[0] > self.tray.width - 2:
                continue  # a tray too narrow for the count (a small board in the lab): the checkers off alone
            rect = theme.draw_text(surface, f"{pips}", (self.tray.centerx, pip_y), pip_size, colour, anchor=anchor,
                                   max_width=self.tray.width - 2)
            word_y = rect.top if bottom else rect.bottom
            word_size = theme.fit_text_size(tr("pips"), smallest, theme.SMALLEST_TEXT, self.tray.width - 2)
            if theme.font(word_size).size(tr("pips"))[0] <= self.tray.width - 2:  # else the number alone
                theme.draw_text(surface, tr("pips"), (self.tray.centerx, word_y), word_size, colour,
                                anchor=anchor, max_width=self.tray.width - 2)

    def opening_caption_rect(self) -> pygame.Rect:
        """Where the opening roll is said in words: the left half of the board, between
        the rows."""
        width = self._column_width()
        height = max(2 * theme.line_height(theme.SMALLEST_TEXT) + 6, round(self.board.height * 0.14))
        return pygame.Rect(round(self.board.left + width * 0.25), self.board.centery - height // 2,
                           round(width * 5.5), height)
