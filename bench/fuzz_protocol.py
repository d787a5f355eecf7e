"""Fuzz the engine protocol: thousands of random and mutated commands into ``main.py engine``.

Each session starts the engine in a subprocess and writes random commands (valid ones,
random words, huge and negative numbers, bytes that are not UTF-8, random legal and
illegal moves, go/stop/quit interleavings), sometimes all at once, sometimes in chunks
with pauses so that they meet running searches; then ``quit`` or the end of input.
It checks what docs/protocol.md promises:

* nothing on stderr (no traceback) and exit code 0;
* every ``go`` that was read (before ``quit``) and not refused (``info string error: go: ...``)
  got exactly one ``bestmove``;
* every output line is UTF-8 and of a known form (``bestmove <move> [ponder <move>]``);
* the engine exits soon after the end of input: within 2 s plus the 1 s grace for each
  search still unfinished then.

    .venv/bin/python bench/fuzz_protocol.py [--commands 5000] [--sessions 25] [--seed 1]

Prints the totals and every problem found; exit code 1 if there were problems.
"""
from __future__ import annotations

import argparse
import random
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.tictactoe.rules import TicTacToe  # noqa: E402

GAME = TicTacToe()
SQUARES = [f"{column}{row}" for row in "123" for column in "abc"]
WORDS = ["uci", "isready", "ucinewgame", "setoption", "position", "go", "stop", "ponderhit", "d", "help",
         "quit", "name", "value", "startpos", "fen", "moves", "depth", "movetime", "wtime", "btime", "winc",
         "binc", "movestogo", "nodes", "mate", "infinite", "ponder", "searchmoves", "Algorithm", "Level",
         "minimax", "pvs", "true", "false", "debug", "register", "-", "0", "-1", "9" * 30, "X.O/.X./O..", ""]
GO_NUMBERS = ["depth", "movetime", "wtime", "btime", "winc", "binc", "movestogo", "nodes", "mate"]
KNOWN_PREFIXES = ("id name ", "id author ", "option name ", "uciok", "readyok", "info ", "bestmove ",
                  "Position: ", "1 ", "2 ", "3 ", "  a b c")
GRACE = 1.0


@dataclass
class Report:
    """Totals over all sessions, and the problems found (empty: all promises kept)."""

    sessions: int = 0
    commands: int = 0
    commands_read: int = 0
    quits: int = 0
    gos_read: int = 0
    gos_refused: int = 0
    bestmoves: int = 0
    error_lines: int = 0
    output_lines: int = 0
    longest_exit: float = 0.0
    seconds: float = 0.0
    problems: list[str] = field(default_factory=list)

    @property
    def gos_accepted(self) -> int:
        """``go`` commands read and not refused: each must get one ``bestmove``."""
        return self.gos_read - self.gos_refused


# -- commands -----------------------------------------------------------------------
def _playout(rng: random.Random, length: int) -> list[str]:
    state, moves = GAME.initial_state(), []
    while len(moves) < length and not state.is_terminal():
        move = rng.choice(state.legal_moves())
        moves.append(state.move_to_text(move))
        state = state.apply(move)
    return moves


def _number(rng: random.Random, low: int, high: int) -> str:
    roll = rng.random()
    if roll < 0.05:
        return rng.choice(["1" + "0" * 400, "-" + "9" * 400, "1" + "0" * 5000, "0" * 50 + "7"])
    if roll < 0.10:
        return str(rng.randint(-5, 0))
    if roll < 0.12:
        return rng.choice(["x", "1.5", "+3", "--2", "\u00b2", "1e9"])
    return str(rng.randint(low, high))


def _go(rng: random.Random) -> str:
    words = ["go"]
    for _ in range(rng.choice([0, 1, 1, 2, 2, 3, 4])):
        kind = rng.random()
        if kind < 0.30:
            words += ["depth", _number(rng, 1, 6)]
        elif kind < 0.42:
            words += ["movetime", _number(rng, 1, 40)]
        elif kind < 0.52:
            words += ["nodes", _number(rng, 1, 3000)]
        elif kind < 0.58:
            words += ["mate", _number(rng, 1, 4)]
        elif kind < 0.72:
            words += ["wtime", _number(rng, 0, 3000), "btime", _number(rng, 0, 3000)]
            if rng.random() < 0.5:
                words += ["winc", _number(rng, 0, 100), "binc", _number(rng, 0, 100)]
            if rng.random() < 0.3:
                words += ["movestogo", _number(rng, 1, 40)]
        elif kind < 0.80:
            words.append("infinite")
        elif kind < 0.88:
            words += ["searchmoves", *rng.sample(SQUARES, rng.randint(0, 3))]
        elif kind < 0.92:
            words.append("ponder")
        else:
            words.append(rng.choice(WORDS))
    if len(words) == 1 and rng.random() < 0.7:
        words += ["depth", str(rng.randint(1, 5))]  # bare "go" (a full search) less often
    return " ".join(words)


