"""``main.py --selftest``: the whole app exercised headless, for CI and for a built
executable on a fresh machine.

Every game of the registry is opened in the real window loop (SDL's dummy video driver:
no display needed) and the computer plays both sides at its weakest level, without
delays, until the game ends or ``PLY_LIMIT`` moves (chance outcomes included) have been
played, its searches in a child process (``ai.search_process``; a built executable
starts it as itself); the autosave the play scene wrote is then read back as a new
session, which must hold the same moves and position. Then the example tic-tac-toe bot plays the
computer, started as the menu starts it (``_bot_game``: in a built executable it runs
inside the executable itself), a rollout runs in each game with chance (``_rollout``:
in a child process, which a built executable starts as itself), and every demonstration
of the search lab runs (``_lab``). With ``shots`` a screenshot of each game is saved
there (``<game>.png``, ``rollout-<game>.png`` and ``lab-<demonstration>.png``). The data
folder is a fresh temporary one, so a user's settings and saved games are never touched.
One line says how it went; the exit code is 0 only if every game passed.
"""
from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

PLY_LIMIT = 40
"""Moves (chance outcomes included) after which a game's test stops if it has not ended."""
SECONDS_WITHOUT_PROGRESS = 120.0
"""A game in which no move is played, a demonstration that delivers nothing, or a step of
a rollout that does not come, for this many seconds fails: the computer, the lab or the
rollout is stuck. The time counts from the last move, result or step, not from the
start, since a busy machine (a shared CI runner) is slow, not stuck."""


def run_selftest(shots: str | None = None) -> int:
    """Run the self-test (see the module docstring); print one summary line; return the
    exit code (0: all passed, 1: a game failed)."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"  # the games played make no sound
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="gametreelab-selftest-") as home:
        os.environ["GAMETREELAB_HOME"] = home
        try:
            reports = _play_every_game(Path(shots) if shots else None)
        except Exception as problem:  # anything at all: the summary says what
            print(f"selftest FAILED: {type(problem).__name__}: {problem}")
            return 1
    failed = [report for report in reports if not report[1]]
    seconds = time.monotonic() - started
    words = "; ".join(text for text, _ok in reports)
    if failed:
        print(f"selftest FAILED ({len(failed)} of {len(reports)} games): {words} ({seconds:.1f} s)")
        return 1
    print(f"selftest passed: {words}; each saved and loaded back, its searches in a child process ({seconds:.1f} s)")
    return 0


def _play_every_game(shots: Path | None) -> list[tuple[str, bool]]:
    from ai.clock import TimeControl
    from games.registry import GAMES
    from ui.app import App
    from ui.player_settings import PlayerSettings
    from ui.session import GameSession
    from ui.storage import autosave_file, data_dir

    if shots is not None:
        shots.mkdir(parents=True, exist_ok=True)
    app = App((1280, 800))
    reports = []
    try:
        for game_id, entry in GAMES.items():
            computer = PlayerSettings("ai", 1, time_control=TimeControl.per_move(0.2))
            session = GameSession(entry, (computer, computer))
            _play_out(app, session, PLY_LIMIT)
            for _ in range(3):  # the last move drawn
                app.step()
            if shots is not None:
                import pygame
                pygame.image.save(app.screen, str(shots / f"{game_id}.png"))
            problem = _problem(session)
            if not problem:
                if hasattr(app.top, "wait_for_saves"):
                    app.top.wait_for_saves()  # autosaves are written on a thread of their own
                saved = json.loads((data_dir() / autosave_file(game_id)).read_text(encoding="utf-8"))
                restored = GameSession.from_dict(saved)
                if restored.game.id != game_id or restored.record.moves != session.record.moves \
                        or restored.record.state != session.record.state:
                    problem = "the autosave did not bring the game back as it was"
            reports.append(_report(game_id, session, problem))
        reports.append(_bot_game(app))
        reports.extend(_rollout(app, entry, shots) for entry in GAMES.values() if entry.game.has_chance)
        reports.append(_lab(app, shots))
    finally:
        app.shutdown()
    return reports


def _bot_game(app) -> tuple[str, bool]:
    """A game of tic-tac-toe between the example bot, started as the menu starts it
    (``ui.bots``: with ``--run-bot`` in a built executable), and the computer, played in
    the window loop to its end."""
    from ai.clock import TimeControl
    from games.registry import get_game
    from ui.bots import bot_choices
    from ui.player_settings import PlayerSettings
    from ui.session import GameSession

    entry = get_game("tictactoe")
    choices = bot_choices(entry)
    if not choices:
        return "bot game: the example bot was not found", False
    bot = PlayerSettings("engine", time_control=TimeControl.per_move(0.5), engine=choices[0][0])
    computer = PlayerSettings("ai", 1, time_control=TimeControl.per_move(0.2))
    session = GameSession(entry, (bot, computer))
    _play_out(app, session)
    problem = _problem(session) or ("" if session.record.result is not None else "the game did not end in time")
    return _report("bot game", session, problem)


def _rollout(app, entry, shots: Path | None) -> tuple[str, bool]:
    """A rollout in the window loop, as the Rollout button starts it (in a child process:
    in a built executable, the executable itself): two people, a hint in the first
    position to play, its candidates rolled out until a first game of each is in, then
    stopped; a screenshot with ``shots`` (``rollout-<game>.png``)."""
    from ui.player_settings import PlayerSettings
    from ui.session import GameSession

    person = PlayerSettings("human")
    session = GameSession(entry, (person, person))
    play = app.show_game(session)

    def frames_until(condition) -> bool:
        deadline = time.monotonic() + SECONDS_WITHOUT_PROGRESS
        while not condition():
            if time.monotonic() > deadline:
                return False
            app.step()
        return True

    name = f"rollout {entry.id}"
    if not (frames_until(session.human_to_move) and session.request_hint() is None
            and frames_until(lambda: session.hint_move is not None or session.failure is not None)):
        return f"{name}: no hint to roll out", False
    problem = session.start_rollout()
    rollout = session.rollout
    if problem or not frames_until(lambda: rollout.progress.games >= 1 or not rollout.running):
        return f"{name}: {problem or 'no game in time'}", False
    for _ in range(3):
        app.step()
    if shots is not None:
        import pygame
        pygame.image.save(app.screen, str(shots / f"rollout-{entry.id}.png"))
    games = rollout.progress.games
    rollout.stop()
    if rollout.error or not games or not frames_until(lambda: not rollout.running):
        return f"{name}: {rollout.error or 'it did not stop'}", False
    session.close()
    return f"{name} ({games} {'game' if games == 1 else 'games'} of each candidate)", True


def _play_out(app, session, ply_limit: int | None = None) -> None:
    """Show ``session`` without move delays and run frames until it ends, fails, has
    ``ply_limit`` moves (if given) or no move has been played for
    ``SECONDS_WITHOUT_PROGRESS``."""
    session.watch.move_delay = 0.0
    app.show_game(session)
    _frames_while(app, lambda: session.record.result is None and session.failure is None
                  and (ply_limit is None or len(session.record.moves) < ply_limit),
                  lambda: len(session.record.moves))


def _frames_while(app, going: Callable[[], bool], progress: Callable[[], object]) -> None:
    """Run frames while ``going()`` holds, until ``progress()`` has stayed the same for
    ``SECONDS_WITHOUT_PROGRESS``."""
    seen = progress()
    deadline = time.monotonic() + SECONDS_WITHOUT_PROGRESS
    while going() and time.monotonic() < deadline:
        app.step()
        if progress() != seen:
            seen = progress()
            deadline = time.monotonic() + SECONDS_WITHOUT_PROGRESS


def _report(name: str, session, problem: str) -> tuple[str, bool]:
    """The summary's words for one game (``tictactoe 9 moves (board full)``) and whether it passed."""
    ended = session.record.result.reason if session.record.result is not None else "not ended"
    text = f"{name} {len(session.record.moves)} moves ({ended})"
    return (f"{text}: {problem}", False) if problem else (text, True)


