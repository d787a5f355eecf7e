"""Sounds: the synthesized buffers, silence without an audio device, which sound each
change of a game in the window calls for (through the real app loop, with a recording
player put in the app's place), the M key, the menu's selector and the remembered
setting. Headless: SDL's dummy video and audio drivers (tests/conftest.py)."""
from __future__ import annotations

import json

import chess
import pygame
import pytest

from ai.clock import TimeControl
from ai.types import Algorithm
from games.base import CHANCE
from games.registry import get_game
from ui import theme
from ui.app import App
from ui.player_settings import PlayerSettings
from ui.scenes.menu import MenuScene
from ui.session import GameSession
from ui.settings import AppSettings
from ui.sounds import END_SOUNDS, PEAK, SOUND_KINDS, SoundPlayer, sound_seconds, synthesize
from ui_driver import app, click, frames_until, press, start_from_menu  # noqa: F401 (app is a fixture)

PERSON = PlayerSettings("human", 3)


class Recorder:
    """A sound player that remembers what it was asked to play."""

    def __init__(self) -> None:
        self.muted = False
        self.played: list[str] = []

    def play(self, kind: str) -> bool:
        self.played.append(kind)
        return True


def listen(app: App) -> Recorder:
    recorder = Recorder()
    app.sounds = recorder
    return recorder


# -- the sounds themselves ---------------------------------------------------------------
@pytest.mark.parametrize("frequency, channels", [(44100, 2), (22050, 1), (48000, 2)])
def test_synthesized_sounds_have_the_right_length_and_are_not_silent(frequency, channels):
    for kind in SOUND_KINDS:
        samples = synthesize(kind, frequency, channels)
        assert samples.typecode == "h" and samples.itemsize == 2
        frames = round(sound_seconds(kind) * frequency)
        assert len(samples) == frames * channels
        loudest = max(abs(value) for value in samples)
        assert PEAK * 32767 * 0.9 <= loudest <= 32767, kind
        assert abs(samples[-1]) < 0.05 * 32767, f"{kind} ends with a click"
        assert sum(1 for value in samples if abs(value) > 300) > frames * channels // 40, f"{kind} is nearly silent"
        if channels == 2:
            assert samples[0::2] == samples[1::2]  # the same on both sides
    assert synthesize("move", 44100) == synthesize("move", 44100)  # the noise has a fixed seed
    assert sound_seconds("dice") > sound_seconds("capture") > sound_seconds("move")
    with pytest.raises(ValueError):
        sound_seconds("trumpet")


def test_the_player_makes_every_sound_in_the_mixer_format_and_mute_stops_it():
    player = SoundPlayer()
    assert player.available, player.problem
    frequency, size, channels = pygame.mixer.get_init()
    assert size == -16
    for kind in SOUND_KINDS:
        assert player._sounds[kind].get_length() == pytest.approx(sound_seconds(kind), abs=0.002)
        assert player._sounds[kind].get_volume() < 0.5  # quiet: a classroom
        assert player.play(kind) in (True, False)  # started, or every channel busy: never an error
    assert not player.play("trumpet")
    player.muted = True
    assert player.muted and not any(player.play(kind) for kind in SOUND_KINDS)
    player.muted = False
    assert player.play("move")


def test_without_an_audio_device_nothing_raises_and_nothing_plays(monkeypatch, tmp_path):
    def no_device(*arguments, **keywords):
        raise pygame.error("No available audio device")

    made = []
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    monkeypatch.setattr(pygame.mixer, "Sound", lambda *arguments, **keywords: made.append(1))
    player = SoundPlayer()
    assert not player.available and "audio device" in player.problem
    assert not any(player.play(kind) for kind in SOUND_KINDS)
    player.muted = True
    player.muted = False
    player.close()
    assert made == []
    monkeypatch.setenv("GAMETREELAB_HOME", str(tmp_path))
    silent = App((1280, 800))  # the whole app runs without sound
    try:
        assert not silent.sounds.available
        play = silent.show_game(GameSession(get_game("tictactoe"), (PERSON, PERSON)))
        silent.step()
        click(silent, play.view.square_rect(4).center)
        press(silent, pygame.K_m, "m")
        press(silent, pygame.K_m, "m")
        assert len(play.session.record.moves) == 1 and silent.settings.sound
        assert "no audio device" in play.toast  # sound on, but nothing can be heard: said
        assert "no sound" in (tmp_path / "app.log").read_text(encoding="utf-8")
    finally:
        silent.shutdown()


