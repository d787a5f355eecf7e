"""Backgammon's labels agree with each other and with the game: the menu's level detail
names depths as its summary does ("0-ply") and gives the errors in points; the weakest
level has an estimate for the evaluation bar."""
from __future__ import annotations

import pygame
import pytest

from ai.clock import TimeControl
from ai.engine import Engine
from ai.evaluation_noise import CLEAN_SEARCH_MARGIN
from ai.strength import level_limits, level_options
from ai.types import Algorithm, SearchOptions
from games.backgammon.rules import BAR, Backgammon, BackgammonState, Cube
from games.base import CHANCE, FIRST, SECOND, GameText, Outcome
from games.registry import get_game
from ui import theme
from ui.game_texts import level_details
from ui.move_timeline import AUTOMATIC_MOVE_PAUSE, MoveTimeline
from ui.player_settings import PlayerSettings
from ui.scenes.play_texts import result_words
from ui.session import GameSession
from ui.views.backgammon_view import BLACK_CHECKER, DIE, SELECTED, BackgammonView, opening_roll
from ui.views.base import BoardDecorations
from session_driver import run_until
from ui_driver import app, click, drawn_texts  # noqa: F401 (app is a fixture)

ENTRY = get_game("backgammon")
PERSON = PlayerSettings("human", 3)


@pytest.fixture
def fonts():
    """Text can be drawn, the mouse read (a view drawn without the app)."""
    pygame.display.init()
    pygame.font.init()
    theme.reset_fonts()
    yield


def test_level_details_name_depths_and_errors_as_the_level_summaries_do():
    beginner, casual, good, strong = (ENTRY.level(number) for number in range(1, 5))
    assert "0.3 points" in beginner.summary
    assert level_details(beginner, ENTRY) == "0-ply search, evaluation errors up to \u00b10.30"
    assert level_details(casual, ENTRY) == "0-ply search, evaluation errors up to \u00b10.10"
    assert "(0-ply)" in good.summary and level_details(good, ENTRY) == "0-ply search"
    assert "(1-ply)" in strong.summary and level_details(strong, ENTRY).startswith("1-ply search")


def test_the_weakest_level_has_an_estimate_for_the_evaluation_bar():
    """Level 1 searches 0-ply with deliberate errors; its noise-free estimate searches a
    ply deeper (every roll of the reply), which takes longer than the noisy search itself.
    It used to be given only 20 ms more than that, so the bar said "no estimate" all game.
    The clock here moves 0.05 s at each reading: the noisy search reads it a few times,
    the estimate a few more, beyond the 20 ms but well within ``CLEAN_SEARCH_MINIMUM``."""
    level = ENTRY.level(1)
    options = level_options(SearchOptions(algorithm=Algorithm.EXPECTIMINIMAX, clean_estimate=True), level)
    readings = [0]

    def clock() -> float:
        readings[0] += 1
        return readings[0] * 0.05

    engine = Engine(ENTRY.game, ENTRY.evaluate, options, policy_move=ENTRY.policy_move,
                    evaluate_batch=ENTRY.evaluate_batch, clock=clock, seed=3)
    state = ENTRY.game.start({"cube": False}).apply((3, 1, FIRST))
    result = engine.search(state, level_limits(level, TimeControl()))
    assert result.infos[-1].noisy and result.infos[-1].depth == 1
    assert result.clean_score is not None
    assert result.time + CLEAN_SEARCH_MARGIN < readings[0] * 0.05 - result.time  # the estimate took longer


def test_the_weakest_levels_cube_decision_gives_the_bar_an_estimate():
    """A cube action is decided by the cube's rule from the evaluation, without the weak
    level's deliberate errors: its score counts for the bar (at level 1 the bar used to
    say "no estimate" at every cube action, when a person must take or drop)."""
    start = Backgammon().start({"cube": True})
    state = BackgammonState(*start[:2], SECOND, (), Cube())  # Black (the computer) may double or roll
    session = GameSession.from_game_text(ENTRY, (PERSON, PlayerSettings("ai", 1)), GameText(state, (), {}),
                                         rules={"cube": True})
    assert session.searches.players[SECOND].level == 1 and session.win_chance_first() is None
    run_until(session, lambda: len(session.record.moves) >= 1)
    assert session.record.moves[0] in ("roll", "double")
    evaluation = session.record.evaluations.get(0)
    assert evaluation is not None and evaluation.line == (session.record.moves[0],)
    session.view(1)
    assert session.win_chance_first() is not None


