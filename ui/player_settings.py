"""Who plays one side of a game in the window: a person or the computer, and how.

No pygame here (tested without a display).
"""
from __future__ import annotations

import shutil
from dataclasses import dataclass, field, replace

from ai.clock import TimeControl
from ai.strength import uses_its_time
from ai.types import Algorithm
from games.registry import GameEntry
from ui import validation
from ui.bots import bot_file, current_command
from ui.game_texts import time_control_label
from ui.i18n import tr, tr_known


@dataclass(frozen=True)
class PlayerSettings:
    """Who plays one side: ``kind`` "human", "ai" (this app's search) or "engine" (an
    external UCI program, ``engine`` naming its command, ``elo`` an optional strength
    limit it is asked to keep); for the AI its strength ``level`` (1 = weakest) and
    ``algorithm``, and ``ponder``, whether it thinks on the person's time (``None``: the
    level's default, see ``ponders``); for any its ``time_control``."""

    kind: str = "human"
    level: int = 1
    algorithm: Algorithm = Algorithm.PVS
    time_control: TimeControl = field(default_factory=TimeControl.unlimited)
    engine: str = ""
    elo: int | None = None
    ponder: bool | None = None

    @property
    def is_ai(self) -> bool:
        """True for a computer player (this app's search or an external program)."""
        return self.kind in ("ai", "engine")

    @property
    def is_external(self) -> bool:
        """True for an external program."""
        return self.kind == "engine"

    def ponders(self, entry: GameEntry) -> bool:
        """Whether this player searches on its opponent's time in ``entry``'s game
        (``ui.ponder_control``): this app's search at a level that uses its time
        (``ai.strength.uses_its_time``: the strongest level; the others are defined by
        their effort, so pondering could not make them play better) in a game without
        chance (``Game.has_chance``: the position after the opponent's move depends on the
        dice), with ``ponder`` on, which it is by default at the strongest level only."""
        if self.kind != "ai" or entry.game.has_chance or not uses_its_time(entry.level(self.level)):
            return False
        return self.ponder if self.ponder is not None else self.level == entry.max_level

    def describe(self, entry: GameEntry) -> str:
        """One line for people: ``Person, 5 min + 3 s`` or ``Good (level 3), PVS, 1 s/move``."""
        return ", ".join(self.describe_parts(entry))

    def describe_parts(self, entry: GameEntry) -> list[str]:
        """``describe``'s parts, the most telling first (who or what level, then the
        algorithm, then the clock): a narrow panel shows as many as fit."""
        clock = time_control_label(self.time_control)
        if not self.is_ai:
            return [tr("Person, no clock")] if self.time_control.kind == "none" else \
                [tr("Person, {clock}", clock=clock)]
        if self.is_external and bot_file(self.engine):  # a bot has no strength to set
            return [tr('{name} (bot)', name=engine_label(self.engine)), clock]
        if self.is_external:
            strength = tr("Elo {elo}", elo=self.elo) if self.elo else tr("full strength")
            return [f"{engine_label(self.engine)} ({strength})", clock]
        level = entry.level(self.level)
        name = (tr("{name} (level {number})", name=tr_known(level.name), number=self.level) if level.name
                else tr("Level {number}", number=self.level))
        return [name, tr_known(self.algorithm.label), clock]

    def to_dict(self) -> dict:
        """Plain data for JSON."""
        data = {"kind": self.kind, "level": self.level, "algorithm": self.algorithm.value,
                "time_control": self.time_control.to_text()}
        if self.is_external:
            data.update(engine=self.engine, elo=self.elo)
        if self.ponder is not None:
            data["ponder"] = self.ponder
        return data

    @classmethod
    def from_dict(cls, data: object, entry: GameEntry) -> PlayerSettings:
        """Read ``to_dict`` output; ``ValueError`` naming the bad field. The algorithm is
        replaced by one that can play ``entry``'s game if needed, and a bot's command by
        today's (``ui.bots.current_command``)."""
        data = validation.mapping(data, tr("the player settings"))
        kind = validation.one_of(data.get("kind"), tr("the player kind"), ("human", "ai", "engine"))
        level = validation.whole_number(validation.optional(data, "level", entry.max_level), tr("the level"), 1,
                                        entry.max_level)
        algorithm = Algorithm.parse(validation.text(validation.optional(data, "algorithm", "pvs"), tr("the algorithm"),
                                                    40))
        control = TimeControl.parse(validation.text(validation.optional(data, "time_control", "none"),
                                                    tr("the time control"), 40))
        if control.base > 100 * 3600 or control.increment > 3600 or control.movetime > 3600:
            raise ValueError(tr("the time control {control} is longer than the app offers", control=control.to_text()))
        ponder = validation.optional(data, "ponder", None)
        if ponder is not None:
            ponder = validation.one_of(ponder, tr("pondering"), (True, False))
        engine, elo = "", None
        if kind == "engine":
            engine = current_command(validation.text(data.get("engine"), tr("the program"), 500), entry)
            if validation.optional(data, "elo", None) is not None:
                elo = validation.whole_number(data.get("elo"), tr("the Elo limit"), 500, 4000)
        return cls(kind, level, algorithm, control, engine, elo, ponder).suited_to(entry)

    def suited_to(self, entry: GameEntry) -> PlayerSettings:
        """These settings with an algorithm that can search ``entry``'s game and a level it has."""
        settings = self
        if entry.game.has_chance and not settings.algorithm.handles_chance:
            settings = replace(settings, algorithm=Algorithm.default_for(True))
        if not 1 <= settings.level <= entry.max_level:
            settings = replace(settings, level=entry.max_level)
        return settings


