"""Frame rate of the real app loop while the AI searches in its background thread.

Runs the play scene in watch mode (both sides minimax at full depth, no delay, a new
game whenever one ends), so a search is running almost all the time, and records the
time of every frame drawn while a search ran. Prints frames per second, frame-time
percentiles and the search's nodes per second, for the app's thread switch interval
(0.5 ms) and for Python's default (5 ms).

Uses the real window when $DISPLAY is set (run it under Xvfb for a real X server),
else SDL's dummy driver.

    .venv/bin/python bench/ui_fps.py [seconds per setting]
"""
from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
if not os.environ.get("DISPLAY"):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("GAMETREELAB_HOME", tempfile.mkdtemp(prefix="gtl-bench-"))

from ai.clock import TimeControl  # noqa: E402
from ai.types import Algorithm  # noqa: E402
from games.registry import get_game  # noqa: E402
from ui.app import App  # noqa: E402
from ui.scenes.play import PlayScene  # noqa: E402
from ui.player_settings import PlayerSettings  # noqa: E402
from ui.session import GameSession  # noqa: E402


def run(seconds: float, switch_interval: float) -> dict:
    """Frame statistics over ``seconds`` of searching at ``switch_interval``."""
    app = App((1280, 800))
    sys.setswitchinterval(switch_interval)
    entry = get_game("tictactoe")
    player = PlayerSettings("ai", entry.max_level, Algorithm.MINIMAX, TimeControl.unlimited())
    session = GameSession(entry, (player, player))
    session.watch.move_delay = 0.0
    app.push(PlayScene(app, session))
    frames: list[float] = []
    nodes = 0
    searching_time = 0.0
    previous = time.perf_counter()
    end = previous + seconds
    last_progress = (0, 0.0)
    while time.perf_counter() < end:
        busy_before = session.searches.worker.busy
        app.step()
        now = time.perf_counter()
        if busy_before and session.searches.worker.busy:
            frames.append(now - previous)
            searching_time += now - previous
            _, searched, elapsed = session.searches.progress()
            if searched >= last_progress[0]:
                nodes += searched - last_progress[0]
            last_progress = (searched, elapsed)
        else:
            last_progress = (0, 0.0)
        if session.record.result is not None:
            session.new_game()
        previous = now
    session.close()
    app.shutdown()
    frames.sort()

    def percentile(fraction: float) -> float:
        return frames[min(len(frames) - 1, int(len(frames) * fraction))] * 1000

    return {
        "frames": len(frames),
        "fps": len(frames) / searching_time if searching_time else 0.0,
        "p50": percentile(0.50), "p95": percentile(0.95), "p99": percentile(0.99), "max": frames[-1] * 1000,
        "nps": nodes / searching_time if searching_time else 0.0,
    }


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 10.0
    driver = os.environ.get("SDL_VIDEODRIVER") or f"x11 ({os.environ.get('DISPLAY')})"
    print(f"video driver: {driver}; {seconds:g} s per setting; frames counted only while a search runs")
    for label, interval in (("0.5 ms (the app)", 0.0005), ("5 ms (Python default)", 0.005)):
        stats = run(seconds, interval)
        print(f"switch interval {label:<22} fps {stats['fps']:5.1f}  frame ms p50 {stats['p50']:5.1f} "
              f"p95 {stats['p95']:5.1f} p99 {stats['p99']:5.1f} max {stats['max']:6.1f}  "
              f"search {stats['nps'] / 1000:6.1f}k nodes/s  ({stats['frames']} frames)")


if __name__ == "__main__":
    main()
