"""Janowski's cubeful equity: what the doubling cube adds to cubeless probabilities.

Rick Janowski, "Take-Points in Money Games" (1993), as GNU Backgammon uses it to turn
its networks' outputs into cubeful equities (its ``eval.c``: ``Cl2CfMoney``,
``MoneyLive``). Money games. For the side X to evaluate, with win probability ``p``,
``W`` the average points of its wins and ``L`` of its losses (gammons and backgammons
included; both 1 without them):

* dead cube (no more doubling): the cubeless equity ``E = p W - (1 - p) L``;
* fully live cube (each side doubles at exactly its opponent's take point, and the
  equity moves continuously): straight lines between ``(0, -L)``, the take point
  ``TP = (L - 1/2) / (W + L + 1/2)``, the cash point ``CP = (L + 1) / (W + L + 1/2)`` and
  ``(1, +W)``. Centred cube: ``(0, -L)`` to ``(TP, -1)`` to ``(CP, +1)`` to ``(1, +W)``
  (beyond its cash point a side plays on for the gammon, doubling out when the game
  turns: the line towards ``+W``, not a flat ``+1``). X owns the cube: ``(0, -L)`` to
  ``(CP, +1)`` to ``(1, +W)``. The opponent owns it: ``(0, -L)`` to ``(TP, -1)`` to
  ``(1, +W)``;
* under the Jacoby rule, while the cube is centred and unturned, gammons count single in
  the dead part and beyond the window (the live line is flat at ``+-1`` there), but the
  window's points keep the real ``W`` and ``L``: gammons count once a double is taken;
* cubeful equity ``= x live + (1 - x) dead`` with the **cube efficiency** ``x`` (how
  often the cube is used near its ideal point). Janowski put typical positions at about
  2/3; the values are GNU Backgammon's published defaults (``show cube efficiency``):
  0.68 in contact (and crashed) positions; in a race ``0.55 + 0.00125`` times the side on
  roll's pip count, kept within 0.6..0.7 (a long race keeps the cube live longer); 0.6
  in the bear-off database's positions. They are constants here, not fitted.

A side on roll at its turn's start that may double (the cube centred or its own) is
worth the better of no double (ND) and ``min(DT, DP)``: double/take (DT) is twice its
equity with the opponent owning the cube, double/drop (DP) +1 (GNU Backgammon's rule; a
tie, such as a certain single win, is worth the same either way: an optional double,
which ``cube.decision`` plays on). Without gammons
the take point is 20% with a live cube, 25% dead.
"""
from __future__ import annotations

from operator import mul
from typing import NamedTuple

from games.backgammon import neural
from games.backgammon.rules import BackgammonState, Cube
from games.base import FIRST

CONTACT_EFFICIENCY = 0.68
"""Janowski's x in contact positions (GNU Backgammon's default for contact and crashed)."""
RACE_EFFICIENCY_BASE, RACE_EFFICIENCY_PER_PIP = 0.55, 0.00125
"""A race's x: ``base + per_pip * pips`` of the side on roll (GNU Backgammon's defaults) ..."""
RACE_EFFICIENCY_LOWEST, RACE_EFFICIENCY_HIGHEST = 0.6, 0.7
"""... kept within these bounds."""
BEAR_OFF_EFFICIENCY = 0.6
"""x where both sides are in the bear-off database (GNU Backgammon's one-sided default)."""

_POINTS = range(26)
"""Each point's distance from home (0 off, 25 the bar): a board's pips are their products."""

OWNED, CENTRED, OPPONENT_OWNS = "owned", "centred", "opponent owns"
"""Who holds the cube, seen from the side being evaluated."""

EDGE = 1e-7
"""Win chances this close to 0 or 1 leave nothing for the cube to do: the dead equity."""
TIE = 1e-6
"""Equities closer than this are equal (a certain single win: rounding in the sums)."""


class Chances(NamedTuple):
    """Cubeless outcome probabilities of one side: ``win``; ``win_gammon`` and
    ``lose_gammon`` including backgammons; ``win_backgammon``, ``lose_backgammon``."""

    win: float
    win_gammon: float
    win_backgammon: float
    lose_gammon: float
    lose_backgammon: float

    def flipped(self) -> Chances:
        """The same outcomes seen by the other side."""
        return Chances(1.0 - self.win, self.lose_gammon, self.lose_backgammon, self.win_gammon,
                       self.win_backgammon)

    def cubeless_equity(self) -> float:
        """Expected points per unit of the cube, cubeless."""
        return 2.0 * self.win - 1.0 + self.win_gammon - self.lose_gammon + self.win_backgammon \
            - self.lose_backgammon


