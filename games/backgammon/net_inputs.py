"""What the backgammon networks see: a position as a list of small integers ("slots").

A position is judged from the side on roll (its dice not yet rolled), as in
``games.backgammon.evaluation``: ``on_roll`` and ``other`` are the two sides' checkers,
each in its own numbering (0 off, 1-24 points, 25 bar). The networks read it as
**slots**, each an integer in a fixed range:

* for each side, on roll first: the checkers on its points 1-24, on the bar and borne
  off (26 slots, 0-15 each), Tesauro's raw board;
* for the contact network, seven hand features of each side (``CONTACT_FEATURES``), each
  an integer (rolls out of 36, pips, points), computed from both boards.

Each slot value ``v`` feeds a few input units (``SLOT_UNITS``): a point with ``n``
checkers gives ``n == 1`` (a blot), ``n == 2``, ``n >= 3`` and ``(n - 3) / 2`` for the
checkers beyond three (gnubg's variant of Tesauro's encoding); the bar the same; checkers
off ``n / 5`` in three ranges (0-5, 5-10, 10-15); a feature one or two scaled units. A
network's first layer is then a sum over slots of a vector that depends only on the slot
and its value, which lets ``games.backgammon.network`` evaluate in pure Python by table
look-ups and, for the children of one position (which differ in a few slots), by
differences (see there).

Integers keep the look-ups exact: nothing here rounds a feature that the training
(``training/backgammon_td.py``, numpy) sees more finely. ``INPUTS_VERSION`` names this
encoding; weights trained on another are refused.
"""
from __future__ import annotations

from games.backgammon.notation import BAR, OFF, Board

INPUTS_VERSION = "slots-1"
"""Changes whenever a slot, its range or its units change (weights name the version they need)."""

RAW_SLOTS = 52
"""Slots of the raw board: 26 per side (points 1-24, bar, off)."""

CONTACT_FEATURES = (
    "hit rolls",          # rolls of 36 on which the other side hits one of this side's blots
    "hit pip loss",       # those rolls' pips lost by the farthest-advanced blot hit, summed (x 1/36 = average)
    "back escapes",       # rolls of 36 on which this side's rearmost checker can play the whole roll
    "containment",        # 36 minus the fewest such rolls from any of this side's points 15-24 (a blockade)
    "closed out",         # the other's home points made while this side has a checker on the bar, else 0
    "trapping prime",     # this side's longest run of made points with an opposing checker behind it
    "break contact",      # pips this side must move so that no checker of its is behind the other's rearmost
)
"""The contact network's features, computed for each side (on roll first)."""

FEATURE_RANGES = (36, 864, 36, 36, 6, 24, 375)
"""The largest value of each contact feature (values are clamped to it)."""

CONTACT_SLOTS = RAW_SLOTS + 2 * len(CONTACT_FEATURES)
RACE_SLOTS = RAW_SLOTS


def _point_units(count: int) -> tuple[float, ...]:
    return (1.0 if count == 1 else 0.0, 1.0 if count == 2 else 0.0, 1.0 if count >= 3 else 0.0,
            (count - 3) / 2.0 if count > 3 else 0.0)


def _off_units(count: int) -> tuple[float, ...]:
    return (min(count, 5) / 5.0, min(max(count - 5, 0), 5) / 5.0, max(count - 10, 0) / 5.0)


def _feature_units(feature: int, value: int) -> tuple[float, ...]:
    if feature == 0 or feature == 2:       # rolls of 36
        return (value / 36.0,)
    if feature == 1:                       # pip loss summed over 36 rolls
        return (value / 432.0,)
    if feature == 3:                       # containment
        return (value / 36.0, (value / 36.0) ** 2)
    if feature == 4:                       # closed points against a checker on the bar
        return (value / 6.0, 1.0 if value == 6 else 0.0)
    if feature == 5:                       # prime length
        return (min(value, 6) / 6.0, 1.0 if value >= 5 else 0.0)
    return (value / 100.0,)                # break contact, pips


def _slot_table(slots: int) -> tuple[tuple[tuple[float, ...], ...], ...]:
    """For each slot, the input units of each of its values (index = value)."""
    table = []
    for slot in range(slots):
        if slot < RAW_SLOTS:
            within = slot % 26
            if within == 25:
                table.append(tuple(_off_units(count) for count in range(16)))
            else:
                table.append(tuple(_point_units(count) for count in range(16)))
        else:
            feature = (slot - RAW_SLOTS) % len(CONTACT_FEATURES)
            table.append(tuple(_feature_units(feature, value) for value in range(FEATURE_RANGES[feature] + 1)))
    return tuple(table)


CONTACT_SLOT_UNITS = _slot_table(CONTACT_SLOTS)
"""``CONTACT_SLOT_UNITS[slot][value]``: the contact network's input units for that slot value."""
RACE_SLOT_UNITS = _slot_table(RACE_SLOTS)
"""The same for the race network (the raw board only)."""


def input_count(slot_units: tuple) -> int:
    """The number of input units of an encoding (the width of a network's first layer)."""
    return sum(len(values[0]) for values in slot_units)


def raw_slots(on_roll: Board, other: Board) -> list[int]:
    """The raw board's 52 slots: each side's points 1-24, bar, off (on roll first)."""
    return [*on_roll[1:26], on_roll[OFF], *other[1:26], other[OFF]]


# -- hand features --------------------------------------------------------------------------
_ROLLS = tuple((high, low, 1 if high == low else 2) for high in range(1, 7) for low in range(1, high + 1))


