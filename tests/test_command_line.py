"""The headless command line: ``main.py match``."""
from __future__ import annotations

import subprocess
import sys

from conftest import ROOT


def run(*arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "main.py", *arguments], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)


def test_match_ai_against_random_prints_wdl_and_the_ai_never_loses():
    result = run("match", "--game", "tictactoe", "--white", "ai", "--black", "random", "--games", "100",
                 "--movetime", "0.1", "--seed", "3")
    assert result.returncode == 0, result.stderr
    wdl = [line for line in result.stdout.splitlines() if line.startswith("W/D/L for X: ")]
    assert len(wdl) == 1
    wins, draws, losses = (int(number) for number in wdl[0].split(": ")[1].split("/"))
    assert wins + draws + losses == 100 and losses == 0 and wins > 80


def test_match_accepts_ai_options_and_plays_as_o():
    result = run("match", "--white", "random:seed=5", "--black", "ai:algorithm=alphabeta,level=5", "--games", "5",
                 "--verbose")
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("game ") == 5
    assert "W/D/L for X: 0/" in result.stdout


def test_bad_player_spec_gives_a_clear_error_and_nonzero_exit():
    result = run("match", "--white", "ai:algorithm=bogo", "--games", "1")
    assert result.returncode == 2 and "unknown algorithm" in result.stderr
    result = run("match", "--white", "wizard", "--games", "1")
    assert result.returncode == 2 and "unknown player" in result.stderr


def test_unknown_game_is_refused():
    result = run("match", "--game", "checkers")
    assert result.returncode != 0 and "unknown game" in result.stderr
