"""Supervised passes for the backgammon contact network: positions labelled by our own
engine's one-ply look-ahead or its rollouts; resumable.

    .venv/bin/python training/backgammon_supervised.py label --data training/runs/sup1 --shards 40
    .venv/bin/python training/backgammon_supervised.py fit --data training/runs/sup1 --start-from games/backgammon/data/networks.bin --out /tmp/sup1.bin

**Why.** TD(lambda) self-play trains the network only on the positions its own 0-ply
play reaches, each with a target drawn from one game's dice. A 0-ply decision, though,
ranks *all* the positions a roll can lead to, most of which the self-play never chose.
So the labelled positions here are, at each decision of 0-ply self-play (with a little
exploration), the position chosen and a few of its siblings (other plays of the same
roll: drawn at random, or with ``--siblings-by best`` the networks' next best, the
plays a 0-ply choice must rank), and each one's label is its exact expectation over
the 21 rolls of the value after the best reply by the current networks (one ply of
expectiminimax): the Bellman backup TD(0) samples with one roll, here taken in full.

**Rollout labels** (``--labels rollout``). A one-ply label inherits the networks' own
errors one ply on, and in contact they are systematic (``bench/RESULTS.md``: the
networks overrate the side ahead in the race, where rollouts of our own 0-ply play
agree with GNU Backgammon, not with them). A rollout label does not: each position is
played out ``--trials`` times by the networks' 0-ply choices, every trial with its own
dice, until the game ends or becomes a race, where the race network (accurate to about
0.02 in equity) gives the rest; the label is the mean of the trials' outcome
probabilities. It is noisy (a trial is one game) but not biased by the contact
network's errors, and noise averages out over many positions. The plays labelled at
one turn (the chosen one and its siblings) are rolled out with the same dice, trial by
trial (common random numbers, as a rollout of candidate moves is). That buys little
here: measured on 40 turns of three plays each, labelled twice with different dice, a
label's noise has a standard deviation of 0.31 in equity and is correlated only 0.04
between the plays of a turn (the games part ways within a few rolls).

* ``label``: ``--shards`` shards of ``--games`` games each, shard ``k`` from seed
  ``(seed, k)``, each written to ``<data>/shard-<k>.npz`` (the slots of every labelled
  contact position, its five target probabilities) when done; a shard already written
  is skipped, so an interrupted run resumes by running the same command again.
  ``--workers`` processes (default: one per core). The labelling networks are
  ``--weights`` (default: the shipped ones); ``--labels`` one-ply (default) or rollout
  (``--trials`` games a position). ``--minimum-equity E`` labels only the positions
  whose side on roll has a cubeless equity of ``E`` or more by the labelling networks
  (the positions where a double is worth asking about, as the cube check chooses
  them). Each shard records its kind of label, and its positions' turns.
* ``fit``: reads the shards of one or more ``--data`` folders (in the order given; it
  refuses a mixture of one-ply and rollout labels, or of rollouts of different
  lengths), starts from ``--start-from`` (a weights file in the shipped format) and
  trains the contact network on every shard for ``--epochs`` passes (Adam, squared
  error, ``--rate``), then writes ``--out`` (the race network is copied unchanged).
  The last ``--holdout`` shards are left out and their loss is printed before and after.
  ``--keep K`` fits ``1 - K`` of each label plus ``K`` of the starting network's own
  output (``blended_targets``): the labels' pull, with the network held near its start.
  ``--within W`` leaves ``W`` of each turn's mean error out of the loss
  (``within_turn_targets``; batches of whole turns): with 1 the fit learns only how the
  plays of a roll differ, which is all a 0-ply choice uses, and not their level.
  The held-out error is printed whole and within turns (``within_turn_error``: how
  well the network's differences between the plays of a roll, which rank them, match
  the labels').

The data and the labels are the program's own (its networks, its rules); nothing is
learned from another program. Needs numpy (a development dependency).
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.backgammon import network  # noqa: E402
from games.backgammon.neural import NETWORKS_FILE, equity  # noqa: E402
from games.backgammon.notation import CHECKERS, OFF  # noqa: E402
from games.backgammon.rules import NEXT_ROLLS, START, generate_turns, in_contact  # noqa: E402
from training import backgammon_td as td  # noqa: E402


def one_ply(player: td.Player, on_roll: tuple, other: tuple) -> np.ndarray:
    """The five outcome probabilities of ``on_roll`` (to roll) by one ply of look-ahead:
    over the 21 rolls, the value after its best play by ``player``'s 0-ply choice."""
    total = np.zeros(network.OUTPUTS)
    for dice, weight in NEXT_ROLLS:
        (own_after, other_after), name, _, outputs = player.choose(on_roll, other, dice)
        if name is None:
            total += weight * td.flip(td.result_for_loser(own_after, other_after))
        else:
            total += weight * td.flip(outputs)
    return total


