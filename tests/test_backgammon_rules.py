"""Backgammon rules against hand-checked positions and gnubg's published Position IDs:
the opening roll, entering from the bar, hits, the larger-die rule, doubles, bearing off,
gammons and backgammons, notation in and out; and, when PyPI's gnubg-nn is installed,
the move generator against GNU Backgammon's on random positions."""
from __future__ import annotations

import random

import pytest

from games.backgammon.rules import BAR, OFF, START, Backgammon, BackgammonState, position_id
from games.base import CHANCE, FIRST, SECOND, IllegalMove, InvalidPosition

GAME = Backgammon()


def board(points: dict[int, int]) -> tuple[int, ...]:
    """A side's checkers from ``{own point: count}`` (25 = bar); the rest borne off."""
    cells = [0] * 26
    for point, count in points.items():
        cells[point] = count
    cells[OFF] = 15 - sum(cells[1:])
    return tuple(cells)


def position(first: dict[int, int], second: dict[int, int], player: int = FIRST, dice=(3, 1)) -> BackgammonState:
    return BackgammonState(board(first), board(second), player, tuple(dice))


def texts(state: BackgammonState) -> set[str]:
    return {state.display_move(move) for move in state.legal_moves()}


def test_the_opening_roll_decides_who_starts_with_both_numbers():
    start = GAME.initial_state()
    assert start.to_move() == CHANCE and start.to_text() == "4HPwATDgc/ABMA opening -"
    outcomes = start.chance_outcomes()
    assert len(outcomes) == 30 and abs(sum(p for _, p in outcomes) - 1) < 1e-12
    assert all(high > low for (high, low, _), _ in outcomes)  # no doubles: ties are rolled again
    state = start.apply((3, 1, SECOND))
    assert state.to_move() == SECOND and state.dice == (3, 1)
    after = state.play("8/5 6/5")
    assert after.to_move() == CHANCE and len(after.chance_outcomes()) == 21
    assert abs(sum(p for _, p in after.chance_outcomes()) - 1) < 1e-12


def test_position_ids_match_gnubg():
    state = GAME.initial_state().apply((3, 1, FIRST))
    assert len(state.legal_moves()) == 16
    after = state.play("8/5 6/5")
    assert after.to_text() == "sGfwATDgc/ABMA second -"  # gnubg shows the other side on roll
    assert position_id(START, START) == "4HPwATDgc/ABMA"


