"""Train the backgammon networks by TD(lambda) self-play, from scratch; resumable.

    .venv/bin/python training/backgammon_td.py --run training/runs/td1 --games 1000000
    .venv/bin/python training/backgammon_td.py --run training/runs/td1 --export games/backgammon/data/networks.bin

Two networks (``games.backgammon.network``): **contact** and **race** (no contact left),
each five logistic outputs (win, win gammon, win backgammon, lose gammon, lose
backgammon for the side on roll). The program plays itself at 0-ply (each turn the one
whose position the networks like best for the mover), and after each game every
position's target is its **lambda-return** (Sutton's forward view of TD(lambda)):

    Z_T = the result;  Z_t = flip((1 - lambda) V(s_t+1) + lambda Z_t+1)

where ``V`` is the network's output at the next position (from the other side's view,
hence ``flip``: win <-> loss, gammons swapped). The positions and targets of each round
of games train the networks by minibatch gradient descent (Adam) on the squared error.

* **Both cores:** a process pool plays the games (``--workers``, default: one per core),
  each task ``--task-games`` games with the weights of the round's start; the main
  process trains between rounds. Rounds are synchronous, so a run is reproducible from
  its seed (``--seed``): task ``k`` of round ``r`` uses seed ``(seed, r, k)``.
* **Checkpoints:** ``<run>/checkpoint.npz`` (weights, Adam state, counters) after every
  evaluation and every ``--checkpoint-every`` games, written to a temporary file and
  renamed, so an interrupted run (killed, machine restarted) resumes from the last one
  by running the same command again.
* **Learning curve:** every ``--eval-every`` games the networks play ``--eval-games``
  games (in pairs with the same dice, seats swapped) against Tesauro's pubeval at 0-ply;
  ``<run>/curve.csv`` gets a row: games trained, points per game, its 95% interval,
  hours, and ``<run>/log.txt`` a line.
* ``--export FILE`` writes the current weights in the shipped format and exits.
* ``--average-games H`` keeps an exponential average of the weights over about the last
  ``H`` games (updated after every round, kept in the checkpoint); the evaluations and
  ``--export`` then use the average. Averaging smooths out the noise of the last steps:
  two snapshots of one run averaged chose better moves than either (``bench/RESULTS.md``).
* ``--play-average`` (with ``--average-games``): the games are played, and their
  targets bootstrapped, by the running average instead of the trained weights (a
  "mean teacher": the targets carry less of the last steps' noise; the gradient steps
  still move the trained weights). Give it again when resuming such a run.
* ``--start-from FILE`` starts a new run from a weights file (the shipped one, say)
  instead of random weights, widened to ``--hidden`` / ``--race-hidden`` hidden units
  where those are larger (the new units start silent: zero outgoing weights).
* ``--variant raw`` (the contact network without the hand features) and ``--variant
  single`` (one network for races and contact alike) train the alternatives the
  shipped design is measured against (``split``, the default).

Needs numpy (a development dependency, not a run-time one: the app evaluates the
networks in pure Python). The data is the program's own play; nothing is learned from
another program.
"""
from __future__ import annotations

import argparse
import csv
import math
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.backgammon import net_inputs, network, pubeval  # noqa: E402
from games.backgammon.notation import CHECKERS, OFF  # noqa: E402
from games.backgammon.rules import START, generate_turns, in_contact  # noqa: E402

NETWORKS = ("contact", "race")
SLOT_UNITS = {"contact": net_inputs.CONTACT_SLOT_UNITS, "race": net_inputs.RACE_SLOT_UNITS}
SLOTS = {"contact": net_inputs.contact_slots, "race": net_inputs.race_slots}


