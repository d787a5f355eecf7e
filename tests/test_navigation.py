"""Scenes reach the app only through ``ui.navigation``: no scene imports ``ui.app``, ``ui/``
has no import circle, the app implements every protocol, and scenes work with a stand-in."""
from __future__ import annotations

import ast
import inspect

import pygame

from ai.clock import TimeControl
from ai.types import Algorithm
from conftest import ROOT
from games.registry import get_game
from ui import navigation
from ui.navigation import MenuHost, Navigator, PlayHost, SceneStack
from ui.player_settings import PlayerSettings
from ui.scene import Scene
from ui.scenes.dialog import Dialog
from ui.scenes.menu import MenuScene
from ui.scenes.play import PlayScene
from ui.session import GameSession
from ui.settings import AppSettings
from ui_driver import app  # noqa: F401  (a fixture)

PROTOCOLS = (SceneStack, Navigator, MenuHost, PlayHost)
PERSON = PlayerSettings("human", 1, Algorithm.ALPHABETA, TimeControl.unlimited())


def ui_modules() -> dict[str, ast.Module]:
    """Every module of ``ui/`` by dotted name, parsed."""
    modules = {}
    for path in sorted((ROOT / "ui").rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        modules[name] = ast.parse(path.read_text(encoding="utf-8"))
    return modules


def imported(tree: ast.Module, known: set[str]) -> set[str]:
    """The modules of ``known`` that ``tree`` imports anywhere (type-only imports too);
    ``from package import module`` counts as importing the module."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                child = f"{node.module}.{alias.name}"
                found.add(child if child in known else node.module)
    return found & known


def import_graph() -> dict[str, set[str]]:
    modules = ui_modules()
    known = set(modules)
    return {name: imported(tree, known) - {name} for name, tree in modules.items()}


def circle_in(graph: dict[str, set[str]]) -> list[str]:
    """One import circle of ``graph`` as a path that returns to its start, or ``[]``."""
    state: dict[str, str] = {}
    path: list[str] = []

    def visit(name: str) -> list[str]:
        state[name] = "open"
        path.append(name)
        for other in sorted(graph[name]):
            if state.get(other) == "open":
                return path[path.index(other):] + [other]
            if other not in state:
                found = visit(other)
                if found:
                    return found
        state[name] = "done"
        path.pop()
        return []

    for name in sorted(graph):
        if name not in state:
            found = visit(name)
            if found:
                return found
    return []


def test_no_scene_module_imports_the_app():
    graph = import_graph()
    scene_modules = [name for name in graph if name.startswith("ui.scenes") or name in ("ui.scene", "ui.navigation")]
    assert "ui.scenes.play" in scene_modules and "ui.scenes.menu" in scene_modules
    assert [name for name in scene_modules if "ui.app" in graph[name]] == []


def test_ui_has_no_import_circle():
    assert circle_in(import_graph()) == []


def test_the_circle_finder_finds_a_circle():
    # The check above would be worthless if a circle went unnoticed.
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circle_in(graph) == ["a", "b", "c", "a"]
    assert circle_in({"a": {"b"}, "b": set()}) == []


def protocol_members(protocol: type) -> dict[str, object]:
    """The members ``protocol`` declares (its own and those of the protocols it extends)."""
    members: dict[str, object] = {}
    for cls in reversed(protocol.__mro__):
        if cls.__module__ != navigation.__name__:
            continue
        members.update({name: value for name, value in vars(cls).items() if not name.startswith("_")})
        members.update({name: None for name in vars(cls).get("__annotations__", {})})
    return members


def test_the_app_implements_every_navigation_protocol(app):  # noqa: F811
    assert set(protocol_members(PlayHost)) >= {"push", "remove", "size", "show_menu", "show_game", "play_sound"}
    for protocol in PROTOCOLS:
        assert isinstance(app, protocol), protocol.__name__
        for name, declared in protocol_members(protocol).items():
            assert hasattr(app, name), f"App has no {name} ({protocol.__name__})"
            if inspect.isfunction(declared):
                wanted = list(inspect.signature(declared).parameters)[1:]
                assert list(inspect.signature(getattr(app, name)).parameters) == wanted, name


class StandIn:
    """A navigator that is not the app: a list for the stack, and a record of the calls."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self.calls: list[tuple] = []
        self.settings = AppSettings()
        self.fullscreen = False
        self.size = (1920, 1080)  # wide enough for every toolbar button

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        scene.resize(self.size)

    def remove(self, scene: Scene) -> None:
        if scene in self.scenes:
            self.scenes.remove(scene)

    def __getattr__(self, name: str):
        if name.startswith("_"):
            raise AttributeError(name)
        return lambda *arguments, **keywords: self.calls.append((name, arguments, keywords)) or ""


def click(scene: Scene, button) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        scene.handle_event(pygame.event.Event(kind, pos=button.rect.center, button=1))


def test_the_play_scene_is_built_from_one_object_and_asks_it_for_everything(app):  # noqa: F811
    host = StandIn()
    assert isinstance(host, PlayHost)
    session = GameSession(get_game("tictactoe"), (PERSON, PERSON))
    play = PlayScene(host, session)
    host.push(play)
    assert play.session is session and host.top is play
    play.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert all(button.visible for button in play.toolbar_buttons.values())
    click(play, play.toolbar_buttons["lab"])
    click(play, play.toolbar_buttons["theme"])
    click(play, play.toolbar_buttons["fullscreen"])
    click(play, play.toolbar_buttons["text"])
    assert [call[0] for call in host.calls] == ["show_menu", "show_lab", "toggle_theme", "toggle_fullscreen",
                                                "next_text_size"]
    assert host.calls[1][1] == (session,)
    host.calls.clear()
    play._play(session.record.state.legal_moves()[0])
    play.update(0.0)
    assert [call[0] for call in host.calls] == ["play_sound"] and len(session.record.moves) == 1
    click(play, play.buttons["new"])  # a game in progress: asked first, in a dialog on the stand-in's stack
    dialog = host.top
    assert isinstance(dialog, Dialog) and dialog.title == "Start a new game?"
    click(dialog, dialog.button("New game"))
    assert host.top is play and session.record.moves == []


def test_the_play_scene_remembers_view_options_through_its_host(app):  # noqa: F811
    host = StandIn()
    session = GameSession(get_game("backgammon"), (PERSON, PERSON))
    play = PlayScene(host, session)
    host.push(play)
    name = next(iter(play.view.options))
    before = play.view.option_values.get(name, False)
    click(play, play.toolbar_buttons[f"option:{name}"])
    assert host.settings.view_options["backgammon"][name] is (not before)
    assert ("save_settings_soon", (), {}) in host.calls


def test_the_menu_opens_the_game_it_builds_through_its_host(app):  # noqa: F811
    host = StandIn()
    assert isinstance(host, MenuHost)
    menu = MenuScene(host, notices=["a problem met at start"])
    host.push(menu)
    assert menu.notices == ["a problem met at start"]
    click(menu, menu.lab_button)
    click(menu, menu.start_button)
    assert [call[0] for call in host.calls] == ["show_lab", "show_game"]
    assert host.calls[0][2] == {"entry": menu.entry}
    session = host.calls[1][1][0]
    assert isinstance(session, GameSession) and session.entry is menu.entry
