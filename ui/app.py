"""The application: the window, the frame loop and the scene stack.

Each frame: wait for the frame's turn (``Clock.tick``, which releases the GIL so the
search thread runs), hand the events to the top scene, update every scene, draw from
the topmost opaque scene up, flip. The search runs in a background thread; to keep
60 frames per second while it runs, the interpreter is asked to switch threads every
0.5 ms (``sys.setswitchinterval``; the default 5 ms gives about 45 fps).

An exception in a frame does not lose the game: scenes save what they hold, the
error is logged to the data folder and shown in a dialog, and the app carries on. If
frames keep failing, the app shows a system message box and exits.
"""
from __future__ import annotations

import os
import sys
import time
import traceback
import warnings
from collections import deque

import pygame

from ui import theme
from ui.scene import Scene
from ui.storage import append_crash_log

FRAMES_PER_SECOND = 60
SWITCH_INTERVAL = 0.0005
"""Seconds between forced thread switches while the search thread runs."""
MAX_FAILED_FRAMES = 5
MINIMUM_SIZE = (720, 540)
"""The window cannot be made smaller than this (the layout stays readable down to it)."""


def _set_minimum_size(size: tuple[int, int]) -> None:
    """Ask the window manager for a minimum window size, where pygame-ce allows it."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().minimum_size = size
    except (AttributeError, pygame.error):
        pass


class App:
    """Owns the pygame window and the scene stack. Create one per process."""

    def __init__(self, size: tuple[int, int] = (1280, 800)) -> None:
        sys.setswitchinterval(SWITCH_INTERVAL)
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        pygame.display.init()  # no audio: the app makes no sound, and this avoids sound-card errors
        pygame.font.init()
        theme.reset_fonts()
        pygame.display.set_caption("Game Tree Lab")
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        _set_minimum_size(MINIMUM_SIZE)
        self.clock = pygame.time.Clock()
        self.scenes: list[Scene] = []
        self.running = True
        self.frame_times: deque[float] = deque(maxlen=100_000)
        self._failed_frames = 0
        self._last_frame_end = time.perf_counter()

    @property
    def size(self) -> tuple[int, int]:
        """The window's size in pixels."""
        return self.screen.get_size()

    # -- the scene stack --------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        """The scene receiving events."""
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        """Put ``scene`` on top."""
        self.scenes.append(scene)
        scene.resize(self.size)
        scene.enter()

    def remove(self, scene: Scene) -> None:
        """Remove ``scene`` wherever it is in the stack (a dialog closing itself)."""
        if scene in self.scenes:
            was_top = scene is self.top
            self.scenes.remove(scene)
            scene.leave()
            if was_top and self.scenes:
                self.scenes[-1].enter()

    def replace(self, scene: Scene) -> None:
        """Swap the whole stack for ``scene`` (menu -> game and back)."""
        while self.scenes:
            self.scenes.pop().leave()
        self.push(scene)

    def quit(self) -> None:
        """End the loop after this frame."""
        self.running = False

    # -- the loop ---------------------------------------------------------------------
    def step(self) -> None:
        """Run one frame: events, update, draw, flip."""
        dt = self.clock.tick(FRAMES_PER_SECOND) / 1000.0
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                self.quit()
            elif event.type == pygame.VIDEORESIZE:
                self._resize(event.size)
            elif self.top is not None:
                self.top.handle_event(event)
        for scene in list(self.scenes):
            scene.update(dt)
        self.draw()
        pygame.display.flip()
        now = time.perf_counter()
        self.frame_times.append(now - self._last_frame_end)
        self._last_frame_end = now

    def draw(self) -> None:
        """Paint the stack: the topmost opaque scene and the overlays above it."""
        self.screen.fill(theme.BACKGROUND)
        start = 0
        for index, scene in enumerate(self.scenes):
            if not scene.overlay:
                start = index
        for scene in self.scenes[start:]:
            scene.draw(self.screen)

    def run(self, seconds: float | None = None) -> None:
        """Loop until quit (or for ``seconds``), surviving failures in a frame. Does not
        close the window: call ``shutdown`` after."""
        deadline = None if seconds is None else time.perf_counter() + seconds
        while self.running and (deadline is None or time.perf_counter() < deadline):
            try:
                self.step()
                self._failed_frames = 0
            except Exception as error:  # keep the game; tell the person
                self._failed_frames += 1
                self.recover(error)

    def recover(self, error: BaseException) -> None:
        """Save every scene's game, log ``error``, and show it (or exit if frames keep failing)."""
        details = traceback.format_exc()
        for scene in list(self.scenes):
            try:
                scene.emergency_save()
            except Exception:
                details += "\nwhile saving:\n" + traceback.format_exc()
        try:
            log = append_crash_log(f"{time.strftime('%Y-%m-%d %H:%M:%S')}\n{details}")
            where = f"Details were written to {log}."
        except OSError:
            where = "The details could not be written to the crash log."
        message = f"{type(error).__name__}: {error}\n\nYour game was saved. {where}"
        if self._failed_frames >= MAX_FAILED_FRAMES:
            try:
                pygame.display.message_box("Game Tree Lab stopped", message + "\n\nThe app will now close; "
                                           "restart it to resume your game.", message_type="error")
            except Exception:
                print(message, file=sys.stderr)
            self.quit()
            return
        from ui.scenes.dialog import Dialog

        if not any(isinstance(scene, Dialog) and scene.title == "Something went wrong" for scene in self.scenes):
            self.push(Dialog(self, "Something went wrong", message, details=details))

    def shutdown(self) -> None:
        """Leave every scene (they stop searches and save) and close the window."""
        while self.scenes:
            scene = self.scenes.pop()
            try:
                scene.leave()
            except Exception:
                append_crash_log(traceback.format_exc())
        pygame.quit()

    def _resize(self, size: tuple[int, int]) -> None:
        self.screen = pygame.display.get_surface()
        for scene in self.scenes:
            scene.resize(self.size)


def run_app() -> int:
    """Open the window on the menu (offering to resume a saved game) and run until closed."""
    from ui.scenes.menu import MenuScene

    app = App()
    menu = MenuScene(app)
    app.push(menu)
    menu.offer_resume()
    try:
        app.run()
    finally:
        app.shutdown()
    return 0