def _position(rng: random.Random) -> str:
    moves = _playout(rng, rng.randint(0, 9))
    roll = rng.random()
    if roll < 0.1:
        moves.append(rng.choice(SQUARES))  # often taken, or after the end of the game
    elif roll < 0.15:
        moves.append(rng.choice(["z9", "a0", "A1", "", "b2b2"]))
    if rng.random() < 0.3:
        state = GAME.initial_state()
        for text in moves[: rng.randint(0, len(moves))]:
            try:
                state = state.play(text)
            except ValueError:
                break
        fen = state.to_text()
        if rng.random() < 0.2:
            fen = "".join(rng.choice("XO./x?") if rng.random() < 0.2 else char for char in fen)
        return f"position fen {fen}" + (" moves " + " ".join(_playout(rng, 2)) if rng.random() < 0.3 else "")
    return "position startpos" + (" moves " + " ".join(moves) if moves or rng.random() < 0.2 else "")


def _setoption(rng: random.Random) -> str:
    name, values = rng.choice([
        ("Algorithm", ["alphabeta", "negamax", "pvs", "PVS", "alpha-beta", "minimax", "expectiminimax", "bogo"]),
        ("Level", ["1", "2", "3", "4", "5", "0", "6", "-1", "1" + "0" * 5000, "x"]),
        ("TranspositionTable", ["true", "false", "maybe"]),
        ("KillerMoves", ["true", "false"]),
        ("HistoryHeuristic", ["true", "false", ""]),
        ("Ponder", ["true", "false", "maybe"]),
        ("Colour", ["red"]),
    ])
    if rng.random() < 0.1:
        return rng.choice(["setoption", "setoption name", f"setoption name {name}", f"setoption value {name}"])
    return f"setoption name {name} value {rng.choice(values)}"


def _mutate(rng: random.Random, line: bytes) -> bytes:
    data = bytearray(line)
    for _ in range(rng.randint(1, 3)):
        roll = rng.random()
        position = rng.randint(0, len(data))
        if roll < 0.3:
            data[position:position] = bytes([rng.choice([0x00, 0x80, 0xC3, 0xFF, 0xFE, 0x81, 0x1B, 0x0D, 0x09,
                                                         0x0B, 0x0C, 0x85, 0xA0, 0x7F])])
        elif roll < 0.5 and data:
            del data[min(position, len(data) - 1)]
        elif roll < 0.7:
            data[position:position] = rng.choice(WORDS).encode() + b" "
        elif roll < 0.8:
            data[position:position] = "\u2028\ufffd\u00e9\U0001F600".encode()[rng.randint(0, 3):]
        else:
            data = data.upper() if rng.random() < 0.5 else data[: position]
    return bytes(data).replace(b"\n", b" ")


def random_command(rng: random.Random) -> bytes:
    """One command line (without its newline), possibly malformed."""
    roll = rng.random()
    if roll < 0.20:
        line = _go(rng)
    elif roll < 0.34:
        line = _position(rng)
    elif roll < 0.44:
        line = "stop"
    elif roll < 0.52:
        line = rng.choice(["isready", "isready", "d", "uci", "help", "ponderhit", "ucinewgame"])
    elif roll < 0.58:
        line = _setoption(rng)
    elif roll < 0.64:
        line = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 6)))
    elif roll < 0.67:
        return bytes(rng.randrange(256) for _ in range(rng.randint(1, 20))).replace(b"\n", b"")
    elif roll < 0.70:
        return rng.choice([b"", b"   ", b"\t", b"\r", b"go infinite\r", b"stop\r"])
    elif roll < 0.72:
        return rng.choice([b"go infinite", b"stop", b"go depth 3", b"stop", b"go"])
    elif roll < 0.73:
        return b"go depth " + b"9" * rng.choice([20, 400, 5000, 100_000])
    else:
        return _mutate(rng, random_command(rng))
    return line.encode()


# -- one session ----------------------------------------------------------------------
def _first_word(line: bytes) -> str:
    words = line.decode("utf-8", errors="replace").split()
    return words[0] if words else ""


