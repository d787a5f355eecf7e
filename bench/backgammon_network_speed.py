"""What one network evaluation costs: the shipped pure-Python network against numpy.

The issue asked to measure a pure-Python network (a sparse first layer over the few
non-zero inputs) against numpy before choosing. This plays a few 0-ply self-play games,
keeps every decision's children (the turns of one roll: what the search evaluates at
once), and times the contact network on them four ways:

* ``python one``: ``Network.outputs`` per child (the packed look-up sums, no sharing);
* ``python batch``: ``Network.outputs_many`` per decision (siblings by their differences:
  what the app does);
* ``numpy dense``: the input units as a dense matrix times W1 (the textbook form);
* ``numpy look-up``: the same look-up sums as the app, as one numpy gather per decision.

Encoding the slots (``net_inputs.contact_slots``) is the same for every form and timed
apart. Times are per position, in microseconds, best of ``repeats`` passes; numpy is a
development dependency only, used here to measure.

    .venv/bin/python bench/backgammon_network_speed.py [games] [repeats]
"""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.backgammon import neural  # noqa: E402
from games.backgammon.net_inputs import CONTACT_SLOT_UNITS, contact_slots  # noqa: E402
from games.backgammon.network import read_networks  # noqa: E402
from games.backgammon.rules import START, generate_turns, in_contact  # noqa: E402


def decisions(games: int, seed: int) -> list[list[tuple]]:
    """The contact children (``(on_roll, other)`` after each turn) of every decision with
    at least two turns in ``games`` games of 0-ply self-play by the shipped networks."""
    rng = random.Random(seed)
    learned = neural.learned()
    found = []
    for _ in range(games):
        own, other = START, START
        for _ply in range(400):
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            turns = generate_turns(own, other, dice)
            children = [(after_other, after_own) for after_own, after_other in turns]
            contact = [child for child in children if in_contact(*child)]
            if len(contact) >= 2:
                found.append(contact)
            chances = learned.probabilities_many(children)
            best = min(range(len(children)), key=lambda at: neural.equity(chances[at]))
            own, other = children[best]
            if other[25] == 15 or own[25] == 15:
                break
    return found


def best_time(function, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        best = min(best, time.perf_counter() - start)
    return best


def main(argv: list[str]) -> None:
    games = int(argv[0]) if argv else 10
    repeats = int(argv[1]) if len(argv) > 1 else 3
    sets = decisions(games, seed=1)
    positions = sum(len(children) for children in sets)
    network = neural.learned().contact
    slots = [[contact_slots(*child) for child in children] for children in sets]
    _header, arrays = read_networks(neural.NETWORKS_FILE)
    w1, b1, w2, b2 = (np.array(arrays["contact"][name]) for name in ("w1", "b1", "w2", "b2"))
    unit_tables = [np.array(values, dtype=np.float64) for values in CONTACT_SLOT_UNITS]
    lookup = np.concatenate([table @ w1[offset:offset + table.shape[1]]
                             for table, offset in zip(unit_tables, network.offsets)])
    value_offsets = np.cumsum([0] + [table.shape[0] for table in unit_tables[:-1]])

    def encode():
        for children in sets:
            for child in children:
                contact_slots(*child)

    def python_one():
        for group in slots:
            for one in group:
                network.outputs(one)

    def python_batch():
        for group in slots:
            network.outputs_many(group)

    def numpy_outputs(sums):
        hidden = 1.0 / (1.0 + np.exp(-sums))
        return 1.0 / (1.0 + np.exp(-(hidden @ w2.T + b2)))

    def numpy_dense():
        for group in slots:
            array = np.asarray(group)
            dense = np.concatenate([table[array[:, index]] for index, table in enumerate(unit_tables)], axis=1)
            numpy_outputs(dense @ w1 + b1)

    def numpy_lookup():
        for group in slots:
            indices = np.asarray(group) + value_offsets
            numpy_outputs(lookup[indices].sum(axis=1) + b1)

    check_python = np.array(network.outputs_many(slots[0]))
    indices = np.asarray(slots[0]) + value_offsets
    check_numpy = numpy_outputs(lookup[indices].sum(axis=1) + b1)
    agreement = float(np.abs(check_python - check_numpy).max())
    print(f"{len(sets)} decisions, {positions} contact positions ({positions / len(sets):.1f} a decision), "
          f"{network.inputs} inputs, {network.hidden} hidden units; python vs numpy outputs differ by "
          f"{agreement:.1e} at most")
    print(f"{'form':<16}{'us/position':>12}{'ms/decision':>13}")
    for name, function in (("encode slots", encode), ("python one", python_one), ("python batch", python_batch),
                           ("numpy dense", numpy_dense), ("numpy look-up", numpy_lookup)):
        seconds = best_time(function, repeats)
        print(f"{name:<16}{1e6 * seconds / positions:>12.1f}{1e3 * seconds / len(sets):>13.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])
