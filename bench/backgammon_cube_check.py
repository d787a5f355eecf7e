"""The cube policy against GNU Backgammon's own cube analysis (Debian's ``gnubg``, run
as a separate program: a benchmark reference only, never used by the app).

Positions: the starts of turns (dice not rolled) met in games the engine plays against
itself at 0-ply, cubeless, kept when our cubeless equity for the side on roll is at least
``--minimum`` (default 0.25: positions where a double is worth asking about), with the
cube centred at 1 (``--owned``: at 2, owned by the side on roll, a redouble; the same
positions for the same seed). For each, gnubg is given ``PositionID:MatchID`` (``set
gnubgid``: a money game) and asked for a ``hint`` with the rules ours has: no Jacoby
rule (gnubg's default for money games has it, and then a centred cube caps the
no-double equity at about 1; ``--jacoby``: the rule on both sides) and no beavers (gnubg
allows them by default). Its "Proper
cube action" (at its default evaluation settings, 2-ply) is compared with ours
(``games.backgammon.cube.decision``, as the app decides: two plies ahead, or one when two
would cost too much; ``--plies``, ``--budget``, ``--screen``: other look-aheads; ``--quick``: the 0-ply
formulas):
double or not, take or drop. gnubg's "Too good to double, pass" is "no double" (and
"drop"), as ours. With ``--gnubg-plies N`` gnubg is asked at N plies instead of 2 (0 or
1: its own shallower analyses, to compare with ours at the same depth). With
``--diagnose``, each position is also decided by our method fed with gnubg's 0-ply
probabilities (``gnubg_nn``), which tells the misses of our probabilities from those of
the method, and each miss shows both sides' five probabilities; ``--method-check`` only
compares gnubg's cubeful equities with those of our method fed gnubg's probabilities, at
gnubg's depth (``--gnubg-plies``) without a budget: the method's own error.
``--weights FILE ...`` decides the same positions with each weights file in turn as the
cube's networks (``neural.use_cube_networks``; by default the shipped cube networks,
``data/cube_networks.bin``; the positions are chosen by the self-play of
``--positions-from``, the shipped plays' networks by default) and prints how many more
each agrees on than the first, in pairs: a comparison of networks on one set, far less
noisy than sets chosen by each network's own play.
``--cache FILE`` keeps the positions and gnubg's answers (a pickle, reused when the
count, seed and options and the ``--positions-from`` file are the same).
Prints the disagreements with gnubg's and our cubeful equities (no double, double/take),
their count by kind, how long our double-or-not decisions took (CPU seconds), how
long our decisions take the app's engine (``Engine.for_entry``,
a fresh one for each decision, the double's and the take's; with the app's settings
only) in CPU seconds of this process with the load average, and the agreement.

    .venv/bin/python bench/backgammon_cube_check.py [positions] [seed] [--minimum 0.25] [--quick] [--owned]
        [--jacoby] [--plies 2] [--budget 8000] [--screen 0] [--gnubg-plies 2] [--diagnose | --method-check]
        [--weights FILE ...] [--positions-from FILE] [--cache FILE]
"""
from __future__ import annotations

import argparse
import os
import pickle
import re
import shutil
import statistics
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from ai.engine import Engine  # noqa: E402
from ai.types import Algorithm, SearchLimits, SearchOptions  # noqa: E402
from backgammon_search_cost import self_play_positions  # noqa: E402
from backgammon_movegen import gnubg_board  # noqa: E402
from games.backgammon import cube, neural  # noqa: E402
from games.backgammon.neural import equity, outcome_probabilities  # noqa: E402
from games.backgammon.rules import DOUBLE, BackgammonState, Cube, in_contact  # noqa: E402
from games.base import CHANCE, FIRST  # noqa: E402
from games.registry import get_game  # noqa: E402


def match_id(player_on_roll: int, cube: Cube = Cube()) -> str:
    """gnubg's Match ID of a money game in play, ``player_on_roll`` (0 or 1, gnubg's
    numbering = ours) on roll and to decide, dice not rolled, with ``cube`` (its value and
    owner; centred at 1 by default)."""
    import base64
    owner = 3 if cube.owner is None else cube.owner
    value = (cube.value.bit_length() - 1) | (owner << 4) | (player_on_roll << 6) | (1 << 8) | (player_on_roll << 11)
    return base64.b64encode(value.to_bytes(9, "little")).decode()


