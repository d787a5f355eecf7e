"""The cube policy against GNU Backgammon's own cube analysis (Debian's ``gnubg``, run
as a separate program: a benchmark reference only, never used by the app).

Positions: the starts of turns (cube centred at 1, dice not rolled) met in games the
engine plays against itself at 0-ply, cubeless, kept when our cubeless equity for the
side on roll is at least ``--minimum`` (default 0.25: positions where a double is worth
asking about). For each, gnubg is given ``PositionID:MatchID`` (``set gnubgid``) and
asked for a ``hint`` without the Jacoby rule (gnubg's default for money games has it, and
then a centred cube caps the no-double equity at about 1); its "Proper cube action" (at its default evaluation settings, 2-ply)
is compared with ours (``games.backgammon.cube.decision``): double or not, take or drop.
Prints the agreement and the disagreements.

    .venv/bin/python bench/backgammon_cube_check.py [positions] [seed] [--minimum 0.25]
"""
from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from backgammon_search_cost import self_play_positions  # noqa: E402
from games.backgammon import cube  # noqa: E402
from games.backgammon.neural import equity, outcome_probabilities  # noqa: E402
from games.backgammon.rules import BackgammonState, Cube  # noqa: E402
from games.base import CHANCE, FIRST  # noqa: E402


def match_id(player_on_roll: int) -> str:
    """gnubg's Match ID of a money game in play, cube centred at 1, ``player_on_roll``
    (0 or 1, gnubg's numbering = ours) on roll and to decide, dice not rolled."""
    import base64
    value = 0 | (3 << 4) | (player_on_roll << 6) | (1 << 8) | (player_on_roll << 11)
    return base64.b64encode(value.to_bytes(9, "little")).decode()


def positions(count: int, seed: int, minimum: float) -> list[BackgammonState]:
    """Turn starts with the cube centred where the side on roll's cubeless equity is at least ``minimum``."""
    def keep(state, generator):
        if state.to_move() != CHANCE or state.player is None:
            return None
        value = equity(outcome_probabilities(state)) * (1 if state.player == FIRST else -1)
        if value >= minimum and generator.random() < 0.5:
            return BackgammonState(state[0], state[1], state.player, (), Cube())
        return None
    return self_play_positions(count, seed, keep)


def gnubg_actions(states: list[BackgammonState]) -> list[str]:
    """gnubg's "Proper cube action" line for each position, in order."""
    program = shutil.which("gnubg") or shutil.which("gnubg", path="/usr/games")
    if program is None:
        sys.exit("gnubg is not installed (apt-get install gnubg)")
    commands = ["set player 0 human", "set player 1 human", "set jacoby off", "new session"]
    for state in states:
        ident = state.to_text().split()[0]
        # Setting an ID starts gnubg's default money game, with the Jacoby rule: off again.
        commands += [f"set gnubgid {ident}:{match_id(state.player)}", "set jacoby off", "hint"]
    output = subprocess.run([program, "-t", "-q"], input="\n".join(commands) + "\n", capture_output=True,
                            text=True, timeout=3600).stdout
    actions = re.findall(r"Proper cube action: (.*)", output)
    if len(actions) != len(states):
        sys.exit(f"gnubg answered {len(actions)} of {len(states)} positions:\n{output[-2000:]}")
    return actions


def gnubg_decision(action: str) -> tuple[bool, bool]:
    """(double, take) from gnubg's words ("No double, take", "Double, pass", "Too good to
    double, pass", "Redouble, take", "No double, beaver", ...)."""
    words = action.lower()
    double = words.startswith(("double", "redouble"))
    take = "take" in words or "beaver" in words
    return double, take


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("count", type=int, nargs="?", default=100)
    parser.add_argument("seed", type=int, nargs="?", default=1)
    parser.add_argument("--minimum", type=float, default=0.25)
    arguments = parser.parse_args()
    states = positions(arguments.count, arguments.seed, arguments.minimum)
    actions = gnubg_actions(states)
    agree_double = agree_take = agree_both = 0
    for state, action in zip(states, actions):
        ours = cube.decision(state)
        theirs = gnubg_decision(action)
        agree_double += ours.double == theirs[0]
        agree_take += ours.take == theirs[1]
        both = (ours.double, ours.take) == theirs
        agree_both += both
        if not both:
            ident = state.to_text().split()[0]
            print(f"{ident}:{match_id(state.player)}  gnubg: {action:32}  ours: {ours.summary()}")
    count = len(states)
    print(f"{count} positions (our cubeless equity >= {arguments.minimum}), seed {arguments.seed}: "
          f"double or not agrees {agree_double}/{count}, take or drop {agree_take}/{count}, "
          f"both {agree_both}/{count}")


if __name__ == "__main__":
    main()
