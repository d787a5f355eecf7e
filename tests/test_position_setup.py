"""The board editors' rules, game by game (``games/<id>/setup.py``): what can be put
where, the settings, and the positions refused with their reasons. What every editor
promises (round trips, declared and translated reasons) is in tests/test_game_contract.py."""
from __future__ import annotations

import chess
import pytest

from games.backgammon import notation
from games.backgammon import position_text as backgammon_text
from games.backgammon.rules import Backgammon, BackgammonState, Cube
from games.backgammon.setup import ALL_ON_BOARD, POINT_TAKEN
from games.base import FIRST, SECOND, ImpossiblePosition, InvalidPosition
from games.chess.game import Chess
from games.chess.rules import ChessState
from games.quarto import position_text as quarto_text
from games.quarto.rules import Quarto
from games.setup import GAME_OVER, HELD_BY_BOTH, OFF, ON
from games.sum15 import rules as sum15_rules
from games.sum15.rules import Sum15, Sum15State
from games.tictactoe import rules as tictactoe_rules
from games.tictactoe.rules import TicTacToe, TicTacToeState


def refusal(editor, state) -> ImpossiblePosition:
    """The reason ``editor`` refuses ``state`` (fails if it does not)."""
    with pytest.raises(ImpossiblePosition) as caught:
        editor.playable(state)
    return caught.value


def put_all(editor, state, placements):
    for place, piece in placements:
        state = editor.put(state, place, piece)
    return state


# -- tic-tac-toe ------------------------------------------------------------------------------------
def test_tictactoe_marks_go_on_and_off_and_the_side_follows_from_them():
    game = TicTacToe()
    editor = game.position_editor()
    state = put_all(editor, game.initial_state(), [("b2", "X"), ("a1", "O"), ("c3", "X")])
    assert state.to_text() == "..X/.X./O.." and editor.contents(state, "a1") == ("O",)
    assert editor.playable(state).to_move() == SECOND and editor.settings(state) == ()
    state = editor.put(state, "a1", "X")  # a mark takes the place of the other
    assert editor.contents(state, "a1") == ("X",)
    state = editor.remove(state, "c3")
    assert state.to_text() == ".../.X./X.." and editor.remove(state, "c3") == state
    assert editor.cleared(state) == game.initial_state()


@pytest.mark.parametrize("text, template", [
    ("XX./.../...", tictactoe_rules.COUNTS_IMPOSSIBLE), ("O../.../...", tictactoe_rules.COUNTS_IMPOSSIBLE),
    ("XXX/OOO/...", tictactoe_rules.BOTH_WON), ("XXX/OO./O..", tictactoe_rules.O_AFTER_WIN),
    ("OOO/XX./X.X", tictactoe_rules.X_AFTER_WIN), ("XXX/OOX/OOX", None)])
def test_tictactoe_positions_no_game_gives_are_refused_with_the_reason(text, template):
    rows = text.split("/")
    marks = {f"{'abc'[column]}{3 - row}": mark for row, line in enumerate(rows) for column, mark in enumerate(line)
             if mark != "."}
    editor = TicTacToe().position_editor()
    state = put_all(editor, TicTacToeState(), [(square, mark) for square, mark in marks.items()])
    reason = refusal(editor, state)
    if template is None:  # two lines through c3: the last X made both, so it is a finished game
        assert reason.template == GAME_OVER and reason.fields == {"reason": "three in a row"}
    else:
        assert reason.template == template
        with pytest.raises(InvalidPosition, match=str(reason).split(":")[0].split("(")[0]):
            TicTacToe().parse_position(text)  # the text is refused for the same reason


def test_tictactoe_a_place_held_by_both_is_refused():
    reason = refusal(TicTacToe().position_editor(), TicTacToeState(0b1, 0b1))
    assert reason.template == HELD_BY_BOTH and reason.fields == {"place": "a1"}


