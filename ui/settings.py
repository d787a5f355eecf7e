"""The app's remembered choices: the game, each game's players, the window, the text size, the sound, the tables' folders.

``AppSettings.load`` reads ``settings.json`` from the data folder and never fails: a
missing file gives the defaults; a damaged one is moved aside by ``ui.storage`` and the
defaults are used; a value of the wrong type or out of range falls back to its default
alone. Each problem comes back as a sentence for people. No pygame here.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from games.registry import GAMES, GameEntry
from ui import validation
from ui.i18n import LANGUAGES, tr, tr_known
from ui.player_settings import PlayerSettings, default_players
from ui.table_folders import checked_setting
from ui.storage import SETTINGS_FILE, StorageError, data_dir, read_json, write_json_atomically

TEXT_SIZES = ("normal", "large", "extra large")
THEME_NAMES = ("dark", "light")
"""The colour themes (``ui.theme.PALETTES`` has one palette for each)."""
"""The text-size setting's values (``ui.theme.TEXT_SCALES`` gives their factors)."""
LARGEST_WINDOW = 16_384


@dataclass
class AppSettings:
    """What the app remembers between runs.

    ``game`` is the id of the last game chosen; ``players`` holds each game's last
    players as saved data (checked when used, see ``players_for``); ``window_size`` is
    the last window size in pixels (``None``: never set); ``text_size`` one of
    ``TEXT_SIZES``; ``theme`` one of ``THEME_NAMES``; ``fullscreen`` whether the app was
    in full-screen mode;
    ``view_options`` each game's board-view settings (name -> on/off, e.g. chess's
    "always queen"; see ``BoardView.options``); ``rules`` each game's rule options for
    new games (name -> on/off; see ``Game.rule_options``); ``language`` the interface's
    language, one of ``ui.i18n.LANGUAGES``; ``sound`` whether the app makes its sounds
    (moves, captures, dice, the end of a game; see ``ui.sounds``); ``tables`` the folders
    of each game's tables the person chose (game id -> folders as text, "" for none; a
    game not named uses its default folders; see ``ui.table_folders``).
    """

    game: str = field(default_factory=lambda: next(iter(GAMES)))
    players: dict[str, list] = field(default_factory=dict)
    window_size: tuple[int, int] | None = None
    text_size: str = "normal"
    theme: str = "dark"
    fullscreen: bool = False
    view_options: dict[str, dict[str, bool]] = field(default_factory=dict)
    rules: dict[str, dict[str, bool]] = field(default_factory=dict)
    language: str = "english"
    sound: bool = True
    tables: dict[str, str] = field(default_factory=dict)

    @classmethod
    def load(cls) -> tuple[AppSettings, str]:
        """The saved settings (defaults where missing or unusable) and a message about any
        problem ("" when none)."""
        settings = cls()
        try:
            data = read_json(data_dir() / SETTINGS_FILE)
        except StorageError as problem:
            return settings, tr("Your saved settings could not be used, so the defaults are shown. {problem}.",
                                problem=problem)
        except OSError as problem:
            return settings, tr("Your settings could not be read ({problem}). The defaults are shown.", problem=problem)
        if data is None:
            return settings, ""
        problems = []

        def take(key: str, check) -> None:
            if data.get(key) is None:
                return
            try:
                setattr(settings, key, check(data[key]))
            except ValueError as problem:
                problems.append(str(problem))

        take("game", lambda value: validation.one_of(value, tr("the game"), list(GAMES)))
        take("players", lambda value: dict(validation.mapping(value, tr("the players"))))
        window = tr("the window size")
        take("window_size", lambda value: tuple(validation.whole_number(number, window, 100, LARGEST_WINDOW)
                                                for number in validation.sequence(value, window, length=2)))
        take("text_size", lambda value: validation.one_of(value, tr("the text size"), TEXT_SIZES))
        take("theme", lambda value: validation.one_of(value, tr("the theme"), THEME_NAMES))
        take("fullscreen", lambda value: validation.one_of(value, tr("full screen"), (True, False)))
        take("view_options", _view_options)
        take("rules", lambda value: _view_options(value, tr("the rule options")))
        take("language", lambda value: validation.one_of(value, tr("the language"), LANGUAGES))
        take("sound", lambda value: validation.one_of(value, tr("the sound"), (True, False)))
        take("tables", checked_setting)
        message = ""
        if problems:
            message = tr("Some settings were not valid and their defaults are used: {problems}.",
                         problems="; ".join(problems))
        return settings, message

    def save(self) -> str:
        """Write the settings; returns a message if that failed or went elsewhere ("" if fine)."""
        path = data_dir() / SETTINGS_FILE
        try:
            written = write_json_atomically(path, self.to_dict())
        except (OSError, ValueError) as problem:
            return tr("Your settings could not be saved ({problem}).", problem=problem)
        if written != path:
            return tr("{name} could not be read, so it was left as it is; settings are saved in {saved}.",
                      name=path.name, saved=written.name)
        return ""

    def to_dict(self) -> dict:
        """Plain data for JSON."""
        return {"game": self.game, "players": self.players,
                "window_size": list(self.window_size) if self.window_size else None,
                "text_size": self.text_size, "theme": self.theme, "fullscreen": self.fullscreen,
                "view_options": self.view_options, "rules": self.rules, "language": self.language,
                "sound": self.sound, "tables": self.tables}

    def players_for(self, entry: GameEntry) -> tuple[tuple[PlayerSettings, PlayerSettings], str]:
        """The remembered players of ``entry``'s game (the defaults if none or not valid)
        and a message about a problem ("" if none)."""
        saved = self.players.get(entry.id)
        if saved is None:
            return default_players(entry), ""
        try:
            pair = validation.sequence(saved, tr("the players"), length=2)
            return (PlayerSettings.from_dict(pair[0], entry), PlayerSettings.from_dict(pair[1], entry)), ""
        except ValueError as problem:
            return default_players(entry), tr("The saved players for {game} were not valid ({problem}); the defaults "
                                              "are shown.", game=tr_known(entry.game.title), problem=problem)

    def remember_players(self, entry: GameEntry, players: tuple[PlayerSettings, PlayerSettings]) -> None:
        """Remember ``players`` for ``entry``'s game (and that game as the last chosen)."""
        self.game = entry.id
        self.players[entry.id] = [player.to_dict() for player in players]


    def rules_for(self, entry: GameEntry) -> dict[str, bool]:
        """The remembered rule options of ``entry``'s game, the game's defaults for any
        not remembered (unknown names are dropped)."""
        rules = entry.game.default_rules()
        rules.update({name: flag for name, flag in self.rules.get(entry.id, {}).items() if name in rules})
        return rules


def _view_options(value: object, what: str = "") -> dict[str, dict[str, bool]]:
    """Checked on/off options per game: game id -> option name -> on/off (``what`` names
    them in messages; default: the board options)."""
    what = what or tr("the board options")
    games = validation.mapping(value, what)
    checked: dict[str, dict[str, bool]] = {}
    for game_id, options in games.items():
        options = validation.mapping(options, tr("{what} of {game}", what=what, game=str(game_id)[:20]))
        checked[str(game_id)[:40]] = {str(name)[:40]: validation.one_of(flag, tr("an option"), (True, False))
                                      for name, flag in list(options.items())[:50]}
    return checked
