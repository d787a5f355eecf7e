"""Fit the weights of the hand-made backgammon evaluation to the learned one's probabilities.

The teacher is our own learned evaluation (``games.backgammon.neural``, trained by
self-play), never another program: GNU Backgammon only *measures* the result (the
reports below), through PyPI's ``gnubg-nn`` (``.venv/bin/pip install gnubg-nn``), which
the app never imports. The features are ``games.backgammon.evaluation``'s own
(hand-made); only their weights are fitted, one logistic model per outcome, by Newton's
method on the cross-entropy against the teacher's probabilities as soft targets:

* race: the win chance; a gammon for either side given its win (positions where the
  other side has borne off nothing); a backgammon given a gammon (the other side still
  has checkers in the winner's home board);
* contact: the win chance; a gammon given a win, a gammon given a loss; a backgammon
  given a gammon, either side.

Needs ``numpy`` for a fit in seconds (``.venv/bin/pip install numpy``; without it a
pure-Python fit takes many minutes).

Positions: games of the teacher's 0-ply choices (each turn a random legal one with
probability ``--explore``), every position with dice to roll, and for every fourth turn
also every position the mover could reach (the siblings a 0-ply choice compares).
(Until 2026-11-26 the teacher was gnubg's 0-ply net; the weights were refitted then.)
The last 10% of the games are held out: the script reports the equity error there and
how much equity (by gnubg's 0-ply judgement) the fitted evaluation's 0-ply choices lose
against gnubg's own, per decision; then prints the weights to paste into
``games/backgammon/evaluation.py``.

    .venv/bin/python bench/backgammon_fit_evaluation.py [--games 1500] [--seed 1] [--explore 0.1]
"""
from __future__ import annotations

import argparse
import math
import operator
import random
import sys
import time
from typing import NamedTuple
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import gnubg_nn  # noqa: E402

from backgammon_movegen import gnubg_board  # noqa: E402
from games.backgammon import evaluation, neural, pubeval  # noqa: E402
from games.backgammon.rules import CHECKERS, NEXT_ROLLS, OFF, START, BackgammonState, generate_turns, in_contact  # noqa: E402
from games.base import FIRST  # noqa: E402

ROLLS = [roll for roll, _ in NEXT_ROLLS]


class Decision(NamedTuple):
    """A turn to play: the mover's and the other side's checkers, the dice, and every
    position the turn can lead to as (other side on roll, mover)."""

    mover: tuple
    other: tuple
    dice: tuple
    children: list
ROLL_WEIGHTS = [weight for _, weight in NEXT_ROLLS]


def gnubg_probabilities(on_roll, other, plies: int = 0) -> tuple[float, ...]:
    """gnubg's (win, wg, wbg, lg, lbg) for the side on roll, 0-ply by default."""
    if on_roll[OFF] == CHECKERS:
        return (1.0, 0.0, 0.0, 0.0, 0.0)
    if other[OFF] == CHECKERS:
        return (0.0, 0.0, 0.0, 0.0, 0.0)
    return tuple(gnubg_nn.probabilities(gnubg_board(on_roll, other), plies))


def teacher_probabilities(on_roll, other) -> tuple[float, ...]:
    """The learned evaluation's (win, wg, wbg, lg, lbg) for the side on roll: the targets."""
    return neural.learned().on_roll_probabilities(on_roll, other)


def equity(probabilities) -> float:
    win, win_gammon, win_backgammon, lose_gammon, lose_backgammon = probabilities
    return 2 * win - 1 + win_gammon - lose_gammon + win_backgammon - lose_backgammon


def play_games(games: int, seed: int, explore: float):
    """Per game: a list of (on_roll, other) positions to roll, and a list of decisions
    ``(siblings)``: the (next on roll, mover) positions one roll could lead to."""
    generator = random.Random(seed)
    played = []
    for _ in range(games):
        positions, decisions = [], []
        mover, other = START, START
        first_roll = True
        while True:
            if first_roll:
                high = generator.randint(2, 6)
                dice = (high, generator.randint(1, high - 1))
                first_roll = False
            else:
                positions.append((mover, other))
                dice = generator.choices(ROLLS, ROLL_WEIGHTS)[0]
            turns = list(generate_turns(mover, other, dice))
            children = [(opponent, own) for own, opponent in turns]  # the opponent on roll next
            if len(children) > 1:
                decisions.append(Decision(mover, other, dice, children))
            if generator.random() < explore:
                chosen = generator.choice(children)
            else:
                chances = neural.learned().probabilities_many(children)
                chosen = children[min(range(len(children)), key=lambda at: equity(chances[at]))]
            if chosen[1][OFF] == CHECKERS:
                break
            mover, other = chosen
        played.append((positions, decisions))
    return played


