"""The headless command line: ``main.py match``."""
from __future__ import annotations

import subprocess
import sys

import pytest

from ai.players import SearchPlayer, parse_player
from conftest import ROOT
from games.registry import get_game
from main import main


def run(*arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "main.py", *arguments], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)


def test_match_ai_against_random_prints_wdl_and_the_ai_never_loses():
    # The AI searches to the end of the game (depth 9, no clock): what a tenth of a second
    # a move finds would depend on the machine's speed.
    result = run("match", "--game", "tictactoe", "--white", "ai:depth=9", "--black", "random", "--games", "100",
                 "--seed", "3")
    assert result.returncode == 0, result.stderr
    wdl = [line for line in result.stdout.splitlines() if line.startswith("W/D/L for X: ")]
    assert len(wdl) == 1
    wins, draws, losses = (int(number) for number in wdl[0].split(": ")[1].split("/"))
    assert wins + draws + losses == 100 and losses == 0 and wins > 80


def test_match_accepts_ai_options_and_plays_as_o():
    result = run("match", "--white", "random:seed=5", "--black", "ai:algorithm=alphabeta,level=5,depth=9",
                 "--games", "5", "--verbose")  # depth 9: to the end of the game, on any machine
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


def test_a_level_out_of_range_is_refused_with_the_range_not_clamped():
    result = run("match", "--white", "ai:level=9", "--games", "1")
    assert result.returncode == 2
    assert "level" in result.stderr and "from 1 to 5" in result.stderr
    assert result.stdout == ""  # no game was played


@pytest.mark.parametrize(("spec", "expected"), [
    ("ai:level=0", "from 1 to 5"),
    ("ai:level=9", "from 1 to 5"),
    ("ai:level=2.5", "whole number from 1 to 5"),
    ("ai:depth=0", "from 1 to 250"),
    ("ai:depth=-2", "from 1 to 250"),
    ("ai:depth=251", "from 1 to 250"),
    ("ai:movetime=-1", "greater than 0"),
    ("ai:movetime=0", "greater than 0"),
    ("ai:movetime=nan", "greater than 0"),
    ("ai:movetime=inf", "greater than 0"),
    ("ai:movetime=soon", "greater than 0"),
    ("ai:speed=3", "valid options: level, algorithm, depth, movetime"),
    ("ai:level=2,level=3", "twice"),
    ("random:sed=3", "valid options: seed"),
    ("random:seed=x", "whole number"),
])
def test_out_of_range_or_unknown_options_are_refused(capsys, spec, expected):
    assert main(["match", "--white", spec, "--games", "1"]) == 2
    captured = capsys.readouterr()
    assert expected in captured.err and captured.err.startswith("error: ")
    assert captured.out == ""


@pytest.mark.parametrize("movetime", ["-1", "0"])
def test_a_bad_movetime_argument_is_refused(capsys, movetime):
    assert main(["match", "--movetime", movetime, "--games", "1"]) == 2
    assert "movetime" in capsys.readouterr().err


def test_options_in_range_are_accepted():
    entry = get_game("tictactoe")
    player = parse_player("ai:level=1,depth=250,movetime=0.5,algorithm=negamax", entry)
    assert isinstance(player, SearchPlayer) and player.level == 1 and player.depth == 250
    assert parse_player("ai:level=5", entry).level == entry.max_level


def test_search_player_refuses_a_level_out_of_range():
    entry = get_game("tictactoe")
    for level in (0, entry.max_level + 1):
        with pytest.raises(ValueError, match=f"levels 1 to {entry.max_level}"):
            SearchPlayer(entry, level=level)


def test_run_bot_on_a_folder_or_a_missing_file_says_why_without_a_traceback(tmp_path, capsys):
    assert main(["--run-bot", str(tmp_path)]) == 1
    error = capsys.readouterr().err
    assert "is a folder" in error and "Traceback" not in error
    assert main(["--run-bot", str(tmp_path / "missing_bot.py")]) == 1
    assert "could not be run" in capsys.readouterr().err


