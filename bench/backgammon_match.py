"""Backgammon matches, cubeless, in points per game with a 95% interval.

Players: ``ai:level=L[,movetime=S][,threads=T]`` (the app's level L, as the menu offers it;
Maximum at 1 s a move unless S says otherwise; T processes, the engine protocol's
``Threads``: 2 gives Maximum's outcome-by-outcome 2-ply a helper process, default 1), ``ai:depth=D[,candidates=K][,eval=E][,movetime=S]`` (the engine,
expectiminimax, D decisions: 1 = "0-ply", evaluate after our turn; 2 = "1-ply", average
over the opponent's rolls of its best reply; K: the move filter, only the best K turns
by a static look searched deeper; S: seconds a move instead of a depth, iterative
deepening as in the app; E: the leaf evaluation, ``ours`` (default, the learned
evaluation: ``games.backgammon.neural``), ``handmade`` (``games.backgammon.evaluation``),
or for experiments ``gnubg`` (gnubg's 0-ply net's cubeless equity, gnubg-nn), ``pubeval``
(Tesauro's linear score made zero-sum: the side not on roll's score, see
``pubeval_evaluate``) or a dotted module name whose ``evaluate`` is used),
``random``, and, when PyPI's ``gnubg-nn`` is installed (bench only, never at run time:
GPL and heavy), ``pubeval`` (Tesauro's linear evaluation, ``gnubg_nn.pub_best_move``)
and ``gnubg`` (GNU Backgammon's 0-ply net, ``gnubg_nn.best_move``). Games are played
in pairs with the same dice (the same opening roll and the same roll at every turn),
the seats swapped in the second game of a pair, so luck cancels out; the interval is
computed over the pairs' averages.

    .venv/bin/python bench/backgammon_match.py ai:depth=1 pubeval [games] [seed] [--log FILE]

``--log FILE`` makes a long match resumable: each pair's points are appended to FILE as it
ends, and the same command run again skips the pairs already there. ``--part K/N`` plays
only the pairs whose number is K modulo N (K from 0), so that N processes, one per core,
share one match (each with its own ``--log``); ``--summary LOG ...`` prints the result
of the pairs in those logs together; ``--summary LOG ... --minus LOG ...`` the first
match's points a game minus the second's over the pairs both played (the same seed:
the same dice pair by pair, a paired comparison).
"""
from __future__ import annotations

import math
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from ai.engine import Engine  # noqa: E402
from ai.types import Algorithm, SearchLimits, SearchOptions  # noqa: E402
from games.backgammon import evaluation as handmade  # noqa: E402
from games.backgammon import neural  # noqa: E402
from games.backgammon.rules import BAR, OFF, Backgammon, BackgammonState  # noqa: E402
from games.base import CHANCE, FIRST, draw_chance_outcome  # noqa: E402

GAME = Backgammon()


def gnubg_evaluate(state: BackgammonState, player: int) -> int:
    """gnubg's 0-ply cubeless equity (gnubg-nn) as a leaf evaluation, thousandths of a
    point for ``player``, zero-sum; the dice of a decision node are ignored."""
    import gnubg_nn
    from backgammon_movegen import gnubg_board
    on_roll = state.player
    win, win_gammon, win_backgammon, lose_gammon, lose_backgammon = gnubg_nn.probabilities(
        gnubg_board(state.checkers(on_roll), state.checkers(1 - on_roll)), 0)
    value = round(1000 * (2 * win - 1 + win_gammon - lose_gammon + win_backgammon - lose_backgammon))
    return value if player == on_roll else -value


def pubeval_evaluate(state: BackgammonState, player: int) -> int:
    """Tesauro's pubeval as a zero-sum leaf evaluation: pubeval scores the position just
    after a side moved, so a position with ``P`` on roll is worth pubeval's score for the
    other side (race weights when no contact is left), and minus that for ``P``.
    Expectiminimax is unchanged by the score's scale, so the units do not matter."""
    from games.backgammon import pubeval
    on_roll = state.player
    own, opponent = state.checkers(1 - on_roll), state.checkers(on_roll)
    value = round(1000 * pubeval.score(own, opponent, pubeval.is_race(own, opponent)))
    return value if player == 1 - on_roll else -value


def leaf_evaluation(name: str):
    if name == "ours":
        return neural.evaluate
    if name == "handmade":
        return handmade.evaluate
    if name == "gnubg":
        return gnubg_evaluate
    if name == "pubeval":
        return pubeval_evaluate
    import importlib
    return importlib.import_module(name).evaluate


