"""Quarto rules against hand-checked facts: each line and attribute, the give-only first
turn, a draw on a full board, refusals that say why, position text, move counts."""
from __future__ import annotations

import itertools
import random

import pytest

from ai.perft import perft
from games.base import FIRST, SECOND, IllegalMove, InvalidPosition
from games.quarto.rules import LINES, NONE, SQUARE_NAMES, Quarto, QuartoState, describe_piece

GAME = Quarto()


def squares_of(mask: int) -> list[int]:
    return [square for square in range(16) if mask >> square & 1]


def position(pieces: dict[int, int], hand: int, squares: bool = False) -> QuartoState:
    """A position with ``pieces`` (square -> piece) and ``hand``, through the text parser."""
    rows = []
    for row in (3, 2, 1, 0):
        rows.append("".join("0123456789abcdef"[pieces[row * 4 + column]] if row * 4 + column in pieces else "."
                            for column in range(4)))
    hand_text = "-" if hand == NONE else "0123456789abcdef"[hand]
    return (Quarto(squares) if squares else GAME).parse_position(f"{'/'.join(rows)} {hand_text}"
                                                                + (" squares" if squares else ""))


def test_the_first_turn_only_gives_a_piece():
    start = GAME.initial_state()
    assert start.to_move() == FIRST and start.to_text() == "..../..../..../.... -"
    assert sorted(start.move_to_text(move) for move in start.legal_moves()) == sorted(f":{n}" for n in range(16))
    after = start.play(":12")
    assert after.to_move() == SECOND and after.hand == 12 and after.to_text() == "..../..../..../.... c"
    with pytest.raises(IllegalMove, match="first turn only gives"):
        start.parse_move("a1:3")
    with pytest.raises(IllegalMove, match="first turn only gives"):
        start.parse_move("a1")


@pytest.mark.parametrize("line", LINES)
@pytest.mark.parametrize("bit", [1, 2, 4, 8])
@pytest.mark.parametrize("value", [0, 1])
def test_every_line_wins_with_every_attribute_and_its_complement(line, bit, value):
    wanted = bit if value else 0
    sharing = [piece for piece in range(16) if piece & bit == wanted]
    others = [piece for piece in range(16) if piece & bit != wanted]
    # Three pieces that share only this attribute value (their other bits disagree), a
    # fourth sharing it in hand.
    chosen = None
    for group in itertools.combinations(sharing, 4):
        if all(len({piece & other for piece in group[:3]}) > 1 for other in (1, 2, 4, 8) if other != bit):
            chosen = group
            break
    assert chosen is not None
    squares = squares_of(line)
    state = position(dict(zip(squares[:3], chosen[:3])), chosen[3])
    assert not state.is_terminal()
    winning = state.parse_move(SQUARE_NAMES[squares[3]])
    after = state.apply(winning)
    assert after.is_terminal() and after.outcome().winner == state.to_move()
    assert after.winning_squares() == line
    assert state.legal_moves()[0] == winning  # a winning placement comes first
    # The same square with a piece that breaks the attribute does not win.
    breaker = next(piece for piece in others if piece not in chosen)
    state = position(dict(zip(squares[:3], chosen[:3])), breaker)
    assert not state.placement_wins(squares[3])


def test_four_without_a_shared_attribute_do_not_win():
    state = position({0: 0, 1: 15, 2: 3}, 12)  # 0 and 15 share nothing
    assert not state.placement_wins(3)
    assert len(state.legal_moves()) == 13 * 12


def _full_board_without_a_line(generator: random.Random) -> list[int]:
    """Pieces by square for a full board with no winning line (backtracking search)."""
    board: list[int | None] = [None] * 16

    def ok(square: int) -> bool:
        for line in LINES:
            if line >> square & 1 and all(board[s] is not None for s in squares_of(line)):
                pieces = [board[s] for s in squares_of(line)]
                if any(len({piece & bit for piece in pieces}) == 1 for bit in (1, 2, 4, 8)):
                    return False
        return True

    def fill(square: int, remaining: list[int]) -> bool:
        if square == 16:
            return True
        for piece in generator.sample(remaining, len(remaining)):
            board[square] = piece
            if ok(square) and fill(square + 1, [p for p in remaining if p != piece]):
                return True
        board[square] = None
        return False

    assert fill(0, list(range(16)))
    return board  # type: ignore[return-value]


def test_a_full_board_without_a_line_is_a_draw_and_the_last_placement_gives_nothing():
    board = _full_board_without_a_line(random.Random(3))
    state = position({square: board[square] for square in range(15)}, board[15])
    moves = state.legal_moves()
    assert [state.move_to_text(move) for move in moves] == ["d4"]
    with pytest.raises(IllegalMove, match="fills the board"):
        state.parse_move("d4:3")
    end = state.play("d4")
    assert end.outcome().winner is None and end.outcome().reason == "board full"
    assert GAME.parse_position(end.to_text()) == end


