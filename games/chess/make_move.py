"""Copy-make: the board after a move, built in one step, for the search's hot path.

``ChessState.apply`` used ``board.copy(stack=False)`` and then ``board.push(move)``:
python-chess's copy builds an empty board first and then fills it, and ``push`` saves
the whole position on the move stack (to ``pop`` it later) and handles drops, chess960
and null moves. A search never pops: it keeps the parent. ``played`` builds the child
board's fields directly from the parent's bitboards, with no move stack, and gives the
same position as copy + push for every pseudo-legal move of standard chess
(``tests/test_chess_make_move.py`` compares them field by field on many positions,
and the perft counts go through it). Chess960 boards and null moves are left to
python-chess.

It relies on the attributes of python-chess's ``Board`` (version pinned in
requirements.txt); the test above fails if a new version changes them.
"""
from __future__ import annotations

import chess

_BOARD = chess.Board
_NEW = object.__new__
_SQUARES = chess.BB_SQUARES
_RANK_1 = chess.BB_RANK_1
_RANK_8 = chess.BB_RANK_8
_KING_SIDE_ROOK = {chess.WHITE: chess.H1, chess.BLACK: chess.H8}
_QUEEN_SIDE_ROOK = {chess.WHITE: chess.A1, chess.BLACK: chess.A8}


def played(board: chess.Board, move: chess.Move) -> chess.Board:
    """A new board: ``board`` after ``move``, with an empty move stack; ``board`` is not
    changed. ``move`` must be pseudo-legal (not checked: an impossible move gives a
    broken board, as ``push`` does). A null move and chess960 boards go through
    ``copy`` and ``push``."""
    if board.chess960 or not move:
        child = board.copy(stack=False)
        child.push(move)
        child.move_stack, child._stack = [], []
        return child
    turn = board.turn
    from_square = move.from_square
    to_square = move.to_square
    from_mask = _SQUARES[from_square]
    to_mask = _SQUARES[to_square]
    pawns, knights, bishops = board.pawns, board.knights, board.bishops
    rooks, queens, kings = board.rooks, board.queens, board.kings
    black, white = board.occupied_co
    ours, theirs = (white, black) if turn else (black, white)
    promoted = board.promoted
    castling = board.castling_rights
    if castling:
        castling = board.clean_castling_rights()
    halfmove = board.halfmove_clock + 1
    ep_square = None

    if pawns & from_mask:
        piece = chess.PAWN
    elif knights & from_mask:
        piece = chess.KNIGHT
    elif bishops & from_mask:
        piece = chess.BISHOP
    elif rooks & from_mask:
        piece = chess.ROOK
    elif queens & from_mask:
        piece = chess.QUEEN
    else:
        piece = chess.KING
    moving_promoted = promoted & from_mask
    captured = theirs & to_mask
    if captured or piece == chess.PAWN:
        halfmove = 0

    # Lift the moving piece and whatever stands on the target square.
    clear = ~(from_mask | to_mask)
    pawns &= clear
    knights &= clear
    bishops &= clear
    rooks &= clear
    queens &= clear
    kings &= clear
    ours &= clear
    theirs &= clear
    promoted &= clear

    castling &= clear
    if castling and piece == chess.KING and not moving_promoted:
        castling &= ~(_RANK_1 if turn else _RANK_8)

    if piece == chess.PAWN:
        step = to_square - from_square
        if step == 16 and from_square >> 3 == 1:
            ep_square = from_square + 8
        elif step == -16 and from_square >> 3 == 6:
            ep_square = from_square - 8
        elif to_square == board.ep_square and not captured and step in (7, 9, -7, -9):
            taken = _SQUARES[to_square - 8 if turn else to_square + 8]  # the pawn taken en passant
            pawns &= ~taken
            theirs &= ~taken
            promoted &= ~taken

    onto_own_rook = board.occupied_co[turn] & to_mask  # castling as python-chess keeps it (chess960 style)
    if piece == chess.KING and (onto_own_rook or abs(to_square - from_square) == 2):
        king_side = (to_square & 7) > (from_square & 7)
        rook_square = to_square if onto_own_rook else (
            _KING_SIDE_ROOK[turn] if king_side else _QUEEN_SIDE_ROOK[turn])
        back_rank = from_square & ~7
        king_to = _SQUARES[back_rank + (6 if king_side else 2)]
        rook_to = _SQUARES[back_rank + (5 if king_side else 3)]
        rook_from = ~_SQUARES[rook_square]
        rooks = (rooks & rook_from) | rook_to
        kings |= king_to
        ours = (ours & rook_from) | king_to | rook_to
        promoted &= rook_from
    else:
        kind = move.promotion or piece
        if kind == chess.PAWN:
            pawns |= to_mask
        elif kind == chess.KNIGHT:
            knights |= to_mask
        elif kind == chess.BISHOP:
            bishops |= to_mask
        elif kind == chess.ROOK:
            rooks |= to_mask
        elif kind == chess.QUEEN:
            queens |= to_mask
        else:
            kings |= to_mask
        ours |= to_mask
        if move.promotion or moving_promoted:
            promoted |= to_mask

    child = _NEW(_BOARD)
    child.pawns, child.knights, child.bishops = pawns, knights, bishops
    child.rooks, child.queens, child.kings = rooks, queens, kings
    child.occupied_co = [ours, theirs] if not turn else [theirs, ours]
    child.occupied = ours | theirs
    child.promoted = promoted
    child.chess960 = False
    child.ep_square = ep_square
    child.castling_rights = castling
    child.turn = not turn
    child.fullmove_number = board.fullmove_number + (not turn)
    child.halfmove_clock = halfmove
    child.move_stack = []
    child._stack = []
    return child
