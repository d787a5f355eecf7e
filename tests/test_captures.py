"""``State.is_capture``: which moves take something of the opponent's, in every game
(chess: captures with en passant; backgammon: hits; tic-tac-toe and Quarto: none)."""
from __future__ import annotations

import random

import chess

from games.backgammon.rules import BAR, OFF, BackgammonState
from games.base import CHANCE, FIRST, SECOND
from games.registry import get_game


def _board(points: dict[int, int]) -> tuple[int, ...]:
    """A backgammon side's checkers from ``{own point: count}``; the rest borne off."""
    cells = [0] * 26
    for point, count in points.items():
        cells[point] = count
    cells[OFF] = 15 - sum(cells[1:])
    return tuple(cells)


def test_chess_captures_include_en_passant_and_exclude_quiet_moves():
    game = get_game("chess").game
    state = game.parse_position("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3")
    assert state.is_capture(chess.Move.from_uci("e5f6"))  # en passant: the target square is empty
    assert not state.is_capture(chess.Move.from_uci("e5e6"))
    state = game.parse_position("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1")
    assert state.is_capture(chess.Move.from_uci("e4d5"))
    assert not state.is_capture(chess.Move.from_uci("e4e5"))
    captures = [move for move in game.initial_state().legal_moves() if game.initial_state().is_capture(move)]
    assert captures == []


def test_a_backgammon_hit_is_a_capture_and_a_roll_or_a_quiet_turn_is_not():
    state = BackgammonState(_board({13: 15}), _board({24 - 10 + 1: 1, 1: 14}), FIRST, (3, 2))  # a Black blot
    hitting = state.parse_move("13/10* 10/8")
    assert state.is_capture(hitting)
    assert not state.is_capture(state.parse_move("13/11 11/8"))
    assert not state.is_capture(())
    state = BackgammonState(_board({13: 15}), _board({25 - 8: 1, 1: 14}), FIRST, (3, 2))  # a blot on White's 8
    second_step = state.parse_move("13/10 10/8*")
    assert state.is_capture(second_step)  # the blot is hit by the second step
    assert state.apply(second_step).checkers(SECOND)[BAR] == 1
    chance = get_game("backgammon").game.initial_state()
    assert chance.to_move() == CHANCE
    assert not any(chance.is_capture(outcome) for outcome in chance.legal_moves())


def test_is_capture_agrees_with_a_checker_going_to_the_bar_in_random_backgammon_games():
    game = get_game("backgammon").game
    rng = random.Random(7)
    hits = 0
    for _ in range(20):
        state = game.initial_state()
        while not state.is_terminal():
            move = rng.choice(list(state.legal_moves()))
            if state.to_move() in (FIRST, SECOND) and not isinstance(move, str) and state.dice:
                opponent = 1 - state.to_move()
                sent = state.apply(move).checkers(opponent)[BAR] > state.checkers(opponent)[BAR]
                assert state.is_capture(move) == sent
                hits += sent
            else:
                assert not state.is_capture(move)
            state = state.apply(move)
    assert hits > 0


def test_tictactoe_and_quarto_have_no_captures():
    rng = random.Random(3)
    for game_id in ("tictactoe", "quarto"):
        game = get_game(game_id).game
        state = game.initial_state()
        while not state.is_terminal():
            moves = list(state.legal_moves())
            assert not any(state.is_capture(move) for move in moves)
            state = state.apply(rng.choice(moves))
