"""Driving the real app loop in tests: synthetic clicks and keys, no display (SDL dummy driver)."""
from __future__ import annotations

import time

import pygame
import pytest

from conftest import HANG_TIMEOUT
from ui import theme
from ui.app import App
from ui.scenes.play import PlayScene


@pytest.fixture
def app(tmp_path, monkeypatch):
    """The app at 1280x800 with its data folder in ``tmp_path``."""
    monkeypatch.setenv("GAMETREELAB_HOME", str(tmp_path))
    application = App((1280, 800))
    yield application
    application.shutdown()


def click(app: App, position, button: int = 1) -> None:
    """A click (press and release) at ``position``, then one frame."""
    position = tuple(int(value) for value in position)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=position, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=position, button=button))
    app.step()


def press(app: App, key: int, text: str = "") -> None:
    """One key press (``text`` is what it types, e.g. "?")."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text, scancode=0))
    app.step()


def frames_until(app: App, condition, timeout: float = HANG_TIMEOUT) -> None:
    """Run frames until ``condition()`` holds (fails after ``timeout`` seconds, which
    only guards against a hang: a computer's move may take long on a busy machine)."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the app did not reach the expected state"
        app.step()


def start_from_menu(app: App) -> PlayScene:
    """Open the menu and click Start game (with whatever the menu shows)."""
    menu = app.show_menu()
    app.step()
    click(app, menu.start_button.rect.center)
    assert isinstance(app.top, PlayScene)
    return app.top


def record_text_sizes(monkeypatch) -> list[int]:
    """Every font size text is rendered at from now on."""
    sizes: list[int] = []
    original = theme.rendered_text

    def recording(text, size, *arguments, **keywords):
        if text.strip():
            sizes.append(int(size))
        return original(text, size, *arguments, **keywords)

    monkeypatch.setattr(theme, "rendered_text", recording)
    return sizes


def drawn_texts(monkeypatch) -> list[str]:
    """Every text drawn from now on."""
    drawn: list[str] = []
    original = theme.draw_text

    def recording(surface, text, *arguments, **keywords):
        drawn.append(text)
        return original(surface, text, *arguments, **keywords)

    monkeypatch.setattr(theme, "draw_text", recording)
    return drawn


def cut_texts(monkeypatch) -> list[str]:
    """Every text drawn from now on that is cut with an ellipsis to fit its room (wider
    than the width it was given)."""
    cut: list[str] = []
    original = theme.rendered_text

    def recording(text, size, colour, style="regular", max_width=None):
        if max_width is not None and theme.font(size, style).size(text)[0] > max_width:
            cut.append(text)
        return original(text, size, colour, style, max_width)

    monkeypatch.setattr(theme, "rendered_text", recording)
    return cut