def rollout(player: td.Player, on_roll: tuple, other: tuple, trials: int, rng: random.Random) -> np.ndarray:
    """The five outcome probabilities of ``on_roll`` (to roll) as the mean of ``trials``
    games played from it by ``player``'s 0-ply choices, each cut where it becomes a race
    (the race network's probabilities then stand for the rest)."""
    total = np.zeros(network.OUTPUTS)
    for _ in range(trials):
        boards = [on_roll, other]
        mover = 0
        while True:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            (own_after, other_after), name, _, outputs = player.choose(boards[mover], boards[1 - mover],
                                                                       (max(dice), min(dice)))
            if name is None:
                for_mover = td.flip(td.result_for_loser(own_after, other_after))
            elif name == "race":
                for_mover = td.flip(outputs)
            else:
                boards[mover], boards[1 - mover] = own_after, other_after
                mover = 1 - mover
                continue
            total += for_mover if mover == 0 else td.flip(for_mover)
            break
    return total / trials


LABELS = ("one-ply", "rollout")
"""The kinds of label ``label`` can write."""


def label_shard(weights, games: int, seed: tuple, siblings: int, explore: float, labels: str = "one-ply",
                trials: int = 16, siblings_by: str = "random", minimum_equity: float | None = None):
    """Labelled contact positions (slots, targets, turns) from ``games`` games of 0-ply
    self-play: at each turn the position chosen and up to ``siblings`` other plays of the
    same roll (drawn at random, or with ``siblings_by == "best"`` the networks' next best
    at 0-ply), each position with the side on roll after the play to move; each label by
    ``one_ply`` or (``labels == "rollout"``) ``rollout`` of ``trials`` games, with the
    same dice for every play labelled at one turn (common random numbers). ``turns``
    numbers each position's turn (0, 1, ... through the games): the plays of one roll
    share a number. With ``minimum_equity`` only the positions whose side on roll has at
    least that cubeless equity by the labelling networks are labelled (positions worth
    asking about a double: the cube's own positions)."""
    player = td.Player(weights)
    rng = random.Random(repr(seed))
    turn_seeds = random.Random(repr((seed, "rollout")))
    slots, targets, turns = [], [], []
    turn = 0
    for _ in range(games):
        high, low = rng.sample(range(1, 7), 2)
        dice = (high, low)
        boards = [START, START]
        mover = rng.randrange(2)
        while True:
            own, other = boards[mover], boards[1 - mover]
            dice = (max(dice), min(dice))
            if siblings_by == "best":
                plays = [entry[1] for entry in player.ranked(own, other, dice)]
                choice = rng.choice(plays) if rng.random() < explore else plays[0]
                chosen = [choice] + [play for play in plays if play != choice][:siblings]
            else:
                plays = list(generate_turns(own, other, dice))
                if rng.random() < explore:
                    choice = rng.choice(plays)
                else:
                    choice = player.choose(own, other, dice)[0]
                others = [play for play in plays if play != choice]
                chosen = [choice] + rng.sample(others, min(siblings, len(others)))
            turn_seed = turn_seeds.random()
            for own_after, other_after in chosen:
                if own_after[OFF] == CHECKERS or not in_contact(other_after, own_after):
                    continue
                position_slots = td.SLOTS["contact"](other_after, own_after)
                if minimum_equity is not None:
                    if equity(player.outputs("contact", [position_slots])[0]) < minimum_equity:
                        continue
                slots.append(position_slots)
                turns.append(turn)
                if labels == "rollout":
                    # The same dice for every play of the turn (measured: their labels'
                    # noise is hardly correlated all the same; see the module's docstring).
                    targets.append(rollout(player, other_after, own_after, trials, random.Random(turn_seed)))
                else:
                    targets.append(one_ply(player, other_after, own_after))
            boards[mover], boards[1 - mover] = choice
            turn += 1
            if choice[0][OFF] == CHECKERS:
                break
            mover = 1 - mover
            dice = (rng.randint(1, 6), rng.randint(1, 6))
    return (np.asarray(slots, dtype=np.int16).reshape(-1, len(td.SLOT_UNITS["contact"])),
            np.asarray(targets, dtype=np.float32).reshape(-1, network.OUTPUTS),
            np.asarray(turns, dtype=np.int32))


