"""The application: the window, the frame loop, the scene stack, and the wiring between scenes.

Each frame: wait for the frame's turn (``Clock.tick``, which releases the GIL so the
search thread runs), hand the events to the top scene, update every scene, draw from
the topmost opaque scene up, flip. The search runs in a background thread; to keep
60 frames per second while it runs, the interpreter is asked to switch threads every
0.5 ms (``sys.setswitchinterval``; the default 5 ms gives about 45 fps).

The app is the one place that knows the scenes: ``show_menu``, ``show_game``,
``show_lab``, ``show_editor`` and ``show_help`` build them, each given the app itself typed by the
narrow protocol of ``ui.navigation`` it needs (the app implements them all), so scenes
never import the app or each other. Keys that work everywhere are handled here: F1 or ``?`` (help), F11 (full
screen), ``+``/``-`` (text size), T (light or dark theme), M (sound on or off). The
sounds of a game (``ui.sounds``) are asked for by the play scene (``ui.sound_cues``)
through ``play_sound``.

An exception in a frame does not lose the game: scenes save what they hold, the
error is logged to the data folder and shown in a dialog, and the app carries on. If
frames keep failing, the app shows a system message box and exits.
"""
from __future__ import annotations

import os
import sys
import time
import traceback
import warnings
from collections import deque

import pygame

from ai.demonstrations import demonstration as demonstration_named
from games.base import State
from games.registry import GameEntry, get_game
from ui import i18n, table_folders, theme
from ui.i18n import tr
from ui.scene import Scene
from ui.scenes.dialog import Dialog
from ui.scenes.editor import EditorScene
from ui.scenes.help import HelpOverlay
from ui.scenes.lab import LabScene
from ui.scenes.menu import MenuScene
from ui.scenes.play import PlayScene
from ui.player_settings import PlayerSettings
from ui.session import GameSession
from ui.settings import TEXT_SIZES, AppSettings
from ui.sounds import SoundPlayer
from ui.storage import append_crash_log, data_dir, data_dir_problem, log_event, remove_stale_temporaries

FRAMES_PER_SECOND = 60
SWITCH_INTERVAL = 0.0005
"""Seconds between forced thread switches while the search thread runs."""
MAX_FAILED_FRAMES = 5
MINIMUM_SIZE = (640, 480)
"""The window cannot be made smaller than this (every layout stays readable down to it)."""
DEFAULT_SIZE = (1280, 800)
DESKTOP_SHARE = 0.9
"""A new window takes at most this share of the desktop in each direction."""
SETTINGS_SAVE_DELAY = 1.0
"""Seconds after the last resize before the new window size is saved."""


HEADLESS_DRIVERS = ("offscreen", "dummy")
"""SDL video drivers that draw nowhere: used only when asked for (``SDL_VIDEODRIVER``, as
the tests and the self-test do); SDL falling back on one means no display could be opened."""


class NoDisplayError(RuntimeError):
    """The window could not be opened: no display (SDL fell back on a headless driver, or
    none could start). The message says so for people."""


def no_display_message() -> str:
    """What people are told when no window can be opened (in the interface's language)."""
    return tr("No display could be opened, so Game Tree Lab cannot show its window. Start it from a desktop "
              "session (on Linux, check that DISPLAY or WAYLAND_DISPLAY names a running display).")


def check_display(driver: str, requested: str) -> None:
    """Raise ``NoDisplayError`` if ``driver`` (``pygame.display.get_driver()``) draws
    nowhere and ``requested`` (the ``SDL_VIDEODRIVER`` setting, comma-separated names, may
    be empty) did not ask for it."""
    asked = [name.strip().lower() for name in requested.split(",") if name.strip()]
    if driver.lower() in HEADLESS_DRIVERS and driver.lower() not in asked:
        raise NoDisplayError(no_display_message())


