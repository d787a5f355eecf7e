"""Frame rate of the real app loop while the AI works in the background (a child process, or a thread).

Two kinds of work, per game, and a reference without any:

* ``search``: the play scene in watch mode (both sides the computer at its strongest,
  no delay, a new game whenever one ends; tic-tac-toe by plain minimax to the end, the
  other games a second a move), so a search runs almost all the time;
* ``rollout`` (games with chance): two people, a hint searched in the first position
  to play, then the Rollout of its candidates, which runs for the whole measurement;
* ``idle``: two people at the board and nothing running in the background: what the
  machine's load alone does to the frames (every frame counts).

Only frames drawn while the work ran are counted. Prints frames per second, frame-time
percentiles (and ``work``, the 99th percentile of the frame's own time, without the
wait for the frame's turn in ``Clock.tick``; ``cpu``, the window thread's own CPU time
per frame, which a loaded machine does not inflate), the work's speed (search nodes per second,
or rollout games per second), and the load average of the machine at the start and
the end of each measurement (absolute figures mean little on a loaded machine).
``--profile`` prints where the window's thread spent its time (cProfile of that thread
only, the 25 costliest functions by their own CPU time, which a loaded machine does not
inflate; ``--profile-sort cumulative`` counts what they call too).

Uses the real window when $DISPLAY is set (run it under Xvfb for a real X server),
else SDL's dummy driver.

    .venv/bin/python bench/ui_fps.py [seconds] [--game ID|all] [--mode search|rollout|idle|all]
                                     [--search-in process|thread|both] [--child-nice N]
                                     [--intervals] [--profile [--profile-sort tottime|cumulative]]

``--intervals`` also measures Python's default thread switch interval (5 ms) beside the
app's (0.5 ms). ``--search-in thread`` runs the searches in a thread of the app's process,
as before they had a process of their own (``ui.search_control.SEARCH_PROCESS``), ``both``
measures each way in turn (the search mode only); ``--child-nice N`` lowers the search
process's priority by N (the app: ``ai.search_process.CHILD_NICENESS``).
"""
from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
if not os.environ.get("DISPLAY"):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("GAMETREELAB_HOME", tempfile.mkdtemp(prefix="gtl-bench-"))

from ai.clock import TimeControl  # noqa: E402
from ai.types import Algorithm  # noqa: E402
from games.registry import GAMES, GameEntry, get_game  # noqa: E402
from ui.app import SWITCH_INTERVAL, App  # noqa: E402
from ui.player_settings import PlayerSettings  # noqa: E402
import ai.search_process  # noqa: E402
import ui.search_control  # noqa: E402
from ui.scenes.play import PlayScene  # noqa: E402
from ui.session import GameSession  # noqa: E402

SEARCH_SECONDS = 1.0
"""Seconds a move for the games whose strongest level has no depth limit reachable in time."""


def _players(entry: GameEntry) -> tuple[PlayerSettings, PlayerSettings]:
    if entry.id == "tictactoe":  # the bench's historic setting: minimax over the whole tree
        player = PlayerSettings("ai", entry.max_level, Algorithm.MINIMAX, TimeControl.unlimited())
    else:
        player = PlayerSettings("ai", entry.max_level, Algorithm.default_for(entry.game.has_chance),
                                TimeControl.per_move(SEARCH_SECONDS))
    return player, player


