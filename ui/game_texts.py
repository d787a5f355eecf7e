"""Texts made from what ``games/`` and ``ai/`` describe, written for people in the
current language: a level's technical detail, a time control, a combination of rule
options, a result. ``games/`` and ``ai/`` keep their own English texts (the command
line uses them); the interface builds its own here. No pygame here.
"""
from __future__ import annotations

import re
from datetime import datetime

from ai.clock import TimeControl
from ai.strength import uses_its_time
from ai.types import UTILITY_SCALE, Score
from games.base import ImpossiblePosition
from games.level_ratings import LevelRating
from games.registry import GameEntry, Level
from ui.i18n import format_number, mark, tr, tr_known, tr_plural

def text_size_label(name: str) -> str:
    """The text size ``name`` ("normal", "large", "extra large") for people."""
    labels = {"normal": tr("Normal"), "large": tr("Large"), "extra large": tr("Extra large")}
    return labels.get(name, name)


def score_unit(entry: GameEntry) -> int:
    """What a score counts as 1.00 for the game (``Score.text``): 100 centi-units (a
    pawn in chess), or ``UTILITY_SCALE`` in a game with chance (a backgammon point)."""
    return UTILITY_SCALE if entry.game.has_chance else 100


def level_details(level: Level, entry: GameEntry | None = None) -> str:
    """The detail behind a level's words, as ``Level.technical`` says it in English:
    ``depth 2 plies, up to 1,000 nodes, evaluation errors up to ±0.60``. With the
    level's game ``entry``, the depth is named as the game's players name it
    (``GameEntry.depth_name``: backgammon's depth 1 is "0-ply") and the errors are in the
    game's score unit (``score_unit``: ±0.30 points in backgammon, where a noise of 300
    is 0.3 of a point); without it, "depth N plies" and centi-units."""
    unit = score_unit(entry) if entry is not None else 100
    if level.depth is None:
        details = [tr("no depth limit")]
    elif entry is not None and entry.depth_name is not None:
        details = [tr("{depth} search", depth=entry.depth_name(level.depth))]
    else:
        details = [tr_plural(level.depth, "depth {count} ply", "depth {count} plies")]
    if level.nodes is not None:
        details.append(tr("up to {count} nodes", count=format_number(level.nodes, ",")))
    if level.solves:
        details.append(tr("exact once it sees the end of the game, whatever the time"))
    elif level.depth is None and level.nodes is None:
        details.append(tr("uses its time"))
    if level.noise:
        details.append(tr("evaluation errors up to \u00b1{size}", size=format_number(level.noise / unit, ".2f")))
    if not level.quiescence:
        details.append(tr("no capture search beyond it"))
    if level.random_moves:
        details.append(tr("a random move {share} of the time", share=format_number(level.random_moves, ".0%")))
    if level.evaluation is not None:
        details.append(tr("{name} evaluation", name=tr_known(level.evaluation)))
    return ", ".join(details)