def _no_entry_with_six_three() -> BackgammonState:
    """White on the bar against Black's closed home board, to play 6-3: no die can be
    played; Black (a person too) may double next."""
    white, black = [0] * 26, [0] * 26
    white[BAR], white[6] = 1, 14
    for point in range(1, 7):
        black[point] = 2
    black[13] = 3
    return BackgammonState(tuple(white), tuple(black), FIRST, (6, 3), Cube())


def test_a_passed_turns_message_gives_way_to_the_next_decision(app):
    """The message "No legal move with 6-3" stays while nothing else is asked, and gives
    way to the instruction as soon as a person must decide in another position (here:
    Take or Drop after a double), instead of contradicting it."""
    session = GameSession.from_game_text(ENTRY, (PERSON, PERSON), GameText(_no_entry_with_six_three(), (), {}),
                                         rules={"cube": True})
    play = app.show_game(session)
    play.view.option_values["forced"] = True
    now = [0.0]
    play.timeline = MoveTimeline(clock=lambda: now[0])
    app.step()
    now[0] = AUTOMATIC_MOVE_PAUSE + 0.1
    app.step()
    assert session.record.moves == [()]
    assert play.status_text()[0] == "No legal move with 6-3: your turn passes."
    assert play.view.at_cube_action(session.record.state)  # Black's turn: Roll or Double
    app.step()
    assert "No legal move" in play.status_text()[0]  # nothing new asked yet: the message stays
    click(app, play.view.cube_choice_rects()[1].center)  # Black doubles
    assert session.record.moves[-1] == "double"
    text = play.status_text()[0]
    assert "No legal move" not in text and "Take (play on) or Drop" in text


def test_the_cube_buttons_are_not_drawn_while_the_computer_decides(fonts):
    """Roll and Double are the person's buttons: at the computer's cube action the dice's
    place stays empty (the status line says the computer is thinking)."""
    view = BackgammonView()
    view.layout(pygame.Rect(0, 0, 700, 500))
    state = BackgammonState(*Backgammon().start({"cube": True})[:2], SECOND, (), Cube())
    assert view.at_cube_action(state)
    for interactive, drawn in ((True, True), (False, False)):
        surface = pygame.Surface((700, 500))
        view.draw(surface, state, BoardDecorations(interactive=interactive))
        left, right = view.cube_choice_rects()
        for button in (left, right):  # a point inside the button's frame, clear of its word
            assert (tuple(surface.get_at((button.centerx, button.top + 4))[:3]) in (DIE, SELECTED)) is drawn


def test_the_points_numbers_are_outside_the_board():
    """Every point's number is written above or below the board, where no checker goes
    (gnubg prints them there), and none overlaps another."""
    view = BackgammonView()
    for size in ((700, 500), (420, 300), (1100, 780)):
        view.layout(pygame.Rect(10, 20, *size))
        labels = view.label_rects()
        assert len(labels) == 24
        for point, rect in labels.items():
            assert not rect.colliderect(view.board) and view.rect.contains(rect)
            assert rect.height >= BackgammonView._label_size(size[1])
            column = view.point_rect(point)
            assert rect.left == column.left and rect.width == column.width
        assert len({rect.topleft for rect in labels.values()}) == 24


def test_a_view_laid_out_again_or_turned_round_draws_as_a_new_one_would(fonts):
    """The felt, the points and their numbers are drawn once for a layout and kept: after
    a new size, a move of the board or turning it round, the picture is pixel for pixel
    the one a view drawing for the first time makes (nothing of the old layout left)."""
    state = Backgammon().start({"cube": False}).apply((3, 1, FIRST))

    def picture(view: BackgammonView, rect: pygame.Rect) -> bytes:
        view.layout(rect)
        surface = pygame.Surface((760, 560))
        surface.fill((40, 44, 52))
        view.draw(surface, state, BoardDecorations())
        return pygame.image.tobytes(surface, "RGB")

    kept = BackgammonView()
    for rect, flipped in ((pygame.Rect(0, 0, 700, 500), False), (pygame.Rect(30, 40, 560, 400), False),
                          (pygame.Rect(30, 40, 560, 400), True), (pygame.Rect(0, 0, 700, 500), True),
                          (pygame.Rect(0, 0, 700, 500), False)):
        kept.flipped = flipped
        fresh = BackgammonView()
        fresh.flipped = flipped
        assert picture(kept, rect) == picture(fresh, rect)
    assert picture(kept, pygame.Rect(0, 0, 700, 500)) != picture(BackgammonView(), pygame.Rect(30, 40, 560, 400))


