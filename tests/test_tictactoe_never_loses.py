"""The strongest tic-tac-toe AI never loses: it is played against every opponent strategy
(all replies at every node it does not control), as X and as O, with each algorithm.

What a search finds here never depends on the machine's speed: the AI searches to the end
of the game (a depth cap, no clock), and the timed one reads a clock that leaps ahead at
every reading (``fake_clocks.SteppingClock``), so every time limit has passed at once."""
from __future__ import annotations

import pytest

from ai.clock import TimeControl
from ai.engine import Engine
from ai.players import Player, SearchPlayer
from ai.strength import level_limits, level_options
from ai.types import Algorithm, SearchOptions
from games.base import FIRST, SECOND
from games.registry import Level, get_game
from fake_clocks import SteppingClock
from tictactoe_oracle import reachable_states, solve

ENTRY = get_game("tictactoe")


def explore(player: Player, ai_side: int) -> tuple[int, int, int]:
    """(games, ai wins, ai losses) over every line the opponent can choose."""
    games = wins = losses = 0
    stack = [ENTRY.game.initial_state()]
    while stack:
        state = stack.pop()
        outcome = state.outcome()
        if outcome is not None:
            games += 1
            wins += outcome.winner == ai_side
            losses += outcome.winner == 1 - ai_side
            continue
        if state.to_move() == ai_side:
            move = player.choose(state)
            assert move in state.legal_moves()
            # The AI must keep the game-theoretic value: never turn a draw into a loss
            # or a win into a draw.
            before, _ = solve(state.x_bits, state.o_bits)
            after, _ = solve(*state.apply(move))
            assert -after == before, (state.to_text(), move)
            stack.append(state.apply(move))
        else:
            stack.extend(state.apply(move) for move in state.legal_moves())
    return games, wins, losses


@pytest.mark.parametrize("algorithm", [Algorithm.PVS, Algorithm.NEGAMAX, Algorithm.ALPHABETA, Algorithm.MINIMAX])
@pytest.mark.parametrize("ai_side", [FIRST, SECOND])
def test_ai_never_loses_against_any_strategy(algorithm, ai_side):
    # The strongest level searching to the end of the game (nine plies, no clock): a second
    # a move, its default, is not always enough for minimax on a busy machine.
    player = SearchPlayer(ENTRY, algorithm, depth=9)
    assert player.control.kind == "none"
    games, wins, losses = explore(player, ai_side)
    assert losses == 0
    assert games > 50 and wins > 0


def test_the_perfect_level_keeps_the_value_of_every_position_however_slow_the_computer():
    # UCI's "go movetime 20" (a strict limit) on a clock that leaps an hour at every
    # reading: every time limit has passed at once, as on a computer too busy to search
    # anything in 20 ms. The perfect level searches every reachable position to the end
    # all the same (a fresh engine for each, so no table helps), and keeps its value.
    perfect = ENTRY.level(ENTRY.max_level)
    limits = level_limits(perfect, TimeControl.per_move(0.02), strict=True)
    positions = [state for state in reachable_states() if not state.is_terminal()]
    assert len(positions) == 4520
    wrong = []
    for state in positions:
        engine = Engine.for_entry(ENTRY, level_options(SearchOptions(), perfect), seed=1, clock=SteppingClock(3600.0))
        result = engine.search(state, limits)
        before, _ = solve(state.x_bits, state.o_bits)
        after, _ = solve(*state.apply(result.move))
        if -after != before or result.reason not in ("exact", "forced"):
            wrong.append((state.to_text(), result.move_text, result.reason))
    assert not wrong
    # The same clock cuts a level that uses its time short: it really runs out at once.
    timed = Level(None)
    engine = Engine.for_entry(ENTRY, level_options(SearchOptions(), timed), seed=1, clock=SteppingClock(3600.0))
    assert engine.search(ENTRY.game.initial_state(), level_limits(timed, TimeControl.per_move(0.02), strict=True)) \
        .reason == "time"


def test_weakest_level_can_be_beaten():
    # Level 1 looks one ply ahead, so it misses the opponent's threats: some line wins against it.
    player = SearchPlayer(ENTRY, Algorithm.PVS, level=1, seed=1)
    losses = 0
    stack = [ENTRY.game.initial_state()]
    while stack:
        state = stack.pop()
        outcome = state.outcome()
        if outcome is not None:
            losses += outcome.winner == SECOND
            continue
        if state.to_move() == FIRST:
            stack.append(state.apply(player.choose(state)))
        else:
            stack.extend(state.apply(move) for move in state.legal_moves())
    assert losses > 0
