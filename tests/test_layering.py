"""games/ and ai/ must work without pygame, and games/ must not import ai/ (games <- ai <- ui)."""
from __future__ import annotations

import pkgutil
import re
import subprocess
import sys

from conftest import ROOT


def modules_of(package: str) -> list[str]:
    found = []
    for info in pkgutil.walk_packages([str(ROOT / package)], prefix=f"{package}."):
        found.append(info.name)
    return [package, *found]


def import_with_blocked(modules: list[str], blocked: list[str]) -> subprocess.CompletedProcess:
    code = (
        "import sys\n"
        f"for name in {blocked!r}: sys.modules[name] = None\n"
        f"for name in {modules!r}: __import__(name)\n"
        "print('ok')\n"
    )
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_games_and_ai_import_with_pygame_blocked():
    modules = modules_of("games") + modules_of("ai")
    assert "ai.engine" in modules and "games.tictactoe.rules" in modules
    result = import_with_blocked(modules, ["pygame"])
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


def test_games_import_with_ai_and_ui_blocked():
    result = import_with_blocked(modules_of("games"), ["pygame", "ai", "ui"])
    assert result.returncode == 0, result.stderr


def test_blocking_really_blocks():
    # The check above would be worthless if blocking did not make imports fail.
    result = import_with_blocked(["pygame"], ["pygame"])
    assert result.returncode != 0 and "import of pygame halted" in result.stderr


def test_the_ui_modules_the_readme_marks_import_with_pygame_blocked():
    # The README's Architecture section marks with * the ui/ modules that import no pygame
    # (the session and its parts, the navigation protocols, ...); they are tested without a display.
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text[text.index("\nui/ "):text.index("\ndocs/bots/")]
    marked = sorted(set(re.findall(r"\b([a-z_0-9]+)\.py\*", block)))
    assert {"session", "game_endings", "navigation", "i18n"} <= set(marked)
    modules = [f"ui.{name}" for name in marked]
    if "languages/*" in block:
        modules += [f"ui.languages.{path.stem}" for path in sorted((ROOT / "ui" / "languages").glob("[a-z]*.py"))]
    result = import_with_blocked(modules, ["pygame"])
    assert result.returncode == 0, result.stderr


def test_rules_import_without_the_modules_built_on_them():
    # Rules sit below their game's evaluation, cube policy and record formats: the
    # evaluation is injected by the registry, and nothing leads back to the rules.
    result = import_with_blocked(
        ["games.backgammon.rules", "games.chess.rules"],
        ["games.backgammon.cube", "games.backgammon.evaluation", "games.backgammon.neural", "games.chess.pgn",
         "games.chess.game", "games.chess.evaluation", "games.registry"])
    assert result.returncode == 0, result.stderr
