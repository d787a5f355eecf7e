"""Tune the chess evaluation's weights on self-play positions (Texel's method); resumable.

    .venv/bin/python training/chess_texel.py --data /work/texel_data/positions.txt --run /work/texel_data/run1
    .venv/bin/python training/chess_texel.py --data /work/texel_data/positions.txt --run /work/texel_data/run1 --export

The data is made by ``training/chess_texel_data.py`` (its docstring has the recipe;
``--data`` takes several files, e.g. runs of it with other seeds or node budgets):
quiet positions of the engine's own games, each labelled with the game's result for
White (1, 0.5, 0). The evaluation ``e`` of a position (White's view, centipawns)
predicts the result through a logistic curve, ``sigmoid(e) = 1 / (1 + 10 ** (-K e / 400))``,
and the tuner looks for the weights that minimise the mean squared error between
prediction and result over all the positions (Peter Österlund's "Texel" tuning):

1. The evaluation is linear in its weights (``games.chess.parameters``: one flat
   vector, and ``coefficients(board)``, each weight's share of a position's score), so
   the positions become one sparse matrix once, and a whole pass over them is two
   matrix products (numpy).
2. ``K`` is fitted first, with the starting weights (a golden-section search), and
   then kept: it sets the scale the weights are measured in. With ``--lambda L`` below
   1 the target is not the bare result but ``L`` x result + (1 - ``L``) x
   ``sigmoid(s)``, ``s`` the score of the search that chose the move in the game (the
   data's fifth column): far less noisy than one game's result, as engines' training
   data usually blends them.
3. The weights move by full-batch gradient steps (Adam, ``--rate`` centipawns a step),
   with a small L2 pull (``--l2``) toward the starting weights, which keeps weights
   the data says little about (a queen on a8 in the middlegame) where they were and
   fixes the level shared by material and piece-square values. The games whose
   number ends in 0 are kept aside (**validation**): their error is printed beside the
   training error, to see that the weights learn chess rather than these games. With
   ``--lambda`` below 1 the validation error against the bare results (``result``) is
   printed too: it is the one that says whether the weights predict games better.
4. **Checkpoints:** ``<run>/checkpoint.json`` (weights, Adam state, step, ``K``) every
   ``--checkpoint-every`` steps, written to a temporary file and renamed; the same
   command resumes from it. ``<run>/log.txt`` gets a line per report.
5. ``--export`` rounds the weights to whole centipawns and writes them to
   ``games/chess/weights.py``, with the data recipe (``<data>.recipe``, written by the
   data script) and the errors, then exits.

``--freeze NAME`` (repeatable) keeps every parameter whose name starts with NAME at
its starting value (e.g. ``--freeze MOBILITY --freeze KING_`` tunes the rest alone).
Needs numpy (a development dependency).
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import chess  # noqa: E402

from games.chess import parameters  # noqa: E402
from training.chess_texel_data import read_positions  # noqa: E402
from training.chess_weights_file import weights_text  # noqa: E402

WEIGHTS_FILE = ROOT / "games" / "chess" / "weights.py"
LN10 = math.log(10.0)


class Positions:
    """Positions as a sparse matrix of coefficients (``parameters.coefficients``) and
    their results: ``rows``, ``columns``, ``values`` (one entry per nonzero), ``results``
    (White's, 0..1: what ``error`` compares the predictions with; ``blend`` may replace
    them), ``scores`` (the data's search scores for White, NaN where unknown), ``count``."""

    def __init__(self, boards: list[chess.Board], results: list[float],
                 scores: list[float | None] | None = None) -> None:
        rows, columns, values = [], [], []
        for row, board in enumerate(boards):
            for column, value in parameters.coefficients(board).items():
                rows.append(row)
                columns.append(column)
                values.append(value)
        self.rows = np.asarray(rows, dtype=np.int64)
        self.columns = np.asarray(columns, dtype=np.int64)
        self.values = np.asarray(values, dtype=np.float64)
        self.results = np.asarray(results, dtype=np.float64)
        self.game_results = self.results.copy()
        self.search_scores = np.asarray([np.nan if score is None else score for score in scores or [None] * len(boards)],
                                        dtype=np.float64)
        self.count = len(boards)

    def blend(self, weight: float, k: float) -> None:
        """Compare the predictions with ``weight`` x the game's result + (1 - ``weight``)
        x the search score's predicted result (``sigmoid(score, k)``) where the data has a
        score, and with the result alone elsewhere."""
        known = ~np.isnan(self.search_scores)
        searched = sigmoid(np.nan_to_num(self.search_scores), k)
        self.results = np.where(known, weight * self.game_results + (1.0 - weight) * searched, self.game_results)

    def scores(self, weights: np.ndarray) -> np.ndarray:
        """Every position's evaluation (White's view, centipawns) with ``weights``."""
        return np.bincount(self.rows, weights=self.values * weights[self.columns], minlength=self.count)

    def error(self, weights: np.ndarray, k: float) -> float:
        """The mean squared error of the predicted results (against the targets)."""
        return float(np.mean((self.results - sigmoid(self.scores(weights), k)) ** 2))

    def result_error(self, weights: np.ndarray, k: float) -> float:
        """The mean squared error of the predicted results against the games' results
        alone (whatever ``blend`` did to the targets)."""
        return float(np.mean((self.game_results - sigmoid(self.scores(weights), k)) ** 2))

    def gradient(self, weights: np.ndarray, k: float) -> np.ndarray:
        """The gradient of ``error`` with respect to the weights."""
        predicted = sigmoid(self.scores(weights), k)
        per_row = -2.0 * (self.results - predicted) * predicted * (1.0 - predicted) * (LN10 * k / 400.0)
        return np.bincount(self.columns, weights=self.values * per_row[self.rows],
                           minlength=len(weights)) / self.count


def sigmoid(scores: np.ndarray, k: float) -> np.ndarray:
    """The predicted result (0..1) of White for evaluations ``scores``."""
    return 1.0 / (1.0 + np.power(10.0, -k * np.clip(scores, -4000, 4000) / 400.0))


def fit_k(positions: Positions, weights: np.ndarray, low: float = 0.1, high: float = 4.0) -> float:
    """The ``K`` that minimises ``positions.error`` with ``weights`` (golden-section
    search on [low, high]; the error is unimodal in K)."""
    ratio = (math.sqrt(5.0) - 1.0) / 2.0
    a, b = low, high
    c, d = b - ratio * (b - a), a + ratio * (b - a)
    error_c, error_d = positions.error(weights, c), positions.error(weights, d)
    while b - a > 1e-4:
        if error_c < error_d:
            b, d, error_d = d, c, error_c
            c = b - ratio * (b - a)
            error_c = positions.error(weights, c)
        else:
            a, c, error_c = c, d, error_d
            d = a + ratio * (b - a)
            error_d = positions.error(weights, d)
    return (a + b) / 2.0


def tune(positions: Positions, start: np.ndarray, k: float, steps: int, rate: float = 1.0, l2: float = 0.0,
         frozen: np.ndarray | None = None, state: dict | None = None,
         report=None, every: int = 100) -> tuple[np.ndarray, dict]:
    """Adam steps on ``positions.error`` plus ``l2 * sum((w - start) ** 2)`` from
    ``state`` (``{"weights", "first", "second", "step"}``, or a fresh start at ``start``)
    up to step ``steps``; ``frozen`` marks weights that stay. ``report(state)`` is
    called every ``every`` steps. Returns the weights and the state to resume from."""
    if state is None:
        state = {"weights": start.copy(), "first": np.zeros_like(start), "second": np.zeros_like(start), "step": 0}
    weights, first, second = state["weights"], state["first"], state["second"]
    moving = np.ones_like(start) if frozen is None else (~frozen).astype(np.float64)
    beta1, beta2, epsilon = 0.9, 0.999, 1e-12
    while state["step"] < steps:
        state["step"] += 1
        step = state["step"]
        gradient = positions.gradient(weights, k) + 2.0 * l2 * (weights - start)
        first *= beta1
        first += (1.0 - beta1) * gradient
        second *= beta2
        second += (1.0 - beta2) * gradient * gradient
        corrected_first = first / (1.0 - beta1 ** step)
        corrected_second = second / (1.0 - beta2 ** step)
        weights -= rate * moving * corrected_first / (np.sqrt(corrected_second) + epsilon)
        if report is not None and (step % every == 0 or step == steps):
            report(state)
    return weights, state


def load(data: Path | list[Path], validation_every: int = 10) -> tuple[Positions, Positions, int]:
    """Training and validation positions of one or more data files (games whose number
    ``% 10 == 0`` are the validation set, in every file) and the number of games."""
    files = data if isinstance(data, list) else [data]
    boards: tuple[list, list] = ([], [])
    results: tuple[list, list] = ([], [])
    scores: tuple[list, list] = ([], [])
    games = 0
    for path in files:
        for fen, result, game, score in read_positions(path):
            part = 1 if game % validation_every == 0 else 0
            boards[part].append(chess.Board(fen))
            results[part].append(result)
            scores[part].append(score)
        games += sum(1 for line in open(path, encoding="utf-8") if line.startswith("# game "))
    return Positions(boards[0], results[0], scores[0]), Positions(boards[1], results[1], scores[1]), games


def _save(path: Path, content: dict) -> None:
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(content), encoding="utf-8")
    os.replace(temporary, path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", required=True, nargs="+", help="positions files of training/chess_texel_data.py")
    parser.add_argument("--run", required=True, help="folder for the checkpoint and the log")
    parser.add_argument("--steps", type=int, default=3000)
    parser.add_argument("--rate", type=float, default=1.0, help="Adam's step, centipawns")
    parser.add_argument("--l2", type=float, default=1e-7, help="pull toward the starting weights, per centipawn squared")
    parser.add_argument("--freeze", action="append", default=[], help="keep parameters named so (a prefix)")
    parser.add_argument("--lambda", dest="blend", type=float, default=1.0,
                        help="weight of the game's result in the target; the rest is the search score's")
    parser.add_argument("--checkpoint-every", type=int, default=100)
    parser.add_argument("--export", action="store_true", help="write games/chess/weights.py and exit")
    arguments = parser.parse_args()
    run = Path(arguments.run)
    run.mkdir(parents=True, exist_ok=True)
    checkpoint_path = run / "checkpoint.json"
    log = open(run / "log.txt", "a", encoding="utf-8")
    began = time.monotonic()

    def say(text: str) -> None:
        print(text, flush=True)
        log.write(text + "\n")
        log.flush()

    checkpoint = json.loads(checkpoint_path.read_text(encoding="utf-8")) if checkpoint_path.exists() else None
    start = np.asarray(checkpoint["start"] if checkpoint else parameters.get_parameters(), dtype=np.float64)
    say(f"loading {' '.join(arguments.data)} ...")
    training, validation, games = load([Path(name) for name in arguments.data])
    say(f"{games} games: {training.count} training positions, {validation.count} validation positions, "
        f"{len(start)} parameters ({time.monotonic() - began:.0f} s)")
    if checkpoint:
        k = checkpoint["k"]
        state = {"weights": np.asarray(checkpoint["weights"]), "first": np.asarray(checkpoint["first"]),
                 "second": np.asarray(checkpoint["second"]), "step": checkpoint["step"]}
    else:
        k = fit_k(training, start)
        state = None
        say(f"K = {k:.4f}: error {training.error(start, k):.6f} (validation {validation.error(start, k):.6f})")
    if arguments.blend < 1.0:
        for positions in (training, validation):
            positions.blend(arguments.blend, k)
        say(f"targets: {arguments.blend} x result + {1 - arguments.blend:.2f} x sigmoid(search score); error "
            f"{training.error(start, k):.6f} (validation {validation.error(start, k):.6f})")
    frozen = np.array([any(name.startswith(prefix) for prefix in arguments.freeze) for name in parameters.NAMES])

    def save(current: dict) -> None:
        _save(checkpoint_path, {"start": start.tolist(), "k": k, "weights": current["weights"].tolist(),
                                "first": current["first"].tolist(), "second": current["second"].tolist(),
                                "step": current["step"], "freeze": arguments.freeze, "l2": arguments.l2,
                                "lambda": arguments.blend})

    def report(current: dict) -> None:
        weights = current["weights"]
        against_results = f", against the results {validation.result_error(weights, k):.6f}" \
            if arguments.blend < 1.0 else ""
        say(f"step {current['step']}: error {training.error(weights, k):.6f} "
            f"(validation {validation.error(weights, k):.6f}{against_results}), {time.monotonic() - began:.0f} s")
        if current["step"] % arguments.checkpoint_every == 0:
            save(current)

    if arguments.export:
        weights = np.round(state["weights"] if state else start)
        export(weights, k, arguments, games, training, validation, start, state["step"] if state else 0)
        say(f"wrote {WEIGHTS_FILE}")
        return
    weights, state = tune(training, start, k, arguments.steps, arguments.rate, arguments.l2, frozen, state, report,
                          every=min(50, arguments.checkpoint_every))
    save(state)


def export(weights: np.ndarray, k: float, arguments: argparse.Namespace, games: int, training: Positions,
           validation: Positions, start: np.ndarray, steps: int) -> None:
    """Write ``weights`` (rounded) into ``games/chess/weights.py`` with the recipe."""
    recipes = []
    for name in arguments.data:
        recipe_path = Path(str(name) + ".recipe")
        recipes.append(recipe_path.read_text(encoding="utf-8").strip() if recipe_path.exists() else "(no recipe file)")
    recipe = "\n      ".join(dict.fromkeys(recipes))
    header = f"""The chess evaluation's weights, in centipawns, as (middlegame, endgame) pairs.

Tuned by ``training/chess_texel.py`` (Texel's method; see its docstring) and written by
its ``--export``; read by ``games.chess.psqt`` and ``games.chess.evaluation``, seen as one
flat vector by ``games.chess.parameters``. Do not edit by hand: tune again instead.

Data: {recipe}
{games} games, {training.count} training and {validation.count} validation positions.
Tuning: K = {k:.4f}, target {arguments.blend} x the game's result + {1 - arguments.blend:.2f} x the search's
predicted result, {steps} Adam steps of {arguments.rate} centipawns, L2 pull {arguments.l2} toward the
previous weights{', frozen: ' + ', '.join(arguments.freeze) if arguments.freeze else ''}.
Mean squared error, training {training.error(start, k):.6f} -> {training.error(weights, k):.6f}, validation
{validation.error(start, k):.6f} -> {validation.error(weights, k):.6f} (against the bare results
{validation.result_error(start, k):.6f} -> {validation.result_error(weights, k):.6f})."""
    parameters.set_parameters(weights.tolist())
    WEIGHTS_FILE.write_text(weights_text(parameters.weight_constants(), header), encoding="utf-8")


if __name__ == "__main__":
    main()
