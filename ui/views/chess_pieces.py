"""Images for the chess board, made once per size and cached: the pieces (python-chess's
SVG drawings, or DejaVu Sans chess glyphs if SVG cannot be loaded), square tints, move
dots, capture rings, the check glow and hint arrows.

Every function here returns a cached ``pygame.Surface`` that callers must not change:
the UI thread draws a board every frame while the search runs in another thread, so
nothing is rendered twice for the same size.
"""
from __future__ import annotations

import io
import math
from collections import OrderedDict
from functools import lru_cache

import chess
import chess.svg
import pygame

from ui import theme

_PIECE_LIMIT = 256
_pieces: OrderedDict[tuple[str, int, int], pygame.Surface] = OrderedDict()

_FILLED_GLYPHS = {chess.KING: "\u265a", chess.QUEEN: "\u265b", chess.ROOK: "\u265c", chess.BISHOP: "\u265d",
                  chess.KNIGHT: "\u265e", chess.PAWN: "\u265f"}
_OUTLINE_GLYPHS = {chess.KING: "\u2654", chess.QUEEN: "\u2655", chess.ROOK: "\u2656", chess.BISHOP: "\u2657",
                   chess.KNIGHT: "\u2658", chess.PAWN: "\u2659"}


def clear_cache() -> None:
    """Forget every cached image (tests; or after ``pygame.quit``)."""
    _pieces.clear()
    for cached in (square_tint, move_dot, capture_ring, check_glow, picker_disc, arrow_image):
        cached.cache_clear()


def piece_image(piece: chess.Piece, size: int, alpha: int = 255) -> pygame.Surface:
    """The image of ``piece``, about ``size`` x ``size`` pixels (centre it where it goes),
    with opacity ``alpha`` (255 = opaque). Made from python-chess's SVG the first time it
    is asked for at this size, from the bundled font's chess glyphs if SVG fails."""
    size = max(1, int(size))
    key = (piece.symbol(), size, int(alpha))
    image = _pieces.get(key)
    if image is not None:
        _pieces.move_to_end(key)
        return image
    if alpha != 255:
        image = piece_image(piece, size).copy()
        image.set_alpha(alpha)
    else:
        image = _svg_piece(piece, size) or _glyph_piece(piece, size)
    _pieces[key] = image
    if len(_pieces) > _PIECE_LIMIT:
        _pieces.popitem(last=False)
    return image


def _svg_piece(piece: chess.Piece, size: int) -> pygame.Surface | None:
    """The SVG drawing rendered at ``size``, or ``None`` if this pygame cannot do it."""
    try:
        svg = chess.svg.piece(piece)
        image = pygame.image.load_sized_svg(io.BytesIO(svg.encode()), (size, size))
    except Exception:  # noqa: BLE001 - no SVG support, or a broken renderer: use the glyphs
        return None
    return _converted(image)


def _glyph_piece(piece: chess.Piece, size: int) -> pygame.Surface:
    """The piece as DejaVu Sans glyphs: the filled shape in the piece's colour, and the
    outline glyph in black on top (so white pieces have a dark edge)."""
    image = pygame.Surface((size, size), pygame.SRCALPHA)
    face = theme.font(max(8, round(size * 1.05)))
    fill = (250, 250, 250) if piece.color == chess.WHITE else (20, 20, 20)
    for glyph, colour in ((_FILLED_GLYPHS[piece.piece_type], fill), (_OUTLINE_GLYPHS[piece.piece_type], (0, 0, 0))):
        rendered = face.render(glyph, True, colour)
        metrics = face.metrics(glyph)[0]
        if metrics is None:
            image.blit(rendered, rendered.get_rect(center=(size / 2, size / 2)))
            continue
        min_x, max_x, min_y, max_y, _ = metrics  # the ink's box, y upwards from the baseline
        ink_centre = ((min_x + max_x) / 2, face.get_ascent() - (min_y + max_y) / 2)
        image.blit(rendered, (round(size / 2 - ink_centre[0]), round(size / 2 - ink_centre[1])))
    return _converted(image)