# -- Sum-15 -------------------------------------------------------------------------------------------
def test_sum15_numbers_are_given_and_taken_back():
    game = Sum15()
    editor = game.position_editor()
    state = put_all(editor, game.initial_state(), [("5", "first"), ("2", "second")])
    assert state == Sum15State(0b10000, 0b10) and editor.playable(state).to_move() == FIRST
    assert editor.contents(state, "5") == ("first",) and editor.contents(state, "9") == ()
    assert editor.remove(state, "2") == Sum15State(0b10000, 0)
    with pytest.raises(ValueError):
        editor.put(state, "10", "first")


@pytest.mark.parametrize("text, template", [
    ("589/-", sum15_rules.COUNTS_IMPOSSIBLE), ("-/5", sum15_rules.COUNTS_IMPOSSIBLE),
    ("1249/3567", sum15_rules.BOTH_WON), ("258/349", sum15_rules.SECOND_AFTER_WIN),
    ("1679/258", sum15_rules.FIRST_AFTER_WIN), ("258/13", GAME_OVER)])
def test_sum15_positions_no_game_gives_are_refused_with_the_reason(text, template):
    editor = Sum15().position_editor()
    first, second = (part.strip("-") for part in text.split("/"))
    state = put_all(editor, Sum15State(), [(number, "first") for number in first] +
                    [(number, "second") for number in second])
    assert refusal(editor, state).template == template


# -- Quarto -------------------------------------------------------------------------------------------
def test_quarto_each_piece_is_in_one_place_and_the_hand_is_a_place():
    game = Quarto()
    editor = game.position_editor()
    state = put_all(editor, game.initial_state(), [("a1", "5"), ("hand", "c")])
    assert state.to_text() == "..../..../..../5... c" and editor.playable(state).to_move() == FIRST
    state = editor.put(state, "b2", "5")  # moved, not copied
    assert editor.contents(state, "a1") == () and editor.contents(state, "b2") == ("5",)
    state = editor.put(state, "a1", "c")  # the piece in hand goes to the board
    assert editor.contents(state, "hand") == () and state.to_text() == "..../..../.5../c... -"
    state = editor.put(state, "hand", "5")  # and a piece on the board into the hand
    assert state.to_text() == "..../..../..../c... 5"
    assert editor.remove(state, "hand").hand == 16 and editor.cleared(state) == game.initial_state()


def test_quarto_refuses_a_game_without_a_piece_in_hand_a_finished_line_and_a_piece_twice():
    editor = Quarto().position_editor()
    start = Quarto().initial_state()
    assert refusal(editor, editor.put(start, "a1", "5")).template == quarto_text.NO_HAND
    line = put_all(editor, start, [("a1", "0"), ("b1", "1"), ("c1", "2"), ("d1", "3")])  # all round and solid
    assert refusal(editor, line).fields == {"reason": "four in a line sharing an attribute"}
    assert refusal(editor, editor.put(line, "hand", "4")).template == quarto_text.HAND_AFTER_END
    crossing = put_all(editor, line, [("a2", "4"), ("a3", "8"), ("a4", "c")])  # a1's column too: one last piece
    assert refusal(editor, crossing).template == GAME_OVER
    apart = put_all(editor, line, [("a3", "4"), ("b3", "5"), ("c3", "6"), ("d3", "7")])  # two lines, no square shared
    assert refusal(editor, apart).template == quarto_text.WENT_ON
    twice = Quarto().parse_position("..../..../..../12.. 3")
    twice = twice.__class__(twice[0] | 0b100, twice[1] | 0b100, *twice[2:])  # piece 1 on c1 as well as a1
    assert refusal(editor, twice).template == quarto_text.PIECE_TWICE and refusal(editor, twice).fields == {"piece": 1}


def test_quarto_a_block_ends_the_game_only_in_the_squares_variant():
    block = [("a1", "0"), ("b1", "1"), ("a2", "2"), ("b2", "3"), ("hand", "f")]
    for squares, over in ((False, False), (True, True)):
        game = Quarto(squares=squares)
        editor = game.position_editor()
        state = put_all(editor, game.initial_state(), block)
        if over:
            assert refusal(editor, state).template == quarto_text.HAND_AFTER_END
        else:
            assert editor.playable(state).to_text() == "..../..../23../01.. f"


