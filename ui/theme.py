"""Colours, fonts and sizes shared by every scene. Sizes scale with the window."""
from __future__ import annotations

from collections import OrderedDict

import pygame

from ui.resources import asset_path

BACKGROUND = (24, 28, 34)
PANEL = (36, 41, 50)
PANEL_BORDER = (60, 67, 80)
TEXT = (230, 232, 236)
TEXT_DIM = (150, 157, 170)
TEXT_DISABLED = (98, 104, 117)
ACCENT = (86, 156, 255)
ACCENT_DARK = (45, 95, 170)
BUTTON = (54, 61, 74)
BUTTON_HOVER = (70, 79, 96)
BUTTON_DISABLED = (42, 46, 55)
GOOD = (92, 190, 120)
WARNING = (235, 170, 60)
DANGER = (225, 80, 70)
OVERLAY_DIM = (10, 12, 16, 170)

_FONT_FILES = {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf", "mono": "DejaVuSansMono.ttf"}
_fonts: dict[tuple[str, int], pygame.font.Font] = {}


def font(size: int, style: str = "regular") -> pygame.font.Font:
    """The bundled DejaVu font (``regular``, ``bold`` or ``mono``) at ``size`` pixels, cached."""
    size = max(8, int(size))
    key = (style, size)
    cached = _fonts.get(key)
    if cached is None:
        cached = pygame.font.Font(str(asset_path("fonts", _FONT_FILES[style])), size)
        _fonts[key] = cached
    return cached


def reset_fonts() -> None:
    """Forget cached fonts and text images (they die with ``pygame.quit``)."""
    _fonts.clear()
    _rendered.clear()


def unit(size: tuple[int, int]) -> float:
    """The scale of the interface for a window of ``size``: 1.0 at 1280x800 (or 800x1280)."""
    short, long = sorted(size)
    return max(0.7, min(short / 800, long / 1280))


def draw_text(
    surface: pygame.Surface,
    text: str,
    position: tuple[int, int],
    size: int,
    colour: tuple[int, int, int] = TEXT,
    style: str = "regular",
    anchor: str = "topleft",
    max_width: int | None = None,
) -> pygame.Rect:
    """Render ``text`` with its ``anchor`` point (a ``pygame.Rect`` attribute name) at
    ``position``; text wider than ``max_width`` is cut with an ellipsis. Returns the rect."""
    image = rendered_text(text, size, colour, style, max_width)
    rect = image.get_rect(**{anchor: position})
    surface.blit(image, rect)
    return rect


_rendered: OrderedDict[tuple, pygame.Surface] = OrderedDict()
_RENDERED_LIMIT = 800


def rendered_text(text: str, size: int, colour: tuple[int, int, int], style: str = "regular",
                  max_width: int | None = None) -> pygame.Surface:
    """The image of ``text`` (cut with an ellipsis to ``max_width``), cached: most text on
    screen is the same from frame to frame, and rendering it again would take the
    interpreter lock from the search thread."""
    key = (text, int(size), tuple(colour), style, max_width)
    image = _rendered.get(key)
    if image is not None:
        _rendered.move_to_end(key)
        return image
    face = font(size, style)
    if max_width is not None and face.size(text)[0] > max_width:
        while text and face.size(text + "\u2026")[0] > max_width:
            text = text[:-1]
        text += "\u2026"
    image = face.render(text, True, colour)
    _rendered[key] = image
    if len(_rendered) > _RENDERED_LIMIT:
        _rendered.popitem(last=False)
    return image


def panel(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int] = PANEL, radius: int = 8) -> None:
    """A rounded panel with a thin border."""
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    pygame.draw.rect(surface, PANEL_BORDER, rect, width=1, border_radius=radius)


def format_seconds(seconds: float) -> str:
    """Clock text: ``4:05``, ``1:02:03``, or ``9.7`` under ten seconds."""
    if seconds < 10:
        return f"{max(0.0, seconds):.1f}"
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def format_count(number: float) -> str:
    """``950``, ``12.3k``, ``4.56M``: compact counts for nodes and nodes per second."""
    if number < 1000:
        return f"{int(number)}"
    if number < 1_000_000:
        return f"{number / 1000:.1f}k"
    return f"{number / 1_000_000:.2f}M"


def wrap_text(text: str, size: int, width: int, style: str = "regular") -> list[str]:
    """Split ``text`` into lines no wider than ``width`` pixels (paragraphs kept)."""
    face = font(size, style)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = paragraph.split(" ")
        line = ""
        for word in words:
            candidate = f"{line} {word}" if line else word
            if face.size(candidate)[0] <= width or not line:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines
