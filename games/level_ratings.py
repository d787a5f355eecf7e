"""Measured ratings of a game's strength levels, read from a small data file.

A game whose levels were measured (chess: against Stockfish's ``UCI_Elo`` ladder by
``bench/chess_elo.py``) names its ratings file in its registry entry
(``GameEntry.level_ratings_file``); the menu shows "about 1,400" beside a rated level.
Only measured figures are in the file (the script writes it from its games), and a
level the file does not name shows no rating. The file is JSON::

    {"format": 1, "scale": "...", "movetime": 0.5, "measured": "2026-11-27",
     "levels": {"8": {"elo": 1700, "low": 1630, "high": 1770, "games": 60, "score": 33.5},
                "1": {"elo": null, "low": null, "high": 940, "games": 20, "score": 0}}}

``elo`` is the best estimate, ``low``..``high`` its 95% interval (``null``: open on that
side); a level that lost (or won) every game has no estimate, only a bound (then exactly
one of ``low`` and ``high``). Other keys
(``scale``, ``measured``, ``load``, ``command``, ...) say how it was measured and are
kept for people; the reader does not need them. A file that cannot be read or breaks
these rules gives no ratings at all and a message saying what is wrong, never an error.
"""
from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

FORMAT = 1
"""The version of the file's layout this reader understands."""
HIGHEST = 4000
"""The largest rating accepted: anything beyond is a broken file, not a measurement."""


@dataclass(frozen=True)
class LevelRating:
    """One level's measured rating (Elo): the estimate ``elo`` (``None``: only a bound is
    known), the 95% interval ``low``..``high`` (``None``: open on that side) and the
    number of ``games`` it rests on. The estimate, or else exactly one bound, is given."""

    elo: int | None
    low: int | None
    high: int | None
    games: int


@dataclass(frozen=True)
class LevelRatings:
    """What a ratings file holds: each rated level's ``LevelRating`` by its number,
    the seconds a move the games were played at (``movetime``, ``None`` if unsaid), and
    ``problem``, a message when the file could not be used (then there are no ratings)."""

    ratings: Mapping[int, LevelRating] = field(default_factory=dict)
    movetime: float | None = None
    problem: str = ""

    def rating(self, level: int) -> LevelRating | None:
        """Level ``level``'s rating, ``None`` when it was not measured."""
        return self.ratings.get(level)


def project_path(relative: str) -> Path:
    """``relative`` (a path with ``/``, from the project's root) in the source tree, or
    under ``sys._MEIPASS`` in an executable frozen by PyInstaller (``build.spec`` ships
    the file there); an absolute path is itself. Not checked for existence."""
    if Path(relative).is_absolute():
        return Path(relative)
    bundle = getattr(sys, "_MEIPASS", None)
    root = Path(bundle) if bundle else Path(__file__).resolve().parent.parent
    return root.joinpath(*relative.split("/"))


def read_level_ratings(path: Path, levels: int) -> LevelRatings:
    """The ratings in the file at ``path`` for a game with ``levels`` levels (numbered
    from 1); a missing, unreadable or malformed file gives no ratings and a ``problem``
    naming the file and what is wrong."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = "it does not exist" if isinstance(error, FileNotFoundError) else str(error)
        return LevelRatings(problem=f"the level ratings in {path} cannot be read ({reason}); no ratings are shown")
    return parse_level_ratings(text, levels, str(path))


def parse_level_ratings(text: str, levels: int, source: str = "the ratings file") -> LevelRatings:
    """The ratings in ``text`` (the file's content, see the module's docstring) for a
    game with ``levels`` levels; ``source`` names the file in a problem. Anything that
    breaks the rules gives no ratings and a ``problem`` saying what and where."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as error:
        where = f" (line {error.lineno})" if isinstance(error, json.JSONDecodeError) else ""
        return LevelRatings(problem=f"the level ratings in {source} are not valid JSON{where}; no ratings are shown")
    try:
        return _ratings(data, levels)
    except ValueError as error:
        return LevelRatings(problem=f"the level ratings in {source} are unusable: {error}; no ratings are shown")


def _ratings(data: object, levels: int) -> LevelRatings:
    """The ratings in the decoded file; ``ValueError`` saying what breaks the rules."""
    if not isinstance(data, dict):
        raise ValueError("the file must hold one JSON object")
    if data.get("format") != FORMAT:
        raise ValueError(f"its format is {data.get('format')!r}, not {FORMAT}")
    movetime = data.get("movetime")
    if movetime is not None and (isinstance(movetime, bool) or not isinstance(movetime, (int, float))
                                 or not 0 < movetime < 3600):
        raise ValueError(f"movetime must be a number of seconds, not {movetime!r}")
    entries = data.get("levels")
    if not isinstance(entries, dict):
        raise ValueError("'levels' must be an object of levels by number")
    ratings: dict[int, LevelRating] = {}
    for key, entry in entries.items():
        if not (key.isdigit() and 1 <= int(key) <= levels):
            raise ValueError(f"level {key!r} is not one of 1..{levels}")
        ratings[int(key)] = _rating(f"level {key}", entry)
    return LevelRatings(ratings, None if movetime is None else float(movetime))


def _rating(name: str, entry: object) -> LevelRating:
    """One level's entry; ``ValueError`` naming the level and the fault."""
    if not isinstance(entry, dict):
        raise ValueError(f"{name} must be an object with elo, low, high and games")
    values: dict[str, int | None] = {}
    for key in ("elo", "low", "high"):
        value = entry.get(key)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= HIGHEST):
            raise ValueError(f"{name}'s {key} must be a whole number from 0 to {HIGHEST} or null, not {value!r}")
        values[key] = value
    games = entry.get("games")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"{name}'s games must be a whole number of 1 or more, not {games!r}")
    elo, low, high = values["elo"], values["low"], values["high"]
    if elo is None and (low is None) == (high is None):
        raise ValueError(f"{name} needs an estimate (elo), or else exactly one bound (low or high)")
    known = [value for value in (low, elo, high) if value is not None]
    if known != sorted(known):
        raise ValueError(f"{name}'s low, elo and high are not in order ({low}, {elo}, {high})")
    return LevelRating(elo, low, high, games)