def _label_task(arguments):
    path, shard, weights, games, seed, siblings, explore, labels, trials, siblings_by, minimum_equity = arguments
    started = time.perf_counter()
    slots, targets, turns = label_shard(weights, games, (seed, shard), siblings, explore, labels, trials,
                                        siblings_by, minimum_equity)
    temporary = path.with_suffix(".tmp.npz")
    kind = labels if labels == "one-ply" else f"rollout of {trials} games, the same dice for a turn's plays"
    if minimum_equity is not None:
        kind += f", positions of equity {minimum_equity} or more"
    np.savez(temporary, slots=slots, targets=targets, turns=turns, labels=np.array(kind))
    os.replace(temporary, path)
    return shard, len(slots), time.perf_counter() - started


def label(args) -> None:
    args.data.mkdir(parents=True, exist_ok=True)
    weights = td.weights_from_file(args.weights)
    todo = [(args.data / f"shard-{shard:04d}.npz", shard, weights, args.games, args.seed, args.siblings, args.explore,
             args.labels, args.trials, args.siblings_by, args.minimum_equity)
            for shard in range(args.shards) if not (args.data / f"shard-{shard:04d}.npz").exists()]
    print(f"{len(todo)} shards to label of {args.shards}", flush=True)
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for shard, count, seconds in pool.map(_label_task, todo):
            print(f"{time.strftime('%H:%M:%S')} shard {shard}: {count} positions in {seconds:.0f} s", flush=True)


def shard_labels(path: Path) -> str:
    """The kind of label a shard holds ("one-ply" for shards written before kinds were recorded)."""
    with np.load(path) as part:
        return str(part["labels"]) if "labels" in part.files else "one-ply"


