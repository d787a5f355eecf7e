"""Games and positions as text: saving, opening, copying and pasting them.

A game whose rules have a record format (``Game.record_format``: PGN in chess) is
saved into the ``games`` folder of the data folder and read back; any game's position
can be copied and pasted as its position text (FEN in chess). Text that cannot be
read gives a ``GameError`` saying why, and nothing else changes. No pygame here.
"""
from __future__ import annotations

import re
import time
from pathlib import Path

from games.base import GameError, GameText, Outcome, State
from games.registry import GameEntry
from ui.i18n import speaking, tr, tr_known, tr_plural
from ui.storage import data_dir, write_text_atomically

GAMES_FOLDER = "games"
MAXIMUM_TEXT = 2_000_000
"""Characters of pasted text, or of a file's first game, the app reads at most."""
FIRST_PIECE = 64 * 1024
"""Bytes of a game file read first (enough for its first game, as a rule)."""


def games_folder() -> Path:
    """The folder saved games go to (created if missing)."""
    folder = data_dir() / GAMES_FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def record_tags(session) -> dict[str, str]:
    """The header of a saved game: who played (with how), the event and time control;
    in English whatever the interface's language (a file is read by other programs)."""
    with speaking("english"):
        players = [player.describe(session.entry) for player in session.players]
    tags = {"Event": "Game Tree Lab", "Site": "Game Tree Lab", "White": players[0], "Black": players[1]}
    controls = {settings.time_control.to_text() for settings in session.players}
    if len(controls) == 1:
        tags["TimeControl"] = _pgn_time_control(session.players[0].time_control)
    return tags


def _pgn_time_control(control) -> str:
    if control.kind == "fischer":
        return f"{control.base:g}+{control.increment:g}"
    if control.kind == "movetime":
        return f"1/{control.movetime:g}"
    return "-"


def evaluation_comments(session) -> dict[int, str]:
    """``{+0.35/12}``-style comments: after move ``i``, the evaluation of the position it
    led to (White's, the first player's, point of view; "#3" for a mate) and its depth."""
    comments: dict[int, str] = {}
    for ply, evaluation in session.record.evaluations.items():
        if ply == 0 or ply > len(session.record.moves):
            continue
        plies = evaluation.score.plies_to_end
        if plies is not None:
            moves = (abs(plies) + 1) // 2
            text = f"#{moves}" if plies > 0 else f"#-{moves}"
        else:
            text = f"{evaluation.score.value / 100:+.2f}"
        comments[ply - 1] = f"{text}/{evaluation.depth}" if evaluation.depth else text
    return comments


def game_text(session) -> str:
    """The session's game as text in its game's record format (``GameError`` if none)."""
    game = session.game
    if not game.record_format:
        raise GameError(tr("{game} games cannot be written as text", game=tr_known(game.title)))
    result = session.record.result
    return game.write_record(session.record.initial, list(session.record.moves), result, record_tags(session),
                             evaluation_comments(session))


def save_game(session) -> Path:
    """Write the session's game into ``games_folder()`` under a name from the date and the
    players; returns the file written. ``OSError`` or ``GameError`` if it cannot be."""
    text = game_text(session)
    extension = session.game.record_format.lower()
    stamp = time.strftime("%Y-%m-%d %H-%M-%S")
    sides = " vs ".join(_safe(session.game.player_name(side) + " " + ("computer" if session.players[side].is_ai
                                                                          else "person")) for side in (0, 1))
    path = games_folder() / f"{stamp} {sides}.{extension}"
    number = 2
    while path.exists():
        path = path.with_name(f"{stamp} {sides} ({number}).{extension}")
        number += 1
    write_text_atomically(path, text)
    return path


def _safe(text: str) -> str:
    return re.sub(r"[^\w .+-]", "", text)[:40]