def _lab(app, shots: Path | None) -> tuple[str, bool]:
    """The search lab's demonstrations, each run in the window loop: the comparisons must
    agree, the trees, iterations and database layers must arrive; a screenshot of each
    with ``shots``."""
    from ai.demonstrations import DEMONSTRATIONS
    from ui import theme

    problems = []
    for item in DEMONSTRATIONS:
        app.show_lab(demonstration=item.key)
        lab = app.top
        _frames_while(app, lambda: lab.job is not None, partial(_lab_progress, lab))
        if lab.playing:  # a database being built layer by layer: to its end at once
            lab.step_tree(10**9)
        app.step()
        if shots is not None:
            import pygame
            pygame.image.save(app.screen, str(shots / f"lab-{item.key}.png"))
        if lab.job is not None or not lab.has_results() or lab.message_colour == theme.DANGER:
            problems.append(f"{item.key}: {lab.message or 'no result in time'}")
        lab.leave_lab()
    if problems:
        return f"lab: {'; '.join(problems)}", False
    return f"lab {len(DEMONSTRATIONS)} demonstrations", True


def _lab_progress(lab) -> tuple[int, int, bool, int]:
    """What the lab has delivered so far: rows, depths, a tree, database layers."""
    steps = lab.retrograde_chart.steps
    return len(lab.rows), len(lab.infos), lab.tree_view.tree is not None, len(steps.solved) if steps else 0


def _problem(session) -> str:
    """Why a game's test failed, or ""."""
    from ai.search_process import ProcessSearchWorker

    if session.failure is not None:
        return f"the computer's search failed: {session.failure.message}"
    worker = session.searches.worker
    if not isinstance(worker, ProcessSearchWorker) or worker.child_process is None \
            or not worker.child_process.is_alive():
        return "the searches did not run in a child process"
    if session.record.result is None and len(session.record.moves) < PLY_LIMIT:
        return "no move for too long"
    if not session.record.moves:
        return "no move was played"
    return ""


if __name__ == "__main__":
    sys.exit(run_selftest(sys.argv[1] if len(sys.argv) > 1 else None))