# -- which sound, when --------------------------------------------------------------------
def test_moves_clicked_sound_once_and_the_end_chimes_once(app):
    recorder = listen(app)
    play = start_from_menu(app)  # X a person, O the computer
    click(app, play.view.square_rect(4).center)
    assert recorder.played == ["move"]
    frames_until(app, lambda: play.session.human_to_move())
    assert recorder.played == ["move", "move"]  # the computer's reply
    play = app.show_game(GameSession(get_game("tictactoe"), (PERSON, PERSON)))
    recorder.played.clear()
    for square in (0, 3, 1, 4, 2):  # X wins on the top row
        click(app, play.view.square_rect(square).center)
    for _ in range(5):
        app.step()
    assert play.session.record.result is not None
    assert recorder.played == ["move"] * 5 + ["win"]


def test_looking_back_taking_back_and_loading_a_game_make_no_sound(app):
    recorder = listen(app)
    play = app.show_game(GameSession(get_game("tictactoe"), (PERSON, PERSON)))
    for square in (0, 3, 1, 4, 2):
        click(app, play.view.square_rect(square).center)
    app.step()
    click(app, app.top.button("Review").rect.center)  # the result's dialog
    recorder.played.clear()
    click(app, play.buttons["first"].rect.center)
    click(app, play.buttons["next"].rect.center)
    click(app, play.buttons["last"].rect.center)
    play.session.takeback()
    app.step()
    assert recorder.played == []
    click(app, play.view.square_rect(8).center)  # a different last move
    assert recorder.played == ["move"]
    recorder.played.clear()
    finished = GameSession(get_game("tictactoe"), (PERSON, PERSON))
    for square in (0, 3, 1, 4, 2):
        finished.play_human(square)
    assert finished.record.result is not None
    loaded = app.show_game(GameSession.from_dict(json.loads(json.dumps(finished.to_dict()))))
    for _ in range(5):
        app.step()
    assert loaded.session.record.result is not None and recorder.played == []
    click(app, loaded.buttons["takeback"].rect.center)  # the end taken back, then played again
    app.step()
    click(app, loaded.view.square_rect(2).center)
    app.step()
    assert recorder.played == ["move", "win"]


def test_a_chess_capture_en_passant_included_sounds_as_a_capture(app):
    recorder = listen(app)
    session = GameSession(get_game("chess"), (PERSON, PERSON))
    session._reset(get_game("chess").game.parse_position("4k3/8/8/3p4/4P3/8/4p3/4K3 w - - 0 1"))
    play = app.show_game(session)
    app.step()

    def move(uci: str) -> None:
        played = chess.Move.from_uci(uci)
        click(app, play.view.square_rect(played.from_square).center)
        click(app, play.view.square_rect(played.to_square).center)
        assert session.record.moves[-1] == played

    move("e4d5")
    move("e8d7")
    move("e1e2")  # the king takes the pawn
    assert recorder.played == ["capture", "move", "capture"]
    move("d7d6")
    recorder.played.clear()
    session._reset(get_game("chess").game.parse_position("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"))
    play = app.show_game(session)
    app.step()
    move("e5d6")  # en passant
    assert recorder.played == ["capture"]


def test_a_backgammon_roll_sounds_as_dice(app):
    recorder = listen(app)
    play = app.show_game(GameSession(get_game("backgammon"), (PERSON, PERSON), rules={"cube": False}))
    session = play.session
    frames_until(app, lambda: session.record.state.to_move() != CHANCE)
    assert recorder.played == ["dice"]  # the opening roll
    recorder.played.clear()
    session.play_human(session.record.state.legal_moves()[0])
    frames_until(app, lambda: session.record.state.to_move() != CHANCE)
    assert recorder.played[-1] == "dice" and recorder.played[0] in ("move", "capture")
    assert len(recorder.played) == 2


def test_the_roll_after_the_computers_backgammon_turn_sounds_when_its_dice_are_shown(app):
    recorder = listen(app)
    computer = PlayerSettings("ai", 1, Algorithm.EXPECTIMINIMAX, TimeControl.per_move(0.05))
    session = GameSession(get_game("backgammon"), (computer, PERSON), rules={"cube": False})
    session.watch.move_delay = 0.0
    play = app.show_game(session)
    now = [1000.0]
    play.sound_cues._clock = lambda: now[0]
    # the opening roll, then (if the computer won it) its turn and the person's roll
    frames_until(app, lambda: session.record.movers[-1:] == [CHANCE] and session.human_to_move())
    if len(session.record.moves) < 3:  # the person won the opening roll: play on to the computer's turn
        session.play_human(session.record.state.legal_moves()[0])
        frames_until(app, lambda: len(session.record.moves) >= 5 and session.human_to_move())
    delay = play.view.roll_shown_after(play.timeline.observe(session)[0])
    assert delay > 0  # the computer's checkers step first
    heard = len(recorder.played)
    assert recorder.played[-1] in ("move", "capture")  # its turn is heard, its dice not yet
    now[0] += delay - 0.01
    app.step()
    assert len(recorder.played) == heard
    now[0] += 0.02
    app.step()
    assert recorder.played[heard:] == ["dice"]


