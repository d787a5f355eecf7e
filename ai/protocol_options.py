"""The engine protocol's options (``ai.protocol``): ``OPTIONS``, the one table that ``uci``
lists (with the current values), ``setoption`` sets and ``help`` names, and how each
option's value is read and checked.

An option's ``parse`` changes nothing: it returns the ``EngineProtocol`` attributes to
set, or raises ``ProtocolError`` naming what is allowed; the protocol sets them once no
search runs. Strength levels become search options through ``ai.strength``; the folders
of a game's tables are read by ``ai.protocol_tables``.
"""
from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ai.engine import MAX_DEPTH
from ai.protocol_tables import announcement, describe_folders, parse_folders
from ai.protocol_text import ProtocolError, quote, whole_number
from ai.strength import level_options
from ai.types import Algorithm
from games.base import Game

if TYPE_CHECKING:
    from ai.protocol import EngineProtocol

DEFAULT_HASH_MB = 64
MAX_HASH_MB = 4096
BYTES_PER_TABLE_ENTRY = 200
"""About what one transposition-table entry costs in memory (measured: ~190 bytes)."""
MAX_MULTIPV = 5
MAX_THREADS = 4
"""Most ``Threads`` (the search's own process and up to 3 helpers)."""
MAX_SEED = 2**31 - 1
"""Largest ``Seed`` (a 32-bit spin, as GUIs hold them); 0 means no seed."""


def _true_or_false(name: str, value: str) -> bool:
    """A check option's value; ``ProtocolError`` unless it is ``true`` or ``false``."""
    if value.lower() not in ("true", "false"):
        raise ProtocolError(f"{name} takes true or false, not {quote(value)}")
    return value.lower() == "true"


def _spin(name: str, value: str, least: int, most: int, unit: str = "") -> int:
    """A spin option's value; ``ProtocolError`` naming the range unless it is a whole
    number in ``least .. most``."""
    number = whole_number(value, 10 * most)  # clamped far above the range, so too large is refused
    if number is None or not least <= number <= most:
        raise ProtocolError(f"{name} must be a whole number{unit} from {least} to {most}, not {quote(value)}")
    return number


def _parse_algorithm(protocol: EngineProtocol, value: str) -> dict[str, Any]:
    try:
        algorithm = Algorithm.parse(value)
    except ValueError:
        names = ", ".join(algorithm.value for algorithm in Algorithm)
        raise ProtocolError(f"unknown algorithm {quote(value)}; choose one of {names}") from None
    if protocol.game.has_chance and not algorithm.handles_chance:
        raise ProtocolError(f"{algorithm.label} cannot search {protocol.game.title} (it has dice); use expectiminimax")
    return {"options": replace(protocol.options, algorithm=algorithm)}


def _describe_algorithm(protocol: EngineProtocol) -> str:
    algorithms = [a for a in Algorithm if a.handles_chance or not protocol.game.has_chance]
    choices = " ".join(f"var {a.value}" for a in algorithms)
    return f"type combo default {protocol.options.algorithm.value} {choices}"


def _parse_level(protocol: EngineProtocol, value: str) -> dict[str, Any]:
    number = whole_number(value, MAX_DEPTH)
    if number is None or not 1 <= number <= protocol.entry.max_level:
        raise ProtocolError(f"Level must be a whole number from 1 to {protocol.entry.max_level}, not {quote(value)}")
    return {"level": number, "options": level_options(protocol.options, protocol.entry.level(number))}


