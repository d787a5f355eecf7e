"""The cube policy (Janowski's cubeful equity, the cube efficiencies, the look-ahead and
its budget) on hand-checked numbers and on last-roll bear-offs whose equities are known
exactly, and the engine, the search and the protocol deciding cube actions by it."""
from __future__ import annotations

import pytest

from ai.engine import Engine
from ai.types import Algorithm, SearchLimits, SearchOptions
from games.backgammon import cube as cube_policy
from games.backgammon.cube_equity import CENTRED, OPPONENT_OWNS, OWNED, Chances, cube_efficiency, cubeful_equity
from games.backgammon.cube_lookahead import Evaluations, OverBudget, look_ahead
from games.backgammon.rules import DOUBLE, DROP, ROLL, TAKE, Backgammon, BackgammonState, Cube
from games.backgammon.screen import screen_batch
from games.base import FIRST, SECOND
from games.registry import get_game

GAME = Backgammon()


def plain(p: float) -> Chances:
    return Chances(p, 0.0, 0.0, 0.0, 0.0)


def board(points: dict[int, int]) -> tuple[int, ...]:
    """A side's checkers in its own numbering; those not placed are borne off."""
    checkers = [0] * 26
    for point, count in points.items():
        checkers[point] = count
    checkers[0] = 15 - sum(points.values())
    return tuple(checkers)


def first_on_roll(first: dict[int, int], second: dict[int, int], cube: Cube = Cube()) -> BackgammonState:
    return BackgammonState(board(first), board(second), FIRST, (), cube)


@pytest.mark.parametrize("p", [0.0, 0.1, 0.3, 0.5, 0.7, 0.9, 1.0])
def test_a_dead_cube_is_the_cubeless_equity(p):
    for holder in (OWNED, CENTRED, OPPONENT_OWNS):
        assert cubeful_equity(plain(p), holder, efficiency=0.0) == pytest.approx(2 * p - 1, abs=1e-5)


def test_a_live_cube_without_gammons_follows_janowskis_lines():
    # take point 20%, cash point 80%: centred -1 at 20%, +1 at 80%, 0 at 50%
    assert cubeful_equity(plain(0.2), CENTRED, 1.0) == pytest.approx(-1.0)
    assert cubeful_equity(plain(0.8), CENTRED, 1.0) == pytest.approx(1.0)
    assert cubeful_equity(plain(0.5), CENTRED, 1.0) == pytest.approx(0.0)
    assert cubeful_equity(plain(0.0), OWNED, 1.0) == pytest.approx(-1.0, abs=1e-4)
    assert cubeful_equity(plain(0.4), OWNED, 1.0) == pytest.approx(0.0)
    assert cubeful_equity(plain(0.6), OPPONENT_OWNS, 1.0) == pytest.approx(0.0)
    # owning the cube is worth something, the opponent owning it costs
    assert cubeful_equity(plain(0.55), OWNED) > cubeful_equity(plain(0.55), CENTRED) > \
        cubeful_equity(plain(0.55), OPPONENT_OWNS)


def test_beyond_the_cash_point_the_live_cube_plays_on_towards_the_gammon():
    # W = 1.5 (half the wins are gammons), L = 1: take point 0.5 / 3, cash point 2 / 3.
    gammonish = Chances(0.9, 0.45, 0.0, 0.0, 0.0)
    live = 1.0 + 0.5 * (0.9 - 2 / 3) / (1 / 3)  # the line from (2/3, +1) to (1, +W)
    assert cubeful_equity(gammonish, CENTRED, 1.0) == pytest.approx(live)
    assert cubeful_equity(gammonish, OWNED, 1.0) == pytest.approx(live)
    assert cubeful_equity(gammonish, OPPONENT_OWNS, 1.0) == pytest.approx(-1.0 + 2.5 * (0.9 - 1 / 6) / (5 / 6))
    dead = gammonish.cubeless_equity()
    assert cubeful_equity(gammonish, CENTRED, 0.68) == pytest.approx(0.68 * live + 0.32 * dead)
    # below the take point, the mirror image: towards (0, -L)
    assert cubeful_equity(gammonish.flipped(), CENTRED, 1.0) == pytest.approx(-live)
    # under the Jacoby rule, with the cube centred, the gammons count neither beyond the window nor dead
    assert cubeful_equity(gammonish, CENTRED, 1.0, jacoby=True) == pytest.approx(1.0)
    assert cubeful_equity(gammonish, CENTRED, 0.0, jacoby=True) == pytest.approx(0.8)
    assert cubeful_equity(gammonish, OPPONENT_OWNS, 0.0, jacoby=True) == pytest.approx(dead)


