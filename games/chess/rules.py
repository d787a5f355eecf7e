"""Chess rules, from python-chess, as a ``games.base`` game.

A ``ChessState`` wraps a ``chess.Board`` that is never changed after the state is made
(``apply`` copies it without its move stack and pushes the move), plus the keys of the
positions since the last capture or pawn move, which the repetition rules need. All
of FIDE's rules come from python-chess: castling, en passant, promotion, check,
checkmate, stalemate, insufficient material; the 75-move rule and fivefold repetition
end the game automatically; threefold repetition and the 50-move rule are draws a
player may claim (``can_claim_draw``), which the application offers.

Notation: moves are written in UCI (``e2e4``, ``e7e8q``) for the engine protocol and
saved games (``move_to_text``) and in SAN (``Nf3``, ``O-O``, ``exd8=Q+``) for people
(``display_move``); ``parse_move`` reads both. Positions are FEN (``position_from_fen``).
The ``Chess`` game itself (its entry points and PGN records) is in ``games.chess.game``,
which builds on this module and on ``games.chess.pgn``.

Search capabilities offered (``games.capabilities``): ``TacticalMoves`` (captures and
promotions that do not lose material, check, MVV-LVA and static exchange), ``NullMove``,
``Futility`` (``FUTILITY_MARGIN`` a ply), ``KnownResults`` (endgame tables), ``TableKeys`` (a 64-bit key),
``Repetitions`` and ``HorizonOutcome`` (the automatic draws); and ``Explanations`` for the
hint (``games.chess.explanation``: material won along a line, promotions, checkmate).
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence

import chess

from games.base import FIRST, SECOND, IllegalMove, InvalidPosition, Outcome, Phrase, State
from games.capabilities import (Explanations, Futility, HorizonOutcome, KnownResults, NullMove, Repetitions, TableKeys,
                                TacticalMoves)
from games.chess import explanation, psqt
from games.chess.captures import PIECE_VALUES, scored_captures
from games.chess.exchange import loses_material, static_exchange
from games.chess.make_move import played
from games.chess.tablebase import MAXIMUM_PIECES, shipped_tables

FUTILITY_MARGIN = 120
"""Centipawns a ply of quiet moves rarely changes the evaluation by (``futility_margin``)."""

STATUS_WORDS = {
    chess.STATUS_NO_WHITE_KING: "White has no king",
    chess.STATUS_NO_BLACK_KING: "Black has no king",
    chess.STATUS_TOO_MANY_KINGS: "a side has more than one king",
    chess.STATUS_TOO_MANY_WHITE_PAWNS: "White has more than 8 pawns",
    chess.STATUS_TOO_MANY_BLACK_PAWNS: "Black has more than 8 pawns",
    chess.STATUS_PAWNS_ON_BACKRANK: "a pawn stands on the first or last rank",
    chess.STATUS_TOO_MANY_WHITE_PIECES: "White has more than 16 pieces",
    chess.STATUS_TOO_MANY_BLACK_PIECES: "Black has more than 16 pieces",
    chess.STATUS_BAD_CASTLING_RIGHTS: "the castling rights do not fit the kings and rooks",
    chess.STATUS_INVALID_EP_SQUARE: "the en passant square is impossible",
    chess.STATUS_OPPOSITE_CHECK: "the side not to move is in check",
    chess.STATUS_EMPTY: "the board is empty",
    chess.STATUS_TOO_MANY_CHECKERS: "the king is checked by more than two pieces",
    chess.STATUS_IMPOSSIBLE_CHECK: "the check could not have come from a legal move",
}
"""Why a board cannot occur, by python-chess's status flags, most telling first (``board_problems``)."""
NOT_POSSIBLE = "it is not a possible position"
"""Why a board cannot occur when python-chess gives a reason not in ``STATUS_WORDS``."""


def board_problems(board: chess.Board) -> list[str]:
    """Why ``board`` (pieces, side to move, castling rights, en passant square) cannot
    occur in a game of chess, in words, most telling first; empty when it can."""
    status = board.status()
    if status == chess.STATUS_VALID:
        return []
    return [words for flag, words in STATUS_WORDS.items() if status & flag] or [NOT_POSSIBLE]