def _converted(image: pygame.Surface) -> pygame.Surface:
    """``image`` in the display's pixel format when there is a display (faster to blit)."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        try:
            return image.convert_alpha()
        except pygame.error:
            return image
    return image


@lru_cache(maxsize=64)
def square_tint(size: int, colour: tuple[int, int, int, int]) -> pygame.Surface:
    """A ``size`` square of the translucent ``colour`` (RGBA)."""
    image = pygame.Surface((max(1, size), max(1, size)), pygame.SRCALPHA)
    image.fill(colour)
    return image


@lru_cache(maxsize=32)
def move_dot(size: int, colour: tuple[int, int, int, int]) -> pygame.Surface:
    """A square of ``size`` with a round dot in its middle: a square the piece may move to."""
    image = pygame.Surface((max(1, size), max(1, size)), pygame.SRCALPHA)
    pygame.draw.circle(image, colour, (size / 2, size / 2), max(2.0, size * 0.16))
    return image


@lru_cache(maxsize=32)
def capture_ring(size: int, colour: tuple[int, int, int, int]) -> pygame.Surface:
    """A square of ``size`` tinted outside a circle that touches its sides: a piece the
    selected piece may capture (the piece stays visible in the middle)."""
    image = pygame.Surface((max(1, size), max(1, size)), pygame.SRCALPHA)
    image.fill(colour)
    pygame.draw.circle(image, (0, 0, 0, 0), (size / 2, size / 2), size * 0.53)
    return image


@lru_cache(maxsize=16)
def check_glow(size: int) -> pygame.Surface:
    """A red glow fading out from the middle of a square of ``size``: a king in check."""
    image = pygame.Surface((max(1, size), max(1, size)), pygame.SRCALPHA)
    radius = size * 0.62
    steps = max(8, int(radius))
    for step in range(steps, 0, -1):
        fraction = step / steps  # 1 at the rim, towards 0 in the middle
        alpha = round(255 * max(0.0, min(1.0, (1.0 - fraction) / 0.75)))
        red = round(255 - 60 * fraction)
        pygame.draw.circle(image, (red, 0, 0, alpha), (size / 2, size / 2), radius * fraction)
    return image


@lru_cache(maxsize=16)
def picker_disc(size: int, highlighted: bool) -> pygame.Surface:
    """The background of one choice of the promotion picker: a light disc, or an orange
    square when the pointer is on it."""
    image = pygame.Surface((max(1, size), max(1, size)), pygame.SRCALPHA)
    if highlighted:
        image.fill((214, 79, 0))
        return image
    centre = (size / 2, size / 2)
    steps = max(6, size // 4)
    for step in range(steps, 0, -1):
        fraction = step / steps
        shade = round(255 - 80 * fraction)
        pygame.draw.circle(image, (shade, shade, shade), centre, size / 2 * fraction)
    return image


@lru_cache(maxsize=14)  # seven pulse levels of two arrows; an arrow may be as large as the board
def arrow_image(dx: int, dy: int, width: int,
                colour: tuple[int, int, int, int]) -> tuple[pygame.Surface, tuple[int, int]]:
    """An arrow from (0, 0) to (``dx``, ``dy``) with a shaft ``width`` pixels wide, in the
    translucent ``colour``: the image and where (0, 0) lies in it."""
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length  # along the arrow
    px, py = -uy, ux  # across it
    head_length = min(length * 0.6, width * 2.6)
    head_half = width * 1.5
    shaft_end = length - head_length
    half = width / 2
    start_gap = min(length * 0.2, width * 1.2)
    points = [
        (ux * start_gap + px * half, uy * start_gap + py * half),
        (ux * shaft_end + px * half, uy * shaft_end + py * half),
        (ux * shaft_end + px * head_half, uy * shaft_end + py * head_half),
        (dx, dy),
        (ux * shaft_end - px * head_half, uy * shaft_end - py * head_half),
        (ux * shaft_end - px * half, uy * shaft_end - py * half),
        (ux * start_gap - px * half, uy * start_gap - py * half),
    ]
    left = math.floor(min(x for x, _ in points)) - 2
    top = math.floor(min(y for _, y in points)) - 2
    right = math.ceil(max(x for x, _ in points)) + 2
    bottom = math.ceil(max(y for _, y in points)) + 2
    image = pygame.Surface((right - left, bottom - top), pygame.SRCALPHA)
    shifted = [(x - left, y - top) for x, y in points]
    pygame.draw.polygon(image, colour, shifted)
    pygame.draw.aalines(image, colour, True, shifted)
    return image, (-left, -top)
