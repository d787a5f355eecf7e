"""How much equity our networks' 0-ply move choices lose, by GNU Backgammon's judgement,
on one fixed set of decisions: a quick, low-noise comparison of weights files.

The decisions are the turns (more than one legal play) of ``games`` games that the
shipped networks (or ``--positions-from FILE``'s) play against themselves at 0-ply, from
``seed``; the same set for every weights file compared. Each legal play is judged by gnubg's cubeless equity of the
position it leads to (``gnubg-nn``'s net at ``--judge-plies``, 0 by default), and a
weights file's choice loses ``best - chosen`` points. gnubg only *measures*: nothing here
trains anything. A choice's loss is printed in millipoints (thousandths of a point) a
decision, as the mean over all decisions and by kind of position (contact, race), with
its 95% interval and the number of decisions losing more than 0.08 (blunders).

    .venv/bin/python bench/backgammon_decision_errors.py [games] [seed] [--judge-plies 0] [--weights FILE ...]
        [--cache FILE] [--classes]

``--classes`` breaks each file's losses down by a coarse class of position, with our
equity's error there (ours minus gnubg's on the position after gnubg's best play): what
matters for the cube, where absolute equities decide, not just their order.

``--cache FILE`` keeps the decisions and gnubg's judgements (a pickle, rebuilt when its
games, seed or depth differ) so that later comparisons only evaluate the weights.

Without ``--weights`` the shipped networks are measured. The mean loss of the same
decisions under two weights files is a paired comparison: the difference and its
interval are printed against the first file.
"""
from __future__ import annotations

import argparse
import math
import pickle
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import gnubg_nn  # noqa: E402

from backgammon_movegen import gnubg_board  # noqa: E402
from games.backgammon import neural  # noqa: E402
from games.backgammon.neural import equity as cubeless_equity  # noqa: E402
from games.backgammon.notation import Board  # noqa: E402
from games.backgammon.rules import CHECKERS, OFF, START, generate_turns, in_contact  # noqa: E402


def gnubg_equity_after(mover, other, plies: int) -> float:
    """gnubg's cubeless equity for the side that just moved to ``mover`` (``other`` on roll)."""
    if mover[OFF] == CHECKERS:
        return 1.0 if other[OFF] else (3.0 if other[25] or any(other[19:25]) else 2.0)
    return -cubeless_equity(gnubg_nn.probabilities(gnubg_board(other, mover), plies))


def decisions(games: int, seed: int, judge_plies: int, players: Path = neural.NETWORKS_FILE
              ) -> list[tuple[str, list, list[float]]]:
    """(kind, plays as (mover after, other after), gnubg's equity of each) of the turns
    with a choice in ``games`` 0-ply self-play games of the networks in ``players``."""
    evaluation = neural.LearnedEvaluation(players)
    generator = random.Random(seed)
    found = []
    for _ in range(games):
        boards = [START, START]
        mover = generator.randrange(2)
        high, low = generator.sample(range(1, 7), 2)
        dice = (high, low)
        while True:
            own, other = boards[mover], boards[1 - mover]
            plays = list(generate_turns(own, other, (max(dice), min(dice))))
            if len(plays) > 1:
                chances = evaluation.probabilities_many([(after_other, after_own) for after_own, after_other in plays])
                choice = plays[max(range(len(plays)), key=lambda index: -cubeless_equity(chances[index]))]
                kind = "contact" if in_contact(own, other) else "race"
                found.append((kind, plays, [gnubg_equity_after(a, b, judge_plies) for a, b in plays]))
            else:
                choice = plays[0]
            boards[mover], boards[1 - mover] = choice
            if choice[0][OFF] == CHECKERS:
                break
            mover = 1 - mover
            dice = (generator.randint(1, 6), generator.randint(1, 6))
    return found


def best_play(judged: list[float]) -> int:
    """The index of gnubg's best play (the first of equals)."""
    return max(range(len(judged)), key=judged.__getitem__)


def losses(evaluation: neural.LearnedEvaluation, found) -> tuple[list[float], list[float]]:
    """The loss of ``evaluation``'s 0-ply choice in each decision, points; and its error on
    the position after gnubg's best play (our cubeless equity minus gnubg's, for the side
    that moved; 0 where that play ends the game)."""
    result, errors = [], []
    for _, plays, judged in found:
        chances = evaluation.probabilities_many([(after_other, after_own) for after_own, after_other in plays])
        chosen = max(range(len(plays)), key=lambda index: -cubeless_equity(chances[index]))
        result.append(max(judged) - judged[chosen])
        best = best_play(judged)
        ended = plays[best][0][OFF] == CHECKERS
        errors.append(0.0 if ended else -cubeless_equity(chances[best]) - judged[best])
    return result, errors


