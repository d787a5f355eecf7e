"""Where bundled files live, in the source tree and inside a PyInstaller executable."""
from __future__ import annotations

import sys
from pathlib import Path


def project_root() -> Path:
    """The folder holding ``assets/`` and ``books/``: ``sys._MEIPASS`` when frozen by
    PyInstaller, else the repository root."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle)
    return Path(__file__).resolve().parent.parent


def asset_path(*parts: str) -> Path:
    """Path of a file under ``assets/`` (not checked for existence)."""
    return project_root().joinpath("assets", *parts)
