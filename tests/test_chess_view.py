"""The chess board view without a display: moves by click-click and drag-and-drop,
the promotion picker, orientation, refusals in words, drawing at many sizes, and the
piece image cache."""
from __future__ import annotations

import chess
import pygame
import pytest

from games.chess.game import Chess
from games.chess.rules import ChessState
from ui import theme
from ui.views import chess_pieces
from ui.views.base import BoardDecorations
from ui.views.chess_view import DARK_SQUARE, LIGHT_SQUARE, ChessView, captured_pieces, material_lead

GAME = Chess()


@pytest.fixture(autouse=True)
def fonts():
    """Fonts (the app may have quit pygame in an earlier test) and fresh image caches."""
    pygame.font.init()
    theme.reset_fonts()
    chess_pieces.clear_cache()
    yield
    chess_pieces.clear_cache()


def position(fen: str) -> ChessState:
    return GAME.parse_position(fen)


def after(*moves: str) -> ChessState:
    state = GAME.initial_state()
    for text in moves:
        state = state.apply(state.parse_move(text))
    return state


def board_view(size=(600, 690), flipped=False) -> ChessView:
    view = ChessView()
    view.flipped = flipped
    view.layout(pygame.Rect(0, 0, *size))
    return view


def centre(view: ChessView, name: str) -> tuple[int, int]:
    return view.square_rect(chess.parse_square(name)).center


def click(view: ChessView, name: str, state: ChessState):
    """Press and release on the square ``name`` without moving: the move made, if any."""
    down = view.pointer_down(centre(view, name), state)
    up = view.pointer_up(centre(view, name), state)
    assert down is None or up is None
    return down if down is not None else up