def position_class(mover: Board, other: Board) -> str:
    """A coarse class of a position (the side that just moved and the other, each in its
    own numbering), to see where the losses lie: a race; contact with checkers borne off;
    contact where only one side still has checkers in the other's home board or on the
    bar ("back"); contact with both sides back; contact with neither (a checker on the
    other's side of the board but out of its home board)."""
    if not in_contact(mover, other):
        return "race"
    if mover[OFF] or other[OFF]:
        return "contact, checkers off"
    mover_back, other_back = sum(mover[19:26]) > 0, sum(other[19:26]) > 0
    if mover_back and other_back:
        return "contact, both back"
    if other_back:
        return "contact, the mover past"
    if mover_back:
        return "contact, the mover back"
    return "contact, neither back"


def mean_interval(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval."""
    mean = sum(values) / len(values)
    spread = math.sqrt(sum((value - mean) ** 2 for value in values) / max(1, len(values) - 1))
    return mean, 1.96 * spread / math.sqrt(len(values))


def print_classes(classes: list[str], values: list[float], errors: list[float]) -> None:
    """By ``position_class`` of the position after gnubg's best play: decisions, the mean
    loss (millipoints) and its share of all, and our equity's error there (mean, mean
    absolute, points, for the side that moved)."""
    total = sum(values) or 1.0
    for name in sorted(set(classes), key=lambda name: -sum(v for c, v in zip(classes, values) if c == name)):
        chosen = [index for index, found_class in enumerate(classes) if found_class == name]
        loss = sum(values[index] for index in chosen)
        error = [errors[index] for index in chosen]
        print(f"    {name:26s} {len(chosen):5d} decisions, {1000 * loss / len(chosen):6.2f} mp ({loss / total:4.0%}); "
              f"equity minus gnubg's {sum(error) / len(error):+.3f}, mean absolute {sum(map(abs, error)) / len(error):.3f}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", type=int, nargs="?", default=200)
    parser.add_argument("seed", type=int, nargs="?", default=1)
    parser.add_argument("--judge-plies", type=int, default=0, help="gnubg's depth when judging (0, 1 or 2)")
    parser.add_argument("--weights", type=Path, nargs="*", help="weights files (default: the shipped ones)")
    parser.add_argument("--cache", type=Path, help="a pickle of the decisions to reuse")
    parser.add_argument("--classes", action="store_true",
                        help="also print each weights file's losses and equity errors by class of position")
    parser.add_argument("--positions-from", type=Path, default=neural.NETWORKS_FILE,
                        help="the weights whose self-play makes the decisions (default: the shipped ones)")
    args = parser.parse_args(argv)
    started = time.process_time()
    key = (args.games, args.seed, args.judge_plies, args.positions_from.read_bytes())
    cached = pickle.loads(args.cache.read_bytes()) if args.cache and args.cache.exists() else None
    if cached is not None and cached[0] == key:
        found = cached[1]
    else:
        found = decisions(args.games, args.seed, args.judge_plies, args.positions_from)
        if args.cache:
            args.cache.write_bytes(pickle.dumps((key, found)))
    kinds = {kind for kind, _, _ in found}
    print(f"{len(found)} decisions from {args.games} games (seed {args.seed}), judged by gnubg at "
          f"{args.judge_plies}-ply; {time.process_time() - started:.0f} CPU s")
    first = None
    classes = [position_class(*plays[best_play(judged)]) for _, plays, judged in found]
    for path in args.weights or [neural.NETWORKS_FILE]:
        values, errors = losses(neural.LearnedEvaluation(path), found)
        mean, half = mean_interval(values)
        parts = []
        for kind in sorted(kinds):
            chosen = [value for (found_kind, _, _), value in zip(found, values) if found_kind == kind]
            parts.append(f"{kind} {1000 * sum(chosen) / len(chosen):.1f} ({len(chosen)})")
        line = (f"{path}: {1000 * mean:.2f} mp a decision (95% +-{1000 * half:.2f}); " + ", ".join(parts)
                + f"; blunders {sum(value > 0.08 for value in values)}")
        if first is None:
            first = values
        else:
            difference, half = mean_interval([value - base for value, base in zip(values, first)])
            line += f"; minus the first: {1000 * difference:+.2f} (95% +-{1000 * half:.2f})"
        print(line, flush=True)
        if args.classes:
            print_classes(classes, values, errors)


if __name__ == "__main__":
    main()
