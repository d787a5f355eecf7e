"""Time controls, clocks and the AI's time budget."""
from __future__ import annotations

import pytest

from ai.clock import OVERHEAD, GameClock, TimeControl, move_limits


class FakeTime:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_fischer_clock_runs_for_the_mover_and_adds_the_increment():
    fake = FakeTime()
    clock = GameClock((TimeControl.fischer(60, 2), TimeControl.fischer(60, 2)), now=fake)
    clock.start(0)
    fake.now += 10
    assert clock.remaining(0) == pytest.approx(50)
    assert clock.remaining(1) == pytest.approx(60)
    clock.stop()
    assert clock.remaining(0) == pytest.approx(52)
    clock.start(1)
    fake.now += 61
    assert clock.flagged() == 1
    assert clock.remaining(1) == 0.0


def test_each_side_has_its_own_control():
    fake = FakeTime()
    clock = GameClock((TimeControl.fischer(10, 0), TimeControl.per_move(1)), now=fake)
    clock.start(1)
    fake.now += 100
    assert clock.remaining(1) is None and clock.flagged() is None
    clock.start(0)
    fake.now += 11
    assert clock.flagged() == 0


def test_untimed_controls_never_flag():
    for control in (TimeControl.per_move(1), TimeControl.unlimited()):
        clock = GameClock((control, control), now=FakeTime())
        clock.start(0)
        assert clock.remaining(0) is None and clock.flagged() is None


@pytest.mark.parametrize("text", ["fischer:300+3", "movetime:2", "none", "fischer:0.5+0"])
def test_time_control_text_round_trips(text):
    assert TimeControl.parse(text).to_text() == text


@pytest.mark.parametrize("text", ["", "fischer:", "fischer:-1+2", "movetime:0", "blitz", "fischer:1+x"])
def test_bad_time_control_text_is_rejected(text):
    with pytest.raises(ValueError, match="time control"):
        TimeControl.parse(text)


@pytest.mark.parametrize("remaining", [0.0, 0.01, 0.1, 1.0, 10.0, 300.0])
@pytest.mark.parametrize("increment", [0.0, 1.0])
def test_budget_never_risks_the_clock(remaining, increment):
    limits = move_limits(TimeControl.fischer(300, increment), remaining=remaining)
    assert limits.hard_time is not None and limits.soft_time is not None
    assert 0.0 <= limits.soft_time <= limits.hard_time
    assert limits.hard_time <= max(remaining * 0.4, remaining * 0.25)
    if remaining > 1:
        assert limits.hard_time + OVERHEAD < remaining


@pytest.mark.parametrize("remaining", [0.0, 0.01, 0.05, 0.1, 0.11, 1.0, 10.0, 300.0])
@pytest.mark.parametrize("increment", [0.0, 1.0])
def test_fischer_has_an_absolute_limit_inside_the_clock(remaining, increment):
    # The budget may be overrun to finish the minimum depth; the absolute limit never is.
    limits = move_limits(TimeControl.fischer(300, increment), remaining=remaining)
    assert limits.absolute_time is not None
    assert limits.hard_time <= limits.absolute_time <= remaining
    if remaining > 0:
        assert limits.absolute_time < remaining
    if remaining >= 2 * OVERHEAD:
        assert limits.absolute_time + OVERHEAD == pytest.approx(remaining)


def test_fixed_time_per_move_has_no_absolute_limit():
    # Nothing is lost by finishing the minimum depth a little late.
    assert move_limits(TimeControl.per_move(0.01)).absolute_time is None
    assert move_limits(TimeControl.per_move(2.0)).absolute_time is None
    assert move_limits(TimeControl.unlimited()).absolute_time is None


def test_movetime_budget_and_depth_cap():
    limits = move_limits(TimeControl.per_move(1.0), depth=3)
    assert limits.hard_time == pytest.approx(1.0 - OVERHEAD) and limits.depth == 3
    assert move_limits(TimeControl.unlimited(), depth=4).hard_time is None


def test_labels_for_menus():
    assert TimeControl.fischer(300, 3).label() == "5 min + 3 s"
    assert TimeControl.per_move(2).label() == "2 s/move"
    assert TimeControl.unlimited().label() == "No clock"
