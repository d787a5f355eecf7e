"""A small neural network evaluated in pure Python, and the file its weights live in.

The network: slots (``games.backgammon.net_inputs``) -> input units -> one hidden layer
of logistic units -> five logistic outputs, the cubeless outcome probabilities of the
side on roll: win, win a gammon, win a backgammon, lose a gammon, lose a backgammon
(gammons including backgammons, gnubg's convention).

Why pure Python: numpy would add about 13.6 MB (compressed) to the one-file executable,
which must stay under 25 MB (see README, "Dependencies, and why"); the networks are
small, and two tricks make them fast enough without it:

* **Look-ups instead of a matrix product.** The first layer's input is a sum over slots
  of ``units(slot, value) @ W1``; that vector is computed once per (slot, value) and
  kept, so a position costs one vector addition per slot.
* **Differences between siblings.** The children of one position (the turns of one
  roll) differ in a few slots; ``outputs_many`` computes the first child's hidden sums
  whole and each other child's from them by its differing slots only.

The training (``training/backgammon_td.py``) uses numpy and the same encoding;
``save_networks`` and ``load_networks`` read and write the shipped file:

    GTLNET1\\n
    <one line of JSON: {"inputs": INPUTS_VERSION, "networks": {name: {"inputs": D,
     "hidden": H}}, "about": {...}}>\\n
    then for each network in the JSON's order: W1 (D x H, row by row), b1 (H),
    W2 (5 x H, row by row), b2 (5), as little-endian 32-bit floats.
"""
from __future__ import annotations

import json
import math
import operator
import struct
import sys
from array import array
from collections.abc import Sequence
from itertools import compress
from pathlib import Path

from games.backgammon.net_inputs import INPUTS_VERSION

MAGIC = b"GTLNET1\n"
OUTPUTS = 5


def _logistic(value: float) -> float:
    if value < -40.0:
        return 0.0
    if value > 40.0:
        return 1.0
    return 1.0 / (1.0 + math.exp(-value))


FIELD_BITS = 64
"""Each hidden unit's sum is a 64-bit field of one big integer (see ``Network``)."""
FIXED_POINT = 1 << 24
"""Sums are kept in units of 2**-24 (6e-8; rounding all of a position's slots together
changes an output by about 1e-6 at most)."""
FIELD_BIAS = 1 << 40
"""Added to every field of every contribution so that no field goes negative."""


class Network:
    """One network over an encoding's slots (``slot_units[slot][value]`` -> input units).

    ``w1[i]`` is input unit ``i``'s row of weights into the ``hidden`` units, ``w2[k]``
    output ``k``'s row from the hidden units. Outputs are probabilities 0..1 as the
    network gives them (not yet made consistent; see ``games.backgammon.neural``).
    Slot values are not validated: a value beyond a slot's range raises ``IndexError``.

    The hidden sums are added up as **one Python integer**: each slot value's
    contribution (a vector of ``hidden`` sums) is packed into 64-bit fields of an
    integer, in fixed point with a bias, so adding a whole vector is one big-integer
    addition, done in C. A sum of ``count`` contributions carries ``count`` biases,
    removed when the fields are read back (``array("Q")`` from the integer's bytes)."""

    def __init__(self, slot_units: Sequence[Sequence[Sequence[float]]], w1: Sequence[Sequence[float]],
                 b1: Sequence[float], w2: Sequence[Sequence[float]], b2: Sequence[float]) -> None:
        self.slot_units = slot_units
        self.hidden = len(b1)
        self.inputs = len(w1)
        self.w1 = [list(row) for row in w1]
        self.w2 = [list(row) for row in w2]
        self.b2 = list(b2)
        self.offsets = []
        offset = 0
        for values in slot_units:
            self.offsets.append(offset)
            offset += len(values[0])
        if offset != self.inputs:
            raise ValueError(f"the encoding has {offset} input units, the weights {self.inputs}")
        self._bias = self._pack(b1)
        self._contributions: list[list[int | None]] = [[None] * len(values) for values in slot_units]
        self._unbias = (len(slot_units) + 1) * FIELD_BIAS
        self._slot_numbers = range(len(slot_units))
        # logistic(x) = (1 + tanh(x / 2)) / 2, so an output's sum over the hidden units is
        # b2 + sum(w2) / 2 + sum(w2 / 2 * tanh(x / 2)): tanh never overflows, and the
        # halves are folded into the weights once. A field f holds x as
        # (f - unbias) * 2**-24, so x / 2 is f * 2**-25 - unbias * 2**-25, both exact.
        self._half_scale = 0.5 / FIXED_POINT
        self._half_unbias = self._unbias * self._half_scale
        self._half_w2 = [[0.5 * weight for weight in row] for row in self.w2]
        self._tanh_b2 = [bias + 0.5 * sum(row) for bias, row in zip(self.b2, self.w2)]
        self._packed_bytes = self.hidden * FIELD_BITS // 8

    @staticmethod
    def _pack(vector: Sequence[float]) -> int:
        fields = array("Q", [round(value * FIXED_POINT) + FIELD_BIAS for value in vector])
        if sys.byteorder == "big":
            fields.byteswap()
        return int.from_bytes(fields.tobytes(), "little")

    def contribution(self, slot: int, value: int) -> int:
        """``units(slot, value) @ W1``, packed: what one slot with one value adds to the
        hidden sums."""
        cached = self._contributions[slot][value]
        if cached is not None:
            return cached
        total = [0.0] * self.hidden
        for unit, amount in enumerate(self.slot_units[slot][value]):
            if amount:
                row = self.w1[self.offsets[slot] + unit]
                total = [a + amount * b for a, b in zip(total, row)]
        packed = self._contributions[slot][value] = self._pack(total)
        return packed

    def _packed_sums(self, slots: Sequence[int]) -> int:
        packed, contribution = self._bias, self.contribution
        for slot, value in enumerate(slots):
            packed += contribution(slot, value)
        return packed

    def _outputs_from_tanh(self, activations: list[float]) -> tuple[float, ...]:
        """The five outputs from ``tanh(sum / 2)`` of each hidden unit (see ``__init__``)."""
        mul = operator.mul
        return tuple(_logistic(bias + sum(map(mul, activations, row)))
                     for bias, row in zip(self._tanh_b2, self._half_w2))

    def _outputs_from_packed(self, packed: int) -> tuple[float, ...]:
        """The five outputs from packed hidden sums (each field scaled, shifted and passed
        through tanh in one pass)."""
        fields = array("Q")
        fields.frombytes(packed.to_bytes(self._packed_bytes, "little"))
        if sys.byteorder == "big":
            fields.byteswap()
        tanh, scale, shift = math.tanh, self._half_scale, self._half_unbias
        return self._outputs_from_tanh([tanh(field * scale - shift) for field in fields])

    def outputs(self, slots: Sequence[int]) -> tuple[float, ...]:
        """The five outputs for one position's slots."""
        return self._outputs_from_packed(self._packed_sums(slots))

    def outputs_many(self, many: Sequence[Sequence[int]]) -> list[tuple[float, ...]]:
        """The outputs for several positions, each after the first computed from the
        first's hidden sums by the slots where it differs (cheap for siblings: the slots
        that differ are found by C-level iterators, and only those are visited)."""
        if not many:
            return []
        base_slots = many[0]
        base = self._packed_sums(base_slots)
        from_packed = self._outputs_from_packed
        results = [from_packed(base)]
        contribution, contributions = self.contribution, self._contributions
        numbers, differ = self._slot_numbers, operator.ne
        for slots in many[1:]:
            packed = base
            for slot in compress(numbers, map(differ, base_slots, slots)):
                row = contributions[slot]
                new = row[slots[slot]]
                if new is None:
                    new = contribution(slot, slots[slot])
                packed += new - row[base_slots[slot]]  # the base's own were made by _packed_sums
            results.append(from_packed(packed))
        return results


