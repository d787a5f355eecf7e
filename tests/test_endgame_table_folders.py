"""The folders of chess's endgame tables (``games.chess.tablebase``, declared to the
registry as ``GameEntry.external_tables``): what a folder holds, which folders a process
uses, how an engine's options and the engine protocol's ``GaviotaTbPath`` choose them,
and that the choice reaches a search in a child process. Debian's real tables are used
only where they are installed; the rest runs on made-up table files."""
from __future__ import annotations

import struct
from pathlib import Path

import chess
import pytest

from ai.engine import Engine
from ai.protocol import EngineProtocol
from ai.search_process import ProcessEngine, ProcessSearchWorker
from ai.types import SearchLimits, SearchOptions
from conftest import HANG_TIMEOUT
from games.chess import tablebase
from games.chess.tablebase import EndgameTables, survey, table_problem, use_folders
from games.registry import get_game
from test_engine_protocol import run_answered

CHESS = get_game("chess")
DEBIAN = Path("/usr/share/gaviotatb/gtb4")
HAS_DEBIAN_TABLES = survey([str(DEBIAN)]).files > 0
needs_debian_tables = pytest.mark.skipif(not HAS_DEBIAN_TABLES, reason="Debian's gaviotatb tables are not installed")
QUEEN_MATES_IN_ONE = "4k3/8/4K3/8/8/8/8/Q7 w - - 0 1"
"""King and queen against king: Qa8 or Qh8 mates at once (a position the 3-piece tables cover)."""


def mates(move_text: str) -> bool:
    """Whether ``move_text`` (UCI) mates in ``QUEEN_MATES_IN_ONE``."""
    board = chess.Board(QUEEN_MATES_IN_ONE)
    board.push_uci(move_text)
    return board.is_checkmate()


