"""Test set-up: no display, no sound card, and the project root importable."""
from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
TESTS = Path(__file__).resolve().parent
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))

HANG_TIMEOUT = 120.0
"""Seconds after which a test waiting for something (a search's answer, a line of an
engine's output, a frame of the app) gives up and fails: it only guards against a hang,
so it is long enough never to decide a pass on a machine that is merely busy."""
