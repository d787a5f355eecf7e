"""The interface in English or Italian: no text missing from the Italian table, no
unused entry, no visible literal left untranslated, and the menu and play screens
drawn in Italian. English is the key (and the default), so other tests read English.

New interface text: wrap it in ``tr()`` (a constant in ``mark()``), then
``python -m tests.test_language`` prints the Italian entries still missing."""
from __future__ import annotations

import ast
import json
import string
from pathlib import Path

import pygame
import pytest

from games.registry import GAMES
from ui import i18n, theme
from ui.app import App
from ui.languages import italian
from ui.scenes.menu import MenuScene
from ui.scenes.play import PlayScene
from ui.settings import AppSettings

ROOT = Path(__file__).resolve().parent.parent
UI_FILES = sorted((ROOT / "ui").rglob("*.py"))
MARKERS = {"tr": (0,), "tr_plural": (1, 2), "mark": (0,)}
"""Translation calls and the positions of their English texts."""


def _called_name(call: ast.Call) -> str:
    function = call.func
    if isinstance(function, ast.Name):
        return function.id
    if isinstance(function, ast.Attribute):
        return function.attr
    return ""


def _calls(paths):
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                yield path, node


def interface_texts() -> dict[str, str]:
    """Every literal English text of a translation call in ui/ -> where it is."""
    texts = {}
    for path, call in _calls(UI_FILES):
        for position in MARKERS.get(_called_name(call), ()):
            if position < len(call.args):
                argument = call.args[position]
                if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
                    texts.setdefault(argument.value, f"{path.relative_to(ROOT)}:{call.lineno}")
    return texts


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("english")


def test_every_interface_text_has_an_italian_entry_with_the_same_fields():
    texts = interface_texts()
    assert len(texts) > 300  # the collector finds the calls
    missing = {text: where for text, where in texts.items() if text not in italian.TEXTS}
    assert not missing, f"{len(missing)} texts have no Italian entry: {missing}"
    for english, translation in italian.TEXTS.items():
        assert _fields(english) == _fields(translation), f"fields differ: {english!r} -> {translation!r}"


def test_the_italian_table_has_no_unused_entries():
    unused = sorted(set(italian.TEXTS) - set(interface_texts()))
    assert not unused, f"entries no tr() call uses: {unused}"


def test_game_texts_are_texts_that_games_and_ai_really_make():
    made = set()
    for folder in ("games", "ai"):
        for path in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    made.add(node.value)
    unknown = sorted(set(italian.GAME_TEXTS) - made)
    assert not unknown, f"GAME_TEXTS entries no module of games/ or ai/ makes: {unknown}"
    # That every text a game shows has an entry: tests/test_game_contract.py, game by game.


def test_translation_calls_take_whole_texts_not_pieces_built_before():
    """tr()'s English text is a literal or a name (a marked constant, a text from
    games/), never an f-string or a sum built before the lookup."""
    for path, call in _calls(UI_FILES):
        for position in MARKERS.get(_called_name(call), ()):
            if position < len(call.args):
                argument = call.args[position]
                assert not isinstance(argument, (ast.JoinedStr, ast.BinOp)), \
                    f"{path.relative_to(ROOT)}:{call.lineno}: a text built before translation"


VISIBLE_ARGUMENTS = {
    "Button": (0,), "Selector": (0,), "Slider": (0,), "show_toast": (0,), "Dialog": (1, 2),
    "TextDialog": (1, 2), "FileDialog": (1,), "draw_text": (1,), "wrap_text": (0,), "set_caption": (),
}
"""Calls whose arguments at these positions reach the screen."""
ALLOWED_LITERALS = {"Game Tree Lab", "CSV"}
"""Literals shown as they are in every language (the app's name, a file format)."""


def _is_untranslated(argument: ast.expr) -> bool:
    """A literal with letters in it, or an f-string with letters in its literal parts."""
    if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
        return argument.value not in ALLOWED_LITERALS and any(character.isalpha() for character in argument.value)
    if isinstance(argument, ast.JoinedStr):
        return any(isinstance(part, ast.Constant) and any(c.isalpha() for c in part.value) for part in argument.values)
    if isinstance(argument, ast.IfExp):
        return _is_untranslated(argument.body) or _is_untranslated(argument.orelse)
    return False