def _first(item: tuple[int, chess.Move]) -> int:
    return item[0]


def _piece_attacks(piece: int, colour: bool, square: int, occupied: int) -> int:
    """The squares a ``piece`` of ``colour`` on ``square`` attacks, given ``occupied``
    (none for a king: it never gives check)."""
    if piece == chess.PAWN:
        return chess.BB_PAWN_ATTACKS[colour][square]
    if piece == chess.KNIGHT:
        return chess.BB_KNIGHT_ATTACKS[square]
    attacks = 0
    if piece in (chess.BISHOP, chess.QUEEN):
        attacks |= chess.BB_DIAG_ATTACKS[square][chess.BB_DIAG_MASKS[square] & occupied]
    if piece in (chess.ROOK, chess.QUEEN):
        attacks |= (chess.BB_RANK_ATTACKS[square][chess.BB_RANK_MASKS[square] & occupied]
                    | chess.BB_FILE_ATTACKS[square][chess.BB_FILE_MASKS[square] & occupied])
    return attacks


def _king_in_check(board: chess.Board) -> bool:
    """``board.is_check()`` (the side to move's king attacked), from the attack tables
    with an answer as soon as one attacker is found, most likely first (python-chess
    works out every attacker of the square)."""
    turn = board.turn
    kings = board.occupied_co[turn] & board.kings & ~board.promoted
    if not kings:
        return False
    square = kings.bit_length() - 1
    theirs = board.occupied_co[not turn]
    if chess.BB_KNIGHT_ATTACKS[square] & board.knights & theirs or chess.BB_PAWN_ATTACKS[turn][square] \
            & board.pawns & theirs:
        return True
    occupied, queens = board.occupied, board.queens
    if chess.BB_DIAG_ATTACKS[square][chess.BB_DIAG_MASKS[square] & occupied] & (board.bishops | queens) & theirs:
        return True
    if (chess.BB_RANK_ATTACKS[square][chess.BB_RANK_MASKS[square] & occupied]
            | chess.BB_FILE_ATTACKS[square][chess.BB_FILE_MASKS[square] & occupied]) & (board.rooks | queens) & theirs:
        return True
    return bool(chess.BB_KING_ATTACKS[square] & board.kings & theirs)


