"""PGN: writing games, reading them back, and refusing what is not a readable game."""
from __future__ import annotations

import random
import re

import chess
import pytest

from games.base import FIRST, SECOND, IllegalMove, InvalidRecord, Outcome
from games.chess.pgn import RECORDED_RESULT, decode_pgn, read_pgn, result_token, write_pgn
from games.chess.game import Chess

GAME = Chess()


def play(sans: str, fen: str | None = None):
    """The initial state and the moves of the SAN line ``sans``."""
    state = GAME.parse_position(fen) if fen else GAME.initial_state()
    initial, moves = state, []
    for san in sans.split():
        move = state.parse_move(san)
        moves.append(move)
        state = state.apply(move)
    return initial, moves, state


RUY_LOPEZ = ("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 c4 c6 cxb5 axb5 Nc3 "
             "Bb7 Bg5 b4 Nb1 h6 Bh4 c5 dxe5 Nxe4 Bxe7 Qxe7 exd6 Qf6 Nbd2 Nxd6 Nc4 Nxc4 Bxc4 Nb6 Ne5 Rae8 "
             "Bxf7+ Rxf7 Nxf7 Rxe1+ Qxe1 Kxf7 Qe3 Qg5 Qxg5 hxg5 b3 Ke6 a3 Kd6 axb4 cxb4 Ra5 Nd5 f3 Bc8")


# -- writing and reading back -------------------------------------------------------------------

def test_round_trip_keeps_moves_start_result_and_tags():
    initial, moves, _ = play(RUY_LOPEZ)
    tags = {"White": 'Robert "Bobby" Fischer', "Black": "Boris Spassky", "Event": "World Championship",
            "TimeControl": "40/7200", "Annotator": "back\\slash"}
    text = write_pgn(initial, moves, Outcome(FIRST, "resignation"), tags, {0: "+0.35/12", 9: "book"})
    [game] = read_pgn(text)
    assert list(game.moves) == moves
    assert game.initial == initial
    assert game.result == Outcome(FIRST, RECORDED_RESULT)
    assert game.tags["White"] == 'Robert "Bobby" Fischer' and game.tags["Annotator"] == "back\\slash"
    assert game.tags["TimeControl"] == "40/7200" and game.tags["Result"] == "1-0"


def test_written_text_has_the_seven_tag_roster_first_and_wraps_at_80_columns():
    initial, moves, _ = play(RUY_LOPEZ)
    text = write_pgn(initial, moves, None, {"TimeControl": "300+2"}, {index: "+0.12/9" for index in range(len(moves))})
    lines = text.splitlines()
    names = [re.match(r'\[(\w+) "', line).group(1) for line in lines if line.startswith("[")]
    assert names[:7] == ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
    assert "TimeControl" in names and "FEN" not in names and "SetUp" not in names
    assert re.search(r'\[Date "\d{4}\.\d\d\.\d\d"\]', text)
    assert '[White "?"]' in text and '[Result "*"]' in text
    assert all(len(line) <= 80 for line in lines)
    assert text.endswith(" *\n")
    assert "1. e4 { +0.12/9 } 1... e5 { +0.12/9 }" in text
    assert not any(re.search(r"\d+\.$", line) for line in lines), "a move number parted from its move"


@pytest.mark.parametrize("result, token", [
    (Outcome(FIRST, "resignation"), "1-0"), (Outcome(SECOND, "time forfeit"), "0-1"),
    (Outcome(None, "agreed", 0), "1/2-1/2"), (None, "*")])
def test_result_tokens_round_trip(result, token):
    initial, moves, _ = play("d4 d5 c4")
    text = write_pgn(initial, moves, result, {}, {})
    assert result_token(result) == token and text.rstrip().endswith(token) and f'[Result "{token}"]' in text
    [game] = read_pgn(text)
    expected = None if result is None else Outcome(result.winner, RECORDED_RESULT, result.points)
    assert game.result == expected
    assert ('[Termination "time forfeit"]' in text) == (token == "0-1")


