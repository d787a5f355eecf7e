"""Ratings from game results: a maximum-likelihood fit on the Elo scale against anchors.

Each player named in the results gets a rating; the anchors (e.g. Stockfish at a given
``UCI_Elo``) keep the ratings they are given. The model is Elo's logistic one: a player
rated ``r`` expects ``1 / (1 + 10 ** ((s - r) / 400))`` of a point against one rated
``s``, and a draw counts as half a win and half a loss (the likelihood of a score of
``x`` points in ``n`` games is ``E ** x * (1 - E) ** (n - x)``). All players are fitted at
once, so a player that met only other fitted players (a chain: a weak level rated through
games against a stronger level that met the anchors) gets a rating too, and the
uncertainty of the player it was measured through widens its interval.

The 95% interval of a player is its profile-likelihood interval: the ratings ``x`` at
which, with every other player refitted, twice the drop of the log-likelihood from its
maximum stays below 3.84 (the 95% point of chi-squared with one degree of freedom). Unlike
a "plus or minus 1.96 standard errors" interval it is honest for lopsided scores: a
player that lost every game has no finite best estimate, only an upper bound (its
estimate is ``None``, its ``low`` too), and one that won every game only a lower bound.
Counting a draw as half a win overstates the variance of a score with many draws a
little, so the intervals are, if anything, a little wide.

Ratings are searched within ``RANGE`` Elo of the anchors. When the games do not pin a
value down, it follows the range instead: a player that lost every game lies at the
range's edge, and so may one that only beat such a player and lost to everyone else (its
estimate then depends on how far down the range lets the other go). So everything is
fitted twice, within ``RANGE`` and within twice that, and an estimate or a bound that moves
between the two (by more than ``IDENTIFIED``) is reported as ``None``: not measured.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

RANGE = 3000.0
"""How far beyond the lowest and highest anchor a rating is searched, in Elo."""
CHI_SQUARED_95 = 3.841458820694124
"""The 95% point of chi-squared with one degree of freedom: the profile-likelihood
interval holds the ratings whose log-likelihood is within half of it of the maximum."""
TOLERANCE = 0.01
"""How precisely ratings are found, in Elo."""
IDENTIFIED = 10.0
"""How far apart, in Elo, a value found within ``RANGE`` and the same value found within
twice that may be and still count as found by the games rather than by the range."""


@dataclass(frozen=True)
class Result:
    """``games`` games of ``player`` against ``opponent`` in which ``player`` scored
    ``score`` points (1 a win, 0.5 a draw): ``0 <= score <= games``. Not validated here
    beyond what ``fit_ratings`` checks."""

    player: str
    opponent: str
    games: int
    score: float


@dataclass(frozen=True)
class RatingFit:
    """One player's fitted rating in Elo: ``estimate`` (``None`` when the maximum lies at
    the edge of the searched range: the player won or lost every game that counts), the
    95% interval ``low``..``high`` (``None``: open on that side), and the player's own
    ``games`` and ``score`` (points) over all its results."""

    estimate: float | None
    low: float | None
    high: float | None
    games: int
    score: float


def expected_score(rating: float, opponent: float) -> float:
    """The points a player rated ``rating`` expects per game against one rated ``opponent``."""
    return 1.0 / (1.0 + 10.0 ** ((opponent - rating) / 400.0))


def _log_likelihood(pairs: list[tuple[str, str, int, float]], ratings: Mapping[str, float]) -> float:
    total = 0.0
    for player, opponent, games, score in pairs:
        expected = min(max(expected_score(ratings[player], ratings[opponent]), 1e-300), 1 - 1e-16)
        total += score * math.log(expected) + (games - score) * math.log(1.0 - expected)
    return total


def _best_rating(name: str, pairs: list[tuple[str, str, int, float]], ratings: dict[str, float],
                 low: float, high: float) -> float:
    """The rating of ``name`` that maximises the likelihood, the others fixed: the root of
    the score's surplus over its expectation, which falls as the rating rises."""
    own = [(opponent, games, score) for player, opponent, games, score in pairs if player == name]
    own += [(player, games, games - score) for player, opponent, games, score in pairs if opponent == name]

    def surplus(rating: float) -> float:
        return sum(score - games * expected_score(rating, ratings[opponent]) for opponent, games, score in own)

    if surplus(high) >= 0:
        return high
    if surplus(low) <= 0:
        return low
    while high - low > TOLERANCE / 4:
        middle = (low + high) / 2
        if surplus(middle) > 0:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def _maximise(pairs: list[tuple[str, str, int, float]], ratings: dict[str, float], free: list[str],
              low: float, high: float) -> None:
    """Coordinate ascent over ``free``'s ratings in place (the log-likelihood is concave)."""
    for _ in range(10_000):
        largest = 0.0
        for name in free:
            best = _best_rating(name, pairs, ratings, low, high)
            largest = max(largest, abs(best - ratings[name]))
            ratings[name] = best
        if largest < TOLERANCE:
            return


