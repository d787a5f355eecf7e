"""Pondering in the window: while the person thinks, the computer searches the position
after the reply it expects; the engine panel says so; a hit makes that same search its
move search, a miss starts afresh; it stops on takeback, new game, the end of the game
and leaving; it is a setting, on by default only at the strongest level. Nothing here
waits for a while: the session is driven until something holds (``session_driver``),
and no assertion depends on what a search limited by the clock finds."""
from __future__ import annotations

import pygame
import pytest

from ai.clock import TimeControl
from ai.types import Algorithm
from fake_clocks import StillClock
from games.registry import GAMES, get_game
from session_driver import run_until
from ui import theme
from ui.game_files import read_position_or_game
from ui.player_settings import PlayerSettings, default_players
from ui.session import GameSession
from ui.widgets.engine_panel import EnginePanel
from ui_driver import app  # noqa: F401 (a fixture)

CHESS = get_game("chess")
TICTACTOE = get_game("tictactoe")
# White to move, far from the opening book: the computer (White) searches its first move.
MIDDLE_GAME = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
PERSON = PlayerSettings("human", 1)


def maximum(control: TimeControl = TimeControl.per_move(0.3), **keywords) -> PlayerSettings:
    return PlayerSettings("ai", CHESS.max_level, Algorithm.PVS, control, **keywords)


def chess_session(computer: PlayerSettings | None = None, **keywords) -> GameSession:
    """The computer plays White from the middle game, the person Black."""
    game = read_position_or_game(CHESS, MIDDLE_GAME)
    return GameSession.from_game_text(CHESS, (computer or maximum(), PERSON), game, **keywords)


def pondering_started(session: GameSession) -> None:
    """Drive ``session`` until the computer has moved and ponders with a completed depth."""
    run_until(session, session.human_to_move)
    assert session.searches.kind == "ponder"
    run_until(session, lambda: len(session.pondering.record.rows) >= 2)


def status_texts(session: GameSession, record=None) -> list[str]:
    return [text for text, _ in EnginePanel._status_lines(session, record or session.searches.latest)]


def test_the_computer_ponders_on_the_reply_its_line_expects_and_the_panel_says_so(app, monkeypatch):
    session = chess_session()
    run_until(session, session.human_to_move)
    moved = session.searches.latest_by_player[0]
    assert moved.kind == "move" and session.searches.latest is moved  # the panel keeps its last search
    expected = moved.rows[-1].pv[1]
    assert session.pondering.expected_move == expected
    pondering = session.pondering.record
    assert pondering.state.to_text() == session.record.state.apply(expected).to_text()
    assert pondering.ply == len(session.record.moves) + 1 and not session.thinking

    drawn: list[str] = []
    original = theme.rendered_text
    monkeypatch.setattr(theme, "rendered_text", lambda text, *rest, **keywords: drawn.append(text) or
                        original(text, *rest, **keywords))
    app.show_game(session)
    app.step()
    reply = session.record.state.display_move(expected)
    assert any(text.startswith(f"pondering on {reply} (the reply it expects): depth ") for text in drawn), drawn
    assert session.record.evaluations.keys() <= set(range(len(session.record.moves) + 1))  # none for its position
    app.show_menu()  # leaving the game stops the pondering
    assert session.searches.kind is None and session.pondering.record is None
    assert session.searches.worker.wait(5.0)


def test_a_ponder_hit_makes_the_same_search_the_computers_move_and_charges_only_the_time_after_it():
    now = StillClock()  # the game's clock, moved by hand
    session = chess_session(maximum(TimeControl.fischer(15)), now=now)
    pondering_started(session)
    record = session.pondering.record
    search_id = session.searches.worker.search_id
    rows_before = len(record.rows)
    expected = session.pondering.expected_move
    assert session.play_human(expected) is None
    # The hit: the search goes on (same record, same search thread), as the move search.
    assert session.thinking and session.searches.current is record and record.kind == "move"
    assert session.searches.worker.search_id == search_id and session.searches.latest is record
    assert any(text.startswith("began on your time: you played ") for text in status_texts(session))
    pondered = session.pondering.pondered_seconds
    assert pondered > 0
    left_at_hit = session.record.clock_times[-1][0]
    now.now += 100.0  # the game's clock runs past the end of the search: it is charged up to that end
    results = []
    on_done = session._on_done
    session._on_done = lambda searched, result: results.append(result) or on_done(searched, result)
    run_until(session, session.human_to_move)
    played = session.record.moves[-1]
    assert played == results[-1].move == record.rows[-1].best_move and len(record.rows) >= rows_before
    depths = [row.depth for row in record.rows if not row.partial]
    assert depths == list(range(1, len(depths) + 1))  # one search from depth 1, never started again
    # Its result counts the time since the search began; the clock is charged from the hit only.
    charged = left_at_hit - session.record.clock_times[-1][0]
    assert charged == pytest.approx(results[-1].time - pondered, abs=0.01) and charged < results[-1].time
    session.close()


