"""The evaluation chart: the first player's win chance after every move, as lichess
draws one under its analysis board; a click (or a drag) shows that position.

Each position of the game is a point, from the start (at the left) to the last move
(at the right), at the height of the first player's win chance (``ui.win_chances``:
the search that chose the move, or the latest one of that position, both players'
searches alike). A position nothing was searched in is a gap in the line, never a
zero. The area under the line is in the first player's colour, the rest in the
second's; a proven value (an end, a forced win, a solved or database value) gets a
mark where it begins and a line of its own colour; the shown position is a vertical line.
"""
from __future__ import annotations

import pygame

from ui import theme
from ui.i18n import format_number, tr, tr_known
from ui.session import GameSession
from ui.widgets.move_list import move_label
from ui.win_chances import ChancePoint, chances_along


def point_x(index: int, count: int, plot: pygame.Rect) -> int:
    """The x of position ``index`` of ``count`` positions in ``plot`` (the start at its
    left edge, the last position at its right; a lone position at the left)."""
    if count <= 1:
        return plot.left
    return plot.left + round(index * (plot.width - 1) / (count - 1))


def index_at(x: int, count: int, plot: pygame.Rect) -> int:
    """The position (0..``count`` - 1) whose point is nearest ``x``; ``x`` outside the
    plot counts as its nearest edge. ``count`` must be at least 1 (not checked)."""
    if count <= 1 or plot.width <= 1:
        return 0
    share = (min(max(x, plot.left), plot.right - 1) - plot.left) / (plot.width - 1)
    return round(share * (count - 1))


def point_y(chance: float, plot: pygame.Rect) -> int:
    """The y of a win chance (0..1; 1 at the top of ``plot``)."""
    return plot.bottom - 1 - round(chance * (plot.height - 1))


def runs(points: list[ChancePoint | None]) -> list[list[int]]:
    """The indexes of ``points`` in unbroken runs of known values (a gap splits them)."""
    found: list[list[int]] = []
    for index, point in enumerate(points):
        if point is None:
            continue
        if found and found[-1][-1] == index - 1:
            found[-1].append(index)
        else:
            found.append([index])
    return found


def proven_marks(points: list[ChancePoint | None]) -> list[int]:
    """The positions where a proven value begins (proven, and the position before is
    not): each gets a mark, and the proven stretch after it a line of its own colour."""
    return [index for index, point in enumerate(points)
            if point is not None and point.proven and (index == 0 or not _proven(points[index - 1]))]


def _proven(point: ChancePoint | None) -> bool:
    return point is not None and point.proven


def describe(session: GameSession, points: list[ChancePoint | None], index: int) -> str:
    """Position ``index`` in words for the pointer over it: the move that led there as
    the move list numbers it (or "Starting position") and the first player's win chance, which is
    never written 0% or 100% unless proven (``points`` as ``chances_along`` gives them)."""
    record = session.record
    move = tr("Starting position") if index == 0 else \
        move_label(record.movers, record.display_texts, index - 1, record.states[0].first_move_number())
    point = points[index]
    if point is None:
        return tr("{move}: no estimate", move=move)
    chance = point.chance if point.proven else min(0.99, max(0.01, point.chance))
    percent = format_number(chance, ".0%")
    return tr("{move}: {percent}, proven", move=move, percent=percent) if point.proven else \
        tr("{move}: {percent}", move=move, percent=percent)