def test_no_visible_literal_is_left_untranslated():
    """Buttons, selectors, dialogs, toasts and drawn text get tr() or a variable, never
    a literal with words in it (symbols like arrows are fine)."""
    found = []
    for path, call in _calls(UI_FILES):
        name = _called_name(call)
        positions = VISIBLE_ARGUMENTS.get(name, ())
        arguments = [call.args[position] for position in positions if position < len(call.args)]
        keywords = {"short_label", "label", "title", "message", "open_label", "cancel_label", "accept_label",
                    "paste_label", "copy_label"}
        if name in VISIBLE_ARGUMENTS:
            arguments += [keyword.value for keyword in call.keywords if keyword.arg in keywords]
        found += [f"{path.relative_to(ROOT)}:{call.lineno}" for argument in arguments if _is_untranslated(argument)]
    assert not found, f"untranslated visible literals at {found}"


def test_tr_fills_fields_and_plurals_and_falls_back_to_english():
    assert i18n.tr("Hint: {move}", move="e4") == "Hint: e4"
    assert i18n.set_language("italian")
    assert i18n.tr("Start game") == italian.TEXTS["Start game"] != "Start game"
    assert i18n.tr("a text nobody translated {x}", x=1) == "a text nobody translated 1"
    one = i18n.tr_plural(1, "{count} character", "{count} characters")
    many = i18n.tr_plural(1234, "{count} character", "{count} characters", count="1,234")
    assert one == "1 carattere" and many == "1,234 caratteri"
    assert i18n.tr_known("White") == "Bianco" and i18n.tr_known("e4 is not legal") == "e4 is not legal"
    assert not i18n.set_language("klingon") and i18n.language() == "italian"


def test_a_bad_language_setting_falls_back_to_english_with_a_message(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMETREELAB_HOME", str(tmp_path))
    (tmp_path / "settings.json").write_text(json.dumps({"language": "klingon", "text_size": "large"}))
    settings, message = AppSettings.load()
    assert settings.language == "english" and settings.text_size == "large"
    assert "the language" in message and "klingon" in message
    (tmp_path / "settings.json").write_text(json.dumps({"language": "italian"}))
    settings, message = AppSettings.load()
    assert settings.language == "italian" and message == ""


def _record_texts(monkeypatch) -> list[str]:
    texts: list[str] = []
    original = theme.rendered_text

    def recording(text, *arguments, **keywords):
        texts.append(text)
        return original(text, *arguments, **keywords)

    monkeypatch.setattr(theme, "rendered_text", recording)
    return texts


def _english_left(texts: list[str]) -> list[str]:
    """Drawn texts that are English keys whose Italian differs."""
    table = {**italian.TEXTS, **italian.GAME_TEXTS}
    return sorted({text for text in texts if text in table and table[text] != text})


@pytest.mark.parametrize("game", list(GAMES))
def test_menu_and_play_screen_open_and_draw_in_italian(game, tmp_path, monkeypatch):
    monkeypatch.setenv("GAMETREELAB_HOME", str(tmp_path))
    (tmp_path / "settings.json").write_text(json.dumps({"language": "italian", "game": game}))
    app = App((1280, 800))
    try:
        texts = _record_texts(monkeypatch)
        menu = app.show_menu()
        app.step()
        assert menu.start_button.label == "Inizia la partita"
        assert not _english_left(texts)
        menu.start_game()
        assert isinstance(app.top, PlayScene)
        texts.clear()
        for _ in range(3):
            app.step()
        app.show_help()
        app.step()
        assert "Bianco" in " ".join(texts) or game not in ("chess", "backgammon")
        assert not _english_left(texts)
    finally:
        app.shutdown()


def test_choosing_italian_in_the_menu_relabels_it_at_once_and_is_remembered(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMETREELAB_HOME", str(tmp_path))
    app = App((1280, 800))
    try:
        menu = app.show_menu()
        app.step()
        assert menu.start_button.label == "Start game"
        menu.game_selector.step(1)
        chosen_game = menu.entry.id
        menu.notices.append("a problem met at start")
        menu.language_selector.select("english")
        position = menu.language_selector.arrow_rects()[1].center
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=position, button=1))
        app.step()
        menu = app.top
        assert isinstance(menu, MenuScene) and menu.start_button.label == "Inizia la partita"
        assert menu.entry.id == chosen_game  # the choices shown are kept
        assert menu.notices == ["a problem met at start"]
        assert app.settings.language == "italian"
        app.settings.save()
        assert AppSettings.load()[0].language == "italian"
    finally:
        app.shutdown()


