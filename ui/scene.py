"""Scenes: the screens of the app (menu, play) and the dialogs shown over them.

The app keeps a stack of scenes. Only the top scene receives events; every scene is
updated each frame (a game keeps running under a dialog); drawing starts at the
topmost scene that is not an overlay and goes up, so dialogs appear over what is
beneath them. ``draw`` must change nothing: layout happens in ``resize`` and state
changes in ``handle_event`` and ``update``.

A scene reaches the app only through the object it is built with, typed by one of the
protocols of ``ui.navigation`` (never ``ui.app``, which builds the scenes).
"""
from __future__ import annotations

import pygame


class Scene:
    """Base class of scenes. ``overlay`` scenes are drawn over the scene below them."""

    overlay = False
    wants_text_input = False
    """True while the scene takes typed text (the app's own keys are not intercepted)."""

    def enter(self) -> None:
        """Called when the scene is pushed, or revealed again by a pop above it."""

    def leave(self) -> None:
        """Called when the scene is popped or replaced."""

    def resize(self, size: tuple[int, int]) -> None:
        """Lay out for a window of ``size`` pixels (also called once before the first draw)."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """React to one input event (only the top scene gets them)."""

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the scene. Must not change any state."""

    def help_sections(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """What the help overlay lists for this scene: ``(heading, [(keys, action), ...])``."""
        return []

    def emergency_save(self) -> None:
        """Save whatever must survive a crash (the game in progress)."""