def test_the_pip_counts_are_labelled(fonts, monkeypatch):
    view = BackgammonView()
    view.layout(pygame.Rect(0, 0, 700, 500))
    drawn = drawn_texts(monkeypatch)
    view.draw(pygame.Surface((700, 500)), Backgammon().start({"cube": False}).apply((3, 1, FIRST)),
              BoardDecorations())
    assert drawn.count("167") == 2 and drawn.count("pips") == 2


def test_the_opening_roll_is_shown_as_each_sides_die(fonts, monkeypatch):
    """At the opening roll each side rolls one die; the higher starts. The board says so
    in words and draws each die in its roller's colour."""
    start = Backgammon().start({"cube": False})
    rolled = start.apply((3, 2, SECOND))
    recent = ((start, (3, 2, SECOND), CHANCE),)
    assert opening_roll(recent) == (SECOND, 3, 2)
    assert opening_roll(((rolled, rolled.legal_moves()[0], SECOND),)) is None
    view = BackgammonView()
    view.layout(pygame.Rect(0, 0, 700, 500))
    drawn = drawn_texts(monkeypatch)
    surface = pygame.Surface((700, 500))
    view.draw(surface, rolled, BoardDecorations(recent=recent, since=5.0))
    assert "Opening roll" in drawn and "Black 3, White 2: Black starts" in drawn
    dice = view.dice_rect()
    size = dice.height
    left = dice.centerx - (2 * size + 6) / 2
    black_die = (round(left) + 2, dice.top + size // 2)  # beside the pips, inside the first die
    white_die = (round(left + size + 6) + 2, dice.top + size // 2)
    assert tuple(surface.get_at(black_die)[:3]) == BLACK_CHECKER
    assert tuple(surface.get_at(white_die)[:3]) == DIE


def test_a_dropped_double_reads_as_a_result():
    session = GameSession(ENTRY, (PERSON, PERSON), rules={"cube": True})
    title, sentence, _ = result_words(session, Outcome(SECOND, "double dropped", 1))
    assert sentence == "Black won by a dropped double"
    _, sentence, _ = result_words(session, Outcome(FIRST, "all checkers borne off", 1))
    assert sentence == "White won by bearing off all checkers"


def test_the_pip_counts_and_their_words_grow_with_the_text_size(fonts, monkeypatch):
    """At a projector's larger text the tray's pip count, "pips" and "off" are larger
    too (they were fixed at 12 px), and stay inside the tray."""
    def drawn_at(scale: float) -> tuple[dict[str, int], BackgammonView]:
        monkeypatch.setattr(theme, "text_scale", scale)
        view = BackgammonView()
        view.layout(pygame.Rect(0, 0, 467, 330))  # the play board at 800x600
        sizes: dict[str, int] = {}
        original = theme.draw_text

        def recording(surface, text, position, size, *arguments, **keywords):
            rect = original(surface, text, position, size, *arguments, **keywords)
            if text in ("167", "pips") or text.endswith("off") or text == "0":
                sizes[text] = size
                assert view.tray.left <= rect.left and rect.right <= view.tray.right, text
            return rect

        monkeypatch.setattr(theme, "draw_text", recording)
        state = BackgammonState(*Backgammon().start()[:2], FIRST, (3, 1))
        view.draw(pygame.Surface((467, 330)), state, BoardDecorations())
        monkeypatch.setattr(theme, "draw_text", original)
        return sizes, view

    normal, _ = drawn_at(1.0)
    larger, _ = drawn_at(1.5)
    assert "167" in normal and "pips" in normal
    assert larger["167"] > normal["167"] and larger["pips"] > normal["pips"]