# -- backgammon ---------------------------------------------------------------------------------------
def backgammon_start(cube: bool = True) -> BackgammonState:
    return Backgammon().start({"cube": cube, "jacoby": False})


def test_backgammon_checkers_come_from_the_tray_and_fifteen_is_all():
    editor = Backgammon().position_editor()
    state = editor.with_setting(backgammon_start(), "side", "first")
    assert editor.contents(state, "6") == ("first",) * 5 and editor.contents(state, "1") == ("second",) * 2
    with pytest.raises(ImpossiblePosition) as caught:
        editor.put(state, "6", "first")
    assert caught.value.template == ALL_ON_BOARD and caught.value.fields == {"player": "White"}
    state = editor.remove(state, "6")
    assert state.checkers(FIRST)[notation.OFF] == 1 and editor.contents(state, "6") == ("first",) * 4
    with pytest.raises(ImpossiblePosition) as caught:
        editor.put(state, "1", "first")
    assert caught.value.template == POINT_TAKEN and caught.value.fields == {"point": 1, "player": "Black"}
    state = editor.put(editor.remove(editor.put(state, "bar", "first"), "19"), "bar", "second")
    assert editor.contents(state, "bar") == ("first", "second")  # both sides' checkers share the bar
    assert editor.contents(editor.remove(state, "bar", "second"), "bar") == ("first",)
    assert editor.contents(editor.remove(state, "bar", "first"), "bar") == ("second",)
    played = editor.playable(editor.with_setting(state, "dice", "31"))
    assert played.to_move() == FIRST and all(move[0][0] == notation.BAR for move in played.legal_moves())


def test_backgammon_settings_side_dice_and_cube():
    editor = Backgammon().position_editor()
    state = backgammon_start()
    names = [setting.name for setting in editor.settings(state)]
    assert names == ["side", "dice", "cube_value", "cube_owner"]
    assert [setting.name for setting in editor.settings(backgammon_start(cube=False))] == ["side", "dice"]
    assert [choice for choice, _ in editor.settings(state)[1].choices] == ["-"]  # no dice before the opening roll
    with pytest.raises(ValueError):
        editor.with_setting(state, "dice", "62")
    early_dice = BackgammonState(state.checkers(FIRST), state.checkers(SECOND), None, (6, 2), state.cube)
    assert refusal(editor, early_dice).template == backgammon_text.DICE_BEFORE_OPENING
    assert refusal(editor, editor.remove(state, "6")).template == backgammon_text.NOT_THE_START
    state = editor.with_setting(editor.with_setting(state, "side", "second"), "dice", "62")
    assert state.dice == (6, 2) and editor.playable(state).to_move() == SECOND
    assert editor.with_setting(state, "side", "opening").dice == ()  # the opening roll's turn: no dice yet
    doubled = editor.with_setting(state, "cube_value", "4")
    assert refusal(editor, doubled).template == backgammon_text.CENTRED_AT_ONE
    owned = editor.playable(editor.with_setting(doubled, "cube_owner", "first"))
    assert owned.cube == Cube(4, FIRST) and owned.to_text().endswith("cube 4 first")
    with pytest.raises(ValueError):
        editor.with_setting(state, "dice", "71")


