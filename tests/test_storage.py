"""The per-user data folder: atomic writes and damaged files."""
from __future__ import annotations

import json

import pytest

from ui import storage
from ui.storage import StorageError, data_dir, data_dir_problem, read_json, write_json_atomically


def test_data_dir_honours_the_override(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMETREELAB_HOME", str(tmp_path / "home"))
    assert data_dir() == tmp_path / "home" and data_dir().is_dir()


def test_the_usual_folder_when_usable_gives_no_notice(tmp_path, monkeypatch):
    monkeypatch.delenv("GAMETREELAB_HOME", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    monkeypatch.setattr(storage, "_resolved_folder", {})
    assert data_dir() == tmp_path / "share" / "GameTreeLab" and data_dir_problem() == ""


def test_atomic_write_replaces_the_file_and_leaves_no_temporary(tmp_path):
    path = tmp_path / "save.json"
    write_json_atomically(path, {"a": 1})
    write_json_atomically(path, {"a": 2})
    assert json.loads(path.read_text()) == {"a": 2}
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]


def test_failed_write_keeps_the_old_file(tmp_path):
    path = tmp_path / "save.json"
    write_json_atomically(path, {"a": 1})
    with pytest.raises(TypeError):
        write_json_atomically(path, {"a": object()})  # not serialisable: fails before replacing
    assert json.loads(path.read_text()) == {"a": 1}
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]


def test_missing_file_reads_as_none(tmp_path):
    assert read_json(tmp_path / "nothing.json") is None


@pytest.mark.parametrize("content, reason", [
    (b"{ not json", "not valid JSON"),
    (b"[1, 2]", "not hold a JSON object"),
    (b"garbage\xff\xfe", "not text"),
])
def test_damaged_files_are_set_aside_with_a_reason(tmp_path, content, reason):
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    with pytest.raises(StorageError, match=reason):
        read_json(path)
    assert not path.exists()
    kept = list(tmp_path.glob("settings.json.damaged-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == content