# -- the networks in numpy ---------------------------------------------------------------------
class UnitTables:
    """An encoding's slot units as arrays: ``units[slot]`` (values x units of that slot)."""

    def __init__(self, slot_units) -> None:
        self.units = [np.array(values, dtype=np.float64) for values in slot_units]
        self.widths = [table.shape[1] for table in self.units]
        self.inputs = sum(self.widths)
        sizes = [table.shape[0] for table in self.units]
        self.value_offsets = np.cumsum([0] + sizes[:-1]).astype(np.int64)

    def dense(self, slots: np.ndarray) -> np.ndarray:
        """Input units (N x D) for slot values (N x S)."""
        return np.concatenate([table[slots[:, index]] for index, table in enumerate(self.units)], axis=1)

    def lookup(self, w1: np.ndarray) -> np.ndarray:
        """``units(slot, value) @ W1`` for every slot and value, stacked (values x H)."""
        parts, at = [], 0
        for table, width in zip(self.units, self.widths):
            parts.append(table @ w1[at:at + width])
            at += width
        return np.concatenate(parts, axis=0)


TABLES = {name: UnitTables(SLOT_UNITS[name]) for name in NETWORKS}
VARIANTS = ("split", "raw", "single")
"""``split``: the contact network with the hand features and a separate race network
(what the app ships); for measuring what those choices are worth: ``raw``, the contact
network on the raw board alone; ``single``, one network (with the features) for every
position, races included."""
SINGLE = False


def set_variant(variant: str) -> None:
    """Choose the networks' inputs and split (``VARIANTS``) in this process."""
    global SINGLE
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}; one of {', '.join(VARIANTS)}")
    raw = variant == "raw"
    SLOT_UNITS["contact"] = net_inputs.RACE_SLOT_UNITS if raw else net_inputs.CONTACT_SLOT_UNITS
    SLOTS["contact"] = net_inputs.race_slots if raw else net_inputs.contact_slots
    TABLES["contact"] = UnitTables(SLOT_UNITS["contact"])
    SINGLE = variant == "single"


def sigmoid(values: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-np.clip(values, -40.0, 40.0)))


def new_weights(name: str, hidden: int, rng: np.random.Generator) -> dict[str, np.ndarray]:
    inputs = TABLES[name].inputs
    return {
        "w1": rng.normal(0.0, 1.0 / math.sqrt(inputs), (inputs, hidden)),
        "b1": np.zeros(hidden),
        "w2": rng.normal(0.0, 1.0 / math.sqrt(hidden), (network.OUTPUTS, hidden)),
        "b2": np.zeros(network.OUTPUTS),
    }


