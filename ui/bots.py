"""Students' bots offered as players in the menu: the game's example bot in the
bundled ``docs/bots/`` and every ``*.py`` file in the data folder's ``bots/<game id>/``.

A bot is a Python program speaking the engine protocol (docs/protocol.md); the menu
offers it as an external program (``PlayerSettings(kind="engine", engine=<command>)``)
whose command runs the file with this app's Python: ``<python> <file>`` from source,
``<app> --run-bot <file>`` in a frozen build (which has no ``python`` of its own; see
``main.run_bot``). No pygame here (tested without a display).
"""
from __future__ import annotations

import shlex
import sys
from pathlib import Path

from games.registry import GameEntry
from ui.i18n import tr, tr_known
from ui.resources import project_root
from ui.storage import data_dir

BOTS_FOLDER = "bots"
"""The data folder's subfolder holding one folder of bot files per game id."""


def example_bot(game_id: str) -> Path | None:
    """The bundled example bot of the game (``docs/bots/<game id>_bot.py``), or ``None``."""
    path = project_root() / "docs" / "bots" / f"{game_id}_bot.py"
    return path if path.is_file() else None


def bots_folder(game_id: str) -> Path:
    """Where a user's bot files for the game go: ``<data folder>/bots/<game id>/`` (not created here)."""
    return data_dir() / BOTS_FOLDER / game_id


def user_bots(game_id: str) -> list[Path]:
    """The ``*.py`` files in ``bots_folder(game_id)``, sorted by name; none when the
    folder is missing or cannot be read."""
    try:
        return sorted((path for path in bots_folder(game_id).glob("*.py") if path.is_file()),
                      key=lambda path: path.name.lower())
    except OSError:
        return []


def bot_command(path: Path) -> str:
    """The command line that runs the bot file ``path`` with this app's Python, quoted
    so that ``ExternalEngine`` (which splits it with ``shlex.split``) gets the path back
    whole, spaces and backslashes included: ``<python> <path>`` from source, ``<app>
    --run-bot <path>`` when frozen."""
    if getattr(sys, "frozen", False):
        return shlex.join([sys.executable, "--run-bot", str(path)])
    return shlex.join([sys.executable, str(path)])


def bot_choices(entry: GameEntry) -> list[tuple[str, str]]:
    """The bots to offer for ``entry``'s game as ``(command, label)``: its example bot
    ("Chess (example bot)") then the data folder's files ("my_bot (bot)")."""
    choices = []
    example = example_bot(entry.id)
    if example is not None:
        choices.append((bot_command(example), tr("{name} (example bot)", name=tr_known(entry.game.title))))
    for path in user_bots(entry.id):
        choices.append((bot_command(path), tr("{name} (bot)", name=path.stem)))
    return choices


def bot_file(command: str) -> str:
    """The ``.py`` file a command runs (``""`` if none): the last word ending in ``.py``
    (words split like ``ExternalEngine`` does when the command has quotes, else at spaces,
    which keeps an unquoted Windows path's backslashes)."""
    words = command.split()
    if "'" in command or '"' in command:
        try:
            words = shlex.split(command)
        except ValueError:
            pass
    files = [word for word in words if word.lower().endswith(".py")]
    return files[-1] if files else ""


def current_command(command: str, entry: GameEntry) -> str:
    """``command`` as remembered (settings, a saved game) made to work today: a bot
    command whose file is one of the bots offered now (``bot_choices``) but whose
    command line changed becomes today's command: the app or the venv moved (another
    interpreter), or it is an example bot of a built app, which unpacks ``docs/bots/``
    to a new temporary folder at every start. Any other command comes back unchanged."""
    choices = [choice for choice, _label in bot_choices(entry)]
    file = bot_file(command)
    if command in choices or not file:
        return command
    path = Path(file)
    for choice in choices:
        if Path(bot_file(choice)) == path:
            return choice
    if path.parent.name == "bots" and path.parent.parent.name == "docs":
        for choice in choices:
            known = Path(bot_file(choice))
            if known.name == path.name and known.parent.name == "bots" and known.parent.parent.name == "docs":
                return choice
    return command
