"""The engine protocol's ``Seed`` option beside ``Level``: listed, range-checked, and with
it a game replays exactly; a level's ``go movetime`` move does not depend on the
computer's speed. The protocol runs in the test's process with injected clocks
(``fake_clocks``), so nothing depends on the real machine's speed or load."""
from __future__ import annotations

import pytest

from ai.protocol import EngineProtocol
from ai.protocol_options import MAX_SEED
from conftest import HANG_TIMEOUT
from fake_clocks import StillClock, SteppingClock
from games.registry import get_game
from test_engine_protocol import WrittenLines, run_session

MIDDLE_GAME = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


class Session:
    """An ``EngineProtocol`` for ``game`` in this process, reading ``clock``."""

    def __init__(self, game: str = "chess", clock=None) -> None:
        self.written = WrittenLines()
        self.protocol = EngineProtocol(get_game(game), self.written.write, clock=clock or StillClock())
        self.protocol.start()

    def bestmoves(self) -> list[str]:
        return [line.split()[1] for line in self.written.lines if line.startswith("bestmove")]

    def best(self, *commands: str) -> str:
        """Send ``commands`` (the last a ``go``) and wait for its ``bestmove``."""
        before = len(self.bestmoves())
        for command in commands:
            self.protocol.receive(command)
        assert self.written.wait_for(lambda lines: sum(line.startswith("bestmove") for line in lines) > before)
        return self.bestmoves()[-1]

    def ask(self, command: str) -> list[str]:
        """Send ``command`` and wait until every command so far is done; the new lines."""
        before = len(self.written.lines)
        self.protocol.receive(command)
        self.protocol.receive("isready")
        assert self.written.wait_for(lambda lines: "readyok" in lines[before:])
        return [line for line in self.written.lines[before:] if line != "readyok"]

    def self_play(self, plies: int) -> list[str]:
        """The engine plays both sides from the start for ``plies`` plies."""
        moves: list[str] = []
        for _ in range(plies):
            moves.append(self.best(f"position startpos moves {' '.join(moves)}", "go"))
        return moves

    def close(self) -> None:
        self.protocol.end_input()
        assert self.protocol.wait(HANG_TIMEOUT)


def test_seed_is_listed_beside_level_and_shows_its_value():
    session = Session()
    options = [line for line in session.ask("uci") if line.startswith("option name ")]
    names = [line.split()[2] for line in options]
    assert names.index("Seed") == names.index("Level") + 1
    assert f"option name Seed type spin default 0 min 0 max {MAX_SEED}" in options
    assert session.ask("setoption name Seed value 42") == []
    assert "option name Seed type spin default 42 min 0 max 2147483647" in session.ask("uci")
    session.close()


@pytest.mark.parametrize("value", ["-1", str(MAX_SEED + 1), "x", "1.5", "", "9" * 400])
def test_a_bad_seed_is_refused_saying_why_and_changes_nothing(value):
    session = Session()
    session.ask("setoption name Seed value 7")
    errors = session.ask(f"setoption name Seed value {value}")
    assert len(errors) == 1 and errors[0].startswith("info string error: setoption: Seed must be a whole number "
                                                     f"from 0 to {MAX_SEED}")
    assert "option name Seed type spin default 7 min 0 max 2147483647" in session.ask("uci")
    session.close()


def test_the_same_seed_replays_a_game_and_another_seed_plays_another():
    # Level 1 errs by up to half a pawn, differently in every search: only the seed
    # makes its games repeat.
    games = {}
    for seed in (5, 5, 6):
        session = Session()
        session.ask("setoption name Level value 1")
        session.ask(f"setoption name Seed value {seed}")
        games.setdefault(seed, []).append(session.self_play(12))
        session.ask("ucinewgame")  # with a seed, every new game starts from it again
        games[seed].append(session.self_play(12))
        session.close()
    assert games[5][0] == games[5][1] == games[5][2] == games[5][3]
    assert games[6][0] == games[6][1] != games[5][0]


def test_without_a_seed_games_differ():
    session = Session()
    session.ask("setoption name Level value 1")
    first = session.self_play(12)
    session.ask("ucinewgame")
    second = session.self_play(12)
    session.close()
    assert first != second


@pytest.mark.parametrize("level", range(1, 8))
def test_go_movetime_with_level_and_seed_does_not_depend_on_the_computers_speed(level):
    # A computer too fast for time to pass, and one doing about 8,000 nodes a second.
    moves = []
    for clock in (StillClock(), SteppingClock(128 / 8_000)):
        session = Session(clock=clock)
        session.ask(f"setoption name Level value {level}")
        session.ask("setoption name Seed value 3")
        moves.append(session.best(f"position fen {MIDDLE_GAME}", "go movetime 1000"))
        session.close()
    assert moves[0] == moves[1]


def test_seed_through_a_real_engine_process():
    lines = run_session("setoption name Seed value 12\nsetoption name Seed value nine\nhelp\nquit\n")[1]
    assert any("Seed must be a whole number from 0 to 2147483647, not 'nine'" in line for line in lines)
    assert any(line.startswith("info string options: ") and " Seed " in line for line in lines)
