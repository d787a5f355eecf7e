"""The autosave format: a game in progress as JSON, and the checks that read it back.

``saved_game_to_dict`` writes a ``SavedGame``; ``read_saved_game`` reads one, checking
every value (through ``ui.validation``: types, ranges, finite numbers) and replaying
every move through the rules, and raises ``ValueError`` naming the first problem in
words. Nothing read from a file reaches the rest of the app unchecked. No pygame here.

Format (version 1; later fields are optional, so older saves still load)::

    {"version": 1, "game": "tictactoe", "players": [{...}, {...}],
     "initial": "<position text>", "moves": ["b2", "a1", ...],
     "clock": [seconds left, seconds left], "clock_history": [[a, b] or [null, null], ...],
     "evaluations": {"<ply>": {"score": int, "proven": bool, "depth": int, "line": ["c3", ...]}},
     "forced_result": null or {"winner": 0|1|null, "reason": "...", "points": 1},
     "move_delay": 0.6, "tally": [wins first, wins second, draws],
     "finished": false, "saved_at": "2026-11-23T10:00:00+00:00"}
"""
from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from datetime import datetime, timezone
from functools import lru_cache
from pathlib import Path

from ai.types import MATE, Score
from games.base import GameError, Outcome, State
from games.registry import GameEntry, get_game
from ui import validation
from ui.i18n import tr, tr_known
from ui.game_record import Evaluation, GameRecord
from ui.player_settings import PlayerSettings
from ui.storage import AUTOSAVE_FILE, StorageError, autosave_file, read_json, set_aside
from ui.watch_control import MAXIMUM_DELAY

SAVE_VERSION = 1
MAXIMUM_MOVES = 20_000
MAXIMUM_CLOCK_SECONDS = 1_000_000.0
"""No clock the app offers holds more than this many seconds (about 11 days)."""


@dataclass
class SavedGame:
    """A saved game, checked: the ``record`` (positions replayed from the moves), the
    players, the clocks' seconds left (``None`` for an untimed side), watch mode's
    delay, the sitting's earlier results ``past_tally`` (games) and ``past_points`` (the
    points each side scored in them: gammons, the cube; ``None`` in files from before
    points were kept: one a win), the rule options its next games start with (``rules``,
    ``None``: the game's defaults) and when it was saved (ISO text)."""

    entry: GameEntry
    players: tuple[PlayerSettings, PlayerSettings]
    record: GameRecord
    clock: tuple[float | None, float | None]
    move_delay: float = 0.6
    past_tally: tuple[int, int, int] = (0, 0, 0)
    saved_at: str = ""
    past_points: tuple[int, int] | None = None
    rules: dict[str, bool] | None = None

    @property
    def finished(self) -> bool:
        """Whether the saved game had ended."""
        return self.record.result is not None


def saved_game_to_dict(saved: SavedGame) -> dict:
    """Plain JSON data for ``saved`` (see the module docstring)."""
    record = saved.record
    result = record.forced_result
    evaluations = {}
    for ply, evaluation in record.evaluations.items():
        evaluations[str(ply)] = {"score": evaluation.score.value, "proven": evaluation.proven,
                                 "depth": evaluation.depth, "line": list(line_texts(record.states[ply],
                                                                                    evaluation.line))}
    return {
        "version": SAVE_VERSION,
        "game": saved.entry.id,
        "players": [player.to_dict() for player in saved.players],
        "initial": record.initial.to_text(),
        "moves": list(record.move_texts),
        "clock": list(saved.clock),
        "clock_history": [list(times) for times in record.clock_times],
        "evaluations": evaluations,
        "forced_result": None if result is None else
        {"winner": result.winner, "reason": result.reason, "points": result.points},
        "move_delay": saved.move_delay,
        "tally": list(saved.past_tally),
        "points": list(saved.past_points if saved.past_points is not None else saved.past_tally[:2]),
        "rules": dict(saved.rules if saved.rules is not None else saved.entry.game.default_rules()),
        "finished": saved.finished,
        "saved_at": saved.saved_at or datetime.now(timezone.utc).isoformat(timespec="seconds"),
    }


