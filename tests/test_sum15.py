"""Sum-15 (number scrabble): its rules, that it is tic-tac-toe on the magic square (the same
positions, the same tree), its notation, and a perfect computer, checked in every
reachable position against a solver written here without the project's rules or search."""
from __future__ import annotations

import re
from functools import lru_cache
from itertools import combinations

import pytest

from ai.clock import TimeControl
from ai.engine import Engine
from ai.perft import finished_games, perft
from ai.players import SearchPlayer
from ai.strength import level_limits, level_options
from ai.types import Algorithm, SearchOptions
from fake_clocks import SteppingClock
from games.base import FIRST, SECOND, IllegalMove, InvalidPosition
from games.registry import get_game
from games.sum15.rules import MAGIC_SQUARE, TRIPLES, Sum15State
from games.tictactoe.rules import TicTacToeState

ENTRY = get_game("sum15")
GAME = ENTRY.game


# -- an independent solver: sets of numbers, nothing of games/ ---------------------------------
def _has_fifteen(numbers: frozenset[int]) -> bool:
    return any(sum(three) == 15 for three in combinations(numbers, 3))


@lru_cache(maxsize=None)
def solve(mine: frozenset[int], theirs: frozenset[int]) -> int:
    """+1 if the player to move (holding ``mine``) wins with perfect play, 0 draw, -1 loss."""
    if _has_fifteen(theirs):
        return -1
    free = set(range(1, 10)) - mine - theirs
    if not free:
        return 0
    return max(-solve(theirs, mine | {number}) for number in free)


def value_for_mover(state: Sum15State) -> int:
    """The solver's value of ``state`` for the player to move."""
    mover = state.to_move()
    return solve(frozenset(state.numbers(mover)), frozenset(state.numbers(1 - mover)))


def reachable(start) -> list:
    """Every position reachable from ``start`` (finished ones included), breadth first."""
    seen, order = {start}, [start]
    for state in order:
        for move in state.legal_moves():
            child = state.apply(move)
            if child not in seen:
                seen.add(child)
                order.append(child)
    return order


REACHABLE = reachable(GAME.initial_state())