def positions(count: int, seed: int, minimum: float, owned: bool = False, jacoby: bool = False
              ) -> list[BackgammonState]:
    """Turn starts where the side on roll's cubeless equity is at least ``minimum``, with
    the cube centred at 1, or (``owned``) at 2 on the side on roll's side; ``jacoby``: with
    the Jacoby rule. Met in the self-play of the networks ``neural.learned()`` uses."""
    def keep(state, generator):
        if state.to_move() != CHANCE or state.player is None:
            return None
        value = equity(outcome_probabilities(state)) * (1 if state.player == FIRST else -1)
        if value >= minimum and generator.random() < 0.5:
            cube = Cube(2, state.player, jacoby=jacoby) if owned else Cube(jacoby=jacoby)
            return BackgammonState(state[0], state[1], state.player, (), cube)
        return None
    return self_play_positions(count, seed, keep)


def gnubg_answers(states: list[BackgammonState], plies: int = 2) -> list[tuple[str, float, float]]:
    """gnubg's "Proper cube action" for each position, in order, with its cubeful no-double
    and double/take equities, at ``plies`` (its default is 2)."""
    program = shutil.which("gnubg") or shutil.which("gnubg", path="/usr/games")
    if program is None:
        sys.exit("gnubg is not installed (apt-get install gnubg)")
    jacoby = "set jacoby " + ("on" if states and states[0].cube.jacoby else "off")
    commands = ["set player 0 human", "set player 1 human", jacoby, "set beavers 0",
                f"set evaluation cubedecision evaluation plies {plies}", "new session"]
    for state in states:
        ident = state.to_text().split()[0]
        # Setting an ID starts gnubg's default money game, with the Jacoby rule and beavers: set again.
        commands += [f"set gnubgid {ident}:{match_id(state.player, state.cube)}", jacoby, "set beavers 0",
                     "hint"]
    output = subprocess.run([program, "-t", "-q"], input="\n".join(commands) + "\n", capture_output=True,
                            text=True, timeout=3600).stdout
    blocks = output.split("Setting GNUbg ID")[1:]
    answers = []
    for block in blocks:
        action = re.search(r"Proper cube action: (.*)", block)
        no_double = re.search(r"No double\s+([+-]\d+\.\d+)", block)
        double_take = re.search(r"Double, take\s+([+-]\d+\.\d+)", block)
        if action and no_double and double_take:
            answers.append((action[1].strip(), float(no_double[1]), float(double_take[1])))
    if len(answers) != len(states) or len(blocks) != len(states):
        sys.exit(f"gnubg answered {len(answers)} of {len(states)} positions:\n{output[-2000:]}")
    return answers


def gnubg_decision(action: str) -> tuple[bool, bool]:
    """(double, take) from gnubg's words ("No double, take", "Double, pass", "Too good to
    double, pass", "Redouble, take", "No double, beaver" (a take), ...)."""
    words = action.lower()
    double = words.startswith(("double", "redouble"))
    take = "take" in words or "beaver" in words
    return double, take


def engine_times(states: list[BackgammonState]) -> list[float]:
    """CPU seconds the app's engine takes for each double-or-not and each take-or-drop."""
    entry = get_game("backgammon")
    times = []
    for state in states:
        for decision_node in (state, state.apply(DOUBLE)):
            engine = Engine.for_entry(entry, SearchOptions(algorithm=Algorithm.EXPECTIMINIMAX))
            started = time.process_time()
            result = engine.search(decision_node, SearchLimits(depth=2))
            times.append(time.process_time() - started)
            assert result.reason == "cube"
    return sorted(times)


def gnubg_net_probabilities(states: Sequence[BackgammonState]) -> list[tuple[float, ...]]:
    """``FIRST``'s cubeless probabilities from gnubg's 0-ply networks (``gnubg_nn``), in the
    form ``games.backgammon.cube`` takes: for ``--diagnose`` only, never used by the app."""
    import gnubg_nn
    found = []
    for state in states:
        mover = FIRST if state.player is None else state.player
        on_roll, other = state.checkers(mover), state.checkers(1 - mover)
        if neural.source(on_roll, other) == neural.FINISHED:
            chances = neural.outcome_probabilities(state)
        else:
            chances = tuple(gnubg_nn.probabilities(gnubg_board(on_roll, other), 0))
            chances = chances if mover == FIRST else neural.flipped(chances)
        found.append(chances)
    return found


