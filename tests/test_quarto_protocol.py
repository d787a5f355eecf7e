"""``main.py engine --game quarto``: perft counts, positions with the variant, moves in
Quarto notation, refusals that say why."""
from __future__ import annotations

import subprocess
import sys

from conftest import ROOT
from test_engine_protocol import run_answered

COMMAND = [sys.executable, str(ROOT / "main.py"), "engine", "--game", "quarto"]


def session(text: str) -> list[str]:
    result = subprocess.run(COMMAND, cwd=ROOT, input=text, text=True, capture_output=True, timeout=120)
    assert result.returncode == 0 and not result.stderr
    return result.stdout.splitlines()


def test_go_perft_counts_the_first_turns():
    lines = session("position startpos\ngo perft 2\nposition startpos moves :12 a1:3\ngo perft 2\nquit\n")
    totals = [line for line in lines if line.startswith("Nodes searched")]
    assert totals == ["Nodes searched: 3840", "Nodes searched: 38220"]  # 16 x 240; 210 x 182
    assert ":12: 240" in lines


def test_a_search_answers_a_winning_placement_in_quarto_notation():
    # quit only once the search has answered: it would get just a second after the end of the input
    code, lines, errors = run_answered("position fen ..../..../..../012. 8 squares\ngo depth 3\n", 1, game="quarto")
    assert code == 0 and not errors
    assert lines[-1] == "bestmove d1"
    assert any(" score mate 1 " in line for line in lines if line.startswith("info depth"))


def test_bad_positions_and_moves_are_refused_saying_why():
    lines = session("position fen 0123/..../..../.... 5\nposition startpos moves a1:3\n"
                    "position startpos moves :3 a1:3\nisready\nquit\n")
    errors = [line for line in lines if line.startswith("info string")]
    assert len(errors) == 3
    assert "game is over" in errors[0] and "first turn only gives" in errors[1] and "placing" in errors[2]
    assert lines[-1] == "readyok"
