"""What a game's retrograde analysis shows the search lab, in terms that fit any game.

Retrograde analysis solves a database from the end of the game backwards: positions are
ordered in **layers** such that every move (or every play of a chance outcome) leads to
a lower layer, so when a layer is solved everything its positions lead to is solved
already. A game that builds such a database offers a ``RetrogradeBuilder`` in its
registry entry (``GameEntry.retrograde``; backgammon: the one-sided bear-off database,
``games.backgammon.bearoff_layers``), and the lab's Retrograde view steps through it.

A position is solved as ``value = step + the chance outcomes' average of the best
choice's value`` (backgammon: mean rolls to bear off = 1 + the rolls' average of the
mean rolls after each roll's best play). Names for people (``title``, ``size_name``,
``layer_name``, ``value_name``, ``outcome_name``, ``choice_name``) are English,
translated where shown.
"""
from __future__ import annotations

from collections.abc import Hashable, Iterator
from dataclasses import dataclass
from typing import Protocol

from games.base import State


@dataclass(frozen=True)
class Layer:
    """One solved layer: its ``key`` (what orders the layers; backgammon: the pip
    count), the positions in it (``count``), the positions solved with it, the layers
    before included (``solved``), and its positions' mean value (``mean``; 0 for none)."""

    key: int
    count: int
    solved: int
    mean: float


@dataclass(frozen=True)
class BestChoice:
    """For one chance outcome of a position: the outcome as people write it and its
    probability, the best ``choice`` after it as people write it, the ``position`` it
    leads to, that position's ``layer`` key and its ``value``."""

    outcome: str
    probability: float
    choice: str
    position: Hashable
    layer: int
    value: float


class RetrogradeAnalysis(Protocol):
    """One database being built (see the module docstring). ``layers`` solves it layer by
    layer, lowest first, yielding each ``Layer`` as it is solved; ``value`` and
    ``best_choices`` may be asked only of positions whose layer was yielded."""

    title: str
    layer_name: str
    value_name: str
    outcome_name: str
    """A chance outcome's name (backgammon: "roll")."""
    choice_name: str
    """The best choice's name (backgammon: "best play")."""
    step: float
    """What each chance outcome adds to a value (backgammon: one roll)."""
    keys: tuple[int, ...]
    """Every layer's key, in the order the layers are solved."""

    def layers(self) -> Iterator[Layer]:
        """Solve layer after layer, lowest first, yielding each once solved."""

    def positions(self, key: int) -> list[Hashable]:
        """The positions of layer ``key``, in a fixed order (empty for no such layer)."""

    def layer_of(self, position: Hashable) -> int:
        """The key of ``position``'s layer."""

    def value(self, position: Hashable) -> float:
        """The solved value of ``position`` (its layer must be solved)."""

    def best_choices(self, position: Hashable) -> list[BestChoice]:
        """Each chance outcome of ``position`` with its best choice (its layer must be
        solved; empty for a position with nothing left to do)."""

    def position_text(self, position: Hashable) -> str:
        """``position`` written for people, in a notation without words."""

    def state(self, position: Hashable) -> State:
        """A position of the game showing ``position`` on its board."""

    def position_of(self, state: State) -> Hashable | None:
        """The database's position that ``state`` shows for the side to move, if it is one."""

    def example(self) -> Hashable:
        """A position worth looking at first."""


class RetrogradeBuilder(Protocol):
    """Builds a ``RetrogradeAnalysis`` of a given size (backgammon: the number of
    checkers); ``size_name`` names the size for people and ``sizes`` are the sizes
    small enough for the lab (solved in a blink)."""

    size_name: str
    sizes: tuple[int, ...]

    def __call__(self, size: int) -> RetrogradeAnalysis:
        """A fresh, unsolved analysis of ``size``."""
