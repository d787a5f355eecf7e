"""Another program as a player: the project's own engine, started as a child process,
plays tic-tac-toe through ``ai.external``; Stockfish plays chess when installed."""
from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

import ai.external as engine_module
from ai.external import ExternalEngine, ExternalEngineError
from ai.types import SearchLimits
from conftest import HANG_TIMEOUT, ROOT
from fake_clocks import SteppingClock
from games.registry import get_game

TICTACTOE = get_game("tictactoe").game
OWN_ENGINE = [sys.executable, str(ROOT / "main.py"), "engine", "--game", "tictactoe"]


def test_the_projects_own_engine_as_an_external_program_finds_the_win():
    engine = ExternalEngine(OWN_ENGINE, name="ourselves")
    try:
        state = TICTACTOE.parse_position("O../.X./X.O")
        seen = []
        result = engine.search(state, SearchLimits(depth=3), on_info=seen.append)
        assert result.move_text == "c3" and seen and seen[-1].score.plies_to_end == 1
        engine.new_game()
        assert engine.search(TICTACTOE.initial_state(), SearchLimits(hard_time=0.3)).move in \
            TICTACTOE.initial_state().legal_moves()
    finally:
        engine.close()


def test_a_program_that_cannot_start_is_reported_in_words():
    engine = ExternalEngine(["/no/such/program"])
    with pytest.raises(ExternalEngineError, match="could not be started"):
        engine.search(TICTACTOE.initial_state(), SearchLimits(depth=1))


def test_a_program_that_does_not_speak_the_protocol_is_reported(tmp_path):
    silent = tmp_path / "silent.py"
    silent.write_text("import sys\nfor line in sys.stdin:\n    pass\n")
    engine = ExternalEngine([sys.executable, str(silent)])
    engine_module = sys.modules["ai.external"]
    original = engine_module.HANDSHAKE_SECONDS
    engine_module.HANDSHAKE_SECONDS = 0.5
    try:
        with pytest.raises(ExternalEngineError, match="did not answer 'uci'"):
            engine.search(TICTACTOE.initial_state(), SearchLimits(depth=1))
    finally:
        engine_module.HANDSHAKE_SECONDS = original
        engine.close()