class EvaluationChart:
    """The chart in ``rect`` (hidden while ``rect`` is empty). ``update`` takes the
    session's points (worked out again only when the game or a search result changed);
    ``handle_event`` returns the position a click or drag picks."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.points: list[ChancePoint | None] = []
        self._key: tuple = ()
        self._dragging = False
        self._shown = 0
        self._title = ""
        self._session: GameSession | None = None

    @property
    def visible(self) -> bool:
        """Whether the layout gave the chart room."""
        return self.rect.width > 0 and self.rect.height > 0

    def plot(self) -> pygame.Rect:
        """The rectangle the line is drawn in (inside the frame, under the title)."""
        pad = 3
        title = theme.line_height(self._text_size()) if self._title else 0
        return pygame.Rect(self.rect.left + pad, self.rect.top + pad + title, max(1, self.rect.width - 2 * pad),
                           max(1, self.rect.height - 2 * pad - title))

    def _text_size(self) -> int:
        return max(theme.SMALLEST_TEXT, min(16, self.rect.height // 5))

    def update(self, session: GameSession) -> None:
        """Take the session's win chances (``chances_along``) and the shown position."""
        record = session.record
        key = (session, tuple(record.moves), tuple(record.evaluations.items()), record.result)
        if key != self._key:
            self._key = key
            self.points = chances_along(record, session.entry.win_chance)
        self._shown = session.shown_index()
        self._session = session
        self._title = tr("Win chance of {player}", player=tr_known(session.game.player_name(0)))

    def handle_event(self, event: pygame.event.Event) -> int | None:
        """The position index (0 = the start) a left click on the chart, or a drag that
        began on it, points at; ``None`` for anything else."""
        if not self.visible or not self.points:
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self._dragging = True
            return index_at(event.pos[0], len(self.points), self.plot())
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._dragging = False
        elif event.type == pygame.MOUSEMOTION and self._dragging and event.buttons[0]:
            return index_at(event.pos[0], len(self.points), self.plot())
        return None

    def hover_text(self, mouse: tuple[int, int] | None) -> str:
        """What the title line says while the pointer is at ``mouse`` over the chart
        (``describe`` of the nearest position), else ""."""
        if mouse is None or self._session is None or not self.points or not self.rect.collidepoint(mouse):
            return ""
        return describe(self._session, self.points, index_at(mouse[0], len(self.points), self.plot()))

    def draw(self, surface: pygame.Surface, colours: tuple[tuple[int, int, int], tuple[int, int, int]],
             mouse: tuple[int, int] | None = None) -> None:
        """Paint the chart; ``colours`` are the players' (first, second); with ``mouse``
        over the chart the title line describes the position under it."""
        if not self.visible:
            return
        pygame.draw.rect(surface, theme.PANEL, self.rect, border_radius=4)
        size = self._text_size()
        hovered = self.hover_text(mouse)
        if hovered:
            theme.draw_text(surface, hovered, (self.rect.left + 4, self.rect.top + 2), size, theme.TEXT,
                            max_width=self.rect.width - 8)
        elif self._title:
            legend = tr("\u25cf proven")
            legend_width = theme.font(size).size(legend)[0]
            title_width = theme.font(size).size(self._title)[0]
            if proven_marks(self.points) and title_width + legend_width + 24 <= self.rect.width:
                theme.draw_text(surface, legend, (self.rect.right - 4, self.rect.top + 2), size, theme.WARNING,
                                anchor="topright")
            theme.draw_text(surface, self._title, (self.rect.left + 4, self.rect.top + 2), size, theme.TEXT_DIM,
                            max_width=self.rect.width - 8)
        plot = self.plot()
        pygame.draw.rect(surface, _mix(colours[1], theme.PANEL), plot)
        count = len(self.points)
        below = _mix(colours[0], theme.PANEL)
        for run in runs(self.points):
            corners = [(point_x(index, count, plot), point_y(self.points[index].chance, plot)) for index in run]
            if len(run) > 1:
                pygame.draw.polygon(surface, below, [(corners[0][0], plot.bottom - 1), *corners,
                                                     (corners[-1][0], plot.bottom - 1)])
                pygame.draw.lines(surface, theme.TEXT, False, corners, 2)
            else:
                x, y = corners[0]
                pygame.draw.line(surface, below, (x, y), (x, plot.bottom - 1), 3)
                pygame.draw.circle(surface, theme.TEXT, (x, y), 2)
        pygame.draw.line(surface, theme.TEXT_DIM, (plot.left, plot.centery), (plot.right - 1, plot.centery), 1)
        for index in range(1, count):
            before, after = self.points[index - 1], self.points[index]
            if before is not None and after is not None and before.proven and after.proven:
                pygame.draw.line(surface, theme.WARNING, (point_x(index - 1, count, plot), point_y(before.chance, plot)),
                                 (point_x(index, count, plot), point_y(after.chance, plot)), 3)
        radius = max(3, size // 3)
        for index in proven_marks(self.points):
            centre = (point_x(index, count, plot), point_y(self.points[index].chance, plot))
            pygame.draw.circle(surface, theme.WARNING, centre, radius)
            pygame.draw.circle(surface, theme.PANEL_BORDER, centre, radius, 1)
        if count:
            x = point_x(min(self._shown, count - 1), count, plot)
            pygame.draw.line(surface, theme.ACCENT, (x, plot.top), (x, plot.bottom - 1), 2)
        pygame.draw.rect(surface, theme.PANEL_BORDER, self.rect, width=1, border_radius=4)


def _mix(colour: tuple[int, int, int], base: tuple[int, int, int], share: float = 0.55) -> tuple[int, int, int]:
    """``colour`` at ``share`` over ``base`` (a softer fill that keeps the line readable)."""
    return tuple(round(share * own + (1 - share) * under) for own, under in zip(colour, base))