class ChessState(State, TacticalMoves, NullMove, Futility, TableKeys, Repetitions, HorizonOutcome, KnownResults,
                 Explanations):
    """A chess position: an unchanging ``board`` (``chess.Board`` without move stack) and
    ``history``, the table keys of the earlier positions since the last capture or pawn
    move (oldest first), for the repetition rules. Immutable and hashable.

    Two states are equal when the positions are the same for every rule: pieces, side
    to move, castling rights, en passant, both move counters and the repetition history.
    The constructor does not validate (use ``Chess.parse_position``).
    """

    __slots__ = ("board", "history", "_key", "_legal", "_outcome", "_has_outcome", "_psqt", "_parent", "_move", "_check",
                 "_gives")

    def __init__(self, board: chess.Board, history: tuple[int, ...] = ()) -> None:
        self.board = board
        self.history = history
        self._key: int | None = None
        self._legal: list[chess.Move] | None = None
        self._outcome: Outcome | None = None
        self._has_outcome = False
        self._psqt: tuple[int, int, int] | None = None
        self._parent: ChessState | None = None
        self._move: chess.Move | None = None
        self._check: bool | None = None
        self._gives: tuple[chess.Move, bool] | None = None  # the last answer of gives_check

    # -- identity ------------------------------------------------------------------------
    def table_key(self) -> int:
        """A 64-bit key of the position (pieces, side to move, castling, en passant) for
        transposition tables and repetitions; different positions may rarely share one.
        The same in every run of the program (it hashes whole numbers only: Python's hash
        of ``None`` changes from run to run), so that a weak level's evaluation errors,
        which are drawn from it, repeat with the same seed."""
        key = self._key
        if key is None:
            board = self.board
            en_passant = board.ep_square if board.ep_square is not None and board.has_legal_en_passant() else -1
            castling = board.castling_rights and board.clean_castling_rights()  # (most positions have none)
            key = self._key = hash((board.pawns, board.knights, board.bishops, board.rooks, board.queens,
                                    board.kings, board.occupied_co[chess.WHITE], board.occupied_co[chess.BLACK],
                                    board.turn, castling, en_passant))
        return key

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ChessState):
            return NotImplemented
        return (self.table_key() == other.table_key() and self.board == other.board
                and self.history == other.history)

    def __hash__(self) -> int:
        return self.table_key()

    def __repr__(self) -> str:
        return f"ChessState({self.board.fen()!r})"

    # -- the rules -----------------------------------------------------------------------
    def to_move(self) -> int:
        """``FIRST`` (White) or ``SECOND`` (Black)."""
        return FIRST if self.board.turn == chess.WHITE else SECOND

    def legal_moves(self) -> Sequence[chess.Move]:
        """The legal moves (none once the game is over), as python-chess generates them."""
        moves = self._legal
        if moves is None:
            moves = self._legal = [] if self._automatic_draw() else list(self.board.legal_moves)
        return moves

    def apply(self, move: chess.Move) -> ChessState:
        """The position after ``move``. Does not check legality."""
        board = self.board
        child = played(board, move)
        history = () if child.halfmove_clock == 0 else (*self.history, self.table_key())  # 0: a capture or pawn move
        state = ChessState(child, history)
        state._parent, state._move = self, move  # for psqt(), worked out only if asked
        gives = self._gives
        if gives is not None and gives[0] is move:  # asked before the move was made: the child's in_check
            state._check = gives[1]
        return state

    def psqt(self) -> tuple[int, int, int]:
        """``games.chess.psqt.full(board)``: material and placement (middlegame,
        endgame) and the game phase, updated from the parent position by the move when
        this state was made by ``apply`` (the chain is worked out once, when first asked)."""
        if self._psqt is not None:
            return self._psqt
        chain = []
        state: ChessState | None = self
        while state is not None and state._psqt is None:
            chain.append(state)
            state = state._parent
        for state in reversed(chain):
            parent = state._parent
            if parent is None:
                state._psqt = psqt.full(state.board)
            else:
                change = psqt.delta(parent.board, state._move)
                base = parent._psqt
                state._psqt = (base[0] + change[0], base[1] + change[1], base[2] + change[2])
            state._parent = state._move = None  # no longer needed: let the ancestors go
        return self._psqt

    def outcome(self) -> Outcome | None:
        """Checkmate, stalemate, insufficient material, the 75-move rule or fivefold
        repetition; ``None`` while the game goes on (claimable draws do not end it)."""
        if not self._has_outcome:
            self._outcome = self._automatic_draw() or self._end_of_moves()
            self._has_outcome = True
        return self._outcome

    def _automatic_draw(self) -> Outcome | None:
        board = self.board
        if board.halfmove_clock >= 150 and not (board.is_check() and not any(board.generate_legal_moves())):
            return Outcome(None, "the 75-move rule", 0)
        if self.history.count(self.table_key()) >= 4:
            return Outcome(None, "fivefold repetition", 0)
        if not (board.pawns | board.rooks | board.queens) and board.is_insufficient_material():
            return Outcome(None, "insufficient material", 0)
        return None

    def _end_of_moves(self) -> Outcome | None:
        if self.legal_moves():
            return None
        if self.in_check():
            winner = SECOND if self.board.turn == chess.WHITE else FIRST
            return Outcome(winner, "checkmate")
        return Outcome(None, "stalemate", 0)

    def repetitions(self) -> int:
        """How many times this position occurred before (since the last capture or pawn move)."""
        return self.history.count(self.table_key())

    def first_move_number(self) -> int:
        """The position's full-move number (the FEN's last field): 1 at the start, one more
        after each Black move."""
        return self.board.fullmove_number

    def draw_claim(self) -> str:
        """The draw the side to move may claim now: "threefold repetition", "the 50-move
        rule", or "" if none (FIDE also allows claiming with a move that leads to it; the
        application offers the claim in the position itself)."""
        if self.outcome() is not None:
            return ""
        if self.repetitions() >= 2:
            return "threefold repetition"
        if self.board.halfmove_clock >= 100:
            return "the 50-move rule"
        return ""

    # -- notation --------------------------------------------------------------------------
    def move_to_text(self, move: chess.Move) -> str:
        """UCI notation: ``e2e4``, ``e7e8q``, ``e1g1`` (castling)."""
        return move.uci()

    def display_move(self, move: chess.Move) -> str:
        """SAN, as people write it: ``Nf3``, ``O-O``, ``exd8=Q+``, ``Qh5#``.

        Worked out on a copy of the board: python-chess's ``san`` pushes and pops the
        move, and this state may be read by a search in another thread at that moment
        (a state is never changed, not even for an instant)."""
        return self.board.copy(stack=False).san(move)

    def parse_move(self, text: str) -> chess.Move:
        """The legal move written ``text`` in UCI (``e2e4``) or SAN (``e4``, ``Nxf7+``);
        ``IllegalMove`` saying why otherwise."""
        wanted = text.strip()
        if not wanted:
            raise IllegalMove("no move given")
        if self.outcome() is not None:
            raise IllegalMove(f"the game is over ({self.outcome().reason}); no move is legal")
        board = self.board
        try:
            move = chess.Move.from_uci(wanted)
        except ValueError:
            move = None
        if move is not None and move in self.legal_moves():
            return move
        try:
            return board.parse_san(wanted)
        except chess.AmbiguousMoveError:
            raise IllegalMove(f"{wanted!r} could be more than one move: say which piece (e.g. Nbd2)") from None
        except chess.IllegalMoveError:
            if move is None:
                reason = "it would leave your king in check" if self._san_ignoring_check(wanted) else \
                    "no piece of yours can make it"
                raise IllegalMove(f"{wanted} is not legal here: {reason}") from None
        except (chess.InvalidMoveError, ValueError):
            pass
        raise IllegalMove(self._why_illegal(wanted, move))

    def _san_ignoring_check(self, text: str) -> bool:
        """Whether ``text`` (SAN) names a move that is only illegal because of check
        (on a copy of the board: ``san`` pushes and pops, see ``display_move``)."""
        board = self.board.copy(stack=False)
        try:
            for move in board.generate_pseudo_legal_moves():
                if board.is_into_check(move) and board.san(move).rstrip("+#") == text.rstrip("+#!?"):
                    return True
        except (ValueError, AssertionError):
            return False
        return False

    def _why_illegal(self, text: str, move: chess.Move | None) -> str:
        board = self.board
        if move is None:
            return f"{text!r} is not a move: write it like e2e4 or Nf3"
        piece = board.piece_at(move.from_square)
        if piece is None:
            return f"{text}: there is no piece on {chess.square_name(move.from_square)}"
        if piece.color != board.turn:
            return f"{text}: the piece on {chess.square_name(move.from_square)} is not yours"
        if board.is_pseudo_legal(move):
            return f"{text} is not legal: it would leave your king in check"
        if board.is_check():
            return f"{text} is not legal: your king is in check"
        return f"{text} is not legal: the {chess.piece_name(piece.piece_type)} cannot move there"

    def is_capture(self, move: chess.Move) -> bool:
        """Whether ``move`` captures a piece (en passant included)."""
        return self.board.is_capture(move)

    def to_text(self) -> str:
        """FEN."""
        return self.board.fen()

    def board_text(self) -> str:
        """The board as rows of letters (upper case White), rank 8 on top."""
        rows = str(self.board).splitlines()
        return "\n".join(f"{8 - index} {row}" for index, row in enumerate(rows)) + "\n  a b c d e f g h"

    # -- the search capabilities declared above (games.capabilities) -------------------------
    def repeats(self) -> bool:
        """True if this position occurred before in the game or the line being searched."""
        return self.table_key() in self.history

    def in_check(self) -> bool:
        """Whether the side to move is in check (worked out once)."""
        check = self._check
        if check is None:
            check = self._check = _king_in_check(self.board)
        return check

    def noisy_moves(self) -> Iterator[chess.Move]:
        """The legal captures and promotions that do not lose material by static exchange
        evaluation (``games.chess.exchange``): what quiescence search looks at, best
        victims first (MVV-LVA). A capture that loses material (a queen taking a defended
        pawn) is left out: it is rarely how material is won back, and quiescence without
        it visits far fewer nodes. Made lazily: the exchange is worked out only for the
        moves actually asked for (a cut-off by the first saves it for the rest)."""
        board = self.board
        promotions = board.pawns & board.occupied_co[board.turn] & (chess.BB_RANK_7 if board.turn else chess.BB_RANK_2)
        if self.in_check():  # evasions: python-chess's legal generation
            king = blockers = None
            scored = [(self._material_key(move), move) for move in board.generate_legal_captures()]
            pushes = board.generate_legal_moves(from_mask=promotions, to_mask=~board.occupied) if promotions else ()
        else:  # pseudo-legal, each tested only when its turn comes (python-chess's own test, 1.11 pinned)
            king = board.king(board.turn)
            blockers = board._slider_blockers(king)
            scored = scored_captures(board)  # python-chess's captures in its order, scored as they are made
            pushes = board.generate_pseudo_legal_moves(from_mask=promotions, to_mask=~board.occupied) \
                if promotions else ()
        scored.extend((self._material_key(move), move) for move in pushes if move.promotion)
        scored.sort(key=_first, reverse=True)
        for _, move in scored:
            if (king is None or board._is_safe(king, blockers, move)) and not loses_material(board, move):
                yield move

    def null_move(self) -> ChessState | None:
        """The position with the other side to move and nothing else changed, for
        null-move pruning; ``None`` in check or with only king and pawns (zugzwang)."""
        board = self.board
        if self.in_check() or not board.occupied_co[board.turn] & ~(board.pawns | board.kings):
            return None
        passed = board.copy(stack=False)
        passed.push(chess.Move.null())
        state = ChessState(passed, ())
        state._psqt = self.psqt()  # a pass moves no piece
        return state

    def is_legal(self, move: object) -> bool:
        """Whether ``move`` is a legal ``chess.Move`` here, checked without generating every move."""
        if self._legal is not None:
            return move in self._legal
        if not isinstance(move, chess.Move) or self._automatic_draw():
            return False
        return self.board.is_legal(move)

    def order_key(self, move: chess.Move) -> int:
        """A cheap ordering score: captures by most valuable victim, then least valuable
        attacker (MVV-LVA), and promotions, above 0; 0 for a quiet move; below 0 for a
        capture or promotion that loses material by static exchange (searched after the
        quiet moves, the worst last)."""
        score = self._material_key(move)
        if score and loses_material(self.board, move):
            return min(-1, static_exchange(self.board, move))
        return score

    def _material_key(self, move: chess.Move) -> int:
        """MVV-LVA and promotion score of ``move``, above 0 for a capture or promotion, 0
        for any other move (``order_key`` without the static exchange)."""
        board = self.board
        target = move.to_square
        if not move.promotion and not board.occupied_co[not board.turn] & chess.BB_SQUARES[target] \
                and board.ep_square != target:
            return 0  # a quiet move (the common case, answered first)
        score = 0
        victim = board.piece_type_at(target)
        if victim is not None:
            attacker = board.piece_type_at(move.from_square) or chess.PAWN
            score = 10 * PIECE_VALUES[victim] - PIECE_VALUES[attacker] + 10_000
        elif board.ep_square == move.to_square and board.piece_type_at(move.from_square) == chess.PAWN:
            score = 10 * PIECE_VALUES[chess.PAWN] - PIECE_VALUES[chess.PAWN] + 10_000
        if move.promotion:
            score += PIECE_VALUES[move.promotion] + 5_000
        return score

    def is_quiet(self, move: chess.Move) -> bool:
        """True for a move that neither captures nor promotes (killers and history learn only those)."""
        if move.promotion:
            return False
        board, target = self.board, move.to_square
        if board.occupied_co[not board.turn] & chess.BB_SQUARES[target]:
            return False
        return target != board.ep_square or not board.pawns & chess.BB_SQUARES[move.from_square]  # en passant

    def gives_check(self, move: chess.Move) -> bool | None:
        """Whether legal quiet ``move`` gives check, from the attack tables without making
        it: the moved piece attacks the king from its new square, or a slider of the mover
        does through the square it left; ``None`` for castling (made to find out)."""
        board = self.board
        mover = board.turn
        king = board.kings & board.occupied_co[not mover]
        if not king:
            return None
        king_square = king.bit_length() - 1
        origin, target = move.from_square, move.to_square
        piece = board.piece_type_at(origin)
        if piece == chess.KING and board.is_castling(move):
            return None
        occupied = board.occupied ^ chess.BB_SQUARES[origin] | chess.BB_SQUARES[target]
        if _piece_attacks(piece, mover, target, occupied) & king:
            checks = True
        elif not chess.BB_RAYS[king_square][origin]:
            checks = False  # the square left is on no line through the king: nothing uncovered
        else:
            ours = board.occupied_co[mover] & ~chess.BB_SQUARES[origin]
            diagonal = chess.BB_DIAG_ATTACKS[king_square][chess.BB_DIAG_MASKS[king_square] & occupied]
            straight = (chess.BB_RANK_ATTACKS[king_square][chess.BB_RANK_MASKS[king_square] & occupied]
                        | chess.BB_FILE_ATTACKS[king_square][chess.BB_FILE_MASKS[king_square] & occupied])
            checks = bool(diagonal & (board.bishops | board.queens) & ours
                          or straight & (board.rooks | board.queens) & ours)
        self._gives = (move, checks)  # ``apply(move)`` next: the child knows it is in check
        return checks

    def known_result(self) -> int | None:
        """The endgame tables' distance to mate (``games.chess.tablebase``, plies for the
        side to move, 0 a draw) of a position just entered by a capture or a pawn move
        (the only ways into the tables' few pieces) that they cover; ``None`` otherwise,
        at once for more pieces than any table has."""
        board = self.board
        if self.history or chess.popcount(board.occupied) > MAXIMUM_PIECES:
            return None
        return shipped_tables().remembered_distance(self.table_key(), board)

    def futility_margin(self, depth: int) -> int:
        """``FUTILITY_MARGIN`` centipawns a ply: a little more than a pawn."""
        return FUTILITY_MARGIN * depth

    def horizon_outcome(self) -> Outcome | None:
        """The cheap part of ``outcome`` for leaves of a search: the automatic draws.
        Checkmate and stalemate need every legal move and are left to the search."""
        return self._automatic_draw()

    # -- the hint's words (games.capabilities.Explanations) -------------------------------
    def line_phrases(self, line: Sequence[chess.Move]) -> list[Phrase]:
        """The material ``line`` wins and a promotion on the way (``games.chess.explanation``)."""
        return explanation.line_phrases(self.board, line)

    def win_phrase(self, moves: int) -> Phrase:
        """A forced win is a checkmate: "gives checkmate", "mates in N"."""
        return explanation.win_phrase(moves)

    def phrase_texts(self) -> tuple[str, ...]:
        """Every text of the two methods above."""
        return explanation.PHRASE_TEXTS


def position_from_fen(text: str) -> ChessState:
    """The position written ``text`` in FEN; ``InvalidPosition`` saying what is wrong
    (malformed, or a position that cannot occur: no king, pawns on the last rank, the
    side not to move in check, ...)."""
    fen = " ".join(text.split())
    if not fen:
        raise InvalidPosition("no position given; write it in FEN")
    try:
        board = chess.Board(fen)
    except ValueError as problem:
        raise InvalidPosition(f"{fen!r} is not FEN: {problem}") from None
    problems = board_problems(board)
    if problems:
        raise InvalidPosition(f"{fen!r} is not a possible position: {'; '.join(problems)}")
    return ChessState(board)


def starting_position() -> ChessState:
    """The standard starting position."""
    return ChessState(chess.Board())
