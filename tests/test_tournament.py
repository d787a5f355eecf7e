"""The tournament command: a round robin with a crosstable, seats swapped every other game."""
from __future__ import annotations

import subprocess
import sys

import pytest

from ai.players import parse_player
from ai.tournament import round_robin, table_lines
from conftest import HANG_TIMEOUT, ROOT
from games.registry import get_game


def test_a_round_robin_scores_every_pair_and_the_perfect_level_never_loses():
    entry = get_game("tictactoe")
    bot = f"bot:{sys.executable} {ROOT / 'docs' / 'bots' / 'tictactoe_bot.py'}"
    players = [parse_player(spec, entry, seed=index) for index, spec in
               enumerate(["ai:level=5,depth=9", "random", bot])]
    standings = round_robin(entry.game, players, 4, seed=1)
    by_index = {standing.index: standing for standing in standings}
    assert all(standing.games == 8 for standing in standings)
    for first in range(3):
        for second in range(first + 1, 3):  # each pair's scores add up to the games played
            assert by_index[first].scores[second] + by_index[second].scores[first] == 4
    assert by_index[0].scores[1] >= 2 and by_index[0].scores[2] >= 2  # perfect play loses no game
    assert by_index[0].scores[1] > by_index[1].scores[0]  # and beats random
    assert [standing.total for standing in standings] == sorted((s.total for s in standings), reverse=True)
    lines = table_lines(standings)
    assert len(lines) == 4 and "total" in lines[0] and "random (2)" in "\n".join(lines)


def test_a_tournament_needs_two_players():
    with pytest.raises(ValueError, match="two players"):
        round_robin(get_game("tictactoe").game, [parse_player("random", get_game("tictactoe"))], 2)
    finished = subprocess.run([sys.executable, str(ROOT / "main.py"), "tournament", "--players", "random"],
                              capture_output=True, text=True, timeout=HANG_TIMEOUT)
    assert finished.returncode == 2 and "two or more --players" in finished.stderr
