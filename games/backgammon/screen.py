"""A cheap screen of backgammon positions: a linear function of the raw board that ranks
the plays of one roll nearly as the contact network does, at a few microseconds each.

Two-ply search spends nine tenths of its time choosing a play at its last decisions
(``ai.expectimax``'s leaf decisions: for each of our 21 rolls below each of the
opponent's replies, the best of some 20-40 plays by the full network, about 0.1 ms a
play). GNU Backgammon makes that choice affordable with small "pruning" networks that
pick the few plays worth a full evaluation. This is the same idea at its smallest: the
search (``SearchOptions.leaf_screen``) ranks a leaf decision's children by ``screen_batch``
and evaluates only the best few with the networks.

The screen is ``bias + sum over the raw board's input units of weight * unit``, the
units being the race network's (Tesauro's encoding, ``net_inputs.RACE_SLOT_UNITS``) for
the side on roll and the other; its value approximates the side on roll's cubeless
equity **only up to a constant per position's siblings**: it was fitted to the contact
network's equities with each roll's mean taken out (``training/backgammon_screen.py``),
so it ranks siblings and does not value a position. It judges only positions in contact
(where the contact network would): ``screen_batch`` returns ``None`` for a batch with any
other (a race, the bear-off database, a finished game), and the search then evaluates
them all.

The weights are ``data/screen.json``: ``{"inputs": INPUTS_VERSION, "weights": [...],
"bias": b, "about": {...}}``, one weight per raw input unit (206).
"""
from __future__ import annotations

import json
import operator
import threading
from collections.abc import Sequence
from pathlib import Path

from games.backgammon.data_files import data_path
from games.backgammon.net_inputs import INPUTS_VERSION, RACE_SLOT_UNITS
from games.backgammon.notation import CHECKERS, OFF
from games.backgammon.rules import BackgammonState, in_contact
from games.base import FIRST

SCREEN_FILE = data_path("screen.json")

RAW_UNITS = sum(len(values[0]) for values in RACE_SLOT_UNITS)
"""How many input units the raw board has (the screen's weights, one each)."""


class ScreenError(ValueError):
    """A screen weights file that cannot be used; the message says why."""


class Screen:
    """The linear screen of one weights file: ``weights`` (one per raw input unit, in
    ``RACE_SLOT_UNITS``' order) and ``bias``. Folded at construction into one table per
    slot (the value each of its checker counts adds), so a position costs one look-up a
    slot. Slot values are not validated: a count beyond 15 raises ``IndexError``."""

    def __init__(self, weights: Sequence[float], bias: float, about: dict | None = None) -> None:
        if len(weights) != RAW_UNITS:
            raise ScreenError(f"the screen has {len(weights)} weights, the raw board {RAW_UNITS} input units")
        self.weights = [float(weight) for weight in weights]
        self.bias = float(bias)
        self.about = dict(about or {})
        self.tables: list[list[float]] = []
        offset = 0
        for values in RACE_SLOT_UNITS:
            width = len(values[0])
            row = self.weights[offset:offset + width]
            self.tables.append([sum(unit * weight for unit, weight in zip(units, row)) for units in values])
            offset += width

    @classmethod
    def read(cls, path: Path = SCREEN_FILE) -> Screen:
        """The screen of a weights file; ``ScreenError`` saying why when it cannot be read,
        is not a screen or was fitted to another encoding."""
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
            version, weights, bias = data["inputs"], data["weights"], data["bias"]
            about = data.get("about", {})
        except (OSError, ValueError, KeyError, TypeError) as error:
            raise ScreenError(f"{path}: not a screen weights file ({error})") from None
        if version != INPUTS_VERSION:
            raise ScreenError(f"{path}: fitted on inputs {version!r}, this program encodes {INPUTS_VERSION!r}")
        if not isinstance(weights, list) or not all(isinstance(weight, (int, float)) for weight in weights) \
                or not isinstance(bias, (int, float)):
            raise ScreenError(f"{path}: its weights are not a list of numbers")
        return cls(weights, bias, about if isinstance(about, dict) else {})

    def write(self, path: Path) -> None:
        """Save in the format above (overwrites ``path``)."""
        data = {"inputs": INPUTS_VERSION, "weights": [round(weight, 7) for weight in self.weights],
                "bias": round(self.bias, 7), "about": self.about}
        Path(path).write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")

    def on_roll_value(self, on_roll: Sequence[int], other: Sequence[int]) -> float:
        """The screen's value for the side on roll (points, cubeless, up to a constant
        shared by siblings) of the position with these boards (each in its own numbering)."""
        slots = [*on_roll[1:26], on_roll[OFF], *other[1:26], other[OFF]]
        return self.bias + sum(map(operator.getitem, self.tables, slots))


_SCREEN: Screen | None = None
_LOCK = threading.Lock()


def shipped() -> Screen:
    """The shipped screen (``data/screen.json``), read at first use and kept (thread-safe)."""
    global _SCREEN
    with _LOCK:
        if _SCREEN is None:
            _SCREEN = Screen.read()
        return _SCREEN


def screen_batch(states: Sequence[BackgammonState], player: int) -> list[int] | None:
    """The screen's values of ``states`` (decision positions, the side on roll to roll) for
    ``player``, in thousandths of a point, zero-sum like the evaluation: for ranking
    siblings only (see the module docstring). ``None`` when any state is not a contact
    position, or is the game's start (the search then evaluates them all)."""
    screen = shipped()
    values = []
    for state in states:
        mover = state.player
        if mover is None:
            return None
        on_roll, other = state.checkers(mover), state.checkers(1 - mover)
        if on_roll[OFF] == CHECKERS or other[OFF] == CHECKERS or not in_contact(on_roll, other):
            return None
        value = round(1000 * screen.on_roll_value(on_roll, other))
        values.append(value if (mover == FIRST) == (player == FIRST) else -value)
    return values