def test_the_cube_efficiency_follows_the_kind_of_position():
    assert cube_efficiency(GAME.parse_position("4HPwATDgc/ABMA first - cube 1 centre")) == 0.68  # contact
    # a race: 0.55 + 0.00125 per pip of the side on roll, within 0.6..0.7
    race = first_on_roll({8: 4, 6: 4, 5: 4, 4: 3}, {9: 5, 6: 5, 3: 5})
    assert race.pip_count(FIRST) == 88 and cube_efficiency(race) == pytest.approx(0.55 + 0.00125 * 88)
    long_race = first_on_roll({12: 15}, {6: 15})
    assert cube_efficiency(long_race) == pytest.approx(0.7)
    short_race = first_on_roll({7: 1, 1: 2}, {6: 5})
    assert cube_efficiency(short_race) == pytest.approx(0.6)
    assert cube_efficiency(first_on_roll({3: 1, 2: 1}, {1: 1})) == pytest.approx(0.6)  # the bear-off database


def test_symmetry_between_the_two_sides():
    chances = Chances(0.63, 0.2, 0.02, 0.08, 0.01)
    for mine, theirs in ((OWNED, OPPONENT_OWNS), (CENTRED, CENTRED), (OPPONENT_OWNS, OWNED)):
        assert cubeful_equity(chances, mine) == pytest.approx(-cubeful_equity(chances.flipped(), theirs))
    assert chances.flipped().flipped() == chances


def decide(monkeypatch, chances_for_first: Chances, text: str):
    monkeypatch.setattr(cube_policy.neural, "cube_outcome_probabilities_many",
                        lambda states: [tuple(chances_for_first)] * len(states))
    return GAME.parse_position(text)


@pytest.mark.parametrize("p, double, take, optional", [(0.5, False, True, False), (0.66, False, True, False),
                                                       (0.74, True, True, True), (0.85, True, False, False)])
def test_doubling_and_taking_windows_without_gammons(monkeypatch, p, double, take, optional):
    state = decide(monkeypatch, plain(p), "4HPwATDgc/ABMA first - cube 1 centre")
    choice = cube_policy.quick_decision(state)
    assert (choice.double, choice.take, choice.optional) == (double, take, False)
    assert cube_policy.policy_move(state).move == (DOUBLE if double else ROLL)
    assert cube_policy.policy_move(state.apply(DOUBLE)).move == (TAKE if take else DROP)
    # Looking ahead in a world whose chances never change, a double the opponent takes is
    # worth exactly one next turn: optional, and played on (GNU Backgammon's player). One
    # it drops is a cash either way, and without a gammon to play for it is a double.
    ahead = cube_policy.decision(state)
    assert (ahead.plies, ahead.optional, ahead.double, ahead.take) == (2, optional, double and not optional, take)
    assert cube_policy.policy_move(state, True).move == (DOUBLE if ahead.double else ROLL)


def test_a_double_worth_exactly_a_cash_is_optional_when_a_gammon_can_still_be_won(monkeypatch):
    # 0-ply: no double +0.892, double/take +1.164: double, drop. Two plies ahead in a world
    # that never changes, X cashes whatever happens: no double is worth exactly +1, and a
    # gammon is still possible, so gnubg says "Optional double, pass" and its player plays on.
    state = decide(monkeypatch, Chances(0.8, 0.05, 0.0, 0.0, 0.0), "4HPwATDgc/ABMA first - cube 1 centre")
    quick = cube_policy.quick_decision(state)
    assert quick.double and not quick.take and not quick.optional and quick.no_double == pytest.approx(0.892, abs=1e-3)
    ahead = cube_policy.decision(state)
    assert ahead.no_double == pytest.approx(1.0) and ahead.optional and not ahead.double and not ahead.take
    assert ahead.summary().startswith("Optional double, drop: no double +1.000")
    assert cube_policy.policy_move(state, True).move == ROLL and cube_policy.policy_move(state).move == DOUBLE
    assert cube_policy.policy_move(state.apply(DOUBLE), True).move == DROP


