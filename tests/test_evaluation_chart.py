"""The evaluation chart: its points from a game's record (values and gaps), proven
marks, clicks that pick a position, tiny games, and its place in the play layout."""
from __future__ import annotations

import pygame
import pytest

from ai.types import MATE, Score
from games.registry import get_game
from ui import i18n, theme
from ui.game_record import Evaluation
from ui.player_settings import PlayerSettings
from ui.scenes.play_layout import engine_height_needed, fitting_layout
from ui.session import GameSession
from ui.widgets.evaluation_chart import EvaluationChart, describe, index_at, point_x, proven_marks, runs
from ui.win_chances import ChancePoint
from ui_driver import app, click, drawn_texts, frames_until, start_from_menu  # noqa: F401 (app is a fixture)

ENTRY = get_game("tictactoe")


@pytest.fixture(autouse=True)
def fonts():
    """Fonts (the app may have quit pygame in an earlier test)."""
    pygame.font.init()
    theme.reset_fonts()


def two_people() -> GameSession:
    return GameSession(ENTRY, (PlayerSettings("human", 5), PlayerSettings("human", 5)))


def chart_for(session: GameSession, rect=pygame.Rect(10, 10, 300, 90)) -> EvaluationChart:
    chart = EvaluationChart()
    chart.rect = pygame.Rect(rect)
    chart.update(session)
    return chart


def test_points_follow_the_searches_and_leave_gaps_where_nothing_was_searched():
    session = two_people()
    for text in ("a1", "b2", "c3"):
        session.play_text(text)
    moves = session.record.moves
    session.record.evaluations[0] = Evaluation(Score(40))  # no line: it applies to the start only
    session.record.evaluations[2] = Evaluation(Score(-30), line=(moves[2],))  # followed: carried to position 3
    chart = chart_for(session)
    assert chart.points == [ChancePoint(ENTRY.win_chance(40), False), None,
                            ChancePoint(ENTRY.win_chance(-30), False), ChancePoint(ENTRY.win_chance(-30), False)]
    assert ENTRY.win_chance(40) > 0.5 > ENTRY.win_chance(-30)
    assert runs(chart.points) == [[0], [2, 3]]  # the gap splits the line; it is not drawn as 0%


def test_the_chart_sees_a_new_search_result_at_once():
    session = two_people()
    session.play_text("a1")
    chart = chart_for(session)
    assert chart.points == [None, None]
    session.record.evaluations[1] = Evaluation(Score(25))
    chart.update(session)
    assert chart.points[1] == ChancePoint(ENTRY.win_chance(25), False)


def test_proven_results_are_marked_where_they_begin():
    session = two_people()
    for text in ("a1", "a2", "b1", "b2"):
        session.play_text(text)
    session.record.evaluations[2] = Evaluation(Score(10))
    session.record.evaluations[3] = Evaluation(Score(MATE - 2), proven=True, line=tuple(session.record.moves[3:]))
    session.play_text("c1")  # X completes the bottom row: the game is over
    chart = chart_for(session)
    assert [point is not None and point.proven for point in chart.points] == [False, False, False, True, True, True]
    assert chart.points[3].chance == 1.0 and chart.points[5].chance == 1.0
    assert proven_marks(chart.points) == [3]
    drawn = pygame.Surface((320, 120))
    chart.draw(drawn, ((200, 60, 60), (60, 60, 200)))
    marked = drawn.get_at((point_x(3, 6, chart.plot()), chart.plot().top))
    assert tuple(marked)[:3] == theme.WARNING  # the mark sits on the 100% line at the proof's start


def test_a_click_or_a_drag_picks_the_nearest_position():
    plot = pygame.Rect(20, 0, 201, 50)
    assert [index_at(point_x(index, 9, plot), 9, plot) for index in range(9)] == list(range(9))
    assert index_at(plot.left - 40, 9, plot) == 0 and index_at(plot.right + 40, 9, plot) == 8
    assert index_at(point_x(3, 9, plot) + 11, 9, plot) == 3  # nearer 3 (25 px apart) than 4
    session = two_people()
    for text in ("a1", "b2", "c3", "a3"):
        session.play_text(text)
    chart = chart_for(session)
    target = (point_x(2, 5, chart.plot()), chart.rect.centery)
    assert chart.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=target, button=1)) == 2
    moved = (point_x(4, 5, chart.plot()), chart.rect.bottom + 30)  # a drag may leave the chart
    assert chart.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=moved, rel=(0, 0), buttons=(1, 0, 0))) == 4
    chart.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=moved, button=1))
    assert chart.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(0, 0, 0))) is None
    outside = (chart.rect.right + 5, chart.rect.centery)
    assert chart.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=outside, button=1)) is None
    chart.rect = pygame.Rect(0, 0, 0, 0)  # hidden: never picks
    assert chart.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=target, button=1)) is None