def _wait_for(app: App, condition, seconds: float = 120.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise RuntimeError("the app did not get ready in time")
        app.step()


def _measure(app: App, session: GameSession, seconds: float, busy, done_work, profile: cProfile.Profile | None
             ) -> dict:
    """Frames while ``busy()`` over ``seconds``; ``done_work()`` counts the work done so far."""
    frames: list[float] = []
    works: list[float] = []
    cpus: list[float] = []
    busy_time = 0.0
    clock = app.clock
    waited = [0.0]

    class TimedClock:
        """The app's clock, timing its wait for the frame's turn."""

        def tick(self, *arguments):
            started = time.perf_counter()
            result = clock.tick(*arguments)
            waited[0] = time.perf_counter() - started
            return result

        def __getattr__(self, name):
            return getattr(clock, name)

    app.clock = TimedClock()
    work_before, work_counted = done_work(), 0.0
    previous = time.perf_counter()
    end = previous + seconds
    if profile is not None:
        profile.enable()
    try:
        while time.perf_counter() < end:
            busy_before = busy()
            cpu_before = time.thread_time()
            app.step()
            now = time.perf_counter()
            if busy_before and busy():
                frames.append(now - previous)
                works.append(now - previous - waited[0])
                cpus.append(time.thread_time() - cpu_before)
                busy_time += now - previous
            if session.record.result is not None and session.watch_mode:
                session.new_game()
            previous = now
            work_counted = done_work() - work_before  # asked every frame: a search's count starts again
    finally:
        if profile is not None:
            profile.disable()
        app.clock = clock
    frames.sort()
    works.sort()
    cpus.sort()
    if not frames:
        return {"frames": 0}

    def percentile(values: list[float], fraction: float) -> float:
        return values[min(len(values) - 1, int(len(values) * fraction))] * 1000

    return {
        "frames": len(frames), "fps": len(frames) / busy_time,
        "p50": percentile(frames, 0.50), "p95": percentile(frames, 0.95), "p99": percentile(frames, 0.99),
        "max": frames[-1] * 1000, "work99": percentile(works, 0.99), "speed": work_counted / busy_time,
        "cpu50": percentile(cpus, 0.50), "cpu99": percentile(cpus, 0.99),
    }


def search_run(entry: GameEntry, seconds: float, profile: cProfile.Profile | None) -> dict:
    """Frames while the computers search (watch mode)."""
    app = App((1280, 800))
    session = GameSession(entry, _players(entry))
    session.watch.move_delay = 0.0
    app.push(PlayScene(app, session))
    searched = [0, 0]  # nodes of searches finished, and of the one running when last seen

    def nodes() -> int:
        depth, count, _ = session.searches.progress()
        if count < searched[1]:  # a new search started
            searched[0] += searched[1]
        searched[1] = count
        return searched[0] + count

    try:
        stats = _measure(app, session, seconds, lambda: session.searches.worker.busy, nodes, profile)
    finally:
        session.close()
        app.shutdown()
    stats["unit"] = "k nodes/s"
    stats["speed"] = stats.get("speed", 0.0) / 1000
    return stats


def rollout_run(entry: GameEntry, seconds: float, profile: cProfile.Profile | None) -> dict:
    """Frames while the candidates of a hint are rolled out (two people at the board)."""
    app = App((1280, 800))
    person = PlayerSettings("human", entry.max_level, Algorithm.default_for(True))
    session = GameSession(entry, (person, person))
    play = PlayScene(app, session)
    app.push(play)
    try:
        _wait_for(app, session.human_to_move)
        play.hint()
        _wait_for(app, lambda: session.hint_move is not None)
        play.rollout()
        if not session.rollout.running:
            raise RuntimeError(f"the rollout did not start: {play.toast}")
        stats = _measure(app, session, seconds, lambda: session.rollout.running,
                         lambda: session.rollout.progress.games * len(session.rollout.progress.lines), profile)
    finally:
        session.close()
        app.shutdown()
    stats["unit"] = "games/s"
    return stats


def idle_run(entry: GameEntry, seconds: float, profile: cProfile.Profile | None) -> dict:
    """Frames with nothing running in the background (two people, a position to play)."""
    app = App((1280, 800))
    person = PlayerSettings("human", entry.max_level, Algorithm.default_for(entry.game.has_chance))
    session = GameSession(entry, (person, person))
    app.push(PlayScene(app, session))
    try:
        _wait_for(app, session.human_to_move)
        stats = _measure(app, session, seconds, lambda: True, lambda: 0, profile)
    finally:
        session.close()
        app.shutdown()
    stats["unit"] = "-"
    return stats


def load() -> str:
    """The machine's load averages (1, 5, 15 minutes)."""
    return " ".join(f"{value:.1f}" for value in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("seconds", nargs="?", type=float, default=10.0, help="seconds per measurement")
    parser.add_argument("--game", default="all", help="a game id, or all (default)")
    parser.add_argument("--mode", choices=("search", "rollout", "idle", "all"), default="all")
    parser.add_argument("--intervals", action="store_true", help="also Python's default switch interval (5 ms)")
    parser.add_argument("--profile", action="store_true", help="profile the window's thread")
    parser.add_argument("--profile-sort", default="tottime", choices=("tottime", "cumulative"),
                        help="the profile's order: a function's own time, or with what it calls")
    parser.add_argument("--switch", type=float, action="append", default=[], metavar="MS",
                        help="also this thread switch interval, in milliseconds (repeatable)")
    parser.add_argument("--search-in", choices=("process", "thread", "both"), default="process",
                        help="where the searches run: a child process (the app), a thread, or each in turn")
    parser.add_argument("--child-nice", type=int, default=None, metavar="N",
                        help="the search process's niceness (default: the app's)")
    options = parser.parse_args()
    if options.child_nice is not None:
        ai.search_process.CHILD_NICENESS = options.child_nice
    games = list(GAMES) if options.game == "all" else [get_game(options.game).id]
    app_label = f"{1000 * SWITCH_INTERVAL:g} ms"
    intervals = [(app_label, SWITCH_INTERVAL)] + ([("5 ms", 0.005)] if options.intervals else []) + \
        [(f"{ms:g} ms", ms / 1000) for ms in options.switch]
    driver = os.environ.get("SDL_VIDEODRIVER") or f"x11 ({os.environ.get('DISPLAY')})"
    print(f"video driver: {driver}; {options.seconds:g} s per measurement; frames counted only while the work runs; "
          f"{os.cpu_count()} cores; search process niceness +{ai.search_process.CHILD_NICENESS}")
    for game in games:
        entry = get_game(game)
        modes = ["idle", "search", "rollout"] if options.mode == "all" else [options.mode]
        for mode in modes:
            if mode == "rollout" and not entry.game.has_chance:
                continue
            places = ["process", "thread"] if options.search_in == "both" else [options.search_in]
            for (label, interval), place in [(pair, place) for pair in intervals
                                             for place in (places if mode == "search" else ["process"])]:
                profile = cProfile.Profile(time.thread_time) if options.profile else None
                before = load()
                run = {"search": search_run, "rollout": rollout_run, "idle": idle_run}[mode]
                app_interval = sys.getswitchinterval()
                try:
                    import ui.app as app_module
                    app_module.SWITCH_INTERVAL = interval
                    ui.search_control.SEARCH_PROCESS = place == "process"
                    stats = run(entry, options.seconds, profile)
                finally:
                    app_module.SWITCH_INTERVAL = app_interval
                    ui.search_control.SEARCH_PROCESS = True
                after = load()
                where = f"{mode} ({place})" if mode == "search" else mode
                if not stats.get("frames"):
                    print(f"{game:<11} {where:<17} no frame while the work ran")
                    continue
                print(f"{game:<11} {where:<17} switch {label:<6} fps {stats['fps']:5.1f}  frame ms p50 {stats['p50']:5.1f} "
                      f"p95 {stats['p95']:5.1f} p99 {stats['p99']:5.1f} max {stats['max']:6.1f}  work p99 "
                      f"{stats['work99']:5.1f}  cpu p50 {stats['cpu50']:4.1f} p99 {stats['cpu99']:4.1f}  {stats['speed']:6.1f} {stats['unit']}  ({stats['frames']} frames; "
                      f"load {before} -> {after})")
                if profile is not None:
                    text = io.StringIO()
                    pstats.Stats(profile, stream=text).sort_stats(options.profile_sort).print_stats(25)
                    print(text.getvalue())


if __name__ == "__main__":
    main()
