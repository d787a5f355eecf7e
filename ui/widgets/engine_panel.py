"""The engine panel: what the search is doing, live, and one row per completed iteration.

Each search is shown as a section: a title (whose search, which algorithm, which
level), a live line while it runs, a table of its completed iterations (newest at the
bottom; a long best line wraps onto more lines instead of being cut) and a legend of
the columns. In watch mode there are two sections, one per computer, so a class can
compare their latest searches side by side.

In a game with chance the candidate list (the hint list) has a **Rollout** button
(``rollout_button``, calling the ``on_rollout`` given to the panel): while a rollout of
those candidates runs or after it, the list shows its figures instead (each candidate's
equity and 95% interval, the games played of the target, the leader), and the button
reads Stop. A status line says what judged the searched position when the game tells
(``GameEntry.evaluation_source``): "exact (bear-off database)", or the network's name. A
finished hint says why its move, the whole expected line and the next best move
(``ui.hint_texts``).
"""
from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from dataclasses import dataclass

import pygame

from ai.types import SearchInfo
from games.base import State
from ui import theme
from ui.game_texts import score_text, score_unit
from ui.hint_texts import hint_details
from ui.i18n import format_number, mark, tr, tr_known
from ui.rollout_control import RolloutControl
from ui.rollout_jobs import RolloutProgress
from ui.search_control import SearchRecord
from ui.session import GameSession
from ui.theme import TextSizes
from ui.widgets.controls import Button

COLUMNS = (("depth", 6), ("sel", 4), ("score", 12), ("nodes", 8), ("n/s", 8), ("time", 7), ("best line", 0))
"""Column titles and widths in characters of the monospaced font (0: the rest of the row)."""
COLUMN_TITLES = {"depth": mark("depth"), "sel": mark("sel"), "score": mark("score"), "nodes": mark("nodes"),
                 "n/s": mark("n/s"), "time": mark("time"), "best line": mark("best line")}
"""Each column's title for people (translated where drawn; it must fit the column's width)."""
OPTIONAL_COLUMNS = ("n/s", "time", "nodes")
"""Columns dropped, in this order, when the panel is too narrow."""
SHORTEST_LINE_COLUMN = 14
"""Narrower than this many characters, the best line goes on lines of its own under its row."""
CANDIDATE_LINES = 5
"""At most this many candidate moves are listed under the iterations (games searched by
expectiminimax: backgammon's hint list)."""


def legend(player_name: str) -> str:
    """What the columns mean, for people."""
    return tr("depth = plies searched \u00b7 sel = deepest ply reached \u00b7 score for {player}: "
              "+1.00 = a unit better (a pawn in chess), win/loss in N = forced in N plies \u00b7 "
              "n/s = nodes per second", player=player_name)


def visible_columns(width_in_characters: int) -> list[tuple[int, str, int]]:
    """``(index, title, width)`` of the columns that fit, keeping room for a short best line."""
    columns = [(index, title, chars) for index, (title, chars) in enumerate(COLUMNS)]
    for title in OPTIONAL_COLUMNS:
        if sum(chars for _, _, chars in columns) + SHORTEST_LINE_COLUMN <= width_in_characters:
            break
        columns = [column for column in columns if column[1] != title]
    return columns


SHORT_COLUMN_TITLES = {"best line": mark("line")}
"""A column title too wide for its column (a narrow panel, a longer language) is written
this way instead."""


def column_title(title: str, width: int, size: int) -> str:
    """Column ``title`` for people, or its short form (``SHORT_COLUMN_TITLES``) when the
    title is wider than ``width`` pixels in the monospaced font at ``size``."""
    text = tr(COLUMN_TITLES.get(title, title))
    if title in SHORT_COLUMN_TITLES and theme.font(size, "mono").size(text)[0] > width:
        return tr(SHORT_COLUMN_TITLES[title])
    return text