class EnginePlayer:
    """The engine searching ``depth`` decisions, or for ``movetime`` seconds a move."""

    def __init__(self, depth: int, seed: int, candidates: int = 0, leaf: str = "ours",
                 movetime: float | None = None) -> None:
        self.depth = depth
        self.movetime = movetime
        batch = neural.evaluate_batch if leaf == "ours" else None  # what the app gives the search
        self.engine = Engine(GAME, leaf_evaluation(leaf), SearchOptions(algorithm=Algorithm.EXPECTIMINIMAX,
                                                                        candidate_moves=candidates), seed=seed,
                             evaluate_batch=batch)
        self.name = (f"ai:movetime={movetime}" if movetime else f"ai:depth={depth}") + \
            (f",candidates={candidates}" if candidates else "") + (f",eval={leaf}" if leaf != "ours" else "")

    def choose(self, state: BackgammonState):
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        limits = SearchLimits.fixed_time(self.movetime) if self.movetime else SearchLimits(depth=self.depth)
        return self.engine.search(state, limits).move


class LevelPlayer:
    """The app's strength level ``level`` (its depth, errors and move filter, the learned
    evaluation with its batch form: ``Engine.for_entry``); a level without a depth cap
    (Maximum) searches ``movetime`` seconds a move (default 1)."""

    def __init__(self, level: int, seed: int, movetime: float | None = None, threads: int = 1) -> None:
        from ai.strength import level_options
        from games.registry import get_game
        entry = get_game("backgammon")
        self.level = entry.level(level)
        options = level_options(SearchOptions(algorithm=Algorithm.EXPECTIMINIMAX, helper_processes=threads - 1),
                                self.level)
        self.engine = Engine.for_entry(entry, options, seed=seed)
        self.engine.wait_ready(60.0)
        self.movetime = movetime if movetime is not None else (1.0 if self.level.depth is None else None)
        self.name = f"ai:level={level}" + (f",movetime={self.movetime:g}" if self.movetime else "") + \
            (f",threads={threads}" if threads > 1 else "")

    def choose(self, state: BackgammonState):
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        limits = SearchLimits.fixed_time(self.movetime, depth=self.level.depth) if self.movetime else \
            SearchLimits(depth=self.level.depth)
        return self.engine.search(state, limits).move


class RandomPlayer:
    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)
        self.name = "random"

    def choose(self, state: BackgammonState):
        return self.random.choice(state.legal_moves())


class GnubgPlayer:
    """pubeval or gnubg's 0-ply net through gnubg-nn; its move matched to ours by text."""

    def __init__(self, kind: str) -> None:
        import gnubg_nn
        from backgammon_movegen import gnubg_board
        self.gnubg, self.board, self.kind, self.name = gnubg_nn, gnubg_board, kind, kind

    def choose(self, state: BackgammonState):
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        mover = state.player
        board = self.board(state.checkers(mover), state.checkers(1 - mover))
        high, low = state.dice
        if self.kind == "pubeval":
            flat = self.gnubg.pub_best_move(board, high, low)
            steps = [(flat[index] + 1, flat[index + 1] + 1) for index in range(0, len(flat), 2)]
        else:
            steps = list(self.gnubg.best_move(board, high, low))
        text = " ".join(f"{'bar' if a == BAR else a}/{'off' if b <= OFF else b}" for a, b in steps)
        return state.parse_move(text)


def make_player(spec: str, seed: int):
    if spec.startswith("ai"):
        options = dict(part.split("=") for part in spec.partition(":")[2].split(",") if "=" in part)
        if "level" in options:
            return LevelPlayer(int(options["level"]), seed,
                               float(options["movetime"]) if "movetime" in options else None,
                               int(options.get("threads", 1)))
        return EnginePlayer(int(options.get("depth", 1)), seed, int(options.get("candidates", 0)),
                            options.get("eval", "ours"),
                            float(options["movetime"]) if "movetime" in options else None)
    if spec == "random":
        return RandomPlayer(seed)
    return GnubgPlayer(spec)


def play(players, rng: random.Random) -> tuple[int, int]:
    """One game: (winner index into ``players``, points)."""
    state = GAME.initial_state()
    while state.outcome() is None:
        if state.to_move() == CHANCE:
            state = state.apply(draw_chance_outcome(state, rng))
        else:
            state = state.apply(players[state.to_move()].choose(state))
    result = state.outcome()
    return result.winner, result.points


def read_log(path: Path, header: str) -> dict[int, list[int]]:
    """The pairs already played by a run with the same ``header`` (players, games, seed),
    from a log written by ``main``: pair number -> the first player's points in each game."""
    done: dict[int, list[int]] = {}
    if not path.exists():
        return done
    lines = path.read_text(encoding="utf-8").splitlines()
    if not lines or lines[0] != header:
        raise SystemExit(f"{path} is the log of another match ({lines[0] if lines else 'empty'}); "
                         f"give another --log file")
    for line in lines[1:]:
        words = line.split()
        if len(words) >= 2 and all(word.lstrip("+-").isdigit() for word in words):
            done[int(words[0])] = [int(word) for word in words[1:]]
    return done