def fitted_window_size(wanted: tuple[int, int] | None, desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The size to open the window at: ``wanted`` (or 1280x800) shrunk to at most 90% of
    the ``desktop`` in each direction, and not below ``MINIMUM_SIZE`` unless the desktop
    itself is smaller."""
    width, height = wanted or DEFAULT_SIZE
    if desktop and desktop[0] > 0 and desktop[1] > 0:
        width = min(width, int(desktop[0] * DESKTOP_SHARE))
        height = min(height, int(desktop[1] * DESKTOP_SHARE))
        width = max(width, min(MINIMUM_SIZE[0], desktop[0]))
        height = max(height, min(MINIMUM_SIZE[1], desktop[1]))
    else:
        width, height = max(width, MINIMUM_SIZE[0]), max(height, MINIMUM_SIZE[1])
    return width, height


def _set_minimum_size(size: tuple[int, int]) -> None:
    """Ask the window manager for a minimum window size, where pygame-ce allows it."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().minimum_size = size
    except (AttributeError, pygame.error):
        pass


def _cover_the_screen(desktop: tuple[int, int] | None) -> pygame.Surface:
    """Full screen as a borderless window the size of the desktop at its top-left corner
    ("borderless full screen"): no video-mode switch, and it also works where no window
    manager would place a full-screen window (a kiosk, Xvfb). Falls back to SDL's own
    full screen when the desktop size is unknown."""
    if not desktop or desktop[0] <= 0 or desktop[1] <= 0:
        return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
    screen = pygame.display.set_mode(desktop, pygame.NOFRAME)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            window = pygame.Window.from_display_module()
            window.position = (1, 1)  # SDL may believe it is at (0, 0) already and skip the move
            window.position = (0, 0)
    except (AttributeError, pygame.error):
        pass
    return screen


def _desktop_size() -> tuple[int, int] | None:
    try:
        sizes = pygame.display.get_desktop_sizes()
    except (AttributeError, pygame.error):
        return None
    return tuple(sizes[0]) if sizes else None


class App:
    """Owns the pygame window, the settings and the scene stack. Create one per process.
    It is what every scene is given, as one of the protocols of ``ui.navigation``.

    ``size`` forces the window size (tests, benchmarks); otherwise the remembered size
    fitted to the desktop is used. ``settings`` default to those saved in the data folder.
    """

    def __init__(self, size: tuple[int, int] | None = None, settings: AppSettings | None = None) -> None:
        sys.setswitchinterval(SWITCH_INTERVAL)
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        self.notices: list[str] = []
        """Problems met at start (settings, data folder), for the menu to show."""
        if settings is None:
            settings, problem = AppSettings.load()
            if problem and i18n.set_language(settings.language) and settings.language != "english":
                settings, problem = AppSettings.load()  # the problem said in the chosen language
            if problem:
                self.notices.append(problem)
        folder_problem = data_dir_problem()
        if folder_problem:
            self.notices.append(folder_problem)
        try:
            remove_stale_temporaries()
        except OSError:
            pass
        self.settings = settings
        i18n.set_language(settings.language)
        table_folders.apply(settings.tables)
        theme.text_scale = theme.TEXT_SCALES.get(settings.text_size, 1.0)
        theme.apply_theme(settings.theme if settings.theme in theme.THEMES else "dark")
        try:
            pygame.display.init()  # not pygame.init(): the mixer is SoundPlayer's, silent if it fails
        except pygame.error as problem:
            raise NoDisplayError(no_display_message() + f" ({problem})") from None
        try:
            check_display(pygame.display.get_driver(), os.environ.get("SDL_VIDEODRIVER", ""))
        except NoDisplayError:
            pygame.display.quit()
            raise
        pygame.font.init()
        self.sounds = SoundPlayer(muted=not settings.sound)
        """The sounds (``play_sound``); tests may put a recorder with ``play`` and ``muted`` here."""
        if not self.sounds.available:
            log_event(f"no sound: {self.sounds.problem or 'the mixer could not be opened'}")
        theme.reset_fonts()
        pygame.display.set_caption("Game Tree Lab")
        self.desktop = _desktop_size()
        self.windowed_size = size or fitted_window_size(settings.window_size, self.desktop)
        self.fullscreen = False
        """Whether the app covers the whole screen (``toggle_fullscreen``)."""
        self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        _set_minimum_size(MINIMUM_SIZE)
        if settings.fullscreen and size is None:
            self.toggle_fullscreen()
        self.clock = pygame.time.Clock()
        self.scenes: list[Scene] = []
        self.running = True
        self.frame_times: deque[float] = deque(maxlen=100_000)
        self._failed_frames = 0
        self._last_frame_end = time.perf_counter()
        self._save_settings_at: float | None = None

    @property
    def size(self) -> tuple[int, int]:
        """The window's size in pixels."""
        return self.screen.get_size()

    # -- wiring the scenes ----------------------------------------------------------
    def show_menu(self) -> MenuScene:
        """Replace the stack with the menu."""
        menu = MenuScene(self, notices=self.notices)
        self.notices = []  # the first menu shows them; later ones need not repeat them
        self.replace(menu)
        return menu

    def show_game(self, session: GameSession) -> PlayScene:
        """Replace the stack with the play scene for ``session``."""
        play = PlayScene(self, session)
        self.replace(play)
        return play

    def show_lab(self, session: GameSession | None = None, demonstration: str = "",
                 entry: GameEntry | None = None, state: State | None = None) -> str:
        """Open the search lab over the current scene: on ``session``'s shown position, or
        on ``demonstration`` (a key of ``ai.demonstrations``), or on ``state`` (default:
        the start) of ``entry``'s game (default tic-tac-toe).
        In watch mode the computers are paused first. Returns "" or, when the lab cannot
        open (a timed game in which a person plays: their clock would run on), why not."""
        note = ""
        if session is not None:
            if session.record.result is None and any(not player.is_ai and player.time_control.is_timed
                                              for player in session.players):
                return tr("The lab is not available during a timed game: your clock would keep running.")
            if session.watch_mode and not session.paused:
                session.set_paused(True)
                note = tr("The computers are paused while the lab is open: Space resumes them when you are back.")
            session.pondering.drop()  # the lab's searches have the computer to themselves; it resumes after
            entry, state = session.entry, session.display_state
        else:
            entry = entry or get_game("tictactoe")
            state = state if state is not None else entry.game.initial_state()
        lab = LabScene(self, entry, state, note=note)
        if demonstration:
            lab.load_demonstration(demonstration_named(demonstration))
        self.push(lab)
        return ""

    def show_editor(self, entry: GameEntry, state: State, players: tuple[PlayerSettings, PlayerSettings],
                    rules: dict[str, bool], replacing: GameSession | None = None) -> EditorScene:
        """Open the board editor over the current scene on ``state`` of ``entry``'s game
        (see ``ui.navigation.Navigator.show_editor``), with the board view's remembered options."""
        editor = EditorScene(self, entry, state, players, rules, replacing,
                             view_options=self.settings.view_options.get(entry.id, {}))
        self.push(editor)
        return editor

    def show_help(self) -> None:
        """Show every key and mouse action of the top scene, and the app's own keys."""
        if isinstance(self.top, HelpOverlay):
            self.remove(self.top)
            return
        sections = list(self.top.help_sections()) if self.top is not None else []
        sections.append((tr("Anywhere"), [
            (tr("F1 or ?"), tr("show or hide this help")),
            ("F11", tr("full screen on or off (for a projector)")),
            ("T", tr("light or dark colours (light suits a projector in a bright room)")),
            ("M", tr("sound on or off (moves, captures, dice, the end of a game)")),
            (tr("+ and \u2212"), tr("larger or smaller text (normal, large, extra large)")),
            ("Esc", tr("close a message or this help")),
        ]))
        self.push(HelpOverlay(self, sections))

    # -- the window -----------------------------------------------------------------
    def toggle_fullscreen(self) -> None:
        """Switch between a window and the whole screen (remembered)."""
        if self.fullscreen:
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            self.fullscreen = False
        else:
            self.windowed_size = self.size
            self.screen = _cover_the_screen(self.desktop)
            self.fullscreen = True
        self.settings.fullscreen = self.fullscreen
        self.save_settings_soon()
        self._relayout()

    def set_text_size(self, name: str) -> None:
        """Use text size ``name`` (one of ``ui.settings.TEXT_SIZES``) everywhere (remembered)."""
        if name not in TEXT_SIZES:
            return
        self.settings.text_size = name
        theme.text_scale = theme.TEXT_SCALES[name]
        self.save_settings_soon()
        self._relayout()

    def set_theme(self, name: str) -> None:
        """Use colour theme ``name`` (one of ``ui.settings.THEME_NAMES``) everywhere (remembered)."""
        if name not in theme.THEMES:
            return
        self.settings.theme = name
        theme.apply_theme(name)
        self.save_settings_soon()
        self._relayout()

    def toggle_theme(self) -> str:
        """Switch between the dark and the light theme; returns the new one's name."""
        name = "light" if theme.theme_name == "dark" else "dark"
        self.set_theme(name)
        return name

    def play_sound(self, kind: str) -> None:
        """Play sound ``kind`` (one of ``ui.sounds.SOUND_KINDS``) unless the sound is off;
        never blocks, never fails (silent without an audio device)."""
        if not self.sounds.muted:
            self.sounds.play(kind)

    def set_sound(self, on: bool) -> None:
        """Turn the sounds on or off everywhere (remembered) and say so in the top
        scene's status line where it has one."""
        self.settings.sound = bool(on)
        self.sounds.muted = not on
        self.save_settings_soon()
        show_toast = getattr(self.top, "show_toast", None)
        if show_toast is not None:
            if on and not self.sounds.available:
                show_toast(tr("Sound on (M), but no audio device was found: nothing can be heard"))
            else:
                show_toast(tr("Sound on (M)") if on else tr("Sound off (M)"))
        self._relayout()

    def toggle_sound(self) -> bool:
        """Switch the sounds on or off; returns True when they are now on."""
        self.set_sound(not self.settings.sound)
        return self.settings.sound

    def set_language(self, name: str) -> None:
        """Use language ``name`` (one of ``ui.i18n.LANGUAGES``) from now on (remembered).
        The menu, where it is chosen, is built again so every label is read anew; its
        notices and message are kept."""
        if not i18n.set_language(name):
            return
        self.settings.language = name
        self.save_settings_soon()
        old = self.top if isinstance(self.top, MenuScene) else None
        menu = self.show_menu()
        if old is not None:
            menu.notices, menu.message = old.notices, old.message
            menu.resize(self.size)

    def cycle_text_size(self, step: int = 1) -> str:
        """The next (``step`` 1) or previous (-1) text size, without wrapping; returns its name."""
        index = TEXT_SIZES.index(self.settings.text_size) if self.settings.text_size in TEXT_SIZES else 0
        name = TEXT_SIZES[min(max(index + step, 0), len(TEXT_SIZES) - 1)]
        self.set_text_size(name)
        return name

    def next_text_size(self) -> str:
        """The next text size, from the largest back to normal; returns its name."""
        index = TEXT_SIZES.index(self.settings.text_size) if self.settings.text_size in TEXT_SIZES else 0
        name = TEXT_SIZES[(index + 1) % len(TEXT_SIZES)]
        self.set_text_size(name)
        return name

    def _relayout(self) -> None:
        for scene in self.scenes:
            scene.resize(self.size)

    def save_settings_soon(self) -> None:
        """Write the settings ``SETTINGS_SAVE_DELAY`` seconds from now (a resize or a
        run of changes is written once)."""
        self._save_settings_at = time.monotonic() + SETTINGS_SAVE_DELAY

    # -- the scene stack --------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        """The scene receiving events."""
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        """Put ``scene`` on top."""
        self.scenes.append(scene)
        scene.resize(self.size)
        scene.enter()

    def remove(self, scene: Scene) -> None:
        """Remove ``scene`` wherever it is in the stack (a dialog closing itself)."""
        if scene in self.scenes:
            was_top = scene is self.top
            self.scenes.remove(scene)
            scene.leave()
            if was_top and self.scenes:
                self.scenes[-1].enter()

    def replace(self, scene: Scene) -> None:
        """Swap the whole stack for ``scene`` (menu -> game and back)."""
        while self.scenes:
            self.scenes.pop().leave()
        self.push(scene)

    def quit(self) -> None:
        """End the loop after this frame."""
        self.running = False

    # -- the loop ---------------------------------------------------------------------
    def step(self) -> None:
        """Run one frame: events, update, draw, flip."""
        dt = self.clock.tick(FRAMES_PER_SECOND) / 1000.0
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                self.quit()
            elif event.type == pygame.VIDEORESIZE:
                self._resize(event.size)
            elif event.type == pygame.KEYDOWN and self._global_key(event):
                continue
            elif self.top is not None:
                self.top.handle_event(event)
        for scene in list(self.scenes):
            scene.update(dt)
        if self._save_settings_at is not None and time.monotonic() >= self._save_settings_at:
            self._save_settings_at = None
            self.settings.save()
        self.draw()
        pygame.display.flip()
        now = time.perf_counter()
        self.frame_times.append(now - self._last_frame_end)
        self._last_frame_end = now

    def _global_key(self, event: pygame.event.Event) -> bool:
        """Handle the keys that work in every scene; True if ``event`` was one."""
        if self.top is not None and self.top.wants_text_input:
            return False
        text = getattr(event, "unicode", "")
        if event.key == pygame.K_F1 or text == "?":
            self.show_help()
        elif event.key == pygame.K_F11:
            self.toggle_fullscreen()
        elif event.key == pygame.K_t and not getattr(event, "mod", 0) & pygame.KMOD_CTRL:
            self.toggle_theme()
        elif event.key == pygame.K_m and not getattr(event, "mod", 0) & pygame.KMOD_CTRL:
            self.toggle_sound()
        elif text == "+" or event.key in (pygame.K_PLUS, pygame.K_KP_PLUS):
            self.cycle_text_size(1)
        elif text == "-" or event.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.cycle_text_size(-1)
        else:
            return False
        return True

    def draw(self) -> None:
        """Paint the stack: the topmost opaque scene and the overlays above it."""
        self.screen.fill(theme.BACKGROUND)
        start = 0
        for index, scene in enumerate(self.scenes):
            if not scene.overlay:
                start = index
        for scene in self.scenes[start:]:
            scene.draw(self.screen)

    def run(self, seconds: float | None = None) -> None:
        """Loop until quit (or for ``seconds``), surviving failures in a frame. Does not
        close the window: call ``shutdown`` after."""
        deadline = None if seconds is None else time.perf_counter() + seconds
        while self.running and (deadline is None or time.perf_counter() < deadline):
            try:
                self.step()
                self._failed_frames = 0
            except Exception as error:  # keep the game; tell the person
                self._failed_frames += 1
                self.recover(error)

    def recover(self, error: BaseException) -> None:
        """Save every scene's game, log ``error``, and show it (or exit if frames keep failing)."""
        details = traceback.format_exc()
        for scene in list(self.scenes):
            try:
                scene.emergency_save()
            except Exception:
                details += "\nwhile saving:\n" + traceback.format_exc()
        log_event(f"error, the game saved: {type(error).__name__}: {error}")
        try:
            log = append_crash_log(f"{time.strftime('%Y-%m-%d %H:%M:%S')}\n{details}")
            where = tr("Details were written to {log}.", log=log)
        except OSError:
            where = tr("The details could not be written to the crash log.")
        message = tr("{error}\n\nYour game was saved. {where}", error=f"{type(error).__name__}: {error}", where=where)
        if self._failed_frames >= MAX_FAILED_FRAMES:
            try:
                pygame.display.message_box(tr("Game Tree Lab stopped"), message + tr("\n\nThe app will now close; "
                                           "restart it to resume your game."), message_type="error")
            except Exception:
                print(message, file=sys.stderr)
            self.quit()
            return
        if not any(isinstance(scene, Dialog) and scene.title == tr("Something went wrong") for scene in self.scenes):
            self.push(Dialog(self, tr("Something went wrong"), message, details=details))

    def shutdown(self) -> None:
        """Leave every scene (they stop searches and save), save the settings, close the window."""
        while self.scenes:
            scene = self.scenes.pop()
            try:
                scene.leave()
            except Exception:
                append_crash_log(traceback.format_exc())
        size_changed = not self.fullscreen and self.settings.window_size != self.size
        if size_changed:
            self.settings.window_size = self.size
        if self._save_settings_at is not None or size_changed:
            self.settings.save()
        pygame.quit()
        theme.reset_fonts()  # they died with it: a later window, or a test drawing without one, makes new ones

    def _resize(self, size: tuple[int, int]) -> None:
        self.screen = pygame.display.get_surface()
        if not self.fullscreen:
            self.windowed_size = self.size
            self.settings.window_size = self.size
            self.save_settings_soon()
        self._relayout()


def run_app(demonstration: str = "") -> int:
    """Open the window on the menu (offering to resume a saved game) and run until closed;
    with ``demonstration`` (a key of ``ai.demonstrations``), on that demonstration of the
    search lab over the menu instead (no resume offer: the saved game waits).
    The start, the problems met at start and the end go to the app's log (``log_event``):
    a windowed program has no console to print them on."""
    log_event(f"Game Tree Lab starts: Python {sys.version.split()[0]}, pygame {pygame.version.ver}, "
              f"{'the built executable' if getattr(sys, 'frozen', False) else 'from source'}, {sys.platform}, "
              f"data folder {data_dir()}")
    try:
        app = App()
    except NoDisplayError as problem:
        _say_no_display(str(problem))
        return 1
    for notice in app.notices:
        log_event(f"at start: {notice}")
    menu = app.show_menu()
    if demonstration:
        app.show_lab(demonstration=demonstration)
    else:
        menu.offer_resume()
    try:
        app.run()
    finally:
        app.shutdown()
        log_event("Game Tree Lab closed")
    return 0


def _say_no_display(message: str) -> None:
    """Tell people the window cannot open: on standard error, in the app's log, and in a
    system message box where the system can show one without a display of ours (Windows,
    macOS; elsewhere it fails quietly)."""
    print(f"error: {message}", file=sys.stderr)
    log_event(f"no window: {message}")
    try:
        pygame.display.message_box("Game Tree Lab", message, message_type="error")
    except (pygame.error, AttributeError):
        pass