def test_a_game_ended_on_the_board_reads_back_with_the_real_reason():
    initial, moves, final = play("f3 e5 g4 Qh4#")
    [game] = read_pgn(write_pgn(initial, moves, final.outcome(), {}, {}))
    assert game.result == Outcome(SECOND, "checkmate")


def test_a_game_from_a_fen_position_round_trips():
    fen = "r3k2r/pppq1ppp/2n2n2/3pp3/1b1PP3/2N2N2/PPPQ1PPP/R3KB1R b KQkq - 3 9"
    initial, moves, _ = play("O-O-O Bb5 dxe4", fen)
    text = write_pgn(initial, moves, None, {}, {})
    assert f'[FEN "{fen}"]' in text and '[SetUp "1"]' in text
    assert "9... O-O-O 10. Bb5 dxe4" in text
    [game] = read_pgn(text)
    assert game.initial == GAME.parse_position(fen) and list(game.moves) == moves


def test_moves_replay_through_chess_states_with_the_repetition_history():
    initial, moves, _ = play("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8")
    [game] = read_pgn(write_pgn(initial, moves, None, {}, {}))
    state = game.initial
    for move in game.moves:
        assert move in state.legal_moves()
        state = state.apply(move)
    assert state.draw_claim() == "threefold repetition"


def test_writing_refuses_an_illegal_move_and_a_bad_tag_name():
    initial, moves, _ = play("e4 e5")
    with pytest.raises(IllegalMove, match="move 3"):
        write_pgn(initial, [*moves, chess.Move.from_uci("e4e5")], None, {}, {})
    with pytest.raises(ValueError, match="tag name"):
        write_pgn(initial, moves, None, {"Bad Name": "x"}, {})


def test_the_chess_game_offers_pgn():
    initial, moves, _ = play("e4 c5")
    assert GAME.record_format == "PGN"
    text = GAME.write_record(initial, moves, None, {"White": "Ann"}, {1: "Sicilian"})
    assert "{ Sicilian }" in text
    [game] = GAME.read_records(text)
    assert list(game.moves) == moves and game.tags["White"] == "Ann"


# -- reading what others wrote ------------------------------------------------------------------

ANNOTATED = """[Event "Casual game"]
[Site "London"]
[Date "1851.06.21"]
[Round "?"]
[White "Anderssen, Adolf"]
[Black "Kieseritzky, Lionel"]
[Result "1-0"]

1.e4 e5 2.f4 exf4 3.Bc4 Qh4+ 4.Kf1 b5 {the Bryan Countergambit} 5.Bxb5 Nf6
6.Nf3 Qh6 7.d3 Nh5 8.Nh4 Qg5 9.Nf5 c6 (9...Bb7 $5 {is another try} 10.Nc3)
10.g4 Nf6 11.Rg1! cxb5 12.h4 Qg6 13.h5 Qg5 14.Qf3 Ng8 15.Bxf4 Qf6 16.Nc3 Bc5
17.Nd5 Qxb2 18.Bd6!! Bxg1 $4 ; the losing move
19.e5 Qxa1+ 20.Ke2 Na6 21.Nxg7+ Kd8 22.Qf6+ Nxf6 23.Be7# 1-0
"""


def test_reads_comments_variations_and_nags_keeping_the_main_line():
    [game] = read_pgn(ANNOTATED)
    assert len(game.moves) == 45
    assert game.tags["White"] == "Anderssen, Adolf" and game.tags["Date"] == "1851.06.21"
    assert game.result == Outcome(FIRST, "checkmate")
    assert game.initial.board.fen() == chess.STARTING_FEN
    assert game.moves[34] == chess.Move.from_uci("f4d6")  # 18. Bd6!!, not 9... Bb7 of the variation


def test_windows_line_ends_a_byte_order_mark_and_several_games():
    second = '[Event "Two"]\n[White "B"]\n[Black "C"]\n[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n'
    third = "1. d4 d5 *"  # no tags at all
    text = "\ufeff" + (ANNOTATED + "\n" + second + "\n" + third).replace("\n", "\r\n")
    games = read_pgn(text)
    assert [len(game.moves) for game in games] == [45, 4, 2]
    assert games[1].tags == {"Event": "Two", "White": "B", "Black": "C", "Result": "0-1"}
    assert games[2].tags == {} and games[2].result is None