def test_a_resignation_chimes_once_and_computers_alone_hear_the_neutral_end(app):
    recorder = listen(app)
    computer = PlayerSettings("ai", 1)
    play = app.show_game(GameSession(get_game("tictactoe"), (PERSON, computer)))
    app.step()
    play.session.endings.resign()
    for _ in range(3):
        app.step()
    assert recorder.played == ["loss"]
    recorder.played.clear()
    watched = GameSession(get_game("tictactoe"), (computer, computer))
    watched.watch.move_delay = 0.0
    play = app.show_game(watched)
    frames_until(app, lambda: watched.record.result is not None)
    assert [sound for sound in recorder.played if sound in END_SOUNDS] == ["end"]
    assert recorder.played.count("move") == len(watched.record.moves)


# -- mute ---------------------------------------------------------------------------------
def test_m_mutes_everywhere_the_menu_shows_it_and_it_is_remembered(monkeypatch, tmp_path):
    monkeypatch.setenv("GAMETREELAB_HOME", str(tmp_path))
    first = App((1280, 800))
    try:
        assert first.settings.sound and not first.sounds.muted
        menu = first.show_menu()
        first.step()
        assert menu.sound_selector.value is True
        press(first, pygame.K_m, "m")
        assert not first.settings.sound and first.sounds.muted and menu.sound_selector.value is False
        click(first, menu.sound_selector.arrow_rects()[1].center)
        assert first.settings.sound and not first.sounds.muted
        play = start_from_menu(first)
        recorder = listen(first)
        press(first, pygame.K_m, "m")
        assert recorder.muted and not first.settings.sound
        assert "Sound off (M)" in play.status_text()[0]
        click(first, play.view.square_rect(4).center)
        assert len(play.session.record.moves) == 1 and recorder.played == []
    finally:
        first.shutdown()
    assert json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))["sound"] is False
    second = App((1280, 800))
    try:
        assert not second.settings.sound and second.sounds.muted
        menu = second.show_menu()
        second.step()
        assert isinstance(second.top, MenuScene) and menu.sound_selector.value is False
    finally:
        second.shutdown()


def test_a_bad_sound_setting_falls_back_with_a_message(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMETREELAB_HOME", str(tmp_path))
    (tmp_path / "settings.json").write_text(json.dumps({"sound": "loud", "theme": "light"}), encoding="utf-8")
    settings, message = AppSettings.load()
    assert settings.sound is True and settings.theme == "light" and "the sound" in message


def test_the_sound_key_is_in_the_help_and_the_menu_row_fits_the_smallest_window(app):
    app.show_menu()
    app.step()
    press(app, pygame.K_F1)
    keys = [key for _, entries in app.top.sections for key, _ in entries]
    assert "M" in keys
    press(app, pygame.K_ESCAPE)
    menu = app.top
    assert isinstance(menu, MenuScene)
    menu.resize((640, 480))  # laid out for the smallest window
    row = [menu.text_size_selector, menu.theme_selector, menu.language_selector, menu.sound_selector,
           menu.fullscreen_button, menu.help_button]
    for left, right in zip(row, row[1:]):
        assert left.rect.right < right.rect.left
    assert row[0].rect.left >= 0 and row[-1].rect.right <= 640
    sizes = menu._sizes
    for selector in row[:4]:  # at normal text size every value shown fits between its arrows
        arrow = selector.arrow_rects()[0].width
        value = theme.font(sizes.body).size(selector.options[selector.index][1])[0]
        assert value <= selector.rect.width - 2 * arrow - 8, selector.label


@pytest.mark.parametrize("text_size", ["large", "extra large"])
def test_with_large_text_in_the_smallest_window_the_view_row_keeps_its_selectors_whole(app, text_size):
    """Full screen and Help give way to their keys (F11, F1) rather than cut every value."""
    app.set_text_size(text_size)
    menu = app.show_menu()
    app.step()
    menu.resize((640, 480))
    selectors = [menu.text_size_selector, menu.theme_selector, menu.language_selector, menu.sound_selector]
    assert not menu.fullscreen_button.visible and not menu.help_button.visible
    sizes = menu._sizes
    for left, right in zip(selectors, selectors[1:]):
        assert left.rect.right < right.rect.left
    assert selectors[-1].rect.right <= 640
    for selector in selectors:
        arrow = selector.arrow_rects()[0].width
        value = theme.font(sizes.body).size(selector.options[selector.index][1])[0]
        assert value <= selector.rect.width - 2 * arrow - 8, selector.label
    menu.resize((1280, 800))
    assert menu.fullscreen_button.visible and menu.help_button.visible
