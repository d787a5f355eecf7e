"""The contract every game keeps, tested on every game of ``games.registry.GAMES``: a game
is tested here the day it is registered, with nothing to add to this file.

From positions reached by random play (fixed seeds, every rule option): position and move
texts read back, moves and positions pickle (a search process sends moves back, a helper
process receives positions), equal positions hash alike, results are zero-sum, a finished game is
never a chance node and chance probabilities sum to 1, evaluations are zero-sum integers
(each of a game's declared ``evaluations`` too), every search capability the game
declares (``games.capabilities``) keeps its promises, the algorithms agree on values,
the engine protocol answers ``go`` and ``go perft``, the game has a board view that draws
every position, every text the game shows exists in every language, it has an example
bot that plays, and the README and docs/protocol.md name it. A game's own rules have
their own tests besides (tests/test_<game>_*.py)."""
from __future__ import annotations

import math
import pickle
import random
import re
import shlex
import string
import sys
from functools import lru_cache

import pygame
import pytest

from ai.demonstrations import DEMONSTRATIONS
from ai.lab import comparison, disagreement, searches_of
from ai.perft import divide, perft
from ai.perft import finished_games as games_finished_within
from ai.players import parse_player
from ai.protocol import EngineProtocol
from conftest import ROOT
from ai.engine import Engine
from ai.types import UTILITY_SCALE, Algorithm, SearchLimits, SearchOptions
from games.base import CHANCE, FIRST, SECOND, Game, IllegalMove, ImpossiblePosition, Phrase, State, opponent
from games.capabilities import (ChanceBounds, Explanations, Futility, HorizonOutcome, KnownResults, NullMove,
                                Repetitions, ShortGame, Symmetries, TableKeys, TacticalMoves, capabilities_of)
from games.registry import GAMES, GameEntry
from games.setup import GAME_OVER, OFF, ON, PositionEditor
from ui import game_texts, i18n, theme
from ui.views import games_with_views, view_for
from ui.views.base import BoardDecorations

GAME_IDS = list(GAMES)
HANG_SECONDS = 300
"""Seconds after which a search or a bot counts as hung (never a speed limit)."""


# -- positions met in play ---------------------------------------------------------------------
@lru_cache(maxsize=None)
def positions(game_id: str) -> tuple[State, ...]:
    """Positions of random games (every rule choice, two games each, a fixed seed): every
    third position of the first 45 plies, the start included."""
    game = GAMES[game_id].game
    generator = random.Random(7)
    found = []
    for _, rules in game.rule_choices():
        for _ in range(2):
            state = game.start(rules)
            for ply in range(45):
                if ply % 3 == 0:
                    found.append(state)
                if state.is_terminal():
                    break
                state = state.apply(generator.choice(list(state.legal_moves())))
    return tuple(found)


@lru_cache(maxsize=None)
def finished_games(game_id: str, basic_rules_only: bool = False) -> tuple[State, ...]:
    """The last positions of random games played to their end (every rule choice, or the
    basic rules only; 20 games each, a fixed seed)."""
    game = GAMES[game_id].game
    generator = random.Random(11)
    ends = []
    for _, rules in game.rule_choices()[:1] if basic_rules_only else game.rule_choices():
        for _ in range(20):
            state = game.start(rules)
            while not state.is_terminal():
                state = state.apply(generator.choice(list(state.legal_moves())))
            ends.append(state)
    return tuple(ends)


def decisions(game_id: str) -> list[State]:
    """The positions of ``positions`` with a player to move."""
    return [state for state in positions(game_id) if not state.is_terminal() and state.to_move() != CHANCE]


@pytest.fixture(params=GAME_IDS)
def entry(request) -> GameEntry:
    """Each registered game in turn."""
    return GAMES[request.param]


# -- notation ----------------------------------------------------------------------------------
def test_position_texts_read_back_as_the_same_position(entry):
    for state in positions(entry.id) + finished_games(entry.id)[:5]:
        text = state.to_text()
        again = entry.game.parse_position(text)
        assert again.to_text() == text and again.to_move() == state.to_move(), text
        assert again.outcome() == state.outcome() and sorted(map(str, again.legal_moves())) == \
            sorted(map(str, state.legal_moves())), text


def test_move_texts_read_back_as_the_same_move(entry):
    for state in positions(entry.id):
        for move in state.legal_moves():
            text = state.move_to_text(move)
            assert state.parse_move(text) == move, (state.to_text(), text)
            assert state.play(text) == state.apply(move)
            assert isinstance(state.display_move(move), str) and state.display_move(move)
        with pytest.raises(IllegalMove):
            state.parse_move("no such move")
    for state in finished_games(entry.id)[:5]:
        assert not state.legal_moves()
        with pytest.raises(IllegalMove):
            state.parse_move("no such move")