def inputs_and_targets(pairs):
    """Split positions into race and contact rows: (inputs, the teacher's probabilities)."""
    race, contact = [], []
    for on_roll, other in pairs:
        if on_roll[OFF] == CHECKERS or other[OFF] == CHECKERS:
            continue
        target = teacher_probabilities(on_roll, other)
        if in_contact(on_roll, other):
            contact.append((evaluation.contact_inputs(on_roll, other), target, on_roll, other))
        else:
            race.append((evaluation.race_inputs(on_roll, other), target, on_roll, other))
    return race, contact


def _fit_share(rows, part, whole):
    """A logistic fit of the share ``part(target) / whole(target)`` (capped at 1; 0 when
    ``whole`` is nearly 0), each row weighted by ``whole(target)``: a conditional
    probability such as gammons among wins."""
    targets, weights = [], []
    for _, target, *_ in rows:
        total = whole(target)
        targets.append(min(1.0, part(target) / total) if total > 1e-6 else 0.0)
        weights.append(total)
    return fit_logistic([row[0] for row in rows], targets, weights)


def fit_logistic(rows, targets, weights, start=None, ridge=1e-4, iterations=12) -> list[float]:
    """Weighted logistic regression with soft targets by Newton's method (numpy when it
    is installed, else pure Python: columns and ``map`` keep the sums tolerable)."""
    try:
        import numpy
    except ImportError:
        return _fit_logistic_python(rows, targets, weights, start, ridge, iterations)
    inputs = numpy.asarray(rows, dtype=float)
    goal, weight = numpy.asarray(targets, dtype=float), numpy.asarray(weights, dtype=float)
    beta = numpy.asarray(start, dtype=float) if start else numpy.zeros(inputs.shape[1])
    penalty = ridge * weight.sum()
    for _ in range(iterations):
        prediction = 1.0 / (1.0 + numpy.exp(-numpy.clip(inputs @ beta, -40.0, 40.0)))
        gradient = inputs.T @ (weight * (prediction - goal)) + penalty * beta
        curvature = weight * prediction * (1.0 - prediction) + 1e-9
        hessian = (inputs * curvature[:, None]).T @ inputs + penalty * numpy.eye(inputs.shape[1])
        step = numpy.linalg.solve(hessian, gradient)
        beta = beta - step
        if numpy.abs(step).max() < 1e-4:
            break
    return [float(value) for value in beta]


def _fit_logistic_python(rows, targets, weights, start, ridge, iterations) -> list[float]:
    n_features = len(rows[0])
    columns = [[row[index] for row in rows] for index in range(n_features)]
    beta = list(start) if start else [0.0] * n_features
    total_weight = sum(weights)
    for _ in range(iterations):
        sums = [0.0] * len(rows)
        for index, column in enumerate(columns):
            if beta[index]:
                sums = list(map(operator.add, sums, map(operator.mul, column, [beta[index]] * len(rows))))
        predictions = [1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, value)))) for value in sums]
        residual = [w * (p - y) for w, p, y in zip(weights, predictions, targets)]
        curvature = [w * p * (1.0 - p) + 1e-9 for w, p in zip(weights, predictions)]
        gradient = [sum(map(operator.mul, column, residual)) + ridge * total_weight * b
                    for column, b in zip(columns, beta)]
        weighted = [list(map(operator.mul, column, curvature)) for column in columns]
        hessian = [[0.0] * n_features for _ in range(n_features)]
        for i in range(n_features):
            for j in range(i, n_features):
                value = sum(map(operator.mul, weighted[i], columns[j]))
                hessian[i][j] = hessian[j][i] = value
            hessian[i][i] += ridge * total_weight
        step = solve(hessian, gradient)
        beta = [b - s for b, s in zip(beta, step)]
        if max(abs(s) for s in step) < 1e-3:
            break
    return beta


def solve(matrix, vector) -> list[float]:
    """Gaussian elimination with partial pivoting."""
    size = len(vector)
    augmented = [list(row) + [value] for row, value in zip(matrix, vector)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda row: abs(augmented[row][column]))
        augmented[column], augmented[pivot] = augmented[pivot], augmented[column]
        divisor = augmented[column][column]
        if abs(divisor) < 1e-12:
            continue
        for row in range(column + 1, size):
            factor = augmented[row][column] / divisor
            if factor:
                target, source = augmented[row], augmented[column]
                for k in range(column, size + 1):
                    target[k] -= factor * source[k]
    solution = [0.0] * size
    for row in range(size - 1, -1, -1):
        if abs(augmented[row][row]) < 1e-12:
            continue
        rest = sum(augmented[row][k] * solution[k] for k in range(row + 1, size))
        solution[row] = (augmented[row][size] - rest) / augmented[row][row]
    return solution


