"""What every board view offers the play scene."""
from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

import pygame

from games.base import State
from ui.i18n import mark, tr


@dataclass(frozen=True)
class BoardDecorations:
    """Extra things to show on a board: the last move, a hint, whether the person may
    move now (hover previews), the mouse position, and a 0..1 ``pulse`` for animation.
    ``recent`` is how the shown position arrived (``ui.move_timeline``): ``(state before,
    move, mover)`` entries, oldest first, the last player's move (unless a person made it)
    and the chance outcomes after it; ``since`` the seconds since it arrived.
    ``setting_up``: the board editor shows the position being set up (which may not be
    one that can occur): no player is to move, and places pieces go to may say so."""

    last_move: Hashable | None = None
    hint_move: Hashable | None = None
    interactive: bool = False
    mouse: tuple[int, int] | None = None
    pulse: float = 0.0
    recent: tuple[tuple[State, Hashable, int], ...] = ()
    since: float = 1e9
    setting_up: bool = False


class BoardView:
    """Base class of board views. ``layout`` gives the square area to draw in;
    ``flipped`` turns the board round (the second player at the bottom);
    ``player_colours`` are the colours identifying the two players (eval bar, clocks)."""

    player_colours: tuple[tuple[int, int, int], tuple[int, int, int]] = ((240, 240, 240), (30, 30, 30))
    move_instruction = mark("click to move")
    """What a person does to move, for the status line."""
    seat_second_player_at_bottom = False
    """Whether a person playing the second side sees the board turned round (chess: yes)."""
    aspect_ratio = 1.0
    """Width over height of the area ``layout`` should be given (a backgammon board is wide)."""
    options: dict[str, tuple[str, bool]] = {}
    """The view's own on/off settings: name -> (label for people, marked with ``mark``,
    default), e.g. chess's "always queen". The play scene offers each as a toggle
    (translating the label) and remembers it per game."""
    option_short_labels: dict[str, str] = {}
    """An option's label on a toolbar too narrow for the full one, when the label's last
    word alone would not say what it does (chess: "Auto-queen", not "Queen"); marked
    with ``mark``. An option not named here is shortened to its label's last word."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.flipped = False
        self.option_values: dict[str, bool] = {name: default for name, (_, default) in self.options.items()}
        """The current value of each of ``options``."""

    def layout(self, rect: pygame.Rect) -> None:
        """Use ``rect`` (of about ``aspect_ratio``) for the board and its coordinates."""
        self.rect = pygame.Rect(rect)

    def click(self, position: tuple[int, int], state: State) -> Hashable | None:
        """The move a click at ``position`` makes in ``state``, if it completes one.

        May keep selection state between clicks (a chess piece picked up). Does not
        play the move; the caller checks whose turn it is.
        """
        return None

    def arrival_seconds(self, state: State, recent: tuple[tuple[State, Hashable, int], ...]) -> float:
        """How long the view animates the arrival ``recent`` of ``state`` (see
        ``BoardDecorations.recent``), in seconds; 0 (the default) for none."""
        return 0.0

    def roll_shown_after(self, recent: tuple[tuple[State, Hashable, int], ...]) -> float:
        """Seconds into the arrival ``recent`` at which the view shows its chance outcomes
        (a roll of the dice), so that the roll's sound comes with it; 0 (the default)
        when they are shown at once."""
        return 0.0

    def automatic_move(self, state: State) -> tuple[Hashable, str] | None:
        """A move the person has no choice about, which the view plays for them (after the
        arrival's animation and a pause), with a sentence saying so; ``None`` (the
        default) when the person should choose."""
        return None

    def instruction(self, state: State) -> str:
        """What to do on the person's turn in ``state`` (the default: ``move_instruction``),
        in the current language."""
        return tr(self.move_instruction)

    def help_entries(self) -> list[tuple[str, str]]:
        """The board's mouse (and key) actions for the help overlay: ``(keys, action)``."""
        return [(tr("Click the board"), tr(self.move_instruction))]

    def pointer_down(self, position: tuple[int, int], state: State) -> Hashable | None:
        """The mouse button went down at ``position`` on the board (the person may move):
        the move this completes, if any. The default treats it as a ``click``; a view with
        drag-and-drop picks a piece up here."""
        return self.click(position, state)

    def pointer_move(self, position: tuple[int, int]) -> None:
        """The pointer moved (a dragged piece follows it). Default: nothing."""

    def pointer_up(self, position: tuple[int, int], state: State) -> Hashable | None:
        """The mouse button came up at ``position``: the move a drag completes there, if
        any (a drop on an illegal square puts the piece back). Default: none."""
        return None

    def release_note(self) -> str:
        """Why the last ``pointer_up`` made no move, when that needs saying (a piece
        dropped where it may not go); "" otherwise (the default)."""
        return ""

    def refusal(self, position: tuple[int, int], state: State) -> str:
        """Why a click at ``position`` made no move ("" when there is nothing to say)."""
        return ""

    def board_area(self) -> pygame.Rect:
        """The part of ``rect`` holding the board itself, without the coordinates."""
        return self.rect

    def cancel_selection(self) -> None:
        """Drop any half-made move (after a takeback, a new position...)."""

    def draw(self, surface: pygame.Surface, state: State, decorations: BoardDecorations) -> None:
        """Paint ``state``."""
        raise NotImplementedError

    # -- the board editor (ui.scenes.editor; places and pieces are games.setup's) ----------------
    def setup_place_rect(self, place: str) -> pygame.Rect | None:
        """Where the board editor's ``place`` (a square, a point, the bar, Quarto's hand,
        a number; ``PositionEditor.places``) is on the screen, as last laid out; ``None``
        for a place the view does not show. Every view of a game with an editor gives one
        for each of its places."""
        return None

    def setup_place_at(self, position: tuple[int, int], places: Sequence[str]) -> str | None:
        """The first of ``places`` whose rectangle (``setup_place_rect``) holds ``position``."""
        for place in places:
            rect = self.setup_place_rect(place)
            if rect is not None and rect.collidepoint(position):
                return place
        return None

    def draw_setup_piece(self, surface: pygame.Surface, rect: pygame.Rect, piece: str) -> None:
        """The board editor's palette piece ``piece`` (a ``SetupPiece`` code: ``K``, ``X``,
        ``first``, ``5``) drawn as the board draws it, centred in ``rect``."""
        raise NotImplementedError