def cube_efficiency(state: BackgammonState) -> float:
    """Janowski's x for the side on roll of ``state`` (``FIRST`` before the opening), by
    the kind of position (see the module docstring); 0 (a dead cube) once the game is over."""
    mover = FIRST if state.player is None else state.player
    on_roll, other = state.checkers(mover), state.checkers(1 - mover)
    kind = neural.source(on_roll, other)
    if kind == neural.CONTACT:
        return CONTACT_EFFICIENCY
    if kind == neural.BEAR_OFF:
        return BEAR_OFF_EFFICIENCY
    if kind == neural.RACE:
        pips = sum(map(mul, on_roll, _POINTS))
        return min(max(RACE_EFFICIENCY_BASE + RACE_EFFICIENCY_PER_PIP * pips, RACE_EFFICIENCY_LOWEST),
                   RACE_EFFICIENCY_HIGHEST)
    return 0.0


def cubeful_equity(chances: Chances, holder: str, efficiency: float = CONTACT_EFFICIENCY,
                   jacoby: bool = False) -> float:
    """Janowski's cubeful equity per unit of the cube for the side whose ``chances`` they
    are, ``holder`` one of ``OWNED``, ``CENTRED``, ``OPPONENT_OWNS``; ``jacoby``: the
    Jacoby rule applies (only meaningful with the cube centred and unturned). Money
    game; the side is taken to be on roll (see the module docstring). Does not check
    that the chances are consistent."""
    jacoby = jacoby and holder == CENTRED
    dead = 2.0 * chances.win - 1.0 if jacoby else chances.cubeless_equity()
    p = chances.win
    if p <= EDGE or p >= 1.0 - EDGE:
        return dead
    wins = (p + chances.win_gammon + chances.win_backgammon) / p
    losses = ((1.0 - p) + chances.lose_gammon + chances.lose_backgammon) / (1.0 - p)
    return efficiency * _live(p, wins, losses, holder, jacoby) + (1.0 - efficiency) * dead


def _live(p: float, wins: float, losses: float, holder: str, jacoby: bool) -> float:
    """The fully live cube's equity: Janowski's straight lines (module docstring)."""
    spread = wins + losses + 0.5
    take_point = (losses - 0.5) / spread
    cash_point = (losses + 1.0) / spread
    if holder != OWNED and p < take_point:  # the opponent doubles us out, or plays on
        return -1.0 if jacoby else -losses + (losses - 1.0) * p / take_point
    if holder == OPPONENT_OWNS:
        return -1.0 + (wins + 1.0) * (p - take_point) / (1.0 - take_point)
    if p >= cash_point:  # X cashes, or plays on for the gammon and cashes later
        return 1.0 if jacoby else 1.0 + (wins - 1.0) * (p - cash_point) / (1.0 - cash_point)
    if holder == OWNED:
        return -losses + (losses + 1.0) * p / cash_point
    return -1.0 + 2.0 * (p - take_point) / (cash_point - take_point)


def jacoby_applies(cube: Cube) -> bool:
    """Whether gammons count single now: the Jacoby rule, and the cube not yet turned."""
    return cube.jacoby and cube.value == 1


def holder_of(cube: Cube, side: int) -> str:
    """Who holds ``cube`` as ``side`` sees it."""
    return CENTRED if cube.owner is None else (OWNED if cube.owner == side else OPPONENT_OWNS)


def best_of(no_double: float, double_take: float) -> float:
    """A side's equity when it may double: no double, or ``min(double/take, double/drop)``
    when that is at least as good (per unit of the cube's value before the double)."""
    doubled = min(double_take, 1.0)
    return doubled if doubled >= no_double - TIE else no_double


def turn_start_equity(chances: Chances, cube: Cube, side: int, efficiency: float) -> float:
    """0-ply cubeful equity per unit of ``cube``'s value of ``side``, on roll at the start of
    its turn with ``chances``: ``best_of`` no double and double/take when it may double
    (the cube centred or its own), else no double."""
    holder = holder_of(cube, side)
    no_double = cubeful_equity(chances, holder, efficiency, jacoby_applies(cube))
    if holder == OPPONENT_OWNS:
        return no_double
    return best_of(no_double, 2.0 * cubeful_equity(chances, OPPONENT_OWNS, efficiency))
