"""How much equity the engine's move choices lose at each search setting, by GNU
Backgammon's judgement: what a deeper search buys, on one fixed set of decisions.

The decisions: positions with at least two distinct turns from 0-ply self-play
(``backgammon_search_cost.positions``, the same ``count`` and ``seed`` give the same
set). Each legal turn is judged by gnubg's cubeless equity of the position it leads to
(``gnubg-nn`` at ``--judge-plies``, 2 by default: deeper than anything measured here);
each setting's choice, by an engine built as the app builds it (``Engine.for_entry``,
fresh for each decision, a depth limit, no clock), loses ``best - chosen`` points. Prints
per setting the mean loss in millipoints a decision with its 95% interval, the paired
difference to the first setting, blunders (a loss over 0.08) and the CPU seconds a
decision (median and largest); each setting after the second is also compared with the
one before it. gnubg only measures; nothing here trains anything.

    .venv/bin/python bench/backgammon_search_quality.py [count] [seed] [--judge-plies 2]
        [--settings depth:candidates:margin ...]

A setting is ``depth:candidates:margin[:inner:deepening:deepening_margin[:screen]]`` as the
engine's limits and options take them (``SearchOptions``: ``candidate_moves``,
``candidate_margin``, ``inner_candidate_moves``, ``deepening_candidates``,
``deepening_margin``, ``leaf_screen``): ``1:0:0`` is 0-ply, ``2:8:160`` the Strong level's 1-ply (up to 8
candidates within 0.16), ``3:4:160`` full 2-ply on up to 4 candidates,
``3:8:160:1:2:40`` the Maximum level's 2-ply (GNU Backgammon's: the 1-ply search's best
two within 0.04, each reply chosen by the static look), ``3:8:160:1:2:40:8`` the same with
its last decisions screened to 8 plays (the Maximum level's). ``level=L@S``: the app's level L
at S seconds a move (wall-clock, as the app's clock gives it; the line then also counts
the decisions whose 2-ply iteration finished, and those where the move played is not the
1-ply iteration's). ``level=L@S+outcome`` (or ``+plain``) turns
``SearchOptions.deepening_by_outcome`` on (off) for that level, and
``level=L@S+outcome:N:M`` also keeps N root moves within M for the deeper iterations.
``level=L@S,threads=T`` searches with T processes (``SearchOptions.helper_processes``
T - 1, the engine protocol's ``Threads``): one engine for all the decisions, its tables
emptied before each (``Engine.new_game``), its helpers started and ready before the
first. CPU seconds count this process only; the wall seconds are printed too.

With ``--against-one-ply`` each setting is measured against its own 1-ply iteration's
choice instead: gnubg judges only the move played and that choice, where they differ,
so a deeper search that changes few moves is measured on many decisions cheaply.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from ai.clock import TimeControl  # noqa: E402
from ai.engine import Engine  # noqa: E402
from ai.strength import level_limits, level_options  # noqa: E402
from ai.types import Algorithm, SearchLimits, SearchOptions  # noqa: E402
from backgammon_decision_errors import gnubg_equity_after, mean_interval  # noqa: E402
from backgammon_search_cost import positions  # noqa: E402
from games.registry import get_game  # noqa: E402


def judged_turns(state, judge_plies: int) -> dict:
    """Each legal turn of ``state`` -> gnubg's cubeless equity for the side that plays it."""
    mover = state.player
    judged = {}
    for move in state.legal_moves():
        after = state.apply(move)
        judged[move] = gnubg_equity_after(after[mover], after[1 - mover], judge_plies)
    return judged


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("count", type=int, nargs="?", default=100)
    parser.add_argument("seed", type=int, nargs="?", default=1)
    parser.add_argument("--judge-plies", type=int, default=2, choices=(0, 1, 2))
    parser.add_argument("--settings", nargs="*", default=["1:0:0", "2:8:160", "3:8:160:1:2:40"])
    parser.add_argument("--against-one-ply", action="store_true",
                        help="judge only the move played and the search's own 1-ply choice, where they differ")
    args = parser.parse_args(argv)
    entry = get_game("backgammon")
    states = positions(args.count, args.seed)
    if args.against_one_ply:
        against_one_ply(entry, states, args)
        return
    started = time.process_time()
    judgements = [judged_turns(state, args.judge_plies) for state in states]
    print(f"{len(states)} decisions (seed {args.seed}), judged by gnubg at {args.judge_plies}-ply in "
          f"{time.process_time() - started:.0f} CPU s; load {os.getloadavg()[0]:.1f}", flush=True)
    first = previous = None
    for setting in args.settings:
        values, times, finished, changed = [], [], 0, 0
        walls = []
        for judged, (result, seconds, wall) in zip(judgements, searched(entry, setting, states)):
            times.append(seconds)
            walls.append(wall)
            values.append(max(judged.values()) - judged[result.move])
            finished += any(info.depth == 3 and not info.partial for info in result.infos)
            one_ply = _one_ply_choice(result)
            changed += one_ply is not None and result.move != one_ply
        mean, half = mean_interval(values)
        line = (f"{setting}: {1000 * mean:.2f} mp a decision (95% +-{1000 * half:.2f}); blunders "
                f"{sum(value > 0.08 for value in values)}; CPU s a decision: median {statistics.median(times):.3f}, "
                f"largest {max(times):.3f}")
        if setting.startswith("level="):
            line += (f"; wall s a decision: median {statistics.median(walls):.3f}"
                     f"; 2-ply finished in {finished}; another move than 1-ply's in {changed}")
        if first is None:
            first = values
        else:
            difference, half = mean_interval([value - base for value, base in zip(values, first)])
            line += f"; minus the first: {1000 * difference:+.2f} (95% +-{1000 * half:.2f})"
            if previous is not first:
                difference, half = mean_interval([value - base for value, base in zip(values, previous)])
                line += f"; minus the one before: {1000 * difference:+.2f} (95% +-{1000 * half:.2f})"
        previous = values
        print(line, flush=True)
    print(f"load at the end {os.getloadavg()[0]:.1f}")