def title_lines(title: str, size: int, smallest: int, width: int) -> tuple[list[str], int]:
    """A search's title in bold for ``width`` pixels: one line at ``size``, or wrapped at
    its words onto two, at the largest size down to ``smallest`` at which two lines do;
    where none does, onto as many lines as it takes at ``smallest`` (a long title at
    extra large text in Italian, "Consiglio per Bianco: Expectiminimax, livello più
    forte, 1 s", was cut on its second line). Returns the lines and their size."""
    for current in range(size, min(size, smallest) - 1, -1):
        lines = theme.wrap_text(title, current, width, "bold")
        if len(lines) <= 2:
            return lines, current
    return lines, current


def _draw_lines(surface: pygame.Surface, lines: list[str], x: int, y: int, size: int,
                colour: tuple[int, int, int], style: str, width: int) -> int:
    """``lines`` one under the other from ``(x, y)``, each at most ``width`` pixels
    (cut, and recorded, beyond); returns the y under them."""
    for line in lines:
        theme.draw_text(surface, line, (x, y), size, colour, style=style, max_width=width)
        y += theme.line_height(size)
    return y


SOURCE_LABELS = {"book": mark("book"), "tablebase": mark("table"), "cube": mark("cube")}
"""What the depth column says for a move known without searching."""


def iteration_cells(info: SearchInfo, line: str | None = None, unit: int = 100) -> list[str]:
    """The text of one table row: depth, selective depth, score (``unit`` counting as
    1.00, see ``Score.text``), nodes, nodes per second, time, best line (``line``, as
    people write it, else the protocol's notation). A move from the opening book or an
    endgame table says so in the depth column."""
    if info.source != "search":
        label = tr(SOURCE_LABELS[info.source]) if info.source in SOURCE_LABELS else info.source
        score = "\u2014" if info.source == "book" else score_text(info.score, unit)
        seconds = f"{format_number(info.time, '.2f')}s"
        return [label, "", score, "", "", seconds, line if line is not None else " ".join(info.pv_text)]
    return [
        str(info.depth),
        str(info.seldepth),
        score_text(info.score, unit),
        theme.format_count(info.nodes),
        theme.format_count(info.nps),
        f"{format_number(info.time, '.2f')}s",
        line if line is not None else " ".join(info.pv_text),
    ]


