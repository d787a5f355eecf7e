"""Roll out a backgammon position from the command line, as the Rollout button does.

The position is written as the engine protocol takes it (``position fen``: a gnubg
Position ID, the side on roll and the dice, e.g. ``4HPwATDgc/ABMA first 31``; without
one, the opening roll 31). The best ``--candidates`` turns by the learned evaluation at
0-ply are rolled out, ``--games`` games each, every side choosing at 0-ply, with the same
dice for every candidate; games are cut after 10 decisions or where the bear-off
database judges exactly (``--full``: whole games). Prints the 0-ply ranking, progress,
then each candidate's equity (cubeless, points per game for the side on roll) with its
95% interval, and the seconds it took.

    .venv/bin/python bench/backgammon_rollout.py ["<Position ID> <side> <dice>"] [--games 1296] [--candidates 6] [--full] [--seed 1]
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ai.rollout import Rollout  # noqa: E402
from games.base import CHANCE, InvalidPosition  # noqa: E402
from games.registry import get_game  # noqa: E402
from ui.rollout_jobs import TRUNCATE_AFTER, build_rollout  # noqa: E402  (no pygame: the app's own wiring)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("position", nargs="?", default="4HPwATDgc/ABMA first 31")
    parser.add_argument("--games", type=int, default=1296)
    parser.add_argument("--candidates", type=int, default=6)
    parser.add_argument("--full", action="store_true", help="whole games (no truncation)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    entry = get_game("backgammon")
    try:
        state = entry.game.parse_position(args.position)
    except InvalidPosition as problem:
        print(f"not a backgammon position: {problem}", file=sys.stderr)
        return 2
    if state.is_terminal() or state.to_move() == CHANCE:
        print("the position must have dice rolled and turns to choose from", file=sys.stderr)
        return 2
    player = state.to_move()
    moves = state.legal_moves()
    children = [state.apply(move) for move in moves]
    values = entry.evaluate_batch(children, player)
    ranked = sorted(zip(moves, values), key=lambda pair: -pair[1])[:args.candidates]
    print(f"{args.position}: {len(moves)} turns; 0-ply's best {len(ranked)}:")
    for move, value in ranked:
        print(f"  {state.move_to_text(move):<24}{value / 1000:+.3f}")
    rollout = build_rollout(entry, state, [move for move, _ in ranked], full=args.full, seed=args.seed)
    start = time.perf_counter()
    report_every = max(1, args.games // 8)

    def progress(current: Rollout) -> None:
        if current.games_done % report_every == 0 and current.games_done < args.games:
            leader = current.ranking()[0]
            print(f"  {current.games_done} of {args.games} games, leader {state.move_to_text(leader.move)} "
                  f"{leader.mean / 1000:+.3f}", flush=True)

    ranking = rollout.run(args.games, progress=progress)
    seconds = time.perf_counter() - start
    kind = "whole games" if args.full else f"cut after {TRUNCATE_AFTER} decisions or at a bear-off"
    print(f"rollout, {rollout.games_done} games a candidate ({kind}), seed {args.seed}, {seconds:.0f} s:")
    for candidate in ranking:
        print(f"  {state.move_to_text(candidate.move):<24}{candidate.mean / 1000:+.3f} "
              f"± {candidate.half_width / 1000:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
