"""The lab's tree written to files for slides: SVG text and a PNG image of one picture.

``svg_text`` writes a ``ui.tree_picture.TreePicture`` as SVG (written here, no
library); ``png_surface`` paints the same picture on an off-screen pygame surface;
``save_tree_pictures`` writes both next to each other (``<stem>.png`` and
``<stem>.svg``) and says in words where, or why not. In the SVG every element has a
class saying what it is (``pv`` for the principal variation, ``pruned`` for a
cut-off's stub, ``value``, ``move`` ...), so a teacher can restyle it in an editor.
"""
from __future__ import annotations

import io
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

import pygame

from ai.demonstrations import TREE
from ai.search_tree import CHANCE_NODE, record_tree
from games.base import State
from games.registry import GameEntry
from ui import theme
from ui.game_texts import score_unit
from ui.lab_texts import legend, tree_title
from ui.storage import write_bytes_atomically, write_text_atomically
from ui.tree_layout import initial_collapse, layout_tree
from ui.tree_picture import Colour, Label, NodeShape, TreePicture, tree_picture

HALO = 3
"""Pixels of background colour around every label, so that a line passing behind it
does not cross its letters."""
FONT_FAMILY = "DejaVu Sans, Verdana, Arial, sans-serif"
"""The SVG's fonts: the app's own first (the PNG is drawn with DejaVu Sans)."""


def _hex(colour: Colour) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour[:3])


def _number(value: float) -> str:
    return format(value, ".1f").rstrip("0").rstrip(".")


def _points(points: list[tuple[float, float]]) -> str:
    return " ".join(f"{_number(x)},{_number(y)}" for x, y in points)


def _shape_svg(shape: NodeShape) -> list[str]:
    fill = _hex(shape.colour) if shape.filled else "none"
    classes = f"node {shape.kind}" + (" pv" if shape.pv else "") + ("" if shape.filled else " open")
    style = f'class="{classes}" fill="{fill}" stroke="{_hex(shape.colour)}" stroke-width="2"'
    x, y = (_number(value) for value in shape.centre)
    out = []
    if shape.ring:
        out.append(f'<circle class="current" cx="{x}" cy="{y}" r="{_number(shape.radius + 6)}" fill="none" '
                   f'stroke="{_hex((200, 120, 0))}" stroke-width="3"/>')
    if shape.kind == CHANCE_NODE:
        out.append(f'<circle {style} cx="{x}" cy="{y}" r="{_number(shape.radius)}"/>')
    else:
        out.append(f'<polygon {style} points="{_points(shape.points())}"/>')
    return out


def _label_svg(label: Label, halo: Colour) -> list[str]:
    # SVG places text by its baseline: about 0.8 of the size below the top, 0.2 above the bottom.
    baseline = label.position[1] + label.size * 0.8 if label.below else label.position[1] - label.size * 0.22
    place = (f'x="{_number(label.position[0])}" y="{_number(baseline)}" font-size="{label.size}" '
             f'text-anchor="{label.align}" xml:space="preserve"' + (' font-weight="bold"' if label.bold else ""))
    text = escape(label.text)
    # The halo is a text of its own under the label (not paint-order, which some programs ignore).
    return [f'<text class="halo" {place} fill="{_hex(halo)}" stroke="{_hex(halo)}" stroke-width="{HALO * 2}" '
            f'stroke-linejoin="round">{text}</text>',
            f'<text class="{label.role}" {place} fill="{_hex(label.colour)}">{text}</text>']


def svg_text(picture: TreePicture) -> str:
    """The picture as a standalone SVG document (UTF-8 text, sizes in pixels)."""
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<svg xmlns="http://www.w3.org/2000/svg" width="{picture.width}" height="{picture.height}" '
             f'viewBox="0 0 {picture.width} {picture.height}" font-family={quoteattr(FONT_FAMILY)}>',
             f'<rect class="background" width="100%" height="100%" fill="{_hex(picture.background)}"/>',
             '<g class="lines" stroke-linecap="round">']
    for segment in picture.segments:
        (x1, y1), (x2, y2) = segment.start, segment.end
        lines.append(f'<line class="{segment.role}" x1="{_number(x1)}" y1="{_number(y1)}" x2="{_number(x2)}" '
                     f'y2="{_number(y2)}" stroke="{_hex(segment.colour)}" stroke-width="{segment.width}"/>')
    lines.append('</g>\n<g class="nodes">')
    for shape in picture.shapes:
        lines.extend(_shape_svg(shape))
    for (x, y), radius, colour in picture.dots:
        lines.append(f'<circle class="hidden" cx="{_number(x)}" cy="{_number(y)}" r="{_number(radius)}" '
                     f'fill="{_hex(colour)}"/>')
    lines.append('</g>\n<g class="labels">')
    for label in picture.labels:
        lines.extend(_label_svg(label, picture.background))
    lines.append("</g>\n</svg>\n")
    return "\n".join(lines)


