"""What a game may offer the search beyond the rules: optional capabilities.

The search in ``ai/`` needs only the rules of ``games.base.State``. A game may make it
faster or stronger by offering a capability: a small interface of a few methods about
one kind of knowledge. A game declares the capabilities it offers in one place, the
class statement of its state, by inheriting them::

    class ChessState(State, TacticalMoves, NullMove, Futility, TableKeys, Repetitions, HorizonOutcome,
                     KnownResults):

Every method of a declared capability must then be written: each is abstract, and
``capabilities_of``, which the search asks before anything else, refuses a class that
leaves one out. A capability that is not declared is never asked, even where the state
has a method of that name. All positions of a game are of one class, so they all offer
the same. The search (``ai.context.SearchContext``) finds out once per search what the
root's class declares and never asks a node again: a game that offers nothing pays
nothing for what it does not offer. ``capabilities_of`` lists what a game declares;
the contract tests check each declared capability's promises on every registered game.

==================  ========================================  ============================
capability          methods                                   what the search does with it
==================  ========================================  ============================
``TacticalMoves``   ``noisy_moves``, ``in_check``,            quiescence search, check
                    ``order_key``, ``is_quiet``               extensions, captures first
``NullMove``        ``null_move``                             null-move pruning
``Futility``        ``futility_margin``                       futility pruning
``TableKeys``       ``table_key``, ``is_legal``               compact table keys; stored
                                                              moves tried before generating
``Symmetries``      ``TableKeys`` + ``table_move``,           one table entry for all
                    ``from_table_move``                       symmetric positions
``Repetitions``     ``repeats``                               repetitions scored as draws
``HorizonOutcome``  ``horizon_outcome``                       the end known cheaply
``KnownResults``    ``known_result``                          exact values (endgame tables)
``ShortGame``       ``winning_move``, ``loses_at_once``,      immediate wins and losses,
                    ``plies_left_at_most``                    solving short games outright
``ChanceBounds``    ``value_bound``                           Star1/Star2 chance pruning
``Explanations``    ``line_phrases``, ``win_phrase``,         (not the search: the hint's
                    ``phrase_texts``                          explanation in the game's
                                                              own words)
==================  ========================================  ============================

Without a capability the search does what is right for any game, only slower or weaker:
the state itself keys the table, a stored move is looked for among the legal moves,
``outcome()`` is the end test, and so on. Chess offers ``TacticalMoves``, ``NullMove``,
``Futility``, ``TableKeys``, ``Repetitions``, ``HorizonOutcome`` and ``KnownResults``; Quarto ``Symmetries`` (with
``TableKeys``), ``HorizonOutcome`` and ``ShortGame``; backgammon ``ChanceBounds``;
tic-tac-toe and Sum-15 none. ``Explanations`` is read not by the search but by the hint's
explanation (``ai.explanation``): chess, Quarto and backgammon offer it; a game without
it is explained in the words every game shares.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterable, Sequence

from games.base import Game, Move, Outcome, Phrase, State


class TacticalMoves(ABC):
    """Moves that change the position sharply (captures) and a danger that must be
    answered (check). The search extends its horizon with them: quiescence search looks
    at the noisy moves beyond the horizon (every legal move when in check), a move that
    gives check is searched a ply deeper, captures are ordered first and are kept out of
    the killer and history tables and late-move reductions. Chess."""

    __slots__ = ()

    @abstractmethod
    def noisy_moves(self) -> Iterable[Move]:
        """The legal moves that change the position sharply (chess: captures,
        promotions), best first: what quiescence search looks at beyond the horizon.
        A game may leave out those it judges bad (chess: captures that lose material by
        static exchange). Each is a member of ``legal_moves()``; none at a finished game.
        May be made lazily (a generator): the search often stops after the first."""

    @abstractmethod
    def in_check(self) -> bool:
        """Whether the player to move is in a danger that must be answered with any
        legal move, not only a noisy one (chess: check)."""

    @abstractmethod
    def order_key(self, move: Move) -> int:
        """A cheap guess of how good legal ``move`` is, for move ordering (higher first;
        chess: MVV-LVA for captures); 0 for a quiet move, more than 0 for a noisy one,
        less than 0 for a noisy one expected to be bad (chess: a capture that loses
        material), which is then searched after the quiet moves."""

    @abstractmethod
    def is_quiet(self, move: Move) -> bool:
        """False for a legal move the ordering already ranks by ``order_key`` (a capture,
        a promotion): it does not become a killer, earn history or get reduced."""

    def gives_check(self, move: Move) -> bool | None:
        """Whether legal quiet ``move`` (``is_quiet``) puts the opponent in the danger
        ``in_check`` names, told without making it; ``None`` when the game cannot tell
        cheaply (then the search makes the move to find out, as it does by default). It
        lets the search leave a pruned move unmade (``ai.pvs``: futility and late-move
        pruning spare checks)."""
        return None


class NullMove(ABC):
    """Passing, for null-move pruning in negamax and PVS (``ai.selectivity``): if the
    opponent cannot punish even a pass, a real move will do at least as well. Chess."""

    __slots__ = ()

    @abstractmethod
    def null_move(self) -> State | None:
        """The position after the player to move passes, or ``None`` where a pass would
        mislead the search (chess: in check, or with only king and pawns: zugzwang)."""


class Futility(ABC):
    """How far quiet moves can move the evaluation, for futility pruning in PVS
    (``ai.selectivity``): near the horizon, a node whose evaluation is that far above
    what the opponent allows is cut (reverse futility), and quiet moves of a node that far
    below what the mover already has are not searched (futility). Needs
    ``TacticalMoves`` (check, quiet moves). Chess."""

    __slots__ = ()

    @abstractmethod
    def futility_margin(self, depth: int) -> int:
        """In the evaluation's units, how much ``depth`` plies (1 or more) of quiet moves
        rarely change the mover's evaluation by; positive, not smaller for a larger
        ``depth``."""


class TableKeys(ABC):
    """A compact key of the position for the transposition table and repetitions, and a
    legality test of a move remembered from another position (the table's move, the
    previous iteration's line) that does not generate every move: a cut-off by that move
    then saves generating the others. Without it the state itself is the key (the table
    then keeps boards alive) and the legal moves are generated to test a move. Chess
    (a 64-bit key), Quarto."""

    __slots__ = ()

    @abstractmethod
    def table_key(self) -> Hashable:
        """A compact key of the position; equal positions have equal keys (a game may
        accept rare collisions between different positions: a 64-bit hash)."""

    @abstractmethod
    def is_legal(self, move: object) -> bool:
        """Whether ``move`` (of any type: it may come from another position) is a legal
        move here; the same answer as ``move in legal_moves()``, found cheaper."""


class Symmetries(TableKeys):
    """A ``table_key`` shared by positions that are the same up to a symmetry (Quarto
    keys its table by a canonical form under its 32 board and 384 piece symmetries):
    the table then stores moves in the key's frame, and every position with that key
    reads a stored move back as its own. Quarto."""

    __slots__ = ()

    @abstractmethod
    def table_move(self, move: Move) -> Hashable:
        """Legal ``move`` in the frame of ``table_key()``, as the table stores it."""

    @abstractmethod
    def from_table_move(self, stored: Hashable) -> Move:
        """The move of this position that ``stored`` (written by ``table_move`` of a
        position with the same ``table_key()``) stands for. The search still checks
        that it is legal."""


class Repetitions(ABC):
    """Positions that recur: the state remembers the game and the line that led to it
    (chess: the keys since the last capture or pawn move), and the search scores a
    repeated position as a draw (below the root). Chess."""

    __slots__ = ()

    @abstractmethod
    def repeats(self) -> bool:
        """True if this very position occurred earlier in the game or the searched line."""


class HorizonOutcome(ABC):
    """The end of the game as far as it is cheap to know, for every node of a search:
    without it the search asks ``outcome()``. Chess leaves out checkmate and stalemate
    (they need every legal move; the search finds them when no move comes); Quarto adds
    a draw that is certain though the game goes on (no line can be completed)."""

    __slots__ = ()

    @abstractmethod
    def horizon_outcome(self) -> Outcome | None:
        """The result if cheaply known: ``outcome()`` or less (a result that only the
        lack of moves shows may be left out), or a result certain however play goes on
        (which the search then scores as the end). ``None`` while it is open. Never
        ``None`` where ``outcome()`` is known and a move list would not show the end."""


class KnownResults(ABC):
    """Positions whose result with best play is known without searching them (an
    endgame table), so that the search stops there with the exact value
    (``ai.context.SearchContext.settled_value``, below the root; the root's move comes
    from the game's known-move sources). Chess: Gaviota tables, where installed."""

    __slots__ = ()

    @abstractmethod
    def known_result(self) -> int | None:
        """The result with best play for the player to move, in plies to the end of the
        game: positive when the mover wins in that many, negative when it loses in that
        many, 0 for a draw; ``None`` when not known. Asked at every node, so it must be
        cheap where it answers ``None``."""


class ShortGame(ABC):
    """Knowledge of a game that is short and decided by immediate threats (Quarto):
    a move that wins at once, a move that loses at once, and how long the game can still
    last. The search scores a node with a winning move as won without searching its
    other moves, skips a move that loses at once while another remains, and with
    ``SearchOptions.solve_within`` searches a game that ends within that many plies
    straight to its end. For games whose players alternate and where no move ends the
    game with the mover's own loss."""

    __slots__ = ()

    @abstractmethod
    def winning_move(self) -> Move | None:
        """A legal move that ends the game at once with a win for the player to move, if
        the game can tell cheaply (Quarto: the piece in hand completes a line); ``None``
        when there is none or finding one costs as much as searching."""

    @abstractmethod
    def loses_at_once(self, move: Move) -> bool:
        """True when legal ``move`` lets the opponent win with their very next move and
        the game can tell cheaply (Quarto: a gift that completes a line); no other move
        is worse."""

    @abstractmethod
    def plies_left_at_most(self) -> int:
        """A bound on the plies the game can still last however it is played (Quarto:
        the empty squares); 0 at a finished game."""


class ChanceBounds(ABC):
    """Bounds on the utilities of a game with chance, for Star1/Star2 pruning of chance
    nodes in expectiminimax (Ballard): a chance node whose outcomes cannot lift its
    value back into the window is cut. Backgammon."""

    __slots__ = ()

    @abstractmethod
    def value_bound(self, decisions: int) -> float:
        """The largest absolute utility (in points) that any result or evaluation can
        reach from this state within ``decisions`` more decisions (backgammon: 3, times
        the cube doubled once a turn). Too small makes the search wrong; too large only
        prunes less."""


class Explanations(ABC):
    """A game's own words for what a move does, for the hint's explanation
    (``ai.explanation``): the interface says the search's verdict in the words every game
    shares ("forced: the only legal move", "wins in 3 moves", "the only move that does
    not lose", "best by the evaluation") and adds these. The search never asks them.
    Chess, Quarto, backgammon."""

    __slots__ = ()

    @abstractmethod
    def line_phrases(self, line: Sequence[Move]) -> Sequence[Phrase]:
        """What ``line[0]``, a legal move of the player to move here, and the line the
        search expects after it (``line[1:]``: legal moves of both players in turn up to
        the first chance node; possibly none) bring the mover, in the game's terms, most
        important first, at most a few: chess "wins the queen", "promotes to a queen";
        backgammon "hits a blot", "makes the 5 point", "the database says 83% to bear off
        first"; Quarto "every other piece gives the opponent a win". Only what the rules
        or the game's exact knowledge say happens along that line, never a judgement of
        who stands better (the search's score says that); empty when there is nothing to
        add. Each phrase's texts are among ``phrase_texts()``."""

    @abstractmethod
    def win_phrase(self, moves: int) -> Phrase | None:
        """How the game's players say that the player to move wins by force, the game
        ending with its ``moves``-th own move from here (1: this move ends it), when they
        say it their own way (chess: "gives checkmate", "mates in 2"); ``None`` for the
        words every game shares ("wins in 2 moves")."""

    @abstractmethod
    def phrase_texts(self) -> tuple[str, ...]:
        """Every English text (``Phrase.text`` and ``Phrase.plural``) that
        ``line_phrases`` and ``win_phrase`` can give, whatever the position: the
        interface's translations are checked against it."""


CAPABILITIES: tuple[type, ...] = (TacticalMoves, NullMove, Futility, TableKeys, Symmetries, Repetitions,
                                  HorizonOutcome, KnownResults, ShortGame, ChanceBounds, Explanations)
"""Every capability a game may offer, in the order of the module docstring's table."""


def capabilities_of(offerer: Game | State | type) -> tuple[type, ...]:
    """The capabilities (members of ``CAPABILITIES``, in that order) that a game declares:
    ``offerer`` is its ``Game`` (whose initial position's class is asked), one of its
    states, or the state class. ``Symmetries`` comes with ``TableKeys``. Raises
    ``TypeError`` naming them when the class leaves out a method of ``State`` or of a
    capability it declares (Python refuses such a class only when its ``__new__`` is
    ``object``'s; a state built on ``tuple`` would go unchecked)."""
    if isinstance(offerer, Game):
        offerer = offerer.initial_state()
    state_class = offerer if isinstance(offerer, type) else type(offerer)
    missing = sorted(getattr(state_class, "__abstractmethods__", ()))
    if missing:
        raise TypeError(f"{state_class.__name__} does not write {', '.join(missing)}: a state writes every "
                        f"method of State and of each capability it declares")
    return tuple(capability for capability in CAPABILITIES if issubclass(state_class, capability))