class Player:
    """0-ply play with fixed weights (the look-up form: one table row per slot)."""

    def __init__(self, weights: dict[str, dict[str, np.ndarray]]) -> None:
        self.weights = weights
        self.lookup = {name: TABLES[name].lookup(weights[name]["w1"]) for name in NETWORKS}

    def outputs(self, name: str, slots: list[list[int]]) -> np.ndarray:
        table = TABLES[name]
        indices = np.asarray(slots, dtype=np.int64) + table.value_offsets
        sums = self.weights[name]["b1"] + self.lookup[name][indices].sum(axis=1)
        hidden = sigmoid(sums)
        return sigmoid(hidden @ self.weights[name]["w2"].T + self.weights[name]["b2"])

    def _scored(self, own: tuple, opponent: tuple, dice: tuple[int, int]):
        """The roll's turns evaluated, by network: a list of (name, turns, slots, outputs
        from the opponent's view, the mover's equities), or the turn that wins the game."""
        groups: dict[str, list] = {"contact": [], "race": []}
        for own_after, opponent_after in generate_turns(own, opponent, dice):
            if own_after[OFF] == CHECKERS:
                return (own_after, opponent_after)
            name = "contact" if SINGLE or in_contact(opponent_after, own_after) else "race"
            groups[name].append((own_after, opponent_after))
        scored = []
        for name, children in groups.items():
            if children:
                slots = [SLOTS[name](opponent_after, own_after) for own_after, opponent_after in children]
                outputs = self.outputs(name, slots)
                # The mover's equity is minus the opponent's (the side on roll in the child).
                equities = -(2.0 * outputs[:, 0] - 1.0 + outputs[:, 1] - outputs[:, 3] + outputs[:, 2] - outputs[:, 4])
                scored.append((name, children, slots, outputs, equities))
        return scored

    def choose(self, own: tuple, opponent: tuple, dice: tuple[int, int]):
        """The mover's best turn at 0-ply: ``((own_after, opponent_after), network name or
        None when the turn wins, slots, outputs from the opponent's view)``."""
        scored = self._scored(own, opponent, dice)
        if isinstance(scored, tuple):
            return scored, None, None, None
        best = None
        for name, children, slots, outputs, equities in scored:
            index = int(np.argmax(equities))
            if best is None or equities[index] > best[0]:
                best = (equities[index], children[index], name, slots[index], outputs[index])
        return best[1], best[2], best[3], best[4]

    def ranked(self, own: tuple, opponent: tuple, dice: tuple[int, int]) -> list[tuple]:
        """Every turn of the roll, best first at 0-ply (ties in ``choose``'s order):
        ``(the mover's equity, (own_after, opponent_after), network name, slots, outputs
        from the opponent's view)``; a turn that wins the game alone, as ``(inf, turn,
        None, None, None)``."""
        scored = self._scored(own, opponent, dice)
        if isinstance(scored, tuple):
            return [(math.inf, scored, None, None, None)]
        entries = [entry for name, children, slots, outputs, equities in scored
                   for entry in zip(equities.tolist(), children, [name] * len(children), slots, outputs)]
        entries.sort(key=lambda entry: -entry[0])  # stable: the first of equal turns, as argmax
        return entries


def flip(values: np.ndarray) -> np.ndarray:
    """Outcome probabilities seen from the other side."""
    return np.array([1.0 - values[0], values[3], values[4], values[1], values[2]])


def result_for_loser(winner_board: tuple, loser_board: tuple) -> np.ndarray:
    """The final outcome from the loser's point of view (the side "on roll" at the end)."""
    gammon = loser_board[OFF] == 0
    backgammon = gammon and (loser_board[25] > 0 or any(loser_board[19:25]))
    return np.array([0.0, 0.0, 0.0, float(gammon), float(backgammon)])


def self_play(weights, games: int, seed: tuple, lam: float):
    """Play ``games`` games against itself; the positions after each turn (slots per
    network) with their lambda-return targets."""
    player = Player(weights)
    rng = random.Random(repr(seed))
    data = {name: ([], []) for name in NETWORKS}
    moves = 0
    for _ in range(games):
        high, low = rng.sample(range(1, 7), 2)
        dice = (max(high, low), min(high, low))
        boards = [START, START]
        mover = rng.randrange(2)
        trajectory = []  # (network name, slots, outputs) of each position after a turn
        while True:
            (own_after, opponent_after), name, slots, outputs = player.choose(boards[mover], boards[1 - mover], dice)
            boards[mover], boards[1 - mover] = own_after, opponent_after
            moves += 1
            if name is None:
                final = result_for_loser(own_after, opponent_after)
                break
            trajectory.append((name, slots, outputs))
            mover = 1 - mover
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            dice = (max(dice), min(dice))
        target = final
        for name, slots, outputs in reversed(trajectory):
            # ``target`` is the next position's return, seen by the side on roll there;
            # the side on roll here is the other one.
            target_here = flip(target)
            data[name][0].append(slots)
            data[name][1].append(target_here)
            target = (1.0 - lam) * outputs + lam * target_here
    packed = {}
    for name, (slots, targets) in data.items():
        packed[name] = (np.asarray(slots, dtype=np.int16).reshape(-1, len(SLOT_UNITS[name])),
                        np.asarray(targets, dtype=np.float32).reshape(-1, network.OUTPUTS))
    return packed, moves