@lru_cache(maxsize=4096)
def line_texts(position: State, line: tuple[Hashable, ...]) -> tuple[str, ...]:
    """``line`` played from ``position`` in the protocol's notation, up to its first move
    that is not legal. Kept: the game is saved after every move, and generating each
    earlier position's moves again (backgammon: milliseconds each) would hold up the
    window for tens of milliseconds late in a game."""
    texts = []
    for move in line:
        if position.is_terminal() or move not in position.legal_moves():
            break
        texts.append(position.move_to_text(move))
        position = position.apply(move)
    return tuple(texts)


def read_saved_game(data: object) -> SavedGame:
    """Check and rebuild a saved game; ``ValueError`` naming the first problem."""
    data = validation.mapping(data, tr("the saved game"))
    version = data.get("version")
    if version != SAVE_VERSION or isinstance(version, bool):
        raise ValueError(tr("it is in an unknown format (version {version})", version=str(version)[:20]))
    try:
        entry = get_game(validation.text(data.get("game"), tr("the name of the game"), 40))
    except KeyError as problem:
        raise ValueError(problem.args[0]) from None
    players_data = validation.sequence(data.get("players"), tr("the players"), length=2)
    players = (PlayerSettings.from_dict(players_data[0], entry), PlayerSettings.from_dict(players_data[1], entry))
    try:
        initial = entry.game.parse_position(validation.text(data.get("initial"), tr("the start position")))
    except GameError as problem:
        raise ValueError(tr("the start position: {problem}", problem=problem)) from None
    record = GameRecord(initial)
    moves = validation.sequence(data.get("moves"), tr("the moves"), maximum=MAXIMUM_MOVES)
    history = _clock_history(data.get("clock_history"), len(moves))
    record.clock_times = [history[0]]
    for number, text in enumerate(moves, start=1):
        text = validation.text(text, tr("move {number}", number=number), 200)
        if record.state.is_terminal():
            raise ValueError(tr("move {number} ({move}) comes after the end of the game", number=number, move=text))
        try:
            move = record.state.parse_move(text)
        except GameError as problem:
            raise ValueError(tr("move {number} ({move}): {problem}", number=number, move=text, problem=problem)) from None
        record.push(move, record.state.to_move(), history[number])
    record.forced_result = _forced_result(data.get("forced_result"), record)
    record.evaluations = _evaluations(data.get("evaluations"), record)
    clock = _clock_pair(validation.optional(data, "clock", [None, None]), "the clocks")
    delay = validation.number(validation.optional(data, "move_delay", 0.6), tr("the delay between moves"), 0.0,
                              MAXIMUM_DELAY)
    tally = validation.sequence(validation.optional(data, "tally", [0, 0, 0]), tr("the score"), length=3)
    past_tally = tuple(validation.whole_number(count, tr("the score"), 0, 1_000_000) for count in tally)
    saved_at = validation.text(validation.optional(data, "saved_at", ""), tr("the time it was saved"), 64)
    points = validation.optional(data, "points", None)
    past_points = None if points is None else tuple(
        validation.whole_number(count, tr("the points scored"), 0, 100_000_000)
        for count in validation.sequence(points, tr("the points scored"), length=2))
    return SavedGame(entry, players, record, clock, delay, past_tally, saved_at,  # type: ignore[arg-type]
                     past_points, _rules(validation.optional(data, "rules", None), entry))


def _rules(value: object, entry: GameEntry) -> dict[str, bool] | None:
    """Checked rule options of ``entry``'s game (``None`` stays ``None``): one of the
    game's own combinations, else ``ValueError``."""
    if value is None:
        return None
    rules = validation.mapping(value, tr("the rule options"))
    wanted = {str(name): validation.one_of(flag, tr("a rule option"), (True, False)) for name, flag in rules.items()}
    for _label, choice in entry.game.rule_choices():
        if choice == wanted:
            return dict(choice)
    raise ValueError(tr("the rule options {wanted} are not a combination {game} offers", wanted=wanted,
                        game=tr_known(entry.game.title)))