def test_moves_pickle_as_equal_moves_with_equal_hashes(entry):
    # ai.search_process sends a search's moves (its lines, candidates and choice) back
    # from its child process pickled; the window then looks them up among the legal moves.
    for state in positions(entry.id):
        moves = list(state.chance_outcomes() if state.to_move() == CHANCE and not state.is_terminal()
                     else state.legal_moves())
        again = pickle.loads(pickle.dumps(moves))
        assert again == moves and [hash(move) for move in again] == [hash(move) for move in moves], state.to_text()


def test_positions_pickle_as_the_same_position(entry):
    # ai.outcome_helper sends positions to its helper processes pickled.
    for state in positions(entry.id):
        again = pickle.loads(pickle.dumps(state))
        assert type(again) is type(state) and again.to_text() == state.to_text(), state.to_text()
        assert again.to_move() == state.to_move() and again.outcome() == state.outcome()
        if state.to_move() != CHANCE and not state.is_terminal():
            assert list(again.legal_moves()) == list(state.legal_moves()), state.to_text()


def test_the_same_moves_give_equal_positions_with_equal_hashes_and_keys(entry):
    generator = random.Random(5)
    for _, rules in entry.game.rule_choices():
        start = entry.game.start(rules)
        state, again, seen = start, entry.game.start(rules), {start}
        for _ in range(30):
            if state.is_terminal():
                break
            move = generator.choice(list(state.legal_moves()))
            state, again = state.apply(move), again.apply(move)
            assert state == again and hash(state) == hash(again)
            assert state != start and len({state, again}) == 1
            seen.add(state)
        assert start == entry.game.start(rules) and len(seen) > 1  # apply changed no state


# -- results and chance ------------------------------------------------------------------------
def test_results_are_zero_sum_within_the_games_largest_utility(entry):
    for state in finished_games(entry.id):
        result = state.outcome()
        assert state.is_terminal() and result.winner in (None, FIRST, SECOND) and result.reason
        assert state.utility(FIRST) == -state.utility(SECOND)
        assert (state.utility(FIRST) == 0) == (result.winner is None)
        assert entry.game.can_draw or result.winner is not None
    for state in finished_games(entry.id, basic_rules_only=True):  # a rule (the cube) may raise the stakes
        assert abs(state.utility(FIRST)) <= entry.game.max_utility
    for state in decisions(entry.id):  # evaluations too: negamax negates them
        value = entry.evaluate(state, FIRST)
        assert type(value) is int and value == -entry.evaluate(state, SECOND), state.to_text()
    for state in positions(entry.id):
        if not state.is_terminal():
            with pytest.raises(ValueError):
                state.utility(FIRST)


def with_evaluations() -> list:
    """The registered games that declare several evaluations (``GameEntry.evaluations``),
    as test parameters."""
    return [pytest.param(entry, id=entry.id) for entry in GAMES.values() if entry.evaluations]


@pytest.mark.parametrize("entry", with_evaluations())
def test_each_declared_evaluation_is_zero_sum_in_integers_and_its_batch_agrees(entry):
    names = [evaluation.name for evaluation in entry.evaluations]
    assert len(names) >= 2 and len(set(names)) == len(names) and all(names), names
    own = entry.evaluations[0]  # the first is the game's own evaluation
    assert own.evaluate is entry.evaluate and own.evaluate_batch is entry.evaluate_batch
    bounded = ChanceBounds in capabilities_of(entry.game)
    sample = [state for state in positions(entry.id) if not state.is_terminal()]
    for evaluation in entry.evaluations:
        judged = entry.with_evaluation(evaluation.name)
        assert judged.evaluate is evaluation.evaluate and judged.evaluate_batch is evaluation.evaluate_batch
        assert judged.levels == entry.levels and judged.policy_move == entry.policy_move
        for state in sample:
            value = evaluation.evaluate(state, FIRST)
            assert type(value) is int and value == -evaluation.evaluate(state, SECOND), (evaluation.name,
                                                                                          state.to_text())
            if bounded:
                assert abs(value) <= state.value_bound(0) * UTILITY_SCALE, (evaluation.name, state.to_text())
        if evaluation.evaluate_batch is not None:
            for state in decisions(entry.id)[:6]:
                children = [state.apply(move) for move in state.legal_moves()]
                for player in (FIRST, SECOND):
                    assert list(evaluation.evaluate_batch(children, player)) == \
                        [evaluation.evaluate(child, player) for child in children], (evaluation.name, state.to_text())
    with pytest.raises(ValueError, match="no evaluation 'no such'"):
        entry.with_evaluation("no such")