def png_surface(picture: TreePicture) -> pygame.Surface:
    """The picture painted on a new off-screen surface of its size (needs pygame's
    fonts, started here if they are not yet; not a window)."""
    if not pygame.font.get_init():
        pygame.font.init()
    surface = pygame.Surface((picture.width, picture.height))
    surface.fill(picture.background)
    for segment in picture.segments:
        pygame.draw.line(surface, segment.colour, segment.start, segment.end, segment.width)
    for shape in picture.shapes:
        centre = (round(shape.centre[0]), round(shape.centre[1]))
        if shape.ring:
            pygame.draw.circle(surface, (200, 120, 0), centre, round(shape.radius + 6), 3)
        width = 0 if shape.filled else 2
        if shape.kind == CHANCE_NODE:
            pygame.draw.circle(surface, shape.colour, centre, round(shape.radius), width)
        else:
            pygame.draw.polygon(surface, shape.colour, shape.points(), width)
    for (x, y), radius, colour in picture.dots:
        pygame.draw.circle(surface, colour, (round(x), round(y)), round(radius))
    for label in picture.labels:
        face = theme.font(label.size, "bold" if label.bold else "regular")
        image, halo = face.render(label.text, True, label.colour), face.render(label.text, True, picture.background)
        anchor = ("mid" if label.align == "middle" else "") + ("top" if label.below else "bottom")
        anchor = {"top": "topleft", "bottom": "bottomleft"}.get(anchor, anchor)
        rect = image.get_rect(**{anchor: (round(label.position[0]), round(label.position[1]))})
        for dx in range(-HALO, HALO + 1):
            for dy in range(-HALO, HALO + 1):
                if dx * dx + dy * dy <= HALO * HALO:
                    surface.blit(halo, rect.move(dx, dy))
        surface.blit(image, rect)
    return surface


def png_bytes(picture: TreePicture) -> bytes:
    """The picture as the bytes of a PNG file."""
    buffer = io.BytesIO()
    pygame.image.save(png_surface(picture), buffer, "tree.png")  # the name tells pygame the format
    return buffer.getvalue()


def save_tree_pictures(picture: TreePicture, folder: Path, stem: str) -> tuple[Path, Path]:
    """Write ``picture`` as ``folder/<stem>.png`` and ``folder/<stem>.svg`` (``<stem>-2``
    and so on when either exists, so that nothing is overwritten; the folder made if
    missing; each file written whole or not at all) and return their paths. ``OSError``
    when they cannot be written (pygame's own errors are turned into it)."""
    folder.mkdir(parents=True, exist_ok=True)
    png, svg, number = folder / f"{stem}.png", folder / f"{stem}.svg", 1
    while png.exists() or svg.exists():
        number += 1
        png, svg = folder / f"{stem}-{number}.png", folder / f"{stem}-{number}.svg"
    write_text_atomically(svg, svg_text(picture))
    try:
        image = png_bytes(picture)
    except pygame.error as problem:
        raise OSError(str(problem)) from problem
    write_bytes_atomically(png, image)
    return png, svg


def searched_tree_svg(entry: GameEntry, state: State, depth: int) -> str:
    """The SVG of the tree the lab's Tree view draws for ``state`` of ``entry``'s game
    searched to ``depth`` plies (alpha-beta, expectiminimax with dice), complete, its
    large trees collapsed as the view first shows them on a wide window (the principal
    variation open). ``ValueError`` as ``record_tree`` raises it (a tree too large to
    draw, a finished game)."""
    algorithm = "expectiminimax" if entry.game.has_chance else "alpha-beta"
    tree = record_tree(entry, state, depth, algorithm)
    unit = score_unit(entry)
    layout = layout_tree(tree.root, initial_collapse(tree.root, 48))
    return svg_text(tree_picture(tree, layout, unit, title=tree_title(tree, entry.game.title, unit),
                                 legend=legend(TREE)))
