"""The Elo of every chess level, measured against Stockfish's ``UCI_Elo`` ladder.

Each chosen level (``--levels``, default all) plays ``--games`` games against each
opponent (``--opponents``): Stockfish limited to an Elo (``sf:1500``: ``UCI_LimitStrength``
on, ``UCI_Elo`` 1500, ``Threads`` 1, ``Hash`` 16 MB), or another of our levels
(``level:5``, or ``level:+1`` for the level above each), for levels too weak to score
against Stockfish's weakest setting (they are then rated through the chain). Both sides get ``--movetime`` seconds a move (``go
movetime``; default 0.5). Our engine runs as a GUI runs it, ``main.py engine --game
chess`` with ``setoption name Level`` and a ``Seed`` per game, so a game can be
replayed (Stockfish's own weakening is random and not seeded).

Games come in pairs with the same opening, drawn from ``OPENINGS`` per pair, our level
White in the first and Black in the second. A game ends by the rules (python-chess,
claiming threefold repetition and the 50-move rule), or is adjudicated a draw after
``--max-plies`` plies. A side that answers an illegal move, no move, crashes, or takes
longer than the time a move plus ``--margin`` seconds loses the game (counted as
forfeits: there must be none).

Every finished game is appended to ``--log`` (JSON lines, one game each: the pair, its
number, colours, opening, seed, result, reason, plies, the longest time each side took
for a move, the load average, the engine's commit and the moves). Running the same
command again skips the games the log already has and plays the rest, so a run that was
stopped continues where it stopped; ``--games`` may be raised later to add games.

Then every level's rating is fitted from all its games in the log at this time a move
(``bench/elo_fit.py``: maximum likelihood over all games at once, Stockfish's nominal
``UCI_Elo`` values as fixed anchors, a 95% profile-likelihood interval; a level that
lost every game gets only an upper bound, "below N"), and printed as a table: level,
name, games, score, Elo, interval, and each pair's W/D/L. ``--report`` only prints the
table from the log; ``--markdown`` prints it as the README's table too; ``--write-ratings
FILE`` also writes the fitted ratings as the
menu reads them (``games/chess/level_ratings.json``, see ``games/level_ratings.py``).

The ratings are on Stockfish's ``UCI_Elo`` scale at this time a move: Stockfish
calibrated it at longer time controls against the CCRL computer rating list, so these
are neither FIDE nor online ratings, and the strongest level (which uses its time) is
rated for this machine, its load and this time a move.

    .venv/bin/python bench/chess_elo.py --levels 8 7 6 5 --opponents sf:1350 sf:1500 sf:1800 \\
        --games 16 --movetime 0.5 --log /tmp/chess_elo.jsonl
    .venv/bin/python bench/chess_elo.py --levels 4 --opponents sf:1350 level:+1 --games 16 \\
        --log /tmp/chess_elo.jsonl
    .venv/bin/python bench/chess_elo.py --levels 3 2 1 --opponents level:+1 level:+2 --games 16 \\
        --log /tmp/chess_elo.jsonl
    .venv/bin/python bench/chess_elo.py --report --log /tmp/chess_elo.jsonl \\
        --write-ratings games/chess/level_ratings.json

``--engine "COMMAND"`` runs another copy of the engine (e.g. a snapshot of a commit, so
that edits to the working tree do not change a long run halfway).
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import random
import shlex
import shutil
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import chess
import chess.engine

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from elo_fit import Result, RatingFit, fit_ratings  # noqa: E402
from games.level_ratings import HIGHEST, parse_level_ratings  # noqa: E402
from games.registry import get_game  # noqa: E402

OPENINGS = ("e4 e5", "d4 d5", "e4 c5", "c4 e5", "Nf3 d5", "e4 e6", "e4 c6", "d4 Nf6", "e4 e5 Nf3 Nc6",
            "d4 d5 c4 e6", "e4 c5 Nf3 d6", "d4 Nf6 c4 g6", "e4 e6 d4 d5", "e4 c6 d4 d5", "c4 Nf6", "Nf3 Nf6")
"""Short starts of 2-4 plies (SAN); each pair of games plays one, drawn by the pair's seed."""
STOCKFISH_OPTIONS = {"Threads": 1, "Hash": 16}
"""Stockfish's settings besides the Elo limit: one thread, a small table."""


