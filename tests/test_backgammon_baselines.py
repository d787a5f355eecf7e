"""Backgammon's baseline players and matches in points: Tesauro's pubeval against
hand-checked opening moves (and, when PyPI's gnubg-nn is installed, against gnubg's own
pubeval), the ``match`` command's duplicate-dice pairs and points per game."""
from __future__ import annotations

import random
import subprocess
import sys

import pytest

from ai.match import MatchScore, PlayedGame, run_match
from ai.players import PolicyPlayer, RandomPlayer, parse_player
from conftest import ROOT
from games.backgammon import pubeval
from games.backgammon.rules import Backgammon
from games.base import FIRST, SECOND, Outcome
from games.registry import get_game

GAME = Backgammon()


@pytest.mark.parametrize("roll, expected", [((3, 1, FIRST), "8/5 6/5"), ((6, 1, FIRST), "13/7 8/7"),
                                            ((4, 2, SECOND), "8/4 6/4"), ((6, 5, FIRST), "24/13")])
def test_pubeval_plays_the_standard_opening_moves(roll, expected):
    state = GAME.initial_state().apply(roll)
    move = pubeval.best_move(state)
    assert state.apply(move) == state.apply(state.parse_move(expected))


def test_pubeval_scores_prefer_made_points_to_blots():
    state = GAME.initial_state().apply((3, 1, FIRST))
    turns = state.turns()
    made = state.apply(state.parse_move("8/5 6/5"))
    split = state.apply(state.parse_move("24/21 6/5"))
    assert (made[FIRST], made[SECOND]) in turns and (split[FIRST], split[SECOND]) in turns
    assert pubeval.score(made[FIRST], made[SECOND], False) > pubeval.score(split[FIRST], split[SECOND], False)


def test_pubeval_race_weights_are_chosen_by_contact():
    own = [0] * 26
    opponent = [0] * 26
    own[3], opponent[4] = 15, 15
    assert pubeval.is_race(tuple(own), tuple(opponent))
    own[3], own[22] = 14, 1
    opponent[4], opponent[5] = 14, 1
    assert not pubeval.is_race(tuple(own), tuple(opponent))


def test_pubeval_agrees_with_gnubgs_pubeval_on_random_positions():
    gnubg_nn = pytest.importorskip("gnubg_nn")
    sys.path.insert(0, str(ROOT / "bench"))
    from backgammon_movegen import gnubg_board, random_positions
    differences = 0
    for state in random_positions(300, random.Random(4)):
        mover = state.player
        flat = gnubg_nn.pub_best_move(gnubg_board(state.checkers(mover), state.checkers(1 - mover)), *state.dice)
        text = " ".join(f"{'bar' if start == 24 else start + 1}/{'off' if end < 0 else end + 1}"
                        for start, end in zip(flat[::2], flat[1::2]))
        theirs = state.apply(state.parse_move(text)) if text else state.apply(())
        differences += state.apply(pubeval.best_move(state)) != theirs
    assert differences == 0


def test_pubeval_is_a_match_player_and_takes_no_options():
    entry = get_game("backgammon")
    player = parse_player("pubeval", entry)
    assert isinstance(player, PolicyPlayer) and player.name == "pubeval"
    with pytest.raises(ValueError, match="no options"):
        parse_player("pubeval:seed=3", entry)
    with pytest.raises(ValueError, match="'pubeval'"):
        parse_player("wizard", entry)
    with pytest.raises(ValueError, match="unknown player"):
        parse_player("pubeval", get_game("chess"))


def test_paired_games_swap_seats_and_replay_the_same_dice():
    first, second = RandomPlayer(1), RandomPlayer(2)
    first.name, second.name = "one", "two"
    score = run_match(GAME, first, second, 6, seed=11, paired=True)
    assert [game.swapped for game in score.games] == [False, True] * 3
    for one, other in zip(score.games[::2], score.games[1::2]):
        assert one.moves[0] == other.moves[0]  # the same opening roll
    assert score.first_wins + score.second_wins == 6
    assert sum(1 for value in score.points if value > 0) == score.first_wins


def test_points_are_counted_for_players_not_seats():
    score = MatchScore()
    score.add(PlayedGame(Outcome(FIRST, "gammon", 2), ()))
    score.add(PlayedGame(Outcome(FIRST, "all checkers borne off", 1), (), swapped=True))
    score.add(PlayedGame(Outcome(SECOND, "backgammon", 3), (), swapped=True))
    assert score.points == [2, -1, 3]
    assert (score.first_wins, score.second_wins) == (2, 1)
    mean, half = score.points_per_game()
    assert mean == pytest.approx(4 / 3) and half > 0


def test_match_command_prints_points_per_game_with_an_interval():
    result = subprocess.run([sys.executable, "main.py", "match", "--game", "backgammon", "--white", "random",
                             "--black", "pubeval", "--games", "20", "--seed", "2"],
                            cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert "in pairs (same dice, seats swapped)" in result.stdout
    line = next(line for line in result.stdout.splitlines() if line.startswith("points per game for random"))
    mean = float(line.split(": ")[1].split()[0])
    assert mean < 0  # pubeval beats a random mover


def test_the_strongest_level_without_a_clock_gets_a_second_a_move():
    # `match --white ai` must end: Maximum has no depth cap, so it thinks a second a move.
    from ai.players import DEFAULT_MOVE_SECONDS, parse_player
    player = parse_player("ai", get_game("backgammon"))
    assert player.control.kind == "movetime" and player.control.movetime == DEFAULT_MOVE_SECONDS
    capped = parse_player("ai:depth=2", get_game("backgammon"))
    assert capped.control.kind == "none"  # a depth cap: no clock needed
