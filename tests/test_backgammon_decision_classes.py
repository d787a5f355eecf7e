"""The decision-errors bench's classes of position, on hand-built boards (the bench
imports gnubg-nn, so this is skipped where it is not installed)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def bench():
    pytest.importorskip("gnubg_nn")
    sys.path.insert(0, str(ROOT / "bench"))
    import backgammon_decision_errors
    return backgammon_decision_errors


def _board(**points: int) -> tuple[int, ...]:
    """A board from ``p<point>=count`` (``p0``: borne off, ``p25``: the bar)."""
    board = [0] * 26
    for name, count in points.items():
        board[int(name[1:])] = count
    return tuple(board)


def test_each_class_of_position(bench):
    home = _board(p6=5, p5=5, p4=5)
    assert bench.position_class(home, _board(p6=15)) == "race"
    assert bench.position_class(_board(p24=2, p6=13), _board(p24=2, p6=13)) == "contact, both back"
    assert bench.position_class(home, _board(p24=2, p6=13)) == "contact, the mover past"
    assert bench.position_class(_board(p24=2, p6=13), home) == "contact, the mover back"
    assert bench.position_class(_board(p0=1, p24=1, p6=13), _board(p24=2, p6=13)) == "contact, checkers off"
    assert bench.position_class(_board(p13=2, p6=13), _board(p13=2, p6=13)) == "contact, neither back"


def test_the_best_play_is_the_first_of_the_highest(bench):
    assert bench.best_play([0.1, 0.4, -0.2, 0.4]) == 1