def test_backgammon_impossible_checkers_and_a_finished_game_are_refused():
    editor = Backgammon().position_editor()
    start = notation.START
    sixteen = BackgammonState(tuple(count + (point == 6) for point, count in enumerate(start)), start, FIRST, ())
    reason = refusal(editor, sixteen)
    assert reason.template == notation.TOO_MANY_CHECKERS and reason.fields == {"player": "White", "count": 16}
    shared = BackgammonState(tuple(1 if point == 1 else count - (point == 6) for point, count in enumerate(start)), start,
                             FIRST, ())  # one of White's 6-point checkers on its 1-point, Black's 24-point
    assert refusal(editor, shared).template == notation.SHARED_POINT
    empty = editor.cleared(editor.with_setting(backgammon_start(), "side", "first"))
    assert refusal(editor, empty).template == GAME_OVER
    assert refusal(editor, editor.with_setting(empty, "dice", "11")).template == backgammon_text.DICE_AFTER_END
    black_won = editor.put(empty, "24", "first")  # Black has borne off all 15, White 14 of them
    assert refusal(editor, black_won).fields == {"reason": "all checkers borne off"}


# -- chess --------------------------------------------------------------------------------------------
def chess_board(fen: str) -> ChessState:
    return ChessState(chess.Board(fen))


@pytest.mark.parametrize("fen, reason", [
    ("8/8/8/8/8/8/8/4K3 w - - 0 1", "Black has no king"),
    ("4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "a side has more than one king"),
    ("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "a pawn stands on the first or last rank"),
    ("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "the side not to move is in check"),
    ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", "the castling rights do not fit the kings and rooks"),
    ("4k3/8/8/8/8/8/8/4K3 w - e6 0 1", "the en passant square is impossible"),
])
def test_chess_positions_that_cannot_occur_are_refused_with_the_reason(fen, reason):
    editor = Chess().position_editor()
    assert refusal(editor, chess_board(fen)).template == reason
    with pytest.raises(InvalidPosition, match=reason):
        Chess().parse_position(fen)


def test_chess_pieces_settings_and_a_finished_game():
    editor = Chess().position_editor()
    state = editor.cleared(Chess().initial_state())
    assert state.board.fen() == "8/8/8/8/8/8/8/8 w - - 0 1"
    state = put_all(editor, state, [("e1", "K"), ("e8", "k"), ("h1", "R"), ("d7", "p")])
    state = editor.with_setting(state, "castle_K", ON)
    assert editor.playable(state).board.fen() == "4k3/3p4/8/8/8/8/8/4K2R w K - 0 1"
    assert editor.contents(state, "d7") == ("p",) and editor.contents(editor.remove(state, "d7"), "d7") == ()
    switches = {setting.name: setting.value for setting in editor.settings(state) if setting.switch}
    assert switches == {"castle_K": ON, "castle_Q": OFF, "castle_k": OFF, "castle_q": OFF}
    assert refusal(editor, editor.with_setting(state, "castle_q", ON)).template == \
        "the castling rights do not fit the kings and rooks"  # Black has no rook on a8
    moved = editor.put(editor.remove(state, "d7"), "d5", "p")
    black = editor.with_setting(moved, "side", "black")
    assert [choice for choice, _ in editor.settings(black)[-1].choices] == ["-"]  # no pawn of White's beside it
    white = put_all(editor, moved, [("e5", "P")])
    en_passant = editor.settings(white)[-1]
    assert en_passant.choices == (("-", "None"), ("d", "d6"))
    playable = editor.playable(editor.with_setting(white, "en_passant", "d"))
    assert chess.Move.from_uci("e5d6") in playable.legal_moves()
    mate = chess_board("k7/1Q6/1K6/8/8/8/8/8 b - - 0 1")
    assert refusal(editor, mate).fields == {"reason": "checkmate"}
    assert refusal(editor, chess_board("k7/8/1QK5/8/8/8/8/8 b - - 0 1")).fields == {"reason": "stalemate"}


def test_chess_settings_the_rules_would_ignore_still_count_as_edits():
    """A castling right without its rook, or an en passant square no pawn can take on,
    leaves the board equal for the rules (python-chess compares clean rights and legal en
    passant only), yet it is what was set, and what makes the position impossible."""
    editor = Chess().position_editor()
    kingless = editor.remove(Chess().initial_state(), "e1")
    switched = editor.with_setting(kingless, "castle_K", OFF)
    assert switched == kingless and not editor.same(switched, kingless)
    assert editor.same(kingless, editor.remove(kingless, "e1"))