def test_a_ponder_miss_stops_it_and_the_move_is_searched_afresh():
    session = chess_session()
    pondering_started(session)
    record = session.pondering.record
    search_id = session.searches.worker.search_id
    other = next(move for move in session.record.state.legal_moves() if move != session.pondering.expected_move)
    assert session.play_human(other) is None
    assert session.pondering.record is None and not record.running and record.kind == "ponder"
    session.update()
    assert session.thinking and session.searches.current is not record
    assert session.searches.worker.search_id > search_id
    moves = len(session.record.moves)
    run_until(session, lambda: len(session.record.moves) == moves + 1)
    assert session.searches.latest_by_player[0] is not record
    session.close()


def test_a_search_that_ended_on_the_persons_time_is_played_at_once_on_a_hit():
    # Tic-tac-toe's Perfect level solves the pondered position long before the person moves.
    session = GameSession(TICTACTOE, (PlayerSettings("ai", TICTACTOE.max_level, Algorithm.PVS), PERSON))
    run_until(session, session.human_to_move)
    run_until(session, lambda: session.pondering.record is not None and not session.pondering.record.running)
    record = session.pondering.record
    assert record.rows[-1].exact
    assert any("done at depth" in text for text in status_texts(session))
    moves = len(session.record.moves)
    assert session.play_human(session.pondering.expected_move) is None
    session.update()  # no search to wait for: the held result is the move
    assert len(session.record.moves) == moves + 2 and session.record.moves[-1] == record.rows[-1].best_move
    session.close()


@pytest.mark.parametrize("change", ["takeback", "new game", "resign", "hint", "close"])
def test_pondering_stops_when_the_game_changes_otherwise(change):
    session = chess_session()
    pondering_started(session)
    record = session.pondering.record
    if change == "takeback":
        session.play_human(next(iter(session.record.state.legal_moves())))
        run_until(session, session.human_to_move)
        assert session.takeback()
    elif change == "new game":
        session.new_game()
    elif change == "resign":
        assert session.endings.resign() is None
    elif change == "hint":
        assert session.request_hint() is None
        run_until(session, lambda: session.hint_move is not None)
        assert session.searches.kind is None  # not started again while the hint is shown
    else:
        session.close()
    assert not record.running and session.searches.kind != "ponder"
    assert session.searches.worker.wait(5.0)
    session.update()
    if change != "close":
        assert session.searches.kind != "ponder" or session.pondering.record is not record
    session.close()


def test_levels_below_the_strongest_and_games_with_dice_do_not_ponder_and_it_can_be_turned_off():
    for computer in (PlayerSettings("ai", 6, Algorithm.PVS, TimeControl.per_move(0.3)),
                     maximum(ponder=False)):
        session = chess_session(computer)
        run_until(session, session.human_to_move)
        session.update()
        assert session.searches.kind is None and session.pondering.record is None
        session.close()
    backgammon = get_game("backgammon")
    assert not PlayerSettings("ai", backgammon.max_level, Algorithm.EXPECTIMINIMAX).ponders(backgammon)


def test_pondering_is_a_setting_on_by_default_only_at_the_strongest_level():
    for entry in GAMES.values():
        for level in range(1, entry.max_level + 1):
            settings = PlayerSettings("ai", level, Algorithm.default_for(entry.game.has_chance))
            strongest = level == entry.max_level
            assert settings.ponders(entry) == (strongest and not entry.game.has_chance), (entry.id, level)
            assert not PlayerSettings("human", level).ponders(entry)
        assert default_players(entry)[1].ponders(entry) == (not entry.game.has_chance)
    # Remembered only when chosen; read back; a bad value is refused saying what.
    assert "ponder" not in maximum().to_dict()
    off = maximum(ponder=False)
    assert PlayerSettings.from_dict(off.to_dict(), CHESS) == off and not off.ponders(CHESS)
    assert PlayerSettings.from_dict(maximum().to_dict(), CHESS).ponders(CHESS)
    with pytest.raises(ValueError, match="pondering"):
        PlayerSettings.from_dict({**off.to_dict(), "ponder": "yes"}, CHESS)


def test_the_menu_offers_pondering_where_it_applies_and_remembers_the_choice(app):
    menu = app.show_menu()
    menu.game_selector.select("chess")
    menu._game_changed("chess")
    side = menu.sides[1]
    side.kind.select("ai")
    side.level.select(CHESS.max_level)
    side.refresh()
    assert side.ponder.enabled and side.ponder.value is True
    side.ponder.step(1)  # Off
    assert menu.chosen_players()[1].ponder is False
    side.level.select(5)
    side.refresh()
    assert not side.ponder.enabled and side.ponder.value is False
    side.level.select(CHESS.max_level)
    side.refresh()
    assert side.ponder.enabled and side.ponder.value is False  # the choice is kept
    menu._save_settings()
    players, problem = app.settings.players_for(CHESS)
    assert problem == "" and players[1].ponder is False
    menu.game_selector.select("backgammon")
    menu._game_changed("backgammon")
    menu.sides[1].kind.select("ai")
    menu.sides[1].refresh()
    assert not menu.sides[1].ponder.enabled and menu.sides[1].ponder.value is False
    # Pondering shares the time's row, a third of the column.
    time, ponder = menu.sides[0].time.rect, menu.sides[0].ponder.rect
    assert time.top == ponder.top and time.right < ponder.left and ponder.width >= time.width // 3
    pygame.event.pump()