def default_players(entry: GameEntry) -> tuple[PlayerSettings, PlayerSettings]:
    """A person against the computer at its strongest, thinking a second a move."""
    algorithm = Algorithm.default_for(entry.game.has_chance)
    return (PlayerSettings("human", entry.max_level, algorithm),
            PlayerSettings("ai", entry.max_level, algorithm, TimeControl.per_move(1)))


def players_to_play(players: tuple[PlayerSettings, PlayerSettings], mover: int) -> tuple[PlayerSettings, PlayerSettings]:
    """Who plays a game a person asked to play (the board editor's Play): ``players`` as
    they are when a person plays either side, else with a person (no clock) for side
    ``mover`` (``FIRST`` or ``SECOND``, the side to move) against the computer as chosen."""
    if not all(player.is_ai for player in players):
        return players
    person = PlayerSettings("human", players[mover].level, players[mover].algorithm)
    return (person, players[1]) if mover == 0 else (players[0], person)


def players_to_watch(players: tuple[PlayerSettings, PlayerSettings], entry: GameEntry
                     ) -> tuple[PlayerSettings, PlayerSettings]:
    """Who plays a game a person asked to watch (the board editor's Watch): the computer
    on both sides, each computer side as chosen and a person's side as the default
    computer (``default_players``: the strongest level, a second a move)."""
    computer = default_players(entry)[1]
    first, second = (player if player.is_ai else computer for player in players)
    return first, second


ELO_CHOICES = (1350, 1500, 1700, 1900, 2100, 2400, None)
"""Strength limits offered for an external program (``None``: its full strength)."""


def engine_label(command: str) -> str:
    """A name for people from a program's command line: ``/usr/games/stockfish`` ->
    ``Stockfish``; a Python bot (``python3 '/home/ann/my bot.py'``) by its file: ``my bot``."""
    script = bot_file(command)
    if script:
        return script.replace("\\", "/").split("/")[-1][:-3] or "Bot"
    name = command.replace("\\", "/").split("/")[-1].split()[0] if command.strip() else "Engine"
    name = name[:-4] if name.lower().endswith(".exe") else name
    return name[:1].upper() + name[1:]


def find_engines(names: tuple[str, ...]) -> list[str]:
    """The programs among ``names`` found on this computer (on the PATH, or in
    ``/usr/games`` where Debian puts Stockfish), as commands to run."""
    found = []
    for name in names:
        command = shutil.which(name) or shutil.which(name, path="/usr/games")
        if command:
            found.append(command)
    return found
