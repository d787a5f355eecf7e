"""Levels that do not depend on the computer: the same moves whatever the load.

Two checks through the engine protocol (``main.py engine``), driven as a GUI drives it:

* ``chess``: for each of ``--positions`` positions (``bench/chess_speed.py``'s, then
  every few of Win At Chess) and each level of ``--levels`` (1-7: every level defined by
  its effort), ``ucinewgame``, ``setoption name Level``, ``setoption name Seed``,
  ``position fen ...``, ``go movetime MS``. Prints per level how long the searches took
  (the budget must fit in the time) and, with ``--compare FILE`` (the ``--out`` of an
  earlier run, e.g. on an idle machine), how many moves differ from that run's.
* ``tictactoe``: every position reachable from the start that is not finished (4,520),
  each after ``ucinewgame``, at the strongest level (Perfect), ``go movetime MS``
  (default 20): counts the moves that do not keep the position's game-theoretic value,
  judged by the independent solver of ``tests/tictactoe_oracle.py``.

Run each once on an idle machine and once with the cores taken, e.g.:

    .venv/bin/python bench/level_repeatability.py chess --positions 36 --out /tmp/idle.json
    HOGS=2 ../shared/tools/under_load.sh .venv/bin/python bench/level_repeatability.py chess \\
        --positions 36 --compare /tmp/idle.json
    HOGS=8 ../shared/tools/under_load.sh .venv/bin/python bench/level_repeatability.py tictactoe

The load average is printed at the start and at the end (``/proc/loadavg``, where there is one).
"""
from __future__ import annotations

import argparse
import json
import os
import queue
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tests"))

from chess_speed import POSITIONS  # noqa: E402
from games.registry import get_game  # noqa: E402

WAC = ROOT.parent / "shared" / "data" / "wac.epd"
"""Win At Chess (300 positions), read from the shared folder beside the project (``--epd``
names another file)."""
TIMEOUT = 600.0
"""Seconds without a line from the engine after which it counts as hung."""


class Engine:
    """``main.py engine --game GAME`` in a subprocess, one command at a time."""

    def __init__(self, game: str) -> None:
        self.process = subprocess.Popen([sys.executable, "main.py", "engine", "--game", game], cwd=ROOT,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))

    def send(self, *commands: str) -> None:
        """Send ``commands``, one a line."""
        for command in commands:
            self.process.stdin.write(command + "\n")
        self.process.stdin.flush()

    def until(self, prefix: str) -> list[str]:
        """The lines up to and including the first that starts with ``prefix``."""
        lines = []
        while True:
            line = self.lines.get(timeout=TIMEOUT)
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def search(self, setup: list[str], go: str) -> tuple[str, float, int]:
        """Send ``setup``, wait until it is done, then ``go``: the move, the seconds from
        ``go`` to ``bestmove`` and the nodes of the last completed iteration."""
        self.send(*setup, "isready")
        self.until("readyok")
        start = time.perf_counter()
        self.send(go)
        lines = self.until("bestmove")
        seconds = time.perf_counter() - start
        nodes = 0
        for line in lines:
            words = line.split()
            if line.startswith("info depth") and "nodes" in words:
                nodes = int(words[words.index("nodes") + 1])
        errors = [line for line in lines if line.startswith("info string error")]
        if errors:
            raise RuntimeError(errors[0])
        return lines[-1].split()[1], seconds, nodes

    def close(self) -> None:
        """Quit and wait for the program to end."""
        self.send("quit")
        self.process.wait(timeout=TIMEOUT)


def load() -> str:
    """The load averages, or "unknown"."""
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


