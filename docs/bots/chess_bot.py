"""A chess bot for Game Tree Lab: a starting point for students. It speaks UCI, the
app's engine protocol for chess (docs/protocol.md), so the app (or any chess program
that runs UCI engines) can use it as a player:

    python main.py match --game chess --white "bot:python docs/bots/chess_bot.py" --black ai:level=1

It uses python-chess (`import chess`) for the board and the legal moves: the library is
bundled with Game Tree Lab, and `pip install chess` installs it for any Python.
Its search is a small alpha-beta (negamax form) to 3 plies, captures tried first, over
material plus a little bonus for pieces near the centre. It deepens one ply at a time
and stops when half its time is used, so it always answers quickly. Improve `evaluate`.
"""
from __future__ import annotations

import sys
import time

import chess

VALUES = {chess.PAWN: 100, chess.KNIGHT: 300, chess.BISHOP: 320, chess.ROOK: 500, chess.QUEEN: 900, chess.KING: 0}
CENTRE = {chess.D4: 10, chess.E4: 10, chess.D5: 10, chess.E5: 10,
          chess.C3: 5, chess.D3: 5, chess.E3: 5, chess.F3: 5, chess.C6: 5, chess.D6: 5, chess.E6: 5, chess.F6: 5,
          chess.C4: 5, chess.F4: 5, chess.C5: 5, chess.F5: 5}
MATE = 100_000
MAX_DEPTH = 3


class OutOfTime(Exception):
    """Raised inside the search when the time is up."""


def evaluate(board: chess.Board) -> int:
    """The position's score for the side to move, in centipawns: material, and a small
    bonus for each piece on or near the centre."""
    score = 0
    for square, piece in board.piece_map().items():
        value = VALUES[piece.piece_type] + CENTRE.get(square, 0)
        score += value if piece.color == board.turn else -value
    return score


def ordered(board: chess.Board) -> list[chess.Move]:
    """The legal moves, captures first (the most valuable victim first), then the rest."""
    def key(move: chess.Move) -> int:
        if board.is_en_passant(move):
            return -VALUES[chess.PAWN]
        victim = board.piece_at(move.to_square)
        return -VALUES[victim.piece_type] if victim else 0
    return sorted(board.legal_moves, key=key)


def alpha_beta(board: chess.Board, depth: int, alpha: int, beta: int, deadline: float) -> int:
    """The score for the side to move searched ``depth`` plies (negamax with alpha-beta
    pruning: a move that is already too good for us will not be allowed by the opponent)."""
    if time.monotonic() > deadline:
        raise OutOfTime
    moves = ordered(board)
    if not moves:
        return -MATE - depth if board.is_check() else 0  # checkmated (sooner is worse), or stalemate
    if board.is_insufficient_material() or board.halfmove_clock >= 100:
        return 0
    if depth == 0:
        return evaluate(board)
    for move in moves:
        board.push(move)
        score = -alpha_beta(board, depth - 1, -beta, -alpha, deadline)
        board.pop()
        if score >= beta:
            return beta  # the opponent avoids this line: no need to look at the other moves
        alpha = max(alpha, score)
    return alpha


def choose(board: chess.Board, seconds: float) -> chess.Move:
    """The best move found by iterative deepening within about ``seconds``."""
    deadline = time.monotonic() + seconds / 2
    moves = ordered(board)
    best = moves[0]
    for depth in range(1, MAX_DEPTH + 1):
        position = board.copy()  # a stopped search leaves moves pushed on its copy only
        try:
            scores = {}
            alpha = -2 * MATE
            for move in [best] + [move for move in moves if move != best]:  # last depth's best first
                position.push(move)
                scores[move] = -alpha_beta(position, depth - 1, -2 * MATE, -alpha, deadline)
                position.pop()
                alpha = max(alpha, scores[move])
        except OutOfTime:
            break  # keep the last complete depth's choice
        best = max(scores, key=scores.get)
    return best


def thinking_time(words: list[str], board: chess.Board) -> float:
    """Seconds for this move from `go movetime MS` or the clock (`wtime`/`btime`)."""
    numbers = {words[index]: int(words[index + 1]) for index in range(len(words) - 1) if words[index + 1].isdigit()}
    if "movetime" in numbers:
        return numbers["movetime"] / 1000
    clock = numbers.get("wtime" if board.turn == chess.WHITE else "btime")
    return clock / 1000 / 30 if clock is not None else 1.0


def main() -> None:
    board = chess.Board()
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "uci":
            print("id name Example chess bot")
            print("id author a student")
            print("uciok")
        elif words[0] == "isready":
            print("readyok")
        elif words[0] == "ucinewgame":
            board = chess.Board()
        elif words[0] == "position":
            # position startpos [moves e2e4 ...]  or  position fen <6 fields> [moves ...]
            if words[1:2] == ["fen"]:
                board, rest = chess.Board(" ".join(words[2:8])), words[8:]
            else:
                board, rest = chess.Board(), words[2:]
            if rest[:1] == ["moves"]:
                for text in rest[1:]:
                    board.push_uci(text)
        elif words[0] == "go":
            if board.is_game_over():
                print("bestmove (none)")
            else:
                print(f"bestmove {choose(board, thinking_time(words, board)).uci()}")
        elif words[0] == "quit":
            break
        sys.stdout.flush()


if __name__ == "__main__":
    main()
