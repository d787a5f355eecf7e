"""Levels that do not depend on the computer: below a game's strongest level a level's
move is decided by its search effort (a depth cap and a node budget) and a seed, the
clock only caps the time; perfect levels are exact whatever the time.

Every clock here is injected (``fake_clocks``): a ``StillClock`` is a computer so fast
that no time passes, a ``SteppingClock`` a slow computer of a fixed speed (the engine
reads its clock about every 128 nodes), so nothing depends on the real machine's speed
or load. ``tests/test_protocol_seed.py`` checks the same through the engine protocol.
"""
from __future__ import annotations

import random

import pytest

from ai.clock import TimeControl, move_limits
from ai.engine import Engine
from ai.match import run_match
from ai.players import GreedyPlayer, SearchPlayer, game_seed, parse_player
from ai.strength import level_limits, level_options
from ai.types import SearchOptions
from fake_clocks import StillClock, SteppingClock
from games.capabilities import ShortGame
from games.quarto.rules import NONE
from games.registry import GAMES, Level, get_game

CHESS = get_game("chess")
QUARTO = get_game("quarto")
POSITIONS = (
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
)
"""Chess positions out of the opening book: a busy middle game, a tactical one, an endgame."""
SLOW_MACHINE = 128 / 8_000
"""A clock step (seconds per reading) of a computer that searches about 8,000 nodes a
second, a third of this engine's speed on an idle PC, as on a PC whose cores are taken."""
GO_MOVETIME_1000 = TimeControl.per_move(1.0)


def chess_search(level_number: int, fen: str, clock, seed: int = 11):
    """The result of one move of chess level ``level_number`` at ``go movetime 1000``
    (a strict limit, as UCI asks) with ``seed``, reading ``clock``."""
    level = CHESS.level(level_number)
    engine = Engine.for_entry(CHESS, level_options(SearchOptions(), level), seed=seed, clock=clock)
    return engine.search(CHESS.game.parse_position(fen), level_limits(level, GO_MOVETIME_1000, strict=True))


@pytest.mark.parametrize("level_number", range(1, 8))
def test_chess_levels_play_the_same_move_on_a_fast_and_a_slow_computer(level_number):
    reasons = []
    for fen in POSITIONS:
        fast = chess_search(level_number, fen, StillClock())
        slow = chess_search(level_number, fen, SteppingClock(SLOW_MACHINE))
        assert slow.reason != "time", (fen, "the budget must fit in the time")
        assert (slow.move, slow.nodes, slow.infos[-1].depth) == (fast.move, fast.nodes, fast.infos[-1].depth), fen
        budget = CHESS.level(level_number).nodes
        # The budget (none at level 1: one ply without captures is cheap) ends the search
        # after the first ply at the latest; one ply and its captures may cost more.
        assert budget is None or fast.nodes <= budget + 1 or [info.depth for info in fast.infos] == [1]
        reasons.append(fast.reason)
    if level_number >= 3:  # from level 3 up the budget, not the depth cap, usually ends the search
        assert "nodes" in reasons


def test_the_slow_computer_really_is_slow_and_maximum_depends_on_it():
    # The same stepping clock takes most of a second for level 7's budget ...
    slow = chess_search(7, POSITIONS[0], SteppingClock(SLOW_MACHINE))
    assert slow.time > 0.2
    # ... and Maximum, which uses its time, searches less deeply on it than on a computer
    # eight times as fast: only the levels below it are independent of the computer.
    maximum = CHESS.level(CHESS.max_level)
    depths = []
    for step in (SLOW_MACHINE / 8, SLOW_MACHINE):
        engine = Engine.for_entry(CHESS, level_options(SearchOptions(), maximum), seed=11, clock=SteppingClock(step))
        depths.append(engine.search(CHESS.game.parse_position(POSITIONS[2]),
                                    level_limits(maximum, TimeControl.per_move(0.2))).infos[-1].depth)
    assert depths[0] > depths[1]


def test_a_budget_level_skips_no_iteration_for_time_where_maximum_would():
    level = CHESS.level(7)
    limits = level_limits(level, GO_MOVETIME_1000, strict=True)
    assert limits.soft_time is None and limits.hard_time is not None and limits.absolute_time is not None
    assert (limits.depth, limits.nodes, limits.node_budget) == (level.depth, None, level.nodes)
    maximum = CHESS.level(CHESS.max_level)
    assert level_limits(maximum, GO_MOVETIME_1000, strict=True) == move_limits(GO_MOVETIME_1000, strict=True)


