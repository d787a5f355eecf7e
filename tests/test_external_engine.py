"""Another program as a player: the project's own engine, started as a child process,
plays tic-tac-toe through ``ai.external``; Stockfish plays chess when installed."""
from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from ai.external import ExternalEngine, ExternalEngineError
from ai.types import SearchLimits
from conftest import ROOT
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
    command = " ".join(OWN_ENGINE)
    result = subprocess.run([sys.executable, "main.py", "match", "--game", "tictactoe", "--white", "ai",
                             "--black", f"uci:{command}", "--games", "2", "--movetime", "0.1"],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "W/D/L for X: 0/2/0" in result.stdout  # two perfect players draw


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
