"""The learned backgammon evaluation: two neural networks and the bear-off database.

A position is judged from the side on roll (its dice not yet rolled) as five cubeless
outcome probabilities: win, win a gammon, win a backgammon, lose a gammon, lose a
backgammon (gammons including backgammons). Where they come from, in order:

* the game is over: the result;
* both sides' checkers are all home: the **bear-off database** (``bearoff``), whose
  roll distributions give the chances near-exactly;
* no contact left (a race): the **race network**;
* otherwise the **contact network**.

The networks (``network``, weights in ``data/networks.bin``) were trained by TD(lambda)
self-play (``training/backgammon_td.py``); their outputs are made consistent here (a
gammon is no likelier than a win, a backgammon than a gammon, none once the loser has
borne a checker off, no backgammon in a race where the loser has no checker left in the
winner's home board or on the bar).

``evaluate`` and ``evaluate_batch`` are the leaf evaluations for the search, in
thousandths of a point (``ai.types.UTILITY_SCALE``) for a named player, zero-sum;
``evaluate_batch`` evaluates the children of one position together, which the network
does much faster than one by one (see ``network.Network.outputs_many``).
"""
from __future__ import annotations

import os
import threading
from collections.abc import Sequence

from games.backgammon import bearoff
from games.backgammon.data_files import data_path
from games.backgammon.net_inputs import CONTACT_SLOT_UNITS, RACE_SLOT_UNITS, contact_slots, race_slots
from games.backgammon.network import Network, read_networks
from games.backgammon.notation import CHECKERS, OFF, Board
from games.backgammon.rules import BackgammonState, in_contact
from games.base import FIRST

NETWORKS_FILE = data_path("networks.bin")
CUBE_NETWORKS_FILE = data_path("cube_networks.bin")
"""The cube's networks: the contact network of ``NETWORKS_FILE`` fitted further to
rollouts of our own play from positions worth a double (``training/backgammon_supervised.py
label --minimum-equity``), the race network unchanged. The cube decisions use them
(``cube_outcome_probabilities_many``); the plays use ``NETWORKS_FILE``, whose choices such
fits make worse (``bench/RESULTS.md``)."""

Probabilities = tuple[float, float, float, float, float]

BEAR_OFF, RACE, CONTACT, FINISHED = "bear-off database", "race network", "contact network", "result"
"""Where a position's probabilities come from (``source``)."""


class LearnedEvaluation:
    """The networks of one weights file with the bear-off database; thread-safe for
    reading (the look-up tables the networks fill are only ever extended)."""

    def __init__(self, path=NETWORKS_FILE) -> None:
        header, arrays = read_networks(path)
        self.about = header.get("about", {})
        self.contact = Network(CONTACT_SLOT_UNITS, **arrays["contact"])
        self.race = Network(RACE_SLOT_UNITS, **arrays["race"])

    def probabilities_many(self, boards: Sequence[tuple[Board, Board]]) -> list[Probabilities]:
        """``on_roll_probabilities`` for several ``(on_roll, other)`` pairs; those judged
        by the same network are evaluated together (siblings share most inputs)."""
        results: list[Probabilities | None] = [None] * len(boards)
        by_network: dict[str, list[int]] = {RACE: [], CONTACT: []}
        for at, (on_roll, other) in enumerate(boards):
            kind = source(on_roll, other)
            if kind == FINISHED:
                results[at] = _result(on_roll)
            elif kind == BEAR_OFF:
                results[at] = bearoff.race_probabilities(bearoff.home_of(on_roll), bearoff.home_of(other))
            else:
                by_network[kind].append(at)
        for kind, network, slots_of in ((RACE, self.race, race_slots), (CONTACT, self.contact, contact_slots)):
            chosen = by_network[kind]
            if chosen:
                outputs = network.outputs_many([slots_of(*boards[at]) for at in chosen])
                for at, raw in zip(chosen, outputs):
                    results[at] = consistent(raw, *boards[at], race=kind == RACE)
        return results  # type: ignore[return-value]

    def on_roll_probabilities(self, on_roll: Board, other: Board) -> Probabilities:
        """The side on roll's cubeless outcome probabilities (see the module docstring)."""
        return self.probabilities_many([(on_roll, other)])[0]