def wrap_words(text: str, width: int) -> list[str]:
    """``text`` split at spaces into lines of at most ``width`` characters (a longer word stands alone)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return [*lines, line] if line or not lines else lines


@dataclass
class _Geometry:
    x: int
    width: int
    character: int
    columns: list[tuple[int, str, int]]
    lefts: list[int]
    line_column: int
    """Characters of the best-line column (0: the best line goes under the row)."""
    unit: int = 100
    """What a score of 1.00 is (``UTILITY_SCALE`` in games with chance)."""


Line = tuple[str, tuple[int, int, int], str]
"""A line of the candidate block: text, colour, font style."""


class EnginePanel:
    """Shows the latest search of a ``GameSession`` (both computers' in watch mode);
    ``on_rollout`` is what its Rollout/Stop button does (see the module docstring)."""

    def __init__(self, on_rollout: Callable[[], None] | None = None) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.header_rects: list[pygame.Rect] = []
        """Where the column titles were last drawn (hovering one shows the legend)."""
        self.rollout_button = Button(tr("Rollout"), on_rollout or (lambda: None))
        """Drawn beside a candidate list of a game with chance (an empty rect when not shown)."""
        self._rollout_record: SearchRecord | None = None

    def draw(self, surface: pygame.Surface, session: GameSession, sizes: TextSizes) -> None:
        """Paint the panel inside ``rect``."""
        theme.panel(surface, self.rect)
        self.header_rects = []
        self.rollout_button.rect = pygame.Rect(0, 0, 0, 0)
        self._rollout_record = self._button_record(session)
        if session.watch_mode:
            half = self.rect.height // 2
            top = pygame.Rect(self.rect.left, self.rect.top, self.rect.width, half)
            bottom = pygame.Rect(self.rect.left, self.rect.top + half, self.rect.width, self.rect.height - half)
            pygame.draw.line(surface, theme.PANEL_BORDER, (bottom.left + 6, bottom.top), (bottom.right - 6, bottom.top))
            by_player = session.searches.latest_by_player
            sections = [(top, by_player.get(0), 0), (bottom, by_player.get(1), 1)]
        else:
            latest = session.searches.latest
            sections = [(self.rect, latest, latest.player if latest is not None else None)]
        clip = surface.get_clip()
        for index, (rect, record, player) in enumerate(sections):
            last = index == len(sections) - 1
            name = tr("each side") if session.watch_mode else (tr_known(session.game.player_name(player))
                                                               if player is not None else "")
            surface.set_clip(rect.clip(clip))  # a section never draws over the next
            try:
                self._draw_section(surface, rect, session, record, player, sizes, name if last else None)
            finally:
                surface.set_clip(clip)

    def draw_tooltip(self, surface: pygame.Surface, session: GameSession, sizes: TextSizes,
                     mouse: tuple[int, int] | None) -> None:
        """The legend next to the pointer while it is over a column title (drawn last,
        over everything)."""
        if mouse is not None and any(rect.collidepoint(mouse) for rect in self.header_rects):
            self._draw_tooltip(surface, mouse, session, sizes)

    def _draw_section(self, surface: pygame.Surface, rect: pygame.Rect, session: GameSession,
                      record: SearchRecord | None, player: int | None, sizes: TextSizes,
                      legend_name: str | None = "") -> None:
        """One search in ``rect``, top to bottom: its title (wrapped), its status lines,
        the column titles and its rows (newest at the bottom), the candidates and the
        legend. What does not fit the height is left out, never cut: the oldest rows
        first, then the legend, the candidates and the status lines (each sentence whole
        or not at all; the column titles and the newest row stay while the title leaves
        room for them)."""
        pad = max(6, sizes.small // 2)
        x, y = rect.left + pad, rect.top + pad
        width = rect.width - 2 * pad
        bottom = rect.bottom - pad
        small_line = theme.line_height(sizes.small)
        name = tr_known(session.game.player_name(player)) if player is not None else ""
        if record is None:
            title = tr("{name}: no search yet", name=name) if name else tr("Engine: no search yet")
            lines, size = title_lines(title, sizes.body, sizes.small, width)
            _draw_lines(surface, lines, x, y, size, theme.TEXT_DIM, "bold", width)
            return
        lines, size = title_lines(record.title, sizes.body, sizes.small, width)
        y = _draw_lines(surface, lines, x, y, size, theme.TEXT, "bold", width) + 2
        geometry = self._geometry(x, width, sizes)
        geometry.unit = score_unit(session.entry)
        rows = [self._row_lines(info, geometry, record.lines[index] if index < len(record.lines) else None)
                for index, info in enumerate(record.rows)]
        table = small_line + 3 + (min(len(rows[-1]), 2) * small_line if rows else 0)  # titles, rule, newest row
        fitting = max(0, (bottom - y - table - 2) // small_line)
        for text, colour in self._status_lines(session, record):  # each whole, in order, while they fit
            parts = theme.wrap_text(text, sizes.small, width)
            if len(parts) > fitting:
                break
            fitting -= len(parts)
            for part in parts:
                theme.draw_text(surface, part, (x, y), sizes.small, colour)
                y += small_line
        y += 2
        if y + small_line > bottom:
            return
        for (_, title, chars), left in zip(geometry.columns, geometry.lefts):
            limit = chars * geometry.character - 2 if chars else x + width - left
            text = column_title(title, limit, sizes.small)
            if chars or theme.font(sizes.small, "mono").size(text)[0] <= limit:  # no room: the lines under the rows
                self.header_rects.append(theme.draw_text(surface, text, (left, y), sizes.small, theme.TEXT_DIM,
                                                         style="mono", max_width=limit))
        y += small_line
        pygame.draw.line(surface, theme.PANEL_BORDER, (x, y), (x + width, y))
        y += 3
        legend_lines = theme.wrap_text(legend(legend_name or tr("the searching side")), sizes.small, width)
        room = bottom - y
        show_legend = legend_name is not None and room >= (len(legend_lines) + 3) * small_line
        if show_legend:
            room -= len(legend_lines) * small_line + 4
        candidates = self._candidate_block(session, record, geometry.unit, width, geometry.character, sizes.small)
        if session.rollout.belongs_to(record):
            candidates = fitted_rollout(candidates, room // small_line - 3)
        if candidates and room >= (len(candidates) + 3) * small_line:
            room -= len(candidates) * small_line + 4
            top = y + room + 4
            title_width = width
            if record is self._rollout_record:
                title_width = self._place_rollout_button(session.rollout, x + width, top, sizes)
            for number, (text, colour, style) in enumerate(candidates):
                theme.draw_text(surface, text, (x, top + number * small_line), sizes.small, colour, style=style,
                                max_width=title_width if number == 0 else width)
            if record is self._rollout_record:
                self.rollout_button.draw(surface, sizes.small)
        shown: list[list[list[str]]] = []
        used = 0
        for lines in reversed(rows):
            if used + len(lines) * small_line > room:
                if not shown and lines:  # the newest row alone: show what fits of it
                    shown.append(lines[:max(0, room // small_line)])
                break
            shown.append(lines)
            used += len(lines) * small_line
        shown.reverse()
        for number, lines in enumerate(shown):
            colour = theme.TEXT if number == len(shown) - 1 else theme.TEXT_DIM
            for cells in lines:
                for (_, _, chars), left, cell in zip(geometry.columns, geometry.lefts, cells):
                    if cell:
                        limit = chars * geometry.character - 2 if chars else x + width - left
                        theme.draw_text(surface, cell, (left, y), sizes.small, colour, style="mono", max_width=limit)
                if len(cells) > len(geometry.columns):  # a best line under its row
                    theme.draw_text(surface, cells[-1], (x + 2 * geometry.character, y), sizes.small, colour,
                                    style="mono", max_width=width - 2 * geometry.character)
                y += small_line
        if show_legend:
            y = bottom - len(legend_lines) * small_line
            for line in legend_lines:
                theme.draw_text(surface, line, (x, y), sizes.small, theme.TEXT_DIM)
                y += small_line

    @staticmethod
    def _button_record(session: GameSession) -> SearchRecord | None:
        """The search beside whose candidates the Rollout button goes: the one rolled
        out, else the one that may be (made in the position shown), else the latest
        with candidates (the button then says why not); ``None`` without chance."""
        rollout = session.rollout
        if not rollout.available:
            return None
        if rollout.record is not None:
            return rollout.record
        target = rollout.target(session.searches, session.shown_index(), session.watch_mode)
        return target if target is not None else session.searches.latest

    def _place_rollout_button(self, rollout: RolloutControl, right: int, top: int, sizes: TextSizes) -> int:
        """Put the Rollout/Stop button at the right of the candidates' title line, which
        ends at ``right``; returns the width left for the title."""
        button = self.rollout_button
        button.label = tr("Stop") if rollout.running else tr("Rollout")
        label_width = max(theme.font(sizes.small).size(text)[0] for text in (tr("Stop"), tr("Rollout")))
        width = label_width + sizes.small
        height = theme.line_height(sizes.small)
        button.rect = pygame.Rect(right - width, top - 1, width, height)
        return button.rect.left - self.rect.left - sizes.small

    def _candidate_block(self, session: GameSession, record: SearchRecord, unit: int, width: int,
                         character: int, size: int) -> list[Line]:
        """The lines under the iterations (``width`` pixels, ``character`` the width of a
        monospaced character at text ``size``): a rollout's figures when this search's
        candidates are rolled out (its sentences wrapped), else its candidate list (if it
        has one)."""
        player = tr_known(session.game.player_name(record.player))
        rollout = session.rollout
        characters = width // character
        if rollout.belongs_to(record) and rollout.progress is not None:
            lines = rollout_lines(rollout.progress, record, unit, characters, player, rollout.running, rollout.error,
                                  session.entry.depth_name)
            title, rest = lines[0], lines[1:]
            return [title, *((part, colour, style) for text, colour, style in rest
                             for part in (theme.wrap_text(text, size, width) if style == "regular" else [text]))]
        lines = self._candidate_lines(record, unit, characters, player, session.entry.depth_name)
        return [(text, theme.TEXT if number else theme.TEXT_DIM, "mono" if number else "regular")
                for number, text in enumerate(lines)]

    @staticmethod
    def _candidate_lines(record: SearchRecord, unit: int, characters: int, player_name: str,
                         depth_name: Callable[[int], str] | None = None) -> list[str]:
        """The root moves with their scores, like gnubg's hint list (expectiminimax
        only; ``SearchRecord.candidates``): a title (the deepest depth as the game's
        players name it, ``depth_name``: "0-ply"), then one line each, the deepest values
        first, at most ``CANDIDATE_LINES``; a move the pruning cut shows its bound
        ("\u2264 score": no better than that), a move only a shallower iteration valued
        that depth after its score."""
        candidates = record.candidates()[:CANDIDATE_LINES]
        if not candidates:
            return []
        deepest = candidates[0][3]
        name = depth_name if depth_name is not None else str
        if depth_name is not None:
            lines = [tr("Candidates, {depth}, for {player} (\u2264 pruned)", depth=depth_name(deepest),
                        player=player_name)]
        else:
            lines = [tr("Candidates at depth {depth} for {player} (\u2264 pruned)", depth=deepest,
                        player=player_name)]
        shallower = any(depth != deepest for _move, _score, _exact, depth in candidates)
        width = max(12, characters - (21 if shallower else 14))
        for rank, (move, score, exact, depth) in enumerate(candidates, start=1):
            text = move_text(record.state, move)
            value = score_text(score, unit) if exact else f"\u2264{score_text(score, unit)}"
            tag = f" {name(depth)}" if depth != deepest else ""
            lines.append(f"{rank:>2}. {text[:width]:<{width}} {value:>8}{tag}")
        return lines

    @staticmethod
    def _status_lines(session: GameSession, record: SearchRecord) -> list[tuple[str, tuple[int, int, int]]]:
        """The live or finished line, and a note for a weak level (short in watch mode)."""
        lines = []
        if record.running:
            depth, nodes, seconds = session.searches.progress()
            nps = nodes / seconds if seconds > 0 else 0
            lines.append((tr("searching depth {depth} \u00b7 {nodes} nodes \u00b7 {speed} nodes/s \u00b7 {seconds} s",
                             depth=max(depth, 1), nodes=theme.format_count(nodes), speed=theme.format_count(nps),
                             seconds=format_number(seconds, ".1f")), theme.ACCENT))
        elif record.rows and record.rows[-1].source != "search":
            last = record.rows[-1]
            if last.source == "book":
                text = tr("from the opening book: no search needed")
            elif last.source == "tablebase":
                text = tr("from the endgame tables: perfect play, no search needed")
            else:
                text = tr_known(last.note) if last.note else tr("decided by the game's {rule} rule, no search needed",
                                                                rule=last.source)
            lines.append((text, theme.TEXT_DIM))
        elif record.rows:
            last = record.rows[-1]
            how = tr("whole game tree searched") if last.exact else tr("depth {depth}", depth=last.depth)
            lines.append((tr("finished: {how}, {nodes} nodes in {seconds} s", how=how,
                             nodes=theme.format_count(last.nodes), seconds=format_number(last.time, ".2f")), theme.TEXT_DIM))
        elif record.external:
            lines.append((tr("the program sent its move without search details (no info lines)"), theme.TEXT_DIM))
        else:
            lines.append((tr("stopped before a depth was complete"), theme.TEXT_DIM))
        lines += _pondering_lines(session, record)
        if record.explanation is not None and record.state is not None:
            details = hint_details(record.explanation, record.state, score_unit(session.entry))
            lines += [(details[0], theme.GOOD), *((text, theme.TEXT_DIM) for text in details[1:])]
        if record.judged_by is not None:
            source, exact = record.judged_by
            lines.append((tr("exact ({source})", source=tr_known(source)), theme.GOOD) if exact else
                         (tr("judged by the {source}", source=tr_known(source)), theme.TEXT_DIM))
        if record.noisy and session.watch_mode:
            lines.append((tr("scores include this level's deliberate mistakes"), theme.WARNING))
        elif record.noisy:
            lines.append((tr("This level makes deliberate mistakes and its scores include them; the evaluation "
                             "bar shows a noise-free estimate instead."), theme.WARNING))
        return lines

    @staticmethod
    def _geometry(x: int, width: int, sizes: TextSizes) -> _Geometry:
        character = max(1, theme.font(sizes.small, "mono").size("0")[0])
        columns = visible_columns(width // character)
        lefts, left = [], x
        for _, _, chars in columns:
            lefts.append(left)
            left += chars * character
        line_column = (x + width - lefts[-1]) // character
        if line_column < SHORTEST_LINE_COLUMN:
            line_column = 0
        return _Geometry(x, width, character, columns, lefts, line_column)

    @staticmethod
    def _row_lines(info: SearchInfo, geometry: _Geometry, line: str | None = None) -> list[list[str]]:
        """The screen lines of one row: cells per column; the best line wrapped in its
        column, or (too narrow) on extra lines under the row."""
        cells = iteration_cells(info, line, geometry.unit)
        picked = [cells[index] for index, _, _ in geometry.columns]
        if geometry.line_column:
            parts = wrap_words(picked[-1], geometry.line_column)
            lines = [[*picked[:-1], parts[0]]]
            blanks = [""] * (len(picked) - 1)
            lines.extend([*blanks, part] for part in parts[1:])
            return lines
        lines = [[*picked[:-1], ""]]
        width = max(8, geometry.width // geometry.character - 2)
        for part in wrap_words(picked[-1], width):
            lines.append([*([""] * len(picked)), part])
        return lines

    @staticmethod
    def _draw_tooltip(surface: pygame.Surface, mouse: tuple[int, int], session: GameSession, sizes: TextSizes) -> None:
        latest = session.searches.latest
        name = tr("the searching side")
        if latest is not None and not session.watch_mode:
            name = tr_known(session.game.player_name(latest.player))
        width = min(surface.get_width() - 20, 32 * sizes.small)
        lines = theme.wrap_text(legend(name), sizes.small, width - 16)
        box = pygame.Rect(0, 0, width, len(lines) * theme.line_height(sizes.small) + 12)
        box.topleft = (min(mouse[0], surface.get_width() - width - 4), mouse[1] + 18)
        if box.bottom > surface.get_height():
            box.bottom = mouse[1] - 6
        theme.panel(surface, box, theme.BUTTON)
        y = box.top + 6
        for line in lines:
            theme.draw_text(surface, line, (box.left + 8, y), sizes.small, theme.TEXT)
            y += theme.line_height(sizes.small)


_MOVE_TEXTS: dict[tuple[State, Hashable], str] = {}
"""Moves as written, kept: the panel names the same candidates every frame."""


def move_text(state: State | None, move: Hashable) -> str:
    """``move`` as people write it in ``state`` (its protocol text if the state cannot
    name it); worked out once per position and move."""
    key = (state, move)
    text = _MOVE_TEXTS.get(key)
    if text is None:
        try:
            text = state.display_move(move)
        except Exception:  # a move the shown position cannot name: its protocol text
            text = str(move)
        if len(_MOVE_TEXTS) > 2000:
            _MOVE_TEXTS.clear()
        _MOVE_TEXTS[key] = text
    return text


def equity_text(mean: float, half_width: float, unit: int) -> str:
    """``+0.123 \u00b10.045``: a rollout's mean and half its 95% interval (``unit`` = 1.00)."""
    interval = f"\u00b1{format_number(half_width / unit, '.3f')}" if math.isfinite(half_width) else "\u00b1?"
    return f"{format_number(mean / unit, '+.3f')} {interval}"