def test_position_text_round_trips_through_random_games():
    generator = random.Random(3)
    for _ in range(5):
        state = GAME.initial_state()
        while state.outcome() is None:
            assert GAME.parse_position(state.to_text()) == state
            if state.to_move() == CHANCE:
                outcomes = state.chance_outcomes()
                state = state.apply(generator.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
            else:
                move = generator.choice(state.legal_moves())
                assert state.parse_move(state.move_to_text(move)) == move or \
                    state.apply(state.parse_move(state.move_to_text(move))) == state.apply(move)
                state = state.apply(move)
        assert state.to_move() in (FIRST, SECOND) and state.legal_moves() == []


@pytest.mark.parametrize("text, reason", [
    ("4HPwATDgc/ABMA", "expected a Position ID"),
    ("4HPwATDgc/ABM first 31", "14 characters"),
    ("4HPwATDgc/AB!A first 31", "A-Z"),
    ("4HPwATDgc/ABMA third 31", "first, second or opening"),
    ("4HPwATDgc/ABMA first 71", "two digits 1-6"),
    ("4HPwATDgc/ABMA opening 31", "no dice yet"),
    ("sGfwATDgc/ABMA opening -", "only the starting position"),
    ("////////////// first 31", "ends before both sides"),
    ("AAAAAAAAAAAAAA first 31", None),
])
def test_bad_positions_are_refused_saying_why(text, reason):
    if reason is None:  # an empty board: everything borne off on both sides
        with pytest.raises(InvalidPosition):
            GAME.parse_position(text)
        return
    with pytest.raises(InvalidPosition, match=reason):
        GAME.parse_position(text)


def test_a_checker_on_the_bar_enters_first_and_a_closed_board_means_pass():
    # White on the bar enters on its 25 - die point. Black holds its own points 1-5
    # (White's 24-20): the 5 cannot enter, the 6 enters on 19, then the 5 is played.
    state = position({BAR: 1, 13: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 12: 5}, dice=(6, 5))
    assert texts(state) == {"bar/19 19/14", "bar/19 13/8"}
    closed = position({BAR: 1, 13: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 12: 3}, dice=(6, 5))
    assert closed.legal_moves() == [()] and texts(closed) == {"pass"}
    assert closed.apply(()).to_move() == CHANCE


def test_a_blot_is_hit_and_goes_to_the_bar():
    state = position({13: 15}, {24 - 10 + 1: 1, 1: 14}, dice=(3, 2))  # a Black blot on White's 10
    after = state.play("13/10* 10/8")
    assert after.checkers(SECOND)[BAR] == 1 and after.checkers(FIRST)[8] == 1
    assert "13/10* 10/8" in texts(state)


def test_the_larger_die_rule_chooses_between_two_single_moves():
    # One White checker on 24, the rest borne off... no: 14 on Black's side blocked.
    # White checker on 13; points 7 (the 6) and 10 (the 3) open, but from 7 the 3 is
    # blocked (4) and from 10 the 6 is blocked (4): either die alone, not both.
    blocks = {24 - 4 + 1: 2, 24 - 1 + 1: 2}  # White's 4-point and 1-point held by Black
    state = position({13: 1}, {**blocks, 20: 11}, dice=(6, 3))
    moves = texts(state)
    assert moves == {"13/7"}, moves  # the larger die


def test_doubles_are_played_four_times():
    state = GAME.initial_state().apply((6, 5, FIRST)).play("24/13").apply((6, 6))
    assert state.dice == (6, 6)
    assert all(len(move) == 4 for move in state.legal_moves())
    assert "24/18(2) 13/7(2)" in texts(state)


def test_bearing_off_exact_higher_and_refused():
    # 6/off with the 6, then the 5 bears off from the highest point, 3; or 6/1 and 3/off.
    state = position({6: 1, 3: 2}, {20: 15}, dice=(6, 5))
    assert texts(state) == {"6/off 3/off", "6/1 3/off"}
    higher = position({3: 1, 2: 1}, {20: 15}, dice=(6, 5))
    assert texts(higher) == {"3/off 2/off"}  # higher numbers bear off from the highest points
    outside = position({7: 1, 3: 1}, {20: 15}, dice=(6, 5))
    assert texts(outside) == {"7/1 3/off", "7/2 3/off"}  # no bearing off before the 7 is home
    not_highest = position({6: 1, 2: 1}, {20: 15}, dice=(4, 3))
    # The 4 cannot bear off from 2 while a checker stands on a higher point; 6/2 2/off
    # and 6/3 3/off lead to the same position, so they are one turn.
    assert texts(not_highest) == {"6/2 2/off"}


@pytest.mark.parametrize("loser, points, reason", [
    ({20: 1}, 1, "all checkers borne off"),  # the loser has borne off 14
    ({10: 15}, 2, "gammon"),
    ({20: 14, BAR: 1}, 3, "backgammon"),
    ({22: 15}, 3, "backgammon"),  # the loser's 22 is in the winner's home board
])
def test_single_game_gammon_and_backgammon(loser, points, reason):
    if points == 1:
        loser = {20: 1}
    state = position({1: 1}, loser, dice=(2, 1))
    end = state.play("1/off")
    result = end.outcome()
    assert result.winner == FIRST and result.points == points and result.reason == reason


def test_notation_in_and_out():
    state = GAME.initial_state().apply((5, 3, FIRST))
    assert state.display_move(state.parse_move("24/16")) == "24/21 21/16"  # joined steps
    assert state.move_to_text(state.parse_move("24/16")) == "24/21,21/16"  # one word for the protocol
    assert state.parse_move("8/3 6/3") == state.parse_move("6/3 8/3")
    assert state.apply(state.parse_move("13/8* 13/10")) == state.apply(state.parse_move("13/8 13/10"))
    with pytest.raises(IllegalMove, match="not a legal way to play 53"):
        state.parse_move("24/18")
    with pytest.raises(IllegalMove, match="must play your dice"):
        state.parse_move("pass")
    with pytest.raises(IllegalMove, match="not a point"):
        state.parse_move("26/21")
    with pytest.raises(IllegalMove, match="from/to"):
        state.parse_move("24")


def test_the_move_generator_agrees_with_gnubg_on_random_positions():
    gnubg_nn = pytest.importorskip("gnubg_nn")
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
    from backgammon_movegen import compare, random_positions
    positions, turns, problems = compare(random_positions(500, random.Random(9)), gnubg_nn)
    assert positions == 500 and turns > 5000 and problems == []


def test_the_evaluation_is_zero_sum_and_colour_blind():
    from games.backgammon.evaluation import evaluate
    from games.base import draw_chance_outcome
    generator = random.Random(17)
    checked = 0
    for _ in range(4):
        state = GAME.initial_state()
        while state.outcome() is None:
            if state.to_move() == CHANCE:
                state = state.apply(draw_chance_outcome(state, generator))
                continue
            mirror = BackgammonState(state.checkers(SECOND), state.checkers(FIRST), 1 - state.player, state.dice)
            assert evaluate(state, FIRST) == -evaluate(state, SECOND)
            assert evaluate(mirror, FIRST) == evaluate(state, SECOND)
            checked += 1
            state = state.apply(generator.choice(state.legal_moves()))
    assert checked > 100


def test_playing_step_by_step_reaches_exactly_the_legal_turns():
    from games.backgammon.rules import next_steps
    from games.base import draw_chance_outcome
    generator = random.Random(23)
    checked = 0
    for _ in range(2):
        state = GAME.initial_state()
        while state.outcome() is None and checked < 60:
            if state.to_move() == CHANCE:
                state = state.apply(draw_chance_outcome(state, generator))
                continue
            wanted = {state.apply(move) for move in state.legal_moves()}
            reached = set()
            seen = set()

            def walk(played):
                key = (len(played), state.apply(played))
                if key in seen:  # the same checkers after as many steps: the same futures
                    return
                seen.add(key)
                options = next_steps(state, played)
                if not options:
                    reached.add(state.apply(played))
                    return
                for step in options:
                    walk(played + (step,))

            walk(())
            assert reached == wanted, state.to_text()
            checked += 1
            state = state.apply(generator.choice(state.legal_moves()))
    assert checked == 60


def test_the_move_filter_searches_only_the_best_few_turns_deeper():
    from ai.engine import Engine
    from ai.types import Algorithm, SearchLimits, SearchOptions
    from games.backgammon.evaluation import evaluate
    state = GAME.initial_state().apply((3, 1, FIRST)).play("8/5 6/5").apply((6, 4))
    full = Engine(GAME, evaluate, SearchOptions(algorithm=Algorithm.EXPECTIMINIMAX))
    filtered = Engine(GAME, evaluate, SearchOptions(algorithm=Algorithm.EXPECTIMINIMAX, candidate_moves=3))
    wide = Engine(GAME, evaluate, SearchOptions(algorithm=Algorithm.EXPECTIMINIMAX, candidate_moves=99))
    everything = full.search(state, SearchLimits(depth=2))
    few = filtered.search(state, SearchLimits(depth=2))
    assert few.nodes < everything.nodes / 2
    ranked = sorted(state.legal_moves(), key=lambda move: evaluate(state.apply(move), state.player), reverse=True)
    assert few.move in ranked[:3]
    same = wide.search(state, SearchLimits(depth=2))
    assert same.move == everything.move and same.infos[-1].score == everything.infos[-1].score


def test_the_board_in_words_for_a_terminal():
    text = GAME.initial_state().apply((3, 1, FIRST)).board_text()
    assert "24:W2 19:B5 17:B3 13:W5 12:B5 8:W3 6:W5 1:B2" in text
    assert "pips: W167 B167" in text and "White to play 31" in text


def test_scores_of_games_with_dice_read_in_points():
    from ai.types import UTILITY_SCALE, Score
    from games.backgammon.evaluation import win_chance
    from ui.widgets.engine_panel import iteration_cells
    assert Score(1359).text(UTILITY_SCALE) == "+1.36" and Score(35).text() == "+0.35"
    assert 0.7 < win_chance(500) < 0.8 and win_chance(0) == 0.5 and win_chance(-3000) < 0.01
    from ai.types import SearchInfo
    info = SearchInfo(depth=2, seldepth=3, score=Score(-420), pv=(), pv_text=("8/5", "6/5"), nodes=10, time=0.1)
    assert iteration_cells(info, unit=UTILITY_SCALE)[2] == "-0.42"