def run_session(rng: random.Random, count: int, report: Report) -> None:
    """Write ``count`` random commands (then maybe ``quit``) into a fresh engine and check it."""
    lines = [random_command(rng) for _ in range(count)]
    if rng.random() < 0.4:
        lines.append(b"quit")
    pacing = random.Random(rng.random())  # its own generator: the commands must not depend on timing
    read = []
    for line in lines:
        read.append(line)
        if _first_word(line) == "quit":
            break
    report.sessions += 1
    report.commands += len(lines)
    report.commands_read += len(read)
    report.quits += _first_word(read[-1]) == "quit" if read else 0
    gos = sum(_first_word(line) == "go" for line in read)
    report.gos_read += gos

    process = subprocess.Popen([sys.executable, "main.py", "engine", "--game", "tictactoe"], cwd=ROOT,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    output: list[tuple[float, bytes]] = []
    errors: list[bytes] = []
    readers = [threading.Thread(target=lambda: output.extend((time.monotonic(), line) for line in process.stdout)),
               threading.Thread(target=lambda: errors.append(process.stderr.read()))]
    for reader in readers:
        reader.start()
    paced = pacing.random() < 0.5
    try:
        index = 0
        while index < len(lines):
            chunk = pacing.randint(1, 40) if paced else len(lines)
            process.stdin.write(b"".join(line + b"\n" for line in lines[index:index + chunk]))
            process.stdin.flush()
            index += chunk
            if paced:
                time.sleep(pacing.choice([0.0, 0.001, 0.01, 0.05]))
    except BrokenPipeError:
        pass  # the engine read "quit" and has gone
    try:
        process.stdin.close()
    except BrokenPipeError:
        pass
    closed_at = time.monotonic()
    try:
        code = process.wait(timeout=120)
    except subprocess.TimeoutExpired:
        process.kill()
        code = process.wait()
        report.problems.append(f"session {report.sessions}: hung (killed after 120 s)")
    exited_at = time.monotonic()
    for reader in readers:
        reader.join()
    _check(report, read, gos, output, b"".join(errors), code, closed_at, exited_at)


def _check(report: Report, read: list[bytes], gos: int, output: list[tuple[float, bytes]], stderr: bytes,
           code: int, closed_at: float, exited_at: float) -> None:
    where = f"session {report.sessions}"
    texts = []
    for _, raw in output:
        try:
            texts.append(raw.decode("utf-8").rstrip("\n"))
        except UnicodeDecodeError:
            report.problems.append(f"{where}: output is not UTF-8: {raw[:80]!r}")
    report.output_lines += len(texts)
    if stderr:
        report.problems.append(f"{where}: stderr: {stderr.decode(errors='replace')[-2000:]}")
    if code != 0:
        report.problems.append(f"{where}: exit code {code}")
    refused = sum(text.startswith("info string error: go: ") for text in texts)
    bestmoves = [text for text in texts if text.startswith("bestmove ")]
    report.gos_refused += refused
    report.bestmoves += len(bestmoves)
    report.error_lines += sum(text.startswith("info string error:") for text in texts)
    if len(bestmoves) != gos - refused:
        report.problems.append(f"{where}: {gos} go read, {refused} refused, but {len(bestmoves)} bestmove")
    for text in texts:
        if not text.startswith(KNOWN_PREFIXES):
            report.problems.append(f"{where}: unexpected line {text[:100]!r}")
        elif text.startswith("bestmove ") and not _well_formed_bestmove(text):
            report.problems.append(f"{where}: malformed {text[:100]!r}")
    done_before_eof = sum(1 for at, raw in output if at <= closed_at and raw.startswith((b"bestmove ",
                                                                                        b"info string error: go: ")))
    unfinished = max(0, gos - done_before_eof)
    exit_time = exited_at - closed_at
    report.longest_exit = max(report.longest_exit, exit_time)
    if exit_time > 2.0 + GRACE * 1.05 * unfinished:
        report.problems.append(f"{where}: exited {exit_time:.1f} s after the end of input "
                               f"({unfinished} searches were unfinished then)")


def _well_formed_bestmove(text: str) -> bool:
    """``bestmove <square>``, ``bestmove (none)`` or ``bestmove <square> ponder <square>``."""
    words = text.split()[1:]
    if len(words) == 3 and words[1] == "ponder":
        return words[0] in SQUARES and words[2] in SQUARES
    return len(words) == 1 and words[0] in (*SQUARES, "(none)")


def fuzz(commands: int = 5000, seed: int = 1, sessions: int = 25) -> Report:
    """Run ``sessions`` engine sessions with ``commands`` random commands in all."""
    rng = random.Random(seed)
    report = Report()
    started = time.monotonic()
    for number in range(sessions):
        share = commands // sessions + (1 if number < commands % sessions else 0)
        run_session(rng, share, report)
    report.seconds = time.monotonic() - started
    return report


def main() -> int:
    """The command line: run the fuzz, print the totals and problems; exit code 1 on problems."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commands", type=int, default=5000, help="random commands in all (default 5000)")
    parser.add_argument("--sessions", type=int, default=25, help="engine processes (default 25)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    arguments = parser.parse_args()
    report = fuzz(arguments.commands, arguments.seed, arguments.sessions)
    print(f"sessions {report.sessions}, commands written {report.commands}, read {report.commands_read} "
          f"({report.quits} sessions ended by quit)")
    print(f"go read {report.gos_read}: refused {report.gos_refused}, accepted {report.gos_accepted}, "
          f"bestmove lines {report.bestmoves}")
    print(f"output lines {report.output_lines}, error lines {report.error_lines}, "
          f"longest exit after end of input {report.longest_exit:.2f} s, total {report.seconds:.1f} s")
    print(f"problems: {len(report.problems)}")
    for problem in report.problems:
        print("  " + problem)
    return 1 if report.problems else 0


if __name__ == "__main__":
    sys.exit(main())
