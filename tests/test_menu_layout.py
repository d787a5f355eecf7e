"""The menu's measures (ui/scenes/menu_layout.py): the grid, the height shared among the
gaps, the notices cut to fit."""
from __future__ import annotations

import pygame
import pytest

from ui import theme
from ui.scenes.menu_layout import NOTICE_LINES, MenuGrid, notice_lines, share_height

KEYS = "Enter starts, R resumes, L search lab. " * 6
SHORT_KEYS = "F1 lists every key."


@pytest.fixture(autouse=True)
def fonts():
    """Fonts (the app may have quit pygame in an earlier test)."""
    pygame.font.init()
    theme.reset_fonts()


def measures(size: tuple[int, int], scale: float = 1.0):
    sizes = theme.text_sizes(size, scale)
    return MenuGrid.for_window(size, sizes), sizes


def test_the_two_columns_are_centred_inside_the_margins():
    for size in ((640, 480), (1280, 800), (1920, 1080), (700, 900)):
        grid, _ = measures(size)
        assert grid.left >= grid.margin and grid.row_width <= grid.content_width
        assert abs(grid.left - (grid.width - grid.left - grid.row_width)) <= 1
        assert grid.selector_height > grid.button_height > 0


def test_a_taller_window_gets_larger_gaps_up_to_a_cap_and_the_subtitle():
    small = share_height(*measures((1280, 560)), 0, KEYS, SHORT_KEYS)
    tall = share_height(*measures((1280, 800)), 0, KEYS, SHORT_KEYS)
    taller = share_height(*measures((1280, 1400)), 0, KEYS, SHORT_KEYS)
    assert 2 <= small.gap < tall.gap <= taller.gap
    assert taller.gap == int(24 * theme.unit((1280, 1400))) and taller.leftover > tall.leftover
    assert tall.show_subtitle and taller.show_subtitle
    assert len(tall.keys_lines) > 1 and len(taller.keys_lines) > 1  # the whole keys line, wrapped


def test_a_window_too_short_even_without_gaps_shows_the_short_keys_line():
    grid, sizes = measures((640, 480), 1.6)
    spacing = share_height(grid, sizes, NOTICE_LINES, KEYS, SHORT_KEYS)
    assert spacing.keys_lines == [SHORT_KEYS] and spacing.gap == 2 and spacing.leftover == 0
    assert not spacing.show_subtitle


def test_notices_beyond_two_lines_are_cut_and_need_the_details_button():
    _, sizes = measures((1280, 800))
    assert notice_lines(["", "A short problem.", ""], 80, sizes, 1000) == (["A short problem."], False)
    lines, details = notice_lines(["A long problem. " * 40, "Another."], 80, sizes, 600)
    assert details and len(lines) == NOTICE_LINES and lines[-1].endswith(" \u2026")
    assert all(theme.font(sizes.small).size(line)[0] <= 600 - 80 - 8 for line in lines[:-1])
