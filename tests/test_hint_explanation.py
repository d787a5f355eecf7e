"""Hints that explain: every kind of sentence from a real search of a hand-checked position
(``ai.explanation`` finds the facts, ``ui.hint_texts`` words them, in English and in
Italian). Every search is limited by depth or runs to the end of the game; the positions
are checked by hand, and where it is cheap by python-chess or the rules beside the search.
The chess positions have more than five pieces, so that no endgame table on the machine
answers for the search."""
from __future__ import annotations

import chess
import pytest

from ai.engine import Engine
from ai.explanation import BEST, BOOK, DRAW, FORCED, LOSS, SAVES, UNSEARCHED, WIN, explain
from ai.types import Algorithm, SearchLimits, SearchOptions, SearchResult
from games.backgammon.rules import BackgammonState
from games.base import FIRST, KnownMove, Phrase
from games.chess.rules import position_from_fen
from games.registry import GAMES
from ui import i18n
from ui.game_texts import score_unit
from ui.hint_texts import explanation_text, hint_details, hint_sentence, phrase_text


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("english")


def hint(game_id: str, state, limits: SearchLimits, **options):
    """The explanation of a hint-like search of ``state`` (the window's hint options:
    the runner-up on) and its sentence in English and in Italian."""
    entry = GAMES[game_id]
    engine = Engine.for_entry(entry, SearchOptions(algorithm=Algorithm.default_for(entry.game.has_chance),
                                                   runner_up=True, **options))
    explanation = explain(state, engine.search(state, limits), entry.game.has_chance)
    unit = score_unit(entry)
    english = hint_sentence(explanation, state, unit)
    with i18n.speaking("italian"):
        italian = hint_sentence(explanation, state, unit)
    return explanation, english, italian


def tictactoe(*moves: str):
    state = GAMES["tictactoe"].game.initial_state()
    for move in moves:
        state = state.play(move)
    return state


def mates_in_one(board: chess.Board) -> bool:
    return any(board.is_checkmate() for board in (_after(board, move) for move in board.legal_moves))


def _after(board: chess.Board, move: chess.Move) -> chess.Board:
    child = board.copy(stack=False)
    child.push(move)
    return child


# -- chess ------------------------------------------------------------------------------------------
def test_a_mate_in_two_says_mates_in_2():
    fen = "6k1/5ppp/8/3b4/8/8/R4PPP/R5K1 w - - 0 1"  # 1. Ra8+ Bxa8 2. Rxa8#
    board = chess.Board(fen)
    assert not mates_in_one(board)
    after = _after(board, board.parse_san("Ra8+"))
    assert all(mates_in_one(_after(after, reply)) for reply in after.legal_moves)  # every reply is mated
    explanation, english, italian = hint("chess", position_from_fen(fen), SearchLimits(depth=5))
    assert (explanation.verdict, explanation.moves) == (WIN, 2)
    assert english == "Hint: Ra8+ \u2014 mates in 2"
    assert italian == "Consiglio: Ra8+ \u2014 d\u00e0 matto in 2 mosse"
    assert not explanation.only  # the runner-up was searched 5 plies deep, not to the end: no "only"


def test_a_mate_in_one_gives_checkmate():
    state = position_from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4")
    explanation, english, italian = hint("chess", state, SearchLimits(depth=3), use_book=False)
    assert (explanation.verdict, explanation.moves) == (WIN, 1)
    assert english == "Hint: Qxf7# \u2014 gives checkmate"
    assert italian == "Consiglio: Qxf7# \u2014 d\u00e0 scacco matto"


