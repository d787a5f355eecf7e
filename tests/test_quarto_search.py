"""Searching Quarto with a transposition table keyed by the canonical form: the four
algorithms agree with each other and with an independent brute-force solver, and moves
read back from the table are the right moves of the position at hand."""
from __future__ import annotations

import random
from functools import lru_cache

import pytest

from ai.transposition import TranspositionTable
from games.quarto import rules
from games.quarto.evaluation import evaluate
from games.quarto.rules import Quarto, QuartoState
from test_search_agreement import run

GAME = Quarto()


@pytest.fixture(autouse=True)
def canonical_everywhere(monkeypatch):
    """Key every position by its canonical form (the game does so only up to
    ``CANONICAL_PIECES`` pieces), so that these endgames exercise it."""
    monkeypatch.setattr(rules, "CANONICAL_PIECES", 16)


def test_the_canonical_form_keys_the_opening_and_the_position_itself_keys_the_rest(monkeypatch):
    monkeypatch.setattr(rules, "CANONICAL_PIECES", 5)
    from test_quarto_symmetry import BOARD_SYMMETRIES, PIECE_MAPS, transformed
    generator = random.Random(8)
    for empty in (15, 12, 11, 8):
        state = random_position(generator, empty)
        image = transformed(state, BOARD_SYMMETRIES[7], *PIECE_MAPS[100])
        if 16 - empty <= 5:
            assert image.table_key() == state.table_key() and isinstance(state.table_key(), int)
        else:
            assert state.table_key() == state and image.table_key() == image
            move = state.legal_moves()[0]
            assert state.table_move(move) == move == state.from_table_move(move)


@lru_cache(maxsize=None)
def brute_force(state: QuartoState) -> int:
    """+1, 0 or -1 for the player to move, from the rules alone (no symmetry, no table)."""
    result = state.outcome()
    if result is not None:
        return 0 if result.winner is None else (1 if result.winner == state.to_move() else -1)
    best = -1
    mover = state.to_move()
    for move in state.legal_moves():
        child = state.apply(move)
        value = brute_force(child) if child.to_move() == mover else -brute_force(child)
        if value > best:
            best = value
            if best == 1:
                break
    return best


def random_position(generator: random.Random, empty: int) -> QuartoState:
    """A random game stopped with ``empty`` empty squares, still going."""
    while True:
        state = GAME.initial_state()
        while not state.is_terminal() and 16 - state.occupied.bit_count() > empty:
            moves = state.legal_moves()
            # Avoid wins on the way so that positions stay open.
            quiet = [move for move in moves if not state.apply(move).is_terminal()]
            state = state.apply(generator.choice(quiet or moves))
        if not state.is_terminal() and state.hand != 16:
            return state


POSITIONS = [random_position(random.Random(seed), 5) for seed in range(12)] + \
    [random_position(random.Random(seed), 6) for seed in range(100, 103)]


def sign(value: int) -> int:
    return (value > 0) - (value < 0)


def test_the_four_algorithms_agree_with_brute_force_using_the_canonical_table():
    outcomes = set()
    for state in POSITIONS:
        expected = brute_force(state)
        outcomes.add(expected)
        exact = run("minimax", state, 20, evaluate)[0]
        assert sign(exact) == expected, state.to_text()
        for name in ("alphabeta", "negamax", "pvs"):
            value, _ = run(name, state, 20, evaluate, table=TranspositionTable())
            assert value == exact, (name, state.to_text())
    assert outcomes == {-1, 0, 1}  # the sample holds wins, draws and losses


def test_a_shared_table_across_positions_and_depths_keeps_values_right():
    table = TranspositionTable()
    for state in POSITIONS:
        exact = run("minimax", state, 20, evaluate)[0]
        for depth in (1, 2, 3, 20):
            value, _ = run("pvs", state, depth, evaluate, table=table)
        assert value == exact, state.to_text()


def test_moves_read_back_from_the_table_are_legal_and_best():
    table = TranspositionTable()
    generator = random.Random(4)
    for state in POSITIONS[:6]:
        run("negamax", state, 20, evaluate, table=table)
        stored = table.best_move(state.table_key())
        move = state.from_table_move(stored)
        assert state.is_legal(move)
        child = state.apply(move)
        value = brute_force(child) if child.to_move() == state.to_move() else -brute_force(child)
        assert value == brute_force(state)
        # A symmetric copy of the position reads the same entry and gets its own move.
        from test_quarto_symmetry import BOARD_SYMMETRIES, PIECE_MAPS, transformed
        image = transformed(state, generator.choice(BOARD_SYMMETRIES), *generator.choice(PIECE_MAPS))
        assert image.table_key() == state.table_key()
        image_move = image.from_table_move(table.best_move(image.table_key()))
        assert image.is_legal(image_move)
        image_child = image.apply(image_move)
        value = brute_force(image_child) if image_child.to_move() == image.to_move() else -brute_force(image_child)
        assert value == brute_force(image)


def test_a_certain_draw_at_the_root_still_gets_a_move_and_a_line(monkeypatch):
    from ai.engine import Engine
    from ai.types import SearchLimits, SearchOptions
    state = GAME.initial_state()
    for text in ":0 a1:15 b2:3 c3:12 d1:5 a2:10 b3:6 c4:9".split():
        state = state.play(text)
    original = QuartoState.horizon_outcome

    def certain_draw(self):  # pretend: from 7 pieces on, no line can be completed
        return original(self) or (rules._NO_LINE_LEFT if self.occupied.bit_count() >= 7 else None)

    monkeypatch.setattr(QuartoState, "horizon_outcome", certain_draw)
    # A node budget, not a second, bounds it should the draw not be seen: a busy machine
    # could not cut it short (it needs under a hundred nodes).
    result = Engine(GAME, evaluate, SearchOptions()).search(state, SearchLimits(nodes=100_000))
    assert result.reason == "exact" and result.infos[-1].score.value == 0
    assert result.infos[-1].pv and result.infos[-1].pv[0] == result.move and state.is_legal(result.move)


def test_a_position_where_no_line_can_be_completed_is_a_certain_draw():
    generator = random.Random(12)
    found = 0
    for _ in range(400):
        state = GAME.initial_state()
        while not state.is_terminal() and state.horizon_outcome() is None:
            moves = [move for move in state.legal_moves() if not state.loses_at_once(move)] or state.legal_moves()
            state = state.apply(generator.choice(moves))
        if state.is_terminal():
            continue
        found += 1
        assert state.horizon_outcome().winner is None
        for _ in range(3):  # however it goes on, nobody wins
            line = state
            while not line.is_terminal():
                line = line.apply(generator.choice(line.legal_moves()))
            assert line.outcome().winner is None
    assert found > 10