def _escape_rolls(blocks: int) -> int:
    """Rolls of 36 on which a lone checker can play the whole roll (both dice, or all
    four steps of a double), landing only on open points (``blocks``: bit ``d - 1`` set
    when the point ``d`` pips ahead is made by the other side; beyond 12 pips every
    point counts as open). Few such rolls: the checker is hemmed in."""
    def is_open(distance: int) -> bool:
        return distance > 12 or not blocks >> (distance - 1) & 1

    rolls = 0
    for high, low, weight in _ROLLS:
        if high == low:
            if all(is_open(high * step) for step in range(1, 5)):
                rolls += weight
        elif is_open(high + low) and (is_open(high) or is_open(low)):
            rolls += weight
    return rolls


ESCAPES = tuple(_escape_rolls(mask) for mask in range(1 << 12))
"""``ESCAPES[mask]``: ``_escape_rolls`` for every pattern of the 12 points ahead."""

_HIT_CACHE: dict[tuple[int, int, int], tuple[int, int]] = {}


def hits(sources: int, blots: int, blocks: int) -> tuple[int, int]:
    """For one side's next roll, in its numbering as bit masks (``sources`` its checkers,
    bit 25 the bar; ``blots`` the other side's blots; ``blocks`` the other side's made
    points): the rolls of 36 that hit at least one blot, and the pips the farthest-
    advanced blot hit loses, summed over those rolls. A checker on the bar must enter
    first (only the bar is a source then); combination shots need open points between."""
    key = (sources, blots, blocks)
    cached = _HIT_CACHE.get(key)
    if cached is not None:
        return cached
    open_points = ~blocks
    hit_rolls = loss = 0
    for high, low, weight in _ROLLS:
        if high == low:
            hit = 0
            reach = sources
            for _ in range(4):
                reach = (reach >> high) & open_points
                if not reach:
                    break
                hit |= reach & blots
        else:
            first = (sources >> high) & open_points
            second = (sources >> low) & open_points
            hit = (first | second | (first >> low) | (second >> high)) & blots
        if hit:
            hit_rolls += weight
            loss += weight * (hit.bit_length() - 1)
    result = (hit_rolls, loss)
    if len(_HIT_CACHE) > 300_000:
        _HIT_CACHE.clear()
    _HIT_CACHE[key] = result
    return result


def _masks(board: Board) -> tuple[int, int, int, int, int]:
    """One side's checkers as masks in its numbering (checkers; bit 25 alone when on the
    bar), its blots and made points as masks in the *other* side's numbering, its made
    points in its own, and its rearmost checker (25 on the bar, 0 when none is left)."""
    sources = blots_other = made_other = made_own = 0
    back = 0
    for point in range(1, 25):
        count = board[point]
        if count:
            back = point
            sources |= 1 << point
            if count == 1:
                blots_other |= 1 << (25 - point)
            else:
                made_other |= 1 << (25 - point)
                made_own |= 1 << point
    if board[BAR]:
        sources = 1 << 25
        back = 25
    return sources, blots_other, made_other, made_own, back


_CONTAINMENT: dict[int, int] = {}
"""The containment feature by the other side's made points (siblings share them)."""


def _side_features(own: Board, mine: tuple, theirs: tuple) -> list[int]:
    """The ``CONTACT_FEATURES`` of the side with checkers ``own``, from both sides' ``_masks``."""
    made_own, back = mine[3], mine[4]
    their_made, their_back = theirs[3], theirs[4]
    hit_rolls, loss = hits(theirs[0], mine[1], mine[2])
    # The point d pips in front of our point p is our p - d, their 25 - p + d: the
    # 12 points ahead of p are bits 26 - p .. 37 - p of their made points in their numbering.
    escape = ESCAPES[(their_made >> (26 - back)) & 0xFFF] if back else 36
    containment = _CONTAINMENT.get(their_made)
    if containment is None:
        containment = 36 - min(ESCAPES[(their_made >> shift) & 0xFFF] for shift in range(2, 12))
        if len(_CONTAINMENT) > 100_000:
            _CONTAINMENT.clear()
        _CONTAINMENT[their_made] = containment
    closed = bin(their_made & 0b1111110).count("1") if own[BAR] else 0
    # The longest run of our made points with a checker of theirs behind it (their
    # rearmost checker, at our point 25 - their_back, must pass it).
    their_rear = 25 - their_back
    longest = run = 0
    for point in range(1, 25):
        if made_own >> point & 1:
            run += 1
            if run > longest and their_rear < point - run + 1:
                longest = run
        else:
            run = 0
    behind = 0
    if their_back:
        for point in range(their_rear + 1, 26):
            if own[point]:
                behind += (point - their_rear) * own[point]
    return [hit_rolls, min(loss, 864), escape, containment, closed, min(longest, 24), min(behind, 375)]


def contact_slots(on_roll: Board, other: Board) -> list[int]:
    """The contact network's slots: the raw board, then each side's ``CONTACT_FEATURES``."""
    mine, theirs = _masks(on_roll), _masks(other)
    return [*on_roll[1:26], on_roll[OFF], *other[1:26], other[OFF],
            *_side_features(on_roll, mine, theirs), *_side_features(other, theirs, mine)]


def race_slots(on_roll: Board, other: Board) -> list[int]:
    """The race network's slots: the raw board."""
    return [*on_roll[1:26], on_roll[OFF], *other[1:26], other[OFF]]