def _one_ply_choice(result):
    """The move the search's 1-ply iteration chose (``None`` without one)."""
    one_ply = [info.pv[0] for info in result.infos if info.depth == 2 and info.pv and not info.partial]
    return one_ply[0] if one_ply else None


def against_one_ply(entry, states, args) -> None:
    """Each setting's gain over its own 1-ply iteration's choice on every decision:
    gnubg's equity of the move played minus that of the 1-ply choice (0 where they are
    the same move, so gnubg judges only the decisions where the deeper search changed
    the move: many decisions cost little). Prints the mean in millipoints with its 95%
    interval, and how many changes gained and lost."""
    print(f"{len(states)} decisions (seed {args.seed}), the moves that differ from 1-ply's judged by gnubg "
          f"at {args.judge_plies}-ply; load {os.getloadavg()[0]:.1f}", flush=True)
    for setting in args.settings:
        gains, times, finished = [], [], 0
        for state, (result, seconds, _wall) in zip(states, searched(entry, setting, states)):
            times.append(seconds)
            finished += any(info.depth == 3 and not info.partial for info in result.infos)
            one_ply = _one_ply_choice(result)
            if one_ply is None or one_ply == result.move:
                gains.append(0.0)
                continue
            mover = state.player
            played, chosen = state.apply(result.move), state.apply(one_ply)
            gains.append(gnubg_equity_after(played[mover], played[1 - mover], args.judge_plies)
                         - gnubg_equity_after(chosen[mover], chosen[1 - mover], args.judge_plies))
        mean, half = mean_interval(gains)
        print(f"{setting}: {1000 * mean:+.2f} mp a decision over its 1-ply choice (95% +-{1000 * half:.2f}); "
              f"changed {sum(gain != 0 for gain in gains)}, better {sum(gain > 0 for gain in gains)}, "
              f"worse {sum(gain < 0 for gain in gains)}; 2-ply finished in {finished}; CPU s a decision: "
              f"median {statistics.median(times):.3f}; load {os.getloadavg()[0]:.1f}", flush=True)


def searched(entry, setting: str, states):
    """For each state, the search result of a fresh engine with ``setting`` (built as the
    app builds it), the CPU seconds of this process it took and its wall seconds, one
    after another."""
    options, limits = setting_search(entry, setting)
    shared = None
    if options.helper_processes:  # one engine, so that its helpers start once
        shared = Engine.for_entry(entry, options)
        shared.wait_ready(60.0)
    for state in states:
        engine = shared or Engine.for_entry(entry, options)
        engine.new_game()
        clock, wall = time.process_time(), time.perf_counter()
        result = engine.search(state, limits)
        yield result, time.process_time() - clock, time.perf_counter() - wall
    if shared is not None:
        shared.close()


def setting_search(entry, setting: str) -> tuple[SearchOptions, SearchLimits]:
    """The engine options and limits of one ``--settings`` entry (see the module docstring)."""
    if setting.startswith("level="):
        setting, _, threads = setting.partition(",threads=")
        number, seconds = setting[len("level="):].split("@")
        seconds, _, variant = seconds.partition("+")
        level = entry.level(int(number))
        options = level_options(SearchOptions(algorithm=Algorithm.EXPECTIMINIMAX,
                                              helper_processes=int(threads or 1) - 1), level)
        if variant:
            by_outcome, *deepening = variant.split(":")
            options = replace(options, deepening_by_outcome=by_outcome == "outcome")
            if deepening:
                options = replace(options, deepening_candidates=int(deepening[0]),
                                  deepening_margin=int(deepening[1]))
        limits = level_limits(level, TimeControl.per_move(float(seconds)))
    else:
        depth, candidates, margin, inner, deepening, deepening_margin, screen = \
            [int(part) for part in setting.split(":")] + [0] * (7 - len(setting.split(":")))
        options = SearchOptions(algorithm=Algorithm.EXPECTIMINIMAX, candidate_moves=candidates,
                                candidate_margin=margin, inner_candidate_moves=inner,
                                deepening_candidates=deepening, deepening_margin=deepening_margin,
                                leaf_screen=screen)
        limits = SearchLimits(depth=depth)
    return options, limits


if __name__ == "__main__":
    main()
