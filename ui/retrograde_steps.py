"""The search lab's Retrograde view, without drawing: a game's retrograde analysis
(``games.retrograde``) solved one layer per step, and the position looked at.

``RetrogradeSteps`` solves layers lazily as the view steps forward (the lab's
databases are small: a layer takes milliseconds), keeps every layer solved so far so
that it can step back, and keeps a chosen position: the lab shows its chance outcomes
with their best choices once its layer is solved. No pygame here.
"""
from __future__ import annotations

from collections.abc import Hashable

from games.retrograde import BestChoice, Layer, RetrogradeAnalysis


class RetrogradeSteps:
    """``analysis`` stepped through layer by layer, looking at ``position`` (default:
    the analysis' example). ``shown`` layers are on screen (0 at the start)."""

    def __init__(self, analysis: RetrogradeAnalysis, position: Hashable | None = None) -> None:
        self.analysis = analysis
        self._solving = analysis.layers()
        self.solved: list[Layer] = []
        """Every layer solved so far, in order (more than are shown after a step back)."""
        self.shown = 0
        self.finished = False
        """True once the analysis has no layer left to solve."""
        self.position = analysis.example() if position is None else position
        self._choices: tuple[Hashable, list[BestChoice]] | None = None

    @property
    def total(self) -> int:
        """How many layers the analysis has."""
        return len(self.analysis.keys)

    @property
    def complete(self) -> bool:
        """True when every layer is solved and shown."""
        return self.shown >= self.total

    @property
    def layers(self) -> list[Layer]:
        """The layers shown."""
        return self.solved[:self.shown]

    def step_to(self, count: int) -> None:
        """Show ``count`` layers (0..total), solving those not solved yet."""
        count = max(0, min(count, self.total))
        while len(self.solved) < count and not self.finished:
            layer = next(self._solving, None)
            if layer is None:
                self.finished = True
            else:
                self.solved.append(layer)
        self.shown = min(count, len(self.solved))

    @property
    def step(self) -> int:
        """The layers shown (the lab steps this view like its tree: ``step_to(step + 1)``)."""
        return self.shown

    def is_solved(self, position: Hashable) -> bool:
        """Whether ``position``'s layer is among those shown."""
        key = self.analysis.layer_of(position)
        return any(layer.key == key for layer in self.layers)

    def choices(self) -> list[BestChoice]:
        """The chosen position's chance outcomes with their best choices (empty until its
        layer is shown); worked out once per position."""
        if not self.is_solved(self.position):
            return []
        if self._choices is None or self._choices[0] != self.position:
            self._choices = (self.position, self.analysis.best_choices(self.position))
        return self._choices[1]

    def choose(self, position: Hashable) -> None:
        """Look at ``position`` from now on."""
        self.position = position

    def choose_layer(self, key: int) -> None:
        """Look at a position of layer ``key``: its first, or the next one when the
        chosen position is already in that layer (so clicks go round the layer)."""
        positions = self.analysis.positions(key)
        if not positions:
            return
        if self.position in positions:
            self.position = positions[(positions.index(self.position) + 1) % len(positions)]
        else:
            self.position = positions[0]
