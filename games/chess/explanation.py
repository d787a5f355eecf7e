"""Chess's own words for a hint (``games.capabilities.Explanations``): the material a line
wins, a promotion, a checkmate.

``line_phrases`` plays the search's expected line on a copy of the board and counts the
pieces each side loses on the way. A line ends at the search's horizon, where
quiescence search went on through captures that the line does not show; so after the
line, the captures it would make are played out first, as static exchange
(``games.chess.exchange``) judges them: one that wins material, or one that takes back
on the square of the last capture without losing any, best first. What is left
is said in the fewest words: "wins the queen", "wins a rook", "wins the exchange" (a
rook for a bishop or knight), "wins the queen for a knight" (one piece for another),
"wins 2 pawns", or "wins material worth 4 pawns" for other trades; a pawn promoted on
the way and still on the board says "promotes to a queen". A promoted piece that is
captured counts as the pawn it was.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import chess

from games.base import Phrase
from games.chess.exchange import static_exchange

PAWNS_WORTH = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9}
"""The pieces' textbook values in pawns, for what a line wins."""
WINS_PIECE = {chess.QUEEN: "wins the queen", chess.ROOK: "wins a rook", chess.BISHOP: "wins a bishop",
              chess.KNIGHT: "wins a knight"}
WINS_PAWN = ("wins a pawn", "wins {count} pawns")
WINS_EXCHANGE = "wins the exchange"
WINS_FOR = "wins {won} for {paid}"
PIECE_NAMES = {chess.QUEEN: "the queen", chess.ROOK: "a rook", chess.BISHOP: "a bishop", chess.KNIGHT: "a knight",
               chess.PAWN: "a pawn"}
"""The pieces as ``WINS_FOR`` names them (fields the interface translates too)."""
WINS_MATERIAL = ("wins material worth a pawn", "wins material worth {count} pawns")
PROMOTES = {chess.QUEEN: "promotes to a queen", chess.ROOK: "promotes to a rook", chess.BISHOP: "promotes to a bishop",
            chess.KNIGHT: "promotes to a knight"}
MATES = ("gives checkmate", "mates in {count}")
PHRASE_TEXTS = (*WINS_PIECE.values(), *WINS_PAWN, WINS_EXCHANGE, WINS_FOR, *PIECE_NAMES.values(), *WINS_MATERIAL,
                *PROMOTES.values(), *MATES)
"""Every text a chess phrase can have, its fields' words included (``Explanations.phrase_texts``)."""
RECAPTURES = 6
"""At most this many captures are played out after the line's end."""


def win_phrase(moves: int) -> Phrase:
    """A forced win with the mover's ``moves``-th move (1 or more): "gives checkmate"
    (this move), else "mates in N"."""
    return Phrase(MATES[0], MATES[1], count=moves)


def line_phrases(board: chess.Board, line: Sequence[chess.Move]) -> list[Phrase]:
    """What ``line`` (legal moves from ``board``, the mover's first) brings the side to
    move of ``board``: a promotion kept to the end, then the material won (see the module
    docstring); an empty list when it wins nothing. Stops at a move that is not legal."""
    mover = board.turn
    position = board.copy(stack=False)
    lost: dict[bool, Counter[int]] = {chess.WHITE: Counter(), chess.BLACK: Counter()}
    promoted_squares: set[int] = set()
    promotions: list[int] = []
    last: chess.Move | None = None
    for move in line:
        if not position.is_legal(move):
            break
        _take(position, move, lost, promoted_squares)
        if move.promotion and position.turn == mover:
            promotions.append(move.promotion)
        _push(position, move, promoted_squares)
        last = move
    if last is not None:
        for _ in range(RECAPTURES):
            capture = _capture(position, last.to_square)
            if capture is None:
                break
            _take(position, capture, lost, promoted_squares)
            _push(position, capture, promoted_squares)
            last = capture
    phrases = []
    kept = [piece for piece in dict.fromkeys(promotions)
            if len(position.pieces(piece, mover)) > len(board.pieces(piece, mover))]
    if kept:
        phrases.append(Phrase(PROMOTES[kept[0]]))
    material = _material_phrase(lost[not mover], lost[mover])
    if material is not None:
        phrases.append(material)
    return phrases


def _take(position: chess.Board, move: chess.Move, lost: dict[bool, Counter[int]], promoted: set[int]) -> None:
    """Count the piece ``move`` captures (a promoted piece as a pawn) as lost by its side."""
    if position.is_en_passant(move):
        lost[not position.turn][chess.PAWN] += 1
        return
    victim = position.piece_at(move.to_square)
    if victim is not None:
        lost[victim.color][chess.PAWN if move.to_square in promoted else victim.piece_type] += 1
        promoted.discard(move.to_square)


def _push(position: chess.Board, move: chess.Move, promoted: set[int]) -> None:
    """Play ``move``, following where promoted pieces stand."""
    if move.from_square in promoted:
        promoted.discard(move.from_square)
        promoted.add(move.to_square)
    elif move.promotion:
        promoted.add(move.to_square)
    position.push(move)


def _capture(position: chess.Board, square: int) -> chess.Move | None:
    """The capture the side to move would make next, as quiescence search would see it:
    the best by static exchange among those that win material, or that take back on
    ``square`` (where the last capture was) without losing any; ``None`` if there is none
    (it then keeps what it has)."""
    if position.is_game_over(claim_draw=False):
        return None
    best, best_gain = None, 0
    for move in position.generate_legal_captures():
        gain = static_exchange(position, move)
        if gain > best_gain or (gain == best_gain and best is None and move.to_square == square):
            best, best_gain = move, gain
    return best


def _material_phrase(taken: Counter[int], given: Counter[int]) -> Phrase | None:
    """The material won when the opponent lost ``taken`` and the mover ``given`` (pieces by
    type), in the fewest words; ``None`` when the mover does not come out a pawn or more
    ahead."""
    balance = {piece: taken[piece] - given[piece] for piece in PAWNS_WORTH}
    net = sum(PAWNS_WORTH[piece] * count for piece, count in balance.items())
    if net < 1:
        return None
    won = [piece for piece in (chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT, chess.PAWN) if balance[piece] > 0]
    paid = {piece: -count for piece, count in balance.items() if count < 0}
    if not paid:
        top = won[0]
        if top == chess.PAWN:
            return Phrase(WINS_PAWN[0], WINS_PAWN[1], count=balance[chess.PAWN])
        if balance[top] == 1:
            return Phrase(WINS_PIECE[top])
    elif len(won) == 1 and balance[won[0]] == 1 and sum(paid.values()) == 1:
        given = next(iter(paid))
        if won[0] == chess.ROOK and given in (chess.BISHOP, chess.KNIGHT):
            return Phrase(WINS_EXCHANGE)
        return Phrase(WINS_FOR, fields=(("won", PIECE_NAMES[won[0]]), ("paid", PIECE_NAMES[given])))
    return Phrase(WINS_MATERIAL[0], WINS_MATERIAL[1], count=net)