def test_the_search_lab_draws_in_italian(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMETREELAB_HOME", str(tmp_path))
    (tmp_path / "settings.json").write_text(json.dumps({"language": "italian"}))
    app = App((1280, 800))
    try:
        texts = _record_texts(monkeypatch)
        app.show_menu()
        app.show_lab(demonstration="pruning")
        lab = app.top
        for view in ("compare", "tree", "deepening"):
            if view != "compare":
                lab.set_mode(view)
                lab.run()
            for _ in range(2000):  # frames until the search ends (tic-tac-toe: well under a second)
                app.step()
                if lab.job is None:
                    break
            app.step()
        lab.tree_view.step_to(3)
        app.show_help()
        app.step()
        drawn = " ".join(texts)
        assert "Laboratorio di ricerca" in drawn and "Confronto" in drawn
        assert not _english_left(texts)
    finally:
        app.shutdown()


def test_the_data_folder_problem_is_said_in_the_language_of_the_moment(tmp_path, monkeypatch):
    from ui import storage

    blocker = tmp_path / "a file"
    blocker.write_text("")
    monkeypatch.setenv("GAMETREELAB_HOME", str(blocker))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    monkeypatch.setattr(storage, "_resolved_folder", {})
    english = storage.data_dir_problem()
    i18n.set_language("italian")
    italian_problem = storage.data_dir_problem()
    assert "which is not a folder the app can write to" in english
    assert "che non è una cartella in cui l'app possa scrivere" in italian_problem
    assert storage.data_dir() == tmp_path / "share" / "GameTreeLab"


def test_a_bad_setting_is_reported_in_the_language_chosen_in_the_same_file(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMETREELAB_HOME", str(tmp_path))
    (tmp_path / "settings.json").write_text(json.dumps({"language": "italian", "text_size": "huge"}))
    app = App((1280, 800))
    try:
        assert app.settings.language == "italian" and app.settings.text_size == "normal"
        assert any("la dimensione del testo: vale 'huge'" in notice for notice in app.notices), app.notices
    finally:
        app.shutdown()


def test_a_saved_game_file_says_who_played_in_english_whatever_the_language():
    from ui.game_files import record_tags
    from ui.session import GameSession
    from ui.player_settings import default_players

    entry = GAMES["chess"]
    session = GameSession(entry, default_players(entry))
    i18n.set_language("italian")
    tags = record_tags(session)
    assert tags["White"].startswith("Person") and "Maximum" in tags["Black"]
    assert i18n.language() == "italian"
    session.searches.cancel()


if __name__ == "__main__":  # python -m tests.test_language: the missing entries, ready to fill in
    for text, where in interface_texts().items():
        if text not in italian.TEXTS:
            print(f"    {text!r}: \"\",  # {where}")


def test_a_game_text_with_numbers_in_it_is_translated_with_the_languages_separators():
    """Backgammon's cube decision reaches the engine panel and the hint as one English
    sentence with equities in it (``CubeDecision.summary``); in Italian it is read back
    against its template and written in Italian, numbers with a decimal comma."""
    from games.backgammon.cube import CubeDecision

    english = CubeDecision(0.798, 0.928, 1.0, False, True, 2).summary()
    assert english == "No double, take: no double +0.798, double/take +0.928, double/drop +1.000 (2-ply)"
    i18n.set_language("italian")
    italian_text = i18n.tr_known(english)
    assert italian_text == ("Niente raddoppio, accetta: niente raddoppio +0,798, raddoppio/accetta +0,928, "
                            "raddoppio/rifiuta +1,000 (2-ply)")
    for decision in (CubeDecision(0.5, 0.6, 1.0, True, True, 1), CubeDecision(0.5, 1.2, 1.0, True, False, 1),
                     CubeDecision(1.2, 1.1, 1.0, False, False, 1)):  # double/take, double/drop, too good
        text = i18n.tr_known(decision.summary())
        assert "double" not in text.lower() and "," in text and "." not in text, text
    assert "Troppo forte" in i18n.tr_known(CubeDecision(1.2, 1.1, 1.0, False, False, 1).summary())
    assert i18n.tr_known(CubeDecision(1.0, 1.3, 1.0, False, False, 2, True).summary()).startswith(
        "Raddoppio facoltativo, rifiuta: niente raddoppio +1,000")
    assert i18n.tr_known("e4 is not legal") == "e4 is not legal"  # no template made it: unchanged
    i18n.set_language("english")
    assert i18n.tr_known(english) == english
