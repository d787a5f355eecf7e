"""The move list: numbered moves, the shown one highlighted; click a move to view it.

Every move is shown: a row whose moves do not fit the list's width goes on in the
lines below it, and a move wider than a whole line is split where it has spaces or
commas (a backgammon turn), else between characters (``wrap_row``).
"""
from __future__ import annotations

from collections.abc import Callable

import pygame

from games.base import CHANCE, FIRST
from ui import theme
from ui.i18n import tr
from ui.session import GameSession


def move_rows(movers: list[int], texts: list[str], first_number: int = 1) -> list[tuple[int, list[tuple[int, str]]]]:
    """Group plies into numbered rows: ``[(number, [(ply index, text), ...]), ...]``,
    numbered from ``first_number`` (``State.first_move_number`` of the first position:
    a chess game set up at move 23 starts at 23).

    A row starts with each turn of the first player (as in chess notation): a move of
    the first player that follows another player's move, or the first move of all. A
    turn of several moves by one player (backgammon's ``roll`` and then its checkers)
    stays in one row; a row for a game that starts with the second player simply holds
    what was played. Chance outcomes join the row of the move they precede.
    """
    rows: list[tuple[int, list[tuple[int, str]]]] = []
    pending_chance: list[tuple[int, str]] = []
    previous_mover: int | None = None
    for index, (mover, text) in enumerate(zip(movers, texts)):
        item = (index, text if mover != CHANCE else f"({text})")
        if mover == CHANCE:
            pending_chance.append(item)
            continue
        if not rows or (mover == FIRST and previous_mover != FIRST):
            rows.append((first_number + len(rows), []))
        rows[-1][1].extend(pending_chance)
        pending_chance = []
        rows[-1][1].append(item)
        previous_mover = mover
    if pending_chance:
        if not rows:
            rows.append((first_number, []))
        rows[-1][1].extend(pending_chance)
    return rows


def move_label(movers: list[int], texts: list[str], ply: int, first_number: int = 1) -> str:
    """Ply ``ply`` (an index into ``movers`` and ``texts``) as the move list numbers it:
    ``2. Bc4`` when it opens its row (the first player's move), ``2… Nc6`` after it
    (as chess writes Black's moves), numbered as ``move_rows`` numbers the rows."""
    for number, items in move_rows(movers, texts, first_number):
        opening = next((index for index, _ in items if movers[index] != CHANCE), None)  # the row's first move
        for index, text in items:
            if index == ply:
                opens = index == opening and movers[ply] == FIRST
                return f"{number}. {text}" if opens else f"{number}\u2026 {text}"
    raise IndexError(f"ply {ply} is not one of the {len(movers)} moves")


def split_text(text: str, width: int, measure: Callable[[str], int]) -> list[str]:
    """``text`` cut into pieces each at most ``width`` wide by ``measure`` (in pixels),
    broken after spaces or commas where it can, else between characters; joined they
    give ``text`` back. A single character wider than ``width`` is a piece of its own."""
    pieces: list[str] = []
    rest = text
    while rest:
        if measure(rest) <= width:
            pieces.append(rest)
            break
        fit = 1
        while fit < len(rest) and measure(rest[:fit + 1]) <= width:
            fit += 1
        breaks = [position + 1 for position in range(fit) if rest[position] in " ,"]
        cut = breaks[-1] if breaks and breaks[-1] < len(rest) else fit
        pieces.append(rest[:cut])
        rest = rest[cut:]
    return pieces


def wrap_row(items: list[tuple[int, str]], width: int, gap: int,
             measure: Callable[[str], int]) -> list[list[tuple[int, int, str]]]:
    """One numbered row's moves laid out in lines at most ``width`` wide:
    ``[[(x offset, ply index, text), ...], ...]`` with ``gap`` between moves (all in
    pixels, ``measure`` giving a text's width). A move that does not fit the rest of a
    line starts the next; one wider than a whole line is split (``split_text``) and
    its pieces keep its ply index. Every move appears; the result has at least one line."""
    lines: list[list[tuple[int, int, str]]] = [[]]
    x = 0
    for index, text in items:
        for piece in split_text(text, max(1, width), measure):
            piece_width = measure(piece)
            if lines[-1] and x + piece_width > width:
                lines.append([])
                x = 0
            lines[-1].append((x, index, piece))
            x += piece_width + gap
    return lines


