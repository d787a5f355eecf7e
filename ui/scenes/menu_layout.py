"""The menu's measures, for any window size and text size: the pure arithmetic the menu's
layout is made of (``ui.scenes.menu`` places its controls with it).

Top to bottom the menu has a title (and a subtitle when there is room), the notices, the
game row, two columns of side settings, a row of buttons, the view row (text size,
colours, language, sound, full screen, help) and the keys line. ``MenuGrid`` holds the
measures that do not depend on the height; ``share_height`` shares what the parts leave
of the height among the gaps between them; ``notice_lines`` and ``view_row_widths`` fit
the notices and the view row to the width.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from ui import theme
from ui.theme import TextSizes
from ui.widgets.controls import Button, Selector

NOTICE_LINES = 2
"""Lines of start-up problems shown on the menu; the rest is behind a Details button."""
SHARED_GAPS = 9
"""The spare height is shared among about this many gaps between the menu's parts (the
half gaps between the side selectors counted, rounded up)."""
SUBTITLE_GAP = 6
"""The subtitle shows only while every gap can still be at least this many pixels."""


@dataclass(frozen=True)
class MenuGrid:
    """The menu's measures in pixels for one window and set of text sizes: the window's
    ``width`` and ``height``, the outer ``margin``, the two side columns (``column_width``
    each, ``column_gap`` apart) and the heights of a selector (its label included) and
    of a button."""

    width: int
    height: int
    margin: int
    column_gap: int
    column_width: int
    selector_height: int
    button_height: int

    @classmethod
    def for_window(cls, size: tuple[int, int], sizes: TextSizes) -> MenuGrid:
        """The measures for a window of ``size`` pixels with text of ``sizes``."""
        width, height = size
        margin = max(8, int(16 * theme.unit(size)))
        column_gap = max(12, int(30 * theme.unit(size)))
        column_width = int(min((width - 2 * margin - column_gap) / 2, 34 * sizes.body))
        return cls(width, height, margin, column_gap, column_width,
                   selector_height=theme.line_height(sizes.small) + int(sizes.body * 2.0),
                   button_height=int(sizes.body * 2.5))

    @property
    def content_width(self) -> int:
        """The width inside the margins (the notices and the keys line wrap to it)."""
        return self.width - 2 * self.margin

    @property
    def row_width(self) -> int:
        """The width of the two columns and their gap (the button and view rows span it)."""
        return 2 * self.column_width + self.column_gap

    @property
    def left(self) -> int:
        """The left edge of the first column (the two columns are centred)."""
        return (self.width - self.row_width) // 2


@dataclass(frozen=True)
class MenuSpacing:
    """How the height is shared: ``gap`` pixels between the parts, ``leftover`` what even
    the largest gaps leave (a third of it goes above the title, a third below the keys
    line), whether the subtitle shows, and the keys line's lines."""

    gap: int
    leftover: int
    show_subtitle: bool
    keys_lines: list[str]


