"""``main.py engine --game backgammon``: rolls and turns as one word each, perft,
Position IDs, a search's answer, refusals that say why."""
from __future__ import annotations

import subprocess
import sys

from conftest import ROOT

COMMAND = [sys.executable, str(ROOT / "main.py"), "engine", "--game", "backgammon"]


def session(text: str) -> list[str]:
    result = subprocess.run(COMMAND, cwd=ROOT, input=text, text=True, capture_output=True, timeout=120)
    assert result.returncode == 0 and not result.stderr
    return result.stdout.splitlines()


def test_perft_counts_rolls_and_turns():
    lines = session("position startpos\ngo perft 1\nposition startpos moves 31-first\ngo perft 1\n"
                    "position startpos moves 31-first 8/5,6/5\ngo perft 1\nquit\n")
    totals = [line for line in lines if line.startswith("Nodes searched")]
    assert totals == ["Nodes searched: 30", "Nodes searched: 16", "Nodes searched: 21"]
    assert "8/5,6/5: 1" in lines and "66: 1" in lines


def test_a_position_id_with_dice_gets_a_legal_answer():
    lines = session("position fen sGfwATDgc/ABMA second 42\nd\ngo depth 1\nquit\n")
    assert "Position: sGfwATDgc/ABMA second 42" in lines
    best = lines[-1].split()
    assert best[0] == "bestmove" and "/" in best[1] and "," in best[1]


def test_bad_input_is_refused_saying_why():
    lines = session("position startpos moves 33-first\nposition startpos moves 31-first 8/5\n"
                    "position fen 4HPwATDgc/ABMA first 71\ngo depth 1\nisready\nquit\n")
    errors = [line for line in lines if line.startswith("info string")]
    assert "not an opening roll" in errors[0] and "not a legal way to play 31" in errors[1]
    assert "two digits 1-6" in errors[2] and "chance outcome" in errors[3]
    assert lines[-1] == "readyok"