# -- Sum-15 is tic-tac-toe on the magic square --------------------------------------------------
SQUARE_OF = {MAGIC_SQUARE[2 - index // 3][index % 3]: index for index in range(9)}
"""The tic-tac-toe square (0 = a1, ..., 8 = c3; row 3 on top) of each number in the magic square."""


def as_tictactoe(state: Sum15State) -> TicTacToeState:
    """The tic-tac-toe position with X on the first player's numbers and O on the second's."""
    return TicTacToeState(*(sum(1 << SQUARE_OF[number] for number in state.numbers(player))
                            for player in (FIRST, SECOND)))


def test_the_triples_are_the_lines_of_the_magic_square():
    rows = [list(row) for row in MAGIC_SQUARE]
    columns = [list(column) for column in zip(*MAGIC_SQUARE)]
    diagonals = [[MAGIC_SQUARE[index][index] for index in range(3)], [MAGIC_SQUARE[index][2 - index] for index in range(3)]]
    lines = rows + columns + diagonals
    assert sorted(MAGIC_SQUARE[0] + MAGIC_SQUARE[1] + MAGIC_SQUARE[2]) == list(range(1, 10))
    assert all(sum(line) == 15 for line in lines)
    assert sorted(tuple(sorted(line)) for line in lines) == sorted(TRIPLES) and len(TRIPLES) == 8


def test_every_position_is_the_tic_tac_toe_position_on_the_magic_square():
    tictactoe = get_game("tictactoe").game
    assert len(REACHABLE) == len(reachable(tictactoe.initial_state())) == 5478
    for state in REACHABLE:
        image = as_tictactoe(state)
        assert image.to_move() == state.to_move()
        assert (image.outcome() is None) == (state.outcome() is None)
        assert image.outcome() is None or image.outcome().winner == state.outcome().winner
        assert sorted(SQUARE_OF[number] for number in state.legal_moves()) == sorted(image.legal_moves())


def tree_counts(state, ply: int = 0, counts: list[int] | None = None) -> list[int]:
    """``counts[d]`` for d = 0..9: the nodes ``d`` plies below ``state`` (perft ``d``);
    ``counts[10]``: the finished games (leaves at any depth)."""
    counts = counts if counts is not None else [0] * 11
    counts[ply] += 1
    if state.is_terminal():
        counts[10] += 1
    for move in state.legal_moves():
        tree_counts(state.apply(move), ply + 1, counts)
    return counts


def test_the_trees_have_the_same_size_ply_by_ply():
    counts = tree_counts(GAME.initial_state())
    assert counts == tree_counts(get_game("tictactoe").game.initial_state())
    assert sum(counts[:10]) == 549_946  # every node of the game tree
    assert counts[9] == perft(GAME.initial_state(), 9) == 127_872  # only the positions exactly 9 plies deep
    assert counts[10] == 255_168 == finished_games(GAME.initial_state(), 9)  # games in all, those that end sooner included
    assert perft(GAME.initial_state(), 9, count_finished=True) == 255_168  # the tree's leaves: every game once


@pytest.mark.parametrize("game_id", ["sum15", "tictactoe"])
def test_go_perft_9_counts_every_game_as_tic_tac_toe_does(game_id):
    from ai.protocol import EngineProtocol
    lines: list[str] = []
    EngineProtocol(get_game(game_id), lines.append).run(["position startpos", "go perft 9"])
    assert "Nodes searched: 255168" in lines and "Games finished within 9 plies: 255168" in lines
    divide_lines = [line for line in lines if re.fullmatch(r"\S+: \d+", line)]
    assert len(divide_lines) == 9 and sum(int(line.split(": ")[1]) for line in divide_lines) == 255_168


def test_chess_perft_counts_only_positions_at_its_depth():
    """A mate before the cut is not a leaf in chess's convention: after 1.f3 e5 2.g4, Qh4# ends
    the game at ply 4, so perft 1 from there counts 30 positions besides it, not 31 leaves."""
    from ai.protocol import EngineProtocol
    lines: list[str] = []
    EngineProtocol(get_game("chess"), lines.append).run(["position startpos moves f2f3 e7e5 g2g4", "go perft 2"])
    chess_state = get_game("chess").game.parse_position("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2")
    assert f"Nodes searched: {perft(chess_state, 2)}" in lines
    assert perft(chess_state, 2) == perft(chess_state, 2, count_finished=True) - 1  # Qh4# counted once more


# -- rules --------------------------------------------------------------------------------------
def test_a_game_won_with_three_of_four_numbers_and_a_draw():
    state = GAME.initial_state()
    for text in "1 2 6 3 8".split():  # the first holds 1 6 8: 1 + 6 + 8 = 15
        assert not state.is_terminal()
        state = state.play(text)
    assert state.outcome().winner == FIRST and state.outcome().reason == "three numbers that add up to 15"
    assert state.winning_triples() == ((1, 6, 8),) and state.legal_moves() == []
    state = GAME.initial_state()
    for text in "5 2 8 4 9 1 3 7 6".split():  # nobody makes 15
        state = state.play(text)
    assert state.outcome().winner is None and state.outcome().reason == "all nine numbers taken"
    assert state.utility(FIRST) == state.utility(SECOND) == 0
    late = GAME.parse_position("1379/2468")
    assert late.to_move() == FIRST and late.legal_moves() == [5]
    won = late.apply(5)  # 1 + 5 + 9 and 3 + 5 + 7: the last number completes two triples
    assert won.outcome().winner == FIRST and won.winning_triples() == ((1, 5, 9), (3, 5, 7))
    assert GAME.parse_position("13579/2468") == won


def test_moves_are_the_numbers_and_bad_ones_are_refused_saying_why():
    state = GAME.parse_position("58/2")
    assert state.to_move() == SECOND and state.parse_move(" 4 ") == 4 and state.move_to_text(4) == "4"
    assert state.legal_moves() == [4, 6, 1, 3, 7, 9]  # 5 and the even numbers first
    for text, problem in (("5", "already taken"), ("0", "not a number from 1 to 9"), ("10", "not a number"),
                          ("a1", "not a number"), ("", "not a number")):
        with pytest.raises(IllegalMove, match=problem):
            state.parse_move(text)
    with pytest.raises(IllegalMove, match="over"):
        GAME.parse_position("258/34").parse_move("1")


def test_the_position_text_is_each_players_numbers():
    assert GAME.initial_state().to_text() == "-/-"
    assert GAME.initial_state().play("5").play("2").play("8").to_text() == "58/2"
    assert GAME.parse_position(" 85 / 2 ") == GAME.parse_position("58/2")
    assert GAME.parse_position("5/-").to_move() == SECOND
    board = GAME.parse_position("58/2").board_text()
    assert "O 7 6" in board and "9 X 1" in board and "4 3 X" in board


@pytest.mark.parametrize("text, problem", [
    ("58", "expected"), ("5/8/2", "expected"), ("50/-", "not a number"), ("x/-", "not a number"),
    ("55/-", "twice"), ("5/5", "both players"), ("589/-", "cannot happen"), ("-/5", "cannot happen"),
    ("258/349", "moved after the first had won"), ("2581/3497", "moved after the first had won"),
    ("1679/258", "moved after the second"), ("1249/3567", "both players"), ("", "expected"),
])
def test_impossible_positions_are_refused_saying_why(text, problem):
    with pytest.raises(InvalidPosition, match=problem):
        GAME.parse_position(text)


# -- the computer ---------------------------------------------------------------------------------
@pytest.mark.parametrize("algorithm", [Algorithm.PVS, Algorithm.NEGAMAX, Algorithm.ALPHABETA, Algorithm.MINIMAX])
def test_the_perfect_level_keeps_the_value_of_every_reachable_position(algorithm):
    """At its strongest level (searching to the end: 9 plies, no clock) the computer's move
    never turns a won position into a draw or a drawn one into a loss (5,478 positions are
    reachable, 4,520 of them unfinished)."""
    player = SearchPlayer(ENTRY, algorithm, level=ENTRY.max_level, depth=9)
    assert ENTRY.level(ENTRY.max_level).depth is None and ENTRY.level(ENTRY.max_level).noise == 0
    # Plain minimax from the first moves costs most of a minute on a busy machine: it is
    # checked from the fourth move on (4,438 positions); the others from every position.
    taken_at_least = 3 if algorithm == Algorithm.MINIMAX else 0
    checked = 0
    for state in REACHABLE:
        if state.is_terminal() or len(state.numbers(FIRST) + state.numbers(SECOND)) < taken_at_least:
            continue
        move = player.choose(state)
        assert move in state.legal_moves()
        assert -value_for_mover(state.apply(move)) == value_for_mover(state), (state.to_text(), move)
        checked += 1
    assert checked == (4520 if taken_at_least == 0 else 4438)


def test_the_perfect_level_keeps_the_value_however_slow_the_computer():
    """The strongest level at UCI's ``go movetime 20`` (strict) on a clock that leaps an
    hour at every reading, as on a computer too busy to search anything in 20 ms: it
    still searches every unfinished position to the end (a fresh engine for each) and
    keeps its value; the time per move only caps the levels that use their time."""
    perfect = ENTRY.level(ENTRY.max_level)
    limits = level_limits(perfect, TimeControl.per_move(0.02), strict=True)
    unfinished = [state for state in REACHABLE if not state.is_terminal()]
    assert len(unfinished) == 4520
    for state in unfinished:
        engine = Engine.for_entry(ENTRY, level_options(SearchOptions(), perfect), seed=2, clock=SteppingClock(3600.0))
        result = engine.search(state, limits)
        assert result.reason in ("exact", "forced"), state.to_text()
        assert -value_for_mover(state.apply(result.move)) == value_for_mover(state), (state.to_text(), result.move)


def test_the_weakest_level_can_be_beaten():
    player = SearchPlayer(ENTRY, Algorithm.PVS, level=1, seed=1)
    losses, stack = 0, [GAME.initial_state()]
    while stack:
        state = stack.pop()
        if state.is_terminal():
            losses += state.outcome().winner == SECOND
        elif state.to_move() == FIRST:
            stack.append(state.apply(player.choose(state)))
        else:
            stack.extend(state.apply(move) for move in state.legal_moves())
    assert losses > 0