def method_check(states: list[BackgammonState], answers: list[tuple[str, float, float]], plies: int) -> None:
    """Print how far our method, fed gnubg's own 0-ply probabilities, is from gnubg's
    cubeful equities and decisions at the same depth."""
    no_double_gaps, double_take_gaps, same = [], [], 0
    for state, (action, no_double, double_take) in zip(states, answers):
        borrowed = cube.decision(state, gnubg_net_probabilities, plies, None) if plies else \
            cube.quick_decision(state, gnubg_net_probabilities)
        no_double_gaps.append(abs(borrowed.no_double - no_double))
        double_take_gaps.append(abs(borrowed.double_take - double_take))
        same += (borrowed.double, borrowed.take) == gnubg_decision(action)
    print(f"{len(states)} positions, our method with gnubg's 0-ply probabilities against gnubg, both {plies}-ply: "
          f"no double differs by {statistics.fmean(no_double_gaps):.4f} on average (largest "
          f"{max(no_double_gaps):.3f}), double/take by {statistics.fmean(double_take_gaps):.4f} (largest "
          f"{max(double_take_gaps):.3f}); the same decision in {same}/{len(states)}")


def kind_of(double: bool, take: bool, too_good: bool) -> str:
    """A decision in gnubg's words, without its numbers."""
    if double:
        return "double/" + ("take" if take else "pass")
    return ("too good/" if too_good else "no double/") + ("take" if take else "pass")