# -- evaluation against pubeval --------------------------------------------------------------
def _pubeval_turn(own: tuple, opponent: tuple, dice: tuple[int, int]) -> tuple:
    race = pubeval.is_race(own, opponent)
    best, best_score = None, -math.inf
    for key in generate_turns(own, opponent, dice):
        value = pubeval.score(key[0], key[1], race)
        if value > best_score:
            best, best_score = key, value
    return best


def _result_points(loser_board: tuple) -> int:
    if loser_board[OFF]:
        return 1
    return 3 if loser_board[25] or any(loser_board[19:25]) else 2


def versus_pubeval(weights, pairs: range, seed: int) -> list[int]:
    """Points for the networks in each game of the given pairs (two games a pair, the
    same dice, seats swapped)."""
    player = Player(weights)
    results = []
    for pair in pairs:
        for networks_side in (0, 1):
            rng = random.Random(f"{seed}-{pair}")
            high, low = rng.sample(range(1, 7), 2)
            dice = (max(high, low), min(high, low))
            boards = [START, START]
            mover = rng.randrange(2)
            while True:
                own, opponent = boards[mover], boards[1 - mover]
                if mover == networks_side:
                    own_after, opponent_after = player.choose(own, opponent, dice)[0]
                else:
                    own_after, opponent_after = _pubeval_turn(own, opponent, dice)
                boards[mover], boards[1 - mover] = own_after, opponent_after
                if own_after[OFF] == CHECKERS:
                    points = _result_points(opponent_after)
                    results.append(points if mover == networks_side else -points)
                    break
                mover = 1 - mover
                dice = (rng.randint(1, 6), rng.randint(1, 6))
                dice = (max(dice), min(dice))
    return results


# -- training ---------------------------------------------------------------------------------
class Adam:
    def __init__(self, weights: dict[str, np.ndarray]) -> None:
        self.m = {key: np.zeros_like(value) for key, value in weights.items()}
        self.v = {key: np.zeros_like(value) for key, value in weights.items()}
        self.t = 0

    def step(self, weights: dict[str, np.ndarray], grads: dict[str, np.ndarray], rate: float) -> None:
        self.t += 1
        beta1, beta2 = 0.9, 0.999
        correction = math.sqrt(1 - beta2 ** self.t) / (1 - beta1 ** self.t)
        for key, grad in grads.items():
            self.m[key] = beta1 * self.m[key] + (1 - beta1) * grad
            self.v[key] = beta2 * self.v[key] + (1 - beta2) * grad * grad
            weights[key] -= rate * correction * self.m[key] / (np.sqrt(self.v[key]) + 1e-8)


def gradients(name: str, weights: dict[str, np.ndarray], slots: np.ndarray, targets: np.ndarray):
    """Mean squared-error gradients (and the loss) of one minibatch."""
    inputs = TABLES[name].dense(slots.astype(np.int64))
    hidden = sigmoid(inputs @ weights["w1"] + weights["b1"])
    outputs = sigmoid(hidden @ weights["w2"].T + weights["b2"])
    error = outputs - targets
    delta_out = error * outputs * (1.0 - outputs)
    count = len(slots)
    grads = {"w2": delta_out.T @ hidden / count, "b2": delta_out.mean(axis=0)}
    delta_hidden = (delta_out @ weights["w2"]) * hidden * (1.0 - hidden)
    grads["w1"] = inputs.T @ delta_hidden / count
    grads["b1"] = delta_hidden.mean(axis=0)
    return grads, float((error * error).sum(axis=1).mean())


