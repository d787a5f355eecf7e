"""Positions for tuning the chess evaluation: the engine's own self-play games, kept
where they are quiet and labelled with the game's result; resumable.

    .venv/bin/python training/chess_texel_data.py --out /work/texel_data/positions.txt --games 2000

The recipe (everything is seeded, so the same command rebuilds the same file):

* **Games.** Game ``g`` starts from a named opening position of ``books/openings.tsv``
  (lichess's list, about 3,800 positions) drawn by a ``random.Random(f"{seed}:{g}")``
  and ``--random-plies`` (default 0-2, drawn too) random legal moves after it; then the
  engine (the strongest level's search, no book, a fresh transposition table each
  game) plays both sides with ``--nodes`` nodes a move (default 500). A node budget,
  not a clock, so a game is the same whatever the machine's load.
* **End.** Checkmate, stalemate and the automatic draws of the rules; a claimable draw
  (threefold repetition, the 50-move rule) is taken; ``--max-plies`` (default 300)
  ends a game as a draw. A game is **adjudicated** won when the searches of both
  sides agree that one side is ``ADJUDICATE_SCORE`` centipawns ahead for
  ``ADJUDICATE_PLIES`` plies running (the result is then that side's win, and the
  game stops there).
* **Positions kept** (``quiet``): from the ``--skip-plies``-th ply on (default 8: the
  opening is not the evaluation's business), up to the ply where the adjudicated run
  began, the positions that are not in check and where no capture or promotion does
  better than standing pat: a quiescence search (all legal captures and promotions,
  alpha-beta, from the side to move) returns the static evaluation itself.
* **Label:** the game's result for White: 1, 0.5 or 0; and, beside it, the score of the
  search that chose the move played in the position (White's view, centipawns; the
  tuner may blend the two, ``training/chess_texel.py --lambda``).

**Both cores:** games are played by a process pool (``--workers``, default 2), each
task one game. **Output:** one line per kept position,
``FEN<TAB>result<TAB>game<TAB>ply<TAB>search score`` (files of an earlier version have no score),
and after each game's positions a line ``# game <g> <result> <plies> <kept> <reason>``.
Games are written whole, in the order they finish; an interrupted run is resumed by
running the same command again: the file is cut after its last complete game and the
games already there are not played again. ``<out>.recipe`` records the command's
settings (the tuner copies it beside the weights). The data need not be committed: this script
rebuilds it.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import chess  # noqa: E402

from ai.engine import Engine  # noqa: E402
from ai.types import SearchLimits, SearchOptions  # noqa: E402
from games.chess.evaluation import evaluate_board  # noqa: E402
from games.chess.openings import books_folder  # noqa: E402
from games.chess.rules import ChessState  # noqa: E402
from games.registry import get_game  # noqa: E402

ADJUDICATE_SCORE = 1000
"""Centipawns (from the side ahead's view) that both sides' searches must agree on ..."""
ADJUDICATE_PLIES = 4
"""... for this many plies running to adjudicate the game won."""
_PIECE_ORDER = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9, chess.KING: 0}


def _static(board: chess.Board) -> int:
    """``evaluate_board`` from the side to move's point of view."""
    score = evaluate_board(board)
    return score if board.turn == chess.WHITE else -score


def _noisy_moves(board: chess.Board) -> list[chess.Move]:
    """Legal captures and promotions, most valuable victim first."""
    moves = [move for move in board.generate_legal_moves() if move.promotion or board.is_capture(move)]

    def key(move: chess.Move) -> int:
        victim = board.piece_type_at(move.to_square) or chess.PAWN if board.is_capture(move) else 0
        return 10 * _PIECE_ORDER.get(victim, 0) + (9 if move.promotion else 0) \
            - _PIECE_ORDER[board.piece_type_at(move.from_square)]

    moves.sort(key=key, reverse=True)
    return moves


def quiescence(board: chess.Board, alpha: int, beta: int) -> int:
    """Fail-soft alpha-beta quiescence value of ``board`` from the side to move's view,
    in centipawns: the better of standing pat (the static evaluation) and every legal
    capture or promotion followed by the same. ``board`` is restored on return; a
    position in check is scored by standing pat too (only its captures are tried)."""
    best = _static(board)
    if best >= beta:
        return best
    alpha = max(alpha, best)
    for move in _noisy_moves(board):
        board.push(move)
        value = -quiescence(board, -beta, -alpha)
        board.pop()
        if value > best:
            best = value
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    break
    return best


def is_quiet(board: chess.Board) -> bool:
    """Whether ``board`` is a quiet position for tuning: the side to move is not in
    check and no capture or promotion does better than the static evaluation (the
    quiescence value with a window just above it equals standing pat)."""
    if board.is_check():
        return False
    stand = _static(board)
    return quiescence(board.copy(stack=False), stand, stand + 1) <= stand


def opening_positions() -> list[str]:
    """The EPDs of ``books/openings.tsv``, in the file's order."""
    lines = (books_folder() / "openings.tsv").read_text(encoding="utf-8").splitlines()
    return [line.split("\t")[0] for line in lines if line and not line.startswith("#") and not line.startswith("epd")]


def play_game(task: tuple[int, int, int, int, int, tuple[int, int]]) -> tuple[int, str, int, str, list[str]]:
    """Play game ``g`` of the recipe (see the module docstring); returns ``(g, result
    for White as "1"/"0.5"/"0", plies played, why it ended, kept lines)``."""
    number, seed, nodes, skip_plies, max_plies, random_plies = task
    rng = random.Random(f"{seed}:{number}")
    openings = opening_positions()
    board = chess.Board(openings[rng.randrange(len(openings))] + " 0 1")
    for _ in range(rng.randint(*random_plies)):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
    state = ChessState(board.copy(stack=False))
    engine = Engine.for_entry(get_game("chess"), SearchOptions(use_book=False), seed=number)
    positions: list[tuple[str, int, bool, int]] = []  # (fen, ply, quiet, White's search score)
    run_sign, run_start, run_length = 0, 0, 0
    result, reason, decided_at = "0.5", "", None
    ply = 0
    while True:
        outcome = state.outcome()
        if outcome is not None:
            result = "0.5" if outcome.winner is None else ("1" if outcome.winner == 0 else "0")
            reason = outcome.reason
            break
        if state.draw_claim():
            reason = state.draw_claim()
            break
        if ply >= max_plies:
            reason = "maximum plies"
            break
        found = engine.search(state, SearchLimits(nodes=nodes))
        score = found.infos[-1].score.value if found.infos else 0
        white_score = score if state.board.turn == chess.WHITE else -score
        sign = (white_score >= ADJUDICATE_SCORE) - (white_score <= -ADJUDICATE_SCORE)
        if sign and sign == run_sign:
            run_length += 1
        else:
            run_sign, run_start, run_length = sign, ply, 1 if sign else 0
        if ply >= skip_plies:
            positions.append((state.board.fen(), ply, is_quiet(state.board), white_score))
        if run_sign and run_length >= ADJUDICATE_PLIES:
            result, reason, decided_at = ("1" if run_sign > 0 else "0"), "adjudicated", run_start
            break
        state = state.apply(found.move)
        ply += 1
    kept = [f"{fen}\t{result}\t{number}\t{at}\t{score}" for fen, at, quiet, score in positions
            if quiet and (decided_at is None or at < decided_at)]
    return number, result, ply, reason, kept


def completed_games(path: Path) -> set[int]:
    """The games already in ``path``; the file is cut after its last complete game."""
    if not path.exists():
        return set()
    text = path.read_text(encoding="utf-8")
    end = text.rfind("\n# game ")
    if text.startswith("# game "):
        end = max(end, 0)
    if end < 0:
        path.write_text("", encoding="utf-8")
        return set()
    end = text.index("\n", end + 1) + 1 if "\n" in text[end + 1:] else len(text)
    if end < len(text):
        path.write_text(text[:end], encoding="utf-8")
        text = text[:end]
    return {int(line.split()[2]) for line in text.splitlines() if line.startswith("# game ")}


def read_positions(path: Path | str) -> Iterator[tuple[str, float, int, int | None]]:
    """``(FEN, result for White, game number, search score for White or None)`` of every
    kept position of a data file."""
    with open(path, encoding="utf-8") as stream:
        for line in stream:
            if line.strip() and not line.startswith("#"):
                fen, result, game, _, *score = line.rstrip("\n").split("\t")
                yield fen, float(result), int(game), (int(score[0]) if score else None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True, help="data file (outside git), appended to and resumed")
    parser.add_argument("--games", type=int, default=2000, help="games in all (game numbers 0 .. games-1)")
    parser.add_argument("--nodes", type=int, default=500, help="search nodes per move")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skip-plies", type=int, default=8)
    parser.add_argument("--max-plies", type=int, default=300)
    parser.add_argument("--random-plies", type=int, nargs=2, default=(0, 2), metavar=("LOW", "HIGH"))
    parser.add_argument("--workers", type=int, default=2)
    arguments = parser.parse_args()
    path = Path(arguments.out)
    path.parent.mkdir(parents=True, exist_ok=True)
    recipe = Path(str(path) + ".recipe")
    if not recipe.exists():
        recipe.write_text(f"training/chess_texel_data.py --games {arguments.games} --nodes {arguments.nodes} "
                          f"--seed {arguments.seed} --skip-plies {arguments.skip_plies} --max-plies "
                          f"{arguments.max_plies} --random-plies {arguments.random_plies[0]} "
                          f"{arguments.random_plies[1]}\n", encoding="utf-8")
    done = completed_games(path)
    tasks = [(number, arguments.seed, arguments.nodes, arguments.skip_plies, arguments.max_plies,
              tuple(arguments.random_plies)) for number in range(arguments.games) if number not in done]
    print(f"{len(done)} games done, {len(tasks)} to play; {arguments.nodes} nodes a move, seed {arguments.seed}",
          flush=True)
    start = time.monotonic()
    kept_total = 0
    with ProcessPoolExecutor(arguments.workers) as pool, open(path, "a", encoding="utf-8") as out:
        for index, (number, result, plies, reason, kept) in enumerate(pool.map(play_game, tasks, chunksize=1), 1):
            out.write("".join(line + "\n" for line in kept) + f"# game {number} {result} {plies} {len(kept)} "
                      f"{reason.replace(' ', '_')}\n")
            out.flush()
            os.fsync(out.fileno())
            kept_total += len(kept)
            if index % 10 == 0 or index == len(tasks):
                hours = (time.monotonic() - start) / 3600
                print(f"{index}/{len(tasks)} games, {kept_total} positions kept, {hours:.2f} h", flush=True)


if __name__ == "__main__":
    main()
