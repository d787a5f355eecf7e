"""Checks for values read from the app's files: the one place their types and ranges are tested.

Saved games (``ui.saved_game``) and settings (``ui.settings``) read plain JSON data and
pass every value through these functions, which either return a value of the right type
inside its range or raise ``ValueError`` naming the field and what was wrong, in words.
JSON's ``true``/``false`` are never taken for numbers, and no number that is not finite
gets through. No pygame here.
"""
from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any, TypeVar

from ui.i18n import format_number, tr

Choice = TypeVar("Choice")


def mapping(value: Any, name: str) -> dict:
    """``value`` if it is a JSON object (dict), else ``ValueError``."""
    if not isinstance(value, dict):
        raise ValueError(tr("{name} is not a set of named values", name=name))
    return value


def sequence(value: Any, name: str, length: int | None = None, maximum: int = 100_000) -> list:
    """``value`` if it is a JSON list (of exactly ``length`` items, if given, and at most
    ``maximum``), else ``ValueError``."""
    if not isinstance(value, list):
        raise ValueError(tr("{name} is not a list", name=name))
    if length is not None and len(value) != length:
        raise ValueError(tr("{name} should have {length} entries, not {count}", name=name, length=length,
                            count=len(value)))
    if len(value) > maximum:
        raise ValueError(tr("{name} has {count} entries, more than the {maximum} allowed", name=name, count=len(value),
                            maximum=maximum))
    return value


def number(value: Any, name: str, minimum: float, maximum: float) -> float:
    """``value`` as a float if it is a finite JSON number in ``minimum..maximum``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(tr("{name} is not a number", name=name))
    try:
        result = float(value)
    except OverflowError:
        raise ValueError(tr("{name} is far too large", name=name)) from None
    if not math.isfinite(result) or not minimum <= result <= maximum:
        raise ValueError(tr("{name} is {value}, not between {minimum} and {maximum}", name=name, value=_short(value),
                            minimum=format_number(minimum, "g"), maximum=format_number(maximum, "g")))
    return result


def whole_number(value: Any, name: str, minimum: int, maximum: int) -> int:
    """``value`` if it is a JSON integer in ``minimum..maximum``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(tr("{name} is not a whole number", name=name))
    if not minimum <= value <= maximum:
        raise ValueError(tr("{name} is {value}, not between {minimum} and {maximum}", name=name, value=_short(value),
                            minimum=minimum, maximum=maximum))
    return value


def text(value: Any, name: str, maximum_length: int = 10_000) -> str:
    """``value`` if it is a JSON string of at most ``maximum_length`` characters."""
    if not isinstance(value, str):
        raise ValueError(tr("{name} is not text", name=name))
    if len(value) > maximum_length:
        raise ValueError(tr("{name} is {count} characters long, more than {maximum}", name=name, count=len(value),
                            maximum=maximum_length))
    return value


def one_of(value: Any, name: str, choices: Iterable[Choice]) -> Choice:
    """``value`` if it equals one of ``choices`` (compared as JSON values)."""
    options = list(choices)
    for choice in options:
        if type(value) is type(choice) and value == choice:
            return choice
    listed = ", ".join(repr(choice) for choice in options)
    raise ValueError(tr("{name} is {value}, not one of {choices}", name=name, value=_short(value), choices=listed))


def optional(data: dict, key: str, default: Any) -> Any:
    """``data[key]``, or ``default`` when the key is missing or null."""
    value = data.get(key)
    return default if value is None else value


def _short(value: Any) -> str:
    shown = repr(value)
    return shown if len(shown) <= 40 else shown[:37] + "..."
