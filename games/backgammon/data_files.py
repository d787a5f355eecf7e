"""Where the backgammon data files (the bear-off database, the network weights) live."""
from __future__ import annotations

import sys
from pathlib import Path


def data_path(name: str) -> Path:
    """The path of ``games/backgammon/data/<name>``: under ``sys._MEIPASS`` in an
    executable frozen by PyInstaller (``build.spec`` ships the folder there), else in
    the source tree. Not checked for existence."""
    bundle = getattr(sys, "_MEIPASS", None)
    root = Path(bundle) if bundle else Path(__file__).resolve().parent.parent.parent
    return root / "games" / "backgammon" / "data" / name