def test_a_finished_game_is_never_a_chance_node_and_chance_probabilities_sum_to_one(entry):
    for state in finished_games(entry.id) + positions(entry.id):
        if state.is_terminal():
            assert state.to_move() in (FIRST, SECOND) and not state.legal_moves()
        elif state.to_move() == CHANCE:
            assert entry.game.has_chance
            outcomes = state.chance_outcomes()
            assert math.isclose(sum(probability for _, probability in outcomes), 1.0)
            assert all(probability > 0 for _, probability in outcomes)
            assert sorted(map(str, (outcome for outcome, _ in outcomes))) == sorted(map(str, state.legal_moves()))
        else:
            assert state.to_move() in (FIRST, SECOND) and state.legal_moves()
            with pytest.raises(ValueError):
                state.chance_outcomes()
    chance_met = any(not state.is_terminal() and state.to_move() == CHANCE for state in positions(entry.id))
    assert chance_met == entry.game.has_chance


def test_rule_options_start_their_games(entry):
    game = entry.game
    plain = game.start()
    assert plain == game.initial_state()
    assert game.start({option.name: False for option in game.rule_options}) == plain
    with pytest.raises(ValueError, match="unknown rule option"):
        game.start({"no such rule": True})
    for option in game.rule_options:
        assert option.label and option.help
        assert game.start({option.name: True}) != plain or option.requires  # e.g. Jacoby: nothing without the cube
    assert game.rule_choices()[0] == ("Basic rules", {option.name: False for option in game.rule_options})


# -- the search capabilities the game declares ------------------------------------------------
JUNK = (None, "junk", -1, 10 ** 9, 2.5, (), ("e2", "e4"), object())
"""Objects that are no game's legal move."""


def offering(capability: type) -> list:
    """The registered games that declare ``capability``, as test parameters (a game that
    does not is not asked: the search never asks it either)."""
    return [pytest.param(entry, id=entry.id) for entry in GAMES.values() if capability in capabilities_of(entry.game)]


def play_to_the_end(state: State, generator: random.Random) -> tuple[State, int]:
    """The end of a random game from ``state``, and the decisions (not chance outcomes) made."""
    decisions_made = 0
    while not state.is_terminal():
        decisions_made += state.to_move() != CHANCE
        state = state.apply(generator.choice(list(state.legal_moves())))
    return state, decisions_made


def test_the_declared_capabilities_are_complete_and_the_same_for_every_position(entry):
    offered = capabilities_of(entry.game)  # TypeError if a declared method is left out
    assert offered == capabilities_of(entry.game.initial_state()) == capabilities_of(type(entry.game.initial_state()))
    for state in positions(entry.id) + finished_games(entry.id)[:3]:  # every position of a game is of one class
        assert capabilities_of(state) == offered


@pytest.mark.parametrize("entry", offering(TacticalMoves))
def test_tactical_moves(entry):
    for state in decisions(entry.id):
        legal = list(state.legal_moves())
        noisy = list(state.noisy_moves())
        assert all(move in legal for move in noisy), state.to_text()
        assert isinstance(state.in_check(), bool)
        keys = [state.order_key(move) for move in noisy]
        assert keys == sorted(keys, reverse=True), "noisy moves come best first"
        for move in legal:
            key = state.order_key(move)
            assert state.is_quiet(move) == (key == 0), (state.to_text(), move)
            # noisy moves rank above 0; one ranked below 0 (expected bad) is left out of them
            assert (move in noisy) == (key > 0), (state.to_text(), move)
    for state in finished_games(entry.id)[:5]:
        assert not list(state.noisy_moves())


@pytest.mark.parametrize("entry", offering(NullMove))
def test_null_move(entry):
    passes = 0
    for state in decisions(entry.id):
        passed = state.null_move()
        if passed is not None:
            passes += 1
            assert type(passed) is type(state) and not passed.is_terminal()
            assert passed.to_move() == opponent(state.to_move())
            assert TacticalMoves not in capabilities_of(state) or not state.in_check(), "no pass out of check"
    assert passes, "a pass is offered somewhere"


@pytest.mark.parametrize("entry", offering(Futility))
def test_futility(entry):
    state = decisions(entry.id)[0]
    assert TacticalMoves in capabilities_of(state), "futility pruning needs quiet moves and check"
    margins = [state.futility_margin(depth) for depth in range(1, 8)]
    assert all(margin > 0 for margin in margins) and margins == sorted(margins)


