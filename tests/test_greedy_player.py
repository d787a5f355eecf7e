"""The greedy player: takes a win at once, never lets the opponent win at once while it
can avoid it, for any game without chance; parsed from ``greedy[:seed=N]``."""
from __future__ import annotations

import pytest

from ai.players import GreedyPlayer, parse_player
from games.quarto.rules import Quarto
from games.registry import get_game
from games.tictactoe.rules import TicTacToe


def test_it_wins_at_once_when_it_can():
    state = Quarto().parse_position("..../..../..../012. 8")  # d1 with 8: four round pieces
    assert state.move_to_text(GreedyPlayer(seed=1).choose(state)) == "d1"
    board = TicTacToe().parse_position("XX./OO./...")
    assert GreedyPlayer(seed=1).choose(board) == 8  # c3


@pytest.mark.parametrize("seed", range(5))
def test_it_never_hands_over_a_winning_piece_while_a_safe_one_exists(seed):
    # Row 1 holds 0, 1, 2 (all round, all solid): a round or a solid piece on d1 would
    # win, so with 12 in hand (square, hollow) the safe turns block d1 or give 13, 14, 15.
    state = Quarto().parse_position("..../..../..../012. c")
    move = GreedyPlayer(seed=seed).choose(state)
    place, _, gift = state.move_to_text(move).partition(":")
    assert place == "d1" or int(gift) in (13, 14, 15)
    after = state.apply(move)
    assert not any(after.apply(reply).outcome() is not None for reply in after.legal_moves())


def test_it_blocks_at_tictactoe():
    board = TicTacToe().parse_position("OO./X../X..")  # X to move must block c3
    assert GreedyPlayer(seed=3).choose(board) == 8


def test_the_specification_is_parsed_and_checked():
    entry = get_game("quarto")
    assert isinstance(parse_player("greedy:seed=4", entry), GreedyPlayer)
    with pytest.raises(ValueError, match="seed"):
        parse_player("greedy:depth=3", entry)