def test_match_accepts_an_external_program_as_a_player():
    # The program gets its default second a move, so what it plays may depend on the
    # machine's speed; the search AI searches to the end of the game and never loses.
    command = " ".join(OWN_ENGINE)
    result = subprocess.run([sys.executable, "main.py", "match", "--game", "tictactoe", "--white", "ai:depth=9",
                             "--black", f"uci:{command}", "--games", "2"],
                            cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    last = result.stdout.strip().splitlines()[-1]
    assert last.startswith("W/D/L for X: ")
    wins, draws, losses = (int(count) for count in last.split(": ")[1].split("/"))
    assert wins + draws + losses == 2 and losses == 0


@pytest.mark.parametrize("spec, words", [("uci:", "needs the program"), ("uci:stockfish,elo=10", "out of range"),
                                         ("uci:stockfish,elo=strong", "whole number")])
def test_bad_program_specs_are_refused(spec, words):
    from ai.players import parse_player

    with pytest.raises(ValueError, match=words):
        parse_player(spec, get_game("chess"))


@pytest.mark.skipif(not (shutil.which("stockfish") or shutil.which("stockfish", path="/usr/games")),
                    reason="Stockfish is not installed")
def test_stockfish_plays_a_legal_chess_move_within_an_elo_limit():
    command = shutil.which("stockfish") or shutil.which("stockfish", path="/usr/games")
    engine = ExternalEngine(command, {"UCI_LimitStrength": "true", "UCI_Elo": "1500"})
    try:
        state = get_game("chess").game.initial_state()
        result = engine.search(state, SearchLimits(hard_time=0.2))
        assert result.move in state.legal_moves()
    finally:
        engine.close()


HANDSHAKE = ("import sys, time\n"
             "for line in sys.stdin:\n"
             "    if line.startswith('uci'): print('uciok', flush=True)\n"
             "    elif line.startswith('isready'): print('readyok', flush=True)\n")


def bot(tmp_path, name: str, on_go: str) -> ExternalEngine:
    """An engine running a small bot that answers the handshake and does ``on_go`` (an
    indented block) on ``go``."""
    path = tmp_path / f"{name}.py"
    path.write_text(HANDSHAKE + "    elif line.startswith('go'):\n" + on_go)
    return ExternalEngine([sys.executable, str(path)], name=name)


def test_a_bot_that_reads_nothing_while_it_thinks_is_ended_when_its_search_is_called_off(tmp_path):
    """A takeback or the menu calls a search off: a bot deaf to ``stop`` is ended within
    ``STOP_SECONDS`` instead of holding the window up, and ``close`` does not wait for it."""
    import threading
    engine = bot(tmp_path, "deaf", "        time.sleep(60)\n        print('bestmove a1', flush=True)\n")
    stop = threading.Event()
    threading.Timer(0.3, stop.set).start()
    with pytest.raises(ExternalEngineError, match="did not answer 'stop'"):
        engine.search(TICTACTOE.initial_state(), SearchLimits(), stop_event=stop)
    assert engine._process is None  # closed: the next search starts it afresh


def test_close_returns_at_once_and_the_program_is_ended_in_the_background(tmp_path):
    engine = bot(tmp_path, "stubborn", "        print('bestmove b2', flush=True)\n")
    assert engine.search(TICTACTOE.initial_state(), SearchLimits(depth=1)).move_text == "b2"
    process = engine._process
    engine.close()
    assert process.wait(timeout=HANG_TIMEOUT) is not None  # quit, terminated or killed, never left running


def test_a_bot_writing_without_line_ends_is_ended_as_broken(tmp_path):
    engine = bot(tmp_path, "endless", "        sys.stdout.write('x' * 200000)\n        sys.stdout.flush()\n"
                                      "        time.sleep(30)\n")
    try:
        with pytest.raises(ExternalEngineError, match="line longer than"):
            engine.search(TICTACTOE.initial_state(), SearchLimits(hard_time=20))
    finally:
        engine.close()


def test_a_flood_of_info_lines_is_read_sparingly_and_the_last_one_counts(tmp_path):
    flood = ("        for depth in range(1, 20001):\n"
             "            print(f'info depth {depth} score cp {depth % 7} nodes {depth} pv b2', flush=False)\n"
             "        print('bestmove b2', flush=True)\n")
    engine = bot(tmp_path, "chatty", flood)
    try:
        seen = []
        result = engine.search(TICTACTOE.initial_state(), SearchLimits(depth=9), on_info=seen.append)
        assert result.move_text == "b2"
        assert seen and seen[-1].depth == 20000 and len(seen) < 20000
        assert result.infos[-1].depth == 20000
    finally:
        engine.close()


def test_a_program_deaf_to_quit_is_terminated_and_one_left_at_exit_is_ended(tmp_path):
    """``close`` does not rely on the program reading ``quit``: one busy thinking is
    terminated; and whatever still runs when the app exits is ended then."""
    import ai.external as external
    deaf = "        time.sleep(60)\n"
    engine = bot(tmp_path, "busy", deaf)
    engine._start()
    engine._send("go")
    process = engine._process
    engine.close()
    assert process.wait(timeout=HANG_TIMEOUT) is not None
    left = bot(tmp_path, "left", deaf)
    left._start()
    left._send("go")
    external._end_all()
    assert left._process.wait(timeout=HANG_TIMEOUT) is not None


class RecordingClock(SteppingClock):
    """A stepping clock that remembers its last reading."""

    last = 0.0

    def __call__(self) -> float:
        self.last = super().__call__()
        return self.last


def listening_bot(tmp_path, name: str, on_go: str, clock) -> tuple[ExternalEngine, Path]:
    """A bot (as ``bot``) that writes every line it reads to a file, and that file."""
    heard = tmp_path / f"{name}.heard"
    path = tmp_path / f"{name}.py"
    path.write_text(f"import sys, time\nheard = open({str(heard)!r}, 'a')\n"
                    "for line in sys.stdin:\n"
                    "    heard.write(line); heard.flush()\n"
                    "    if line.startswith('uci'): print('uciok', flush=True)\n"
                    "    elif line.startswith('isready'): print('readyok', flush=True)\n"
                    "    elif line.startswith('go'):\n" + on_go)
    return ExternalEngine([sys.executable, str(path)], name=name, clock=clock), heard


def test_a_bot_that_sends_no_move_is_given_up_when_the_message_says(tmp_path, monkeypatch):
    """Its time (0.5 s), ``MARGIN_SECONDS`` more, then ``stop`` and ``STOP_SECONDS``: given
    up 3 s after ``go`` by the engine's clock, and the message says 3 s and how they add
    up (it used to wait the margin twice, and to say nothing of the time)."""
    monkeypatch.setattr(engine_module, "MARGIN_SECONDS", 2.0)
    monkeypatch.setattr(engine_module, "STOP_SECONDS", 0.5)
    clock = RecordingClock(0.01)  # a step smaller than the engine's 50 ms waits for a line
    engine, heard = listening_bot(tmp_path, "mute", "        pass\n", clock)
    engine._start()
    process = engine._process
    started = clock()
    with pytest.raises(ExternalEngineError) as caught:
        engine.search(TICTACTOE.initial_state(), SearchLimits(hard_time=0.5))
    assert str(caught.value) == "mute sent no move within 3 s: 0.5 s for the move, 2 s more, then 0.5 s after 'stop'"
    assert 3.0 <= clock.last - started <= 3.1  # a few readings of 10 ms past the 3 s
    assert engine._process is None  # ended; the next search starts it afresh
    process.wait(timeout=HANG_TIMEOUT)  # all it heard is written down
    lines = heard.read_text().splitlines()
    assert lines[lines.index("go movetime 500") + 1] == "stop"


def test_a_bot_that_answers_stop_in_time_plays_that_move(tmp_path, monkeypatch):
    monkeypatch.setattr(engine_module, "MARGIN_SECONDS", 2.0)
    engine, _ = listening_bot(tmp_path, "late", "        pass\n    elif line.startswith('stop'): "
                                                "print('bestmove b2', flush=True)\n", RecordingClock(0.01))
    try:
        assert engine.search(TICTACTOE.initial_state(), SearchLimits(hard_time=0.5)).move_text == "b2"
    finally:
        engine.close()


def test_a_bot_that_fails_its_handshake_is_ended_and_started_afresh_next_time(tmp_path, monkeypatch):
    """"Try again" after a bot missed its handshake starts it again, handshake and all,
    instead of sending a search to the program that never answered."""
    monkeypatch.setattr(engine_module, "HANDSHAKE_SECONDS", 3.0)
    monkeypatch.setattr(engine_module, "MARGIN_SECONDS", 1.0)
    first_run = tmp_path / "first run"
    path = tmp_path / "shy.py"  # mute the first time it runs, a good bot afterwards
    path.write_text(f"import os, sys, time\nif not os.path.exists({str(first_run)!r}):\n"
                    f"    open({str(first_run)!r}, 'w').close()\n    time.sleep(600)\n"
                    + HANDSHAKE[len("import sys, time\n"):] + "    elif line.startswith('go'): "
                    "print('bestmove b2', flush=True)\n")
    clock = RecordingClock(0.01)
    engine = ExternalEngine([sys.executable, str(path)], name="shy", clock=clock)
    try:
        started = clock()
        with pytest.raises(ExternalEngineError, match=r"^shy did not answer 'uci' within 3 s of being started$"):
            engine.search(TICTACTOE.initial_state(), SearchLimits(hard_time=0.5))
        assert 3.0 <= clock.last - started <= 3.1
        assert engine._process is None
        engine._clock = time.monotonic  # its second start has as long as Python needs to start on this machine
        monkeypatch.setattr(engine_module, "HANDSHAKE_SECONDS", HANG_TIMEOUT)
        assert engine.search(TICTACTOE.initial_state(), SearchLimits(hard_time=0.5)).move_text == "b2"
    finally:
        engine.close()

