"""The search lab in the window: the course's algorithms on one position, made visible.

Three views of one position (shown on the board at the left), and a fourth for games
that build a database by retrograde analysis:

- Compare: every algorithm to the same depth, plain and with a table and move
  ordering, side by side (``ai.lab``); the values must agree; Save CSV writes the table.
  For a game with several evaluations (``GameEntry.evaluations``) an Evaluation choice
  runs the comparison with one of them, or with each side by side.
- Tree: one small search drawn node by node (``ai.search_tree``, ``ui.widgets.tree_view``),
  stepped through or played at a chosen speed; hovering a node shows its position.
- Deepening: the engine's iterations, one row per depth, and a chart of their cost.
- Retrograde (a game whose registry entry has ``retrograde``): its database solved layer
  by layer (``ui.retrograde_steps``, ``ui.widgets.retrograde_chart``), stepped through
  or played like the tree; the board shows the position looked at.

The searches run in a background thread (``ui.lab_jobs``), so the window stays fluid and
Stop works at once. The demonstrations (``ai.demonstrations``) load a saved position with
its view, depth and searches, and run it, in one click. The lab never changes the game it
was opened from: it works on a copy of the position, and Back returns to the game.
"""
from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame

from ai.demonstrations import COMPARE, DEEPENING, DEMONSTRATIONS, RETROGRADE, TREE, Demonstration
from ai.lab import LabRow, csv_text, searches_of
from ai.search_tree import RecordedTree
from ai.types import SearchInfo
from games.base import CHANCE, State
from games.capabilities import TacticalMoves, capabilities_of
from games.registry import GameEntry, get_game
from ui import theme
from ui.game_texts import score_unit
from ui.i18n import format_number, mark, tr, tr_known, tr_plural
from ui.lab_jobs import LabJob, comparison_work, deepening_work, searches_work, tree_work
from ui.lab_texts import (EXPLANATIONS, agreement, evaluation_choices, help_sections, legend, reading,
                          retrograde_status, suggested_depth, tree_summary, tree_title)
from ui.retrograde_steps import RetrogradeSteps
from ui.scene import Scene
from ui.scenes.lab_layout import LabLayout
from ui.scenes.dialog import Dialog
from ui.storage import data_dir, write_text_atomically
from ui.tree_export import save_tree_pictures
from ui.tree_layout import PlacedNode
from ui.tree_picture import tree_picture
from ui.views import view_for
from ui.views.base import BoardDecorations
from ui.widgets.controls import Button, Selector
from ui.widgets.deepening_chart import DeepeningChart, depth_rows
from ui.widgets.lab_table import LabTable, search_label
from ui.widgets.retrograde_chart import RetrogradeChart
from ui.widgets.scroll_text import ScrollText
from ui.widgets.tree_view import TreeView

if TYPE_CHECKING:
    from ui.navigation import Navigator

VIEW_TITLES = {COMPARE: mark("Compare"), TREE: mark("Tree"), DEEPENING: mark("Deepening"),
               RETROGRADE: mark("Retrograde")}
DEPTHS = tuple(range(1, 13))
SPEEDS = (1, 2, 5, 10, 25, 100)
"""Steps per second when the tree plays."""
COMPARE_BUDGET, TREE_BUDGET, DEEPENING_BUDGET = 100_000, 150, 20_000
"""Rough node counts the first suggested depth stays within, per view."""