def test_games_run_together_without_an_empty_line_are_still_told_apart():
    text = '[White "A"]\n1. e4 e5 1-0\n[White "B"]\n1. d4 0-1\n'
    games = read_pgn(text)
    assert [game.tags["White"] for game in games] == ["A", "B"]
    assert [len(game.moves) for game in games] == [2, 1]


def test_a_game_with_tags_and_no_moves_and_real_world_decorations():
    games = read_pgn('[Event "Empty"]\n\n*\n\n'
                     '1. e4 {[%clk 0:03:00]} 1... c5 {[%eval 0.3]} 2. Nf3+? d6!? 3. d4 e.p. cxd4 =\n')
    assert games[0].moves == () and games[0].tags == {"Event": "Empty"}
    assert len(games[1].moves) == 6


def test_decode_pgn_accepts_utf8_with_bom_and_latin1():
    assert decode_pgn("\ufeff[White \"Ré\"]".encode("utf-8")) == '[White "Ré"]'
    assert decode_pgn('[White "Réti"]'.encode("latin-1")) == '[White "Réti"]'


# -- refusing what cannot be read ---------------------------------------------------------------

def refused(text: str) -> str:
    with pytest.raises(InvalidRecord) as caught:
        read_pgn(text)
    message = str(caught.value)
    assert message and message[0].isupper()
    return message


@pytest.mark.parametrize("text", ["", "   \n\r\n  "])
def test_empty_text_is_refused(text):
    assert "empty" in refused(text)


def test_only_comments_is_no_game():
    assert "no game" in refused("% a comment line\n; another\n")


@pytest.mark.parametrize("cut, words", [
    ('[Event "Cut', "Line 1"),
    ('[Event "x"]\n\n1. e4 e5 2. Nf', "'Nf'"),
    ('[Event "x"]\n\n1. e4 e5 2.', "cut off"),
    ('[Event "x"]\n\n1. e4 {a comment that never', "never closed"),
    ('[Event "x"]\n\n1. e4 (1. d4 d5', "never closed"),
])
def test_truncated_text_is_refused(cut, words):
    assert words in refused(cut)


def test_an_illegal_move_is_refused_naming_the_game_and_the_move():
    text = '[White "A"]\n[Black "B"]\n\n1. e4 e5 *\n\n[White "Carlsen"]\n[Black "Caruana"]\n\n1. e4 e5 2. Ke3 *\n'
    message = refused(text)
    assert "Game 2 (Carlsen vs Caruana)" in message and "2. Ke3" in message and "White cannot play Ke3" in message
    assert "1... Nd4" in refused("1. e4 Nd4 *") and "Black cannot play" in refused("1. e4 Nd4 *")
    assert "more than one" in refused('[FEN "4k3/8/8/8/8/8/8/2N1K1N1 w - - 0 1"]\n\n1. Ne2 *')


def test_an_illegal_move_inside_a_variation_does_not_matter():
    [game] = read_pgn("1. e4 e5 (1... Ke3 2. Qh5) 2. Nf3 *")
    assert len(game.moves) == 3


def test_a_bad_fen_tag_is_refused():
    assert "FEN tag" in refused('[FEN "not a position"]\n[SetUp "1"]\n\n1. e4 *')
    assert "White has no king" in refused('[FEN "4k3/8/8/8/8/8/8/8 w - - 0 1"]\n\n*')


def test_binary_junk_and_garbage_are_refused():
    junk = random.Random(7).randbytes(300)
    assert "control character" in refused(decode_pgn(junk))
    assert "'hello'" in refused("hello world, this is not chess")
    assert "'Nf3xyz'" in refused("1. e4 e5 2. Nf3xyz *")
    assert "not a well-formed tag" in refused('[White Carlsen]\n\n1. e4 *')


