"""seldepth is the deepest ply reached: never less than the nominal depth (unless the game
ended sooner on every line) nor than the reported line, for every algorithm, also when
transposition-table entries from earlier searches cut the tree short."""
from __future__ import annotations

import pytest

from ai.engine import Engine
from ai.types import Algorithm, SearchInfo, SearchLimits, SearchOptions
from games.base import CHANCE
from games.registry import get_game
from toy_games import DiceDuel, ExtraTurnNim, duel_evaluate, nim_evaluate

ENTRY = get_game("tictactoe")
DETERMINISTIC = [Algorithm.MINIMAX, Algorithm.ALPHABETA, Algorithm.NEGAMAX, Algorithm.PVS, Algorithm.EXPECTIMINIMAX]


def plies_to_end_along(state, pv) -> int | None:
    """Plies until the game ends along ``pv`` from ``state``, or ``None`` if it does not end on it."""
    position = state
    for number, move in enumerate(pv, start=1):
        position = position.apply(move)
        if position.is_terminal():
            return number
    return None


def limits_for(algorithm: Algorithm) -> SearchLimits:
    """Full depth, except for minimax (no table, no pruning: the whole tree is slow)."""
    return SearchLimits(depth=4) if algorithm is Algorithm.MINIMAX else SearchLimits()


def check(state, info: SearchInfo) -> None:
    end = plies_to_end_along(state, info.pv)
    needed = info.depth if end is None else min(info.depth, end)
    assert info.seldepth >= needed, (state.to_text(), info.depth, info.seldepth, info.pv_text)
    assert info.seldepth >= len(info.pv), (state.to_text(), info.depth, info.seldepth, info.pv_text)


def play_and_check(engine: Engine, state, plies: int, limits: SearchLimits) -> int:
    """Search ``plies`` consecutive positions of one game with one engine (one table),
    playing each chosen move (and the first outcome of any chance node); returns the
    number of iterations checked."""
    checked = 0
    for _ in range(plies):
        while not state.is_terminal() and state.to_move() == CHANCE:
            state = state.apply(state.legal_moves()[0])
        if state.is_terminal():
            break
        result = engine.search(state, limits)
        for info in result.infos:
            check(state, info)
            checked += 1
        state = state.apply(result.move)
    return checked


@pytest.mark.parametrize("algorithm", DETERMINISTIC)
def test_tictactoe_seldepth_over_a_game_sharing_one_table(algorithm):
    engine = Engine(ENTRY.game, ENTRY.evaluate, SearchOptions(algorithm=algorithm))
    assert play_and_check(engine, ENTRY.game.initial_state(), 9, limits_for(algorithm)) > 9


@pytest.mark.parametrize("algorithm", DETERMINISTIC)
def test_tictactoe_seldepth_from_every_opening_move_with_one_table(algorithm):
    # The same table is reused from sibling positions: many cut-offs at shallow plies.
    engine = Engine(ENTRY.game, ENTRY.evaluate, SearchOptions(algorithm=algorithm))
    start = ENTRY.game.initial_state()
    engine.search(start, limits_for(algorithm))
    for move in start.legal_moves():
        child = start.apply(move)
        for info in engine.search(child, limits_for(algorithm)).infos:
            check(child, info)


@pytest.mark.parametrize("algorithm", DETERMINISTIC)
@pytest.mark.parametrize("pile", [7, 12, 15])
def test_extra_turn_nim_seldepth(algorithm, pile):
    game = ExtraTurnNim(pile)
    engine = Engine(game, nim_evaluate, SearchOptions(algorithm=algorithm))
    assert play_and_check(engine, game.initial_state(), pile, SearchLimits(depth=6)) > 0


def test_dice_duel_seldepth():
    game = DiceDuel(turns=4)
    engine = Engine(game, duel_evaluate, SearchOptions(algorithm=Algorithm.EXPECTIMINIMAX))
    assert play_and_check(engine, game.initial_state(), 4, SearchLimits()) > 0