@pytest.mark.parametrize("where", ["missing folder", "a folder"])
def test_lab_csv_to_a_place_it_cannot_write_is_refused_before_the_search(tmp_path, capsys, monkeypatch, where):
    import ai.lab

    def no_search(*arguments, **options):
        raise AssertionError("the lab searched though its results could not be written")

    monkeypatch.setattr(ai.lab, "compare", no_search)
    target = tmp_path / "missing" / "table.csv" if where == "missing folder" else tmp_path
    assert main(["lab", "--game", "tictactoe", "--depth", "2", "--csv", str(target)]) == 2
    error = capsys.readouterr().err
    assert "--csv" in error and ("does not exist" in error or "is a folder" in error)
    assert not (tmp_path / "missing").exists()


def test_lab_csv_that_cannot_be_written_after_the_search_is_printed_instead(tmp_path, capsys, monkeypatch):
    import ai.lab

    folder = tmp_path / "results"
    folder.mkdir()
    original = ai.lab.compare

    def search_then_lose_the_folder(*arguments, **options):
        rows = original(*arguments, **options)
        folder.rmdir()  # removed while the lab searched
        return rows

    monkeypatch.setattr(ai.lab, "compare", search_then_lose_the_folder)
    assert main(["lab", "--game", "tictactoe", "--depth", "2", "--csv", str(folder / "table.csv")]) == 2
    captured = capsys.readouterr()
    assert "could not be written" in captured.err and "Traceback" not in captured.err
    table, csv = captured.out.split("the CSV that could not be written to", 1)
    assert "alpha-beta" in table.lower() and csv.count("\n") >= 3 and "," in csv


def test_lab_csv_is_written_where_it_can_be(tmp_path, capsys):
    target = tmp_path / "table.csv"
    assert main(["lab", "--game", "tictactoe", "--depth", "2", "--csv", str(target)]) == 0
    assert f"written to {target}" in capsys.readouterr().out
    assert target.read_text(encoding="utf-8").count("\n") >= 2


def test_the_command_line_cases_of_issue_21_as_a_user_runs_them(tmp_path):
    """Through a real process, as typed: a clear message, a non-zero exit, no traceback."""
    for arguments, code, words in ((["--run-bot", str(tmp_path)], 1, "is a folder"),
                                   (["lab", "--depth", "2", "--csv", str(tmp_path)], 2, "is a folder"),
                                   (["lab", "--depth", "2", "--csv", str(tmp_path / "no" / "t.csv")], 2,
                                    "does not exist")):
        finished = run(*arguments)
        assert finished.returncode == code, finished.stderr
        assert words in finished.stderr and "Traceback" not in finished.stderr
        assert finished.stdout == ""  # refused before anything was searched


def test_lab_tree_svg_writes_the_tree_as_the_lab_draws_it(tmp_path, capsys):
    import xml.etree.ElementTree as ElementTree

    target = tmp_path / "tree.svg"
    assert main(["lab", "--game", "tictactoe", "--position", "X../.O./...", "--depth", "2",
                 "--tree-svg", str(target)]) == 0
    assert f"tree written to {target}" in capsys.readouterr().out
    root = ElementTree.parse(target).getroot()
    classes = [(item.get("class") or "").split() for item in root.iter()]
    assert sum("value" in names for names in classes) > 1 and any("pv" in names for names in classes)


def test_lab_tree_svg_refuses_a_place_it_cannot_write_and_a_tree_too_large_before_the_comparison(
        tmp_path, capsys, monkeypatch):
    import ai.lab

    def no_search(*arguments, **options):
        raise AssertionError("the lab searched though the tree could not be written")

    monkeypatch.setattr(ai.lab, "compare", no_search)
    assert main(["lab", "--depth", "2", "--tree-svg", str(tmp_path / "missing" / "tree.svg")]) == 2
    assert "--tree-svg" in capsys.readouterr().err and not (tmp_path / "missing").exists()
    assert main(["lab", "--game", "chess", "--depth", "6", "--tree-svg", str(tmp_path / "tree.svg")]) == 2
    assert "too many to draw" in capsys.readouterr().err and not (tmp_path / "tree.svg").exists()
