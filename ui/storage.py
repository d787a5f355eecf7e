"""Files in the per-user data folder: settings, each game's autosaved last game, crash logs.

Writes are atomic (a temporary file in the same folder, flushed to disk, then renamed
over the old one), so a crash or power cut mid-write leaves the previous file intact;
temporaries orphaned by a killed process are removed at start (``remove_stale_temporaries``).

Reading never hangs and never lets a bad file stop the app:

* a missing file reads as ``None``;
* something that is not a regular file (a folder, a named pipe), a file too large to be
  ours, or a file that is not a JSON object (bad JSON, not text, nested too deeply,
  ``Infinity``/``NaN`` or numbers too large for a float) is moved aside as
  ``<name>.damaged-<date>-<time>`` and ``StorageError`` says so in words;
* a file that exists but cannot be read (permissions) is left exactly as it is and is
  never overwritten: later writes go to ``<stem>-new<suffix>`` beside it (see
  ``write_json_atomically``), and reading prefers that copy while the original stays
  unreadable.

What a file holds (types, ranges) is checked by its reader (``ui.validation``). No pygame here.
"""
from __future__ import annotations

import json
import math
import os
import stat
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, NoReturn

from ui.i18n import tr

APP_FOLDER = "GameTreeLab"
HOME_VARIABLE = "GAMETREELAB_HOME"
"""Environment variable that overrides the data folder (tests, portable installs)."""

SETTINGS_FILE = "settings.json"
AUTOSAVE_FILE = "autosave.json"
"""Where an older version kept its one autosave, of whichever game was played last: now
read only for a game with no autosave of its own (``autosave_file``), never written."""
CRASH_LOG_FILE = "crash.log"
APP_LOG_FILE = "app.log"
"""The app's own log of events (``log_event``)."""
APP_LOG_LIMIT = 1_000_000
"""Bytes beyond which the app log is renamed to ``app.log.old`` and started again."""
MAX_FILE_BYTES = 8 * 1024 * 1024
"""Our files are a few kilobytes; anything larger than this is not one of them."""
TEMPORARY_SUFFIX = ".tmp"


class StorageError(Exception):
    """A stored file exists but cannot be used; the message says which, why, and where it
    went, in words for people."""


_unreadable: set[Path] = set()
_resolved_folder: dict[str, tuple[Path, str, bool]] = {}
"""Per ``$GAMETREELAB_HOME``: the folder used, why it is not the one asked for ("",
"override" or "default") and whether it is the temporary one (the sentence is made when
asked, in the language of the moment)."""


def _default_folder() -> Path:
    if sys.platform.startswith("win"):
        return Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming") / APP_FOLDER
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / APP_FOLDER
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / APP_FOLDER


def _usable(folder: Path) -> bool:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    return folder.is_dir() and os.access(folder, os.W_OK)


def _resolve_folder() -> tuple[Path, str]:
    override = os.environ.get(HOME_VARIABLE) or ""
    cached = _resolved_folder.get(override)
    if cached is None or not cached[0].is_dir():
        cached = _find_folder(override)
        _resolved_folder[override] = cached
    folder, problem, temporary = cached
    if not problem:
        return folder, ""
    if problem == "override":
        message = tr("{variable} names {folder}, which is not a folder the app can write to (it was left as it is); "
                     "your files are kept in {used} instead.", variable=HOME_VARIABLE, folder=override, used=folder)
    else:
        message = tr("The usual data folder {folder} cannot be used; your files are kept in {used} instead.",
                     folder=_default_folder(), used=folder)
    return folder, message + (tr(" That is a temporary folder: copy anything you want to keep.") if temporary else "")


def _find_folder(override: str) -> tuple[Path, str, bool]:
    """The first usable folder: the one asked for, the platform's default, a temporary one."""
    problem = "override" if override else "default"
    candidates = [(Path(override), ""), (_default_folder(), problem)] if override else [(_default_folder(), "")]
    user = os.environ.get("USER") or os.environ.get("USERNAME") or "user"
    candidates.append((Path(tempfile.gettempdir()) / f"{APP_FOLDER}-{user}", problem))
    for index, (folder, note) in enumerate(candidates):
        if _usable(folder):
            return folder, note, bool(note) and index == len(candidates) - 1
    raise OSError(tr("no folder can be written: tried {folders}",
                     folders=", ".join(str(folder) for folder, _ in candidates)))


def data_dir() -> Path:
    """The per-user folder for the app's files (created if missing).

    ``$GAMETREELAB_HOME`` if set; else ``%APPDATA%\\GameTreeLab`` on Windows,
    ``~/Library/Application Support/GameTreeLab`` on macOS and
    ``$XDG_DATA_HOME/GameTreeLab`` (default ``~/.local/share``) elsewhere. If that
    cannot be used (the variable names a file, the folder is read-only), the platform
    default and then a folder in the temporary directory are used instead, and
    ``data_dir_problem`` says so. Raises ``OSError`` only if nothing can be written at all.
    """
    return _resolve_folder()[0]


