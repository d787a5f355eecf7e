"""Numbers the interface shows are written in its language: 7,332 and 0.061 in English,
7.332 and 0,061 in Italian (``ui.i18n.format_number``), in every place that formats one
for people (levels, scores, the lab's table, counts of nodes); never in files or on
the command line."""
from __future__ import annotations

import pytest

from ai.lab import LabRow
from ai.types import Score, SearchInfo
from games.registry import get_game
from ui import i18n, theme
from ui.game_texts import level_details, score_text
from ui.i18n import format_number
from ui.widgets.engine_panel import iteration_cells
from ui.widgets.lab_table import cells as row_cells


@pytest.fixture
def italian():
    """The interface in Italian for one test, English again after it."""
    with i18n.speaking("italian"):
        yield


def test_english_keeps_python_separators():
    assert format_number(7332) == "7,332"
    assert format_number(0.061, ".3f") == "0.061"
    assert format_number(1234567.891, ",.2f") == "1,234,567.89"
    assert format_number(0.25, "+.2f") == "+0.25"


def test_italian_swaps_the_thousands_separator_and_the_decimal_mark(italian):
    assert format_number(7332) == "7.332"
    assert format_number(0.061, ".3f") == "0,061"
    assert format_number(1234567.891, ",.2f") == "1.234.567,89"
    assert format_number(-0.5, "+.2f") == "-0,50"
    assert format_number(0.5, "g") == "0,5"
    assert format_number(12, "g") == "12"


def test_a_spec_that_does_not_fit_fails_as_format_does():
    with pytest.raises(ValueError):
        format_number("not a number", ".2f")  # type: ignore[arg-type]


def test_scores_counts_and_clock_texts_follow_the_language(italian):
    assert score_text(Score(35)) == "+0,35"
    assert theme.format_count(12_345) == "12,3k"
    assert theme.format_seconds(9.74) == "9,7"
    details = level_details(get_game("chess").level(5), get_game("chess"))
    assert "1.200" in details and "\u00b10,10" in details


def test_the_engine_panel_and_the_lab_table_write_italian_numbers(italian):
    info = SearchInfo(depth=4, seldepth=6, score=Score(-120), pv=(), pv_text=(), nodes=7332, time=0.061)
    cells = iteration_cells(info)
    assert "-1,20" in cells and "0,06s" in cells
    row = LabRow(algorithm="alphabeta", enhanced=True, nodes=7332, seconds=0.061, value=20.0, best_move="e4",
                 branching=2.5, table_hits=1234, cutoffs=56, finished=True)
    cells = row_cells(row, 100)
    assert "7.332" in cells and "0,061" in cells and "2,50" in cells and "1.234" in cells
