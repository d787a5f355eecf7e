"""The two players, who they are, their clocks, and the score of this sitting."""
from __future__ import annotations

import pygame

from ui import theme
from ui.i18n import tr, tr_known, tr_plural
from ui.session import GameSession
from ui.theme import TextSizes


def score_line(session: GameSession) -> str:
    """``Score: X 2, O 1, draws 3`` once a game of this sitting has ended ("" before);
    when a game was worth more than one point (a gammon, the cube), the points too:
    ``Points: White 5, Black 1 (games 2-1)``; draws only in games that have them."""
    tally = session.tally
    if not sum(tally):
        return ""
    names = [tr_known(name) for name in session.game.player_names]
    points = session.points
    if points != tally[:2]:
        return tr("Points: {first} {first_points}, {second} {second_points} (games {first_games}-{second_games})",
                  first=names[0], first_points=points[0], second=names[1], second_points=points[1],
                  first_games=tally[0], second_games=tally[1])
    score = tr("Score: {first} {first_games}, {second} {second_games}", first=names[0], first_games=tally[0],
               second=names[1], second_games=tally[1])
    if session.game.can_draw or tally[2]:
        score += tr_plural(tally[2], ", {count} draw", ", {count} draws")
    return score


def player_title(session: GameSession, player: int) -> str:
    """``X (you)``, ``O (computer)`` or just the name when two people or two computers play."""
    name = tr_known(session.game.player_name(player))
    humans = session.humans
    if len(humans) == 1:
        return tr("{name} (you)", name=name) if player in humans else tr("{name} (computer)", name=name)
    return name


def fitted_description(parts: list[str], size: int, width: int) -> tuple[str, int]:
    """A player's description (``PlayerSettings.describe_parts``) for ``width`` pixels at
    text ``size``: its parts joined, as many as fit, the most telling first (the level,
    then the algorithm, then the clock: a narrow panel at a large text size shows the
    level alone); a first part too wide alone is drawn smaller (down to the smallest
    text size). Returns the text and its size."""
    face = theme.font(size)
    for count in range(len(parts), 0, -1):
        text = ", ".join(parts[:count])
        if face.size(text)[0] <= width:
            return text, size
    return parts[0], _fitted_size(parts[0], size, width)


def _fitted_size(text: str, size: int, width: int, style: str = "regular") -> int:
    """``size``, or the largest smaller one (down to the smallest text size) at which ``text`` fits ``width``."""
    return theme.fit_text_size(text, size, min(size, theme.SMALLEST_TEXT), width, style)


class PlayersPanel:
    """Two rows, the player at the top of the board first (so it follows a flip), and a
    score line under them once a game has ended."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)

    def draw(
        self,
        surface: pygame.Surface,
        session: GameSession,
        top_player: int,
        colours: tuple[tuple[int, int, int], tuple[int, int, int]],
        sizes: TextSizes,
    ) -> None:
        """Paint both rows (colour mark, name, description, clock) and the score line."""
        score = score_line(session)
        small_line = theme.line_height(sizes.small)
        rows_height = self.rect.height - (small_line if score else 0)
        row_height = rows_height // 2
        to_move = session.record.state.to_move() if session.record.result is None else None
        pad = max(6, sizes.small // 2)
        for slot, player in enumerate((top_player, 1 - top_player)):
            row = pygame.Rect(self.rect.left, self.rect.top + slot * row_height, self.rect.width, row_height - 4)
            active = player == to_move
            theme.panel(surface, row, theme.BUTTON if active else theme.PANEL)
            if active:
                pygame.draw.rect(surface, theme.ACCENT, row, width=2, border_radius=8)
            mark_size = min(sizes.body, row.height - 2 * pad)
            mark = pygame.Rect(row.left + pad, row.centery - mark_size // 2, mark_size, mark_size)
            pygame.draw.rect(surface, colours[player], mark, border_radius=3)
            pygame.draw.rect(surface, theme.PANEL_BORDER, mark, width=1, border_radius=3)
            clock_text, clock_colour = self._clock(session, player)
            clock_rect = theme.draw_text(surface, clock_text, (row.right - pad, row.centery), sizes.large,
                                         clock_colour, style="mono", anchor="midright")
            text_left = mark.right + pad
            limit = max(10, clock_rect.left - text_left - pad)
            title = player_title(session, player)
            theme.draw_text(surface, title, (text_left, row.centery), _fitted_size(title, sizes.body, limit, "bold"),
                            theme.TEXT, style="bold", anchor="bottomleft", max_width=limit)
            description, size = fitted_description(session.players[player].describe_parts(session.entry), sizes.small,
                                                   limit)
            theme.draw_text(surface, description, (text_left, row.centery + 1), size, theme.TEXT_DIM,
                            anchor="topleft", max_width=limit)
        if score:
            width = self.rect.width - 2 * pad
            theme.draw_text(surface, score, (self.rect.left + pad, self.rect.bottom - small_line),
                            _fitted_size(score, sizes.small, width), theme.TEXT, max_width=width)

    @staticmethod
    def _clock(session: GameSession, player: int) -> tuple[str, tuple[int, int, int]]:
        remaining = session.clock.remaining(player)
        if remaining is None:
            return "", theme.TEXT_DIM  # untimed: the description says how the side is limited
        colour = theme.DANGER if remaining < 10 else (theme.TEXT if session.clock.running == player else theme.TEXT_DIM)
        return theme.format_seconds(remaining), colour