@pytest.mark.parametrize("entry", offering(KnownResults))
def test_known_results(entry):
    for state in decisions(entry.id):
        plies = state.known_result()
        assert plies is None or isinstance(plies, int), state.to_text()


@pytest.mark.parametrize("entry", offering(TableKeys))
def test_table_keys(entry):
    states = decisions(entry.id)
    foreign = [move for other in states[::5] for move in list(other.legal_moves())[:6]]
    for state in states:
        again = entry.game.parse_position(state.to_text())
        if again == state:
            assert again.table_key() == state.table_key()
        hash(state.table_key())
        legal = list(state.legal_moves())
        assert all(state.is_legal(move) for move in legal), state.to_text()
        for move in foreign + list(JUNK):
            assert state.is_legal(move) == (move in legal), (state.to_text(), move)
    for state in finished_games(entry.id)[:5]:
        assert not any(state.is_legal(move) for move in foreign)


@pytest.mark.parametrize("entry", offering(Symmetries))
def test_symmetries(entry):
    for state in decisions(entry.id):
        for move in state.legal_moves():
            stored = state.table_move(move)
            hash(stored)
            assert state.from_table_move(stored) == move, (state.to_text(), state.move_to_text(move))


def repetition_seeker(game: Game, generator: random.Random, plies: int) -> list[State]:
    """A line from the start that goes back to a position met before whenever it can (a
    move, or a move and a reply, that lead to one), else plays at random."""
    line = [game.initial_state()]
    seen = {line[0].table_key()}
    while len(line) < plies and not line[-1].is_terminal():
        state = line[-1]
        moves = list(state.legal_moves())
        generator.shuffle(moves)
        chosen = next((move for move in moves if state.apply(move).table_key() in seen), None)
        for move in moves if chosen is None and state.to_move() != CHANCE else ():
            child = state.apply(move)
            if not child.is_terminal() and any(child.apply(reply).table_key() in seen for reply in child.legal_moves()):
                chosen = move
                break
        line.append(state.apply(chosen if chosen is not None else moves[0]))
        seen.add(line[-1].table_key())
    return line


@pytest.mark.parametrize("entry", offering(Repetitions))
def test_repetitions(entry):
    assert TableKeys in capabilities_of(entry.game), "a position is recognised by its key"
    generator = random.Random(5)
    repeated = 0
    for plies in (40, 80):
        keys = []
        for state in repetition_seeker(entry.game, generator, plies):
            key = state.table_key()
            assert state.repeats() == (key in keys), state.to_text()
            repeated += state.repeats()
            keys.append(key)
    assert repeated, "a line that goes back to a position repeats it"


@pytest.mark.parametrize("entry", offering(HorizonOutcome))
def test_horizon_outcome(entry):
    generator = random.Random(9)
    for state in positions(entry.id) + finished_games(entry.id):
        early, result = state.horizon_outcome(), state.outcome()
        if early is None:
            assert result is None or not state.legal_moves(), state.to_text()  # the search finds that end
        elif result is not None:
            assert early == result, state.to_text()
        else:  # certain however play goes on
            for _ in range(3):
                end = play_to_the_end(state, generator)[0].outcome()
                assert (end.winner, end.points) == (early.winner, early.points), state.to_text()


@pytest.mark.parametrize("entry", offering(ShortGame))
def test_short_game(entry):
    generator = random.Random(11)
    wins = losses = 0
    for state in decisions(entry.id):
        mover = state.to_move()
        win = state.winning_move()
        if win is not None:
            wins += 1
            assert win in state.legal_moves() and state.apply(win).outcome().winner == mover
        for move in state.legal_moves():
            if state.loses_at_once(move):
                losses += 1
                child = state.apply(move)
                assert child.outcome() is None and child.to_move() == opponent(mover)
                ends = [child.apply(reply).outcome() for reply in child.legal_moves()]
                assert any(end is not None and end.winner == child.to_move() for end in ends)
        assert play_to_the_end(state, generator)[1] <= state.plies_left_at_most(), state.to_text()
    for state in finished_games(entry.id)[:5]:
        assert state.plies_left_at_most() == 0
    assert wins and losses, "positions with immediate wins and losses were met"