def test_too_good_to_double_plays_on_for_the_gammon(monkeypatch):
    state = decide(monkeypatch, Chances(0.9, 0.6, 0.05, 0.01, 0.0), "4HPwATDgc/ABMA first - cube 1 centre")
    for choice in (cube_policy.decision(state), cube_policy.quick_decision(state)):
        assert choice.double is False and choice.take is False and choice.too_good
        assert choice.no_double > 1.0 and choice.summary().startswith("Too good to double, drop")
    assert cube_policy.policy_move(state).move == ROLL and cube_policy.policy_move(state, True).move == ROLL
    assert cube_policy.policy_move(state.apply(DOUBLE), True).move == DROP


@pytest.mark.parametrize("first, wins, double, take", [
    ({3: 1, 2: 1}, 25 / 36, True, True),   # misses with 21 and the five other rolls with a 1 (11 rolls)
    ({3: 1, 1: 1}, 34 / 36, True, False),  # misses with 21 only
    ({6: 1, 1: 1}, 15 / 36, False, True),  # needs a 6 or a double from 2-2 up
])
def test_a_last_roll_bear_off_is_decided_exactly(first, wins, double, take):
    # White bears off its last two checkers this roll or Black, one checker on its
    # 1-point, bears off next roll: no gammons, the cube dead after the double, so no
    # double is worth 2p - 1, double/take twice that, double/drop 1 (the take point 75%).
    state = first_on_roll(first, {1: 1})
    choice = cube_policy.decision(state)
    assert choice.plies == 2
    assert choice.no_double == pytest.approx(2 * wins - 1, abs=1e-6)
    assert choice.double_take == pytest.approx(2 * (2 * wins - 1), abs=1e-6)
    assert (choice.double, choice.take) == (double, take)
    assert cube_policy.policy_move(state, True).move == (DOUBLE if double else ROLL)
    assert cube_policy.policy_move(state.apply(DOUBLE), True).move == (TAKE if take else DROP)


def test_a_certain_gammon_is_too_good_to_double_unless_the_jacoby_rule_counts_it_single():
    # White's last two checkers on its 1-point, Black has none off: White wins a gammon next roll.
    gammon = first_on_roll({1: 2}, {6: 15})
    choice = cube_policy.decision(gammon)
    assert (choice.no_double, choice.double_take) == pytest.approx((2.0, 4.0))
    assert choice.too_good and cube_policy.policy_move(gammon, True).move == ROLL
    assert cube_policy.quick_decision(gammon).too_good
    jacoby = first_on_roll({1: 2}, {6: 15}, Cube(jacoby=True))
    choice = cube_policy.decision(jacoby)  # the gammon counts single: not an optional double
    assert choice.no_double == pytest.approx(1.0) and choice.double and not choice.take and not choice.optional
    assert cube_policy.policy_move(jacoby, True).move == DOUBLE


def test_a_certain_single_win_is_cashed():
    # No double and double/drop are both +1, but with no gammon to play for gnubg calls it
    # "Double, pass", not optional, and its player doubles.
    state = first_on_roll({1: 2}, {6: 14})  # Black has one checker off: no gammon
    choice = cube_policy.decision(state)
    assert choice.plies == 2 and choice.no_double == pytest.approx(1.0) and choice.double and not choice.take
    assert not choice.too_good and not choice.optional and cube_policy.policy_move(state, True).move == DOUBLE
    assert choice.summary().startswith("Double, drop")