@pytest.mark.parametrize("moves", [(), ("b2",)])
def test_a_game_of_no_move_or_one_draws_and_picks_the_start(moves):
    session = two_people()
    for text in moves:
        session.play_text(text)
    session.record.evaluations[0] = Evaluation(Score(0))
    chart = chart_for(session)
    assert len(chart.points) == len(moves) + 1
    chart.draw(pygame.Surface((320, 120)), ((200, 60, 60), (60, 60, 200)))
    picked = chart.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=chart.plot().topleft, button=1))
    assert picked == 0
    assert index_at(500, 1, chart.plot()) == 0


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
@pytest.mark.parametrize("aspect", [1.0, 1.3])
def test_the_chart_takes_room_the_engine_panel_and_the_move_list_can_spare(size, aspect):
    layout, sizes = fitting_layout(size, aspect, 3, 2, 1.0)
    chart = layout.chart
    assert chart.height >= 3 * theme.line_height(sizes.small)  # at normal text both windows have room
    assert layout.moves.height >= 3 * theme.line_height(sizes.body)  # the move list keeps three lines
    if chart.height:
        window = pygame.Rect((0, 0), size)
        assert window.contains(chart) and chart.top > layout.moves.bottom
        others = [layout.board, layout.status, layout.toolbar, layout.players, layout.engine, layout.moves,
                  *layout.button_rows]
        assert chart.collidelist(others) == -1
    assert layout.engine.height >= engine_height_needed(sizes, 2)


def test_the_chart_is_left_out_where_the_panel_has_no_room():
    layout, sizes = fitting_layout((600, 800), 1.0, 3, 2, 1.0)  # portrait: the engine panel is short already
    assert layout.chart.height == 0


def test_a_click_on_the_chart_shows_that_position(app):  # noqa: F811 (app is a fixture)
    play = start_from_menu(app)
    session = play.session
    click(app, play.view.square_rect(0).center)
    frames_until(app, lambda: session.human_to_move())
    chart = play.evaluation_chart
    assert chart.visible and len(chart.points) == 3
    assert chart.points[1] is not None  # the computer's search of the position after X's move
    click(app, (point_x(1, 3, chart.plot()), chart.plot().centery))
    assert session.view_index == 1
    click(app, (point_x(2, 3, chart.plot()), chart.plot().centery))
    assert session.view_index is None  # the last position is the live one


def test_the_pointer_over_a_point_names_its_move_and_chance_in_the_language():
    session = two_people()
    for text in ("a1", "b2"):
        session.play_text(text)
    session.record.evaluations[1] = Evaluation(Score(40))
    session.record.evaluations[2] = Evaluation(Score(-(MATE - 3)), proven=True)
    chart = chart_for(session)
    assert chart.hover_text((point_x(0, 3, chart.plot()), chart.rect.centery)) == "Starting position: no estimate"
    percent = format(min(0.99, ENTRY.win_chance(40)), ".0%")
    assert chart.hover_text((point_x(1, 3, chart.plot()), chart.rect.centery)) == f"1. a1: {percent}"
    assert chart.hover_text((point_x(2, 3, chart.plot()), chart.rect.centery)) == "1\u2026 b2: 0%, proven"
    assert chart.hover_text((chart.rect.right + 5, chart.rect.centery)) == ""
    with i18n.speaking("italian"):
        assert describe(session, chart.points, 2) == "1\u2026 b2: 0%, dimostrato"
        assert describe(session, chart.points, 0) == "Posizione iniziale: nessuna stima"


def test_the_proven_key_is_shown_only_when_a_proven_value_is_drawn(monkeypatch):
    session = two_people()
    for text in ("a1", "a2"):
        session.play_text(text)
    session.record.evaluations[1] = Evaluation(Score(10))
    chart = chart_for(session, pygame.Rect(10, 10, 400, 90))
    drawn = drawn_texts(monkeypatch)
    chart.draw(pygame.Surface((420, 120)), ((200, 60, 60), (60, 60, 200)))
    assert drawn and "\u25cf proven" not in drawn  # nothing proven: no key for it
    session.record.evaluations[2] = Evaluation(Score(MATE - 2), proven=True)
    chart.update(session)
    drawn.clear()
    chart.draw(pygame.Surface((420, 120)), ((200, 60, 60), (60, 60, 200)))
    assert "\u25cf proven" in drawn