def drag(view: ChessView, origin: str, target: str | tuple[int, int], state: ChessState):
    """Press on ``origin``, move in steps to ``target`` (a square or a point), release there."""
    assert view.pointer_down(centre(view, origin), state) is None
    start = centre(view, origin)
    end = centre(view, target) if isinstance(target, str) else target
    for step in range(1, 5):
        view.pointer_move((start[0] + (end[0] - start[0]) * step // 4, start[1] + (end[1] - start[1]) * step // 4))
    return view.pointer_up(end, state)


def click_click(view: ChessView, origin: str, target: str, state: ChessState):
    assert click(view, origin, state) is None
    return click(view, target, state)


MOVING = [click_click, drag]


@pytest.mark.parametrize("gesture", MOVING)
@pytest.mark.parametrize("state, origin, target, expected", [
    (GAME.initial_state(), "e2", "e4", "e2e4"),
    (GAME.initial_state(), "g1", "f3", "g1f3"),
    (after("e4", "d5"), "e4", "d5", "e4d5"),
    (position("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"), "e1", "g1", "e1g1"),
    (position("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"), "e1", "c1", "e1c1"),
    (position("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"), "e1", "h1", "e1g1"),
    (position("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1"), "e8", "a8", "e8c8"),
    (after("e4", "a6", "e5", "f5"), "e5", "f6", "e5f6"),
])
def test_a_gesture_makes_the_move(gesture, state, origin, target, expected):
    for flipped in (False, True):
        view = board_view(flipped=flipped)
        move = gesture(view, origin, target, state)
        assert move == chess.Move.from_uci(expected)
        assert move in state.legal_moves()


def test_a_flipped_board_plays_black_from_the_bottom():
    view = board_view(flipped=True)
    state = after("e4")
    assert view.square_rect(chess.E7).top > view.square_rect(chess.E2).top
    assert click_click(view, "e7", "e5", state) == chess.Move.from_uci("e7e5")
    assert drag(view, "g8", "f6", state) == chess.Move.from_uci("g8f6")


def test_an_illegal_drop_puts_the_piece_back():
    state = GAME.initial_state()
    view = board_view()
    assert drag(view, "e2", "e5", state) is None
    assert click(view, "e4", state) is None  # nothing is selected any more
    assert drag(view, "e2", (5, 3), state) is None  # off the board: in the strip above it
    assert drag(view, "e2", (2000, 2000), state) is None  # off the view
    assert click(view, "e4", state) is None
    surface = draw(view, state)
    assert surface.get_at(centre(view, "e2"))[:3] not in (LIGHT_SQUARE, DARK_SQUARE)
    assert surface.get_at(centre(view, "e5"))[:3] in (LIGHT_SQUARE, DARK_SQUARE)


def test_a_drag_back_to_its_square_keeps_the_piece_selected():
    state = GAME.initial_state()
    view = board_view()
    assert drag(view, "e2", "e2", state) is None
    assert click(view, "e4", state) == chess.Move.from_uci("e2e4")


def test_click_click_selects_reselects_and_puts_down():
    state = GAME.initial_state()
    view = board_view()
    assert click(view, "e2", state) is None
    assert click(view, "d2", state) is None  # another piece of the mover: chosen instead
    assert click(view, "d4", state) == chess.Move.from_uci("d2d4")
    assert click(view, "e2", state) is None
    assert click(view, "e2", state) is None  # the selected piece again: put down
    assert click(view, "e4", state) is None
    assert click(view, "e2", state) is None
    assert click(view, "a5", state) is None  # elsewhere: put down
    assert click(view, "e4", state) is None
    assert click(view, "g1", state) is None
    assert view.pointer_down((3, 3), state) is None  # the strip: put down
    assert click(view, "f3", state) is None


def test_a_new_position_or_cancel_forgets_the_selection():
    view = board_view()
    assert click(view, "e2", GAME.initial_state()) is None
    assert click(view, "e4", after("d4", "d5")) is None
    assert click(view, "e2", GAME.initial_state()) is None
    view.cancel_selection()
    assert click(view, "e4", GAME.initial_state()) is None
    assert view.pointer_up(centre(view, "e4"), GAME.initial_state()) is None  # a release without a press


PROMOTION = "3r2k1/4P3/8/8/8/8/6K1/8 w - - 0 1"


@pytest.mark.parametrize("flipped", [False, True])
def test_the_promotion_picker_offers_the_four_pieces_on_the_board(flipped):
    state = position(PROMOTION)
    view = board_view(flipped=flipped)
    assert drag(view, "e7", "e8", state) is None
    assert view.promotion_squares() == [(chess.E8, chess.QUEEN), (chess.E7, chess.KNIGHT),
                                        (chess.E6, chess.ROOK), (chess.E5, chess.BISHOP)]
    assert view.refusal(centre(view, "e8"), state) == ""
    draw(view, state)
    assert click(view, "e7", state) == chess.Move.from_uci("e7e8n")
    assert view.promotion_squares() == []
    assert click_click(view, "e7", "d8", state) is None
    assert click(view, "d6", state) == chess.Move.from_uci("e7d8r")


def test_a_click_beside_the_picker_cancels_the_promotion():
    state = position(PROMOTION)
    view = board_view()
    assert click_click(view, "e7", "e8", state) is None
    assert click(view, "a1", state) is None
    assert view.promotion_squares() == []
    assert view.refusal(centre(view, "a1"), state) == ""
    assert click(view, "e8", state) is None  # the pawn is no longer selected


def test_black_promotes_with_the_picker_going_up_from_the_first_rank():
    state = position("6k1/8/8/8/8/8/3p4/6K1 b - - 0 1")
    view = board_view(flipped=True)
    assert drag(view, "d2", "d1", state) is None
    assert [square for square, _ in view.promotion_squares()] == [chess.D1, chess.D2, chess.D3, chess.D4]
    assert click(view, "d4", state) == chess.Move.from_uci("d2d1b")


@pytest.mark.parametrize("gesture", MOVING)
def test_always_queen_promotes_at_once(gesture):
    state = position(PROMOTION)
    view = board_view()
    view.option_values["always_queen"] = True
    assert gesture(view, "e7", "e8", state) == chess.Move.from_uci("e7e8q")
    assert view.promotion_squares() == []


@pytest.mark.parametrize("flipped", [False, True])
@pytest.mark.parametrize("size", [(200, 230), (600, 690), (1000, 1000), (1200, 1400)])
def test_squares_and_points_agree_in_both_orientations(flipped, size):
    view = board_view(size, flipped)
    area = view.board_area()
    assert view.rect.contains(area) and area.width == area.height == 8 * view.square_size
    seen = set()
    for square in chess.SQUARES:
        rect = view.square_rect(square)
        assert area.contains(rect)
        for point in (rect.center, rect.topleft, (rect.right - 1, rect.bottom - 1)):
            assert view.square_at(point) == square
        seen.add(rect.topleft)
    assert len(seen) == 64
    corner = view.square_rect(chess.A1)
    assert corner.bottomleft == area.bottomleft if not flipped else corner.topright == area.topright
    assert view.square_at((area.left, area.top - 1)) is None
    assert view.square_at((area.left, area.bottom)) is None


def test_the_strips_lie_above_and_below_the_board():
    view = board_view((600, 690))
    area = view.board_area()
    assert view.top_strip.bottom == area.top and view.bottom_strip.top == area.bottom
    assert view.top_strip.height >= 16 and view.rect.contains(view.top_strip.union(view.bottom_strip))
    assert 0.85 <= view.aspect_ratio <= 0.9


def refusal_after_clicks(state: ChessState, *squares: str) -> str:
    view = board_view()
    for name in squares:
        assert click(view, name, state) is None
    return view.refusal(centre(view, squares[-1]), state)


def test_refusals_say_why_in_words():
    start = GAME.initial_state()
    assert refusal_after_clicks(start, "e7") == "That is Black's piece: it is White's turn"
    assert refusal_after_clicks(after("e4"), "d2") == "That is White's piece: it is Black's turn"
    assert refusal_after_clicks(start, "e4") == "There is no piece on e4: choose one of White's pieces"
    assert refusal_after_clicks(start, "g1", "g3") == "The knight on g1 cannot move to g3"
    assert refusal_after_clicks(start, "g1") == ""
    assert refusal_after_clicks(start, "f1") == "The bishop on f1 has no move: it is blocked"
    checked = after("e4", "d5", "exd5", "Qxd5", "Nc3", "Qe5")
    assert refusal_after_clicks(checked, "g1", "f3") == "Your king is in check: that move does not get out of it"
    assert refusal_after_clicks(checked, "a2") == \
        "Your king is in check: the pawn on a2 cannot get it out of check"
    pinned = position("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1")
    assert refusal_after_clicks(pinned, "e2") == \
        "The bishop on e2 is pinned: moving it would leave your king in check"
    assert refusal_after_clicks(position("4k3/8/8/8/8/8/r7/4K3 w - - 0 1"), "e1", "e2") == \
        "The king cannot move to e2: it would be in check there"


def test_refusals_explain_castling():
    assert refusal_after_clicks(position("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1"), "e1", "g1") == \
        "White can no longer castle kingside: the king or that rook has already moved"
    assert refusal_after_clicks(position("4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1"), "e1", "g1") == \
        "You cannot castle kingside: the king may not pass through f1, which is attacked"
    assert refusal_after_clicks(position("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1"), "e1", "c1") == \
        "You cannot castle queenside: the squares between the king and the rook must be empty"
    assert refusal_after_clicks(position("4k3/8/8/8/8/8/8/R3K2r w Q - 0 1"), "e1", "c1") == \
        "You cannot castle while your king is in check"


def draw(view: ChessView, state: ChessState, decorations: BoardDecorations | None = None,
         size: tuple[int, int] | None = None) -> pygame.Surface:
    surface = pygame.Surface(size or (view.rect.right + 10, view.rect.bottom + 10))
    surface.fill(theme.BACKGROUND)
    view.draw(surface, state, decorations or BoardDecorations())
    return surface


def is_square_colour(colour) -> bool:
    return tuple(colour)[:3] in (LIGHT_SQUARE, DARK_SQUARE)


@pytest.mark.parametrize("flipped", [False, True])
@pytest.mark.parametrize("size", [(200, 230), (320, 368), (600, 690), (900, 1030), (1200, 1400)])
def test_drawing_puts_the_pieces_on_their_squares(size, flipped):
    view = board_view(size, flipped)
    start = GAME.initial_state()
    surface = draw(view, start)
    for name in ("e1", "d8", "a2", "h7"):
        assert not is_square_colour(surface.get_at(centre(view, name)))
    for name in ("e4", "d5", "a3", "h6"):
        assert is_square_colour(surface.get_at(centre(view, name)))
    game = after("e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "Nxe5", "Qd4")
    assert click(view, "e5", game) is None
    hint = chess.Move.from_uci("e5f3")
    for pulse in (0.0, 0.5, 1.0):
        decorations = BoardDecorations(last_move=chess.Move.from_uci("d8d4"), hint_move=hint, interactive=True,
                                       mouse=centre(view, "f3"), pulse=pulse)
        draw(view, game, decorations)
    strip = view.bottom_strip if not flipped else view.top_strip  # White took a knight and a pawn for a bishop: +1
    surface = draw(view, game)
    assert any(surface.get_at((x, strip.centery))[:3] != theme.BACKGROUND for x in range(strip.left, strip.right))
    assert drag(view, "e5", "c6", game) == chess.Move.from_uci("e5c6")
    mated = after("e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7")
    draw(view, mated, BoardDecorations(last_move=chess.Move.from_uci("h5f7")))


def test_drawing_changes_nothing():
    state = position(PROMOTION)
    view = board_view()
    assert click(view, "e7", state) is None
    view.pointer_down(centre(view, "e7"), state)
    view.pointer_move(centre(view, "e6"))
    before = {name: repr(value) for name, value in vars(view).items() if name != "_board_images"}
    draw(view, state, BoardDecorations(hint_move=chess.Move.from_uci("e7e8q"), mouse=(5, 5), pulse=0.3))
    draw(view, after("e4"))
    assert {name: repr(value) for name, value in vars(view).items() if name != "_board_images"} == before


def test_piece_images_are_made_once_per_size(monkeypatch):
    loads = []
    real = pygame.image.load_sized_svg

    def counting(*arguments):
        loads.append(arguments[1])
        return real(*arguments)

    monkeypatch.setattr(pygame.image, "load_sized_svg", counting)
    view = board_view()
    state = after("e4", "d5", "exd5")
    draw(view, state)
    first = len(loads)
    assert 12 <= first <= 14  # twelve pieces on the board, one captured pawn in a strip
    draw(view, state)
    assert len(loads) == first
    view.layout(pygame.Rect(0, 0, 800, 920))
    draw(view, state)
    assert len(loads) > first


def test_without_svg_the_pieces_are_font_glyphs(monkeypatch):
    def broken(*arguments):
        raise pygame.error("no SVG support")

    monkeypatch.setattr(pygame.image, "load_sized_svg", broken)
    view = board_view((400, 460))
    surface = draw(view, GAME.initial_state())
    assert not is_square_colour(surface.get_at(centre(view, "e1")))
    monkeypatch.delattr(pygame.image, "load_sized_svg")
    chess_pieces.clear_cache()
    surface = draw(view, GAME.initial_state())
    pixels = [surface.get_at((x, centre(view, "d8")[1])) for x in range(view.square_rect(chess.D8).left,
                                                                          view.square_rect(chess.D8).right)]
    assert any(not is_square_colour(colour) for colour in pixels)


def test_captured_pieces_and_the_material_lead():
    start = GAME.initial_state().board
    assert captured_pieces(start, chess.WHITE) == [] and material_lead(start, chess.WHITE) == 0
    board = after("e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5").board
    assert captured_pieces(board, chess.WHITE) == [chess.PAWN]
    assert captured_pieces(board, chess.BLACK) == [chess.PAWN]
    promoted = chess.Board("4k3/8/8/8/8/8/8/QQ2K3 w - - 0 1")
    assert captured_pieces(promoted, chess.WHITE).count(chess.PAWN) == 7
    assert material_lead(promoted, chess.WHITE) == 18 and material_lead(promoted, chess.BLACK) == -18


def test_the_view_describes_itself():
    view = ChessView()
    assert view.option_values == {"always_queen": False}
    assert view.seat_second_player_at_bottom and view.move_instruction
    keys = " ".join(keys for keys, _ in view.help_entries()).lower()
    assert "drag" in keys and "click" in keys and "last rank" in keys


def test_a_dragged_piece_follows_the_pointer():
    state = GAME.initial_state()
    view = board_view()
    assert view.pointer_down(centre(view, "g1"), state) is None
    view.pointer_move(centre(view, "e4"))
    surface = draw(view, state)
    assert not is_square_colour(surface.get_at(centre(view, "e4")))
    assert view.pointer_up(centre(view, "e4"), state) is None  # not a knight's move: back to g1
    surface = draw(view, state)
    assert is_square_colour(surface.get_at(centre(view, "e4")))


@pytest.mark.parametrize("size", [(200, 230), (1200, 1400)])
def test_coordinates_and_the_lead_are_never_below_12_pixels(monkeypatch, size):
    sizes: list[int] = []
    original = theme.rendered_text

    def recording(text, text_size, *args, **keywords):
        sizes.append(int(text_size))
        return original(text, text_size, *args, **keywords)

    monkeypatch.setattr(theme, "rendered_text", recording)
    view = board_view(size)
    draw(view, after("e4", "d5", "exd5", "Nf6", "c4", "c6", "dxc6"))
    assert len(sizes) >= 17  # 16 coordinates and "+2"
    assert min(sizes) >= theme.SMALLEST_TEXT


def test_a_refusal_ignores_a_selection_made_in_another_position():
    view = board_view()
    assert click(view, "g1", GAME.initial_state()) is None
    later = after("Nf3", "e5")
    assert view.refusal(centre(view, "g3"), later) == "There is no piece on g3: choose one of White's pieces"


def test_castling_into_check_is_explained():
    state = position("4k3/8/8/8/8/8/6r1/R3K2R w KQ - 0 1")
    assert refusal_after_clicks(state, "e1", "g1") == "You cannot castle kingside: the king would be in check on g1"