@pytest.mark.parametrize("entry", offering(ChanceBounds))
def test_chance_bounds(entry):
    generator = random.Random(17)
    for state in positions(entry.id)[::2]:
        bounds = [state.value_bound(decisions_left) for decisions_left in range(6)]
        assert all(bound > 0 for bound in bounds) and bounds == sorted(bounds)
        if not state.is_terminal() and state.to_move() != CHANCE:
            for player in (FIRST, SECOND):
                assert abs(entry.evaluate(state, player)) <= bounds[0] * UTILITY_SCALE, state.to_text()
        end, made = play_to_the_end(state, generator)
        assert abs(end.utility(FIRST)) <= state.value_bound(made), state.to_text()


def _expected_line(state: State, generator: random.Random, plies: int) -> list:
    """A legal move of ``state`` and up to ``plies`` - 1 random replies after it, stopping
    before a chance node or the end (the kind of line a hint's search expects)."""
    line = []
    for _ in range(plies):
        if state.is_terminal() or state.to_move() == CHANCE:
            break
        move = generator.choice(list(state.legal_moves()))
        line.append(move)
        state = state.apply(move)
    return line


def _phrase_fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("entry", offering(Explanations))
def test_explanations(entry):
    texts = decisions(entry.id)[0].phrase_texts()
    assert texts and len(set(texts)) == len(texts) and all(isinstance(text, str) and text for text in texts)
    generator = random.Random(23)
    met: set[str] = set()
    for state in decisions(entry.id):
        assert state.phrase_texts() == texts, "the same texts in every position"
        moves = list(state.legal_moves())
        for move in generator.sample(moves, min(4, len(moves))):
            line = [move, *_expected_line(state.apply(move), generator, 5)] if state.apply(move).to_move() != CHANCE \
                else [move]
            about_line = list(state.line_phrases(line))
            met.update(phrase.template for phrase in about_line)
            for phrase in about_line + [state.win_phrase(moves) for moves in (1, 2, 5)]:
                if phrase is None:
                    continue
                assert isinstance(phrase, Phrase), phrase
                assert phrase.text in texts and (not phrase.plural or phrase.plural in texts), (state.to_text(), phrase)
                fields = {"count": phrase.count} if phrase.count is not None else {}
                fields.update(phrase.fields)
                for form in filter(None, (phrase.text, phrase.plural)):
                    assert _phrase_fields(form) <= set(fields), (form, fields)  # every field is filled
                for value in dict(phrase.fields).values():
                    assert isinstance(value, (str, int, float)) and not isinstance(value, bool)
                    if isinstance(value, str) and any(character.isalpha() for character in value):
                        assert value in texts, f"a word in a field is declared, to be translated: {value!r}"
    assert met, "the sample met lines the game has words for"
    for language in OTHER_LANGUAGES:
        missing = [text for text in texts if not i18n.has_entry(text, language)]
        assert not missing, f"{entry.game.title}: no {language} for {missing}"
        with i18n.speaking(language):
            for text in texts:
                assert _phrase_fields(i18n.tr_known(text)) == _phrase_fields(text), text


# -- the search ------------------------------------------------------------------------------
NODE_BUDGET = 10_000
"""The plain search of the agreement test stays within this many nodes: its depth is the
deepest (up to 4) whose plain minimax or expectiminimax needs no more."""


def test_the_algorithms_agree_on_values(entry):
    """Minimax, alpha-beta, negamax and PVS (expectiminimax with and without Star1/Star2
    for games with chance), each plainly and with a table and ordering, find one value."""
    generator = random.Random(3)
    chosen = generator.sample(decisions(entry.id), 3)
    plain = searches_of(entry)[:1]
    for state in chosen:
        depth = 1
        while depth < 4 and next(comparison(entry, state, depth + 1, node_limit=NODE_BUDGET, searches=plain)).finished:
            depth += 1
        rows = list(comparison(entry, state, depth))
        assert len(rows) == len(searches_of(entry)) and all(row.finished for row in rows)
        assert disagreement(rows) == "", (state.to_text(), depth)


def protocol_session(entry: GameEntry, lines: list[str]) -> list[str]:
    """The engine protocol's output for ``lines`` (then the end of the input), every
    search allowed to finish."""
    output: list[str] = []
    EngineProtocol(entry, output.append, grace=HANG_SECONDS).run(lines)
    return output


