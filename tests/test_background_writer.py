"""The autosave writer (``ui.background_writer``): newest text wins, flush waits, problems kept."""
from __future__ import annotations

import json
import threading
from pathlib import Path

from ui.background_writer import BackgroundWriter
from ui.storage import json_text, write_json_atomically, write_json_text_atomically


class GatedWrite:
    """A write function that records what it wrote and, while the gate is closed, waits
    for it (the test opens it when it wants the writer to go on)."""

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.entered = threading.Event()
        self.written: list[tuple[Path, str]] = []
        self.fail_with: OSError | None = None

    def __call__(self, path: Path, text: str) -> Path:
        self.entered.set()
        assert self.gate.wait(30), "the test never opened the gate"
        if self.fail_with is not None:
            raise self.fail_with
        self.written.append((path, text))
        return path


def test_texts_submitted_while_a_write_is_under_way_are_coalesced_to_the_newest():
    write = GatedWrite()
    writer = BackgroundWriter(write)
    path = Path("game.json")
    writer.submit(path, "first")
    assert write.entered.wait(30)  # the thread is inside the first write, blocked
    writer.submit(path, "second")
    writer.submit(path, "third")
    assert not writer.flush(timeout=0)  # still pending
    write.gate.set()
    assert writer.flush()
    assert write.written == [(path, "first"), (path, "third")]
    assert writer.outcome(path) == (path, None)
    writer.close()


def test_each_file_keeps_its_own_newest_text():
    write = GatedWrite()
    write.gate.set()
    writer = BackgroundWriter(write)
    writer.submit(Path("a.json"), "a1")
    writer.submit(Path("b.json"), "b1")
    writer.submit(Path("a.json"), "a2")
    writer.close()
    final = {}
    for path, text in write.written:
        final[path] = text
    assert final == {Path("a.json"): "a2", Path("b.json"): "b1"}


def test_a_failed_write_is_kept_as_the_outcome_and_the_thread_goes_on():
    write = GatedWrite()
    write.gate.set()
    write.fail_with = OSError("disk full")
    writer = BackgroundWriter(write)
    path = Path("game.json")
    writer.submit(path, "text")
    assert writer.flush()
    written, problem = writer.outcome(path)
    assert written is None and "disk full" in str(problem)
    write.fail_with = None
    writer.submit(path, "again")
    assert writer.flush()
    assert writer.outcome(path) == (path, None)
    writer.close()


def test_nothing_is_written_before_a_submit_and_outcome_is_none():
    writer = BackgroundWriter(GatedWrite())
    assert writer.outcome(Path("x.json")) is None
    assert writer.flush(timeout=0)
    writer.close()


def test_after_close_a_submit_writes_on_the_callers_thread(tmp_path: Path):
    writer = BackgroundWriter(write_json_text_atomically)
    writer.close()
    target = tmp_path / "late.json"
    writer.submit(target, json_text({"moves": [1, 2]}))
    assert json.loads(target.read_text(encoding="utf-8")) == {"moves": [1, 2]}
    assert writer.outcome(target) == (target, None)


def test_the_real_write_gives_the_same_file_as_writing_at_once(tmp_path: Path):
    data = {"game": "chess", "moves": ["e2e4", "e7e5"], "clock": [300.0, 299.5]}
    direct = tmp_path / "direct.json"
    write_json_atomically(direct, data)
    writer = BackgroundWriter(write_json_text_atomically)
    background = tmp_path / "background.json"
    writer.submit(background, json_text(data))
    writer.close()
    assert background.read_bytes() == direct.read_bytes()