class MoveList:
    """Lays out the session's moves in rows (in ``update``), draws them, maps clicks to plies.

    A numbered row that is too wide for the list continues on the lines below it; the
    list scrolls by lines and follows the newest move unless the person scrolled up
    with the wheel; looking back at an earlier move (the arrows, the chart) scrolls it
    into view. ``heading``, when not empty, names the shown position above the moves
    (chess: its opening), on two lines if it needs them and the list has room, else
    shortened or smaller (``_fit_heading``).
    """

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scroll = 0
        self._follow = True
        self._items: list[tuple[pygame.Rect, int, str]] = []
        self._numbers: list[tuple[pygame.Rect, str]] = []
        self._shown_ply: int | None = None
        self._text_size = 14
        self._widths: dict[str, int] = {}  # text -> width at self._text_size
        self.heading = ""
        self.heading_rect = pygame.Rect(0, 0, 0, 0)
        self._heading_lines: list[str] = []
        self._heading_size = 14
        self._viewing = False

    def update(self, session: GameSession, text_size: int) -> None:
        """Recompute the visible items for the session's moves and the current scroll."""
        if text_size != self._text_size or len(self._widths) > 5000:
            self._widths = {}
        self._text_size = text_size
        rows = move_rows(session.record.movers, session.record.display_texts,
                         session.record.states[0].first_move_number())
        row_height = int(text_size * 1.5)
        pad = max(6, text_size // 2)
        face = theme.font(text_size, "mono")
        number_width = face.size("000.")[0]
        left = self.rect.left + pad + number_width + pad
        # An item is drawn 3 px inside its highlight, which is ``pad`` wider than the text.
        width = self.rect.right - pad - left - pad

        widths = self._widths

        def measure(text: str) -> int:
            known = widths.get(text)
            if known is None:
                known = widths[text] = face.size(text)[0]
            return known

        lines: list[tuple[str, list[tuple[int, int, str]]]] = []
        for number, items in rows:
            for line_number, line in enumerate(wrap_row(items, width, 2 * pad, measure)):
                lines.append((f"{number}." if line_number == 0 else "", line))
        top = self.rect.top + pad
        self.heading_rect = pygame.Rect(self.rect.left + pad, top, self.rect.width - 2 * pad, 0)
        self._heading_lines = []
        if self.heading:
            self._heading_lines, self._heading_size = self._fit_heading(text_size, row_height, top)
            self.heading_rect.height = len(self._heading_lines) * row_height
            top += self.heading_rect.height
        visible = max(1, (self.rect.bottom - pad - top) // row_height)
        max_scroll = max(0, len(lines) - visible)
        shown = session.last_move_index()
        viewing = session.view_index is not None
        if viewing and (shown != self._shown_ply or not self._viewing):  # a move looked back at: into view
            target = next((number for number, (_, line) in enumerate(lines)
                           if any(index == shown for _, index, _ in line)), 0)
            if not self.scroll <= target < self.scroll + visible:
                self.scroll = target if target < self.scroll else target - visible + 1
            self._follow = False
        elif self._viewing and not viewing:  # back to the live position: follow the game again
            self._follow = True
        self._viewing = viewing
        if self._follow:
            self.scroll = max_scroll
        self.scroll = min(max(0, self.scroll), max_scroll)
        self._follow = self.scroll >= max_scroll
        self._items, self._numbers = [], []
        for slot, (number, line) in enumerate(lines[self.scroll:self.scroll + visible]):
            y = top + slot * row_height
            if number:
                self._numbers.append((pygame.Rect(self.rect.left + pad, y, number_width, row_height), number))
            for offset, index, text in line:
                rect = pygame.Rect(left + offset - 3, y - 1, measure(text) + pad, row_height - 2)
                self._items.append((rect, index, text))
        self._shown_ply = shown

    def _fit_heading(self, text_size: int, row_height: int, top: int) -> tuple[list[str], int]:
        """The heading's lines and size: one line; or two, where the list keeps a line of
        moves under them; or its first part alone (a name "Family: variation" shortened
        to its family); or one line smaller (down to the smallest text size), cut
        (recorded) only if even that is too wide."""
        width = self.heading_rect.width
        face = theme.font(text_size, "bold")
        if face.size(self.heading)[0] <= width:
            return [self.heading], text_size
        lines = theme.wrap_text(self.heading, text_size, width, "bold")
        if len(lines) == 2 and top + 3 * row_height <= self.rect.bottom - max(6, text_size // 2):
            return lines, text_size
        forms = (self.heading, self.heading.split(": ", 1)[0]) if ": " in self.heading else (self.heading,)
        text, size = theme.fitted_choice(forms, text_size, width, "bold")
        return [text], size

    def handle_event(self, event: pygame.event.Event) -> int | None:
        """The ply index clicked (view the position after it), or ``None``. Handles the wheel."""
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            self.scroll -= event.y
            self._follow = False  # update() resumes following once scrolled back to the end
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, index, _ in self._items:
                if rect.collidepoint(event.pos):
                    return index
        return None

    def follow(self) -> None:
        """Scroll to the newest move again."""
        self._follow = True

    def item_rect(self, ply: int) -> pygame.Rect | None:
        """Where ply ``ply`` is drawn (its first piece, if split), if visible (used by tests to click moves)."""
        for rect, index, _ in self._items:
            if index == ply:
                return rect
        return None

    def shown_items(self) -> list[tuple[int, str]]:
        """The visible pieces of moves as ``(ply index, text)``, top to bottom (a move
        split over lines gives several pieces with the same index)."""
        return [(index, text) for _, index, text in self._items]

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the visible rows; the shown ply is highlighted."""
        theme.panel(surface, self.rect)
        size = self._text_size
        line_height = self.heading_rect.height // max(1, len(self._heading_lines))
        for number, line in enumerate(self._heading_lines):
            theme.draw_text(surface, line, (self.heading_rect.left, self.heading_rect.top + number * line_height
                                            + line_height // 2), self._heading_size, theme.ACCENT, style="bold",
                            anchor="midleft", max_width=self.heading_rect.width)
        if not self._items and not self._numbers:
            theme.draw_text(surface, tr("No moves yet"), self.rect.center, size, theme.TEXT_DIM, anchor="center")
            return
        for rect, text in self._numbers:
            theme.draw_text(surface, text, (rect.left, rect.top), size, theme.TEXT_DIM, style="mono")
        for rect, index, text in self._items:
            if index == self._shown_ply:
                pygame.draw.rect(surface, theme.SELECTION, rect, border_radius=4)
            theme.draw_text(surface, text, (rect.left + 3, rect.top + 1), size, theme.TEXT, style="mono")
