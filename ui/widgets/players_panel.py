"""The two players, who they are, and their clocks; the side to move is highlighted."""
from __future__ import annotations

import pygame

from ui import theme
from ui.session import GameSession


class PlayersPanel:
    """Two rows, the player at the top of the board first (so it follows a flip)."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)

    def draw(
        self,
        surface: pygame.Surface,
        session: GameSession,
        top_player: int,
        colours: tuple[tuple[int, int, int], tuple[int, int, int]],
        text_size: int,
    ) -> None:
        """Paint both rows: colour mark, name and description on the left, clock on the right."""
        row_height = self.rect.height // 2
        to_move = session.state.to_move() if session.result is None else None
        for slot, player in enumerate((top_player, 1 - top_player)):
            row = pygame.Rect(self.rect.left, self.rect.top + slot * row_height, self.rect.width, row_height - 4)
            active = player == to_move
            theme.panel(surface, row, theme.BUTTON if active else theme.PANEL)
            if active:
                pygame.draw.rect(surface, theme.ACCENT, row, width=2, border_radius=8)
            pad = max(6, text_size // 2)
            text_size = min(text_size, int(row.height * 0.36))  # two lines must fit the row
            mark = pygame.Rect(row.left + pad, row.centery - text_size // 2, text_size, text_size)
            pygame.draw.rect(surface, colours[player], mark, border_radius=3)
            pygame.draw.rect(surface, theme.PANEL_BORDER, mark, width=1, border_radius=3)
            name = session.game.player_name(player)
            settings = session.players[player]
            clock_text, clock_colour = self._clock(session, player)
            clock_rect = theme.draw_text(surface, clock_text, (row.right - pad, row.centery), int(text_size * 1.25),
                                         clock_colour, style="mono", anchor="midright")
            text_left = mark.right + pad
            wins = session.tally[player]
            if wins:
                name += f"   ({wins} {'win' if wins == 1 else 'wins'})"
            theme.draw_text(surface, name, (text_left, row.centery - 1), text_size, theme.TEXT, style="bold",
                            anchor="bottomleft", max_width=clock_rect.left - text_left - pad)
            description = settings.describe(session.entry)
            theme.draw_text(surface, description, (text_left, row.centery + 1), int(text_size * 0.8),
                            theme.TEXT_DIM, anchor="topleft", max_width=clock_rect.left - text_left - pad)

    @staticmethod
    def _clock(session: GameSession, player: int) -> tuple[str, tuple[int, int, int]]:
        remaining = session.clock.remaining(player)
        if remaining is None:
            return "", theme.TEXT_DIM  # untimed: the description says how the side is limited
        colour = theme.DANGER if remaining < 10 else (theme.TEXT if session.clock.running == player else theme.TEXT_DIM)
        return theme.format_seconds(remaining), colour