def fit_all(race, contact) -> dict[str, list[float]]:
    fitted: dict[str, list[float]] = {}
    rows = [inputs for inputs, *_ in race]
    fitted["RACE_WIN"] = fit_logistic(rows, [target[0] for _, target, *_ in race], [1.0] * len(race))
    for name, on_roll_leads in (("RACE_GAMMON_ON_ROLL", True), ("RACE_GAMMON_OTHER", False)):
        subset = [(evaluation.race_gammon_inputs(a, b) if on_roll_leads else evaluation.race_gammon_inputs(b, a),
                   target) for _, target, a, b in race if (b if on_roll_leads else a)[OFF] == 0]
        if on_roll_leads:
            fitted[name] = _fit_share(subset, lambda target: target[1], lambda target: target[0])
        else:
            fitted[name] = _fit_share(subset, lambda target: target[3], lambda target: 1.0 - target[0])
    for name, on_roll_leads in (("RACE_BACKGAMMON_ON_ROLL", True), ("RACE_BACKGAMMON_OTHER", False)):
        subset = []
        for _, target, a, b in race:
            leader, trailer = (a, b) if on_roll_leads else (b, a)
            if trailer[OFF] == 0 and any(trailer[19:26]):
                gammon, backgammon = (target[1], target[2]) if on_roll_leads else (target[3], target[4])
                subset.append((evaluation.race_backgammon_inputs(leader, trailer),
                               min(1.0, backgammon / gammon) if gammon > 1e-6 else 0.0, gammon))
        print(f"{name}: {len(subset)} positions")
        fitted[name] = fit_logistic([row[0] for row in subset], [row[1] for row in subset],
                                    [row[2] for row in subset]) if subset else [0.0, 0.0, -5.0]
    rows = [inputs for inputs, *_ in contact]
    fitted["CONTACT_WIN"] = fit_logistic(rows, [target[0] for _, target, *_ in contact], [1.0] * len(contact))
    gammonable = [row for row in contact if row[3][OFF] == 0]
    fitted["CONTACT_WIN_GAMMON"] = _fit_share(gammonable, lambda target: target[1], lambda target: target[0])
    fitted["CONTACT_WIN_BACKGAMMON"] = _fit_share(gammonable, lambda target: target[2], lambda target: target[1])
    losable = [row for row in contact if row[2][OFF] == 0]
    fitted["CONTACT_LOSE_GAMMON"] = _fit_share(losable, lambda target: target[3], lambda target: 1.0 - target[0])
    fitted["CONTACT_LOSE_BACKGAMMON"] = _fit_share(losable, lambda target: target[4], lambda target: target[3])
    return fitted


def module_probabilities(name: str):
    """The on-roll probabilities of another evaluation module (``outcome_probabilities``
    of a state with FIRST on roll), to compare with."""
    import importlib
    module = importlib.import_module(name)

    def probabilities(on_roll, other):
        return module.outcome_probabilities(BackgammonState(on_roll, other, FIRST, ()))
    return probabilities


def pubeval_choice(children) -> int:
    """pubeval's choice among the children (opponent on roll, mover)."""
    race = not in_contact(children[0][1], children[0][0])
    return max(range(len(children)), key=lambda index: pubeval.score(children[index][1], children[index][0], race))


def report(games, label: str, probabilities=None, chooser=None) -> None:
    """Equity error against gnubg on positions to roll, and the equity our 0-ply choices
    lose by gnubg's judgement, per decision."""
    probabilities = probabilities or evaluation.on_roll_probabilities
    errors, race_errors, losses, agreed, decisions = [], [], [], 0, 0
    for positions, choices in games:
        if chooser is None:
            for on_roll, other in positions:
                ours = equity(probabilities(on_roll, other))
                error = abs(ours - equity(gnubg_probabilities(on_roll, other)))
                (errors if in_contact(on_roll, other) else race_errors).append(error)
        for decision in choices:
            children = decision.children
            # children: (opponent on roll, mover); the mover wants the opponent's equity lowest
            theirs = [equity(gnubg_probabilities(*child)) for child in children]
            best = min(theirs)
            if chooser is None:
                ours = [equity(probabilities(*child)) for child in children]
                pick = min(range(len(children)), key=ours.__getitem__)
            else:
                pick = chooser(children)
            losses.append(theirs[pick] - best)
            agreed += theirs[pick] == best
            decisions += 1
    print(f"{label}: contact equity error {sum(errors) / max(1, len(errors)):.3f} ({len(errors)} positions), "
          f"race {sum(race_errors) / max(1, len(race_errors)):.3f} ({len(race_errors)}); 0-ply choices: "
          f"{decisions} decisions, gnubg's choice {agreed / max(1, decisions):.1%}, "
          f"equity lost {1000 * sum(losses) / max(1, decisions):.1f} millipoints a decision")