def _pondering_lines(session: GameSession, record: SearchRecord) -> list[tuple[str, tuple[int, int, int]]]:
    """What the panel says of pondering beside ``record`` (``ui.ponder_control``): the
    computer searching on the person's time the reply it expects (live), or that
    ``record``, a move search, began so."""
    pondering = session.pondering.record
    if pondering is not None and pondering is not record:
        move = pondering.pondering_on
        if pondering.running:
            depth, nodes, seconds = session.searches.progress()
            text = tr("pondering on {move} (the reply it expects): depth {depth} \u00b7 {nodes} nodes \u00b7 "
                      "{seconds} s", move=move, depth=max(depth, 1), nodes=theme.format_count(nodes),
                      seconds=format_number(seconds, ".1f"))
        else:
            last = pondering.rows[-1].depth if pondering.rows else 0
            text = tr("pondering on {move} (the reply it expects): done at depth {depth}, ready if you play it",
                      move=move, depth=last)
        return [(text, theme.ACCENT)]
    if record.ponder_hit:
        return [(tr("began on your time: you played {move}, the reply it expected", move=record.pondering_on),
                 theme.GOOD)]
    return []


def rollout_lines(progress: RolloutProgress, record: SearchRecord, unit: int, characters: int, player_name: str,
                  running: bool, error: str = "", depth_name: Callable[[int], str] | None = None) -> list[Line]:
    """A rollout's figures for the engine panel: a title with the games played of the
    target, how the games were played (the policy's depth named by ``depth_name``),
    one line per candidate (the search's order; the leader's in green) and the leader
    (or why the rollout failed)."""
    games, target = format_number(progress.games, ","), format_number(progress.target, ",")
    if running:
        title = tr("Rollout for {player}: {games} of {target} games", player=player_name, games=games, target=target)
    elif progress.games < progress.target:
        title = tr("Rollout for {player}: stopped at {games} of {target} games", player=player_name, games=games,
                   target=target)
    else:
        title = tr("Rollout for {player}: {games} games", player=player_name, games=games)
    depth = depth_name(1) if depth_name is not None else tr("depth 1")
    how = (tr("Played at {depth} with the same dice for every move; whole games, cut only where the evaluation is "
              "exact", depth=depth) if progress.full else
           tr("Played at {depth} with the same dice for every move; cut after {count} decisions or where the "
              "evaluation is exact", depth=depth, count=progress.truncate_after))
    lines: list[Line] = [(title, theme.TEXT_DIM, "regular"), (how, theme.TEXT_DIM, "regular")]
    leader = progress.leader()
    width = max(10, characters - 19)
    for rank, line in enumerate(progress.lines, start=1):
        text = move_text(record.state, line.move)
        value = equity_text(line.mean, line.half_width, unit) if progress.games else "\u2026"
        colour = theme.GOOD if line is leader else theme.TEXT
        lines.append((f"{rank:>2}. {text[:width]:<{width}} {value:>13}", colour, "mono"))
    if error:
        lines.append((error[0].upper() + error[1:], theme.DANGER, "regular"))
    elif leader is not None:
        move, equity = move_text(record.state, leader.move), equity_text(leader.mean, leader.half_width, unit)
        lines.append((tr("Leads: {move}, {equity}", move=move, equity=equity) if running else
                      tr("Best: {move}, {equity}", move=move, equity=equity), theme.GOOD, "regular"))
    return lines


def fitted_rollout(lines: list[Line], most: int) -> list[Line]:
    """A rollout's lines (``rollout_lines``, wrapped) cut to at most ``most`` lines: first
    without the sentence saying how the games were played, then without the last
    candidates; the title and the last line (the leader) stay. Empty when even three
    lines do not fit."""
    if len(lines) <= most:
        return lines
    lines = [lines[0], *(line for line in lines[1:-1] if line[2] != "regular"), lines[-1]]
    while len(lines) > most and len(lines) > 3:
        del lines[-2]
    return lines if len(lines) <= most else []