def rating_text(rating: LevelRating, movetime: float | None = None) -> str:
    """A measured rating in words, rounded to tens (the interval is far wider): ``about
    1,400``; with only a bound, ``below 950`` (rounded up) or ``above 2,000`` (rounded
    down). ``movetime`` (seconds) says the time a move it was measured at, for a level
    whose strength depends on it: ``about 1,770 at 0.5 s/move``."""
    if rating.elo is not None:
        words, elo = (mark("about {elo}"), mark("about {elo} at {seconds} s/move")), round(rating.elo, -1)
    elif rating.high is not None:
        words, elo = (mark("below {elo}"), mark("below {elo} at {seconds} s/move")), -(-rating.high // 10) * 10
    else:
        words, elo = (mark("above {elo}"), mark("above {elo} at {seconds} s/move")), (rating.low or 0) // 10 * 10
    if movetime is None:
        return tr(words[0], elo=format_number(elo, ","))
    return tr(words[1], elo=format_number(elo, ","), seconds=format_number(movetime, "g"))


def level_choice(number: int, level: Level, rating: LevelRating | None = None, movetime: float | None = None) -> str:
    """A level as the menu offers it: ``4 · Club: solid, but short-sighted``, with its
    measured rating when there is one, ``4 · Club · about 1,400: solid, ...``; a level
    without a name is its number (and rating). A level that uses its time (it has
    neither a depth cap nor a node budget) is rated at the ``movetime`` (seconds) it was
    measured at, and says so when that is known: ``8 · Maximum · about 1,770 at 0.5 s/move: ...``."""
    timed = movetime if uses_its_time(level) and not level.solves else None
    rated = f" \u00b7 {rating_text(rating, timed)}" if rating is not None else ""
    if not level.name:
        return f"{number}{rated}"
    return f"{number} \u00b7 {tr_known(level.name)}{rated}: {tr_known(level.summary)}"


def time_control_label(control: TimeControl) -> str:
    """Short text for menus, as ``TimeControl.label``: ``5 min + 3 s``, ``2 s/move``, ``No clock``."""
    if control.kind == "fischer":
        minutes = control.base / 60
        base = f"{format_number(minutes, 'g')} min" if minutes >= 1 else f"{format_number(control.base, 'g')} s"
        return f"{base} + {format_number(control.increment, 'g')} s"
    if control.kind == "movetime":
        return tr("{seconds} s/move", seconds=format_number(control.movetime, "g"))
    return tr("No clock")


def rules_label(label: str) -> str:
    """A rule choice's label (``Game.rule_choices``: "Basic rules", or option labels
    joined with " + ") in the current language."""
    return " + ".join(tr_known(part) for part in label.split(" + "))


REASON_PHRASES = {"double dropped": mark("a dropped double"), "all checkers borne off": mark("bearing off all checkers")}
"""Results whose ``Outcome.reason`` does not read after "won by" (backgammon's), as the
end of a game says them: "Black won by a dropped double"."""


def reason_text(reason: str) -> str:
    """How a game ended (``Outcome.reason``: "checkmate", "resignation", "threefold
    repetition (claimed)") in the current language, as it reads after "won by" (see
    ``REASON_PHRASES``)."""
    claimed, single = " (claimed)", ", counted single (Jacoby rule: the cube was not turned)"
    if reason.endswith(claimed):
        return tr("{reason} (claimed)", reason=tr_known(reason[:-len(claimed)]))
    cube = re.fullmatch(r"(.+), cube at (\d+)", reason)
    if cube:
        return tr("{reason}, cube at {value}", reason=reason_text(cube[1]), value=cube[2])
    if reason.endswith(single):
        return tr("{reason}, counted single (Jacoby rule: the cube was not turned)",
                  reason=tr_known(reason[:-len(single)]))
    if reason in REASON_PHRASES:
        return tr(REASON_PHRASES[reason])
    return tr_known(reason)


MONTHS = (mark("Jan"), mark("Feb"), mark("Mar"), mark("Apr"), mark("May"), mark("Jun"), mark("Jul"), mark("Aug"),
          mark("Sep"), mark("Oct"), mark("Nov"), mark("Dec"))
"""The months' short names (``%b`` would follow the system's locale, not the app's language)."""


def short_date(day: int, month: int, year: int) -> str:
    """``3 May 2024`` in the current language (``month`` 1..12)."""
    return f"{day} {tr(MONTHS[month - 1])} {year}"


def local_time(saved_at: object) -> str:
    """An ISO time stamp from a save file as local date and time, or "at an unknown time"."""
    try:
        moment = datetime.fromisoformat(str(saved_at)).astimezone()
    except (ValueError, OverflowError):
        return tr("at an unknown time")
    return f"{short_date(moment.day, moment.month, moment.year)} {moment:%H:%M}"


def score_text(score: Score, unit: int = 100) -> str:
    """``Score.text`` in the current language: ``+0.35`` (``+0,35`` in Italian), ``win in 3``,
    ``loss in 4`` (plies)."""
    plies = score.plies_to_end
    if plies is None:
        return format_number(score.value / unit, "+.2f")
    return tr("win in {plies}", plies=plies) if plies > 0 else tr("loss in {plies}", plies=-plies)


def refusal_text(problem: ImpossiblePosition, sentence: bool = False) -> str:
    """Why a position cannot be played (``ImpossiblePosition``, from a game's board
    editor) in the current language: its template translated, its text fields too (a
    player's name, a result's reason); with ``sentence``, its first letter a capital (it
    stands alone). A template the table does not know is shown in English."""
    fields = {name: reason_text(value) if name == "reason" else tr_known(value) if isinstance(value, str) else value
              for name, value in problem.fields.items()}
    try:
        text = tr_known(problem.template).format(**fields)
    except (KeyError, IndexError, ValueError):
        text = str(problem)
    return text[:1].upper() + text[1:] if sentence else text