def test_other_refusals_say_why():
    assert "null move" in refused("1. e4 -- *")
    assert "Chess960" in refused('[Variant "Chess960"]\n[FEN "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"]\n\n9. g3 *')
    assert "after the result" in refused("1. e4 e5 1-0 2. Nf3 *")
    assert "never opened" in refused("1. e4 e5) *")


def test_moves_after_an_automatic_draw_are_refused():
    shuffle = " ".join(f"{2 * round + 1}. Nf3 Nf6 {2 * round + 2}. Ng1 Ng8" for round in range(4))
    assert "already over (fivefold repetition)" in refused(f"{shuffle} 9. e4 *")
    [game] = read_pgn(f"{shuffle} 1/2-1/2")
    assert game.result == Outcome(None, "fivefold repetition", 0)


# -- reading only the first games (a database of thousands opens at once) -----------------------

CARLSEN = '[White "Carlsen"]\n[Black "Caruana"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 1-0\n'


def test_with_a_limit_the_games_after_it_are_not_read(monkeypatch):
    broken = '\n[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Ke3 *\n\n'
    assert "Game 2 (A vs B)" in refused(CARLSEN + broken)  # read whole: the second game's illegal move
    text = CARLSEN + broken + ("\n" + CARLSEN) * 100 + "\x00\x01 binary \x02\n" * 3
    assert "control character" in refused(text)
    parsed = []
    original = chess.Board.parse_san
    monkeypatch.setattr(chess.Board, "parse_san", lambda board, san: parsed.append(san) or original(board, san))
    [game] = read_pgn(text, limit=1)
    assert game.tags["White"] == "Carlsen" and len(game.moves) == 5 and game.result.winner == FIRST
    assert parsed == ["e4", "e5", "Nf3", "Nc6", "Bb5"]  # the first game's moves only
    assert [len(game.moves) for game in read_pgn(CARLSEN + "\n" + CARLSEN + broken, limit=2)] == [5, 5]


def test_with_a_limit_the_first_game_is_named_only_when_others_follow():
    assert not refused('[White "A"]\n\n1. e4 Ke7 *\n\n\n').startswith("Game")
    assert refused('[White "A"]\n\n1. e4 Ke7 *\n\n[White "B"]\n\n1. d4 *\n').startswith("Game 1 (A vs ?)")
    with pytest.raises(InvalidRecord, match=r"^Game 1 \(A vs \?\): move 1\.\.\. Ke7"):
        read_pgn('[White "A"]\n\n1. e4 Ke7 *\n\n[White "B"]\n\n1. d4 *\n', limit=1)
    with pytest.raises(InvalidRecord, match=r"^Move 1\.\.\. Ke7"):
        read_pgn('[White "A"]\n\n1. e4 Ke7 *\n\n\n%escape\n', limit=1)


@pytest.mark.parametrize("cut", [0, CARLSEN.index("\n") + 1, CARLSEN.index("1.") - 1, len(CARLSEN)])
def test_the_beginning_of_a_text_gives_no_game_until_the_first_surely_ends(cut):
    text = CARLSEN + "\n" + CARLSEN  # cut at a line end, as a file read a piece at a time is
    assert read_pgn(text[:cut], limit=1, more=True) == []  # inside the first game: it may go on
    assert read_pgn('[White "A"]\n\n1. e4 {a comment that goes\n', limit=1, more=True) == []


def test_the_beginning_of_a_text_gives_the_first_game_once_it_ends():
    text = CARLSEN + "\n" + CARLSEN
    for cut in (len(CARLSEN) + 1, len(CARLSEN) + 10, len(text)):
        [game] = read_pgn(text[:cut], limit=1, more=True)
        assert len(game.moves) == 5 and game.tags["White"] == "Carlsen"
    run_together = '[White "A"]\n1. e4 e5 1-0\n[White "B"]\n'  # the next game's tags end the first
    assert [game.tags["White"] for game in read_pgn(run_together, limit=1, more=True)] == ["A"]
    with pytest.raises(InvalidRecord, match="Ke3"):
        read_pgn("1. e4 e5 2. Ke3 *\n\n[White", limit=1, more=True)
    assert "control character" in refused("1. e4 e5\x00 *\n")
