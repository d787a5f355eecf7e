"""When an iterative-deepening search stops for time: the deadline policy.

A search has up to two deadlines (``SearchLimits``): its time budget (``hard_time``),
which counts only once ``MINIMUM_DEPTH`` plies are complete, so that a tiny budget on a
busy computer still sees an immediate threat, and an absolute limit (``absolute_time``,
the game clock itself), which always counts. An iteration still running at its deadline
is thrown away. Between iterations the policy also says when not to start another: the
soft budget (``soft_time``) is spent, only one move is legal, or, when there is a soft
budget, the next iteration cannot finish in the time left (``hopeless_iteration``). A
hard budget alone is only a cap: a strength level defined by its effort completes every
iteration its depth and node budget allow, as long as the cap is not reached, so that a
slow computer plays the same move as a fast one. An infinite search
(``limits.infinite``, UCI's ``go infinite``) has no deadline at all.
"""
from __future__ import annotations

from ai.types import SearchLimits

INSTABILITY_FACTOR = 1.6
"""How much longer the soft budget is after an iteration that changed its mind."""
SCORE_DROP = 30
"""A score this much lower (score units: centipawns in chess) than the previous
iteration's makes the search unstable (see ``DeadlinePolicy.stop_reason``)."""

HOPELESS_FACTOR = 3.0
"""The next iteration is not started when it is expected to take this many times the
time left (see ``hopeless_iteration``)."""


def hopeless_iteration(iteration_times: list[float], seconds_left: float) -> bool:
    """Whether the next iteration cannot finish in ``seconds_left``: the last one's time
    grown by the last growth factor (at least 1) is more than ``HOPELESS_FACTOR`` times
    what is left. An unfinished iteration is thrown away, so not starting it changes no
    move; it saves the time (backgammon's next ply costs 20-50 times the last)."""
    if len(iteration_times) < 2:
        return False
    last, before = iteration_times[-1], iteration_times[-2]
    growth = max(1.0, last / before) if before > 0 else 1.0
    return last * growth > HOPELESS_FACTOR * max(seconds_left, 0.0)


class DeadlinePolicy:
    """The time limits of one search that began at ``start`` (``time.perf_counter()``
    seconds): ``deadline`` before each iteration, ``stop_reason`` after each completed
    one. ``minimum_depth`` is the depth the time budget never cuts short (see the module
    docstring); ``single_move``: only one root move may be played. ``partial_iterations``:
    the engine plays the best move of an iteration cut short once a root move was searched
    (``SearchInfo.partial``), so an iteration started late is not wasted: the
    ``hopeless_iteration`` test then applies only when the soft budget is below the hard
    one (a game clock, where time saved now is time for later moves), not to a fixed time
    per move (soft equal to hard), which is then used to the end."""

    def __init__(self, limits: SearchLimits, start: float, minimum_depth: int, single_move: bool,
                 partial_iterations: bool = False) -> None:
        infinite = limits.infinite
        self.limits = limits
        self.skip_hopeless = limits.soft_time is not None and (
            not partial_iterations or limits.hard_time is None or limits.soft_time < limits.hard_time)
        self.minimum_depth = minimum_depth
        self.single_move = single_move
        self.budget_deadline = None if infinite or limits.hard_time is None else start + limits.hard_time
        self.absolute_deadline = None if infinite or limits.absolute_time is None else start + limits.absolute_time
        self.timed = not infinite and (limits.hard_time is not None or limits.soft_time is not None)
        self.iteration_times: list[float] = []
        """Seconds each completed iteration took (those ``stop_reason`` was asked after)."""

    def deadline(self, depth: int) -> float | None:
        """The ``time.perf_counter()`` at which the iteration of ``depth`` is abandoned
        (``None``: it may run until done): the absolute limit, and beyond the minimum
        depth the time budget too."""
        if depth > self.minimum_depth and self.budget_deadline is not None:
            if self.absolute_deadline is None:
                return self.budget_deadline
            return min(self.budget_deadline, self.absolute_deadline)
        return self.absolute_deadline

    def stop_reason(self, depth: int, elapsed: float, unstable: bool = False) -> str:
        """After the iteration of ``depth`` completed ``elapsed`` seconds after the start:
        why the next one is not started ("single move" when the search has a time limit
        but nothing to choose, "time" when the soft budget is spent or, under a soft
        budget, the next iteration is hopeless; never before the minimum depth), or "" to
        go on. ``unstable``: the iteration changed its mind (another best move than the
        one before, or a score that fell by ``SCORE_DROP`` or more); the soft budget is
        then ``INSTABILITY_FACTOR`` times longer (never past the hard one), since a
        deeper look is worth most where the answer is still moving."""
        limits = self.limits
        if self.timed and self.single_move:
            return "single move"
        soft = limits.soft_time
        if soft is not None and unstable:
            soft = soft * INSTABILITY_FACTOR if limits.hard_time is None else \
                min(soft * INSTABILITY_FACTOR, max(soft, limits.hard_time))
        budget_spent = soft is not None and not limits.infinite and elapsed >= soft
        if budget_spent and depth >= self.minimum_depth:
            return "time"
        self.iteration_times.append(elapsed - sum(self.iteration_times))
        if depth >= self.minimum_depth and self.budget_deadline is not None and self.skip_hopeless and \
                hopeless_iteration(self.iteration_times, limits.hard_time - elapsed):
            return "time"
        return ""
