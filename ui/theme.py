"""Colours, fonts and sizes shared by every scene. Sizes scale with the window; colours
come from the theme in use (``apply_theme``: dark or light), read as ``theme.X`` when
drawing, never copied at import."""
from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache

import pygame

from ui.i18n import format_number
from ui.resources import asset_path

Colour = tuple[int, ...]

PALETTES: dict[str, dict[str, Colour]] = {
    "dark": {
        "BACKGROUND": (24, 28, 34), "PANEL": (36, 41, 50), "PANEL_BORDER": (60, 67, 80),
        "TEXT": (230, 232, 236), "TEXT_DIM": (160, 167, 180), "TEXT_DISABLED": (98, 104, 117),
        "ACCENT": (86, 156, 255), "ACCENT_DARK": (45, 95, 170), "ACCENT_HOVER": (58, 116, 200),
        "ACCENT_TEXT": (255, 255, 255), "SELECTION": (45, 95, 170),
        "BUTTON": (54, 61, 74), "BUTTON_HOVER": (70, 79, 96), "BUTTON_DISABLED": (42, 46, 55),
        "GOOD": (92, 190, 120), "WARNING": (235, 170, 60), "DANGER": (240, 104, 94),
        "OVERLAY_DIM": (10, 12, 16, 170),
    },
    "light": {
        "BACKGROUND": (244, 245, 247), "PANEL": (255, 255, 255), "PANEL_BORDER": (196, 201, 210),
        "TEXT": (22, 26, 32), "TEXT_DIM": (80, 87, 100), "TEXT_DISABLED": (140, 146, 156),
        "ACCENT": (20, 95, 200), "ACCENT_DARK": (16, 78, 168), "ACCENT_HOVER": (20, 95, 200),
        "ACCENT_TEXT": (255, 255, 255), "SELECTION": (200, 222, 255),
        "BUTTON": (226, 229, 235), "BUTTON_HOVER": (208, 214, 224), "BUTTON_DISABLED": (238, 240, 243),
        "GOOD": (18, 110, 48), "WARNING": (150, 80, 0), "DANGER": (186, 30, 26),
        "OVERLAY_DIM": (30, 34, 40, 120),
    },
}
"""The interface's colours per theme: "dark" (the default) and "light" (for a projector
in a bright room). Text colours keep a contrast of at least 4.5:1 against the
backgrounds they are drawn on (tests/test_themes.py measures it); TEXT_DISABLED is
meant to look unavailable. ACCENT_TEXT is drawn on ACCENT, ACCENT_DARK and ACCENT_HOVER
(primary and pressed buttons); SELECTION is a highlighted row, under TEXT. The boards
keep their own colours in both themes."""
THEMES = tuple(PALETTES)
"""The theme names, for menus and the settings file."""
theme_name = "dark"
"""The theme in use (set with ``apply_theme``)."""

BACKGROUND = PANEL = PANEL_BORDER = TEXT = TEXT_DIM = TEXT_DISABLED = ACCENT = ACCENT_DARK = ()
ACCENT_HOVER = ACCENT_TEXT = SELECTION = BUTTON = BUTTON_HOVER = BUTTON_DISABLED = GOOD = WARNING = ()
DANGER = OVERLAY_DIM = ()


def apply_theme(name: str) -> None:
    """Use the colours of theme ``name`` (one of ``THEMES``) from the next frame on: every
    drawing reads ``theme.X`` when it draws. ``ValueError`` for an unknown name."""
    global theme_name
    if name not in PALETTES:
        raise ValueError(f"unknown theme {name!r}: one of {', '.join(THEMES)}")
    globals().update(PALETTES[name])
    theme_name = name


apply_theme("dark")

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
    """The scale of lengths (margins, button heights) for a window of ``size``: 1.0 at
    1280x800 (or 800x1280), smaller below, larger above, never below 0.5. Text sizes
    come from ``text_sizes``, which also applies the person's text-size setting."""
    short, long = sorted(size)
    return max(0.5, min(short / 800, long / 1280))


TEXT_SCALES: dict[str, float] = {"normal": 1.0, "large": 1.25, "extra large": 1.5}
"""The text-size setting: its names (for menus and the settings file) and factors."""
SMALLEST_TEXT = 12
"""No text is drawn smaller than this many pixels at the normal text size."""
text_scale = 1.0
"""The factor of the current text-size setting (set by the app from the settings)."""