def test_the_engine_protocol_answers_go_and_go_perft(entry):
    state = decisions(entry.id)[1]
    counted = positions(entry.id)[2]
    lines = ["uci", "isready", f"position fen {state.to_text()}", "go depth 2", "go nodes 300",
             f"position fen {counted.to_text()}", "go perft 2"]
    output = protocol_session(entry, lines)
    assert "uciok" in output and "readyok" in output
    assert not [line for line in output if "error" in line], output
    best = [line.split()[1] for line in output if line.startswith("bestmove")]
    assert len(best) == 2 and all(state.parse_move(word) in state.legal_moves() for word in best), best
    finished_leaves = entry.game.perft_counts_finished
    expected = divide(counted, 2, count_finished=finished_leaves)
    counts = [line for line in output if re.fullmatch(r"\S+: \d+", line)]
    assert counts == [f"{move}: {count}" for move, count in expected]
    total = perft(counted, 2, count_finished=finished_leaves)
    assert f"Nodes searched: {total}" in output and total == sum(c for _, c in expected)
    assert f"Games finished within 2 plies: {games_finished_within(counted, 2)}" in output


def test_the_engine_protocol_counts_from_the_start_position(entry):
    output = protocol_session(entry, ["position startpos", "go perft 1"])
    assert f"Nodes searched: {len(entry.game.initial_state().legal_moves())}" in output


# -- the board view ----------------------------------------------------------------------------
@pytest.fixture
def drawing():
    """The video system (SDL's dummy driver), fonts and the dark theme, for drawing
    without a display."""
    pygame.display.init()
    pygame.font.init()
    theme.reset_fonts()
    theme.apply_theme("dark")
    yield
    i18n.set_language("english")


def test_every_game_has_a_board_view():
    assert set(GAMES) <= set(games_with_views())


def test_the_board_view_draws_every_position_with_each_option_and_orientation(entry, drawing):
    view = view_for(entry.id)
    assert 0.5 <= view.aspect_ratio <= 3.0
    surface = pygame.Surface((900, 700))
    height = 600
    view.layout(pygame.Rect(20, 20, min(860, round(height * view.aspect_ratio)), height))
    assert view.board_area().width > 0 and view.help_entries()
    settings = [dict.fromkeys(view.options, False), dict.fromkeys(view.options, True)]
    for index, state in enumerate(positions(entry.id) + finished_games(entry.id)[:3]):
        view.option_values.update(settings[index % 2])
        view.flipped = index % 3 == 0
        moves = list(state.legal_moves()) if not state.is_terminal() else []
        decorations = BoardDecorations(last_move=None, hint_move=moves[0] if moves and state.to_move() != CHANCE
                                       else None, interactive=True, mouse=view.board_area().center)
        view.draw(surface, state, decorations)
        assert isinstance(view.instruction(state), str) and isinstance(view.refusal(view.board_area().center, state), str)
        clicked = view.click(view.board_area().center, state)
        assert clicked is None or clicked in moves
        view.cancel_selection()


# -- texts in every language ---------------------------------------------------------------------
OTHER_LANGUAGES = [name for name in i18n.LANGUAGES if name != "english"]


def _reason_parts(reason: str, monkeypatch) -> list[str]:
    """The texts the interface looks up to show ``reason`` (``ui.game_texts.reason_text``)."""
    looked_up: list[str] = []
    monkeypatch.setattr(game_texts, "tr_known", lambda text: looked_up.append(text) or text)
    game_texts.reason_text(reason)
    monkeypatch.undo()
    return looked_up


def test_the_reasons_a_game_ends_with_are_declared(entry, monkeypatch):
    declared = set(entry.game.result_reasons)
    assert declared, "a game declares the reasons it can end with (Game.result_reasons)"
    met = set()
    for state in finished_games(entry.id) + positions(entry.id):
        early = state.horizon_outcome() if HorizonOutcome in capabilities_of(state) else None
        for result in (state.outcome(), early):
            if result is not None:
                met.update(_reason_parts(result.reason, monkeypatch))
    assert met and met <= declared, sorted(met - declared)


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_every_text_the_game_shows_exists_in_every_language(entry, language, drawing, monkeypatch):
    game = entry.game
    texts = {game.title, *game.player_names, *game.result_reasons}
    texts |= {"chance"} if game.has_chance else set()
    texts |= {text for level in entry.levels for text in (level.name, level.summary) if text}
    texts |= {text for option in game.rule_options for text in (option.label,)}
    texts |= {part for label, _ in game.rule_choices() for part in label.split(" + ")}
    texts |= {text for item in DEMONSTRATIONS if item.game == entry.id for text in (item.title, item.explanation)}
    texts |= {evaluation.name for evaluation in entry.evaluations}
    tables = entry.external_tables
    texts |= {tables.name, tables.unit, tables.purpose} if tables is not None else set()
    the_same_everywhere = {"Quarto", "X", "O"}
    missing = sorted(text for text in texts - the_same_everywhere if not i18n.has_entry(text, language))
    assert not missing, f"{game.title}: no {language} for {missing}"
    view = view_for(entry.id)
    view.layout(pygame.Rect(0, 0, round(500 * view.aspect_ratio), 500))
    missing = sorted(label for label, _ in view.options.values() if not i18n.has_entry(label, language))
    assert not missing, f"{game.title}: the view's options have no {language}: {missing}"
    for state in decisions(entry.id)[:8]:
        english = {view.instruction(state), *(action for _, action in view.help_entries())}
        with i18n.speaking(language):
            translated = {view.instruction(state), *(action for _, action in view.help_entries())}
        assert not english & translated, f"{game.title}: still English in {language}: {english & translated}"
    drawn: list[str] = []
    original = theme.rendered_text
    monkeypatch.setattr(theme, "rendered_text", lambda text, *rest, **keywords: drawn.append(text) or
                        original(text, *rest, **keywords))
    surface = pygame.Surface(view.rect.size)
    with i18n.speaking(language):
        for index, state in enumerate(positions(entry.id) + finished_games(entry.id)[:3]):
            view.option_values.update(dict.fromkeys(view.options, index % 2 == 1))
            view.draw(surface, state, BoardDecorations(interactive=True))
    with i18n.speaking(language):
        english_left = sorted({text for text in drawn if i18n.tr_known(text) != text})  # a key drawn untranslated
    assert not english_left, f"{game.title}: the board shows English in {language}: {english_left}"


