"""Chess search speed: the engine's nodes per CPU-second, and what the generic search costs.

Two searches of the same positions to the same depth:

* the engine as the app and ``main.py engine`` run it: the generic PVS of ``ai/`` over
  immutable ``ChessState``s (a board copy per move), with its transposition table,
  move ordering, quiescence and check extensions;
* a bare loop written for this comparison only: negamax alpha-beta with quiescence
  over one mutable ``chess.Board`` (push/pop), captures first, the same evaluation
  (``games.chess.evaluation.evaluate_board``), no table, no extensions.

Both count a node per position entered (quiescence included) and are timed in CPU
seconds of this process, so another busy process disturbs them little. The bare loop
searches more nodes (no table, weaker ordering); the comparison that matters is
nodes per second: how much each node of the generic, game-agnostic search costs.

    .venv/bin/python bench/chess_speed.py [depth]
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import chess  # noqa: E402

from ai.engine import Engine  # noqa: E402
from ai.types import SearchLimits, SearchOptions  # noqa: E402
from games.chess.evaluation import evaluate, evaluate_board  # noqa: E402
from games.chess.game import Chess  # noqa: E402
from games.chess.rules import PIECE_VALUES  # noqa: E402

POSITIONS = (
    chess.STARTING_FEN,
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
    "r1b2rk1/pp1nqppp/2p1pn2/3p4/2PP4/2NBPN2/PP3PPP/R2Q1RK1 w - - 0 9",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
)


class BareSearch:
    """Negamax alpha-beta with quiescence over one mutable board; see the module docstring."""

    def __init__(self) -> None:
        self.nodes = 0

    @staticmethod
    def _ordered(board: chess.Board, moves: list[chess.Move]) -> list[chess.Move]:
        def key(move: chess.Move) -> int:
            victim = board.piece_type_at(move.to_square)
            return 10 * PIECE_VALUES[victim] - PIECE_VALUES[board.piece_type_at(move.from_square)] if victim else -1

        return sorted(moves, key=key, reverse=True)

    def _score(self, board: chess.Board) -> int:
        score = evaluate_board(board)
        return score if board.turn == chess.WHITE else -score

    def quiescence(self, board: chess.Board, alpha: int, beta: int) -> int:
        self.nodes += 1
        stand = self._score(board)
        if stand >= beta:
            return stand
        alpha = max(alpha, stand)
        best = stand
        for move in self._ordered(board, list(board.generate_legal_captures())):
            board.push(move)
            value = -self.quiescence(board, -beta, -alpha)
            board.pop()
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best

    def negamax(self, board: chess.Board, depth: int, alpha: int, beta: int) -> int:
        if depth <= 0:
            return self.quiescence(board, alpha, beta)
        self.nodes += 1
        moves = list(board.legal_moves)
        if not moves:
            return -100_000 if board.is_check() else 0
        best = -1_000_000
        for move in self._ordered(board, moves):
            board.push(move)
            value = -self.negamax(board, depth - 1, -beta, -alpha)
            board.pop()
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best


def main() -> None:
    depth = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    game = Chess()
    engine_nodes = bare_nodes = 0
    engine_seconds = bare_seconds = 0.0
    engine_rates: list[float] = []
    print(f"{len(POSITIONS)} positions, depth {depth}; CPU seconds of this process")
    print(f"{'position':<12} {'engine nodes':>12} {'n/s':>8} {'bare nodes':>11} {'n/s':>8}")
    for number, fen in enumerate(POSITIONS, start=1):
        engine = Engine(game, evaluate, SearchOptions(use_book=False))
        start = time.process_time()
        result = engine.search(game.parse_position(fen), SearchLimits(depth=depth))
        seconds = time.process_time() - start
        bare = BareSearch()
        board = chess.Board(fen)
        start = time.process_time()
        for iteration in range(1, depth + 1):  # iterative deepening, as the engine does
            bare.negamax(board, iteration, -1_000_000, 1_000_000)
        bare_time = time.process_time() - start
        engine_nodes += result.nodes
        engine_rates.append(result.nodes / seconds)
        engine_seconds += seconds
        bare_nodes += bare.nodes
        bare_seconds += bare_time
        print(f"{number:<12} {result.nodes:>12,} {result.nodes / seconds:>8,.0f} {bare.nodes:>11,} "
              f"{bare.nodes / bare_time:>8,.0f}")
    engine_rate, bare_rate = engine_nodes / engine_seconds, bare_nodes / bare_seconds
    print(f"{'all':<12} {engine_nodes:>12,} {engine_rate:>8,.0f} {bare_nodes:>11,} {bare_rate:>8,.0f}")
    print(f"engine time {engine_seconds:.1f} s, bare loop time {bare_seconds:.1f} s; the generic search runs at "
          f"{engine_rate / bare_rate:.2f}x the bare loop's nodes per second")
    print(f"engine median over the positions: {statistics.median(engine_rates):,.0f} nodes per CPU-second")


if __name__ == "__main__":
    main()
