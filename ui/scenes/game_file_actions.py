"""The play screen's game-file actions: save and open games, copy and paste games and
positions, and the board editor on the position shown.

``GameFileActions`` belongs to a play scene: it saves the game into the data folder's
``games`` folder (in its game's record format, PGN for chess), opens a saved one from
a list, copies the game or the position (FEN in chess) to the clipboard, and pastes a
game or a position to play from. Text that cannot be read is refused with a message
in words and the game on screen stays as it was; replacing a game in progress is
asked first. Opening a game shows a new session (``Navigator.show_game``).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from games.base import GameError
from ui.clipboard import copy_text, paste_text
from ui.game_files import (describe_game_file, game_text, games_folder, position_text, read_game_file,
                           read_position_or_game, reading_problem, save_game)
from ui.i18n import tr, tr_known
from ui.scenes.dialog import Dialog
from ui.scenes.file_dialog import FileDialog
from ui.scenes.text_dialog import TextDialog
from ui.session import GameSession

if TYPE_CHECKING:
    from ui.navigation import Navigator


class GameFileActions:
    """Save, open, copy and paste for the session ``session()`` of a play scene;
    ``say(text)`` shows a message in the status line; dialogs open and a new game is
    shown through ``navigator``."""

    def __init__(self, navigator: Navigator, session: Callable[[], GameSession], say: Callable[[str], None]) -> None:
        self.navigator = navigator
        self.session = session
        self.say = say

    @property
    def has_records(self) -> bool:
        """Whether the game can be written and read as whole-game text."""
        return bool(self.session().game.record_format)

    def menu(self) -> None:
        """A dialog offering every action."""
        choices = [(tr("Copy position"), self.copy_position), (tr("Paste"), self.paste),
                   (tr("Edit position"), self.edit_position)]
        if self.has_records:
            choices = [(tr("Save"), self.save), (tr("Open\u2026"), self.open), (tr("Copy game"), self.copy_game),
                       *choices]
        self.navigator.push(Dialog(self.navigator, tr("Game and position"), self._menu_text(),
                                   [*choices, (tr("Close"), None)]))

    def _menu_text(self) -> str:
        session = self.session()
        lines = []
        if self.has_records:
            lines.append(tr("Save writes the game as {format} into {folder} (Ctrl+S); Open lists the saved games "
                            "(Ctrl+O); Copy game puts it on the clipboard (Ctrl+C).",
                            format=session.game.record_format, folder=games_folder()))
        lines.append(tr("Copy position copies the position shown (Ctrl+Shift+C); Paste reads a game or a position "
                        "from the clipboard to play from (Ctrl+V)."))
        lines.append(tr("Edit position opens the board editor on the position shown (E): put pieces on and take them "
                        "off, then play, watch or search from there."))
        return "\n".join(lines)

    def save(self) -> None:
        """Save the game as a file (its record format) in the games folder."""
        try:
            path = save_game(self.session())
        except (OSError, GameError) as problem:
            self.say(tr("The game could not be saved: {problem}", problem=problem))
            return
        self.say(tr("Saved as {name} in {folder}", name=path.name, folder=path.parent))

    def open(self) -> None:
        """List the saved games; the chosen one replaces the game on screen (asked first)."""
        session = self.session()
        if not self.has_records:
            self.say(tr("{game} games cannot be saved as files.", game=tr_known(session.game.title)))
            return
        entry = session.entry
        self.navigator.push(FileDialog(self.navigator, tr("Open a saved game"), games_folder(),
                                       on_choose=lambda path: self._load(lambda: read_game_file(entry, path),
                                                                         path.name),
                                       pattern=f"*.{session.game.record_format.lower()}",
                                       describe=lambda path: describe_game_file(entry, path)))

    def copy_game(self) -> None:
        """Put the game on the clipboard as text (its record format)."""
        try:
            text = game_text(self.session())
        except GameError as problem:
            self.say(str(problem))
            return
        problem = copy_text(text)
        self.say(problem or tr("The game was copied as {format}.", format=self.session().game.record_format))

    def copy_position(self) -> None:
        """Put the position shown on the clipboard (FEN in chess)."""
        problem = copy_text(position_text(self.session().display_state))
        self.say(problem or tr("The position was copied."))

    def paste(self) -> None:
        """Read a game or a position from the clipboard, after showing it for a check
        (the person may edit it); it replaces the game on screen when read."""
        text, problem = paste_text()
        session = self.session()
        if self.has_records:
            prompt = tr("Paste a game ({format}) or a position here (Ctrl+V), then OK.",
                        format=session.game.record_format)
        else:
            prompt = tr("Paste a position here (Ctrl+V), then OK.")
        entry = session.entry

        self.navigator.push(TextDialog(self.navigator, tr("Paste a game or a position"), prompt,
                                       on_accept=lambda accepted: self._load(
                                           lambda: read_position_or_game(entry, accepted), tr("the pasted text")),
                                       validate=lambda candidate: reading_problem(entry, candidate),
                                       text=text if not problem else ""))

    def edit_position(self) -> None:
        """The board editor on the position shown, with this game's players and rules (a
        game started there replaces this one, after asking). Not during a timed game in
        which a person plays (their clock would run on); a watched game pauses."""
        session = self.session()
        if session.record.result is None and any(not player.is_ai and player.time_control.is_timed
                                                 for player in session.players):
            self.say(tr("The board editor is not available during a timed game: your clock would keep running."))
            return
        if session.watch_mode and not session.paused:
            session.set_paused(True)
        session.pondering.drop()
        self.navigator.show_editor(session.entry, session.display_state, session.players, session.rules, session)

    def _load(self, read, source: str) -> None:
        """Read a game with ``read()`` and open it, asking first if a game is going on."""
        session = self.session()
        try:
            game = read()
        except GameError as problem:
            self.say(tr("{name} could not be opened: {problem}", name=source, problem=problem))
            return

        def replace() -> None:
            new = GameSession.from_game_text(session.entry, session.players, game)
            self.navigator.show_game(new)

        if session.record.moves and session.record.result is None and not session.watch_mode:
            self.navigator.push(Dialog(self.navigator, tr("Replace the game?"),
                                       tr("The game in progress will be replaced by {name}.", name=source),
                                       [(tr("Replace"), replace), (tr("Keep playing"), None)]))
            return
        replace()