class LabScene(LabLayout, Scene):
    """The lab on ``state`` of ``entry``'s game (see the module docstring), opened over
    the scene it returns to (Back; the menu if there is none) through ``navigator``;
    ``note`` is shown first in the status line."""

    def __init__(self, navigator: Navigator, entry: GameEntry, state: State, note: str = "") -> None:
        self.navigator = navigator
        self.mode = COMPARE
        self.job: LabJob | None = None
        self.job_mode = ""
        self.rows: list[LabRow] = []
        self.pending: list[str] = []
        self.infos: list[SearchInfo] = []
        self.table, self.tree_view, self.chart = LabTable(), TreeView(), DeepeningChart()
        self.explanation_text, self.reading_text = ScrollText(), ScrollText()
        """The explanation under the board and the reading under the comparison (they scroll when long)."""
        self.retrograde_chart = RetrogradeChart()
        self._messages: dict[str, tuple[str, tuple[int, int, int]]] = {}
        """Each view's status message and its colour: a view's message is shown only in it."""
        self.playing = False
        self._step_credit = 0.0
        self._started = 0.0
        self._hover_state: tuple[int, State] | None = None
        self.searches: list[tuple[str, bool]] | None = None
        self.explanation = ""
        self.tabs = {mode: Button(tr(title), lambda mode=mode: self.set_mode(mode))
                     for mode, title in VIEW_TITLES.items()}
        self.back = Button(tr("Back"), self.leave_lab)
        self.run_button = Button(tr("Run"), self.run, primary=True)
        self.stop_button = Button(tr("Stop"), self.stop)
        self.save_button = Button(tr("Save CSV"), self.save_csv, short_label="CSV")
        self.quiescence_button = Button(tr("Quiescence"), self.toggle_quiescence, short_label=tr("Quiet"))
        self.depth = Selector(tr("Depth (plies)"), [(depth, str(depth)) for depth in DEPTHS], 2)
        self.evaluation: Selector[tuple[str, ...]] = Selector(tr("Evaluation"), [((), "")])  # evaluation_choices
        self.size = Selector("", [(1, "1")])
        """The Retrograde view's database size (its label and values are the game's)."""
        self.algorithm = Selector(tr("Tree of"), [("alpha-beta", tr_known("alpha-beta"))])
        self.speed = Selector(tr("Steps per second"), [(speed, str(speed)) for speed in SPEEDS], 2,
                              short_label=tr("Speed"))
        self.tree_buttons = {
            "first": Button("|\u25c0", lambda: self.step_tree(-10**9)),
            "previous": Button("\u25c0", lambda: self.step_tree(-1)),
            "play": Button(tr("Play"), self.toggle_play),
            "next": Button("\u25b6", lambda: self.step_tree(1)),
            "last": Button("\u25b6|", lambda: self.step_tree(10**9)),
            "fit": Button(tr("Fit"), self.tree_view.fit),
            "open": Button(tr("Open all"), self.tree_view.open_all, short_label=tr("Open")),
            "export": Button(tr("Export"), self.export_tree),
        }
        self.demonstrations_button = Button(tr("Demonstrations\u2026"), self.show_demonstrations,
                                            short_label=tr("Demos\u2026"))
        self.load_position(entry, state)
        if note:
            self._say(note, theme.TEXT_DIM)

    # -- what is searched ----------------------------------------------------------------
    def load_position(self, entry: GameEntry, state: State, mode: str | None = None) -> None:
        """Work on ``state`` of ``entry``'s game from now on (the results so far are cleared)."""
        self.stop()
        self.entry, self.state = entry, state
        self.view = view_for(entry.game.id)
        self.unit = score_unit(entry)
        self.quiescence = True
        self.quiescence_button.visible = TacticalMoves in capabilities_of(state)
        builder = entry.retrograde
        self.tabs[RETROGRADE].visible = builder is not None
        if builder is not None:
            self.size.label = tr_known(builder.size_name).capitalize()
            self.size.set_options([(size, str(size)) for size in builder.sizes], value=builder.sizes[-1] // 2 + 1)
        if builder is None and (mode or self.mode) == RETROGRADE:
            mode = COMPARE
        self.retrograde_chart.steps = None
        self._messages.clear()  # every view's message was about the position before
        chance = entry.game.has_chance
        self.algorithm.set_options([("expectiminimax", "expectiminimax")] if chance else
                                   [("alpha-beta", tr_known("alpha-beta")), ("minimax", "minimax")])
        self.evaluation.set_options(evaluation_choices(entry), value=())
        self.searches = None
        self.explanation = ""
        self._clear_results()
        self.set_mode(mode or self.mode)
        if self.size_known():
            self.resize(self.navigator.size)

    def size_known(self) -> bool:
        """True once the scene has been laid out."""
        return self.table.rect.width > 0

    def load_demonstration(self, item: Demonstration) -> None:
        """Load a demonstration's position, view and depth, and run it."""
        entry = get_game(item.game)
        self.load_position(entry, entry.game.parse_position(item.position), item.view)
        (self.size if item.view == RETROGRADE else self.depth).select(item.depth)
        if item.algorithm:
            self.algorithm.select(item.algorithm)
        if item.searches:
            self.searches = [(algorithm, enhanced) for algorithm, enhanced, _ in item.searches]
        self.evaluation.select(item.evaluations)
        self.explanation = tr_known(item.explanation)
        if self.size_known():  # room for the explanation
            self.resize(self.navigator.size)
        self._say(tr("Demonstration: {title}.", title=tr_known(item.title)), theme.TEXT_DIM)
        quiescence_runs = {quiescence for _, _, quiescence in item.searches}
        if len(quiescence_runs) == 2:  # one search without quiescence, then with it
            self._run_both_quiescence(item)
            return
        if quiescence_runs:
            self.quiescence = quiescence_runs.pop()
        self.run()

    def show_demonstrations(self) -> None:
        """A list of the demonstrations (``ai.demonstrations``); one click loads and runs one."""
        self.navigator.push(Dialog(self.navigator, tr("Demonstrations"),
                                   tr("Each one loads a position and runs the search that shows one idea of the "
                                      "course; its explanation is under the board."),
                                   [*((tr_known(item.title), lambda item=item: self.load_demonstration(item))
                                      for item in DEMONSTRATIONS), (tr("Close"), None)]))

    def _run_both_quiescence(self, item: Demonstration) -> None:
        self._clear_results()
        self.pending = [tr("{search}, quiescence on", search=search_label(algorithm, enhanced)) if quiescence else
                        tr("{search}, quiescence off", search=search_label(algorithm, enhanced))
                        for algorithm, enhanced, quiescence in item.searches]
        self._start(LabJob(searches_work(self.entry, self.state, item.depth, item.searches)), COMPARE)

    def _clear_results(self) -> None:
        for mode in (COMPARE, TREE, DEEPENING):  # their results go: so do their messages (not this view's)
            if mode != self.mode:
                self._messages.pop(mode, None)
        self.rows, self.pending, self.infos = [], [], []
        self.tree_view.set_tree(None)
        self.playing = False
        self._hover_state = None

    def set_mode(self, mode: str) -> None:
        """Show the Compare, Tree or Deepening view (a search still running is stopped)."""
        if mode != self.mode:
            self.stop()
        self.mode = mode
        for key, button in self.tabs.items():
            button.toggled = key == mode
        budget = {COMPARE: COMPARE_BUDGET, TREE: TREE_BUDGET, DEEPENING: DEEPENING_BUDGET}.get(mode)
        if budget is not None:
            self.depth.select(suggested_depth(self.state, budget, self.entry.game.has_chance))
        if self.size_known():
            self.resize(self.navigator.size)

    def toggle_quiescence(self) -> None:
        """Search on through captures beyond the horizon, or not (games with noisy moves)."""
        self.quiescence = not self.quiescence

    # -- running -----------------------------------------------------------------------
    def run(self) -> None:
        """Start the current view's search on the position (stopping one that runs)."""
        self.stop()
        if self.mode == RETROGRADE:
            if self.entry.retrograde is not None:
                self.retrograde_chart.build(self.entry.retrograde(self.size.value), self.state)
                self.playing, self._step_credit = True, 0.0
                self._say(tr("Building the {title} from the end: Space pauses, \u2190 \u2192 step.",
                             title=tr_known(self.retrograde_chart.steps.analysis.title)), theme.TEXT_DIM)
            return
        if self.state.is_terminal():
            self._say(tr("The game is over in this position: there is nothing to search. Pick a demonstration, "
                         "or go back and choose an earlier position in the move list."), theme.WARNING)
            return
        if self.state.to_move() == CHANCE and self.mode != TREE:
            self._say(tr("The dice are to be rolled in this position: the comparison and the deepening search from a "
                         "player's decision. The Tree view searches the roll itself (a chance node), or go back and "
                         "pick a position after the roll."), theme.WARNING)
            return
        depth = self.depth.value
        if self.mode == COMPARE:
            chosen = self.searches or searches_of(self.entry)
            evaluations = list(self.evaluation.value) or None
            self._clear_results()
            self.pending = [search_label(name, enhanced, evaluation) for name, enhanced in chosen
                            for evaluation in evaluations or ("",)]
            self._start(LabJob(comparison_work(self.entry, self.state, depth, self.quiescence, self.searches,
                                               evaluations=evaluations)), COMPARE)
        elif self.mode == TREE:
            self._clear_results()
            self._start(LabJob(tree_work(self.entry, self.state, depth, self.algorithm.value, self.quiescence)),
                        TREE)
        else:
            self._clear_results()
            self._start(LabJob(deepening_work(self.entry, self.state, depth, self.quiescence)), DEEPENING)

    def stepper(self) -> TreeView | RetrogradeSteps | None:
        """What the step buttons step: the tree, or the database being built."""
        if self.mode == TREE:
            return self.tree_view if self.tree_view.tree is not None else None
        return self.retrograde_chart.steps if self.mode == RETROGRADE else None

    def has_results(self) -> bool:
        """Whether the current view has something to show (a row, a tree, a depth, a layer)."""
        return bool({COMPARE: self.rows, TREE: self.tree_view.tree, DEEPENING: self.infos,
                     RETROGRADE: self.retrograde_chart.steps is not None and self.retrograde_chart.steps.layers
                     }[self.mode])

    def _start(self, job: LabJob, mode: str) -> None:
        self.job, self.job_mode, self._started = job, mode, time.monotonic()
        self._say(tr("Searching\u2026"), theme.TEXT_DIM)

    def stop(self) -> None:
        """Stop a running search (what it found so far stays)."""
        if self.job is not None and self.job.running:
            self.job.stop()
            self.job.wait(2.0)
            self._say(tr("Stopped."), theme.WARNING)
        self.job = None
        self.pending = []

    def _say(self, text: str, colour: tuple[int, int, int]) -> None:
        self._messages[self.mode] = (text, colour)

    @property
    def message(self) -> str:
        """The status line's message of the view shown ("" when it has none)."""
        return self._messages.get(self.mode, ("", theme.TEXT_DIM))[0]

    @property
    def message_colour(self) -> tuple[int, int, int]:
        """The colour of ``message``."""
        return self._messages.get(self.mode, ("", theme.TEXT_DIM))[1]

    def update(self, dt: float) -> None:
        """Collect the search's results; play the tree."""
        job = self.job
        if job is not None:
            for item in job.poll():
                self._receive(item)
            if not job.running:
                for item in job.poll():
                    self._receive(item)
                self.job = None
                self.pending = []
                self._finished(job)
            else:
                running = self.pending[0] if self.pending and self.job_mode == COMPARE else ""
                self._say(tr("Searching {search}\u2026 {seconds} s", search=running,
                             seconds=format_number(time.monotonic() - self._started, ".1f")).replace("  ", " "), theme.TEXT_DIM)
        stepper = self.stepper()
        if self.playing and stepper is not None:
            self._step_credit += dt * self.speed.value
            whole = int(self._step_credit)
            if whole:
                self._step_credit -= whole
                stepper.step_to(stepper.step + whole)
            if stepper.complete:
                self.playing = False
                if self.mode == RETROGRADE:
                    self._say(retrograde_status(stepper), theme.TEXT)
        self.tree_buttons["play"].label = tr("Pause") if self.playing else tr("Play")

    def _receive(self, item: object) -> None:
        if isinstance(item, LabRow):
            self.rows.append(item)
            if self.pending:
                self.pending.pop(0)
        elif isinstance(item, RecordedTree):
            self.tree_view.set_tree(item, self.unit)
        elif isinstance(item, SearchInfo):
            self.infos.append(item)

    def _finished(self, job: LabJob) -> None:
        if job.error:
            self._say(job.error[0].upper() + job.error[1:], theme.DANGER)
        elif job.stopped:
            self._say(tr("Stopped."), theme.WARNING)
        elif self.job_mode == COMPARE:
            self._say(*agreement(self.rows, self.unit))
        elif self.job_mode == TREE and self.tree_view.tree is not None:
            self._say(tree_summary(self.tree_view.tree, self.unit), theme.TEXT)
        elif self.job_mode == DEEPENING:
            self._say(tr_plural(len(self.infos), "{count} depth searched.", "{count} depths searched.")
                      if self.infos else tr("No depth was completed."), theme.TEXT)

    def save_csv(self) -> None:
        """Write the comparison to a CSV file in the data folder's ``lab`` folder."""
        if not self.rows:
            self._say(tr("Run the comparison first: there is no table to save yet."), theme.WARNING)
            return
        target = data_dir() / "lab" / f"{self.entry.game.id}-{time.strftime('%Y%m%d-%H%M%S')}.csv"
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            write_text_atomically(target, csv_text(self.rows))
        except OSError as error:
            self._say(tr("Could not save the table: {problem}", problem=error), theme.DANGER)
            return
        self._say(tr("Saved the table to {file}", file=target), theme.GOOD)

    # -- the tree ----------------------------------------------------------------------
    def export_tree(self) -> None:
        """Write the tree as shown (step, collapsed nodes) as a slide-sized PNG and SVG in
        the data folder's ``lab`` folder, and say where (or why not)."""
        view = self.tree_view
        if view.tree is None or view.layout is None:
            self._say(tr("Run the tree first: there is no tree to export yet."), theme.WARNING)
            return
        picture = tree_picture(view.tree, view.layout, view.unit, view.step, view.current_node(),
                               tree_title(view.tree, self.entry.game.title, view.unit), legend(TREE))
        try:
            png, svg = save_tree_pictures(picture, data_dir() / "lab",
                                          f"{self.entry.game.id}-tree-{time.strftime('%Y%m%d-%H%M%S')}")
        except OSError as error:
            self._say(tr("Could not export the tree: {problem}", problem=error), theme.DANGER)
            return
        self._say(tr("Saved the tree for slides ({width}\u00d7{height}) to {png} and {svg}", png=png, svg=svg,
                     width=format_number(picture.width, "d"), height=format_number(picture.height, "d")),
                  theme.GOOD)

    def step_tree(self, delta: int) -> None:
        """Step the tree, or the database being built, ``delta`` steps (a large number:
        to an end); stops playing."""
        self.playing = False
        stepper = self.stepper()
        if stepper is not None:
            stepper.step_to(stepper.step + delta)
            if self.mode == RETROGRADE:
                self._say(retrograde_status(stepper), theme.TEXT)

    def toggle_play(self) -> None:
        """Play the search (or the build) at the chosen speed (from the start if it was
        complete), or pause."""
        stepper = self.stepper()
        if stepper is None:
            return
        self.playing = not self.playing
        if self.playing and stepper.complete:
            stepper.step_to(0)
        self._step_credit = 0.0

    def shown_state(self) -> tuple[State, object]:
        """The position on the board: the hovered tree node's, else the lab's; and the
        move that led there (``None`` at the root)."""
        built = self.retrograde_chart.shown_state() if self.mode == RETROGRADE else None
        if built is not None:
            return built, None
        hovered = self.tree_view.hovered if self.mode == TREE else None
        if not isinstance(hovered, PlacedNode) or hovered.parent is None:
            return self.state, None
        if self._hover_state is None or self._hover_state[0] != id(hovered.node):
            state = self.state
            for node in self.tree_view.path(hovered.node):
                state = state.apply(node.played)
            self._hover_state = (id(hovered.node), state)
        return self._hover_state[1], hovered.node.played

    # -- scene ---------------------------------------------------------------------------
    def leave_lab(self) -> None:
        """Back to where the lab was opened from (the menu when it was opened on its own)."""
        self.stop()
        self.navigator.remove(self)
        if self.navigator.top is None:
            self.navigator.show_menu()

    def leave(self) -> None:
        """Stop the search when the lab goes away."""
        self.stop()

    def help_sections(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """The lab's keys and mouse actions (``lab_texts.help_sections``)."""
        return help_sections()

    def handle_event(self, event: pygame.event.Event) -> None:
        """Keys, buttons, selectors, the tree."""
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        controls = [*self.tabs.values(), self.back, self.run_button, self.stop_button, self.save_button,
                    self.quiescence_button, self.demonstrations_button]
        if self.mode in (TREE, RETROGRADE):
            controls += self.tree_buttons.values()
        for control in controls:
            if control.visible and control.handle_event(event):
                return
        for selector in (self.depth, self.size, self.algorithm, self.evaluation, self.speed):
            if selector.rect.width and selector.handle_event(event):
                return
        if self.explanation_text.handle_event(event) or (self.mode == COMPARE and self.reading_text.handle_event(event)):
            return
        if self.mode == TREE:
            self.tree_view.handle_event(event)
        elif self.mode == RETROGRADE:
            self.retrograde_chart.handle_event(event)

    def _key(self, event: pygame.event.Event) -> None:
        key = event.key
        if key == pygame.K_ESCAPE:
            if self.job is not None:
                self.stop()
            else:
                self.leave_lab()
        elif key == pygame.K_TAB:
            modes = [mode for mode in VIEW_TITLES if self.tabs[mode].visible]
            self.set_mode(modes[(modes.index(self.mode) + 1) % len(modes)])
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_r):
            self.run()
        elif key == pygame.K_d:
            self.show_demonstrations()
        elif key == pygame.K_q and self.quiescence_button.visible:
            self.toggle_quiescence()
        elif key in (pygame.K_UP, pygame.K_DOWN):
            (self.size if self.mode == RETROGRADE else self.depth).step(1 if key == pygame.K_UP else -1)
        elif self.mode in (TREE, RETROGRADE):
            actions = {pygame.K_LEFT: lambda: self.step_tree(-1), pygame.K_RIGHT: lambda: self.step_tree(1),
                       pygame.K_HOME: lambda: self.step_tree(-10**9), pygame.K_END: lambda: self.step_tree(10**9),
                       pygame.K_SPACE: self.toggle_play, pygame.K_f: self.tree_view.fit}
            if self.mode == TREE:
                actions[pygame.K_e] = self.export_tree
            action = actions.get(key)
            if action is not None:
                action()

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the lab."""
        sizes = self.sizes
        surface.fill(theme.BACKGROUND)
        title, size = theme.fitted_choice(self._titles(), sizes.large, self._title_rect.width, "bold")
        theme.draw_text(surface, title, self._title_rect.midleft, size, theme.TEXT, style="bold",
                        anchor="midleft", max_width=self._title_rect.width)
        for button in (*self.tabs.values(), self.back):
            button.draw(surface, sizes.body)
        state, move = self.shown_state()
        self.view.draw(surface, state, BoardDecorations(last_move=move))
        self._draw_explanation(surface)
        self.demonstrations_button.draw(surface, sizes.body)
        self.run_button.enabled = not self.state.is_terminal()
        self.stop_button.enabled = self.job is not None
        self.quiescence_button.toggled = self.quiescence
        for control in (self.run_button, self.stop_button, self.quiescence_button, self.save_button):
            control.draw(surface, sizes.body)
        for selector in (self.depth, self.size, self.algorithm, self.evaluation, self.speed):
            if selector.rect.width:
                selector.draw(surface, sizes.body)
        if self.mode == COMPARE:
            below = self.table.draw(surface, self.rows, sizes, self.unit, self.pending)
            self._draw_reading(surface, below + sizes.small)
        elif self.mode == TREE:
            for button in self.tree_buttons.values():
                button.draw(surface, sizes.body)
            self.tree_view.draw(surface, sizes)
        elif self.mode == RETROGRADE:
            for button in self.tree_buttons.values():
                button.draw(surface, sizes.body)
            self.retrograde_chart.draw(surface, sizes)
        else:
            self.chart.draw(surface, depth_rows(self.state, self.infos, self.unit), sizes)
        shown = legend(self.mode)
        for index, line in enumerate(theme.wrap_text(shown, sizes.small, self.table.rect.width) if shown else []):
            theme.draw_text(surface, line, (self.table.rect.left, self._legend_y + index * theme.line_height(sizes.small)),
                            sizes.small, theme.TEXT_DIM, max_width=self.table.rect.width)
        self._draw_status(surface)
        if self.mode == TREE:
            self.tree_view.draw_tooltip(surface, sizes)

    def _draw_reading(self, surface: pygame.Surface, top: int) -> None:
        text = "" if self.job is not None else reading(self.rows, self.depth.value)
        rect = self.table.rect
        self.reading_text.rect = pygame.Rect(rect.left + 8, top, rect.width - 16, rect.bottom - 4 - top)
        self.reading_text.draw(surface, text, theme.TEXT_DIM, self.sizes.small)

    def _draw_explanation(self, surface: pygame.Surface) -> None:
        self.explanation_text.rect = self._explanation_rect
        self.explanation_text.draw(surface, self.explanation or tr(EXPLANATIONS[self.mode]), theme.TEXT_DIM,
                                   self.sizes.small)

    def _draw_status(self, surface: pygame.Surface) -> None:
        lines = []
        if self.mode == TREE and self.tree_view.tree is not None and not self.tree_view.complete:
            lines.append((self.tree_view.step_text(), theme.TEXT))
        lines.append((self.message, self.message_colour))
        size = theme.paragraphs_size([text for text, _ in lines], self.sizes.body, self.status_rect, slack=2)
        theme.draw_paragraphs(surface, lines, self.status_rect, size, slack=2)