@dataclass(frozen=True)
class TextSizes:
    """Font sizes in pixels for one window size: ``small`` (tables, details, labels;
    at least ``SMALLEST_TEXT``), ``body`` (ordinary text and buttons), ``large``
    (headings, the status line, the evaluation) and ``title``."""

    small: int
    body: int
    large: int
    title: int


def text_sizes(size: tuple[int, int], scale: float | None = None) -> TextSizes:
    """The font sizes for a window of ``size`` pixels at text-size factor ``scale``
    (default: the current setting, ``text_scale``)."""
    factor = text_scale if scale is None else scale
    length = min(size[0] / 1280, size[1] / 800) if size[0] >= size[1] else min(size[0] / 800, size[1] / 1280)
    return TextSizes(
        small=round(max(SMALLEST_TEXT, 13 * length) * factor),
        body=round(max(14, 16 * length) * factor),
        large=round(max(16, 20 * length) * factor),
        title=round(max(24, 40 * length) * factor),
    )


def draw_text(
    surface: pygame.Surface,
    text: str,
    position: tuple[int, int],
    size: int,
    colour: tuple[int, int, int] | None = None,
    style: str = "regular",
    anchor: str = "topleft",
    max_width: int | None = None,
) -> pygame.Rect:
    """Render ``text`` with its ``anchor`` point (a ``pygame.Rect`` attribute name) at
    ``position``, in ``colour`` (default: the theme's ``TEXT``); text wider than
    ``max_width`` is cut with an ellipsis. Text that does not lie wholly inside the
    surface's clipping area (the surface, if none is set) is recorded as cut too
    (``note_cut``). Returns the rect."""
    image = rendered_text(text, size, TEXT if colour is None else colour, style, max_width)
    rect = image.get_rect(**{anchor: position})
    surface.blit(image, rect)
    if cut_texts is not None and rect.width and not surface.get_clip().contains(rect):
        note_cut(text)
    return rect


_rendered: OrderedDict[tuple, tuple[pygame.Surface, bool]] = OrderedDict()
_RENDERED_LIMIT = 800

cut_texts: list[str] | None = None
"""While a list (the tests set one), every text that had to be cut to fit is appended
to it, whole (``note_cut``): a text ``draw_text`` cut with an ellipsis, or lines a
widget had to leave out. ``None``: nothing is recorded."""


@contextmanager
def cuts_by_design() -> Iterator[None]:
    """Inside the ``with`` block nothing is recorded as cut (``cut_texts``): for a
    picture whose labels are abbreviated and clipped on purpose (the search tree, which
    zooms and pans: zoom in or hover a node to read a label whole)."""
    global cut_texts
    kept, cut_texts = cut_texts, None
    try:
        yield
    finally:
        cut_texts = kept


def note_cut(text: str) -> None:
    """Record that ``text`` could not be shown whole (see ``cut_texts``)."""
    if cut_texts is not None:
        cut_texts.append(text)


def rendered_text(text: str, size: int, colour: tuple[int, int, int], style: str = "regular",
                  max_width: int | None = None) -> pygame.Surface:
    """The image of ``text`` (cut with an ellipsis to ``max_width``, and the cut recorded:
    ``note_cut``), cached: most text on screen is the same from frame to frame, and
    rendering it again would take the interpreter lock from the search thread."""
    key = (text, int(size), tuple(colour), style, max_width)
    cached = _rendered.get(key)
    if cached is not None:
        _rendered.move_to_end(key)
        image, cut = cached
        if cut:
            note_cut(text)
        return image
    face = font(size, style)
    shown, cut = text, False
    if max_width is not None and face.size(text)[0] > max_width:
        while shown and face.size(shown + "\u2026")[0] > max_width:
            shown = shown[:-1]
        shown += "\u2026"
        cut = True
        note_cut(text)
    image = face.render(shown, True, colour)
    _rendered[key] = (image, cut)
    if len(_rendered) > _RENDERED_LIMIT:
        _rendered.popitem(last=False)
    return image