def save_checkpoint(path: Path, state: dict) -> None:
    arrays = {}
    for name in NETWORKS:
        for key, value in state["weights"][name].items():
            arrays[f"{name}.{key}"] = value
        for key, value in state["adam"][name].m.items():
            arrays[f"{name}.adam_m.{key}"] = value
        for key, value in state["adam"][name].v.items():
            arrays[f"{name}.adam_v.{key}"] = value
        arrays[f"{name}.adam_t"] = np.array(state["adam"][name].t)
        for key, value in state.get("average", {}).get(name, {}).items():
            arrays[f"{name}.average.{key}"] = value
    for key in ("games", "rounds", "positions", "seconds"):
        arrays[key] = np.array(state[key])
    arrays["variant"] = np.array(state.get("variant", "split"))
    temporary = path.with_suffix(".tmp.npz")
    np.savez(temporary, **arrays)
    os.replace(temporary, path)


def load_checkpoint(path: Path) -> dict:
    data = np.load(path)
    state = {"weights": {}, "adam": {}}
    for name in NETWORKS:
        weights = {key: data[f"{name}.{key}"].copy() for key in ("w1", "b1", "w2", "b2")}
        adam = Adam(weights)
        for key in weights:
            adam.m[key] = data[f"{name}.adam_m.{key}"].copy()
            adam.v[key] = data[f"{name}.adam_v.{key}"].copy()
        adam.t = int(data[f"{name}.adam_t"])
        state["weights"][name] = weights
        state["adam"][name] = adam
        if f"{name}.average.w1" in data:
            state.setdefault("average", {})[name] = {key: data[f"{name}.average.{key}"].copy()
                                                     for key in ("w1", "b1", "w2", "b2")}
    for key in ("games", "rounds", "positions"):
        state[key] = int(data[key])
    state["seconds"] = float(data["seconds"])
    state["variant"] = str(data["variant"]) if "variant" in data else "split"
    return state


def weights_from_file(path: Path, hidden: dict[str, int] | None = None, rng: np.random.Generator | None = None
                      ) -> dict[str, dict[str, np.ndarray]]:
    """The networks of a shipped-format weights file as numpy arrays, each widened to
    ``hidden[name]`` hidden units when that is more than the file's (``rng`` then draws
    the new units): a new unit gets random incoming weights (as ``new_weights``) and zero
    outgoing ones, so the widened networks give exactly the file's outputs until training
    moves them. Never narrows a network; without ``hidden``, the file's sizes."""
    _, networks = network.read_networks(path)
    weights = {}
    for name in NETWORKS:
        arrays = {key: np.asarray(value, dtype=np.float64) for key, value in networks[name].items()}
        if arrays["w1"].shape[0] != TABLES[name].inputs:
            sys.exit(f"{path}: network {name!r} has {arrays['w1'].shape[0]} inputs, the variant has "
                     f"{TABLES[name].inputs}")
        extra = (hidden or {}).get(name, 0) - arrays["b1"].shape[0]
        if extra > 0:
            fresh = new_weights(name, extra, rng)
            arrays["w1"] = np.concatenate([arrays["w1"], fresh["w1"]], axis=1)
            arrays["b1"] = np.concatenate([arrays["b1"], fresh["b1"]])
            arrays["w2"] = np.concatenate([arrays["w2"], np.zeros((network.OUTPUTS, extra))], axis=1)
        weights[name] = arrays
    return weights


def played_weights(state: dict) -> dict[str, dict[str, np.ndarray]]:
    """The weights to play and ship with: the running average when the run keeps one
    (``--average-games``), else the trained weights themselves."""
    return state.get("average") or state["weights"]


def update_average(state: dict, games: int, horizon: int) -> None:
    """Move the running (exponential) average of the weights towards the current ones,
    after ``games`` more games, with a time constant of ``horizon`` games; it starts as
    a copy of the weights."""
    if "average" not in state:
        state["average"] = {name: {key: value.copy() for key, value in weights.items()}
                            for name, weights in state["weights"].items()}
        return
    keep = math.exp(-games / horizon)
    for name, weights in state["weights"].items():
        for key, value in weights.items():
            average = state["average"][name][key]
            average *= keep
            average += (1.0 - keep) * value