def save_networks(path: Path, networks: dict[str, dict[str, Sequence]], about: dict) -> None:
    """Write networks ``{name: {"w1": D x H, "b1": H, "w2": 5 x H, "b2": 5}}`` (nested
    sequences of floats) in the format above, with ``about`` (training details) in the
    header. Overwrites ``path``."""
    header = {"inputs": INPUTS_VERSION, "networks": {}, "about": about}
    blobs = []
    for name, arrays in networks.items():
        w1, b1, w2, b2 = arrays["w1"], arrays["b1"], arrays["w2"], arrays["b2"]
        header["networks"][name] = {"inputs": len(w1), "hidden": len(b1)}
        flat = array("f", [value for row in w1 for value in row])
        flat.extend(float(value) for value in b1)
        flat.extend(float(value) for row in w2 for value in row)
        flat.extend(float(value) for value in b2)
        if flat.itemsize != 4:
            raise RuntimeError("this platform has no 32-bit float array")
        if struct.pack("=f", 1.0) != struct.pack("<f", 1.0):
            flat.byteswap()
        blobs.append(flat.tobytes())
    Path(path).write_bytes(MAGIC + json.dumps(header, sort_keys=True).encode() + b"\n" + b"".join(blobs))


class WeightsError(ValueError):
    """A weights file that cannot be used; the message says why."""


def read_networks(path: Path) -> tuple[dict, dict[str, dict[str, list]]]:
    """The header and the arrays of a weights file (``save_networks``' format):
    ``WeightsError`` saying why when it is not one, is cut short or was trained on
    another encoding."""
    data = Path(path).read_bytes()
    if not data.startswith(MAGIC):
        raise WeightsError(f"{path}: not a network weights file (it should start with GTLNET1)")
    end = data.find(b"\n", len(MAGIC))
    try:
        header = json.loads(data[len(MAGIC):end])
        layout = header["networks"]
        version = header["inputs"]
    except (ValueError, KeyError, TypeError) as error:
        raise WeightsError(f"{path}: its header cannot be read ({error})") from None
    if version != INPUTS_VERSION:
        raise WeightsError(f"{path}: trained on inputs {version!r}, this program encodes {INPUTS_VERSION!r}")
    flat = array("f")
    body = data[end + 1:]
    if len(body) % 4:
        raise WeightsError(f"{path}: its length is not a whole number of floats")
    flat.frombytes(body)
    if struct.pack("=f", 1.0) != struct.pack("<f", 1.0):
        flat.byteswap()
    values = flat.tolist()
    networks: dict[str, dict[str, list]] = {}
    at = 0
    for name, shape in layout.items():
        inputs, hidden = int(shape["inputs"]), int(shape["hidden"])
        needed = inputs * hidden + hidden + OUTPUTS * hidden + OUTPUTS
        if at + needed > len(values):
            raise WeightsError(f"{path}: cut short in network {name!r}")
        w1 = [values[at + row * hidden: at + (row + 1) * hidden] for row in range(inputs)]
        at += inputs * hidden
        b1 = values[at: at + hidden]
        at += hidden
        w2 = [values[at + row * hidden: at + (row + 1) * hidden] for row in range(OUTPUTS)]
        at += OUTPUTS * hidden
        b2 = values[at: at + OUTPUTS]
        at += OUTPUTS
        networks[name] = {"w1": w1, "b1": b1, "w2": w2, "b2": b2}
    if at != len(values):
        raise WeightsError(f"{path}: {len(values) - at} values left over after the networks")
    return header, networks
