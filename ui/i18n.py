"""The interface's language: English (the default) or Italian.

The English text is the key: ``tr("Start game")`` returns it unchanged in English and
its entry in the Italian table (``ui.languages.italian.TEXTS``) in Italian. A sentence
with values is one entry with ``{name}`` fields, filled after the lookup with
``str.format`` (``tr("Hint: {move}", move="e4")``), so a translator sees whole
sentences, never fragments. Plurals are two keys (``tr_plural``). Texts kept in
constants are marked with ``mark`` so the test that no entry is missing finds them.

Texts that come from ``games/`` and ``ai/`` (which must not import the interface:
game titles, player names, level names, rule options, results) are translated where
they are shown, with ``tr_known``: their Italian entries are in
``ui.languages.italian.GAME_TEXTS``. No pygame here.
"""
from __future__ import annotations

import re
import string
from collections.abc import Iterator
from contextlib import contextmanager

from ui.languages import italian

LANGUAGES = ("english", "italian")
"""The language setting's values."""
LANGUAGE_NAMES = {"english": "English", "italian": "Italiano"}
"""Each language's name in itself, for the language selector."""

_TABLES: dict[str, dict[str, str]] = {"english": {}, "italian": italian.TEXTS}
_KNOWN_TABLES: dict[str, dict[str, str]] = {"english": {}, "italian": italian.GAME_TEXTS}
_current = "english"


def language() -> str:
    """The current language (one of ``LANGUAGES``)."""
    return _current


def set_language(name: str) -> bool:
    """Use language ``name`` from now on; False (and nothing changes) if it is not one
    of ``LANGUAGES``."""
    global _current
    if name not in LANGUAGES:
        return False
    _current = name
    return True


@contextmanager
def speaking(name: str) -> Iterator[None]:
    """Use language ``name`` inside the ``with`` block, then the one before (for text
    written into files, which stays English whatever the interface shows)."""
    global _current
    before = _current
    set_language(name)
    try:
        yield
    finally:
        _current = before


def tr(text: str, **fields: object) -> str:
    """``text`` in the current language, its ``{name}`` fields filled from ``fields``.
    An entry missing from the table shows the English text (a test finds those); a
    translation whose fields do not match falls back to English too, so nothing fails."""
    translated = _TABLES[_current].get(text, text)
    if not fields:
        return translated
    try:
        return translated.format(**fields)
    except (KeyError, IndexError, ValueError):
        return text.format(**fields)


def tr_plural(number: int, one: str, many: str, **fields: object) -> str:
    """``one`` (for a ``number`` of 1) or ``many`` translated, with ``{count}`` (the number) and ``fields``
    filled: ``tr_plural(n, "{count} move", "{count} moves")`` (a ``count`` among
    ``fields`` is shown instead, e.g. written with thousands separators). Both forms are
    keys of their own (Italian, like English, has one form for 1 and one for the rest)."""
    fields.setdefault("count", number)
    return tr(one if number == 1 else many, **fields)


def tr_known(text: str) -> str:
    """A text made outside the interface (``games/``, ``ai/``: a game's title, a player's
    name, a level, a rule option, a result's reason) in the current language when the
    table knows it, else unchanged (e.g. a message with values in it).

    A text with values in it is translated too when a ``GAME_TEXTS`` key with fields
    made it (``"{proper}: no double {no_double:+.3f} ..."``, the key a constant of the
    game's code): a field with a number format (``+.3f``, ``d``, ``,``) is read back as a
    number and written with the language's separators (``format_number``), a field
    without one is translated in turn by ``tr_known``."""
    if _current == "english":
        return text
    known = _KNOWN_TABLES[_current].get(text) or _TABLES[_current].get(text)
    if known is not None:
        return known
    cache = _template_cache.setdefault(_current, {})
    if text not in cache:
        if len(cache) > 2000:  # texts with values are many; keep the cache small
            cache.clear()
        cache[text] = _from_template(text)
    return cache[text]


_NUMBER = r"[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?"
"""A number as Python's ``format`` writes it (English separators)."""
_template_cache: dict[str, dict[str, str]] = {}
_templates: dict[str, list[tuple[re.Pattern[str], str, dict[str, str]]]] = {}


def _known_templates() -> list[tuple[re.Pattern[str], str, dict[str, str]]]:
    """The current language's ``GAME_TEXTS`` keys that have fields, as (a pattern that
    matches the texts the key makes, the key, each field's format)."""
    if _current not in _templates:
        templates = []
        for key in _KNOWN_TABLES[_current]:
            if "{" not in key:
                continue
            pattern, formats = "", {}
            for literal, name, spec, _ in string.Formatter().parse(key):
                pattern += re.escape(literal)
                if name is None:
                    continue
                if name in formats:  # a field twice: not a template this can read back
                    pattern = ""
                    break
                formats[name] = spec or ""
                pattern += f"(?P<{name}>{_NUMBER})" if spec else f"(?P<{name}>.+?)"
            if pattern and formats:
                templates.append((re.compile(pattern, re.DOTALL), key, formats))
        _templates[_current] = templates
    return _templates[_current]


def _from_template(text: str) -> str:
    for pattern, key, formats in _known_templates():
        match = pattern.fullmatch(text)
        if match is None:
            continue
        values: dict[str, str] = {}
        for name, spec in formats.items():
            value = match.group(name)
            if spec:
                try:
                    plain = value.replace(",", "")
                    values[name] = format_number(float(plain) if "." in plain else int(plain), spec)
                except ValueError:
                    values[name] = value
            else:
                values[name] = tr_known(value)
        translated = _KNOWN_TABLES[_current][key]
        try:
            return "".join(literal + (values[name] if name is not None else "")
                           for literal, name, _, _ in string.Formatter().parse(translated))
        except (KeyError, ValueError):
            return text
    return text


def has_entry(text: str, name: str) -> bool:
    """Whether language ``name``'s tables (``tr``'s or ``tr_known``'s) have an entry for
    ``text``; English, whose texts are the keys, has every text. For tests."""
    return name == "english" or text in _TABLES[name] or text in _KNOWN_TABLES[name]


NUMBER_SEPARATORS: dict[str, tuple[str, str]] = {"english": (",", "."), "italian": (".", ",")}
"""Each language's thousands separator and decimal mark: 7,332 and 0.061 in English,
7.332 and 0,061 in Italian."""


def format_number(value: float, spec: str = ",") -> str:
    """``value`` written for people in the current language: ``format(value, spec)``
    (Python's format mini-language, written with English separators: ``","`` for
    thousands, ``".3f"``, ``"+.2f"``, ``",.0f"``, ``"g"``, ``".0%"``) with the language's
    thousands separator and decimal mark. For what the interface shows only: files, the
    command line and the engine protocol keep Python's own ``format``. A ``spec`` that
    does not fit ``value`` raises ``ValueError`` as ``format`` does."""
    text = format(value, spec)
    thousands, decimal = NUMBER_SEPARATORS[_current]
    if (thousands, decimal) == (",", "."):
        return text
    return text.translate(str.maketrans({",": thousands, ".": decimal}))


def mark(text: str) -> str:
    """``text`` unchanged: marks a constant as interface text, translated with ``tr``
    where it is shown (the missing-entry test collects marked texts too)."""
    return text
