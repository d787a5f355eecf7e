"""The move list: numbered moves, the shown one highlighted; click a move to view it."""
from __future__ import annotations

import pygame

from games.base import CHANCE, FIRST
from ui import theme
from ui.i18n import tr
from ui.session import GameSession


def move_rows(movers: list[int], texts: list[str]) -> list[tuple[int, list[tuple[int, str]]]]:
    """Group plies into numbered rows: ``[(number, [(ply index, text), ...]), ...]``.

    A row starts with each move of the first player (as in chess notation); a row
    for a game that starts with the second player, or where a player moves twice,
    simply holds what was played. Chance outcomes join the row of the move they precede.
    """
    rows: list[tuple[int, list[tuple[int, str]]]] = []
    pending_chance: list[tuple[int, str]] = []
    for index, (mover, text) in enumerate(zip(movers, texts)):
        item = (index, text if mover != CHANCE else f"({text})")
        if mover == CHANCE:
            pending_chance.append(item)
            continue
        if mover == FIRST or not rows:
            rows.append((len(rows) + 1, []))
        rows[-1][1].extend(pending_chance)
        pending_chance = []
        rows[-1][1].append(item)
    if pending_chance:
        if not rows:
            rows.append((1, []))
        rows[-1][1].extend(pending_chance)
    return rows


class MoveList:
    """Lays out the session's moves in rows (in ``update``), draws them, maps clicks to plies.

    The list follows the newest move unless the person scrolled up with the wheel.
    """

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scroll = 0
        self._follow = True
        self._items: list[tuple[pygame.Rect, int, str]] = []
        self._numbers: list[tuple[pygame.Rect, str]] = []
        self._shown_ply: int | None = None
        self._text_size = 14

    def update(self, session: GameSession, text_size: int) -> None:
        """Recompute the visible items for the session's moves and the current scroll."""
        self._text_size = text_size
        rows = move_rows(session.record.movers, session.record.display_texts)
        row_height = int(text_size * 1.5)
        pad = max(6, text_size // 2)
        visible = max(1, (self.rect.height - 2 * pad) // row_height)
        max_scroll = max(0, len(rows) - visible)
        if self._follow:
            self.scroll = max_scroll
        self.scroll = min(max(0, self.scroll), max_scroll)
        self._follow = self.scroll >= max_scroll
        face = theme.font(text_size, "mono")
        number_width = face.size("000.")[0]
        self._items, self._numbers = [], []
        for slot, (number, items) in enumerate(rows[self.scroll:self.scroll + visible]):
            y = self.rect.top + pad + slot * row_height
            x = self.rect.left + pad
            self._numbers.append((pygame.Rect(x, y, number_width, row_height), f"{number}."))
            x += number_width + pad
            for index, text in items:
                width = face.size(text)[0] + pad
                if x + width > self.rect.right - pad:
                    break
                self._items.append((pygame.Rect(x - 3, y - 1, width, row_height - 2), index, text))
                x += width + pad
        self._shown_ply = session.last_move_index()

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
        """Where ply ``ply`` is drawn, if visible (used by tests to click moves)."""
        for rect, index, _ in self._items:
            if index == ply:
                return rect
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the visible rows; the shown ply is highlighted."""
        theme.panel(surface, self.rect)
        size = self._text_size
        if not self._items and not self._numbers:
            theme.draw_text(surface, tr("No moves yet"), self.rect.center, size, theme.TEXT_DIM, anchor="center")
            return
        for rect, text in self._numbers:
            theme.draw_text(surface, text, (rect.left, rect.top), size, theme.TEXT_DIM, style="mono")
        for rect, index, text in self._items:
            if index == self._shown_ply:
                pygame.draw.rect(surface, theme.SELECTION, rect, border_radius=4)
            theme.draw_text(surface, text, (rect.left + 3, rect.top + 1), size, theme.TEXT, style="mono")
