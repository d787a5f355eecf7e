"""Autosaves written by a thread of their own, so that the window never waits for a disk.

The play scene saves the game after every change (``ui.scenes.play``). Writing a file
safely means flushing it to the disk (``os.fsync``), which takes a few milliseconds on
an idle machine and was measured at up to 150 ms on a busy one: a dropped frame in the
window each time. ``BackgroundWriter`` takes the text to write (made on the caller's
thread, from a consistent snapshot of the game) and writes it on its own thread; only
the newest text of each file is written (a save that a newer one replaces before its
turn is skipped, since the newer one holds everything it held).

No game is lost by it: ``flush`` waits until every text handed over is on disk, and the
play scene calls it before it leaves, before an emergency save, and when the app
closes. What the last write of each file did (the path written, or the problem) is
kept for the caller to show (``outcome``). Threads are used, not processes: the write
and the flush release Python's interpreter lock while the disk works.
"""
from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

Write = Callable[[Path, str], Path]
"""``write(path, text)``: write ``text`` to ``path`` and return the path written (perhaps
another one, ``ui.storage.write_json_text_atomically``); ``OSError`` when it cannot."""


class BackgroundWriter:
    """Writes the newest text handed over for each file, in order, on one daemon thread.

    ``submit`` never blocks on the disk; ``flush`` blocks until everything submitted
    before it is written (or failed). ``outcome(path)`` is the last finished write of
    ``path``: ``(written path, None)`` or ``(None, the OSError)``; ``None`` before any.
    The thread starts at the first ``submit`` and waits, without using the CPU, when
    there is nothing to write. ``close`` flushes and ends it; a closed writer writes on
    the caller's thread.
    """

    def __init__(self, write: Write) -> None:
        self._write = write
        self._condition = threading.Condition()
        self._pending: dict[Path, str] = {}
        self._busy = False  # a write is under way outside the lock
        self._outcomes: dict[Path, tuple[Path | None, OSError | None]] = {}
        self._thread: threading.Thread | None = None
        self._closed = False

    def submit(self, path: Path, text: str) -> None:
        """Have ``text`` written to ``path`` soon, replacing any text for ``path`` not yet written."""
        with self._condition:
            if self._closed:
                self._write_now(path, text)
                return
            self._pending[path] = text
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
                self._thread.start()
            self._condition.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every text submitted so far is written (or its write failed); at most
        ``timeout`` seconds when given. True when nothing is left to write."""
        with self._condition:
            return self._condition.wait_for(lambda: not self._pending and not self._busy, timeout)

    def outcome(self, path: Path) -> tuple[Path | None, OSError | None] | None:
        """The last finished write of ``path``: (the path written, None) or (None, its problem)."""
        with self._condition:
            return self._outcomes.get(path)

    def close(self) -> None:
        """Write everything still pending, then end the thread; later submits write at once."""
        self.flush()
        with self._condition:
            self._closed = True
            self._condition.notify_all()
        if self._thread is not None:
            self._thread.join()

    def _write_now(self, path: Path, text: str) -> None:
        self._outcomes[path] = self._attempt(path, text)

    def _attempt(self, path: Path, text: str) -> tuple[Path | None, OSError | None]:
        """One write's outcome; any failure is kept as an ``OSError`` (the thread never dies)."""
        try:
            return self._write(path, text), None
        except OSError as problem:
            return None, problem
        except Exception as problem:  # noqa: BLE001 - never let the thread die silently
            return None, OSError(f"{type(problem).__name__}: {problem}")

    def _run(self) -> None:
        while True:
            with self._condition:
                self._condition.wait_for(lambda: self._pending or self._closed)
                if not self._pending:  # closed and nothing left
                    return
                path = next(iter(self._pending))
                text = self._pending.pop(path)
                self._busy = True
            result = self._attempt(path, text)
            with self._condition:
                self._outcomes[path] = result
                self._busy = False
                self._condition.notify_all()
