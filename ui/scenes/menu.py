"""The start menu: pick the game, and for each side a person or the computer (strength
level, algorithm, time control); the text size and full screen for a projector; resume
or review the saved game. Choices are remembered between runs (``ui.settings``). Where
everything goes is worked out with ``ui.scenes.menu_layout``."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from ai.clock import TimeControl
from ai.types import Algorithm
from games.base import GameError
from games.registry import GAMES, GameEntry, get_game
from ui import theme
from ui.bots import bot_choices, bot_file
from ui.game_texts import (level_choice, level_details, local_time, rules_label, text_size_label,
                           time_control_label)
from ui.i18n import LANGUAGE_NAMES, LANGUAGES, mark, tr, tr_known, tr_plural
from ui.player_settings import ELO_CHOICES, PlayerSettings, engine_label, find_engines
from ui.game_files import (describe_game_file, games_folder, read_game_file, read_position_or_game,
                           reading_problem)
from ui.saved_game import SavedGame, game_saved_in
from ui.scene import Scene
from ui.scenes.dialog import Dialog
from ui.scenes.file_dialog import FileDialog
from ui.scenes.menu_layout import (MenuGrid, MenuSpacing, game_row_rects, notice_lines, share_height,
                                   view_row_fits, view_row_widths, wrapped_row_height)
from ui.scenes.table_folder_choice import TableFolderChoice
from ui.scenes.text_dialog import TextDialog
from ui.session import GameSession
from ui.settings import TEXT_SIZES
from ui.storage import data_dir, log_event
from ui.widgets.controls import Button, Selector

if TYPE_CHECKING:
    from ui.navigation import MenuHost

TIME_CONTROLS = (
    TimeControl.unlimited(),
    TimeControl.per_move(0.5),
    TimeControl.per_move(1),
    TimeControl.per_move(3),
    TimeControl.per_move(10),
    TimeControl.fischer(60, 1),
    TimeControl.fischer(180, 2),
    TimeControl.fischer(300, 3),
    TimeControl.fischer(600, 5),
)
"""The time controls offered in the menu."""
KEYS_LINE = mark("Both sides Computer = watch mode.  Enter starts, R resumes, L search lab.  In a game: \u2190 "
                 "\u2192 moves, F flip, H hint, U takeback, P play from here, L search lab, N new game, Esc menu; "
                 "watching: Space pause, S step.  F1 or ? lists every key; F11 full screen; + \u2212 text size; "
                 "T light or dark; M sound.")
_logged_problems: set[str] = set()
"""The problems with a game's data files already written to the app's log."""


class SideControls:
    """The five selectors for one side, in four rows. The player may be a person, the computer (this
    app's search), an installed external program (``GameEntry.external_engines``),
    whose strength is an Elo limit instead of a level, or a bot file (``ui.bots``: the
    game's example bot and the data folder's ``bots/<game id>/*.py``), run as a program.
    The last, beside the time, says whether the computer thinks on your time (pondering,
    ``PlayerSettings.ponders``): it can be chosen only where it applies (the strongest
    level, a game without dice), where it is on unless turned off."""

    def __init__(self, entry: GameEntry, settings: PlayerSettings, on_change: Callable[[], None]) -> None:
        self.kind = Selector(tr("Player"), [("human", tr("Person")), ("ai", tr("Computer"))], 0,
                             lambda _: on_change())
        self.level = Selector(tr("Strength"), [], 0, lambda _: on_change())
        self.elo = Selector(tr("Strength \u2014 an Elo limit the program keeps to"),
                            [(elo, tr("Elo {elo}", elo=elo) if elo else tr("Full strength")) for elo in ELO_CHOICES],
                            0, lambda _: on_change())
        self.algorithm = Selector(tr("Algorithm"), [], 0, lambda _: on_change())
        self.time = Selector(tr("Time"), [(control, time_control_label(control)) for control in TIME_CONTROLS], 0,
                             lambda _: on_change())
        self.ponder = Selector(tr("Pondering"), [(True, tr("On")), (False, tr("Off"))], 0,
                               lambda value: self._ponder_chosen(value, on_change))
        self.level.wraps = self.elo.wraps = True  # a level's words and details are long: never cut
        self._ponder_choice: bool | None = None
        self.entry = entry
        self.configure(entry, settings)

    def _ponder_chosen(self, value: bool, on_change: Callable[[], None]) -> None:
        self._ponder_choice = value
        on_change()

    @property
    def external(self) -> bool:
        """Whether an external program is chosen."""
        return str(self.kind.value).startswith("engine:")

    @property
    def selectors(self) -> list[Selector]:
        """Top to bottom (the Elo limit in the strength row for an external program)."""
        return [self.kind, self.elo if self.external else self.level, self.algorithm, self.time, self.ponder]

    @property
    def rows(self) -> list[list[Selector]]:
        """The selectors row by row, top to bottom: pondering shares the time's row."""
        return [[self.kind], [self.elo if self.external else self.level], [self.algorithm], [self.time, self.ponder]]

    def configure(self, entry: GameEntry, settings: PlayerSettings) -> None:
        """Offer ``entry``'s players, levels and algorithms and show ``settings``."""
        self.entry = entry
        kinds = [("human", tr("Person")), ("ai", tr("Computer"))]
        kinds += [(f"engine:{command}", tr("{name} (program)", name=engine_label(command)))
                  for command in find_engines(entry.external_engines)]
        kinds += [(f"engine:{command}", label) for command, label in bot_choices(entry)]
        if settings.is_external and f"engine:{settings.engine}" not in dict(kinds):
            kinds.append((f"engine:{settings.engine}", tr("{name} (program)", name=engine_label(settings.engine))))
        self.kind.set_options(kinds, "human")
        ratings = entry.level_ratings()
        if ratings.problem and ratings.problem not in _logged_problems:  # once, not at every configure
            _logged_problems.add(ratings.problem)
            log_event(ratings.problem)
        self.level.set_options([(number, level_choice(number, entry.level(number), ratings.rating(number),
                                                      ratings.movetime))
                                for number in range(1, entry.max_level + 1)], settings.level)
        has_chance = entry.game.has_chance
        algorithms = [a for a in Algorithm if (a.handles_chance if has_chance else a is not Algorithm.EXPECTIMINIMAX)]
        self.algorithm.set_options([(a, tr_known(a.label)) for a in algorithms], settings.algorithm)
        self.kind.select(f"engine:{settings.engine}" if settings.is_external else settings.kind)
        self.elo.select(settings.elo)
        self._ponder_choice = settings.ponder
        self.refresh()
        self.time.select(settings.time_control)

    def refresh(self) -> None:
        """Grey out what does not apply to a person (or to a program: the algorithm and
        pondering; pondering also to a level below the strongest and a game with dice),
        offer a person only real clocks (a time per move limits the computer only), and
        put the level's technical detail in the strength selector's label."""
        computer = self.kind.value != "human"
        self.level.enabled = self.algorithm.enabled = computer and not self.external
        settings = self.settings()
        self.ponder.enabled = computer and not self.external and replace(settings, ponder=True).ponders(self.entry)
        self.ponder.select(settings.ponders(self.entry))
        self.elo.enabled = not bot_file(str(self.kind.value))  # a bot has no Elo limit to keep
        self.level.label = tr("Strength \u2014 {details}", details=level_details(self.entry.level(self.level.value), self.entry))
        controls = [control for control in TIME_CONTROLS if computer or control.kind != "movetime"]
        self.time.set_options([(control, time_control_label(control)) for control in controls])

    def settings(self) -> PlayerSettings:
        """The chosen settings."""
        if self.external:
            return PlayerSettings("engine", self.level.value, self.algorithm.value, self.time.value,
                                  engine=str(self.kind.value)[len("engine:"):], elo=self.elo.value)
        return PlayerSettings(self.kind.value, self.level.value, self.algorithm.value, self.time.value,
                              ponder=self._ponder_choice)


class MenuScene(Scene):
    """The first screen. ``start_game`` builds a ``GameSession`` and shows it
    (``navigator.show_game``); the bottom row's choices go to the app through
    ``navigator`` (``ui.navigation.MenuHost``). ``notices`` are problems met at start."""

    def __init__(self, navigator: MenuHost, notices: Sequence[str] = ()) -> None:
        self.navigator = navigator
        settings = self.settings = navigator.settings
        self.notices: list[str] = list(notices)
        self.message = ""
        self.entry = get_game(settings.game) if settings.game in GAMES else next(iter(GAMES.values()))
        players = self._players_for(self.entry)
        self.game_selector = Selector(tr("Game"), [(key, tr_known(entry.game.title)) for key, entry in GAMES.items()],
                                      0, self._game_changed)
        self.game_selector.select(self.entry.id)
        self.rules_selector = Selector(tr("Rules"), [("", "")], 0, self._rules_changed)
        self._configure_rules()
        self.tables = TableFolderChoice(navigator, settings, self._tables_changed)
        self.tables.configure(self.entry)
        self.sides = [SideControls(self.entry, players[side], self._settings_changed) for side in (0, 1)]
        self.start_button = Button(tr("Start game"), self.start_game, primary=True, short_label=tr("Start"))
        self.resume_button = Button(tr("Resume saved game"), self.resume_saved)
        self.quit_button = Button(tr("Quit"), navigator.quit)
        self.open_button = Button(tr("Open a saved game\u2026"), self.open_saved_game, short_label=tr("Open\u2026"))
        self.position_button = Button(tr("From a position\u2026"), self.start_from_position,
                                      short_label=tr("Position\u2026"))
        self.editor_button = Button(tr("Set up a position\u2026"), self.set_up_position, short_label=tr("Set up\u2026"))
        self.lab_button = Button(tr("Search lab"), lambda: navigator.show_lab(entry=self.entry),
                                 short_label=tr("Lab"))
        self.buttons = [self.start_button, self.resume_button, self.open_button, self.position_button,
                        self.editor_button, self.lab_button, self.quit_button]
        self.open_button.visible = bool(self.entry.game.record_format)
        self.text_size_selector = Selector(tr("Text size"), [(name, text_size_label(name)) for name in TEXT_SIZES],
                                           0, navigator.set_text_size)
        self.text_size_selector.select(settings.text_size)
        self.theme_selector = Selector(tr("Colours (T)"), [("dark", tr("Dark")), ("light", tr("Light"))], 0,
                                       navigator.set_theme)
        self.theme_selector.select(settings.theme)
        self.language_selector = Selector(tr("Language"), [(name, LANGUAGE_NAMES[name]) for name in LANGUAGES], 0,
                                          self._language_changed)
        self.language_selector.select(settings.language)
        self.sound_selector = Selector(tr("Sound (M)"), [(True, tr("On")), (False, tr("Off"))], 0,
                                       navigator.set_sound)
        self.sound_selector.select(settings.sound)
        self.fullscreen_button = Button(tr("Full screen (F11)"), navigator.toggle_fullscreen,
                                        short_label=tr("Full screen"))
        self.help_button = Button(tr("Help (F1)"), navigator.show_help, short_label="?")
        self.details_button = Button(tr("Details"), self.show_notices)
        self.details_button.visible = False
        self.saved: SavedGame | None = None
        self.saved_problem = ""
        self._sizes = theme.text_sizes((1280, 800))
        self._content_width = 0
        self._layout: dict[str, object] = {}

    # -- settings ---------------------------------------------------------------------
    def _players_for(self, entry: GameEntry) -> tuple[PlayerSettings, PlayerSettings]:
        players, problem = self.settings.players_for(entry)
        if problem:
            self.message = problem
        return players

    def _configure_rules(self) -> None:
        """The rule choices of the chosen game, the remembered one selected."""
        choices = self.entry.game.rule_choices()
        self.rules_selector.set_options([(label, rules_label(label)) for label, _ in choices])
        remembered = self.settings.rules_for(self.entry)
        for label, rules in choices:
            if rules == remembered:
                self.rules_selector.select(label)

    def _rules_changed(self, label: str) -> None:
        rules = dict(self.entry.game.rule_choices())[label]
        self.settings.rules[self.entry.id] = rules

    def chosen_rules(self) -> dict[str, bool]:
        """The rule options shown for the chosen game."""
        return dict(self.entry.game.rule_choices()).get(self.rules_selector.value, self.entry.game.default_rules())

    def _game_changed(self, game_id: str) -> None:
        self.message = ""
        self.entry = get_game(game_id)
        self._configure_rules()
        self.tables.configure(self.entry)
        self.open_button.visible = bool(self.entry.game.record_format)
        self.check_saved_game()  # Resume offers this game's saved game, not another's
        self.message = self.saved_problem
        players = self._players_for(self.entry)
        for side in (0, 1):
            self.sides[side].configure(self.entry, players[side])
        self.resize(self.navigator.size)

    def _settings_changed(self) -> None:
        self.message = ""
        for side in self.sides:
            side.refresh()
        self.resize(self.navigator.size)  # a program's Elo limit takes the strength row

    def chosen_players(self) -> tuple[PlayerSettings, PlayerSettings]:
        """The settings of both sides as shown."""
        return self.sides[0].settings(), self.sides[1].settings()

    def _save_settings(self) -> None:
        self.settings.remember_players(self.entry, self.chosen_players())
        problem = self.settings.save()
        if problem:
            self.notices.append(problem)

    def _tables_changed(self) -> None:
        self._save_settings()
        self.resize(self.navigator.size)

    def _language_changed(self, name: str) -> None:
        """Keep the choices shown (the app rebuilds the menu in the new language)."""
        self.settings.remember_players(self.entry, self.chosen_players())
        self.navigator.set_language(name)

    def show_notices(self) -> None:
        """Every problem met at start, in full, in a dialog."""
        notices = [text for text in (*self.notices, self.message) if text]
        self.navigator.push(Dialog(self.navigator, tr("Problems at start"), "\n".join(notices) or tr("None.")))

    # -- the saved game -------------------------------------------------------------
    def check_saved_game(self) -> None:
        """Read the shown game's autosave (``ui.saved_game.game_saved_in``; a damaged one
        is moved aside and reported) and label the Resume button:
        "Resume saved game" for an unfinished game, "Review last game" for a finished one;
        hidden when the shown game has none (another game's is never offered here)."""
        self.saved, self.saved_problem = game_saved_in(data_dir(), self.entry.id)
        self.resume_button.visible = self.saved is not None
        if self.saved is not None:
            self.resume_button.label = tr("Review last game") if self.saved.finished else tr("Resume saved game")
            self.resume_button.short_label = tr("Review") if self.saved.finished else tr("Resume")

    # -- actions ---------------------------------------------------------------------
    def start_game(self) -> None:
        """Open a new game with the chosen settings."""
        self._save_settings()
        self.navigator.show_game(GameSession(self.entry, self.chosen_players(), rules=self.chosen_rules()))

    def open_saved_game(self) -> None:
        """List the saved games (in the game's record format); the chosen one opens with
        the players shown, at its end, to review or play on from any move."""
        entry = self.entry
        if not entry.game.record_format:
            self.message = tr("{game} games cannot be saved as files.", game=tr_known(entry.game.title))
            return

        def choose(path) -> None:
            try:
                game = read_game_file(entry, path)
            except GameError as problem:
                self.message = tr("{name} could not be opened: {problem}", name=path.name, problem=problem)
                self.resize(self.navigator.size)
                return
            self._save_settings()
            self.navigator.show_game(GameSession.from_game_text(entry, self.chosen_players(), game))

        self.navigator.push(FileDialog(self.navigator, tr("Open a saved game"), games_folder(), on_choose=choose,
                                       pattern=f"*.{entry.game.record_format.lower()}",
                                       describe=lambda path: describe_game_file(entry, path)))

    def start_from_position(self) -> None:
        """Ask for a position (FEN in chess, typed or pasted) or a whole game, and start
        from it with the players shown."""
        entry = self.entry

        def accept(text: str) -> None:
            self._save_settings()
            game = read_position_or_game(entry, text)
            self.navigator.show_game(GameSession.from_game_text(entry, self.chosen_players(), game))

        example = entry.game.initial_state().to_text()
        if entry.game.record_format:
            prompt = tr("Type or paste a position or a whole game ({format}). The position is written like this "
                        "start position: {example}", format=entry.game.record_format, example=example)
        else:
            prompt = tr("Type or paste a position. The position is written like this start position: {example}",
                        example=example)
        self.navigator.push(TextDialog(self.navigator, tr("Start from a position"), prompt,
                                       accept, validate=lambda text: reading_problem(entry, text),
                                       multi_line=bool(entry.game.record_format)))

    def set_up_position(self) -> None:
        """The board editor on the chosen game's start under the rules and players shown."""
        self._save_settings()
        rules = self.chosen_rules()
        self.navigator.show_editor(self.entry, self.entry.game.start(rules), self.chosen_players(), rules)

    def offer_resume(self) -> None:
        """At start-up: if an unfinished game was saved, ask whether to resume it (a
        finished one is only offered by the "Review last game" button). A damaged save
        found on entering the menu is reported in a dialog."""
        if self.saved_problem:
            self.navigator.push(Dialog(self.navigator, tr("Saved game damaged"), self.saved_problem))
            if self.saved_problem in self.notices:  # said in the dialog; the menu need not repeat it
                self.notices.remove(self.saved_problem)
                self.resize(self.navigator.size)
            return
        saved = self.saved
        if saved is None or saved.finished or not saved.record.moves:
            return
        moves = len(saved.record.moves)
        self.navigator.push(Dialog(
            self.navigator, tr("Resume your game?"),
            tr_plural(moves, "An unfinished {game} game ({count} move, saved {time}) is waiting.",
                      "An unfinished {game} game ({count} moves, saved {time}) is waiting.",
                      game=tr_known(saved.entry.game.title), time=local_time(saved.saved_at)),
            [(tr("Resume"), self.resume_saved), (tr("Not now"), None)],
        ))

    def resume_saved(self) -> None:
        """Reopen the shown game's saved game: an unfinished one to play on, a finished one
        to review; when it has none, say so."""
        if self.saved is None:
            self.check_saved_game()
        if self.saved is None:
            self.message = self.saved_problem or tr("There is no saved {game} game.",
                                                    game=tr_known(self.entry.game.title))
            self.resize(self.navigator.size)
            return
        self.navigator.show_game(GameSession.from_saved_game(self.saved))

    # -- scene -----------------------------------------------------------------------
    def enter(self) -> None:
        """Look at the saved game (for the Resume button) and lay out."""
        self.check_saved_game()
        if self.saved_problem and self.saved_problem not in self.notices:
            self.notices.append(self.saved_problem)
        self.resize(self.navigator.size)

    def help_sections(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """The menu's keys and mouse actions."""
        return [(tr("Menu"), [
            (tr("Click \u25c0 \u25b6 or the value"), tr("change a choice (the mouse wheel over it works too)")),
            (tr("Enter"), tr("start the game")),
            ("R", tr("resume (or review) the saved game")),
            (tr("L or Search lab"), tr("the search lab on the chosen game's start, with the demonstrations")),
            (tr("Open a saved game\u2026"), tr("a game saved from the play screen (chess: PGN), to review or play on")),
            (tr("From a position\u2026"), tr("type or paste a position (chess: FEN, or a whole PGN game) to start from")),
            (tr("E or Set up a position\u2026"), tr("the board editor: set a position up, then play, watch or search it")),
            (tr("Both sides Computer"), tr("watch mode: the computer plays itself")),
            (tr("Pondering"), tr("the computer thinks on your time, searching the position after the reply it "
                                 "expects (its strongest level only, not in games with dice)")),
            (tr("Language"), tr("English or Italiano: the whole interface changes at once")),
        ])]

    def resize(self, size: tuple[int, int]) -> None:
        """Title, notices, the game selector, two columns of side settings, buttons, the
        view row and the keys line. Spacing shrinks (and the subtitle goes) to fit; if the
        chosen text size still does not fit the window, the menu uses the largest that does."""
        self.theme_selector.select(theme.theme_name)  # T may have changed it
        self.sound_selector.select(self.settings.sound)  # and M this
        scale = theme.text_scale
        while True:
            sizes = theme.text_sizes(size, scale)
            if self._lay_out(size, sizes) or scale <= 1.0:
                break
            scale = max(1.0, scale - 0.05)
        self._sizes = sizes
        for selector in (self.game_selector, self.rules_selector, self.text_size_selector, self.theme_selector,
                         self.language_selector, self.sound_selector,
                         *(s for side in self.sides for s in (*side.selectors, side.level, side.elo))):
            selector.label_size = sizes.small

    def _lay_out(self, size: tuple[int, int], sizes: theme.TextSizes) -> bool:
        """Place everything for ``sizes``, top to bottom (``ui.scenes.menu_layout`` has the
        measures); False if it does not fit the height."""
        grid = MenuGrid.for_window(size, sizes)
        self._content_width = grid.content_width
        notices, self.details_button.visible = notice_lines((*self.notices, self.message),
                                                            self._details_width(sizes), sizes, grid.content_width)
        strength = wrapped_row_height([side.selectors[1] for side in self.sides], grid, sizes)
        spacing = share_height(grid, sizes, len(notices), tr(KEYS_LINE), tr("F1 or ? lists every key."),
                               taller_rows=strength - grid.selector_height)
        gap = spacing.gap
        self._layout = {}
        y = self._place_heading(grid, sizes, spacing, notices, grid.margin + spacing.leftover // 3)
        y = self._place_game_row(grid, sizes, y) + gap
        y = self._place_sides(grid, sizes, gap, y, strength) + gap
        y = self._place_buttons(grid, y) + gap
        y = self._place_view_row(grid, sizes, y) + gap
        return self._place_keys(grid, sizes, spacing, y)

    def _place_heading(self, grid: MenuGrid, sizes: theme.TextSizes, spacing: MenuSpacing, notices: list[str],
                       top: int) -> int:
        """The title at ``top``, the subtitle, the notices (and the Details button on their
        last line); returns where the game row goes."""
        small_line = theme.line_height(sizes.small)
        self._layout["title_y"] = top
        y = top + theme.line_height(sizes.title)
        if spacing.show_subtitle:
            self._layout["subtitle_y"] = y
            y += theme.line_height(sizes.body)
        y += spacing.gap
        self._layout["notices"] = (y, notices)
        if self.details_button.visible:
            width = self._details_width(sizes)
            self.details_button.rect = pygame.Rect(grid.width - grid.margin - width,
                                                   y + (len(notices) - 1) * small_line, width, small_line)
        return y + len(notices) * small_line + (spacing.gap if notices else 0)

    def _details_width(self, sizes: theme.TextSizes) -> int:
        """The Details button's width: its label in small text and a little room."""
        return theme.font(sizes.small).size(self.details_button.label)[0] + sizes.small

    def _place_game_row(self, grid: MenuGrid, sizes: theme.TextSizes, top: int) -> int:
        """The game selector at ``top``, with the rules beside it when the game has a
        choice of rules and the tables' folder when it has tables (else centred alone);
        returns its bottom."""
        rules = len(self.rules_selector.options) > 1
        rects = game_row_rects(grid, top, rules + self.tables.shown)
        self.game_selector.rect = rects[0]
        self.rules_selector.rect = rects[1] if rules else pygame.Rect(0, 0, 0, 0)
        if self.tables.shown:
            self.tables.place(rects[-1], sizes.small)
        return top + grid.selector_height

    def _place_sides(self, grid: MenuGrid, sizes: theme.TextSizes, gap: int, top: int, strength: int) -> int:
        """Each side's heading at ``top`` and its selectors under it, in two columns half
        a ``gap`` apart, the strength row ``strength`` pixels tall; returns the bottom."""
        lefts = [grid.left, grid.left + grid.column_width + grid.column_gap]
        self._layout["columns"] = (top, lefts, grid.column_width)
        top += theme.line_height(sizes.body) + gap // 2
        row = top
        for side, column_left in zip(self.sides, lefts):
            row = top
            for number, selectors in enumerate(side.rows):  # one, or a wide one and a narrow one beside it
                height = strength if number == 1 else grid.selector_height
                narrow = 0
                if len(selectors) > 1:
                    arrow = grid.selector_height - theme.line_height(sizes.small)
                    needed = max(selector.width_needed(sizes.body, sizes.small, arrow) for selector in selectors[1:])
                    narrow = min(grid.column_width // 2, max(grid.column_width // 4, needed))
                between = max(4, grid.column_gap // 3) if narrow else 0
                wide = grid.column_width - narrow - between
                selectors[0].rect = pygame.Rect(column_left, row, wide, height)
                for selector in selectors[1:]:
                    selector.rect = pygame.Rect(column_left + wide + between, row, narrow, height)
                row += height + max(2, gap // 2)
        return row

    def _place_buttons(self, grid: MenuGrid, top: int) -> int:
        """The visible buttons (start, resume, open, position, editor, lab, quit) in one row at
        ``top`` across both columns; returns its bottom."""
        shown = [button for button in self.buttons if button.visible]
        button_width = (grid.row_width - (len(shown) - 1) * grid.column_gap // 2) // len(shown)
        for index, button in enumerate(shown):
            button.rect = pygame.Rect(grid.left + index * (button_width + grid.column_gap // 2), top, button_width,
                                      grid.button_height)
        return top + grid.button_height

    def _place_view_row(self, grid: MenuGrid, sizes: theme.TextSizes, top: int) -> int:
        """The view row at ``top``: the text size, colours, language and sound selectors,
        then Full screen and Help while they fit (with large text in a small window they
        give way to their keys, F11 and F1: the help F1 opens lists every key); returns
        its bottom."""
        step = grid.column_gap // 2
        arrow = grid.selector_height - theme.line_height(sizes.small)
        selectors = (self.text_size_selector, self.theme_selector, self.language_selector, self.sound_selector)
        view_row: tuple[Selector | Button, ...] = (*selectors, self.fullscreen_button, self.help_button)
        crowded = not view_row_fits(view_row, grid.row_width - (len(view_row) - 1) * step, sizes, arrow)
        self.fullscreen_button.visible = self.help_button.visible = not crowded
        if crowded:
            view_row = selectors
        widths = view_row_widths(view_row, grid.row_width - (len(view_row) - 1) * step, sizes, arrow)
        control_left = grid.left
        for control, control_width in zip(view_row, widths):
            if isinstance(control, Selector):  # its label above the row, its arrows level with the buttons
                control.rect = pygame.Rect(control_left, top - (grid.selector_height - grid.button_height),
                                           control_width, grid.selector_height)
            else:
                control.rect = pygame.Rect(control_left, top, control_width, grid.button_height)
            control_left += control_width + step
        return top + grid.button_height

    def _place_keys(self, grid: MenuGrid, sizes: theme.TextSizes, spacing: MenuSpacing, top: int) -> bool:
        """The keys line at the bottom of the window (not above ``top``); whether it fits."""
        small_line = theme.line_height(sizes.small)
        lines = spacing.keys_lines
        keys_top = max(top, grid.height - grid.margin - len(lines) * small_line - spacing.leftover // 3)
        self._layout["keys"] = (keys_top, lines)
        return keys_top + len(lines) * small_line <= grid.height

    def handle_event(self, event: pygame.event.Event) -> None:
        """Controls; Enter starts, R resumes."""
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start_game()
            elif event.key == pygame.K_r:
                self.resume_saved()  # or says that the shown game has no saved game
            elif event.key == pygame.K_l:
                self.navigator.show_lab(entry=self.entry)
            elif event.key == pygame.K_e:
                self.set_up_position()
            return
        rules = [self.rules_selector] if len(self.rules_selector.options) > 1 else []
        controls = [self.game_selector, *rules, self.tables.button, *(selector for side in self.sides for selector in side.selectors),
                    *self.buttons, self.text_size_selector, self.theme_selector, self.language_selector,
                    self.sound_selector, self.fullscreen_button, self.help_button,
                    self.details_button]
        for control in controls:
            if control.handle_event(event):
                return

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the menu."""
        width, _ = surface.get_size()
        sizes, layout = self._sizes, self._layout
        theme.draw_text(surface, "Game Tree Lab", (width // 2, layout["title_y"]), sizes.title, theme.TEXT,
                        style="bold", anchor="midtop")
        if "subtitle_y" in layout:
            theme.draw_text(surface, tr("Play against game-tree search \u2014 and watch it think"),
                            (width // 2, layout["subtitle_y"]), sizes.body, theme.TEXT_DIM, anchor="midtop")
        top, lines = layout["notices"]
        for line in lines:
            if self.details_button.visible:  # left-aligned, clear of the Details button
                theme.draw_text(surface, line, (self.details_button.rect.right - self._content_width, top),
                                sizes.small, theme.WARNING)
            else:
                theme.draw_text(surface, line, (width // 2, top), sizes.small, theme.WARNING, anchor="midtop")
            top += theme.line_height(sizes.small)
        self.game_selector.draw(surface, sizes.body, sizes.small)
        if len(self.rules_selector.options) > 1:
            self.rules_selector.draw(surface, sizes.body, sizes.small)
        self.tables.draw(surface, sizes.body, sizes.small)
        top, lefts, column_width = layout["columns"]
        for side, column_left in enumerate(lefts):
            name = tr_known(self.entry.game.player_name(side))
            heading = tr("{player} \u2014 moves first", player=name) if side == 0 else name
            theme.draw_text(surface, heading, (column_left, top), sizes.body, theme.TEXT, style="bold",
                            max_width=column_width)
            for selector in self.sides[side].selectors:
                selector.draw(surface, sizes.body, sizes.small)
        for button in (*self.buttons, self.fullscreen_button, self.help_button):
            button.draw(surface, sizes.body)
        self.details_button.draw(surface, sizes.small)
        self.text_size_selector.draw(surface, sizes.body, sizes.small)
        self.theme_selector.draw(surface, sizes.body, sizes.small)
        self.language_selector.draw(surface, sizes.body, sizes.small)
        self.sound_selector.draw(surface, sizes.body, sizes.small)
        top, lines = layout["keys"]
        for line in lines:
            theme.draw_text(surface, line, (width // 2, top), sizes.small, theme.TEXT_DIM, anchor="midtop")
            top += theme.line_height(sizes.small)
