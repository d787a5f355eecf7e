"""The clipboard: the system's through SDL when it works, the app's own when it does not."""
from __future__ import annotations

import pygame
import pytest

from ui import clipboard


@pytest.fixture(autouse=True)
def no_kept_text():
    clipboard.forget_kept_text()
    yield
    clipboard.forget_kept_text()


@pytest.fixture
def video():
    """The video system running (SDL's dummy driver keeps the clipboard in the process)."""
    was_running = pygame.display.get_init()
    pygame.display.init()
    yield
    if not was_running:
        pygame.display.quit()


def test_copy_then_paste_through_sdl(video):
    assert clipboard.copy_text("1. e4 e5\r\n2. Nf3 *") == ""
    assert clipboard.paste_text() == ("1. e4 e5\n2. Nf3 *", "")


def test_the_fallback_round_trip_when_the_system_clipboard_refuses(video, monkeypatch):
    def refuse(*_arguments):
        raise pygame.error("No clipboard here")

    monkeypatch.setattr(pygame.scrap, "put_text", refuse)
    monkeypatch.setattr(pygame.scrap, "get_text", refuse)
    monkeypatch.setattr(pygame.scrap, "has_text", refuse)
    problem = clipboard.copy_text("[White \"Ann\"]\n\n1. d4 *")
    assert "No clipboard here" in problem and "only inside this app" in problem
    assert clipboard.paste_text() == ("[White \"Ann\"]\n\n1. d4 *", "")


def test_the_fallback_round_trip_without_the_video_system(monkeypatch):
    monkeypatch.setattr(pygame.display, "get_init", lambda: False)
    assert "not running" in clipboard.copy_text("kept")
    assert clipboard.paste_text() == ("kept", "")


def test_nothing_to_paste_is_said_in_words(monkeypatch):
    monkeypatch.setattr(pygame.display, "get_init", lambda: False)
    text, problem = clipboard.paste_text()
    assert text == "" and "system clipboard" in problem
    monkeypatch.setattr(pygame.display, "get_init", lambda: True)
    monkeypatch.setattr(pygame.scrap, "has_text", lambda: False)
    assert clipboard.paste_text() == ("", "The clipboard holds no text.")