def source(on_roll: Board, other: Board) -> str:
    """Which part judges the position: ``FINISHED``, ``BEAR_OFF``, ``RACE`` or ``CONTACT``."""
    if on_roll[OFF] == CHECKERS or other[OFF] == CHECKERS:
        return FINISHED
    if in_contact(on_roll, other):
        return CONTACT
    if bearoff.home_of(on_roll) is not None and bearoff.home_of(other) is not None:
        return BEAR_OFF
    return RACE


def evaluation_source(state: BackgammonState) -> tuple[str, bool]:
    """What judges ``state`` (``source``: ``BEAR_OFF``, ``RACE``, ``CONTACT`` or
    ``FINISHED``) and whether that judgement is exact: the result, or the bear-off
    database (near-exact, see ``bearoff``), are; the networks are estimates."""
    on_roll, other, _ = _boards(state)
    kind = source(on_roll, other)
    return kind, kind in (BEAR_OFF, FINISHED)


def _result(on_roll: Board) -> Probabilities:
    """A finished game from the side on roll's view: it won only if it has all off
    (which cannot happen in play: the winner's opponent is on roll at the end)."""
    return (1.0, 0.0, 0.0, 0.0, 0.0) if on_roll[OFF] == CHECKERS else (0.0, 0.0, 0.0, 0.0, 0.0)


def consistent(raw: Sequence[float], on_roll: Board, other: Board, race: bool) -> Probabilities:
    """The network's five outputs made consistent with each other and with the board:
    0 <= backgammon <= gammon <= win (and the same for losses); no gammon for a side
    whose opponent has borne off a checker; no backgammon in a race for a side whose
    opponent has no checker on the bar or in its home board."""
    win = min(max(raw[0], 0.0), 1.0)
    win_gammon = win_backgammon = lose_gammon = lose_backgammon = 0.0
    if not other[OFF]:
        win_gammon = min(max(raw[1], 0.0), win)
        if not race or any(other[19:26]):
            win_backgammon = min(max(raw[2], 0.0), win_gammon)
    if not on_roll[OFF]:
        lose_gammon = min(max(raw[3], 0.0), 1.0 - win)
        if not race or any(on_roll[19:26]):
            lose_backgammon = min(max(raw[4], 0.0), lose_gammon)
    return win, win_gammon, win_backgammon, lose_gammon, lose_backgammon


_IN_USE: dict[str, LearnedEvaluation] = {}
"""The networks each role uses ("plays", "cube"), read at first use (``_in_use``) or set by
``use_networks``/``use_cube_networks``."""
_SHIPPED = {"plays": NETWORKS_FILE, "cube": CUBE_NETWORKS_FILE}
_LOCK = threading.Lock()


def _in_use(role: str) -> LearnedEvaluation:
    with _LOCK:
        if role not in _IN_USE:
            _IN_USE[role] = LearnedEvaluation(_SHIPPED[role])
        return _IN_USE[role]


def _use(role: str, path: str | os.PathLike | None) -> None:
    evaluation = None if path is None else LearnedEvaluation(path)  # a malformed file raises here
    with _LOCK:
        if evaluation is None:
            _IN_USE.pop(role, None)
        else:
            _IN_USE[role] = evaluation


def learned() -> LearnedEvaluation:
    """The shipped networks, read at first use and kept (thread-safe)."""
    return _in_use("plays")


def cube_learned() -> LearnedEvaluation:
    """The shipped cube networks (``CUBE_NETWORKS_FILE``), read at first use and kept
    (thread-safe)."""
    return _in_use("cube")


