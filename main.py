"""Game Tree Lab: play and watch game-tree search. Entry point.

    python main.py                         open the window (the default)
    python main.py --demo pruning          open the window on a search-lab demonstration
    python main.py engine --game tictactoe speak the engine protocol on stdin/stdout
    python main.py match --game tictactoe --white ai --black random --games 100
    python main.py --run-bot FILE          run a Python bot file with the app's own Python
"""
from __future__ import annotations

import argparse
import sys

from ai.demonstrations import DEMONSTRATIONS

DEMONSTRATION_KEYS = [item.key for item in DEMONSTRATIONS]


def _game_entry(game_id: str):
    from games.registry import get_game

    try:
        return get_game(game_id)
    except KeyError as problem:
        raise SystemExit(f"error: {problem.args[0]}") from None


def run_engine(arguments: argparse.Namespace) -> int:
    """The ``engine`` subcommand: the UCI-style protocol on standard input and output.

    Both are used as bytes (UTF-8 whatever the locale; input that is not UTF-8 is read
    as U+FFFD), so no byte on stdin can crash it. No console (``sys.stdin`` is
    ``None`` in a windowed build) counts as empty input.
    """
    from ai.protocol import serve

    entry = _game_entry(arguments.game)
    serve(entry, getattr(sys.stdin, "buffer", None), getattr(sys.stdout, "buffer", None))
    return 0


def _rules(arguments: argparse.Namespace) -> dict[str, bool]:
    """The rule options named on (comma-separated) by ``--rules``."""
    return {name.strip(): True for name in (arguments.rules or "").split(",") if name.strip()}


def run_match(arguments: argparse.Namespace) -> int:
    """The ``match`` subcommand: headless games, then W/D/L. Returns the exit code."""
    from ai.match import run_match as play_match
    from ai.players import parse_player

    entry = _game_entry(arguments.game)
    if arguments.games < 1:
        print("error: --games must be at least 1", file=sys.stderr)
        return 2
    if arguments.movetime is not None and arguments.movetime <= 0:
        print("error: --movetime must be positive", file=sys.stderr)
        return 2
    try:
        seeds = (None, None) if arguments.seed is None else (arguments.seed, arguments.seed + 1)
        first = parse_player(arguments.white, entry, arguments.movetime, seeds[0])
        second = parse_player(arguments.black, entry, arguments.movetime, seeds[1])
    except ValueError as problem:
        print(f"error: {problem}", file=sys.stderr)
        return 2
    rules = _rules(arguments)
    try:
        entry.game.start(rules)
    except ValueError as problem:
        print(f"error: {problem}", file=sys.stderr)
        return 2
    names = entry.game.player_names
    paired = entry.game.has_chance
    if paired:
        print(f"{entry.game.title}: {arguments.games} games in pairs (same dice, seats swapped), "
              f"{first.name} against {second.name}")
    else:
        print(f"{entry.game.title}: {arguments.games} games, {names[0]} = {first.name}, {names[1]} = {second.name}")

    def report(number: int, played) -> None:
        if arguments.verbose:
            seats = (second, first) if played.swapped else (first, second)
            winner = played.outcome.winner
            result = "draw" if winner is None else f"{names[winner]} ({seats[winner].name}) wins"
            print(f"game {number}: {result} ({played.outcome.reason}): {' '.join(played.moves)}")

    try:
        score = play_match(entry.game, first, second, arguments.games, arguments.seed, report, paired=paired,
                           rules=rules)
    except RuntimeError as problem:
        print(f"error: {problem}", file=sys.stderr)
        return 1
    if paired:
        mean, half = score.points_per_game()
        print(f"{first.name} wins {score.first_wins}, {second.name} wins {score.second_wins}, "
              f"draws {score.draws}")
        print(f"points per game for {first.name}: {mean:+.3f} (95% interval {mean - half:+.3f} .. "
              f"{mean + half:+.3f}), gammons and backgammons: "
              f"{sum(1 for value in score.points if abs(value) > 1)}")
        return 0
    print(f"{names[0]} ({first.name}) wins {score.first_wins}, {names[1]} ({second.name}) wins "
          f"{score.second_wins}, draws {score.draws}")
    print(f"W/D/L for {names[0]}: {score.first_wins}/{score.draws}/{score.second_wins}")
    return 0


def run_gui(arguments: argparse.Namespace) -> int:
    """Open the window (the default command)."""
    from ui.app import run_app

    return run_app(demonstration=arguments.demo or "")