def panel(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int] | None = None,
          radius: int = 8) -> None:
    """A rounded panel with a thin border, in ``colour`` (default: the theme's ``PANEL``)."""
    pygame.draw.rect(surface, PANEL if colour is None else colour, rect, border_radius=radius)
    pygame.draw.rect(surface, PANEL_BORDER, rect, width=1, border_radius=radius)


def format_seconds(seconds: float) -> str:
    """Clock text: ``4:05``, ``1:02:03``, or ``9.7`` under ten seconds."""
    if seconds < 10:
        return format_number(max(0.0, seconds), ".1f")
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def format_count(number: float) -> str:
    """``950``, ``12.3k``, ``4.56M``: compact counts for nodes and nodes per second."""
    if number < 1000:
        return f"{int(number)}"
    if number < 1_000_000:
        return f"{format_number(number / 1000, '.1f')}k"
    return f"{format_number(number / 1_000_000, '.2f')}M"


def wrap_text(text: str, size: int, width: int, style: str = "regular") -> list[str]:
    """Split ``text`` into lines no wider than ``width`` pixels (paragraphs kept); a word
    wider than a line on its own is cut into pieces that fit. Cached: the same texts are
    wrapped every frame."""
    return list(_wrapped(text, int(size), int(width), style))


@lru_cache(maxsize=1024)
def _wrapped(text: str, size: int, width: int, style: str) -> tuple[str, ...]:
    face = font(size, style)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if face.size(candidate)[0] <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            while face.size(word)[0] > width and len(word) > 1:
                cut = len(word) - 1
                while cut > 1 and face.size(word[:cut])[0] > width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return tuple(lines)


def draw_paragraphs(surface: pygame.Surface, paragraphs: list[tuple[str, tuple[int, int, int]]], rect: pygame.Rect,
                    size: int, slack: int = 0) -> int:
    """Draw each ``(text, colour)`` wrapped to ``rect``'s width, one under the other from
    its top, stopping before a line that would end more than ``slack`` pixels below its
    bottom (the text left out is recorded: ``note_cut``); returns the y under the last
    line drawn."""
    y = rect.top
    for text, colour in paragraphs:
        for line in wrap_text(text, size, rect.width) if text else []:
            if y + line_height(size) > rect.bottom + slack:
                note_cut(text)
                return y
            draw_text(surface, line, (rect.left, y), size, colour)
            y += line_height(size)
    return y


def paragraphs_size(texts: Sequence[str], largest: int, rect: pygame.Rect, slack: int = 0,
                    smallest: int = SMALLEST_TEXT) -> int:
    """The largest text size from ``largest`` down to ``smallest`` at which ``texts``,
    wrapped to ``rect``'s width one under the other (as ``draw_paragraphs`` draws them),
    fit its height (``slack`` pixels more); ``smallest`` if none does."""
    smallest = min(smallest, largest)
    for size in range(largest, smallest - 1, -1):
        lines = sum(len(wrap_text(text, size, rect.width)) for text in texts if text)
        if lines * line_height(size) <= rect.height + slack:
            return size
    return smallest


def fit_text_size(text: str, largest: int, smallest: int, width: int, style: str = "regular") -> int:
    """The largest size from ``largest`` down to ``smallest`` at which ``text`` fits in
    ``width`` pixels on one line (``smallest`` if none does)."""
    size = largest
    while size > smallest and font(size, style).size(text)[0] > width:
        size -= 1
    return size


def fitted_choice(texts: Sequence[str], size: int, width: int, style: str = "regular",
                  smallest: int = SMALLEST_TEXT) -> tuple[str, int]:
    """The first of ``texts`` (a label, then shorter forms of it) whose width at ``size``
    is at most ``width`` pixels; else the first that fits at a smaller size, down to
    ``smallest``; else the last at ``smallest`` (which ``draw_text`` with ``max_width``
    then cuts, and records). Returns the text and its size."""
    smallest = min(smallest, size)
    for current in range(size, smallest - 1, -1):
        face = font(current, style)
        for text in texts:
            if face.size(text)[0] <= width:
                return text, current
    return texts[-1], smallest


def line_height(size: int) -> int:
    """Vertical distance between lines of text of ``size`` pixels."""
    return font(size).get_linesize()
