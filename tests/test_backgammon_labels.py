"""Backgammon's labels agree with each other: the menu's level detail names depths as
its summary does ("0-ply") and gives the errors in points, as the summary does."""
from __future__ import annotations

from games.registry import get_game
from ui.game_texts import level_details

ENTRY = get_game("backgammon")


def test_level_details_name_depths_and_errors_as_the_level_summaries_do():
    beginner, casual, good, strong = (ENTRY.level(number) for number in range(1, 5))
    assert "0.3 points" in beginner.summary
    assert level_details(beginner, ENTRY) == "0-ply search, evaluation errors up to \u00b10.30"
    assert level_details(casual, ENTRY) == "0-ply search, evaluation errors up to \u00b10.10"
    assert "(0-ply)" in good.summary and level_details(good, ENTRY) == "0-ply search"
    assert "(1-ply)" in strong.summary and level_details(strong, ENTRY).startswith("1-ply search")