def test_explicit_caps_lower_the_levels_and_never_raise_them():
    level = CHESS.level(5)
    capped = level_limits(level, TimeControl.unlimited(), depth=99, nodes=100)
    assert (capped.depth, capped.nodes, capped.node_budget) == (level.depth, 100, level.nodes)
    assert level_limits(level, TimeControl.unlimited(), depth=2).depth == 2
    unlimited = level_limits(CHESS.level(CHESS.max_level), TimeControl.unlimited(), nodes=500)
    assert (unlimited.depth, unlimited.nodes, unlimited.node_budget, unlimited.hard_time) == (None, 500, None, None)


def test_the_budget_lets_the_first_ply_finish_and_an_explicit_node_limit_does_not():
    # In a tactical middle game one ply and its captures cost more than level 3's budget
    # (the premise is asserted below: the quiescence tree's size depends on the evaluation).
    level = CHESS.level(3)
    state = CHESS.game.parse_position(POSITIONS[1])

    def search(limits):
        engine = Engine.for_entry(CHESS, level_options(SearchOptions(), level), seed=1, clock=StillClock())
        return engine.search(state, limits)

    one_ply = search(level_limits(level, TimeControl.unlimited(), depth=1))
    assert one_ply.nodes > level.nodes  # so the budget alone would leave no searched move
    budgeted = search(level_limits(level, TimeControl.unlimited()))
    assert [info.depth for info in budgeted.infos] == [1] and budgeted.reason == "nodes"
    assert budgeted.move == one_ply.move
    exact = search(level_limits(level, TimeControl.unlimited(), nodes=level.nodes))
    assert exact.nodes <= level.nodes + 1  # go nodes N is exact: depth 1 is cut short,
    assert all(info.partial for info in exact.infos)  # only a partly searched ply to show


def test_a_perfect_level_takes_no_strict_time_limit():
    perfect = get_game("tictactoe").level(get_game("tictactoe").max_level)
    limits = level_limits(perfect, TimeControl.per_move(0.02), strict=True)
    assert limits.solve and limits.absolute_time is None
    fischer = level_limits(perfect, TimeControl.fischer(60), remaining=5.0)
    assert fischer.solve and fischer.absolute_time is not None  # a game clock about to run out still counts


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_level_below_the_strongest_is_defined_by_its_effort(game_id):
    entry = get_game(game_id)
    for number in range(1, entry.max_level):
        level = entry.level(number)
        assert level.depth is not None or level.nodes is not None, (game_id, number)
    strongest = entry.level(entry.max_level)
    offers_short_game = issubclass(type(entry.game.initial_state()), ShortGame)
    if strongest.solves and not offers_short_game:
        # Solved from the start whatever the time, so its whole tree must be small.
        engine = Engine.for_entry(entry, level_options(SearchOptions(), strongest), clock=StillClock())
        result = engine.search(entry.game.initial_state(), level_limits(strongest, TimeControl.unlimited()))
        assert result.reason == "exact" and result.nodes < 20_000


def test_level_descriptions_say_what_decides_them():
    assert "up to 3,400 nodes" in Level(6, nodes=3_400).technical()
    maximum = CHESS.level(CHESS.max_level)
    assert "uses its time" in maximum.technical() and "uses its time" in maximum.describe()
    for number in range(2, CHESS.max_level):
        assert f"up to {CHESS.level(number).nodes:,} nodes" in CHESS.level(number).describe()
    perfect = get_game("tictactoe").level(get_game("tictactoe").max_level)
    assert "whatever the time" in perfect.technical() and "uses its time" not in perfect.technical()


def test_chess_budgets_grow_from_level_to_level():
    # From level 3 on every level searches captures beyond its horizon, and each may
    # search more than the one below (level 2's plies without captures are cheaper).
    budgets = [CHESS.level(number).nodes for number in range(3, CHESS.max_level)]
    assert all(lower < higher for lower, higher in zip(budgets, budgets[1:]))
    assert all(CHESS.level(number).quiescence for number in range(3, CHESS.max_level))