def test_gnubgs_rules_for_optional_and_too_good_doubles():
    decided = cube_policy._decided
    assert decided(0.999, 1.2, 2).double and not decided(0.999, 1.2, 2).optional  # worth 0.001 more: a double
    assert decided(1.0, 1.2, 2).optional and not decided(1.0, 1.2, 2).double  # a tie, looked ahead: played on
    assert decided(1.0, 1.2, 0).optional and decided(1.0, 1.2, 0).double  # at 0 plies: doubled
    never = lambda: False  # noqa: E731 - no gammon can be won
    assert not decided(1.0, 1.2, 2, never).optional and decided(1.0, 1.2, 2, never).double
    assert not decided(1.0, 1.2, 2, gammons_single=True).optional  # the Jacoby rule with the cube centred
    assert decided(0.7, 0.7, 2).optional and decided(0.7, 0.7, 2).take  # double/take worth no double exactly
    assert decided(1.1, 1.3, 2).too_good and not decided(1.1, 1.3, 2).double
    assert not decided(1.1, 1.3, 2, never).double  # "too good" with no gammon possible: noise, played on
    assert not decided(0.7, 0.6, 2).double and not decided(0.7, 0.6, 2, never).double
    asked = []
    decided(0.5, 0.8, 2, lambda: asked.append(1) or True)
    assert not asked  # an ordinary double does not ask whether a gammon can be won


def test_a_quick_decision_does_not_search_the_race_for_gammons(monkeypatch):
    # White needs two turns and cannot lose; Black, no checker off yet, bears one off first
    # whatever it rolls: a certain single win, a tie of no double and double/drop. Inside a
    # search, where a cube decision comes at every turn, the race's rolls are not searched.
    state = first_on_roll({1: 5}, {1: 15})
    assert not cube_policy.can_win_gammon(state, Chances(1.0, 0.3, 0.0, 0.0, 0.0))  # the rules' answer
    monkeypatch.setattr(cube_policy, "_surely_bears_off", lambda *arguments: pytest.fail("searched"))
    quick = cube_policy.quick_decision(state)
    assert quick.double and not quick.optional and quick.no_double == pytest.approx(1.0)


def test_whether_a_gammon_can_still_be_won_comes_from_the_rules_in_a_race():
    some = Chances(0.99, 0.1, 0.0, 0.0, 0.0)  # what a network might say; a race ignores it
    # White needs two turns for its five checkers; Black brings its last checker home and
    # bears one off whatever it rolls, before White's second turn.
    sure_save = first_on_roll({1: 3, 2: 2}, {1: 8, 2: 5, 4: 1, 8: 1})
    assert not cube_policy.can_win_gammon(sure_save, some)
    # Black's last checker still far away (on its 20-point): no sure save within two turns.
    far = first_on_roll({1: 3, 2: 2}, {1: 8, 2: 5, 4: 1, 20: 1})
    assert cube_policy.can_win_gammon(far, some)
    assert cube_policy.can_win_gammon(first_on_roll({1: 2}, {6: 15}), some)  # White finishes this turn
    assert not cube_policy.can_win_gammon(first_on_roll({1: 2}, {6: 14}), some)  # Black has one off
    contact = first_on_roll({24: 2, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 5})  # the start
    assert cube_policy.can_win_gammon(contact, Chances(0.5, 0.001, 0.0, 0.0, 0.0))
    assert not cube_policy.can_win_gammon(contact, Chances(0.5, 0.00005, 0.0, 0.0, 0.0))  # the networks' noise
    assert cube_policy._fewest_turns(board({6: 15})) == 4  # 90 pips, 15 dice
    assert cube_policy._fewest_turns(board({1: 2})) == 1
    assert cube_policy._fewest_turns(board({25: 1, 1: 1})) == 2  # the bar: five dice, then one


@pytest.mark.parametrize("root", [False, True])
def test_the_owner_of_the_cube_redoubles_later_than_a_centred_cube_is_doubled(monkeypatch, root):
    # p = 0.70 without gammons (contact, x = 0.68): a double from the centre, but
    # owning the cube is worth keeping it: no redouble (hand-computed from the lines).
    centred = decide(monkeypatch, plain(0.70), "4HPwATDgc/ABMA first - cube 1 centre")
    owned = GAME.parse_position("4HPwATDgc/ABMA first - cube 2 first")
    assert cube_policy.quick_decision(centred).double
    assert cube_policy.decision(centred).optional  # the chances never change: a double later is worth as much
    assert cube_policy.policy_move(centred, root).move == (ROLL if root else DOUBLE)
    assert cube_policy.policy_move(owned, root).move == ROLL
    choice = cube_policy.decision(owned) if root else cube_policy.quick_decision(owned)
    assert choice.no_double == pytest.approx(0.68 * 0.75 + 0.32 * 0.4, abs=1e-6)
    assert choice.double_take == pytest.approx(2 * (0.68 * 0.25 + 0.32 * 0.4), abs=1e-6)


