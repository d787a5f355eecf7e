"""Fit the linear screen (``games/backgammon/screen.py``) to the shipped contact network.

    .venv/bin/python training/backgammon_screen.py [--decisions 6000] [--holdout 1500]
        [--seed 1] [--ridge 1.0] [--out games/backgammon/data/screen.json]

The data is the project's own: games of 0-ply self-play with the shipped networks (each
turn the play the networks like best; dice from ``random.Random(seed)``). At every turn
whose plays all lead to contact positions, each play's position is kept with the contact
network's cubeless equity for the side then on roll. The screen's weights are the ridge
regression of those equities on the raw board's input units **within each roll**: the
roll's mean equity and mean inputs taken out, so the fit spends itself on what tells the
plays of one roll apart (the bias is then set so the mean error is zero). The last
``--holdout`` decisions are held out: the script prints how often the network's best play
is among the screen's best k (k = 1, 3, 5, 8, 12) there, and the equity the network would
lose a decision by choosing only among those k. numpy is a development dependency only.
Deterministic for a seed; about two minutes for the defaults on one core.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.backgammon import neural  # noqa: E402
from games.backgammon.net_inputs import RACE_SLOT_UNITS  # noqa: E402
from games.backgammon.notation import OFF  # noqa: E402
from games.backgammon.rules import Backgammon  # noqa: E402
from games.backgammon.screen import RAW_UNITS, SCREEN_FILE, Screen  # noqa: E402
from games.base import CHANCE, draw_chance_outcome  # noqa: E402

KS = (1, 3, 5, 8, 12)


def encode(on_roll: tuple, other: tuple) -> np.ndarray:
    """The raw board's input units (``RACE_SLOT_UNITS``) of one position."""
    slots = [*on_roll[1:26], on_roll[OFF], *other[1:26], other[OFF]]
    return np.array([unit for slot, value in enumerate(slots) for unit in RACE_SLOT_UNITS[slot][value]])


def decisions(count: int, seed: int) -> list[tuple[np.ndarray, np.ndarray]]:
    """``count`` turns of 0-ply self-play whose plays all lead to contact: each as the
    plays' input units (one row a play, the side on roll after the play) and the contact
    network's equities for that side."""
    rng = random.Random(seed)
    game = Backgammon()
    found: list[tuple[np.ndarray, np.ndarray]] = []
    while len(found) < count:
        state = game.initial_state()
        while not state.is_terminal() and len(found) < count:
            if state.to_move() == CHANCE:
                state = state.apply(draw_chance_outcome(state, rng))
                continue
            moves = state.legal_moves()
            children = [state.apply(move) for move in moves]
            chances = neural.outcome_probabilities_many(children)
            mover = state.to_move()
            # outcome_probabilities are FIRST's: the mover's equity, to choose the mover's best.
            values = [neural.equity(chance) if mover == 0 else -neural.equity(chance) for chance in chances]
            if len(moves) >= 2:
                boards = [(child.checkers(child.player), child.checkers(1 - child.player)) for child in children]
                if all(neural.source(*pair) == neural.CONTACT for pair in boards):
                    # The side on roll after the play is the mover's opponent: its equity is -values.
                    found.append((np.array([encode(*pair) for pair in boards]), -np.array(values)))
            state = children[max(range(len(moves)), key=values.__getitem__)]
    return found


def fit(data: list[tuple[np.ndarray, np.ndarray]], ridge: float) -> tuple[np.ndarray, float]:
    """The within-roll ridge regression's weights and the bias that zeroes the mean error."""
    gram = np.zeros((RAW_UNITS, RAW_UNITS))
    moment = np.zeros(RAW_UNITS)
    for inputs, equities in data:
        centred = inputs - inputs.mean(axis=0)
        gram += centred.T @ centred
        moment += centred.T @ (equities - equities.mean())
    weights = np.linalg.solve(gram + ridge * np.eye(RAW_UNITS), moment)
    inputs = np.concatenate([rows for rows, _ in data])
    equities = np.concatenate([values for _, values in data])
    return weights, float(np.mean(equities - inputs @ weights))


def report(data: list[tuple[np.ndarray, np.ndarray]], weights: np.ndarray) -> list[tuple[int, float, float]]:
    """For each k of ``KS``: the share of decisions whose best play by the network is among
    the screen's best k, and the equity (points) lost a decision choosing among those k."""
    rows = []
    for k in KS:
        kept = lost = 0.0
        for inputs, equities in data:
            order = np.argsort(inputs @ weights, kind="stable")[:k]  # the mover wants the lowest
            kept += int(np.argmin(equities)) in order
            lost += equities[order].min() - equities.min()
        rows.append((k, kept / len(data), lost / len(data)))
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--decisions", type=int, default=6000, help="turns to fit on")
    parser.add_argument("--holdout", type=int, default=1500, help="further turns held out to measure the screen")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ridge", type=float, default=1.0)
    parser.add_argument("--out", type=Path, default=SCREEN_FILE)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    data = decisions(args.decisions + args.holdout, args.seed)
    train, held_out = data[:args.decisions], data[args.decisions:]
    weights, bias = fit(train, args.ridge)
    plays = sum(len(values) for _, values in train)
    print(f"{len(train)} decisions ({plays} plays) fitted, {len(held_out)} held out, "
          f"{time.perf_counter() - started:.0f} s")
    if held_out:
        print("| best k by the screen | the network's best among them | equity lost a decision (mp) |")
        print("|---:|---:|---:|")
        for k, share, lost in report(held_out, weights):
            print(f"| {k} | {100 * share:.1f}% | {1000 * lost:.2f} |")
    about = {"fitted_to": "the shipped contact network's cubeless equities, within each roll",
             "decisions": len(train), "plays": plays, "seed": args.seed, "ridge": args.ridge,
             "script": "training/backgammon_screen.py"}
    Screen(weights.tolist(), bias, about).write(args.out)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