def _connected(pairs: list[tuple[str, str, int, float]], anchors: Mapping[str, float]) -> set[str]:
    """The players joined to an anchor by a chain of games."""
    reached = set(anchors)
    changed = True
    while changed:
        changed = False
        for player, opponent, _, _ in pairs:
            if (player in reached) != (opponent in reached):
                reached |= {player, opponent}
                changed = True
    return reached


def fit_ratings(results: Iterable[Result], anchors: Mapping[str, float]) -> dict[str, RatingFit]:
    """Every non-anchor player of ``results`` with its ``RatingFit``, fitted jointly by
    maximum likelihood with the ``anchors``' ratings fixed (see the module's docstring).
    A player not joined to an anchor by any chain of games gets a fit with no estimate
    and no bounds. ``ValueError`` for a result with fewer than one game, a score outside
    0..games, or a player meeting itself; no anchors and no results give ``{}``."""
    pairs: list[tuple[str, str, int, float]] = []
    totals: dict[str, list[float]] = {}
    for result in results:
        if result.games < 1 or not 0 <= result.score <= result.games:
            raise ValueError(f"{result.player} against {result.opponent}: {result.score} points in "
                             f"{result.games} games is not a result")
        if result.player == result.opponent:
            raise ValueError(f"{result.player} cannot play itself")
        pairs.append((result.player, result.opponent, result.games, float(result.score)))
        for name, points in ((result.player, result.score), (result.opponent, result.games - result.score)):
            if name not in anchors:
                games_and_points = totals.setdefault(name, [0, 0.0])
                games_and_points[0] += result.games
                games_and_points[1] += points
    if not anchors or not pairs:
        return {name: RatingFit(None, None, None, int(count), points) for name, (count, points) in totals.items()}
    reached = _connected(pairs, anchors)
    counted = [pair for pair in pairs if pair[0] in reached and pair[1] in reached]
    free = sorted(name for name in totals if name in reached)
    narrow = _fit_within(counted, anchors, free, RANGE)
    wide = _fit_within(counted, anchors, free, 2 * RANGE)
    fits: dict[str, RatingFit] = {}
    for name, (count, points) in totals.items():
        if name not in reached:
            fits[name] = RatingFit(None, None, None, int(count), points)
            continue
        values = [first if first is not None and second is not None and abs(first - second) <= IDENTIFIED else None
                  for first, second in zip(narrow[name], wide[name])]
        fits[name] = RatingFit(values[0], values[1], values[2], int(count), points)
    return fits


def _fit_within(pairs: list[tuple[str, str, int, float]], anchors: Mapping[str, float], free: list[str],
                reach: float) -> dict[str, tuple[float | None, float | None, float | None]]:
    """Each free player's estimate and 95% bounds with ratings searched within ``reach``
    Elo of the anchors (``None``: at the edge of that range)."""
    low = min(anchors.values()) - reach
    high = max(anchors.values()) + reach
    ratings = {**{name: float(value) for name, value in anchors.items()}, **{name: (low + high) / 2 for name in free}}
    _maximise(pairs, ratings, free, low, high)
    best = _log_likelihood(pairs, ratings)
    found: dict[str, tuple[float | None, float | None, float | None]] = {}
    for name in free:
        estimate = ratings[name]
        at_edge = estimate <= low + 1 or estimate >= high - 1
        found[name] = (None if at_edge else estimate,
                       _profile_bound(pairs, ratings, free, name, best, low, high, downward=True),
                       _profile_bound(pairs, ratings, free, name, best, low, high, downward=False))
    return found


def _profile_bound(pairs: list[tuple[str, str, int, float]], ratings: Mapping[str, float], free: list[str],
                   name: str, best: float, low: float, high: float, downward: bool) -> float | None:
    """The end of ``name``'s 95% profile-likelihood interval below (``downward``) or above
    its estimate; ``None`` when the interval reaches the edge of the searched range."""
    others = [other for other in free if other != name]

    def drop(rating: float) -> float:
        trial = dict(ratings)
        trial[name] = rating
        _maximise(pairs, trial, others, low, high)
        return 2.0 * (best - _log_likelihood(pairs, trial))

    inside = ratings[name]
    outside = low if downward else high
    if drop(outside) <= CHI_SQUARED_95:
        return None
    while abs(outside - inside) > TOLERANCE:
        middle = (inside + outside) / 2
        if drop(middle) <= CHI_SQUARED_95:
            inside = middle
        else:
            outside = middle
    return (inside + outside) / 2
