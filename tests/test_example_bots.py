"""The example bots in docs/bots: each plays short matches through the ``match`` path
(``parse_player("bot:...")`` and ``ai.match.run_match``) with legal moves only, and the
backgammon bot's own move generation agrees with the project's rules."""
from __future__ import annotations

import importlib.util
import random
import shlex
import sys
from types import ModuleType, SimpleNamespace

import pytest

from ai.match import run_match
from ai.players import parse_player
from conftest import ROOT
from fake_clocks import StillClock
from games.base import CHANCE
from games.registry import get_game

BOTS = ROOT / "docs" / "bots"


def load_bot(name: str) -> ModuleType:
    """The bot file ``docs/bots/<name>.py`` imported as a module (its main() not run)."""
    specification = importlib.util.spec_from_file_location(f"example_{name}", BOTS / f"{name}.py")
    module = importlib.util.module_from_spec(specification)
    specification.loader.exec_module(module)
    return module


def bot_player(name: str, game_id: str, movetime: float = 1.0):
    """The example bot ``name`` as a ``match`` player, run by this Python."""
    return parse_player("bot:" + shlex.join([sys.executable, str(BOTS / f"{name}.py")]), get_game(game_id),
                        movetime)


def states_reached_by_play(count: int, seed: int, rules: dict[str, bool] | None = None) -> list:
    """``count`` backgammon positions with a decision to make, from random games."""
    game = get_game("backgammon").game
    generator = random.Random(seed)
    found = []
    while len(found) < count:
        state = game.start(rules)
        while not state.is_terminal() and len(found) < count:
            moves = state.legal_moves()
            if state.to_move() == CHANCE:
                state = state.apply(generator.choice(moves))
                continue
            found.append(state)
            state = state.apply(generator.choice(moves))
    return found


def test_the_backgammon_bot_generates_exactly_the_legal_turns():
    bot = load_bot("backgammon_bot")
    passes = 0
    for state in states_reached_by_play(600, seed=5):
        words = state.to_text().split()
        own, opponent = bot.read_position_id(words[0])
        assert (tuple(own), tuple(opponent)) == (state.checkers(state.player), state.checkers(1 - state.player))
        turns = bot.all_turns(own, opponent, (int(words[2][0]), int(words[2][1])))
        mover = state.player
        expected = {(after.checkers(mover), after.checkers(1 - mover))
                    for after in (state.apply(move) for move in state.legal_moves())}
        assert set(turns) == expected, state.to_text()
        chosen = state.apply(state.parse_move(bot.choose(words)))  # its answer names a legal turn
        assert (chosen.checkers(mover), chosen.checkers(1 - mover)) in turns
        passes += turns == {(tuple(own), tuple(opponent)): ()}
    assert passes  # some positions where no die can be played were met


def test_the_backgammon_bot_answers_cube_actions():
    bot = load_bot("backgammon_bot")
    assert bot.choose("4HPwATDgc/ABMA first - cube 1 centre".split()) == "roll"
    assert bot.choose("4HPwATDgc/ABMA first - cube 1 centre offered".split()) == "take"
    assert bot.choose("4HPwATDgc/ABMA first 31".split()) in ("8/5,6/5", "6/5,8/5")  # makes its 5-point


@pytest.mark.parametrize("rules", [{}, {"cube": True}])
def test_the_backgammon_bot_plays_matches_with_legal_moves(rules):
    game = get_game("backgammon").game
    bot = bot_player("backgammon_bot", "backgammon")
    try:
        score = run_match(game, bot, parse_player("random", get_game("backgammon"), seed=3), 2, seed=4, paired=True,
                          rules=rules)
    finally:
        bot.engine.close()
    assert score.first_wins + score.second_wins == 2  # run_match raises on an illegal move


@pytest.mark.parametrize("name, game_id, games, movetime", [
    ("tictactoe_bot", "tictactoe", 4, 1.0),
    ("quarto_bot", "quarto", 2, 1.0),
    ("chess_bot", "chess", 1, 0.2),
])
@pytest.mark.parametrize("bot_first", [True, False])
def test_an_example_bot_plays_a_short_match_from_either_seat(name, game_id, games, movetime, bot_first):
    entry = get_game(game_id)
    bot = bot_player(name, game_id, movetime)
    other = parse_player("random", entry, seed=11)
    seats = (bot, other) if bot_first else (other, bot)
    played = []
    try:
        score = run_match(entry.game, *seats, games, seed=2, on_game=lambda number, game: played.append(game))
    finally:
        bot.engine.close()
    assert score.first_wins + score.second_wins + score.draws == games  # an illegal move would raise
    assert all(game.outcome is not None for game in played)


def test_the_chess_bot_takes_a_free_queen_and_mates_in_one():
    bot = load_bot("chess_bot")
    bot.time = SimpleNamespace(monotonic=StillClock())  # its time never runs out: it searches its 3 plies
    import chess

    assert bot.choose(chess.Board("4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1"), 1.0).uci() == "d1d5"
    assert bot.choose(chess.Board("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"), 1.0).uci() == "a1a8"
