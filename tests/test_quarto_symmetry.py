"""Quarto's canonical form: equal keys exactly for positions a symmetry maps onto each
other (checked against brute force over all 32 x 384 symmetries), and moves carried
through the canonical form land on equivalent positions."""
from __future__ import annotations

import itertools
import random

import pytest

from games.quarto.rules import BLOCKS, LINES, NONE, Quarto, QuartoState
from games.quarto.symmetry import BOARD_SYMMETRIES, SQUARES_VARIANT_SYMMETRIES, canonical

GAME = Quarto()
PIECE_MAPS = tuple(
    (order, flips) for order in itertools.permutations(range(4)) for flips in range(16))


def map_piece(piece: int, order: tuple[int, ...], flips: int) -> int:
    piece ^= flips
    return sum((piece >> source & 1) << index for index, source in enumerate(order))


def transformed(state: QuartoState, squares: tuple[int, ...], order: tuple[int, ...], flips: int) -> QuartoState:
    """The position with every piece p on square s moved to ``squares[s]`` as piece
    ``map_piece(p)``, and the piece in hand mapped too."""
    pieces = {squares[square]: map_piece(state.piece_at(square), order, flips)
              for square in range(16) if state.piece_at(square) is not None}
    rows = ["".join("0123456789abcdef"[pieces[row * 4 + column]] if row * 4 + column in pieces else "."
                    for column in range(4)) for row in (3, 2, 1, 0)]
    hand = "-" if state.hand == NONE else "0123456789abcdef"[map_piece(state.hand, order, flips)]
    suffix = " squares" if state.squares_variant else ""
    return Quarto(state.squares_variant).parse_position(f"{'/'.join(rows)} {hand}{suffix}")


def key(state: QuartoState) -> int:
    return canonical(state.occupied, state.attribute_masks, state.hand, state[7], state.squares_variant).key


def cells(state: QuartoState) -> tuple[int, ...]:
    """The pieces by square (-1: empty) and the piece in hand: a plain encoding."""
    return tuple(-1 if state.piece_at(square) is None else state.piece_at(square) for square in range(16)) + \
        (state.hand,)


def orbit(state: QuartoState) -> set[tuple[int, ...]]:
    """Every position a symmetry maps ``state`` onto, encoded by ``cells`` (brute force)."""
    symmetries = SQUARES_VARIANT_SYMMETRIES if state.squares_variant else BOARD_SYMMETRIES
    plain = cells(state)
    images = set()
    for order, flips in PIECE_MAPS:
        pieces = [-1 if piece < 0 else map_piece(piece, order, flips) for piece in plain[:16]]
        hand = NONE if plain[16] == NONE else map_piece(plain[16], order, flips)
        for squares in symmetries:
            image = [-1] * 16
            for square in range(16):
                image[squares[square]] = pieces[square]
            images.add(tuple(image) + (hand,))
    return images


def random_position(generator: random.Random, placed: int, squares: bool = False) -> QuartoState:
    state = Quarto(squares).initial_state()
    while state.occupied.bit_count() < placed or state.hand == NONE:
        if state.is_terminal():
            return random_position(generator, placed, squares)
        moves = state.legal_moves()
        state = state.apply(generator.choice(moves))
        if state.occupied.bit_count() == placed and state.hand != NONE:
            break
    return state


def test_there_are_32_board_symmetries_and_8_keep_the_blocks():
    assert len(BOARD_SYMMETRIES) == 32 and len(set(BOARD_SYMMETRIES)) == 32
    assert len(SQUARES_VARIANT_SYMMETRIES) == 8
    for squares in BOARD_SYMMETRIES:
        images = {sum(1 << squares[s] for s in range(16) if line >> s & 1) for line in LINES}
        assert images == set(LINES)
    for squares in SQUARES_VARIANT_SYMMETRIES:
        images = {sum(1 << squares[s] for s in range(16) if block >> s & 1) for block in BLOCKS}
        assert images == set(BLOCKS)


@pytest.mark.parametrize("placed", [1, 3, 6, 10, 14])
def test_symmetric_positions_share_the_key(placed):
    generator = random.Random(placed)
    for _ in range(15):
        state = random_position(generator, placed)
        squares = generator.choice(BOARD_SYMMETRIES)
        order, flips = generator.choice(PIECE_MAPS)
        image = transformed(state, squares, order, flips)
        assert key(image) == key(state)


def test_the_key_separates_positions_that_no_symmetry_relates():
    generator = random.Random(5)
    for placed in (2, 3, 4):
        states = [random_position(generator, placed) for _ in range(8)]
        states += [transformed(state, generator.choice(BOARD_SYMMETRIES), *generator.choice(PIECE_MAPS))
                   for state in states[:3]]
        orbits = [orbit(state) for state in states]
        for (first, first_orbit), second in itertools.product(zip(states, orbits), states):
            related = cells(second) in first_orbit
            assert (key(first) == key(second)) == related


def test_the_squares_variant_uses_only_block_keeping_symmetries():
    generator = random.Random(9)
    for _ in range(6):
        state = random_position(generator, 4, squares=True)
        related = orbit(state)
        for squares in BOARD_SYMMETRIES:
            image = transformed(state, squares, (0, 1, 2, 3), 0)
            assert (key(image) == key(state)) == (cells(image) in related)


@pytest.mark.parametrize("placed", [0, 2, 7, 12])
def test_moves_carried_through_the_canonical_form_reach_equivalent_positions(placed):
    generator = random.Random(100 + placed)
    for _ in range(8):
        state = random_position(generator, placed) if placed else GAME.initial_state()
        image = transformed(state, generator.choice(BOARD_SYMMETRIES), *generator.choice(PIECE_MAPS))
        source = canonical(state.occupied, state.attribute_masks, state.hand, state[7], False)
        target = canonical(image.occupied, image.attribute_masks, image.hand, image[7], False)
        for move in state.legal_moves():
            carried = target.move_from_canonical(source.move_to_canonical(move))
            assert image.is_legal(carried)
            assert key(image.apply(carried)) == key(state.apply(move))
            assert source.move_from_canonical(source.move_to_canonical(move)) == move