def test_a_line_that_wins_the_queen_says_so_with_the_expected_line():
    # 1. Nc7+ forks the king on e8 and the queen on a6; the king moves, 2. Nxa6.
    state = position_from_fen("4k3/8/q7/3N4/8/8/5PPP/6K1 w - - 0 1")
    explanation, english, italian = hint("chess", state, SearchLimits(depth=4))
    assert explanation.verdict == BEST and state.display_move(explanation.move) == "Nc7+"
    assert english.startswith("Hint: Nc7+ \u2014 wins the queen; best by the evaluation (+")
    assert ", expecting Nc7+ K" in english and "Nxa6" in english
    assert italian.startswith("Consiglio: Nc7+ \u2014 vince la donna; la migliore secondo la valutazione (+")
    details = hint_details(explanation, state, score_unit(GAMES["chess"]))
    assert details[1].startswith("Expected line: Nc7+ K") and details[2].startswith("Next best: ")


def test_the_only_legal_move_is_forced_and_may_win_something_too():
    state = position_from_fen("7k/6pp/8/8/8/8/PP4q1/7K w - - 0 1")  # in check; g1 and h2 are covered
    assert [state.display_move(move) for move in state.legal_moves()] == ["Kxg2"]
    explanation, english, italian = hint("chess", state, SearchLimits(depth=4))
    assert explanation.verdict == FORCED
    assert english == "Hint: Kxg2 \u2014 forced: the only legal move; wins the queen"
    assert italian == "Consiglio: Kxg2 \u2014 forzata: l'unica mossa legale; vince la donna"


def test_a_promotion_is_said():
    state = position_from_fen("8/P3k1pp/8/8/8/8/6PP/4K3 w - - 0 1")
    explanation, english, _ = hint("chess", state, SearchLimits(depth=4))
    assert state.display_move(explanation.move) == "a8=Q"
    assert "promotes to a queen" in english


def test_the_opening_book_and_an_endgame_table_are_named():
    chess_entry = GAMES["chess"]
    start = chess_entry.game.initial_state()
    explanation, english, italian = hint("chess", start, SearchLimits(depth=2))
    assert explanation.verdict == BOOK and explanation.line == (explanation.move,)
    assert english.endswith("\u2014 a move of the opening book")
    assert italian.endswith("\u2014 una mossa del libro delle aperture")
    # A table that knows the position (injected: the tables installed vary from machine to machine).
    state = position_from_fen("6k1/5ppp/8/3b4/8/8/R4PPP/R5K1 w - - 0 1")
    ra8 = state.parse_move("Ra8+")
    engine = Engine(chess_entry.game, chess_entry.evaluate, SearchOptions(runner_up=True),
                    known_moves=(lambda position, rng: KnownMove(ra8, "tablebase", plies_to_end=3),))
    explanation = explain(state, engine.search(state, SearchLimits(depth=3)))
    assert (explanation.verdict, explanation.moves, explanation.source) == (WIN, 2, "tablebase")
    assert hint_sentence(explanation, state) == "Hint: Ra8+ \u2014 mates in 2; from the endgame tables"


def test_material_is_counted_to_the_end_of_the_exchange():
    # Rxd5 takes a rook that a knight defends: the line stops after the capture, the
    # recapture is played out, and a rook for a rook wins nothing.
    state = position_from_fen("4k3/8/5n2/3r4/8/8/3R4/4K3 w - - 0 1")
    assert state.line_phrases([state.parse_move("Rxd5")]) == []
    # With a second rook behind, it takes back: a rook for a rook, and the knight.
    state = position_from_fen("4k3/8/5n2/3r4/8/8/3R4/3RK3 w - - 0 1")
    assert state.line_phrases([state.parse_move("Rxd5")]) == [Phrase("wins a knight")]
    # A bishop takes a rook and the pawn takes it back: the exchange.
    state = position_from_fen("4k3/8/4p3/3r4/8/8/6B1/4K3 w - - 0 1")
    assert state.line_phrases([state.parse_move("Bxd5")]) == [Phrase("wins the exchange")]
    # The knight takes the queen and escapes (White moves after Kd7) ...
    fork = position_from_fen("4k3/2q5/8/3N4/8/8/5PPP/6K1 w - - 0 1")
    take = fork.parse_move("Nxc7+")
    assert fork.line_phrases([take, fork.apply(take).parse_move("Kd7")]) == [Phrase("wins the queen")]
    # ... or the king takes it back: the queen for a knight, whether or not the line shows it.
    caught = position_from_fen("3k4/2q5/8/3N4/8/8/5PPP/6K1 w - - 0 1")
    take = caught.parse_move("Nxc7")
    phrase = Phrase("wins {won} for {paid}", fields=(("won", "the queen"), ("paid", "a knight")))
    assert caught.line_phrases([take]) == caught.line_phrases([take, caught.apply(take).parse_move("Kxc7")]) == [phrase]
    assert phrase_text(phrase) == "wins the queen for a knight"
    with i18n.speaking("italian"):
        assert phrase_text(phrase) == "vince la donna per un cavallo"
    # Three pawns taken for nothing; a plural with the language's words.
    pawns = Phrase("wins a pawn", "wins {count} pawns", count=3)
    assert phrase_text(pawns) == "wins 3 pawns"
    with i18n.speaking("italian"):
        assert phrase_text(pawns) == "vince 3 pedoni"