def quarto_endgame(empties: int, seed: int):
    """A Quarto position of greedy play with ``empties`` empty squares and a piece to place."""
    generator = random.Random(seed)
    while True:
        player = GreedyPlayer(seed=generator.getrandbits(32))
        state = QUARTO.game.initial_state()
        while not state.is_terminal() and 16 - state.occupied.bit_count() > empties:
            state = state.apply(player.choose(state))
        if not state.is_terminal() and state.hand != NONE:
            return state


@pytest.mark.parametrize("empties, seed", [(8, 1), (8, 2), (9, 3)])
def test_quartos_perfect_level_solves_the_endgame_whatever_the_time(empties, seed):
    # A clock that leaps an hour at every reading: every time limit has passed at once.
    perfect = QUARTO.level(QUARTO.max_level)
    state = quarto_endgame(empties, seed)
    hurried = Engine.for_entry(QUARTO, level_options(SearchOptions(), perfect), seed=1, clock=SteppingClock(3600.0))
    result = hurried.search(state, level_limits(perfect, TimeControl.per_move(0.02), strict=True))
    assert result.reason in ("exact", "forced")
    solved = Engine.for_entry(QUARTO, level_options(SearchOptions(), perfect), seed=1, clock=StillClock())
    truth = solved.search(state)
    assert truth.reason in ("exact", "forced")
    assert result.score == truth.score
    # A level that uses its time, on the same clock, is cut short: the clock really ran out at once.
    timed = Level(None)
    cut = Engine.for_entry(QUARTO, level_options(SearchOptions(), timed), seed=1, clock=SteppingClock(3600.0))
    assert cut.search(state, level_limits(timed, TimeControl.per_move(0.02), strict=True)).reason == "time"


def test_quartos_perfect_level_uses_its_time_before_it_can_see_the_end():
    perfect = QUARTO.level(QUARTO.max_level)
    hurried = Engine.for_entry(QUARTO, level_options(SearchOptions(), perfect), seed=1, clock=SteppingClock(3600.0))
    result = hurried.search(quarto_endgame(13, 4), level_limits(perfect, TimeControl.per_move(0.5)))
    assert result.reason == "time" and result.infos[-1].depth == 2  # the minimum depth, then the clock


def test_a_seed_replays_a_match_game_by_game():
    entry = get_game("tictactoe")

    def games(seed: int) -> list[tuple[str, ...]]:
        first = parse_player("ai:level=1", entry, seed=seed)
        second = parse_player("ai:level=2", entry, seed=seed + 1)
        return [game.moves for game in run_match(entry.game, first, second, 6, seed=seed).games]

    assert games(5) == games(5)
    assert games(5) != games(6)
    assert len(set(games(5))) > 1  # the games of one match still differ from each other


def test_a_players_game_does_not_depend_on_the_games_before_it():
    entry = get_game("tictactoe")
    player = SearchPlayer(entry, level=1, seed=9)
    state = entry.game.initial_state()
    player.new_game()
    for _ in range(4):
        player.choose(state)  # more searches in game 1 ...
    player.new_game()
    second = player.choose(state)
    again = SearchPlayer(entry, level=1, seed=9)
    again.new_game()
    again.choose(state)  # ... or fewer: game 2 starts from its own seed either way
    again.new_game()
    assert again.choose(state) == second
    assert game_seed(9, 1) != game_seed(9, 2) != game_seed(10, 1)


def test_an_ai_spec_takes_its_own_seed_and_refuses_a_bad_one():
    entry = get_game("tictactoe")
    assert parse_player("ai:level=1,seed=4", entry, seed=99).seed == 4
    for bad in ("ai:seed=-1", "ai:seed=x", f"ai:seed={2**63}"):
        with pytest.raises(ValueError, match="seed"):
            parse_player(bad, entry)


def test_new_game_with_a_seed_replays_and_without_one_goes_on():
    level = CHESS.level(1)
    engine = Engine.for_entry(CHESS, level_options(SearchOptions(), level), seed=3, clock=StillClock())
    state = CHESS.game.parse_position(POSITIONS[0])
    limits = level_limits(level, TimeControl.unlimited())

    def scores() -> list[int]:
        return [engine.search(state, limits).score.value for _ in range(4)]

    engine.new_game(21)
    first = scores()
    engine.new_game(21)
    assert scores() == first
    engine.new_game()
    assert scores() != first  # the evaluation errors go on, different from search to search