def chess_positions(count: int, epd: Path) -> list[str]:
    """``count`` FENs: ``bench/chess_speed.py``'s, then the EPD suite's spread evenly."""
    fens = list(POSITIONS)
    if count > len(fens):
        suite = [" ".join(line.split()[:4]) + " 0 1" for line in epd.read_text().splitlines() if line.strip()]
        step = max(1, len(suite) // (count - len(fens)))
        fens += suite[::step]
    return fens[:count]


def check_chess(arguments: argparse.Namespace) -> None:
    levels = [int(text) for text in arguments.levels.split(",")]
    fens = chess_positions(arguments.positions, Path(arguments.epd))
    entry = get_game("chess")
    for level in levels:
        if entry.level(level).depth is None and entry.level(level).nodes is None:
            print(f"note: level {level} uses its time; its moves are not expected to repeat")
    print(f"chess: {len(fens)} positions, levels {arguments.levels}, Seed {arguments.seed}, "
          f"go movetime {arguments.movetime}; load {load()}")
    engine = Engine("chess")
    engine.send("uci")
    engine.until("uciok")
    moves: dict[str, list[str]] = {}
    for level in levels:
        times, nodes = [], []
        for fen in fens:
            move, seconds, searched = engine.search(
                ["ucinewgame", f"setoption name Level value {level}", f"setoption name Seed value {arguments.seed}",
                 f"position fen {fen}"], f"go movetime {arguments.movetime}")
            moves.setdefault(str(level), []).append(move)
            times.append(seconds)
            nodes.append(searched)
        budget = entry.level(level).nodes
        print(f"level {level} (budget {budget if budget is not None else 'none'}): seconds from go to bestmove "
              f"median {statistics.median(times):.3f}, max {max(times):.3f}; nodes to the deepest completed "
              f"iteration median {statistics.median(nodes):.0f}, max {max(nodes)}", flush=True)
    engine.close()
    print(f"load at the end {load()}")
    if arguments.out:
        Path(arguments.out).write_text(json.dumps({"fens": fens, "moves": moves}, indent=1))
    if arguments.compare:
        earlier = json.loads(Path(arguments.compare).read_text())
        if earlier["fens"] != fens:
            print("the compared run searched other positions")
            return
        total = 0
        for level in levels:
            before = earlier["moves"].get(str(level))
            if before is None:
                print(f"level {level}: not in {arguments.compare}")
                continue
            differ = [index for index, (one, other) in enumerate(zip(before, moves[str(level)])) if one != other]
            total += len(differ)
            where = f" (positions {', '.join(str(index + 1) for index in differ)})" if differ else ""
            print(f"level {level}: {len(differ)} of {len(fens)} moves differ{where}")
        print(f"in all: {total} of {len(fens) * len(levels)} moves differ")


def check_tictactoe(arguments: argparse.Namespace) -> None:
    from tictactoe_oracle import move_results, reachable_states

    entry = get_game("tictactoe")
    states = [state for state in reachable_states() if not state.is_terminal()]
    print(f"tic-tac-toe: {len(states)} positions, level {entry.max_level} ({entry.level(entry.max_level).name}), "
          f"go movetime {arguments.movetime}; load {load()}")
    engine = Engine("tictactoe")
    engine.send("uci")
    engine.until("uciok")
    wrong, times = [], []
    for state in states:
        move, seconds, _ = engine.search(["ucinewgame", f"position fen {state.to_text()}"],
                                         f"go movetime {arguments.movetime}")
        times.append(seconds)
        results = move_results(state)  # each move's exact score for the mover: > 0 won, 0 drawn, < 0 lost
        if _sign(results[state.parse_move(move)]) != _sign(max(results.values())):
            wrong.append(f"{state.to_text()} {move}")
    engine.close()
    print(f"load at the end {load()}")
    print(f"seconds from go to bestmove: median {statistics.median(times):.3f}, max {max(times):.3f}")
    print(f"moves that lose value: {len(wrong)} of {len(states)}" + (f" ({'; '.join(wrong[:10])})" if wrong else ""))


def _sign(score: int) -> int:
    return (score > 0) - (score < 0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=["chess", "tictactoe"])
    parser.add_argument("--positions", type=int, default=36, help="chess positions (default 36)")
    parser.add_argument("--levels", default="1,2,3,4,5,6,7", help="chess levels, comma-separated")
    parser.add_argument("--seed", type=int, default=1, help="the Seed option (default 1)")
    parser.add_argument("--epd", default=str(WAC), help=f"chess positions beyond the first 8 (default {WAC})")
    parser.add_argument("--movetime", type=int, default=None,
                        help="milliseconds per move (default: 1000 for chess, 20 for tic-tac-toe)")
    parser.add_argument("--out", default=None, help="write the chess moves to this JSON file")
    parser.add_argument("--compare", default=None, help="compare the chess moves with an earlier --out file")
    arguments = parser.parse_args()
    if arguments.movetime is None:
        arguments.movetime = 1000 if arguments.game == "chess" else 20
    print(f"{time.strftime('%Y-%m-%d %H:%M')}, {os.cpu_count()} cores, HOGS={os.environ.get('HOGS', 'not set')}")
    (check_chess if arguments.game == "chess" else check_tictactoe)(arguments)


if __name__ == "__main__":
    main()
