"""Files in the per-user data folder: settings, the autosaved game, crash logs.

Writes are atomic (a temporary file in the same folder, flushed to disk, then renamed
over the old one), so a crash or power cut mid-write leaves the previous file intact.
Reading a missing file gives ``None``; reading a damaged one raises ``StorageError``
with a message for people, after moving the damaged file aside so nothing is lost.
No pygame here.
"""
from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

APP_FOLDER = "GameTreeLab"
HOME_VARIABLE = "GAMETREELAB_HOME"
"""Environment variable that overrides the data folder (tests, portable installs)."""

SETTINGS_FILE = "settings.json"
AUTOSAVE_FILE = "autosave.json"
CRASH_LOG_FILE = "crash.log"


class StorageError(Exception):
    """A stored file exists but cannot be used; the message says which and why."""


def data_dir() -> Path:
    """The per-user folder for the app's files (created if missing).

    ``$GAMETREELAB_HOME`` if set; else ``%APPDATA%\\GameTreeLab`` on Windows,
    ``~/Library/Application Support/GameTreeLab`` on macOS and
    ``$XDG_DATA_HOME/GameTreeLab`` (default ``~/.local/share``) elsewhere.
    """
    override = os.environ.get(HOME_VARIABLE)
    if override:
        folder = Path(override)
    elif sys.platform.startswith("win"):
        folder = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming") / APP_FOLDER
    elif sys.platform == "darwin":
        folder = Path.home() / "Library" / "Application Support" / APP_FOLDER
    else:
        folder = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / APP_FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def write_json_atomically(path: Path, data: Any) -> None:
    """Replace ``path`` with ``data`` as JSON, atomically (see the module docstring)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, indent=2, sort_keys=True)
    handle, temporary = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise


def read_json(path: Path) -> dict | None:
    """The JSON object in ``path``; ``None`` if there is no file.

    A file that is not a readable JSON object is renamed to ``<name>.damaged`` and
    ``StorageError`` is raised naming the problem.
    """
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as problem:
        raise StorageError(f"{path.name} could not be read ({problem.strerror or problem})") from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        problem = "it is not text"
    except ValueError as error:
        problem = f"it is not valid JSON: {error}"
    else:
        if isinstance(data, dict):
            return data
        problem = "it does not hold a JSON object"
    damaged = set_aside(path, "damaged")
    raise StorageError(f"{path.name} is damaged ({problem}); it was kept as {damaged.name}")


def set_aside(path: Path, label: str) -> Path:
    """Rename ``path`` to ``<name>.<label>-<date>-<time>`` and return the new path."""
    target = path.with_name(f"{path.name}.{label}-{time.strftime('%Y%m%d-%H%M%S')}")
    try:
        os.replace(path, target)
    except OSError:
        pass
    return target


def append_crash_log(text: str) -> Path:
    """Append ``text`` to the crash log in the data folder; returns its path."""
    path = data_dir() / CRASH_LOG_FILE
    with open(path, "a", encoding="utf-8") as stream:
        stream.write(text.rstrip() + "\n\n")
    return path