def test_jacoby_rule_makes_a_gammonish_position_a_double(monkeypatch):
    gammonish = Chances(0.85, 0.55, 0.05, 0.01, 0.0)
    state = decide(monkeypatch, gammonish, "4HPwATDgc/ABMA first - cube 1 centre jacoby")
    assert cube_policy.policy_move(state).move == DOUBLE  # gammons do not count until the cube is turned
    assert cube_policy.policy_move(state, True).move == DOUBLE  # a cash: with gammons single, not optional
    without = GAME.parse_position("4HPwATDgc/ABMA first - cube 1 centre")
    assert cube_policy.policy_move(without).move == ROLL and cube_policy.policy_move(without, True).move == ROLL
    assert cube_policy.decision(without).too_good  # play on for the gammon


def test_the_cube_owner_alone_is_asked_and_the_evaluation_scales_with_the_cube(monkeypatch):
    state = decide(monkeypatch, plain(0.6), "4HPwATDgc/ABMA second - cube 2 first")
    assert cube_policy.policy_move(state) is None  # Black may not double: the dice are just rolled
    evaluate = get_game("backgammon").evaluate
    one = GAME.parse_position("4HPwATDgc/ABMA first - cube 2 first")
    four = GAME.parse_position("4HPwATDgc/ABMA first - cube 8 first")
    assert evaluate(four, FIRST) == pytest.approx(4 * evaluate(one, FIRST), abs=4)
    assert evaluate(one, FIRST) == -evaluate(one, SECOND)


def test_the_engine_answers_a_cube_action_without_searching_and_says_why():
    state = first_on_roll({3: 1, 2: 1}, {1: 1})  # wins 25/36 this roll, else loses: double, take
    engine = Engine.for_entry(get_game("backgammon"), SearchOptions(algorithm=Algorithm.EXPECTIMINIMAX))
    result = engine.search(state, SearchLimits(depth=2))
    assert result.move == DOUBLE and result.reason == "cube" and result.nodes == 0
    info = result.infos[0]
    assert info.source == "cube" and "double/take" in info.note
    assert info.score.value == pytest.approx(1000 * min(1.0, cube_policy.decision(state).double_take), abs=2)


def test_the_search_passes_through_cube_actions_without_using_depth(monkeypatch):
    state = decide(monkeypatch, plain(0.5), "4HPwATDgc/ABMA first 31 cube 1 centre")
    engine = Engine.for_entry(get_game("backgammon"), SearchOptions(algorithm=Algorithm.EXPECTIMINIMAX))
    result = engine.search(state, SearchLimits(depth=1))
    assert result.move in state.legal_moves() and result.move not in (ROLL, DOUBLE)
    assert state.apply(result.move).cube == Cube()


def test_the_look_ahead_gives_up_a_ply_when_it_would_evaluate_too_many_positions():
    state = GAME.parse_position("4HPwATDgc/ABMA first - cube 1 centre")
    assert cube_policy.decision(state, plies=2, budget=None).plies == 2
    assert cube_policy.decision(state, plies=2, budget=100).plies == 1  # a count, not a clock
    assert cube_policy.decision(state, plies=1, budget=1).plies == 1  # one ply is never cut
    assert cube_policy.decision(state, plies=0).plies == 0
    evaluations = Evaluations(cube_policy.CUBE_LEARNED, None)
    look_ahead(state, 2, evaluations)
    assert evaluations.evaluated > 21 * 21  # every reply to every roll's chosen move


