"""The search lab's comparison on positions of every game: do the values agree, and do
the node counts follow the expected order? Exceptions are listed, not hidden.

Expected, and why:
- every finished search has the same value (a test failure if not: the algorithms are exact);
- alpha-beta <= minimax (same move order: alpha-beta searches a subset of minimax's tree);
- negamax == alpha-beta (one algorithm in two notations; with the table too);
- with table and ordering <= plain, for alpha-beta, negamax and PVS (usual, not a theorem:
  a table can change which moves are searched first, and a different order can cost more);
- PVS <= alpha-beta (usual with good ordering; without it, re-searches can cost more);
- with dice: Star1/Star2 <= plain expectiminimax (a theorem: the cuts only remove nodes).

    .venv/bin/python bench/lab_node_order.py            # all games
    .venv/bin/python bench/lab_node_order.py chess      # one game
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ai.lab import compare, disagreement  # noqa: E402
from games.registry import get_game  # noqa: E402

POSITIONS = {
    "tictactoe": [(".../.../...", 9), ("X../.O./...", 7), ("XO./.X./..O", 5),
                  ("X.O/.X./O..", 5), ("XOX/.O./...", 5)],
    "chess": [("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 3),
              ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 2),
              ("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", 3),
              ("8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1", 7),
              ("6k1/ppp2ppp/4p3/3p4/8/8/PPP2PPP/3Q2K1 w - - 0 1", 3)],
    "quarto": [],
    "backgammon": [],
}
"""Positions (the game's position text) and depths; Quarto's and backgammon's are made by play below."""


def quarto_positions() -> list[tuple[str, int]]:
    """Quarto positions after a few fixed moves (placing and giving), searched 2 and 3 plies."""
    entry = get_game("quarto")
    positions = []
    for moves, depth in (([":0"], 2), ([":0", "a1:15", "d4:3", "b2:12"], 3),
                         ([":5", "a1:10", "b2:3", "c3:12", "d4:6", "a4:9"], 3)):
        state = entry.game.initial_state()
        for move in moves:
            state = state.apply(state.parse_move(move))
        positions.append((state.to_text(), depth))
    return positions


def backgammon_positions() -> list[tuple[str, int]]:
    """The opening after a few rolls (a player to move), searched 1 and 2 decisions deep."""
    entry = get_game("backgammon")
    positions = []
    for moves, depth in ((["31-first"], 1), (["31-first"], 2), (["52-first"], 2)):
        state = entry.game.initial_state()
        for move in moves:
            state = state.apply(state.parse_move(move))
        positions.append((state.to_text(), depth))
    return positions


def exceptions(rows) -> list[str]:
    """Which expectations of the module docstring the rows break."""
    nodes = {(row.algorithm, row.enhanced): row.nodes for row in rows}
    found = []

    def expect(smaller, larger, what):
        if smaller in nodes and larger in nodes and nodes[smaller] > nodes[larger]:
            found.append(f"{what}: {nodes[smaller]:,} > {nodes[larger]:,}")

    expect(("alpha-beta", False), ("minimax", False), "alpha-beta above minimax")
    for enhanced in (False, True):
        if ("negamax", enhanced) in nodes and nodes[("negamax", enhanced)] != nodes[("alpha-beta", enhanced)]:
            found.append(f"negamax != alpha-beta ({'with' if enhanced else 'without'} table)")
    for name in ("alpha-beta", "negamax", "PVS", "expectiminimax", "expectiminimax + Star1/Star2"):
        expect((name, True), (name, False), f"{name} with table above plain")
    for enhanced in (False, True):
        expect(("PVS", enhanced), ("alpha-beta", enhanced), f"PVS above alpha-beta ({'with' if enhanced else 'no'} table)")
        expect(("expectiminimax + Star1/Star2", enhanced), ("expectiminimax", enhanced),
               f"Star1/Star2 above plain expectiminimax ({'with' if enhanced else 'no'} table)")
    return found


def main(games: list[str]) -> int:
    POSITIONS["quarto"] = quarto_positions()
    POSITIONS["backgammon"] = backgammon_positions()
    disagreements = 0
    print("| game | position | depth | smallest (nodes) | largest (nodes) | seconds | exceptions |")
    print("|---|---|---:|---|---|---:|---|")
    for game_id in games:
        entry = get_game(game_id)
        for text, depth in POSITIONS[game_id]:
            state = entry.game.parse_position(text)
            start = time.perf_counter()
            rows = compare(entry, state, depth)
            seconds = time.perf_counter() - start
            problem = disagreement(rows)
            disagreements += bool(problem)
            smallest = min(rows, key=lambda row: row.nodes)
            largest = max(rows, key=lambda row: row.nodes)
            found = ([problem] if problem else []) + exceptions(rows)
            print(f"| {game_id} | `{text}` | {depth} | {smallest.label} ({smallest.nodes:,}) | "
                  f"{largest.label} ({largest.nodes:,}) | {seconds:.1f} | {'; '.join(found) or 'none'} |")
    print(f"\npositions where the values disagree: {disagreements}")
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or list(POSITIONS)))