def run_tournament(arguments: argparse.Namespace) -> int:
    """The ``tournament`` subcommand: a round robin, then the crosstable. Returns the exit code."""
    from ai.players import parse_player
    from ai.tournament import round_robin, table_lines

    entry = _game_entry(arguments.game)
    if arguments.games < 1 or len(arguments.players) < 2:
        print("error: a tournament needs --games of at least 1 and two or more --players", file=sys.stderr)
        return 2
    rules = _rules(arguments)
    try:
        entry.game.start(rules)
        players = [parse_player(spec, entry, arguments.movetime,
                                None if arguments.seed is None else arguments.seed + 7 * index)
                   for index, spec in enumerate(arguments.players)]
    except ValueError as problem:
        print(f"error: {problem}", file=sys.stderr)
        return 2
    scoring = "points won minus points lost" if entry.game.has_chance else "a win 1, a draw 1/2"
    print(f"{entry.game.title}: round robin of {len(players)} players, {arguments.games} games a pair, "
          f"seats swapped every other game; scores: {scoring}")
    try:
        standings = round_robin(entry.game, players, arguments.games, arguments.seed, rules)
    except RuntimeError as problem:
        print(f"error: {problem}", file=sys.stderr)
        return 1
    for line in table_lines(standings):
        print(line)
    return 0


def run_lab(arguments: argparse.Namespace) -> int:
    """The ``lab`` subcommand: every algorithm on one position, side by side. Returns the exit code."""
    from ai.lab import compare, csv_text, disagreement, table_text
    from ai.types import UTILITY_SCALE
    from games.base import GameError

    entry = _game_entry(arguments.game)
    for option, path in (("--csv", arguments.csv), ("--tree-svg", arguments.tree_svg)):
        problem = _unwritable(path) if path else None
        if problem:  # said before the search, not after it with the results lost
            print(f"error: {option} {path}: {problem}", file=sys.stderr)
            return 2
    try:
        state = entry.game.initial_state() if arguments.position is None else \
            entry.game.parse_position(arguments.position)
        if arguments.tree_svg:  # first: a tree too large to draw is said before the long comparison
            import os
            os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
            from ui.tree_export import searched_tree_svg
            svg = searched_tree_svg(entry, state, arguments.depth)
        rows = compare(entry, state, arguments.depth)
    except (GameError, ValueError) as problem:
        print(f"error: {problem}", file=sys.stderr)
        return 2
    print(f"{entry.game.title}, {state.to_text()}, depth {arguments.depth}, scores for the side to move:")
    for line in table_text(rows, UTILITY_SCALE if entry.game.has_chance else 100):
        print(line)
    problem = disagreement(rows)
    print(problem or "all algorithms agree on the value")
    if arguments.csv:
        try:
            with open(arguments.csv, "w", encoding="utf-8", newline="") as file:
                file.write(csv_text(rows))
        except OSError as error:  # it became unwritable during the search: nothing is lost, the CSV is printed
            print(f"the CSV that could not be written to {arguments.csv}:")
            print(csv_text(rows), end="")
            print(f"error: --csv {arguments.csv} could not be written ({error.strerror or error}); the table "
                  "and its CSV are printed above", file=sys.stderr)
            return 2
        print(f"written to {arguments.csv}")
    if arguments.tree_svg:
        try:
            with open(arguments.tree_svg, "w", encoding="utf-8") as file:
                file.write(svg)
        except OSError as error:
            print(f"error: --tree-svg {arguments.tree_svg} could not be written ({error.strerror or error})",
                  file=sys.stderr)
            return 2
        print(f"tree written to {arguments.tree_svg}")
    return 1 if problem else 0