def share_height(grid: MenuGrid, sizes: TextSizes, notice_count: int, keys_text: str,
                 short_keys_text: str, taller_rows: int = 0) -> MenuSpacing:
    """Share the height the menu's parts leave (with ``notice_count`` lines of notices,
    and ``taller_rows`` pixels more for side rows taller than a selector: the strength's
    wrapped lines) among the gaps; the keys line is ``keys_text`` wrapped, or
    ``short_keys_text`` when the parts do not fit even without gaps. The gaps are at
    least 2 pixels and at most 24 at the reference window size; the height may still not
    suffice (the menu then tries a smaller text size)."""
    keys_lines = theme.wrap_text(keys_text, sizes.small, grid.content_width)
    small_line, body_line = theme.line_height(sizes.small), theme.line_height(sizes.body)
    fixed = (theme.line_height(sizes.title) + notice_count * small_line + grid.selector_height
             + body_line + 4 * grid.selector_height + taller_rows + 2 * grid.button_height
             + len(keys_lines) * small_line)
    spare = grid.height - 2 * grid.margin - fixed
    show_subtitle = spare > body_line + SHARED_GAPS * SUBTITLE_GAP
    if show_subtitle:
        spare -= body_line
    if spare < 0 and len(keys_lines) > 1:  # too tall even without gaps: the help overlay has the keys
        short = theme.wrap_text(short_keys_text, sizes.small, grid.content_width)
        spare += (len(keys_lines) - len(short)) * small_line
        keys_lines = short
    unit = theme.unit((grid.width, grid.height))
    gap = max(2, min(int(24 * unit), spare // SHARED_GAPS)) if spare > 0 else 2
    return MenuSpacing(gap, max(0, spare - SHARED_GAPS * gap), show_subtitle, keys_lines)


def game_row_rects(grid: MenuGrid, top: int, beside: int) -> list[pygame.Rect]:
    """The game row at ``top``: the game selector's rect, then those of ``beside``
    controls (the rules, a game's tables) sharing the second column side by side; with
    none beside it the game selector is centred alone."""
    height = grid.selector_height
    if not beside:
        return [pygame.Rect((grid.width - grid.column_width) // 2, top, grid.column_width, height)]
    second = grid.left + grid.column_width + grid.column_gap
    step = max(4, grid.column_gap // 3)
    width = (grid.column_width - (beside - 1) * step) // beside
    return [pygame.Rect(grid.left, top, grid.column_width, height),
            *(pygame.Rect(second + index * (width + step), top, width, height) for index in range(beside))]


def wrapped_row_height(selectors: Sequence[Selector], grid: MenuGrid, sizes: TextSizes) -> int:
    """The height of a side row whose ``selectors`` (one per column) may wrap
    (``Selector.wraps``: the strength, a level's words and details): a selector's, or
    more where one needs more lines. Gives each the arrows' width of a one-line selector."""
    arrow = grid.selector_height - theme.line_height(sizes.small)
    height = grid.selector_height
    for selector in selectors:
        selector.arrow_width = arrow
        height = max(height, selector.height_needed(grid.column_width, sizes.body, sizes.small, arrow))
    return height


def notice_lines(notices: Sequence[str], details_width: int, sizes: TextSizes, width: int) -> tuple[list[str], bool]:
    """The lines the menu shows of ``notices`` (texts, "" skipped) in ``width`` pixels, and
    whether a Details button (``details_width`` pixels wide, on the last line) is needed:
    beyond ``NOTICE_LINES`` lines the notices are cut to that many, ending in "…"."""
    texts = [text for text in notices if text]
    lines = [line for text in texts for line in theme.wrap_text(text, sizes.small, width)]
    if len(lines) <= NOTICE_LINES:
        return lines, False
    cut = theme.wrap_text(" ".join(texts), sizes.small, width - details_width - 8)
    lines = cut[:NOTICE_LINES]
    lines[-1] += " \u2026"
    return lines, True


def _view_row_needs(controls: Sequence[Selector | Button], sizes: TextSizes, arrow: int,
                    short: bool) -> list[int]:
    """What each control of the menu's bottom row needs, in pixels: a selector its widest
    value (``short``: the value shown) between two ``arrow``-wide arrows, and (not
    ``short``) its label; a button its label, or (``short``) its short label, which may be
    drawn a little smaller (see ``Button.draw``). Values and labels are cut 8 pixels short."""
    wanted = []
    for control in controls:
        if isinstance(control, Selector):
            shown = control.options[control.index:control.index + 1] if short else control.options
            widest = max((theme.font(sizes.body).size(text)[0] for _, text in shown), default=0)
            label = 0 if short else theme.font(sizes.small).size(control.label)[0] + 4
            wanted.append(max(widest + 2 * arrow + 10, label))
        elif short:
            wanted.append(int(theme.font(sizes.body).size(control.short_label)[0] * 0.85) + 10)
        else:
            wanted.append(theme.font(sizes.body).size(control.label)[0] + 10)
    return wanted


def view_row_widths(controls: Sequence[Selector | Button], room: int, sizes: TextSizes,
                    arrow: int) -> list[int]:
    """The widths of the menu's bottom row of ``controls`` sharing ``room`` pixels: each
    as much as its text needs (``_view_row_needs``: the full labels and every value,
    else the short labels and the values shown), the rest shared equally; when even that
    is too wide, in proportion to what the short labels and the values shown need (the
    selectors' labels above may be cut; every choice in the row lays the menu out again)."""
    wanted = _view_row_needs(controls, sizes, arrow, short=False)
    if sum(wanted) > room:
        wanted = _view_row_needs(controls, sizes, arrow, short=True)
    if sum(wanted) > room:
        return [room * width // sum(wanted) for width in wanted]
    extra = (room - sum(wanted)) // len(controls)
    return [width + extra for width in wanted]


def view_row_fits(controls: Sequence[Selector | Button], room: int, sizes: TextSizes, arrow: int) -> bool:
    """Whether ``controls`` fit ``room`` pixels with their short labels and the values
    shown, nothing cut (see ``view_row_widths``)."""
    return sum(_view_row_needs(controls, sizes, arrow, short=True)) <= room
