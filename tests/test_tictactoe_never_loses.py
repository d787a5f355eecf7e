"""The strongest tic-tac-toe AI never loses: it is played against every opponent strategy
(all replies at every node it does not control), as X and as O, with each algorithm.

What a search finds here never depends on the machine's speed: the AI searches to the end
of the game (a depth cap, no clock), and the timed player reads a clock that advances a
fixed step at every reading (``fake_clocks.SteppingClock``)."""
from __future__ import annotations

from collections.abc import Hashable

import pytest

from ai.clock import TimeControl
from ai.players import Player, SearchPlayer
from ai.types import Algorithm
from games.base import FIRST, SECOND, State
from games.registry import get_game
from fake_clocks import SteppingClock
from tictactoe_oracle import solve

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


class ReasonsKept:
    """A search player that keeps why each of its engine's searches ended."""

    def __init__(self, player: SearchPlayer) -> None:
        self.player = player
        self.name = player.name
        self.reasons: list[str] = []

    def choose(self, state: State) -> Hashable:
        move = self.player.choose(state)
        self.reasons.append(self.player.engine.stop_reason)
        return move


def test_ai_with_a_clock_never_loses_either():
    # 0.2 s a move on a machine searching about 25,000 nodes a second (a clock reading
    # every 128 nodes advances it 5 ms), whatever the real machine's speed: the clock
    # stops some searches, and the moves played still keep the game's value. (At four
    # times that step, about 6,000 nodes a second, it no longer does: the strongest
    # level's play depends on the machine's speed; levels defined by nodes would not.)
    player = ReasonsKept(SearchPlayer(ENTRY, Algorithm.PVS, control=TimeControl.per_move(0.2)))
    player.player.engine.clock = SteppingClock(0.005)
    for side in (FIRST, SECOND):
        _, _, losses = explore(player, side)
        assert losses == 0
    assert "time" in player.reasons


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