def decide_all(states: list[BackgammonState], answers: list[tuple[str, float, float]], decide,
               diagnose: bool) -> tuple[list[bool], list[bool], list[bool], Counter[int], list[float]]:
    """Decide every position with ``decide`` (the networks ``neural.cube_learned()`` uses) and
    print the misses, their count by kind and (``diagnose``) by cause. Returns, position
    by position, whether the double-or-not, the take-or-drop and both agree with gnubg, the
    count of decisions by look-ahead depth and the CPU seconds of each double-or-not."""
    doubles, takes, both = [], [], []
    kinds: Counter[str] = Counter()
    causes: Counter[str] = Counter()
    depths: Counter[int] = Counter()
    seconds = []
    for state, (action, no_double, double_take) in zip(states, answers):
        started = time.process_time()
        ours = decide(state)
        seconds.append(time.process_time() - started)
        depths[ours.plies] += 1
        theirs = gnubg_decision(action)
        if diagnose:
            borrowed = decide(state, gnubg_net_probabilities)
            right = (borrowed.double, borrowed.take) == theirs
            if (ours.double, ours.take) == theirs:
                causes["ours agrees" + ("" if right else "; with gnubg's probabilities it would not")] += 1
            else:
                causes["ours misses: " + ("our probabilities (gnubg's agree)" if right else
                                          "with gnubg's probabilities too")] += 1
        doubles.append(ours.double == theirs[0])
        takes.append(ours.take == theirs[1])
        both.append((ours.double, ours.take) == theirs)
        if not both[-1]:
            own, other = state.checkers(state.player), state.checkers(1 - state.player)
            where = "contact" if in_contact(own, other) else "race"
            kinds[f"gnubg {kind_of(*theirs, action.lower().startswith('too good'))}, "
                  f"ours {kind_of(ours.double, ours.take, ours.too_good)}"] += 1
            ident = state.to_text().split()[0]
            print(f"{ident}:{match_id(state.player, state.cube)} {where:7}  gnubg: {action:32} ND {no_double:+.3f} "
                  f"DT {double_take:+.3f}  ours: ND {ours.no_double:+.3f} DT {ours.double_take:+.3f}")
            if diagnose:
                mine = cube.chances_of(state, state.player)
                gnubg_net = cube.chances_of(state, state.player, gnubg_net_probabilities)
                print(f"    win, win gammon, win bg, lose gammon, lose bg: ours {' '.join(f'{x:.3f}' for x in mine)}"
                      f" (cubeless {mine.cubeless_equity():+.3f}), gnubg 0-ply "
                      f"{' '.join(f'{x:.3f}' for x in gnubg_net)} ({gnubg_net.cubeless_equity():+.3f}); ours with "
                      f"gnubg's: ND {borrowed.no_double:+.3f} DT {borrowed.double_take:+.3f}")
    for kind, times in kinds.most_common():
        print(f"{times:4}  {kind}")
    for cause, times in causes.most_common():
        print(f"{times:4}  {cause}")
    return doubles, takes, both, depths, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("count", type=int, nargs="?", default=100)
    parser.add_argument("seed", type=int, nargs="?", default=1)
    parser.add_argument("--minimum", type=float, default=0.25)
    parser.add_argument("--quick", action="store_true", help="our 0-ply formulas instead of the look-ahead")
    parser.add_argument("--plies", type=int, default=cube.LOOK_AHEAD, help="our look-ahead (default: the app's)")
    parser.add_argument("--budget", type=int, default=cube.LOOK_AHEAD_BUDGET,
                        help="positions our look-ahead may evaluate (0: no limit; default: the app's)")
    parser.add_argument("--screen", type=int, default=cube.LOOK_AHEAD_SCREEN or 0,
                        help="plays a roll our look-ahead's last ply evaluates by the leaf screen (0: all; "
                             "default: the app's)")
    parser.add_argument("--gnubg-plies", type=int, default=2, choices=(0, 1, 2, 3))
    parser.add_argument("--owned", action="store_true", help="the cube at 2, owned by the side on roll (redoubles)")
    parser.add_argument("--jacoby", action="store_true", help="with the Jacoby rule, in gnubg too")
    parser.add_argument("--method-check", action="store_true",
                        help="only compare gnubg's cubeful equities with our method's fed gnubg's 0-ply "
                             "probabilities, at gnubg's depth without a budget")
    parser.add_argument("--diagnose", action="store_true",
                        help="also decide with gnubg's 0-ply probabilities (gnubg_nn) in our formulas, to tell "
                             "misses of our probabilities from misses of the method")
    parser.add_argument("--weights", type=Path, nargs="+", help="weights files deciding the same positions, in "
                        "turn, as the cube's networks (default: the shipped cube networks)")
    parser.add_argument("--positions-from", type=Path, default=neural.NETWORKS_FILE,
                        help="the weights whose self-play chooses the positions (default: the shipped ones)")
    parser.add_argument("--cache", type=Path, help="a pickle of the positions and gnubg's answers to reuse")
    arguments = parser.parse_args()
    budget = arguments.budget or None
    screen_width = arguments.screen or None
    decide = cube.quick_decision if arguments.quick else \
        (lambda state, source=cube.CUBE_LEARNED: cube.decision(state, source, arguments.plies, budget, screen_width))
    key = (arguments.count, arguments.seed, arguments.minimum, arguments.owned, arguments.jacoby,
           arguments.gnubg_plies, arguments.positions_from.read_bytes())
    cached = pickle.loads(arguments.cache.read_bytes()) if arguments.cache and arguments.cache.exists() else None
    if cached is not None and cached[0] == key:
        states, answers = cached[1], cached[2]
    else:
        neural.use_networks(arguments.positions_from)
        states = positions(arguments.count, arguments.seed, arguments.minimum, arguments.owned, arguments.jacoby)
        answers = gnubg_answers(states, arguments.gnubg_plies)
        if arguments.cache:
            arguments.cache.write_bytes(pickle.dumps((key, states, answers)))
    if arguments.method_check:
        method_check(states, answers, arguments.gnubg_plies)
        return
    count = len(states)
    first = None
    for path in arguments.weights or [neural.CUBE_NETWORKS_FILE]:
        neural.use_cube_networks(path)
        if arguments.weights:
            print(f"--- {path}", flush=True)
        doubles, takes, both, depths, seconds = decide_all(states, answers, decide, arguments.diagnose)
        seconds.sort()
        print(f"our double-or-not decisions: median {statistics.median(seconds):.3f} CPU s, "
              f"90% {seconds[int(0.9 * (len(seconds) - 1))]:.3f}, max {seconds[-1]:.3f}")
        if first is None and not arguments.quick and arguments.plies == cube.LOOK_AHEAD \
                and budget == cube.LOOK_AHEAD_BUDGET and screen_width == cube.LOOK_AHEAD_SCREEN:
            load = os.getloadavg()[0]
            times = engine_times(states)
            print(f"the engine's cube decisions ({len(times)}, load {load:.1f} to {os.getloadavg()[0]:.1f}): "
                  f"median {statistics.median(times):.3f} CPU s, 90% {times[int(0.9 * (len(times) - 1))]:.3f}, "
                  f"max {times[-1]:.3f}")
        line = (f"{count} positions (our cubeless equity >= {arguments.minimum}, cube "
                f"{'at 2, owned by the side on roll' if arguments.owned else 'centred'}"
                f"{', Jacoby rule' if arguments.jacoby else ''}), seed {arguments.seed}, "
                f"ours ({', '.join(f'{times} at {plies}-ply' for plies, times in sorted(depths.items(), reverse=True))})"
                f" against gnubg {arguments.gnubg_plies}-ply: double or not agrees {sum(doubles)}/{count}, "
                f"take or drop {sum(takes)}/{count}, both {sum(both)}/{count}")
        if first is None:
            first = both
        else:
            gained = sum(mine and not theirs for mine, theirs in zip(both, first))
            lost = sum(theirs and not mine for mine, theirs in zip(both, first))
            line += f"; against the first: {gained} more agree, {lost} fewer ({gained - lost:+d})"
        print(line, flush=True)


if __name__ == "__main__":
    main()
