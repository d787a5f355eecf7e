"""Students' bots: a program speaking the engine protocol plays through ``match`` as
``bot:<command>``; the example bot in docs/bots is such a program."""
from __future__ import annotations

import subprocess
import sys

import pytest

from conftest import HANG_TIMEOUT, ROOT


def test_the_example_tictactoe_bot_plays_a_match_through_match():
    bot = f"bot:{sys.executable} {ROOT / 'docs' / 'bots' / 'tictactoe_bot.py'}"
    finished = subprocess.run([sys.executable, str(ROOT / "main.py"), "match", "--game", "tictactoe", "--white", bot,
                               "--black", "random", "--games", "6", "--seed", "1"],
                              capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert finished.returncode == 0, finished.stdout + finished.stderr
    result = finished.stdout.strip().splitlines()[-1]
    assert result.startswith("W/D/L for X: ")
    wins, draws, losses = (int(count) for count in result.split(": ")[1].split("/"))
    assert wins + draws + losses == 6 and wins >= 3  # it wins at once when it can: random seldom escapes


def test_the_example_bot_answers_the_protocol():
    script = ROOT / "docs" / "bots" / "tictactoe_bot.py"
    answer = subprocess.run([sys.executable, str(script)], input="uci\nisready\nposition fen XX./OO./...\ngo\n"
                            "position startpos moves a1 b2 c3\ngo\nquit\n", capture_output=True, text=True, timeout=HANG_TIMEOUT)
    lines = answer.stdout.splitlines()
    assert "uciok" in lines and "readyok" in lines
    moves = [line for line in lines if line.startswith("bestmove")]
    assert moves[0] == "bestmove c3"  # X completes its row
    assert moves[1] in ("bestmove a3", "bestmove c1")  # O: no win, nothing to block, the centre taken: a corner


@pytest.mark.parametrize("seat", ["--white", "--black"])
def test_the_example_quarto_bot_plays_legal_turns_from_either_seat(seat):
    bot = f"bot:{sys.executable} {ROOT / 'docs' / 'bots' / 'quarto_bot.py'}"
    other = "--black" if seat == "--white" else "--white"
    finished = subprocess.run([sys.executable, str(ROOT / "main.py"), "match", "--game", "quarto", seat, bot,
                               other, "random", "--games", "6", "--seed", "2"],
                              capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert finished.returncode == 0, finished.stdout + finished.stderr  # an illegal turn would end it with an error
    wins, draws, losses = (int(count) for count in finished.stdout.strip().splitlines()[-1].split(": ")[1].split("/"))
    bot_wins = wins if seat == "--white" else losses
    assert wins + draws + losses == 6 and bot_wins >= 4  # it never hands random a winning piece it can avoid