@dataclass(frozen=True)
class Opponent:
    """Stockfish at ``elo``, our engine at ``level``, or our engine ``above`` levels above
    the one it plays (exactly one is given)."""

    elo: int | None = None
    level: int | None = None
    above: int | None = None

    def key(self, against: int) -> str | None:
        """The name in the log and the fit when it plays level ``against``: ``sf:1500`` or
        ``level:5``; ``None`` when there is no such opponent (a level above the highest,
        or the level itself)."""
        if self.elo is not None:
            return f"sf:{self.elo}"
        level = self.level if self.level is not None else against + (self.above or 0)
        return f"level:{level}" if level != against and 1 <= level <= get_game("chess").max_level else None


def parse_opponent(text: str, max_level: int) -> Opponent:
    """``sf:ELO``, ``level:N`` or ``level:+K`` (the level K above); ``ValueError`` naming
    the forms otherwise."""
    kind, _, value = text.strip().lower().partition(":")
    try:
        number = int(value)
    except ValueError:
        number = None
    if kind == "sf" and number is not None:
        return Opponent(elo=number)
    if kind == "level" and number is not None and value.startswith("+"):
        if 1 <= number < max_level:
            return Opponent(above=number)
    elif kind == "level" and number is not None and 1 <= number <= max_level:
        return Opponent(level=number)
    raise ValueError(f"opponent {text!r} is not sf:ELO, level:N (N from 1 to {max_level}) or level:+K")


def player_key(level: int) -> str:
    """The name of our level in the log and the fit."""
    return f"level:{level}"


def game_plan(seed: int, level: int, opponent: str, number: int) -> tuple[bool, str, int]:
    """Game ``number`` (0, 1, ...) of ``level`` against ``opponent``: whether our level
    plays White (even numbers), the opening (the same for both games of a pair) and the
    engine's ``Seed`` (1 to 2**31 - 1), all from ``seed`` and the pair, so a resumed run
    plays the games a complete one would have."""
    pair = random.Random(f"{seed}:{level}:{opponent}:{number // 2}")
    opening = pair.choice(OPENINGS)
    engine_seed = random.Random(f"{seed}:{level}:{opponent}:{number}").randrange(1, 2 ** 31)
    return number % 2 == 0, opening, engine_seed


def read_log(path: Path) -> list[dict]:
    """The games in the log (a missing file: none). A line that is not a whole JSON
    object (the last one, cut by a stopped run) is skipped with a message."""
    if not path.exists():
        return []
    records = []
    with path.open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                print(f"{path}:{number}: not a whole record, skipped", file=sys.stderr)
                continue
            if isinstance(record, dict):
                records.append(record)
    return records