# -- tic-tac-toe: the words every game shares -------------------------------------------------------
def test_after_a_corner_the_centre_is_the_only_move_that_does_not_lose_it_keeps_the_draw():
    explanation, english, italian = hint("tictactoe", tictactoe("a1"), SearchLimits())
    assert (explanation.verdict, explanation.only) == (DRAW, True)
    assert english == "Hint: b2 \u2014 the only move that keeps the draw"
    assert italian == "Consiglio: b2 \u2014 l'unica mossa che tiene il pareggio"


def test_a_block_is_the_only_move_that_does_not_lose():
    explanation, english, _ = hint("tictactoe", tictactoe("b2", "a1", "c1"), SearchLimits())  # X threatens a3
    assert (explanation.verdict, explanation.only) == (DRAW, True)
    assert english == "Hint: a3 \u2014 the only move that keeps the draw"
    details = hint_details(explanation, tictactoe("b2", "a1", "c1"))
    assert details[-1].startswith("Next best: ") and details[-1].endswith("(loss in 2)")


def test_a_drawn_position_with_several_drawing_moves_says_only_that_it_draws():
    explanation, english, italian = hint("tictactoe", tictactoe("a1", "b2", "c3"), SearchLimits())
    assert (explanation.verdict, explanation.only) == (DRAW, False)
    assert english.endswith("\u2014 draws with best play")
    assert italian.endswith("\u2014 pareggia con il gioco migliore")


def test_a_lost_position_says_every_move_loses_and_how_long_this_one_lasts():
    explanation, english, italian = hint("tictactoe", tictactoe("a1", "c1", "a2"), SearchLimits())
    assert (explanation.verdict, explanation.moves) == (LOSS, 2)  # a3, then X forks on b2 and wins
    assert english == "Hint: a3 \u2014 every move loses; this one lasts longest (lost in 2 moves)"
    assert italian == "Consiglio: a3 \u2014 ogni mossa perde; questa resiste di pi\u00f9 (persa in 2 mosse)"


def test_a_win_at_once_and_a_longer_win():
    explanation, english, _ = hint("tictactoe", tictactoe("a1", "b1", "b2", "c1"), SearchLimits())
    assert (explanation.verdict, explanation.moves) == (WIN, 1) and english == "Hint: c3 \u2014 wins at once"
    explanation, english, italian = hint("tictactoe", tictactoe("a1", "b2", "c3", "a3"), SearchLimits())
    # X must block on c1 and thereby makes two threats (b1 and c2): a win with X's second move.
    assert (explanation.verdict, explanation.moves) == (WIN, 2)
    assert english == "Hint: c1 \u2014 wins in 2 moves; the only winning move"
    assert italian == "Consiglio: c1 \u2014 vince in 2 mosse; l'unica mossa che vince"


def test_the_evaluation_speaks_when_nothing_is_proven():
    start = tictactoe()
    explanation, english, italian = hint("tictactoe", start, SearchLimits(depth=2))
    assert explanation.verdict == BEST and len(explanation.line) == 2 and explanation.runner_up is not None
    move = start.display_move(explanation.move)
    assert english.startswith(f"Hint: {move} \u2014 best by the evaluation (") and ", expecting " in english
    assert italian.startswith(f"Consiglio: {move} \u2014 la migliore secondo la valutazione (")