def _clock_pair(value: object, name: str) -> tuple[float | None, float | None]:
    pair = validation.sequence(value, name, length=2)
    return tuple(None if seconds is None else validation.number(seconds, name, 0.0, MAXIMUM_CLOCK_SECONDS)
                 for seconds in pair)  # type: ignore[return-value]


def _clock_history(value: object, moves: int) -> list[tuple[float | None, float | None]]:
    """The clocks in each position; a history that does not fit is ignored (it only sets
    the clocks back on a takeback), not an error."""
    try:
        history = validation.sequence(value, tr("the clock history"), length=moves + 1)
        return [_clock_pair(pair, "the clock history") for pair in history]
    except ValueError:
        return [(None, None)] * (moves + 1)


def _forced_result(value: object, record: GameRecord) -> Outcome | None:
    if value is None or record.state.outcome() is not None:
        return None
    forced = validation.mapping(value, tr("the result"))
    winner = validation.one_of(forced.get("winner"), tr("the winner"), (0, 1, None))
    reason = validation.text(validation.optional(forced, "reason", ""), tr("the reason for the result"), 200)
    points = validation.whole_number(validation.optional(forced, "points", 1), tr("the points won"), 0, 3)
    return Outcome(winner, reason, points)


def _evaluations(value: object, record: GameRecord) -> dict[int, Evaluation]:
    """Saved evaluations; one that does not fit the game is dropped, not an error (they
    only feed the evaluation bar)."""
    if value is None:
        return {}
    saved = validation.mapping(value, tr("the evaluations"))
    evaluations: dict[int, Evaluation] = {}
    for key, item in list(saved.items())[:MAXIMUM_MOVES + 1]:
        try:
            ply = int(key) if isinstance(key, str) and key.isdigit() and len(key) < 8 else -1
            if not 0 <= ply <= record.length:
                continue
            item = validation.mapping(item, tr("an evaluation"))
            score = validation.whole_number(item.get("score"), tr("a score"), -MATE, MATE)
            proven = item.get("proven") is True
            depth = validation.whole_number(validation.optional(item, "depth", 0), tr("a depth"), 0, 10_000)
            line, position = [], record.states[ply]
            for text in validation.sequence(validation.optional(item, "line", []), tr("a line"), maximum=300):
                move = position.parse_move(validation.text(text, tr("a move"), 200))
                line.append(move)
                position = position.apply(move)
        except (ValueError, GameError):
            continue
        evaluations[ply] = Evaluation(Score(score), proven, depth, tuple(line))
    return evaluations


def load_saved_game(path: Path) -> tuple[SavedGame | None, str]:
    """The saved game in ``path`` (``None`` if there is none or it cannot be used) and what
    went wrong, for people ("" if nothing did); a damaged file is moved aside
    (``ui.storage.set_aside``), one that cannot be read is left as it is."""
    try:
        data = read_json(path)
    except StorageError as problem:
        return None, tr("The saved game could not be used. {problem}.", problem=problem)
    except OSError as problem:
        return None, tr("The saved game could not be read ({problem}).", problem=problem)
    if data is None:
        return None, ""
    try:
        return read_saved_game(data), ""
    except ValueError as error:
        kept = set_aside(path, "damaged")
        return None, tr("The saved game could not be restored ({error}); it was moved aside as {name} in {folder}.",
                        error=error, name=kept.name, folder=path.parent)


def game_saved_in(folder: Path, game_id: str) -> tuple[SavedGame | None, str]:
    """``game_id``'s last game saved in ``folder`` (its ``autosave_file``; if it has none,
    an older version's single ``AUTOSAVE_FILE`` when that holds this game, never another
    game's) and what went wrong, as ``load_saved_game``."""
    saved, problem = load_saved_game(folder / autosave_file(game_id))
    if saved is not None or problem:
        return saved, problem
    older, problem = load_saved_game(folder / AUTOSAVE_FILE)
    return (older if older is not None and older.entry.id == game_id else None), problem