def append_log(path: Path, record: dict) -> None:
    """Append one game to the log and make sure it is on disk."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a", encoding="utf-8") as log:
        log.write(json.dumps(record, separators=(",", ":")) + "\n")
        log.flush()
        os.fsync(log.fileno())


def engine_commit(command: list[str]) -> str:
    """The commit of the engine run by ``command`` (``+`` when its tree has changes), or ``?``."""
    folder = next((Path(word).resolve().parent for word in command if word.endswith("main.py")), ROOT)
    try:
        commit = subprocess.run(["git", "-C", str(folder), "rev-parse", "--short", "HEAD"], capture_output=True,
                                text=True, timeout=10).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(folder), "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "?"
    return (commit + ("+" if dirty else "")) if commit else "?"


def load_average() -> float | None:
    """The one-minute load average, where the system has one."""
    try:
        return round(os.getloadavg()[0], 2)
    except (OSError, AttributeError):
        return None


class Engines:
    """The running programs: one of our engine per level, one Stockfish; each started on
    first use and again after it failed."""

    def __init__(self, ours: list[str], stockfish: str) -> None:
        self.ours_command = ours
        self.stockfish_command = stockfish
        self.running: dict[str, chess.engine.SimpleEngine] = {}

    def get(self, key: str) -> chess.engine.SimpleEngine:
        """The program playing ``key`` (``level:N`` or ``sf:ELO``), configured for it."""
        name = "sf" if key.startswith("sf:") else key
        engine = self.running.get(name)
        if engine is None:
            if name == "sf":
                engine = chess.engine.SimpleEngine.popen_uci(self.stockfish_command)
                engine.configure(STOCKFISH_OPTIONS)
            else:
                engine = chess.engine.SimpleEngine.popen_uci(self.ours_command, cwd=ROOT)
                engine.configure({"Level": int(name.split(":")[1])})
            self.running[name] = engine
        if name == "sf":
            engine.configure({"UCI_LimitStrength": True, "UCI_Elo": int(key.split(":")[1])})
        return engine

    def elo_range(self) -> tuple[int, int]:
        """The lowest and highest ``UCI_Elo`` Stockfish accepts (it ignores others)."""
        option = self.get("sf:1500").options["UCI_Elo"]
        return int(option.min), int(option.max)

    def drop(self, key: str) -> None:
        """Forget a program that failed (it is started again when next needed)."""
        name = "sf" if key.startswith("sf:") else key
        engine = self.running.pop(name, None)
        if engine is not None:
            try:
                engine.close()
            except Exception:  # noqa: BLE001 - it failed already; closing is a courtesy
                pass

    def close(self) -> None:
        """End every program."""
        for key in list(self.running):
            self.drop(key)


def play_game(engines: Engines, level: int, opponent: str, number: int, seed: int, movetime: float,
              max_plies: int, margin: float) -> dict:
    """Play one game and return its log record (see the module's docstring)."""
    ours_white, opening, engine_seed = game_plan(seed, level, opponent, number)
    ours, theirs = player_key(level), opponent
    sides = {chess.WHITE: ours if ours_white else theirs, chess.BLACK: theirs if ours_white else ours}
    board = chess.Board()
    for text in opening.split():
        board.push_san(text)
    start_plies = board.ply()
    token = object()  # a new game for python-chess: it sends ucinewgame
    for key in {ours, theirs}:
        if key.startswith("level:"):
            engines.get(key).configure({"Seed": engine_seed})
    slowest = {ours: 0.0, theirs: 0.0}
    result, reason, loser = "1/2-1/2", "", None
    while True:
        outcome = board.outcome(claim_draw=True)
        if outcome is not None:
            result, reason = outcome.result(), outcome.termination.name.lower()
            break
        if board.ply() - start_plies >= max_plies:
            reason = f"adjudicated a draw after {max_plies} plies"
            break
        mover = sides[board.turn]
        started = time.perf_counter()
        try:
            move = engines.get(mover).play(board, chess.engine.Limit(time=movetime), game=token).move
            problem = "no move" if move is None else ("" if move in board.legal_moves else f"illegal move {move}")
        except (chess.engine.EngineError, chess.engine.EngineTerminatedError, ValueError) as error:
            move, problem = None, f"failed ({error})"
            engines.drop(mover)
        seconds = time.perf_counter() - started
        slowest[mover] = max(slowest[mover], seconds)
        if not problem and seconds > movetime + margin:
            problem = f"on time ({seconds:.2f} s for a move)"
        if problem:
            loser, reason = mover, f"forfeit: {problem}"
            result = "0-1" if board.turn == chess.WHITE else "1-0"
            break
        board.push(move)
    score = 0.5 if result == "1/2-1/2" else float((result == "1-0") == ours_white)
    return {"level": level, "opponent": opponent, "movetime": movetime, "number": number, "seed": seed,
            "engine_seed": engine_seed, "ours_white": ours_white, "opening": opening, "result": result,
            "score": score, "reason": reason, "forfeit_by": loser, "plies": board.ply(),
            "slowest_ours": round(slowest[ours], 3), "slowest_theirs": round(slowest[theirs], 3),
            "load": load_average(), "date": datetime.datetime.now().isoformat(timespec="seconds"),
            "moves": " ".join(move.uci() for move in board.move_stack)}


def anchor_rating(key: str) -> float | None:
    """Stockfish's nominal rating for ``sf:ELO``, ``None`` for our levels."""
    return float(key.split(":")[1]) if key.startswith("sf:") else None


def fit_log(records: list[dict], movetime: float) -> tuple[dict[str, RatingFit], dict[tuple[int, str], list[int]]]:
    """The fitted rating of every level from the log's games at ``movetime``, and the
    W/D/L of each (level, opponent) pair from the level's side."""
    tallies: dict[tuple[int, str], list[int]] = {}
    for record in records:
        if record.get("movetime") != movetime:
            continue
        tally = tallies.setdefault((record["level"], record["opponent"]), [0, 0, 0])
        tally[{1.0: 0, 0.5: 1, 0.0: 2}[record["score"]]] += 1
    results = [Result(player_key(level), opponent, sum(tally), tally[0] + 0.5 * tally[1])
               for (level, opponent), tally in sorted(tallies.items())]
    anchors = {opponent: anchor_rating(opponent) for _, opponent in tallies if anchor_rating(opponent) is not None}
    return fit_ratings(results, anchors), tallies


def rating_text(fit: RatingFit) -> tuple[str, str]:
    """The estimate and the interval as printed: ``1480``, ``1390..1570``; ``below 950`` when open."""
    if fit.estimate is not None:
        low = "?" if fit.low is None else f"{fit.low:.0f}"
        high = "?" if fit.high is None else f"{fit.high:.0f}"
        return f"{fit.estimate:.0f}", f"{low}..{high}"
    if fit.high is not None:
        return f"below {fit.high:.0f}", f"..{fit.high:.0f}"
    if fit.low is not None:
        return f"above {fit.low:.0f}", f"{fit.low:.0f}.."
    return "not rated", ""


def report(records: list[dict], movetime: float) -> dict[str, RatingFit]:
    """Print the table of the log's games at ``movetime``; returns the fits."""
    entry = get_game("chess")
    fits, tallies = fit_log(records, movetime)
    games = [record for record in records if record.get("movetime") == movetime]
    if not games:
        print(f"no games at {movetime:g} s a move in the log")
        return fits
    loads = [record["load"] for record in games if record.get("load") is not None]
    forfeits = [record for record in games if record.get("forfeit_by")]
    ours_forfeits = [record for record in forfeits if record["forfeit_by"].startswith("level:")]
    commits = sorted({record.get("commit", "?") for record in games})
    print(f"{len(games)} games at {movetime:g} s a move; engine commit(s) {', '.join(commits)}; load average "
          + (f"{min(loads):.1f}-{max(loads):.1f} (median {statistics.median(loads):.1f})" if loads else "unknown"))
    print(f"forfeits (illegal move, no move, crash or late move): {len(ours_forfeits)} by our levels, "
          f"{len(forfeits) - len(ours_forfeits)} by their opponents; adjudicated draws: "
          f"{sum('adjudicated' in record['reason'] for record in games)}")
    slowest = max(record["slowest_ours"] for record in games)
    print(f"slowest move of our engine: {slowest:.2f} s; of Stockfish: "
          f"{max((r['slowest_theirs'] for r in games if r['opponent'].startswith('sf:')), default=0):.2f} s")
    print()
    print(f"{'level':>5}  {'name':<9} {'games':>5} {'score':>7}  {'Elo':>10}  {'95% interval':<12}  pairs (W/D/L)")
    for key in sorted((key for key in fits if key.startswith("level:")), key=lambda key: -int(key.split(":")[1])):
        level, fit = int(key.split(":")[1]), fits[key]
        estimate, interval = rating_text(fit)
        pairs = "; ".join([f"{opponent} {w}/{d}/{lost}" for (owner, opponent), (w, d, lost) in sorted(tallies.items())
                           if owner == level]
                          + [f"level:{owner} {lost}/{d}/{w}" for (owner, opponent), (w, d, lost) in sorted(tallies.items())
                             if opponent == key])
        print(f"{level:>5}  {entry.level(level).name:<9} {fit.games:>5} {fit.score:>7g}  {estimate:>10}  "
              f"{interval:<12}  {pairs}")
    return fits


def markdown_table(fits: dict[str, RatingFit], tallies: dict[tuple[int, str], list[int]]) -> str:
    """The README's table of the levels' ratings (Markdown), strongest first: each
    level's Elo, interval, games, score and its results against each opponent."""
    entry = get_game("chess")
    lines = ["| level | name | Elo | 95% interval | games | score | W/D/L against each opponent |",
             "|------:|------|----:|-------------:|------:|------:|------|"]
    for key in sorted((key for key in fits if key.startswith("level:")), key=lambda key: -int(key.split(":")[1])):
        level, fit = int(key.split(":")[1]), fits[key]
        estimate = rating_text(fit)[0]
        opponents = [(opponent, (w, d, lost)) for (owner, opponent), (w, d, lost) in tallies.items() if owner == level]
        opponents += [(f"level:{owner}", (lost, d, w)) for (owner, opponent), (w, d, lost) in tallies.items()
                      if opponent == key]
        opponents.sort(key=lambda item: (item[0].startswith("level:"), item[0]))
        words = ", ".join(f"{_opponent_name(opponent)} {w}/{d}/{lost}" for opponent, (w, d, lost) in opponents)
        if fit.estimate is None:
            interval = "—"
        elif fit.low is None or fit.high is None:
            interval = f"open–{fit.high:.0f}" if fit.low is None else f"{fit.low:.0f}–open"
        else:
            interval = f"{fit.low:.0f}–{fit.high:.0f}"
        lines.append(f"| {level} | {entry.level(level).name} | {estimate} | {interval} | "
                     f"{fit.games} | {fit.score:g} | {words} |")
    return "\n".join(lines)


def _opponent_name(key: str) -> str:
    """``sf:1500`` as "SF 1500", ``level:5`` as "level 5"."""
    return f"SF {key[3:]}" if key.startswith("sf:") else f"level {key[6:]}"


def _on_scale(value: float | None) -> int | None:
    """``value`` rounded, or ``None`` when it is unknown or off the ratings file's scale."""
    return None if value is None or not 0 <= round(value) <= HIGHEST else round(value)


def write_ratings(path: Path, fits: dict[str, RatingFit], records: list[dict], movetime: float,
                  command: str) -> None:
    """Write the levels' ratings as ``games.level_ratings`` reads them (a level with
    neither an estimate nor a bound is left out). A figure off the file's scale (below 0
    or above ``games.level_ratings.HIGHEST``: an interval's open end, as ``-97`` for a
    level that won only against the weakest) is written as an open end, ``null``."""
    games = [record for record in records if record.get("movetime") == movetime]
    loads = [record["load"] for record in games if record.get("load") is not None]
    levels = {}
    for key, fit in sorted(fits.items()):
        if not key.startswith("level:") or (fit.estimate is None and fit.low is None and fit.high is None):
            continue
        levels[key.split(":")[1]] = {
            "elo": _on_scale(fit.estimate), "low": _on_scale(fit.low), "high": _on_scale(fit.high),
            "games": fit.games, "score": fit.score}
    data = {"format": 1, "scale": "Stockfish UCI_Elo (UCI_LimitStrength, Threads 1)",
            "movetime": movetime, "measured": max((record.get("date", "")[:10] for record in games), default=""),
            "load": None if not loads else [min(loads), round(statistics.median(loads), 2), max(loads)],
            "stockfish": sorted({record["stockfish"] for record in games if record.get("stockfish")}),
            "commits": sorted({record.get("commit", "?") for record in games}), "command": command,
            "levels": levels}
    text = json.dumps(data, indent=2) + "\n"
    problem = parse_level_ratings(text, get_game("chess").max_level, str(path)).problem
    if problem:  # never write a file the menu would refuse
        raise SystemExit(f"not written: {problem}")
    path.write_text(text, encoding="utf-8")
    print(f"ratings of {len(levels)} level(s) written to {path}")


def main() -> int:
    """Play what the log lacks, then print the table. Returns the exit code."""
    entry = get_game("chess")
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--levels", type=int, nargs="+", default=list(range(entry.max_level, 0, -1)))
    parser.add_argument("--opponents", nargs="+", default=["sf:1350", "sf:1500", "sf:1800"],
                        help="sf:ELO (Stockfish limited to ELO), level:N (our level N) or level:+K "
                             "(our level K above the one it plays)")
    parser.add_argument("--games", type=int, default=10, help="games per pair of a level and an opponent (even)")
    parser.add_argument("--movetime", type=float, default=0.5, help="seconds a move, both sides")
    parser.add_argument("--log", type=Path, default=Path("chess_elo.jsonl"), help="the games, one JSON line each")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-plies", type=int, default=300, help="plies after the opening before a draw")
    parser.add_argument("--margin", type=float, default=0.5,
                        help="seconds past the time a move after which the move loses on time")
    parser.add_argument("--engine", default=None, help="the command of our engine (default: this tree's)")
    parser.add_argument("--stockfish", default=shutil.which("stockfish") or shutil.which("stockfish", path="/usr/games"))
    parser.add_argument("--report", action="store_true", help="play nothing: print the table from the log")
    parser.add_argument("--markdown", action="store_true", help="also print the table as the README has it")
    parser.add_argument("--write-ratings", type=Path, default=None, help="write the fitted ratings to this file")
    arguments = parser.parse_args()
    try:
        opponents = [parse_opponent(text, entry.max_level) for text in arguments.opponents]
        for level in arguments.levels:
            entry.level(level)
    except ValueError as problem:
        parser.error(str(problem))
    if arguments.movetime <= 0 or arguments.games < 1:
        parser.error("--movetime and --games must be more than 0")
    ours = shlex.split(arguments.engine) if arguments.engine else [sys.executable, str(ROOT / "main.py"), "engine",
                                                                   "--game", "chess"]
    records = read_log(arguments.log)
    if not arguments.report:
        if any(opponent.elo is not None for opponent in opponents) and not arguments.stockfish:
            parser.error("Stockfish is not installed (give --stockfish PATH)")
        play(arguments, opponents, ours, records)
        records = read_log(arguments.log)
    fits = report(records, arguments.movetime)
    if arguments.markdown:
        print()
        print(markdown_table(fits, fit_log(records, arguments.movetime)[1]))
    if arguments.write_ratings is not None:
        command = "bench/chess_elo.py " + " ".join(shlex.quote(word) for word in sys.argv[1:])
        write_ratings(arguments.write_ratings, fits, records, arguments.movetime, command)
    return 0


def play(arguments: argparse.Namespace, opponents: list[Opponent], ours: list[str], records: list[dict]) -> None:
    """Play every game the log lacks, a pair of games per (level, opponent) in turn, so
    that a run stopped early has about as many games of every pair."""
    engines = Engines(ours, arguments.stockfish or "")
    commit = engine_commit(ours)
    try:
        if any(opponent.elo is not None for opponent in opponents):
            lowest, highest = engines.elo_range()
            wrong = [f"sf:{opponent.elo}" for opponent in opponents if opponent.elo is not None
                     and not lowest <= opponent.elo <= highest]
            if wrong:
                raise SystemExit(f"Stockfish accepts UCI_Elo {lowest} to {highest} only (it ignores other values): "
                                 f"{', '.join(wrong)}")
        done = {(r["level"], r["opponent"], r["number"]) for r in records if r.get("movetime") == arguments.movetime}
        games = arguments.games + arguments.games % 2
        queue = [(number, level, opponent.key(level)) for number in range(games) for level in arguments.levels
                 for opponent in opponents if opponent.key(level) is not None]
        queue.sort(key=lambda item: (item[0] // 2, item[1], item[2], item[0]))
        todo = [item for item in queue if (item[1], item[2], item[0]) not in done]
        print(f"{len(queue) - len(todo)} of {len(queue)} games already in {arguments.log}; playing {len(todo)} "
              f"at {arguments.movetime:g} s a move (engine {commit})", flush=True)
        for count, (number, level, opponent) in enumerate(todo, 1):
            record = play_game(engines, level, opponent, number, arguments.seed, arguments.movetime,
                               arguments.max_plies, arguments.margin)
            record["commit"] = commit
            if opponent.startswith("sf:"):
                record["stockfish"] = engines.get(opponent).id.get("name", "?")
            append_log(arguments.log, record)
            print(f"[{count}/{len(todo)}] level {level} vs {opponent} game {number + 1}: "
                  f"{'white' if record['ours_white'] else 'black'} {record['result']} ({record['reason']}, "
                  f"{record['plies']} plies, slowest move {record['slowest_ours']:.2f} s, load {record['load']})",
                  flush=True)
    finally:
        engines.close()


if __name__ == "__main__":
    sys.exit(main())
