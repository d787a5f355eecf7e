"""The file dialog's one-line descriptions of files, made in a background thread.

A description reads the file (a saved game's players, result and length), which can
take a while: a big file, a slow network folder (school PCs often keep their users'
folders on a server). ``FileDescriptions`` describes the files asked for in a thread
of its own, the ones asked for last first, so the window never waits for one; the
dialog asks for the rows in view every frame and shows "…" until their text is in. No
pygame here.
"""
from __future__ import annotations

import threading
from collections.abc import Callable, Hashable, Iterable
from pathlib import Path

from ui.i18n import tr

FileKey = tuple[Path, Hashable]
"""A file and what tells its versions apart (its modification time): a file changed
since it was described is described again."""


class FileDescriptions:
    """Descriptions by ``describe(path)`` (a line of text; an exception becomes "cannot be
    read: ..." and counts as failed), made in a daemon thread started by the first
    ``ask``. Kept until ``close``, which ends the thread after the file it is reading.
    ``ask`` and ``get`` are for one owner thread (the window's) and never wait for a
    description."""

    def __init__(self, describe: Callable[[Path], str]) -> None:
        self._describe = describe
        self._condition = threading.Condition()
        self._wanted: list[FileKey] = []
        """Asked for and not begun, the next one first."""
        self._busy: FileKey | None = None
        self._done: dict[FileKey, tuple[str, bool]] = {}
        self._closed = False
        self._thread: threading.Thread | None = None

    def ask(self, keys: Iterable[FileKey]) -> None:
        """Describe the files of ``keys`` not described yet, before the ones asked for
        earlier (in the order given). Returns at once."""
        with self._condition:
            if self._closed:
                return
            fresh = [key for key in dict.fromkeys(keys) if key not in self._done and key != self._busy]
            if not fresh:
                return
            self._wanted = fresh + [key for key in self._wanted if key not in fresh]
            self._condition.notify_all()
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, daemon=True, name="file-descriptions")
            self._thread.start()

    def get(self, key: FileKey) -> tuple[str, bool] | None:
        """The description of ``key`` and whether describing it failed, or ``None`` while
        it is not made yet."""
        with self._condition:
            return self._done.get(key)

    def wait(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds until every file asked for is described (or
        ``close`` was called); whether that happened. The window never calls it."""
        with self._condition:
            return self._condition.wait_for(lambda: self._closed or (not self._wanted and self._busy is None),
                                            timeout)

    def close(self, timeout: float | None = None) -> bool:
        """Describe nothing more; the thread ends once the file it reads is done. With
        ``timeout``, wait that many seconds at most for it; whether it has ended."""
        with self._condition:
            self._closed = True
            self._wanted.clear()
            self._condition.notify_all()
        if self._thread is not None and timeout is not None:
            self._thread.join(timeout)
        return self._thread is None or not self._thread.is_alive()

    def _run(self) -> None:
        while True:
            with self._condition:
                while not self._wanted and not self._closed:
                    self._condition.wait()
                if self._closed:
                    return
                key = self._busy = self._wanted.pop(0)
            try:
                text, failed = " ".join(str(self._describe(key[0])).split()), False
            except Exception as error:  # a file that cannot be described still lists, saying why
                text, failed = tr("cannot be read: {problem}", problem=error), True
            with self._condition:
                self._done[key] = (text, failed)
                self._busy = None
                self._condition.notify_all()