def use_networks(path: str | os.PathLike | None = None) -> None:
    """Make ``learned()`` (and so every evaluation and search of this process, but not
    the cube decisions: ``use_cube_networks``) use the networks of the weights file
    ``path`` from now on; ``None``: the shipped ones again, read at next use. For
    benchmarks comparing weights files on the same positions; the file is read here,
    and a malformed one raises before anything changes."""
    _use("plays", path)


def use_cube_networks(path: str | os.PathLike | None = None) -> None:
    """Make ``cube_learned()`` (every cube decision of this process) use the networks of
    the weights file ``path`` from now on; ``None``: the shipped cube networks again.
    For benchmarks, as ``use_networks``; the plays' networks do not change."""
    _use("cube", path)


def _boards(state: BackgammonState) -> tuple[Board, Board, bool]:
    """The side on roll's and the other's checkers, and whether the side on roll is
    ``FIRST`` (before the opening roll: ``FIRST``, see ``outcome_probabilities``)."""
    mover = FIRST if state.player is None else state.player
    return state.checkers(mover), state.checkers(1 - mover), mover == FIRST


def flipped(chances: Probabilities) -> Probabilities:
    """The same outcomes seen by the other side."""
    win, win_gammon, win_backgammon, lose_gammon, lose_backgammon = chances
    return 1.0 - win, lose_gammon, lose_backgammon, win_gammon, win_backgammon


def outcome_probabilities(state: BackgammonState) -> Probabilities:
    """Cubeless outcome probabilities for ``FIRST`` (``(win, win_gammon, win_backgammon,
    lose_gammon, lose_backgammon)``), judged with the side on roll to roll (a decision
    node's dice are not used); before the opening roll, the average of either side
    starting."""
    return outcome_probabilities_many([state])[0]


def outcome_probabilities_many(states: Sequence[BackgammonState], evaluation: LearnedEvaluation | None = None
                               ) -> list[Probabilities]:
    """``outcome_probabilities`` of several states, evaluated together by ``evaluation``
    (default: ``learned()``, the plays' networks)."""
    pairs, firsts, openings = [], [], []
    for state in states:
        on_roll, other, first = _boards(state)
        pairs.append((on_roll, other))
        firsts.append(first)
        openings.append(state.player is None)
        if state.player is None:
            pairs.append((other, on_roll))
    found = (evaluation or learned()).probabilities_many(pairs)
    results, at = [], 0
    for first, opening in zip(firsts, openings):
        chances = found[at] if first else flipped(found[at])
        at += 1
        if opening:  # either side may start: average FIRST on roll and SECOND on roll
            other_start = flipped(found[at])
            at += 1
            chances = tuple((a + b) / 2 for a, b in zip(chances, other_start))
        results.append(chances)
    return results


def cube_outcome_probabilities_many(states: Sequence[BackgammonState]) -> list[Probabilities]:
    """``outcome_probabilities_many`` by the cube's networks (``cube_learned()``)."""
    return outcome_probabilities_many(states, cube_learned())


def equity(chances: Probabilities) -> float:
    """Cubeless expected points of a side with these chances, -3..3."""
    win, win_gammon, win_backgammon, lose_gammon, lose_backgammon = chances
    return 2.0 * win - 1.0 + win_gammon - lose_gammon + win_backgammon - lose_backgammon


def evaluate(state: BackgammonState, player: int) -> int:
    """The position's cubeless equity for ``player`` in thousandths of a point (zero-sum)."""
    value = round(1000 * equity(outcome_probabilities(state)))
    return value if player == FIRST else -value


def evaluate_batch(states: Sequence[BackgammonState], player: int) -> list[int]:
    """``evaluate`` of several states (the children of one position: much faster than one by one)."""
    values = [round(1000 * equity(chances)) for chances in outcome_probabilities_many(states)]
    return values if player == FIRST else [-value for value in values]