# -- the board editor ------------------------------------------------------------------------------
def test_every_game_has_a_board_editor(entry):
    editor = entry.game.position_editor()
    assert isinstance(editor, PositionEditor) and editor.pieces and editor.places()
    assert len(set(editor.places())) == len(editor.places()) and GAME_OVER in editor.refusals
    assert len({piece.code for piece in editor.pieces}) == len(editor.pieces)


def test_positions_met_in_play_pass_the_editors_checks_and_finished_ones_are_refused(entry):
    editor = entry.game.position_editor()
    for state in positions(entry.id):
        assert editor.check(state).to_text() == state.to_text()
        if not state.is_terminal():
            assert editor.playable(state).to_text() == state.to_text()
    for state in finished_games(entry.id)[:10]:
        with pytest.raises(ImpossiblePosition) as refused:
            editor.playable(state)
        assert refused.value.template == GAME_OVER and refused.value.fields == {"reason": state.outcome().reason}


def test_the_editor_puts_every_piece_everywhere_reads_it_back_and_takes_it_off(entry):
    editor = entry.game.position_editor()
    for state in positions(entry.id)[:4]:
        for place in editor.places():
            for piece in editor.pieces:
                try:
                    after = editor.put(state, place, piece.code)
                except ImpossiblePosition as refused:  # a point of the other side's, a sixteenth checker
                    assert refused.template in editor.refusals and str(refused) == \
                        refused.template.format(**refused.fields)
                    continue
                assert piece.code in editor.contents(after, place)
                removed = editor.remove(after, place, piece.code)
                assert len(editor.contents(removed, place)) == len(editor.contents(after, place)) - 1
        with pytest.raises(ValueError):
            editor.put(state, "nowhere", editor.pieces[0].code)


def test_every_setting_takes_each_of_its_choices(entry):
    editor = entry.game.position_editor()
    starts = [entry.game.start(rules) for _, rules in entry.game.rule_choices()]
    for state in (*starts, *positions(entry.id)[:4]):
        for setting in editor.settings(state):
            assert setting.value in dict(setting.choices) and (not setting.switch or
                                                               {value for value, _ in setting.choices} == {ON, OFF})
            for value, _ in setting.choices:
                changed = editor.with_setting(state, setting.name, value)
                assert {item.name: item.value for item in editor.settings(changed)}[setting.name] == value
        with pytest.raises(ValueError):
            editor.with_setting(state, "no such setting", "on")


@lru_cache(maxsize=None)
def edited_positions(game_id: str, count: int = 300) -> tuple[tuple[State, ...], tuple[ImpossiblePosition, ...]]:
    """Positions made by random edits (pieces put and taken off, settings changed) from
    the positions met in play, with the refusals met on the way (fixed seed)."""
    editor = GAMES[game_id].game.position_editor()
    generator = random.Random(5)
    found, refusals = [], []
    for number in range(count):
        state = positions(game_id)[number % len(positions(game_id))]
        for _ in range(generator.randint(1, 6)):
            action = generator.random()
            place = generator.choice(editor.places())
            settings = editor.settings(state)
            try:
                if action < 0.5:
                    state = editor.put(state, place, generator.choice(editor.pieces).code)
                elif action < 0.8 or not settings:
                    state = editor.remove(state, place)
                else:
                    setting = generator.choice(settings)
                    state = editor.with_setting(state, setting.name, generator.choice(setting.choices)[0])
            except ImpossiblePosition as refused:
                refusals.append(refused)
        found.append(state)
        try:
            editor.playable(state)
        except ImpossiblePosition as refused:
            refusals.append(refused)
    return tuple(found), tuple(refusals)