def test_a_screened_look_ahead_evaluates_fewer_positions_and_keeps_the_screens_best():
    state = first_on_roll({24: 1, 13: 2, 6: 4, 5: 2}, {23: 2, 13: 2, 6: 4, 4: 2})  # in contact, few plays a roll
    full = Evaluations(cube_policy.CUBE_LEARNED, None)
    unscreened = look_ahead(state, 2, full)
    wide = Evaluations(cube_policy.CUBE_LEARNED, None, screen_batch, 1000)
    assert look_ahead(state, 2, wide) == unscreened and wide.evaluated == full.evaluated  # none left out
    cannot_rank = Evaluations(cube_policy.CUBE_LEARNED, None, lambda states, player: None, 1)
    assert look_ahead(state, 2, cannot_rank) == unscreened
    screened = Evaluations(cube_policy.CUBE_LEARNED, None, screen_batch, 8)
    values = look_ahead(state, 2, screened)
    assert screened.evaluated < 0.7 * full.evaluated
    assert values == pytest.approx(unscreened, abs=0.02)
    decided = cube_policy.decision(state, plies=2, budget=None)  # the app's decision is screened ...
    assert (decided.no_double, decided.double_take) == values
    decided = cube_policy.decision(state, plies=2, budget=None, screen_width=None)  # ... unless told not to be
    assert (decided.no_double, decided.double_take) == unscreened
    one_ply = Evaluations(cube_policy.CUBE_LEARNED, None, screen_batch, 1)  # the first ply is never screened
    assert look_ahead(state, 1, one_ply) == look_ahead(state, 1, Evaluations(cube_policy.CUBE_LEARNED, None))
    ranked = []

    def worst_first(states, player):  # the networks' equity for ``player``, reversed: keeps each roll's worst play
        ranked.append(len(states))
        return [-round(1000 * Chances(*chances).cubeless_equity()) * (1 if player == FIRST else -1)
                for chances in cube_policy.CUBE_LEARNED(states)]

    worst = look_ahead(state, 2, Evaluations(cube_policy.CUBE_LEARNED, None, worst_first, 1))
    assert ranked and worst[0] > unscreened[0] + 0.05  # the opponent's worst replies favour the side on roll


def test_a_budget_stops_before_evaluating_past_it():
    asked = []

    def counting(states):
        asked.extend(states)
        return [(0.5, 0.0, 0.0, 0.0, 0.0)] * len(states)

    positions = [first_on_roll({6: 5, 1: count}, {6: 5}) for count in range(1, 7)]
    evaluations = Evaluations(counting, budget=5)
    assert len(evaluations.chances_of(positions[:5])) == 5 and evaluations.evaluated == 5
    assert evaluations.chances_of(positions[:2]) == evaluations.chances_of(positions[:2])  # evaluated once
    with pytest.raises(OverBudget):
        evaluations.chances_of(positions)
    assert len(asked) == 5


def test_the_look_ahead_asks_a_side_that_may_double():
    with pytest.raises(ValueError):
        look_ahead(GAME.parse_position("4HPwATDgc/ABMA first - cube 2 second"), 1,
                   Evaluations(cube_policy.CUBE_LEARNED))


def test_a_side_cashed_out_whatever_it_plays_still_plays_its_best_cubeless_move():
    # Both sides bearing off (exact probabilities from the bear-off database): White on
    # roll wins 76.5%, no gammons. Two plies ahead, many of Black's replies leave White
    # a cash whatever Black plays, so those replies tie at -1 with the cube centred;
    # Black must still play its best checkers there, or the branch where White has
    # doubled (Black owning the cube, no cash) is judged after Black's worst plays.
    # Janowski's lines are nearly straight in the win chance here, so double/take hardly
    # moves with the look-ahead: 0.921 at 0, 1 and 2 plies (GNU Backgammon 1.07's
    # ``hint`` gives 0.921 at 0, 1 and 2 plies too; before this tie-break ours said 1.014,
    # a drop, at 2 plies).
    state = GAME.parse_position("1e4AAFA/BwAAAA first - cube 1 centre")
    assert cube_policy.quick_decision(state).double_take == pytest.approx(0.921, abs=0.001)
    choice = cube_policy.decision(state, plies=2, budget=None)
    assert choice.plies == 2
    assert choice.double_take == pytest.approx(0.921, abs=0.002)
    assert choice.no_double == pytest.approx(0.790, abs=0.002)
    assert choice.double and choice.take