def half_interval(pairs: list[float]) -> float:
    """The half-width of the 95% interval of the mean, from the pairs' averages."""
    pair_mean = sum(pairs) / len(pairs)
    deviation = math.sqrt(sum((value - pair_mean) ** 2 for value in pairs) / max(1, len(pairs) - 1))
    return 1.96 * deviation / math.sqrt(len(pairs))


def summary(paths: list[Path]) -> None:
    """Print the result of the pairs in these logs (the parts of one match) together."""
    pairs = _logged_pairs(paths)
    results = [points for pair in pairs.values() for points in pair]
    averages = [sum(pair) / len(pair) for pair in pairs.values()]
    mean = sum(results) / len(results)
    half = half_interval(averages)
    print(f"{len(results)} games in {len(averages)} pairs from {len(paths)} logs: {mean:+.3f} points per game for "
          f"the first player (95% interval {mean - half:+.3f} .. {mean + half:+.3f}), "
          f"{sum(1 for value in results if value > 0)} won")


def _logged_pairs(paths: list[Path]) -> dict[int, list[int]]:
    """The pairs in these logs (the parts of one match): pair number -> points."""
    pairs: dict[int, list[int]] = {}
    for path in paths:
        pairs.update(read_log(path, path.read_text(encoding="utf-8").splitlines()[0]))
    return pairs


def difference(paths: list[Path], others: list[Path]) -> None:
    """Print the first player's points a game in the logs ``paths`` minus those in the
    logs ``others``, over the pairs both played: two matches with the same seed have the
    same dice pair by pair, so where the players differ little the difference is
    measured far more precisely than either match."""
    mine, theirs = _logged_pairs(paths), _logged_pairs(others)
    common = sorted(set(mine) & set(theirs))
    if not common:
        raise SystemExit("the logs have no pair in common")
    differences = [sum(mine[pair]) / len(mine[pair]) - sum(theirs[pair]) / len(theirs[pair]) for pair in common]
    mean = sum(differences) / len(differences)
    half = half_interval(differences)
    mine_mean = sum(sum(mine[pair]) / len(mine[pair]) for pair in common) / len(common)
    print(f"{len(common)} pairs in common: {mine_mean:+.3f} points per game, minus the other match's "
          f"{mine_mean - mean:+.3f} on the same pairs: {mean:+.3f} (95% interval {mean - half:+.3f} .. "
          f"{mean + half:+.3f}); the same points in {sum(value == 0 for value in differences)} pairs")


def main() -> None:
    arguments = sys.argv[1:]
    if arguments and arguments[0] == "--summary":
        names = arguments[1:]
        if "--minus" in names:
            at = names.index("--minus")
            difference([Path(name) for name in names[:at]], [Path(name) for name in names[at + 1:]])
            return
        summary([Path(name) for name in names])
        return
    part, parts = 0, 1
    if "--part" in arguments:
        at = arguments.index("--part")
        part, parts = (int(number) for number in arguments[at + 1].split("/"))
        del arguments[at:at + 2]
    log_path = None
    if "--log" in arguments:
        at = arguments.index("--log")
        log_path = Path(arguments[at + 1])
        del arguments[at:at + 2]
    first_spec, second_spec = arguments[0], arguments[1]
    games = int(arguments[2]) if len(arguments) > 2 else 100
    seed = int(arguments[3]) if len(arguments) > 3 else 1
    a, b = make_player(first_spec, seed), make_player(second_spec, seed + 1)
    header = f"{first_spec} {second_spec} {games} {seed}" + (f" part {part}/{parts}" if parts > 1 else "")
    done = read_log(log_path, header) if log_path else {}
    if log_path and not done:
        log_path.write_text(header + "\n", encoding="utf-8")
    results, pairs = [], []
    start = time.perf_counter()
    for pair in range(part, (games + 1) // 2, parts):
        pair_points = done.get(pair)
        if pair_points is None:
            pair_points = []
            for seats in ((a, b), (b, a))[:games - 2 * pair]:
                winner, points = play(seats, random.Random(f"{seed}/{pair}"))  # the same dice in both games
                a_won = (winner == FIRST) == (seats[0] is a)
                pair_points.append(points if a_won else -points)
            if log_path:
                with log_path.open("a", encoding="utf-8") as log:
                    log.write(f"{pair} " + " ".join(str(points) for points in pair_points) + "\n")
        results.extend(pair_points)
        pairs.append(sum(pair_points) / len(pair_points))
    mean = sum(results) / len(results)
    half = half_interval(pairs)
    wins = sum(1 for value in results if value > 0)
    resumed = f", {2 * len(done)} of them from {log_path}" if done else ""
    print(f"{a.name} vs {b.name}: {len(results)} games in {len(pairs)} pairs with the same dice{resumed}, {wins} won by "
          f"{a.name}, {mean:+.3f} points per game (95% interval {mean - half:+.3f} .. {mean + half:+.3f}), "
          f"gammons+backgammons {sum(1 for value in results if abs(value) > 1)}, "
          f"{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
