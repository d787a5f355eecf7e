"""The clipboard: copy text to it and paste text from it, never raising.

pygame-ce's ``pygame.scrap.put_text``, ``get_text`` and ``has_text`` use SDL's own
clipboard (``SDL_SetClipboardText``): they need the video system (``pygame.display.init()``,
which the app does at start) but not ``pygame.scrap.init()`` nor a particular window.
Under SDL's dummy video driver (the tests) SDL keeps the text in the process itself.

When the system clipboard cannot be used (the video system is not running, no X
server, the platform refuses), the text is kept in this process instead, so Copy and
then Paste still work inside the app; the functions then say so in words.
"""
from __future__ import annotations

import pygame

from ui.i18n import tr

_kept = ""
"""Text copied while the system clipboard could not take it (pasted only inside the app)."""


def _system_problem() -> str:
    """Why the system clipboard cannot be used now, in words; "" when it can."""
    scrap = getattr(pygame, "scrap", None)
    if scrap is None or not hasattr(scrap, "put_text"):
        return tr("this version of pygame has no clipboard functions")
    try:
        if not pygame.display.get_init():
            return tr("the app's window system is not running")
    except Exception as error:  # a broken pygame must not break Copy
        return tr("the window system could not be asked ({error})", error=error)
    return ""


def copy_text(text: str) -> str:
    """Put ``text`` on the clipboard. Returns "" when the system clipboard took it, else
    the problem in words (the text is then kept for pasting inside this app)."""
    global _kept
    problem = _system_problem()
    if not problem:
        try:
            pygame.scrap.put_text(text)
            _kept = ""
            return ""
        except Exception as error:
            problem = tr("the system clipboard refused the text ({error})", error=error)
    _kept = text
    return tr("Could not use the system clipboard: {problem}. The text can be pasted only inside this app.",
              problem=problem)


def paste_text() -> tuple[str, str]:
    """The clipboard's text and "" (line ends made ``\\n``), or ``("", problem)`` with the
    problem in words when there is no text. Falls back to text kept by ``copy_text``
    when the system clipboard cannot be used or holds no text."""
    problem = _system_problem()
    text = ""
    if not problem:
        try:
            if pygame.scrap.has_text():
                text = pygame.scrap.get_text()
        except Exception as error:
            problem = tr("the system clipboard could not be read ({error})", error=error)
    if isinstance(text, bytes):
        text = text.decode("utf-8", errors="replace")
    text = (text or "").replace("\r\n", "\n").replace("\r", "\n").replace("\x00", "")
    if not text and _kept:
        return _kept, ""
    if text:
        return text, ""
    if problem:
        return "", tr("Could not use the system clipboard: {problem}.", problem=problem)
    return "", tr("The clipboard holds no text.")


def forget_kept_text() -> None:
    """Drop text kept by ``copy_text`` inside the app (for tests)."""
    global _kept
    _kept = ""