def report_search(games, label: str, depth: int, candidates: int, count: int, evaluate=None,
                  judge: int = 1) -> None:
    """The equity (by gnubg's ``judge``-ply judgement) that the engine's choices lose, searching
    ``depth`` decisions with ``evaluate`` (the evaluation module's by default), on the
    first ``count`` decisions of ``games``; with the 0-ply choice's loss beside it."""
    from ai.engine import Engine
    from ai.types import Algorithm, SearchLimits, SearchOptions
    from games.backgammon.rules import Backgammon
    engine = Engine(Backgammon(), evaluate or evaluation.evaluate,
                    SearchOptions(algorithm=Algorithm.EXPECTIMINIMAX, candidate_moves=candidates))
    losses, zero_losses, agreed, decisions = 0.0, 0.0, 0, 0
    start = time.perf_counter()
    for _, choices in games:
        for decision in choices:
            if decisions >= count:
                break
            state = BackgammonState(decision.mover, decision.other, FIRST, decision.dice)
            result = engine.search(state, SearchLimits(depth=depth))
            child = state.apply(result.move)
            theirs = {pair: equity(gnubg_probabilities(*pair, judge)) for pair in decision.children}
            best = min(theirs.values())
            losses += theirs[(child[1], child[0])] - best
            zero = min(decision.children, key=lambda pair: -evaluate(BackgammonState(pair[1], pair[0], 1 - FIRST, ()), FIRST)
                       if evaluate else equity(evaluation.on_roll_probabilities(*pair)))
            zero_losses += theirs[zero] - best
            agreed += (child[1], child[0]) == zero
            decisions += 1
    print(f"{label}: depth {depth}, candidates {candidates}: {decisions} decisions, equity lost by gnubg's "
          f"{judge}-ply judgement "
          f"{1000 * losses / max(1, decisions):.1f} millipoints a decision (0-ply on the same: "
          f"{1000 * zero_losses / max(1, decisions):.1f}; same choice {agreed / max(1, decisions):.0%}), "
          f"{(time.perf_counter() - start) / max(1, decisions):.2f} s a decision")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--explore", type=float, default=0.1)
    parser.add_argument("--report-only", action="store_true", help="only measure the current weights")
    parser.add_argument("--search", type=int, default=0, metavar="N",
                        help="also measure the engine's 1-ply choices on N held-out decisions")
    parser.add_argument("--candidates", type=int, default=8)
    parser.add_argument("--judge", type=int, default=1, help="gnubg's plies judging --search (default 1)")
    parser.add_argument("--compare", action="append", default=[],
                        help="also measure another module's outcome_probabilities (dotted name), or pubeval")
    options = parser.parse_args()
    start = time.perf_counter()
    games = play_games(options.games, options.seed, options.explore)
    held_out = games[len(games) * 9 // 10:]
    training = games[:len(games) * 9 // 10]
    print(f"{options.games} games played in {time.perf_counter() - start:.0f} s")
    for name in options.compare:
        if name == "pubeval":
            report(held_out, name, chooser=pubeval_choice)
        elif name != "gnubg":  # gnubg: only its 1-ply search (--search), as a check of the search
            report(held_out, name, probabilities=module_probabilities(name))
    report(held_out, "before")
    if options.report_only:
        if options.search:
            report_search(held_out, "before", 2, options.candidates, options.search, judge=options.judge)
            for name in options.compare:
                if name != "pubeval":
                    from backgammon_match import leaf_evaluation
                    report_search(held_out, name, 2, options.candidates, options.search,
                                  leaf_evaluation(name), options.judge)
        return
    pairs = [pair for positions, decisions in training for pair in positions]
    for positions, decisions in training:
        for number, children in enumerate(decisions):
            if number % 4 == 0:
                pairs.extend(children.children[:40])
    race, contact = inputs_and_targets(pairs)
    print(f"{len(race)} race and {len(contact)} contact positions ({time.perf_counter() - start:.0f} s)")
    fitted = fit_all(race, contact)
    print(f"fitted ({time.perf_counter() - start:.0f} s)")
    for name, weights in fitted.items():
        setattr(evaluation, name, tuple(weights))
    report(held_out, "after")
    if options.search:
        report_search(held_out, "after", 2, options.candidates, options.search, judge=options.judge)
    print()
    for name, weights in fitted.items():
        text = ", ".join(f"{weight:.4f}" for weight in weights)
        print(f"{name} = ({text},)")


if __name__ == "__main__":
    main()