def test_refusals_say_what_is_wrong():
    state = GAME.initial_state().play(":12").play("a1:3")
    cases = {
        "a1:4": "already taken",
        "b1:3": "the one you are placing",
        "b1:12": "already on the board",
        "b1": "give your opponent a piece",
        "b1:16": "number 0..15",
        "b1:x": "number 0..15",
        "e5:2": "a1..d4",
        "": "a1..d4",
        ":4": "a1..d4",
    }
    for text, reason in cases.items():
        with pytest.raises(IllegalMove, match=reason):
            state.parse_move(text)
    winning = position({0: 0, 1: 1, 2: 2}, 4)
    with pytest.raises(IllegalMove, match="wins the game"):
        winning.parse_move("d1:5")
    over = winning.play("d1")
    with pytest.raises(IllegalMove, match="game is over"):
        over.parse_move("a2:5")


@pytest.mark.parametrize("text, reason", [
    ("..../..../..../....", "piece in hand"),
    ("..../..../..../.... - extra", "piece in hand"),
    ("..../..../...../.... -", "four rows of four"),
    ("..../..../..../...g -", "not a piece"),
    ("11../..../..../.... 2", "twice"),
    ("1.../..../..../.... 1", "in hand and on the board"),
    ("1.../..../..../.... -", "needs the piece in hand"),
    ("0123/..../..../.... 5", "game is over"),
    ("0123/4567/..../.... -", "went on after"),
    ("..../..../..../.... 12", "one digit"),
])
def test_bad_positions_are_refused_saying_why(text, reason):
    with pytest.raises(InvalidPosition, match=reason):
        GAME.parse_position(text)


def test_position_text_round_trips_through_random_games():
    generator = random.Random(7)
    for _ in range(30):
        state = GAME.initial_state()
        while not state.is_terminal():
            assert GAME.parse_position(state.to_text()) == state
            move = generator.choice(state.legal_moves())
            assert state.is_legal(move) and state.parse_move(state.move_to_text(move)) == move
            state = state.apply(move)
        assert GAME.parse_position(state.to_text()) == state
        assert not state.legal_moves()


def test_is_legal_agrees_with_the_move_list():
    generator = random.Random(11)
    state = GAME.initial_state()
    for _ in range(9):
        legal = set(state.legal_moves())
        for candidate in range(17 << 5):
            assert state.is_legal(candidate) == (candidate in legal)
        state = state.apply(generator.choice(sorted(legal)))


def test_move_counts_of_the_first_turns():
    # 16 gifts; then 16 squares x 15 gifts; then 15 x 14 (no line can be complete yet).
    start = GAME.initial_state()
    assert perft(start, 1) == 16
    assert perft(start, 2) == 16 * 240
    assert perft(start.play(":0"), 2) == 240 * 210


def test_the_squares_variant_wins_with_a_block_and_keeps_its_flag():
    state = position({0: 0, 1: 1, 4: 2}, 4, squares=True)  # a1 b1 a2, all short... solid
    assert state.squares_variant and state.to_text().endswith(" squares")
    after = state.play("b2")
    assert after.outcome().winner == state.to_move() and "block" in after.outcome().reason
    assert not position({0: 0, 1: 1, 4: 2}, 4).placement_wins(5)


def test_pieces_are_described_in_words():
    assert describe_piece(0) == "short light round solid"
    assert describe_piece(15) == "tall dark square hollow"
    assert describe_piece(1 | 8) == "tall light round hollow"


def test_winning_move_is_a_placement_that_wins_whenever_one_exists():
    generator = random.Random(21)
    seen_wins = 0
    for _ in range(300):
        state = GAME.initial_state()
        for _ in range(generator.randrange(2, 15)):
            if state.is_terminal():
                break
            state = state.apply(generator.choice(state.legal_moves()))
        if state.is_terminal():
            assert state.winning_move() is None
            continue
        wins = [move for move in state.legal_moves() if state.apply(move).outcome() is not None
                and state.apply(move).outcome().winner == state.to_move()]
        move = state.winning_move()
        assert (move is None) == (not wins), state.to_text()
        if move is not None:
            seen_wins += 1
            assert move in wins
    assert seen_wins > 20


def test_loses_at_once_exactly_when_the_gift_completes_a_line_after_the_placement():
    generator = random.Random(31)
    checked = hopeless = 0
    for _ in range(60):
        state = GAME.initial_state()
        for _ in range(generator.randrange(3, 13)):
            if state.is_terminal():
                break
            state = state.apply(generator.choice(state.legal_moves()))
        if state.is_terminal():
            continue
        for move in state.legal_moves():
            after = state.apply(move)
            expected = not after.is_terminal() and after.winning_move() is not None
            assert state.loses_at_once(move) == expected, (state.to_text(), state.move_to_text(move))
            checked += 1
            hopeless += expected
    assert checked > 1000 and hopeless > 100
