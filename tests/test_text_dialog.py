"""The text dialog: typing, editing keys, pasting, validation, OK and Cancel, layout."""
from __future__ import annotations

import pygame
import pytest
from ui_driver import app, click, press, record_text_sizes  # noqa: F401  (app is a fixture)

from ui import clipboard, theme
from ui.scenes.help import HelpOverlay
from ui.scenes.text_dialog import TextDialog, visual_lines


def type_text(app, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.step()


def command(app, key: int) -> None:
    """Ctrl + ``key``."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=pygame.KMOD_LCTRL, unicode="", scancode=0))
    app.step()


class Recorder:
    def __init__(self) -> None:
        self.accepted: list[str] = []
        self.cancelled = 0

    def accept(self, text: str) -> None:
        self.accepted.append(text)

    def cancel(self) -> None:
        self.cancelled += 1


def open_dialog(app, **options) -> tuple[TextDialog, Recorder]:
    recorder = Recorder()
    dialog = TextDialog(app, "Open a game", "Paste a game in PGN.", recorder.accept, on_cancel=recorder.cancel,
                        **options)
    app.show_menu()
    app.push(dialog)
    app.step()
    return dialog, recorder


def test_typing_and_editing_keys(app):
    dialog, _ = open_dialog(app)
    assert app.top is dialog and dialog.wants_text_input
    type_text(app, "1. e4 e5")
    press(app, pygame.K_BACKSPACE)
    assert dialog.text == "1. e4 e"
    press(app, pygame.K_HOME)
    type_text(app, ">")
    press(app, pygame.K_DELETE)
    press(app, pygame.K_END)
    press(app, pygame.K_RETURN)
    type_text(app, "2. Nf3")
    assert dialog.text == ">. e4 e\n2. Nf3"
    press(app, pygame.K_UP)
    assert dialog.cursor == len("2. Nf3")  # up keeps the column
    press(app, pygame.K_END)
    press(app, pygame.K_DOWN)
    assert dialog.cursor == len(dialog.text)  # the line below is shorter: its end
    press(app, pygame.K_UP)
    assert dialog.cursor == len(">. e4 e")  # the column wanted is remembered
    press(app, pygame.K_LEFT)
    type_text(app, "5")
    assert dialog.text == ">. e4 5e\n2. Nf3"


def test_the_apps_own_keys_do_not_fire_while_typing(app):
    dialog, _ = open_dialog(app)
    size = theme.text_scale
    press(app, pygame.K_SLASH, "?")
    press(app, pygame.K_PLUS, "+")
    assert app.top is dialog and not any(isinstance(scene, HelpOverlay) for scene in app.scenes)
    assert theme.text_scale == size


def test_select_all_then_typing_replaces_and_backspace_clears(app):
    dialog, _ = open_dialog(app, text="old text")
    command(app, pygame.K_a)
    assert dialog.all_selected
    type_text(app, "new")
    assert dialog.text == "new" and not dialog.all_selected
    command(app, pygame.K_a)
    press(app, pygame.K_BACKSPACE)
    assert dialog.text == ""


def test_paste_with_ctrl_v_and_the_button(app):
    dialog, _ = open_dialog(app, text="[Event \"x\"]\n")
    clipboard.copy_text("1. d4 d5\r\n2. c4 *")
    command(app, pygame.K_v)
    assert dialog.text == "[Event \"x\"]\n1. d4 d5\n2. c4 *"
    click(app, dialog.paste_button.rect.center)
    assert dialog.text.endswith("2. c4 *1. d4 d5\n2. c4 *")


def test_nothing_to_paste_is_said(app, monkeypatch):
    dialog, _ = open_dialog(app)
    monkeypatch.setattr(clipboard, "paste_text", lambda: ("", "The clipboard holds no text."))
    command(app, pygame.K_v)
    assert dialog.text == "" and dialog.notice == "The clipboard holds no text."


def test_a_refused_text_shows_the_message_and_stays(app):
    def validate(text: str) -> str | None:
        return None if text.endswith("*") else "Line 1: the game has no result (end it with *)"

    dialog, recorder = open_dialog(app, validate=validate)
    type_text(app, "1. e4")
    click(app, dialog.accept_button.rect.center)
    assert app.top is dialog and recorder.accepted == []
    assert dialog.error == "Line 1: the game has no result (end it with *)" and dialog.text == "1. e4"
    assert dialog._error_lines and dialog.field.bottom <= dialog.accept_button.rect.top
    type_text(app, " *")
    command(app, pygame.K_RETURN)  # Ctrl+Enter is OK in a multi-line field
    assert recorder.accepted == ["1. e4 *"] and dialog not in app.scenes


def test_ok_button_accepts_and_escape_cancels(app):
    dialog, recorder = open_dialog(app, text="abc")
    click(app, dialog.accept_button.rect.center)
    assert recorder.accepted == ["abc"] and dialog not in app.scenes
    dialog, recorder = open_dialog(app, text="abc")
    press(app, pygame.K_ESCAPE)
    assert recorder.accepted == [] and recorder.cancelled == 1 and dialog not in app.scenes


def test_a_one_line_field_accepts_with_enter_and_flattens_pasted_lines(app):
    dialog, recorder = open_dialog(app, multi_line=False, style="regular")
    clipboard.copy_text("8/8/8/8/8/8/8/K1k5\nw - - 0 1")
    command(app, pygame.K_v)
    press(app, pygame.K_RETURN)
    assert recorder.accepted == ["8/8/8/8/8/8/8/K1k5 w - - 0 1"]


def test_long_text_wraps_scrolls_and_shows_its_end(app):
    text = "\n".join(f"{number}. e4 e5 {{ a comment that is long enough to wrap in a narrow field " * 2 + "}"
                     for number in range(1, 200))
    dialog, _ = open_dialog(app, text=text)
    assert len(dialog._lines) > 300  # wrapped: more lines than paragraphs (199)
    assert dialog.scroll > 0 and dialog.scroll + dialog._visible_count() == len(dialog._lines)
    top = dialog.scroll
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False))
    app.step()
    assert dialog.scroll == top - 6
    press(app, pygame.K_HOME, "")
    command(app, pygame.K_HOME)
    assert dialog.cursor == 0 and dialog.scroll == 0
    press(app, pygame.K_PAGEDOWN)
    assert dialog._line_of(dialog.cursor) == dialog._visible_count()


def test_a_click_in_the_field_places_the_cursor(app):
    dialog, _ = open_dialog(app, text="first line\nsecond line")
    x = dialog._text_left + dialog._face().size("sec")[0]
    y = dialog._text_top + dialog._line_height + dialog._line_height // 2
    click(app, (x, y))
    assert dialog.cursor == len("first line\nsec")


def test_visual_lines_break_after_spaces_and_inside_long_words():
    pygame.font.init()
    face = theme.font(14, "mono")
    width = face.size("x" * 10)[0]
    text = "aaa bbb ccc\n\n" + "y" * 25
    lines = visual_lines(text, face, width)
    assert [text[start:end] for start, end in lines] == ["aaa bbb ", "ccc", "", "y" * 10, "y" * 10, "y" * 5]


@pytest.mark.parametrize("size", [(640, 480), (800, 600), (1280, 800), (1920, 1080), (700, 900)])
@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("multi_line", [True, False])
def test_layout_fits_every_window(app, size, scale, multi_line, monkeypatch):
    monkeypatch.setattr(theme, "text_scale", scale)
    dialog, _ = open_dialog(app, text="1. e4 e5 " * 200, validate=lambda text: "No. " * 60, copy_label="Copy",
                            multi_line=multi_line)
    dialog.accept()  # an error message takes room too
    dialog.resize(size)
    sizes = record_text_sizes(monkeypatch)
    surface = pygame.Surface(size)
    dialog.draw(surface)
    assert sizes and min(sizes) >= theme.SMALLEST_TEXT
    window = pygame.Rect((0, 0), size)
    assert window.contains(dialog.box) and dialog.box.contains(dialog.field)
    assert dialog._field_size >= theme.SMALLEST_TEXT and dialog._small_size >= theme.SMALLEST_TEXT
    for button in dialog.buttons:
        assert dialog.box.contains(button.rect) and button.rect.width > 0
        assert not button.rect.colliderect(dialog.field)
        assert button.rect.top >= dialog._hint_top
    rects = [button.rect for button in dialog.buttons]
    assert all(not one.colliderect(other) for index, one in enumerate(rects) for other in rects[index + 1:])
    assert dialog._visible_count() >= (3 if multi_line else 1)
