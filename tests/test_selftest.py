"""``main.py --selftest``: every game played headless through the real window loop,
saved and loaded back, the search lab's demonstrations run, one line of summary, exit code 0 only if all went well."""
from __future__ import annotations

import os
import subprocess
import sys

from ai.demonstrations import DEMONSTRATIONS
from conftest import ROOT
from games.registry import GAMES


def test_selftest_plays_every_game_and_writes_screenshots(tmp_path):
    environment = {**os.environ, "GAMETREELAB_HOME": str(tmp_path / "untouched")}
    shots = tmp_path / "shots"
    finished = subprocess.run([sys.executable, str(ROOT / "main.py"), "--selftest", "--shots", str(shots)],
                              capture_output=True, text=True, timeout=600, env=environment, cwd=tmp_path)
    lines = finished.stdout.strip().splitlines()
    assert finished.returncode == 0, finished.stdout + finished.stderr
    assert len(lines) == 1 and lines[0].startswith("selftest passed:")
    assert "its searches in a child process" in lines[0]  # ai.search_process, started as the app starts it
    assert all(f"{game_id} " in lines[0] for game_id in GAMES)
    assert f"lab {len(DEMONSTRATIONS)} demonstrations" in lines[0]
    assert "bot game " in lines[0]  # the example bot, started as the menu starts it, played a game
    chance = [game_id for game_id, entry in GAMES.items() if entry.game.has_chance]
    assert all(f"rollout {game_id} (" in lines[0] for game_id in chance)  # rolled out in a child process
    assert sorted(path.name for path in shots.iterdir()) == sorted(
        [f"{game_id}.png" for game_id in GAMES] + [f"lab-{item.key}.png" for item in DEMONSTRATIONS]
        + [f"rollout-{game_id}.png" for game_id in chance])
    assert all(path.stat().st_size > 10_000 for path in shots.iterdir())
    assert not (tmp_path / "untouched").exists()  # the user's data folder is left alone


def test_a_failing_game_fails_the_selftest(monkeypatch, capsys, tmp_path):
    from ui import selftest
    monkeypatch.setenv("GAMETREELAB_HOME", str(tmp_path))  # restored afterwards: the self-test changes both
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setattr(selftest, "_play_every_game", lambda shots: [("chess 0 moves: no move was played", False)])
    assert selftest.run_selftest() == 1
    assert capsys.readouterr().out.startswith("selftest FAILED (1 of 1 games)")