def data_dir_problem() -> str:
    """Why the data folder is not the one asked for, in words ("" when it is)."""
    try:
        return _resolve_folder()[1]
    except OSError as problem:
        return str(problem)


def autosave_file(game_id: str) -> str:
    """The name of the file that keeps ``game_id``'s last game (autosaved after every
    change): each game has its own, so the menu resumes the game whose page it shows."""
    return f"autosave-{game_id}.json"


def alternate_path(path: Path) -> Path:
    """Where writes to ``path`` go while ``path`` itself cannot be read: ``<stem>-new<suffix>``."""
    return path.with_name(f"{path.stem}-new{path.suffix}")


def write_json_atomically(path: Path, data: Any) -> Path:
    """Replace ``path`` with ``data`` as JSON, atomically (see the module docstring), and
    return the path written: ``alternate_path(path)`` instead when ``path`` exists but
    could not be read, so that a file we could not read is never overwritten.

    Raises ``OSError`` (nothing was replaced) or ``TypeError``/``ValueError`` for data
    that is not JSON (non-finite numbers included)."""
    return write_json_text_atomically(path, json_text(data))


def json_text(data: Any) -> str:
    """``data`` as the JSON text our files hold (indented, keys sorted); ``TypeError`` or
    ``ValueError`` for data that is not JSON (non-finite numbers included)."""
    return json.dumps(data, indent=2, sort_keys=True, allow_nan=False)


def write_json_text_atomically(path: Path, text: str) -> Path:
    """``write_json_atomically`` for data already made into text by ``json_text`` (not
    checked): the same atomic replacement and the same ``alternate_path`` rule; returns
    the path written, raises ``OSError`` (nothing was replaced)."""
    target = path
    if path in _unreadable or (path.exists() and not os.access(path, os.R_OK)):
        _unreadable.add(path)
        target = alternate_path(path)
    write_text_atomically(target, text)
    return target


def write_text_atomically(target: Path, text: str) -> None:
    """Replace ``target`` with ``text`` (UTF-8) atomically: a temporary file in the same
    folder, flushed to disk, then renamed over it. ``OSError`` if it cannot be written
    (the old file is then unchanged)."""
    _write_atomically(target, text, "w", "utf-8")


def write_bytes_atomically(target: Path, data: bytes) -> None:
    """``write_text_atomically`` for bytes (an image)."""
    _write_atomically(target, data, "wb", None)


def _write_atomically(target: Path, content: str | bytes, mode: str, encoding: str | None) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=target.name + ".", suffix=TEMPORARY_SUFFIX, dir=target.parent)
    try:
        with os.fdopen(handle, mode, encoding=encoding) as stream:
            stream.write(content)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise


def remove_stale_temporaries(folder: Path | None = None) -> int:
    """Delete temporaries left by writes that were killed mid-way (``<name>.<random>.tmp``
    next to our files) in ``folder`` (default: the data folder); returns how many."""
    folder = folder or data_dir()
    removed = 0
    try:
        names = os.listdir(folder)
    except OSError:
        return 0
    ours = (SETTINGS_FILE, AUTOSAVE_FILE, alternate_path(Path(SETTINGS_FILE)).name,
            alternate_path(Path(AUTOSAVE_FILE)).name)
    for name in names:
        per_game = name.startswith("autosave-") and ".json." in name  # autosave_file(game), its -new copy
        if name.endswith(TEMPORARY_SUFFIX) and (per_game or any(name.startswith(prefix + ".") for prefix in ours)):
            try:
                if stat.S_ISREG(os.lstat(folder / name).st_mode):
                    os.unlink(folder / name)
                    removed += 1
            except OSError:
                pass
    return removed


class _UnusableNumber(ValueError):
    """A number in a JSON file that the app cannot use (its message is for people)."""


def _reject_constant(name: str) -> Any:
    raise _UnusableNumber(tr("it holds {name}, which is not a number JSON allows", name=name))


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _UnusableNumber(tr("it holds the number {number}, too large to use", number=text[:20]))
    return value


def parse_json_object(text: str) -> dict:
    """The JSON object in ``text``; ``ValueError`` with a reason in words if it is not
    one (bad syntax, nesting too deep, ``Infinity``/``NaN``, floats out of range, huge
    integers, or another type at the top)."""
    try:
        data = json.loads(text, parse_constant=_reject_constant, parse_float=_finite_float)
    except RecursionError:
        raise ValueError(tr("it is nested too deeply to be one of our files")) from None
    except _UnusableNumber as error:
        raise ValueError(str(error)) from None
    except ValueError as error:
        where = getattr(error, "lineno", None)
        raise ValueError(tr("it is not valid JSON (a mistake on line {line})", line=where) if where else
                         tr("it is not valid JSON")) from None
    if not isinstance(data, dict):
        raise ValueError(tr("it does not hold a JSON object"))
    return data