def _parse_hash(protocol: EngineProtocol, value: str) -> dict[str, Any]:
    megabytes = _spin("Hash", value, 1, MAX_HASH_MB, " of megabytes")
    return {"hash_mb": megabytes,
            "options": replace(protocol.options, table_size=megabytes * 1_000_000 // BYTES_PER_TABLE_ENTRY)}


def default_threads(game: Game) -> int:
    """``Threads`` at the start: 2 where this process may use two cores or more, for a
    game with chance (its outcome-by-outcome iterations use a helper process), else 1."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return 2 if game.has_chance and cores >= 2 else 1


def _parse_threads(protocol: EngineProtocol, value: str) -> dict[str, Any]:
    threads = _spin("Threads", value, 1, MAX_THREADS)
    return {"options": replace(protocol.options, helper_processes=threads - 1)}


def _check_option(name: str, field: str) -> Option:
    """A true/false option that sets the ``SearchOptions`` field ``field``."""
    return Option(
        name,
        lambda protocol: f"type check default {'true' if getattr(protocol.options, field) else 'false'}",
        lambda protocol, value: {"options": replace(protocol.options, **{field: _true_or_false(name, value)})})


@dataclass(frozen=True)
class Option:
    """One engine option of ``OPTIONS``: its ``name`` as ``setoption`` takes it (any
    case), ``describe(protocol)`` the rest of its ``option name`` line for ``uci`` (its
    type, its current value as ``default``, its range), ``parse(protocol, value)`` the
    settings the value gives, as the ``EngineProtocol`` attributes to set (raises
    ``ProtocolError`` naming what is allowed; it changes nothing itself),
    ``offered(protocol)`` whether the session's game has the option, and
    ``fresh_engine`` whether setting it starts a fresh search engine (empty tables; not
    for an option the search does not read, such as ``Ponder``). ``named(protocol)``,
    when given, is the name instead of ``name`` (an option the game names);
    ``announce(protocol)``, when given, is an ``info string`` sent once it is set."""

    name: str
    describe: Callable[[EngineProtocol], str]
    parse: Callable[[EngineProtocol, str], dict[str, Any]]
    offered: Callable[[EngineProtocol], bool] = lambda protocol: True
    fresh_engine: bool = True
    named: Callable[[EngineProtocol], str] | None = None
    announce: Callable[[EngineProtocol], str] | None = None

    def title(self, protocol: EngineProtocol) -> str:
        """The option's name in ``protocol``'s session (``name`` where it is not offered)."""
        return self.named(protocol) if self.named is not None and self.offered(protocol) else self.name


OPTIONS: tuple[Option, ...] = (
    Option("Algorithm", _describe_algorithm, _parse_algorithm),
    Option("Level", lambda protocol: f"type spin default {protocol.level} min 1 max {protocol.entry.max_level}",
           _parse_level),
    Option("Seed", lambda protocol: f"type spin default {protocol.seed} min 0 max {MAX_SEED}",
           lambda protocol, value: {"seed": _spin("Seed", value, 0, MAX_SEED)}),
    Option("Hash", lambda protocol: f"type spin default {protocol.hash_mb} min 1 max {MAX_HASH_MB}", _parse_hash),
    Option("Ponder", lambda protocol: f"type check default {'true' if protocol.ponder else 'false'}",
           lambda protocol, value: {"ponder": _true_or_false("Ponder", value)}, fresh_engine=False),
    Option("OwnBook", lambda protocol: f"type check default {'true' if protocol.options.use_book else 'false'}",
           lambda protocol, value: {"options": replace(protocol.options,
                                                       use_book=_true_or_false("OwnBook", value))},
           offered=lambda protocol: bool(protocol.entry.known_moves)),
    Option("MultiPV", lambda protocol: f"type spin default {protocol.options.multipv} min 1 max {MAX_MULTIPV}",
           lambda protocol, value: {"options": replace(protocol.options,
                                                       multipv=_spin("MultiPV", value, 1, MAX_MULTIPV))}),
    Option("Threads", lambda protocol: f"type spin default {1 + protocol.options.helper_processes} min 1 "
                                       f"max {MAX_THREADS}", _parse_threads,
           offered=lambda protocol: protocol.game.has_chance),
    _check_option("TranspositionTable", "transposition_table"),
    _check_option("KillerMoves", "killer_moves"),
    _check_option("HistoryHeuristic", "history_heuristic"),
    _check_option("Quiescence", "quiescence"),
    Option("tables", lambda protocol: describe_folders(protocol.entry.external_tables),
           lambda protocol, value: {"options": replace(protocol.options, table_folders=parse_folders(
               protocol.entry.external_tables, value))}, offered=lambda protocol: bool(protocol.entry.external_tables),
           named=lambda protocol: protocol.entry.external_tables.option_name,
           announce=lambda protocol: announcement(protocol.entry.external_tables)),
)
"""Every engine option, in ``uci``'s order: the one table that ``uci`` lists (with the
current values), ``setoption`` sets and ``help`` names. ``Seed`` (0: none) makes the
engine's random choices repeatable: a weak level's evaluation errors and random moves,
the choice among book moves, a shuffled root order. With a seed, ``setoption`` and every
``ucinewgame`` restart them from it, so the same seed, level and moves replay a game
(exactly for levels with a depth cap or node budget whose budget fits the time). The
last names the folders of a game's tables (``ai.protocol_tables``; chess: ``GaviotaTbPath``).
``Threads`` (games with chance) counts the processes a search may use: its own and
``SearchOptions.helper_processes`` helpers (``ai.outcome_helper``), which only the
levels that search outcome by outcome use (backgammon's Maximum)."""