def test_the_reasons_an_editor_refuses_with_are_declared(entry):
    editor = entry.game.position_editor()
    _, refusals = edited_positions(entry.id)
    met = {refused.template for refused in refusals}
    assert met and met <= set(editor.refusals), sorted(met - set(editor.refusals))
    assert all(str(refused) == refused.template.format(**refused.fields) for refused in refusals)


def test_the_board_view_shows_every_place_of_the_editor_and_draws_its_pieces_and_edited_positions(entry, drawing):
    editor, view = entry.game.position_editor(), view_for(entry.id)
    view.layout(pygame.Rect(20, 20, round(500 * view.aspect_ratio), 500))
    places = editor.places()
    for index, option in enumerate((False, True, False, True)):
        view.option_values.update(dict.fromkeys(view.options, option))
        view.flipped = index >= 2
        for place in places:
            rect = view.setup_place_rect(place)
            assert rect is not None and rect.width > 0 and view.setup_place_at(rect.center, places) == place, place
    surface = pygame.Surface((900, 700))
    for piece in editor.pieces:
        view.draw_setup_piece(surface, pygame.Rect(0, 0, 48, 48), piece.code)
    for state in edited_positions(entry.id)[0]:  # positions that may not occur are drawn too
        view.draw(surface, state, BoardDecorations(mouse=view.board_area().center))


def _is_notation(text: str) -> bool:
    """A choice's label that is written the same in every language: a square, dice, a number."""
    return not any(character.isalpha() for character in text) or (" " not in text and
                                                                   any(character.isdigit() for character in text))


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_the_editors_texts_exist_in_every_language(entry, language):
    editor = entry.game.position_editor()
    texts = set(editor.refusals)
    for state in [entry.game.start(rules) for _, rules in entry.game.rule_choices()] + list(positions(entry.id)):
        for setting in editor.settings(state):
            texts |= {setting.label, *(label for _, label in setting.choices)}
    the_same_everywhere = {"X", "O"}
    missing = sorted(text for text in texts - the_same_everywhere
                     if not _is_notation(text) and not i18n.has_entry(text, language))
    assert not missing, f"{entry.game.title}: no {language} for {missing}"


# -- the example bot and the documents -----------------------------------------------------------
def test_an_example_bot_plays_the_game(entry):
    bot_file = ROOT / "docs" / "bots" / f"{entry.id}_bot.py"
    assert bot_file.is_file(), f"{bot_file.relative_to(ROOT)} is missing: the README promises one for every game"
    bot = parse_player("bot:" + shlex.join([sys.executable, str(bot_file)]), entry, 1.0)
    try:
        for state in decisions(entry.id)[:3]:
            assert bot.choose(state) in state.legal_moves(), state.to_text()
    finally:
        bot.engine.close()


def test_the_readme_and_the_protocol_document_name_every_game(entry):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    protocol = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    games_paragraph = readme[readme.index("**Games:**"):readme.index("\n\n", readme.index("**Games:**"))]
    assert entry.game.title.lower() in games_paragraph.lower(), "the README's list of games"
    assert f"{entry.id}_bot.py" in readme, "the README's example bots"
    assert f"| `{entry.id}` |" in protocol, "docs/protocol.md's table of games"
    assert f"docs/bots/{entry.id}_bot.py" in protocol, "docs/protocol.md's example bots"
    assert f"bots/{entry.id}/" in readme, "the README's folders for one's own bots"


def test_every_evaluation_a_game_names_can_be_chosen_through_the_search_options(entry):
    # Level.evaluation -> SearchOptions.evaluation -> Engine.for_entry: the engine searches with it
    algorithm = Algorithm.EXPECTIMINIMAX if entry.game.has_chance else Algorithm.PVS
    state = decisions(entry.id)[0]
    for named in entry.evaluations:
        engine = Engine.for_entry(entry, SearchOptions(algorithm=algorithm, evaluation=named.name))
        assert engine.evaluate is named.evaluate
        assert engine.search(state, SearchLimits(depth=1)).move in list(state.legal_moves())
    with pytest.raises(ValueError, match="no evaluation"):
        Engine.for_entry(entry, SearchOptions(algorithm=algorithm, evaluation="no such evaluation"))