def read_json(path: Path) -> dict | None:
    """The JSON object in ``path``; ``None`` if there is no file (nor a ``-new`` copy).

    See the module docstring for what happens to files that cannot be used; in every such
    case ``StorageError`` explains it. Never blocks on a named pipe.
    """
    if path in _unreadable or _exists_unreadable(path):
        _unreadable.add(path)
        message = tr("{name} could not be read (permission denied), so it was left as it is; from now on your "
                     "changes are saved in {other} next to it", name=path.name, other=alternate_path(path).name)
        alternate = alternate_path(path)
        try:
            data = read_json(alternate) if alternate.exists() else None
        except StorageError as problem:
            raise StorageError(f"{message}. {problem}") from None
        if data is None:
            raise StorageError(message + ".")
        return data
    try:
        status = os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as problem:
        raise StorageError(tr("{name} could not be examined ({problem})", name=path.name,
                              problem=problem.strerror or problem)) from None
    if not stat.S_ISREG(status.st_mode):
        return _damaged(path, tr("it is not a regular file (a folder or a named pipe stood in its place)"))
    if status.st_size > MAX_FILE_BYTES:
        return _damaged(path, tr("it is {size} KB, far larger than any file the app writes",
                                 size=status.st_size // 1024))
    try:
        raw = _read_regular_file(path)
    except PermissionError:
        _unreadable.add(path)
        return read_json(path)
    except OSError as problem:
        raise StorageError(tr("{name} could not be read ({problem}); it was left as it is", name=path.name,
                              problem=problem.strerror or problem)) from None
    if raw is None:
        return _damaged(path, tr("it is not a regular file (a folder or a named pipe stood in its place)"))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return _damaged(path, tr("it is not text"))
    try:
        return parse_json_object(text)
    except ValueError as problem:
        return _damaged(path, str(problem))


def _exists_unreadable(path: Path) -> bool:
    try:
        return path.is_file() and not os.access(path, os.R_OK)
    except OSError:
        return False


def _read_regular_file(path: Path) -> bytes | None:
    """The bytes of ``path``, or ``None`` if what was opened is not a regular file. Opens
    without blocking, so a named pipe swapped in after the check cannot hang the app."""
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            return None
        chunks = []
        total = 0
        while True:
            chunk = os.read(descriptor, 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > MAX_FILE_BYTES:
                break
        return b"".join(chunks)
    finally:
        os.close(descriptor)


def _damaged(path: Path, problem: str) -> NoReturn:
    kept = set_aside(path, "damaged")
    where = tr("It was moved aside as {name} in {folder}", name=kept.name, folder=path.parent) \
        if not path.exists() else tr("It could not be moved aside")
    raise StorageError(tr("{name} is damaged: {problem}. {where}", name=path.name, problem=problem, where=where))


def set_aside(path: Path, label: str) -> Path:
    """Rename ``path`` to ``<name>.<label>-<date>-<time>`` (a number is added if that
    exists) and return the new path; if the rename fails the file stays where it is."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.{label}-{stamp}")
    number = 1
    while target.exists() or target.is_symlink():
        number += 1
        target = path.with_name(f"{path.name}.{label}-{stamp}-{number}")
    try:
        os.replace(path, target)
    except OSError:
        pass
    return target


def append_crash_log(text: str) -> Path:
    """Append ``text`` to the crash log in the data folder; returns its path. Never
    blocks: something that is not a regular file where the log should be (a named
    pipe) is moved aside first. Raises ``OSError`` if the log cannot be written."""
    return _append(data_dir() / CRASH_LOG_FILE, text.rstrip() + "\n\n")


def log_event(text: str) -> None:
    """One timestamped line in the app's log (``APP_LOG_FILE`` in the data folder), what
    a program without a console would have printed: the start, problems met, a search
    that failed. A log beyond ``APP_LOG_LIMIT`` bytes is renamed ``app.log.old`` (one
    kept) first. Never raises: a log that cannot be written is skipped."""
    try:
        path = data_dir() / APP_LOG_FILE
        try:
            if path.stat().st_size > APP_LOG_LIMIT:
                os.replace(path, path.with_name(APP_LOG_FILE + ".old"))
        except FileNotFoundError:
            pass
        line = " ".join(text.split())
        _append(path, f"{time.strftime('%Y-%m-%d %H:%M:%S')} {line}\n")
    except OSError:
        pass


def _append(path: Path, text: str) -> Path:
    """Append ``text`` to ``path`` without blocking (see ``append_crash_log``)."""
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    for attempt in range(2):
        try:
            if not stat.S_ISREG(os.stat(path).st_mode):
                set_aside(path, "damaged")
        except FileNotFoundError:
            pass
        try:
            descriptor = os.open(path, flags, 0o644)
        except OSError:
            if attempt:
                raise
            set_aside(path, "damaged")
            continue
        try:
            if not stat.S_ISREG(os.fstat(descriptor).st_mode):
                raise OSError(tr("{name} is not a regular file", name=path.name))
            os.write(descriptor, text.encode("utf-8", "replace"))
        finally:
            os.close(descriptor)
        return path
    raise OSError(tr("{name} could not be written", name=path.name))