def _unwritable(path: str) -> str | None:
    """Why a file cannot be written at ``path`` (a folder there, a missing or unwritable
    folder for it), or ``None`` when it can be, as far as can be told without writing."""
    import os

    if os.path.isdir(path):
        return "that is a folder; give a file name"
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        return f"the folder {folder} does not exist"
    if not os.access(folder, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        return "no permission to write there"
    return None


def run_bot(path: str) -> int:
    """``--run-bot FILE``: run the Python file ``path`` as a program (as ``__main__``,
    ``sys.argv == [path]``, its folder first on ``sys.path`` as ``python FILE`` does) in
    this interpreter, so that the frozen app, which has no ``python`` command, can run
    students' bots (the standard library and python-chess are bundled). Opens no window
    and starts nothing of the app (no pygame). Returns the exit code: the bot's own, or 1
    with a message on standard error when the file cannot be read."""
    import os
    import runpy

    if os.path.isdir(path):
        print(f"error: {path} is a folder; --run-bot needs a bot's Python file (for example docs/bots/chess_bot.py)",
              file=sys.stderr)
        return 1
    if not os.path.isfile(path):
        print(f"error: {path} could not be run (no such file)", file=sys.stderr)
        return 1
    sys.argv = [path]
    sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
    try:
        runpy.run_path(path, run_name="__main__")
    except SystemExit as ending:
        if ending.code is None or isinstance(ending.code, int):
            return ending.code or 0
        print(ending.code, file=sys.stderr)
        return 1
    except OSError as problem:
        print(f"error: {path} could not be run ({problem.strerror or problem})", file=sys.stderr)
        return 1
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The command-line grammar."""
    parser = argparse.ArgumentParser(description="Game Tree Lab: play and watch game-tree search.")
    parser.set_defaults(handler=run_gui)
    parser.add_argument("--selftest", action="store_true",
                        help="play a short computer game of every game headless, save and load each, print one "
                             "line; exit code 0 only if all went well")
    parser.add_argument("--shots", metavar="DIR", default=None,
                        help="with --selftest: save a screenshot of each game in DIR")
    parser.add_argument("--demo", metavar="KEY", default=None, choices=DEMONSTRATION_KEYS,
                        help="open the window on a search-lab demonstration: " + ", ".join(DEMONSTRATION_KEYS))
    parser.add_argument("--run-bot", metavar="FILE", default=None,
                        help="run the Python program FILE (a bot speaking the engine protocol) with the app's own "
                             "Python, as `python FILE` would; for the packaged app, which has no python command")
    commands = parser.add_subparsers(dest="command")

    engine = commands.add_parser("engine", help="speak the UCI-style engine protocol on stdin/stdout")
    engine.add_argument("--game", default="tictactoe", help="game id (default: tictactoe)")
    engine.set_defaults(handler=run_engine)

    match = commands.add_parser("match", help="play headless games and print W/D/L")
    match.add_argument("--game", default="tictactoe", help="game id (default: tictactoe)")
    match.add_argument("--white", default="ai",
                       help="first player: ai[:level=N,algorithm=A,depth=D,movetime=S,seed=N], random[:seed=N], "
                            "greedy[:seed=N] (wins at once when it can, else avoids a move that lets the "
                            "opponent win at once), uci:<program>[,elo=N] (a program speaking the engine "
                            "protocol, e.g. Stockfish), bot:<program> (the same: your own bot, e.g. "
                            "\"bot:python docs/bots/chess_bot.py\") or a game's baseline player by name "
                            "(backgammon: pubeval)")
    match.add_argument("--black", default="random", help="second player, same forms")
    match.add_argument("--games", type=int, default=10, help="number of games (default 10)")
    match.add_argument("--movetime", type=float, default=None,
                       help="seconds per AI move (default: no clock, each level searching to its depth cap "
                            "or node budget; 1 s a move for a level with neither)")
    match.add_argument("--seed", type=int, default=None,
                       help="seed for chance outcomes and the players' randomness: each game's random choices "
                            "start from the seed and the game's number, so the same seed replays the same games "
                            "(exactly for levels below the strongest, whose node budgets fit the time)")
    match.add_argument("--rules", default="", help="rule options on, comma-separated (backgammon: cube,jacoby; "
                       "quarto: squares); default: none")
    match.add_argument("--verbose", action="store_true", help="print every game's moves")
    match.set_defaults(handler=run_match)

    tournament = commands.add_parser("tournament", help="a round robin of several players, then a crosstable")
    tournament.add_argument("--game", default="tictactoe", help="game id (default: tictactoe)")
    tournament.add_argument("--players", nargs="+", default=[], metavar="PLAYER",
                            help="two or more players, in the forms of match's --white")
    tournament.add_argument("--games", type=int, default=10, help="games for each pair (default 10; even is fair)")
    tournament.add_argument("--movetime", type=float, default=None, help="seconds per AI move, as for match")
    tournament.add_argument("--seed", type=int, default=None, help="seed for repeatable tournaments")
    tournament.add_argument("--rules", default="", help="rule options on, comma-separated, as for match")
    tournament.set_defaults(handler=run_tournament)

    lab = commands.add_parser("lab", help="minimax, alpha-beta, negamax and PVS (expectiminimax with dice) on one "
                                          "position, side by side")
    lab.add_argument("--game", default="tictactoe", help="game id (default: tictactoe)")
    lab.add_argument("--position", default=None, help="the position as text (default: the start)")
    lab.add_argument("--depth", type=int, default=4, help="plies to search (default 4)")
    lab.add_argument("--csv", default=None, metavar="FILE", help="also write the table as CSV to FILE")
    lab.add_argument("--tree-svg", default=None, metavar="FILE",
                     help="also write the search tree (alpha-beta, expectiminimax with dice) as the lab's Tree view "
                          "draws it, as an SVG picture for slides, to FILE (up to 20,000 nodes)")
    lab.set_defaults(handler=run_lab)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Parse ``argv`` and run the chosen command; returns the process exit code."""
    arguments = build_parser().parse_args(argv)
    if arguments.run_bot is not None:
        return run_bot(arguments.run_bot)
    if arguments.selftest:
        from ui.selftest import run_selftest

        return run_selftest(arguments.shots)
    return arguments.handler(arguments)


if __name__ == "__main__":
    import multiprocessing

    multiprocessing.freeze_support()
    sys.exit(main())