def load_shards(paths: list[Path]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """All the slots, targets and turns of these shards, concatenated; the turns numbered
    afresh (0, 1, ...) across the shards, a position of a shard that records none its own
    turn."""
    slots, targets, turns = [], [], []
    for path in paths:
        with np.load(path) as part:
            slots.append(part["slots"].astype(np.int64))
            targets.append(part["targets"].astype(np.float64))
            own = part["turns"] if "turns" in part.files else np.arange(len(part["slots"]))
        turns.append(np.unique(own, return_inverse=True)[1].reshape(-1) + (turns[-1].max() + 1 if turns else 0))
    if not slots:
        return np.zeros((0, 0), dtype=np.int64), np.zeros((0, network.OUTPUTS)), np.zeros(0, dtype=np.int64)
    return np.concatenate(slots), np.concatenate(targets), np.concatenate(turns).astype(np.int64)


def contact_outputs(weights: dict[str, np.ndarray], slots: np.ndarray) -> np.ndarray:
    """The contact network's five outputs for each row of ``slots``."""
    parts = []
    for start in range(0, len(slots), 4096):
        inputs = td.TABLES["contact"].dense(slots[start:start + 4096])
        hidden = td.sigmoid(inputs @ weights["w1"] + weights["b1"])
        parts.append(td.sigmoid(hidden @ weights["w2"].T + weights["b2"]))
    return np.concatenate(parts) if parts else np.zeros((0, network.OUTPUTS))


def squared_error(weights: dict[str, np.ndarray], slots: np.ndarray, targets: np.ndarray) -> float:
    """The mean over positions of the summed squared error of the five outputs."""
    return float(((contact_outputs(weights, slots) - targets) ** 2).sum(axis=1).mean())


def blended_targets(weights: dict[str, np.ndarray], slots: np.ndarray, targets: np.ndarray, keep: float
                    ) -> np.ndarray:
    """``targets`` moved a fraction ``keep`` (0..1) of the way to the contact network's own
    outputs: fitting them is fitting the labels while keeping the network near where it
    started (the two squared errors weighted ``1 - keep`` and ``keep`` have the same
    minimum and the same gradients)."""
    if not keep:
        return targets
    return (1.0 - keep) * targets + keep * contact_outputs(weights, slots)


def turn_means(values: np.ndarray, turns: np.ndarray) -> np.ndarray:
    """Each row of ``values`` replaced by the mean of the rows of its turn (``turns``:
    one number a row, any integers)."""
    _, index = np.unique(turns, return_inverse=True)
    index = index.reshape(-1)
    sums = np.zeros((index.max() + 1 if len(index) else 0, values.shape[1]))
    np.add.at(sums, index, values)
    return (sums / np.bincount(index)[:, None])[index]


def within_turn_error(weights: dict[str, np.ndarray], slots: np.ndarray, targets: np.ndarray,
                      turns: np.ndarray) -> float:
    """The mean over positions of the summed squared error of the five outputs, less each
    turn's mean error: how far the network's differences between a turn's plays are from
    the labels'."""
    error = contact_outputs(weights, slots) - targets
    return float(((error - turn_means(error, turns)) ** 2).sum(axis=1).mean())


def batches(turns: np.ndarray, size: int, rng: np.random.Generator, whole_turns: bool):
    """Minibatches of row indices over one epoch, in a random order: about ``size`` rows
    each; with ``whole_turns`` every turn's rows in one batch (the turns shuffled, a
    batch closed once it holds ``size`` rows or more)."""
    if not whole_turns:
        order = rng.permutation(len(turns))
        for start in range(0, len(order), size):
            yield order[start:start + size]
        return
    by_turn = np.argsort(turns, kind="stable")
    starts = np.flatnonzero(np.r_[True, np.diff(turns[by_turn]) != 0])
    ends = np.r_[starts[1:], len(turns)]
    batch: list[np.ndarray] = []
    rows = 0
    for turn in rng.permutation(len(starts)):
        batch.append(by_turn[starts[turn]:ends[turn]])
        rows += ends[turn] - starts[turn]
        if rows >= size:
            yield np.concatenate(batch)
            batch, rows = [], 0
    if batch:
        yield np.concatenate(batch)


def within_turn_targets(weights: dict[str, np.ndarray], slots: np.ndarray, targets: np.ndarray,
                        turns: np.ndarray, within: float) -> np.ndarray:
    """Targets whose squared error is, to the fraction ``within`` (0..1), only the error
    *within* each turn: each turn's labels moved by ``within`` times the network's mean
    error on that turn (at the current weights, held fixed for the step). With 1 the
    loss is ``within_turn_error``: its gradient pulls the network's differences between a
    roll's plays toward the labels' and leaves the level of each turn alone. ``turns``
    must hold whole turns (``batches(..., whole_turns=True)``)."""
    error = contact_outputs(weights, slots) - targets
    return targets + within * turn_means(error, turns)


def fit(args) -> None:
    shards = [path for folder in args.data for path in sorted(folder.glob("shard-*.npz"))]
    folders = " ".join(str(folder) for folder in args.data)
    if len(shards) <= args.holdout:
        sys.exit(f"{folders}: {len(shards)} shards, not more than the {args.holdout} held out")
    if not 0.0 <= args.keep <= 1.0:
        sys.exit(f"--keep {args.keep}: a fraction from 0 to 1")
    if not 0.0 <= args.within <= 1.0:
        sys.exit(f"--within {args.within}: a fraction from 0 to 1")
    kinds = sorted({shard_labels(path) for path in shards})
    if len({kind.split(",")[0] for kind in kinds}) > 1:
        sys.exit(f"{folders}: shards with different labels ({'; '.join(kinds)}); one kind a fit")
    train_slots, train_targets, train_turns = load_shards(shards[:len(shards) - args.holdout])
    held_slots, held_targets, held_turns = load_shards(shards[len(shards) - args.holdout:])
    weights = td.weights_from_file(args.start_from)
    contact = weights["contact"]
    adam = td.Adam(contact)
    rng = np.random.default_rng(args.seed)
    print(f"{len(train_slots)} positions to train on, {len(held_slots)} held out", flush=True)
    train_targets = blended_targets(contact, train_slots, train_targets, args.keep)

    def held_out() -> str:
        if not len(held_slots):
            return "nothing held out"
        return (f"held out {squared_error(contact, held_slots, held_targets):.5f}"
                f" (within turns {within_turn_error(contact, held_slots, held_targets, held_turns):.5f})")

    print(f"before: {held_out()}", flush=True)
    for epoch in range(args.epochs):
        rate = args.rate * (0.3 ** (epoch / max(1, args.epochs - 1)))
        losses = []
        for chosen in batches(train_turns, args.batch, rng, whole_turns=bool(args.within)):
            targets = train_targets[chosen]
            if args.within:
                targets = within_turn_targets(contact, train_slots[chosen], targets, train_turns[chosen],
                                              args.within)
            grads, loss = td.gradients("contact", contact, train_slots[chosen], targets)
            adam.step(contact, grads, rate)
            losses.append(loss)
        print(f"epoch {epoch + 1}: training error {np.mean(losses):.5f}, {held_out()}, rate {rate:.1e}", flush=True)
    header, _ = network.read_networks(args.start_from)
    about = dict(header.get("about", {}))
    this_pass = {"positions": int(len(train_slots)), "epochs": args.epochs, "rate": args.rate,
                 "keep": args.keep, "within": args.within,
                 "labels": f"{'; '.join(kinds)}, our own networks", "date": time.strftime("%Y-%m-%d")}
    if "supervised" in about:  # a pass on top of an earlier one: keep the record of that one
        this_pass["before"] = about["supervised"]
    about["supervised"] = this_pass
    network.save_networks(args.out, {name: {key: value.tolist() for key, value in arrays.items()}
                                     for name, arrays in weights.items()}, about)
    print(f"wrote {args.out}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    labelling = commands.add_parser("label", help="label positions (resumable)")
    labelling.add_argument("--data", type=Path, required=True, help="folder of the shards")
    labelling.add_argument("--shards", type=int, default=40)
    labelling.add_argument("--games", type=int, default=20, help="self-play games a shard")
    labelling.add_argument("--seed", type=int, default=1)
    labelling.add_argument("--siblings", type=int, default=2, help="other plays of the roll labelled a turn")
    labelling.add_argument("--siblings-by", choices=("random", "best"), default="random",
                           help="the siblings drawn at random, or the networks' next best plays")
    labelling.add_argument("--explore", type=float, default=0.05, help="chance of a random play a turn")
    labelling.add_argument("--weights", type=Path, default=NETWORKS_FILE, help="the labelling networks")
    labelling.add_argument("--labels", choices=LABELS, default="one-ply", help="how each position is labelled")
    labelling.add_argument("--trials", type=int, default=16, help="games a position with --labels rollout")
    labelling.add_argument("--minimum-equity", type=float, default=None,
                           help="label only positions whose side on roll has this cubeless equity or more")
    labelling.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    fitting = commands.add_parser("fit", help="train the contact network on the labels")
    fitting.add_argument("--data", type=Path, nargs="+", required=True,
                         help="folders of shards, one kind of label (rollouts with or without the same dice a turn "
                              "count as one); the last shards held out")
    fitting.add_argument("--start-from", type=Path, default=NETWORKS_FILE)
    fitting.add_argument("--out", type=Path, required=True)
    fitting.add_argument("--epochs", type=int, default=4)
    fitting.add_argument("--rate", type=float, default=1e-4)
    fitting.add_argument("--batch", type=int, default=64)
    fitting.add_argument("--keep", type=float, default=0.0,
                         help="fraction (0..1) of each target taken from the starting network's own output")
    fitting.add_argument("--within", type=float, default=0.0,
                         help="fraction of each turn's mean error left out of the loss: 1 fits only the "
                              "differences between a roll's plays (batches of whole turns)")
    fitting.add_argument("--holdout", type=int, default=1, help="shards held out to measure the error on")
    fitting.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    label(args) if args.command == "label" else fit(args)


if __name__ == "__main__":
    main()