def read_game_text(entry: GameEntry, text: str) -> GameText:
    """The first game in ``text`` (its game's record format; the text after it is not
    read); ``GameError`` saying why not."""
    game = entry.game
    if not game.record_format:
        raise GameError(tr("{game} games cannot be read from text", game=tr_known(game.title)))
    if len(text) > MAXIMUM_TEXT:
        raise GameError(tr("the text is {count} characters long, too long to be a game", count=f"{len(text):,}"))
    games = game.read_records(text, limit=1)
    if not games:
        raise GameError(tr("no {format} game was found in the text", format=game.record_format))
    return games[0]


def read_game_file(entry: GameEntry, path: Path) -> GameText:
    """The first game in the file at ``path``; ``GameError`` saying why not (unreadable
    too). The file is read a piece at a time, and no further than its first game ends
    (``FIRST_PIECE`` bytes, then four times as many, and so on): a database of
    thousands of games opens as fast as a file of one. A first game that does not end
    within ``MAXIMUM_TEXT`` * 4 bytes is refused."""
    game = entry.game
    if not game.record_format:
        raise GameError(tr("{game} games cannot be read from text", game=tr_known(game.title)))
    try:
        with path.open("rb") as file:
            data, wanted = b"", FIRST_PIECE
            while True:
                data += file.read(wanted - len(data))
                whole = len(data) < wanted
                cut = len(data) if whole else max(data.rfind(b"\n"), data.rfind(b"\r")) + 1  # whole lines
                games = game.read_records(_decode(data[:cut]), limit=1, more=not whole) if cut or whole else []
                if games:
                    return games[0]
                if whole:
                    raise GameError(tr("no {format} game was found in the text", format=game.record_format))
                if wanted >= MAXIMUM_TEXT * 4:
                    raise GameError(tr("the first game in {name} is too long to be read (more than {count} bytes)",
                                       name=path.name, count=f"{wanted:,}"))
                wanted = min(wanted * 4, MAXIMUM_TEXT * 4)
    except OSError as problem:
        raise GameError(tr("{name} could not be read ({problem})", name=path.name,
                           problem=problem.strerror or problem)) from None


def _decode(data: bytes) -> str:
    for encoding in ("utf-8-sig", "cp1252", "latin-1"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1", errors="replace")


def describe_game_file(entry: GameEntry, path: Path) -> str:
    """One line about a saved game: who played, the result and its length."""
    game = read_game_file(entry, path)
    names = entry.game.player_names
    white = game.tags.get("White", tr_known(names[0]))
    black = game.tags.get("Black", tr_known(names[1]))
    result = game.tags.get("Result", "*")
    return tr_plural((len(game.moves) + 1) // 2, "{white} \u2013 {black}, {result}, {count} move",
                     "{white} \u2013 {black}, {result}, {count} moves", white=white, black=black, result=result)


def read_position_or_game(entry: GameEntry, text: str) -> GameText:
    """Pasted text as a game: a whole game in the record format, or a single position
    (FEN in chess) to start from. ``GameError`` saying why neither could be read."""
    cleaned = text.strip()
    if not cleaned:
        raise GameError(tr("there is no text to read"))
    try:
        state = entry.game.parse_position(cleaned)
        return GameText(state, (), {})
    except GameError as position_problem:
        if not entry.game.record_format:
            raise
        try:
            return read_game_text(entry, cleaned)
        except GameError as game_problem:
            raise GameError(tr("it is neither a position ({position_problem}) nor a game ({game_problem})",
                               position_problem=position_problem, game_problem=game_problem)) from None


def reading_problem(entry: GameEntry, text: str) -> str | None:
    """Why ``text`` cannot be read by ``read_position_or_game``, in a sentence for a
    text dialog; ``None`` when it can."""
    try:
        read_position_or_game(entry, text)
    except GameError as problem:
        return tr("This cannot be read: {problem}", problem=problem)
    return None


def position_text(state: State) -> str:
    """The position as text (FEN in chess), for copying."""
    return state.to_text()


def recorded_result(game: GameText) -> Outcome | None:
    """The game's recorded result when the rules do not see the end themselves."""
    return game.result
