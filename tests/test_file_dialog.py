"""The file dialog: newest first, selecting, opening, cancelling, scrolling, and folders
that are empty, missing or unreadable."""
from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pygame
import pytest
from ui_driver import app, click, frames_until, press, record_text_sizes  # noqa: F401  (app is a fixture)

from conftest import HANG_TIMEOUT
from ui import theme
from ui.file_descriptions import FileDescriptions
from ui.scenes import file_dialog
from ui.scenes.file_dialog import FileDialog, describe_time, list_files

NOW = time.time()


def make_files(folder: Path, count: int) -> list[Path]:
    """``count`` PGN files, ``game-0`` the newest, and a text file that does not match."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for index in range(count):
        path = folder / f"game-{index}.pgn"
        path.write_text(f"[Event \"{index}\"]\n\n1. e4 *\n")
        os.utime(path, (NOW - 3600 * index, NOW - 3600 * index))
        paths.append(path)
    (folder / "notes.txt").write_text("not a game")
    (folder / "folder.pgn").mkdir()
    return paths


class Chosen:
    def __init__(self) -> None:
        self.paths: list[Path] = []
        self.cancelled = 0

    def choose(self, path: Path) -> None:
        self.paths.append(path)

    def cancel(self) -> None:
        self.cancelled += 1


def open_dialog(app, folder: Path, **options) -> tuple[FileDialog, Chosen]:
    chosen = Chosen()
    dialog = FileDialog(app, "Open a saved game", folder, chosen.choose, on_cancel=chosen.cancel, **options)
    app.show_menu()
    app.push(dialog)
    app.step()
    return dialog, chosen


def test_lists_matching_files_newest_first(tmp_path):
    paths = make_files(tmp_path / "games", 4)
    (tmp_path / "games" / "UPPER.PGN").write_text("*")
    os.utime(tmp_path / "games" / "UPPER.PGN", (NOW - 10 ** 6, NOW - 10 ** 6))
    rows, problem = list_files(tmp_path / "games", "*.pgn")
    assert problem == ""
    assert [row.path for row in rows] == [*paths, tmp_path / "games" / "UPPER.PGN"]


def test_a_click_selects_and_a_double_click_opens(app, tmp_path):
    paths = make_files(tmp_path / "games", 3)
    dialog, chosen = open_dialog(app, tmp_path / "games")
    assert dialog.selected == 0
    click(app, dialog.row_rect(2).center)
    assert dialog.selected == 2 and chosen.paths == [] and app.top is dialog
    click(app, dialog.row_rect(2).center)
    assert chosen.paths == [paths[2]] and dialog not in app.scenes


def test_clicks_on_different_rows_are_no_double_click(app, tmp_path):
    make_files(tmp_path / "games", 3)
    dialog, chosen = open_dialog(app, tmp_path / "games")
    click(app, dialog.row_rect(1).center)
    click(app, dialog.row_rect(2).center)
    assert chosen.paths == [] and dialog.selected == 2


def test_open_button_and_enter_choose_the_selected_file(app, tmp_path):
    paths = make_files(tmp_path / "games", 3)
    dialog, chosen = open_dialog(app, tmp_path / "games")
    press(app, pygame.K_DOWN)
    click(app, dialog.open_button.rect.center)
    assert chosen.paths == [paths[1]]
    dialog, chosen = open_dialog(app, tmp_path / "games")
    press(app, pygame.K_END)
    press(app, pygame.K_RETURN)
    assert chosen.paths == [paths[2]]


def test_cancel_and_escape_close_without_choosing(app, tmp_path):
    make_files(tmp_path / "games", 2)
    dialog, chosen = open_dialog(app, tmp_path / "games")
    click(app, dialog.cancel_button.rect.center)
    assert chosen.paths == [] and chosen.cancelled == 1 and dialog not in app.scenes
    dialog, chosen = open_dialog(app, tmp_path / "games")
    press(app, pygame.K_ESCAPE)
    assert chosen.cancelled == 1 and dialog not in app.scenes


def test_wheel_and_keys_scroll_a_long_list(app, tmp_path):
    make_files(tmp_path / "games", 60)
    dialog, _ = open_dialog(app, tmp_path / "games")
    visible = dialog._visible_count()
    assert 3 <= visible < 60
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False))
    app.step()
    assert dialog.scroll == 6 and dialog.selected == 0
    press(app, pygame.K_END)
    assert dialog.selected == 59 and dialog.scroll == 60 - visible
    press(app, pygame.K_PAGEUP)
    assert dialog.selected == 59 - (visible - 1) and dialog.scroll == dialog.selected
    press(app, pygame.K_HOME)
    assert dialog.selected == 0 and dialog.scroll == 0
    press(app, pygame.K_UP)
    assert dialog.selected == 0


def test_descriptions_are_asked_for_the_rows_in_view_and_failures_show(app, tmp_path):
    make_files(tmp_path / "games", 40)
    asked = []

    def describe(path: Path) -> str:
        asked.append(path)
        if path.name == "game-1.pgn":
            raise ValueError("Line 1: not PGN")
        return f"White vs Black, 1-0, {path.stem[5:]} moves"

    dialog, _ = open_dialog(app, tmp_path / "games", describe=describe)
    frames_until(app, lambda: len(dialog.descriptions) == dialog._visible_count())
    assert len(asked) == dialog._visible_count() < 40
    assert dialog.descriptions[tmp_path / "games" / "game-0.pgn"] == "White vs Black, 1-0, 0 moves"
    assert dialog.descriptions[tmp_path / "games" / "game-1.pgn"] == "cannot be read: Line 1: not PGN"
    dialog.draw(pygame.Surface(app.size))


def test_an_empty_or_missing_folder_says_no_saved_games(app, tmp_path):
    (tmp_path / "empty").mkdir()
    for folder in (tmp_path / "empty", tmp_path / "missing"):
        dialog, chosen = open_dialog(app, folder)
        assert dialog.rows == [] and dialog.problem == ""
        assert dialog.empty_message == f"No saved games yet in {folder}"
        assert not dialog.open_button.enabled
        press(app, pygame.K_RETURN)
        press(app, pygame.K_DOWN)
        assert chosen.paths == [] and app.top is dialog
        dialog.draw(pygame.Surface(app.size))
        press(app, pygame.K_ESCAPE)


def test_an_unreadable_folder_or_file_is_a_message_not_a_crash(app, tmp_path, monkeypatch):
    make_files(tmp_path / "games", 2)

    def refuse(_path):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(file_dialog.os, "scandir", refuse)
    dialog, _ = open_dialog(app, tmp_path / "games")
    assert dialog.rows == [] and "cannot be read: Permission denied" in dialog.problem
    dialog.draw(pygame.Surface(app.size))
    monkeypatch.undo()
    (tmp_path / "plain.pgn").write_text("*")
    dialog, _ = open_dialog(app, tmp_path / "plain.pgn")
    assert "not a folder" in dialog.problem


def test_a_file_whose_details_cannot_be_read_still_lists(tmp_path, monkeypatch):
    make_files(tmp_path / "games", 2)
    class Entry:
        def __init__(self, name: str) -> None:
            self.name, self.path = name, str(tmp_path / "games" / name)

        def is_file(self) -> bool:
            return True

        def stat(self):
            raise OSError(5, "Input/output error")

    class Entries:
        def __enter__(self):
            return iter([Entry("broken.pgn")])

        def __exit__(self, *_details):
            return False

    monkeypatch.setattr(file_dialog.os, "scandir", lambda _folder: Entries())
    rows, problem = list_files(tmp_path / "games", "*.pgn")
    assert problem == "" and rows[0].modified is None and "Input/output error" in rows[0].problem


def test_times_are_said_in_words():
    now = time.mktime((2024, 5, 17, 15, 0, 0, 0, 0, -1))
    assert describe_time(now - 3600, now) == "Today 14:00"
    assert describe_time(now - 86400, now) == "Yesterday 15:00"
    assert describe_time(time.mktime((2024, 5, 3, 9, 5, 0, 0, 0, -1)), now) == "3 May 2024, 09:05"
    assert describe_time(None, now) == "date unknown"


@pytest.mark.parametrize("size", [(640, 480), (800, 600), (1280, 800), (1920, 1080), (700, 900)])
@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_layout_fits_every_window(app, tmp_path, size, scale, monkeypatch):
    monkeypatch.setattr(theme, "text_scale", scale)
    make_files(tmp_path / "games", 30)
    dialog, _ = open_dialog(app, tmp_path / "games", describe=lambda path: "A vs B, 1-0, 20 moves " * 5)
    dialog.select(29)
    dialog.resize(size)
    frames_until(app, lambda: all(dialog.rows[index].path in dialog.descriptions
                                  for index in range(dialog.scroll, dialog.scroll + dialog._visible_count())))
    sizes = record_text_sizes(monkeypatch)
    dialog.draw(pygame.Surface(size))
    assert sizes and min(sizes) >= theme.SMALLEST_TEXT
    window = pygame.Rect((0, 0), size)
    assert window.contains(dialog.box) and dialog.box.contains(dialog.list_rect)
    assert dialog._visible_count() >= 2 and dialog._small_size >= theme.SMALLEST_TEXT
    assert dialog.scroll <= 29 < dialog.scroll + dialog._visible_count()
    for index in range(dialog.scroll, dialog.scroll + dialog._visible_count()):
        assert dialog.list_rect.contains(dialog.row_rect(index))
    for button in dialog.buttons:
        assert dialog.box.contains(button.rect) and not button.rect.colliderect(dialog.list_rect)
    assert not dialog.open_button.rect.colliderect(dialog.cancel_button.rect)


def test_descriptions_are_made_in_the_background_and_the_window_never_waits_for_one(app, tmp_path):
    make_files(tmp_path / "games", 5)
    release = threading.Event()
    threads = []

    def slow_describe(path: Path) -> str:  # a big file on a slow network folder
        threads.append(threading.current_thread())
        release.wait(HANG_TIMEOUT)
        return f"described {path.stem}"

    dialog, _ = open_dialog(app, tmp_path / "games", describe=slow_describe)
    for _ in range(3):
        app.step()  # frames go on while the first file is being described
    assert dialog.descriptions == {} and threads and threading.main_thread() not in threads
    dialog.draw(pygame.Surface(app.size))  # "…" in place of the descriptions
    release.set()
    frames_until(app, lambda: len(dialog.descriptions) == 5)
    assert dialog.descriptions[tmp_path / "games" / "game-3.pgn"] == "described game-3"
    describer = dialog._describer
    press(app, pygame.K_ESCAPE)
    assert describer.close(timeout=HANG_TIMEOUT)  # closing the dialog ended its thread


def test_a_file_described_once_is_not_read_again_unless_it_changed(tmp_path):
    path = make_files(tmp_path / "games", 1)[0]
    asked = []
    describer = FileDescriptions(lambda path: asked.append(path) or f"{len(asked)} reading(s)")
    for version in (1.0, 1.0, 2.0):
        describer.ask([(path, version)])
        assert describer.wait(HANG_TIMEOUT)
    assert asked == [path, path] and describer.get((path, 1.0)) == ("1 reading(s)", False)
    assert describer.get((path, 2.0)) == ("2 reading(s)", False)
    assert describer.close(timeout=HANG_TIMEOUT)
