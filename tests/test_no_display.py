"""Without a display the app says so and exits, instead of running with no window (issue 21)."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from conftest import HANG_TIMEOUT, ROOT
from ui.app import NoDisplayError, check_display


@pytest.mark.parametrize("driver", ["offscreen", "dummy", "OFFSCREEN"])
def test_a_headless_driver_nobody_asked_for_means_no_display(driver):
    with pytest.raises(NoDisplayError, match="No display could be opened"):
        check_display(driver, "")
    with pytest.raises(NoDisplayError):
        check_display(driver, "x11,wayland")


@pytest.mark.parametrize("driver, requested", [("dummy", "dummy"), ("offscreen", "x11, offscreen"),
                                               ("x11", ""), ("windows", ""), ("wayland", "wayland")])
def test_a_real_display_or_a_headless_driver_asked_for_is_accepted(driver, requested):
    check_display(driver, requested)


@pytest.mark.skipif(not sys.platform.startswith("linux"),
                    reason="a dead display can be set up only where the display is named by DISPLAY (X11) "
                           "or WAYLAND_DISPLAY; Windows and macOS always have theirs")
def test_the_app_started_with_a_dead_display_exits_with_a_message(tmp_path):
    environment = {name: value for name, value in os.environ.items()
                   if name not in ("SDL_VIDEODRIVER", "WAYLAND_DISPLAY")}
    # No X server at :987, and no Wayland compositor's socket in an empty runtime folder.
    environment.update(DISPLAY=":987", XDG_RUNTIME_DIR=str(tmp_path), GAMETREELAB_HOME=str(tmp_path))
    finished = subprocess.run([sys.executable, str(ROOT / "main.py")], env=environment, capture_output=True,
                              text=True, timeout=HANG_TIMEOUT, cwd=tmp_path)
    assert finished.returncode == 1
    assert "No display could be opened" in finished.stderr and "Traceback" not in finished.stderr
    log = (tmp_path / "app.log").read_text(encoding="utf-8")
    assert "no window: No display could be opened" in log