def test_a_search_stopped_before_its_first_depth_says_it_only_guessed():
    state = tictactoe("a1")
    result = SearchResult(move=state.legal_moves()[0], move_text="", infos=(), reason="stopped", nodes=0, time=0.0)
    explanation = explain(state, result)
    assert explanation.verdict == UNSEARCHED
    assert explanation_text(explanation, state) == "a first guess: the search had no time to finish a depth"


# -- Quarto and backgammon: a game's own words -------------------------------------------------------
def test_quarto_says_every_other_piece_would_let_the_opponent_win():
    quarto = GAMES["quarto"].game
    state = quarto.parse_position("36e./b.../.1.4/da.. 8")
    explanation, english, italian = hint("quarto", state, SearchLimits())
    assert (explanation.verdict, explanation.only) == (DRAW, True)
    assert english == "Hint: d4:2 \u2014 the only move that keeps the draw; every other piece gives the opponent a win"
    assert italian.endswith("ogni altro pezzo d\u00e0 la vittoria all'avversario")
    # By the rules, beside the search: after 8 goes on d4, each other piece completes a line somewhere.
    placed = state.apply(state.parse_move("d4:2"))
    empty = [square for square in range(16) if placed.piece_at(square) is None]
    for piece in placed.pool() + [placed.hand]:
        wins = any(placed.placement_wins(square, piece) for square in empty)
        assert wins == (piece != 2), piece


def test_backgammon_quotes_the_bear_off_database():
    # Both sides have two checkers left: White's on the 5 and 6 points with 5-4 to play, Black's
    # two on its 6 point. Every play leaves White bearing off for sure next turn, and Black
    # finishes first only by rolling 3-3, 4-4, 5-5 or 6-6: White's chance is 32/36, 89%.
    me = (13, 0, 0, 0, 0, 1, 1) + (0,) * 19
    other = (13, 0, 0, 0, 0, 0, 2) + (0,) * 19
    state = BackgammonState(me, other, FIRST, (5, 4))
    explanation, english, italian = hint("backgammon", state, SearchLimits(depth=1))
    assert explanation.verdict == BEST
    assert "\u2014 the database says 89% to bear off first; best by the evaluation (+0.78)" in english
    assert "secondo il database, 89% di finire per primo il bear-off" in italian


def test_backgammon_says_which_point_a_turn_makes_and_what_it_hits():
    backgammon = GAMES["backgammon"].game
    opening = backgammon.initial_state().apply((3, 1, FIRST))  # White opens with 3-1
    assert opening.line_phrases([opening.parse_move("8/5 6/5")]) == [
        Phrase("makes the {point} point", fields=(("point", "5"),))]
    explanation, english, _ = hint("backgammon", opening, SearchLimits(depth=1))
    assert opening.display_move(explanation.move) == "8/5 6/5"  # the book's 3-1, which 0-ply plays
    assert english.startswith("Hint: 8/5 6/5 \u2014 makes the 5 point; best by the evaluation (+")
    # A hit is read from the board: after White's 6-4 played 24/18 13/9, every turn of Black's
    # 6-4 that hits says so, and no other.
    white = backgammon.initial_state().apply((6, 4, FIRST))
    black = white.apply(white.parse_move("24/18 13/9")).apply((6, 4))
    hitting = 0
    for turn in black.legal_moves():
        said = [phrase for phrase in black.line_phrases([turn]) if phrase.text == "hits a blot"]
        assert bool(said) == black.is_capture(turn), black.display_move(turn)
        hitting += bool(said)
    assert hitting
    turn = black.parse_move("13/7* 13/9")
    assert black.line_phrases([turn])[0] == Phrase("hits a blot", "hits {count} blots", count=1)
    with i18n.speaking("italian"):
        assert phrase_text(black.line_phrases([turn])[0]) == "colpisce una pedina scoperta"