def export(state: dict, path: Path, about: dict) -> None:
    networks = {name: {key: value.tolist() for key, value in played_weights(state)[name].items()}
                for name in NETWORKS}
    network.save_networks(path, networks, about)


def learning_rate(args, games: int) -> float:
    """Adam's step size: ``--rate`` at first, falling to a tenth of it by ``--rate-games``
    (default: ``--games``)."""
    horizon = args.rate_games or args.games
    progress = min(1.0, games / max(horizon, 1))
    return args.rate * (0.1 ** progress)


def log(run: Path, text: str) -> None:
    line = f"{time.strftime('%Y-%m-%d %H:%M:%S')} {text}"
    print(line, flush=True)
    with open(run / "log.txt", "a", encoding="utf-8") as handle:
        handle.write(line + "\n")


def evaluate(pool, weights, args, state, run: Path) -> None:
    pairs = args.eval_games // 2
    chunks = [range(start, min(start + 50, pairs)) for start in range(0, pairs, 50)]
    started = time.perf_counter()
    results = [points for part in pool.map(versus_pubeval, [weights] * len(chunks), chunks,
                                             [args.seed] * len(chunks)) for points in part]
    mean = sum(results) / len(results)
    deviation = math.sqrt(sum((value - mean) ** 2 for value in results) / max(1, len(results) - 1))
    half = 1.96 * deviation / math.sqrt(len(results))
    new_file = not (run / "curve.csv").exists()
    with open(run / "curve.csv", "a", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        if new_file:
            writer.writerow(["games", "ppg_vs_pubeval", "low", "high", "eval_games", "hours", "date"])
        writer.writerow([state["games"], f"{mean:+.3f}", f"{mean - half:+.3f}", f"{mean + half:+.3f}",
                         len(results), f"{state['seconds'] / 3600:.2f}", time.strftime("%Y-%m-%d %H:%M")])
    log(run, f"games {state['games']}: {mean:+.3f} ppg against pubeval (95% {mean - half:+.3f} .. "
             f"{mean + half:+.3f}, {len(results)} games, {time.perf_counter() - started:.0f} s)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--run", type=Path, required=True, help="folder for the checkpoint, curve and log")
    parser.add_argument("--games", type=int, default=1_000_000, help="games to train in all")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--task-games", type=int, default=25, help="games per task (per worker per round)")
    parser.add_argument("--hidden", type=int, default=128, help="hidden units of the contact network")
    parser.add_argument("--race-hidden", type=int, default=64, help="hidden units of the race network")
    parser.add_argument("--lambda", dest="lam", type=float, default=0.7)
    parser.add_argument("--rate", type=float, default=1e-3, help="Adam's step size at the start")
    parser.add_argument("--rate-games", type=int, default=0,
                        help="games over which the step size falls to a tenth (default: --games); a short run "
                             "compared with a longer one's first games gives the longer one's figure")
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--eval-every", type=int, default=10_000)
    parser.add_argument("--eval-games", type=int, default=1000)
    parser.add_argument("--checkpoint-every", type=int, default=2_000)
    parser.add_argument("--variant", choices=VARIANTS, default="split",
                        help="split (shipped), raw (no hand features), single (one network for all)")
    parser.add_argument("--export", type=Path, help="write the weights in the shipped format and exit")
    parser.add_argument("--average-games", type=int, default=0,
                        help="keep an exponential average of the weights over about this many games, and "
                             "evaluate and export it (0: none, the weights as trained)")
    parser.add_argument("--play-average", action="store_true",
                        help="play the games and bootstrap their targets with the running average "
                             "(needs --average-games)")
    parser.add_argument("--start-from", type=Path,
                        help="a new run starts from this weights file (shipped format) instead of random "
                             "weights, its networks widened to --hidden / --race-hidden where those are larger")
    args = parser.parse_args(argv)
    if args.play_average and not args.average_games:
        parser.error("--play-average needs --average-games")
    set_variant(args.variant)
    run: Path = args.run
    run.mkdir(parents=True, exist_ok=True)
    checkpoint = run / "checkpoint.npz"
    if checkpoint.exists():
        state = load_checkpoint(checkpoint)
        if state["variant"] != args.variant:
            sys.exit(f"{checkpoint} was trained as variant {state['variant']!r}, not {args.variant!r}")
    else:
        generator = np.random.default_rng(args.seed)
        if args.start_from:
            weights = weights_from_file(args.start_from, {"contact": args.hidden, "race": args.race_hidden},
                                        generator)
        else:
            weights = {"contact": new_weights("contact", args.hidden, generator),
                       "race": new_weights("race", args.race_hidden, generator)}
        state = {"weights": weights, "adam": {name: Adam(weights[name]) for name in NETWORKS},
                 "games": 0, "rounds": 0, "positions": 0, "seconds": 0.0, "variant": args.variant}
    if args.export:
        export(state, args.export, {"games": state["games"], "method": f"TD(lambda={args.lam}) self-play",
                                    "hours": round(state["seconds"] / 3600, 2), "seed": args.seed,
                                    "date": time.strftime("%Y-%m-%d")})
        print(f"wrote {args.export} ({args.export.stat().st_size} bytes) from {state['games']} games")
        return
    log(run, f"start at {state['games']} games; {vars(args)}")
    with ProcessPoolExecutor(max_workers=args.workers, initializer=set_variant, initargs=(args.variant,)) as pool:
        if state["games"] == 0:
            evaluate(pool, played_weights(state), args, state, run)
        next_eval = (state["games"] // args.eval_every + 1) * args.eval_every
        next_checkpoint = state["games"] + args.checkpoint_every
        while state["games"] < args.games:
            started = time.perf_counter()
            seeds = [(args.seed, state["rounds"], task) for task in range(args.workers)]
            teacher = played_weights(state) if args.play_average else state["weights"]
            results = list(pool.map(self_play, [teacher] * args.workers, [args.task_games] * args.workers,
                                    seeds, [args.lam] * args.workers))
            order = np.random.default_rng([args.seed, state["rounds"]])
            rate = learning_rate(args, state["games"])
            losses = []
            for name in NETWORKS:
                slots = np.concatenate([packed[name][0] for packed, _ in results])
                targets = np.concatenate([packed[name][1] for packed, _ in results]).astype(np.float64)
                if not len(slots):
                    continue
                permutation = order.permutation(len(slots))
                for start in range(0, len(slots), args.batch):
                    chosen = permutation[start:start + args.batch]
                    grads, loss = gradients(name, state["weights"][name], slots[chosen], targets[chosen])
                    state["adam"][name].step(state["weights"][name], grads, rate)
                    losses.append(loss)
                state["positions"] += len(slots)
            state["games"] += args.workers * args.task_games
            if args.average_games:
                update_average(state, args.workers * args.task_games, args.average_games)
            state["rounds"] += 1
            state["seconds"] += time.perf_counter() - started
            if state["rounds"] % 40 == 0:
                log(run, f"games {state['games']}, positions {state['positions']}, loss {np.mean(losses):.4f}, "
                         f"rate {rate:.2e}, {args.workers * args.task_games / (time.perf_counter() - started):.1f} "
                         f"games/s")
            if state["games"] >= next_eval:
                evaluate(pool, played_weights(state), args, state, run)
                next_eval += args.eval_every
                save_checkpoint(checkpoint, state)
                next_checkpoint = state["games"] + args.checkpoint_every
            elif state["games"] >= next_checkpoint:
                save_checkpoint(checkpoint, state)
                next_checkpoint = state["games"] + args.checkpoint_every
        save_checkpoint(checkpoint, state)
    log(run, f"done: {state['games']} games")


if __name__ == "__main__":
    main()