def made_up_table(folder: Path, name: str = "kqk") -> Path:
    """A file that looks like Gaviota table ``name`` (a sound header and block index for
    a file of its size) but holds no real data: it counts as a table, and a probe of it
    finds nothing (its blocks do not decompress)."""
    count = 2 * (1 + (chess.gaviota.EGKEY[name].maxindex - 1) // chess.gaviota.ENTRIES_PER_BLOCK) + 1
    offset = 40 + 4 * count
    block = b"\x01" + b"\xff" * 19  # flag 1: LZMA86 with a header the prober makes (no size read from the file)
    index = [offset + 20 * number for number in range(count)]
    header = struct.pack("<10I", 0, 0, 16384, 0, 0, 0, 0, 0, offset, 2)
    path = folder / f"{name}.gtb.cp4"
    path.write_bytes(header + struct.pack(f"<{count}I", *index) + block * (count - 1))
    return path


@pytest.fixture(autouse=True)
def tables_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever a test makes this process use, the tables in use before come back after it."""
    monkeypatch.setattr(tablebase, "_shipped", tablebase._shipped)


def test_a_survey_counts_the_tables_and_names_what_it_left_out(tmp_path):
    made_up_table(tmp_path, "kqk")
    made_up_table(tmp_path, "kqkr")
    (tmp_path / "krk.gtb.cp4").write_bytes(b"\x00" * 30)  # too short for a header
    (tmp_path / "kbk.gtb.cp4").write_bytes(struct.pack("<10I", *([0] * 8), 4_000_000_000, 2) + b"\x00" * 64)
    (tmp_path / "notes.txt").write_text("not a table")
    found = survey([str(tmp_path), "/no/such/folder"])
    assert (found.files, found.largest) == (2, 4)
    assert found.missing == ("/no/such/folder",)
    assert sorted(Path(path).name for path in found.unreadable) == ["kbk.gtb.cp4", "krk.gtb.cp4"]
    assert "damaged" in table_problem(tmp_path / "kbk.gtb.cp4") and "short" in table_problem(tmp_path / "krk.gtb.cp4")
    assert survey([]).files == 0 and survey([str(tmp_path / "notes.txt")]).missing


def test_damaged_files_are_left_out_and_a_table_without_data_answers_nothing(tmp_path):
    made_up_table(tmp_path, "kqk")
    (tmp_path / "krk.gtb.cp4").write_bytes(b"\x07")
    tables = EndgameTables([str(tmp_path)])
    assert tables.available and "krk" in tables.problem and "kqk" not in tables.problem
    assert tables.distance_to_mate(chess.Board(QUEEN_MATES_IN_ONE)) is None  # its blocks are no LZMA: no answer
    assert tables.best_move(chess.Board("4k3/8/4K3/8/8/8/8/R7 w - - 0 1")) is None  # no rook table at all
    assert tables._tablebase.streams["kqk"].mode == "rb"  # opened for reading only (python-chess opens "rb+")


def test_use_folders_switches_the_process_tables_and_keeps_them_when_unchanged(tmp_path):
    made_up_table(tmp_path)
    use_folders([str(tmp_path)])
    first = tablebase.shipped_tables()
    assert first.folders == [str(tmp_path)] and tablebase.current_folders() == (str(tmp_path),)
    use_folders((str(tmp_path),))
    assert tablebase.shipped_tables() is first  # the same folders: what was opened and learned stays
    use_folders([])
    assert tablebase.current_folders() == () and not tablebase.shipped_tables().available
    use_folders(["/no/such/folder"])
    assert tablebase.current_folders() == ()


def test_the_default_folders_come_from_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv(tablebase.FOLDER_VARIABLE, f"{tmp_path}{__import__('os').pathsep}/other")
    assert tablebase.default_folders() == (str(tmp_path), "/other")
    monkeypatch.delenv(tablebase.FOLDER_VARIABLE)
    assert tablebase.default_folders() == tablebase.DEFAULT_FOLDERS


def test_an_engine_built_with_table_folders_makes_its_process_use_them(tmp_path):
    made_up_table(tmp_path)
    Engine.for_entry(CHESS, SearchOptions(table_folders=(str(tmp_path),)))
    assert tablebase.current_folders() == (str(tmp_path),)
    Engine.for_entry(CHESS, SearchOptions())  # None: the process keeps what it uses
    assert tablebase.current_folders() == (str(tmp_path),)
    Engine.for_entry(CHESS, SearchOptions(table_folders=()))
    assert tablebase.current_folders() == ()
    Engine.for_entry(get_game("tictactoe"), SearchOptions(table_folders=(str(tmp_path),)))  # a game without tables
    assert tablebase.current_folders() == ()


@needs_debian_tables
def test_with_the_real_tables_the_root_move_comes_from_them_and_without_from_a_search():
    state = CHESS.game.parse_position(QUEEN_MATES_IN_ONE)
    with_tables = Engine.for_entry(CHESS, SearchOptions(table_folders=(str(DEBIAN),))).search(state, SearchLimits(depth=3))
    assert with_tables.infos[-1].source == "tablebase" and mates(with_tables.move.uci())
    without = Engine.for_entry(CHESS, SearchOptions(table_folders=())).search(state, SearchLimits(depth=3))
    assert without.infos[-1].source == "search" and mates(without.move.uci())


def _searched_in_a_child(folders: tuple[str, ...]) -> str:
    """The source of the last row of a search of ``QUEEN_MATES_IN_ONE`` in a child process
    whose engine names ``folders``."""
    worker = ProcessSearchWorker()
    try:
        engine = ProcessEngine("chess", SearchOptions(table_folders=folders))
        worker.start(engine, CHESS.game.parse_position(QUEEN_MATES_IN_ONE), SearchLimits(depth=3))
        assert worker.wait(HANG_TIMEOUT)
        results = [event.payload for event in worker.poll() if event.kind == "done"]
        assert len(results) == 1 and mates(results[0].move.uci())
        return results[0].infos[-1].source
    finally:
        worker.close()


def test_a_search_in_a_child_process_with_damaged_tables_still_searches(tmp_path):
    (tmp_path / "kqk.gtb.cp4").write_bytes(b"\x00" * 100)
    made_up_table(tmp_path, "krk")
    assert _searched_in_a_child((str(tmp_path),)) == "search"


@needs_debian_tables
def test_the_chosen_folders_reach_a_search_in_a_child_process():
    assert _searched_in_a_child((str(DEBIAN),)) == "tablebase"
    assert _searched_in_a_child(()) == "search"


# -- the engine protocol's GaviotaTbPath ----------------------------------------------------------
def _session(*commands: str, game: str = "chess") -> list[str]:
    output: list[str] = []
    EngineProtocol(get_game(game), output.append).run(list(commands))
    return output


def _default(output: list[str]) -> str:
    line = next(line for line in output if line.startswith("option name GaviotaTbPath "))
    return line.split(" default ", 1)[1]


def test_gaviotatbpath_names_the_folders_and_says_what_they_hold(tmp_path):
    made_up_table(tmp_path, "kqk")
    made_up_table(tmp_path, "kqkr")
    output = _session(f"setoption name GaviotaTbPath value {tmp_path}", "uci")
    assert output[0] == f"info string GaviotaTbPath: 2 tables, up to 4 pieces, in {tmp_path}"
    assert _default(output) == str(tmp_path) and tablebase.current_folders() == (str(tmp_path),)
    output = _session("setoption name gaviotatbpath value <empty>", "uci")  # option names in any case
    assert output[0] == "info string GaviotaTbPath: no tables: searching without them"
    assert _default(output) == "<empty>" and tablebase.current_folders() == ()


def test_a_folder_that_does_not_exist_is_refused_and_changes_nothing(tmp_path):
    made_up_table(tmp_path)
    _session(f"setoption name GaviotaTbPath value {tmp_path}")
    missing = tmp_path / "nowhere"
    output = _session(f"setoption name GaviotaTbPath value {missing}", "uci")
    assert output[0] == f"info string error: setoption: GaviotaTbPath: there is no folder '{missing}'; the tables " \
                        "are unchanged"
    assert _default(output) == str(tmp_path) and tablebase.current_folders() == (str(tmp_path),)
    (tmp_path / "a file").write_text("x")
    output = _session(f"setoption name GaviotaTbPath value {tmp_path / 'a file'}")
    assert output[0].startswith("info string error: setoption: GaviotaTbPath: there is no folder")
    assert tablebase.current_folders() == (str(tmp_path),)


def test_a_folder_without_tables_is_taken_and_said_to_hold_none(tmp_path):
    output = _session(f"setoption name GaviotaTbPath value {tmp_path}")
    assert output == [f"info string GaviotaTbPath: no tables in {tmp_path} (their files are named like kqk.gtb.cp4)"]
    assert tablebase.current_folders() == (str(tmp_path),)


def test_only_a_game_that_declares_tables_offers_the_option(tmp_path):
    output = _session(f"setoption name GaviotaTbPath value {tmp_path}", "uci", game="tictactoe")
    assert output[0] == "info string error: setoption: unknown option 'gaviotatbpath'"
    assert not any("GaviotaTbPath" in line for line in output[1:])


@needs_debian_tables
def test_through_the_engine_program_the_option_turns_the_tables_off_and_on():
    position = f"position fen {QUEEN_MATES_IN_ONE}\ngo depth 3\n"
    code, lines, _ = run_answered(f"setoption name GaviotaTbPath value <empty>\n{position}"
                                  f"setoption name GaviotaTbPath value {DEBIAN}\n{position}", 2, game="chess")
    answers = [line for line in lines if "tablebase move" in line or line.startswith("bestmove")]
    assert code == 0 and len(answers) == 3 and all(mates(line.split()[-1]) for line in answers)
    assert answers[0].startswith("bestmove") and "info depth 1 score mate 1 string tablebase move" in answers[1]
