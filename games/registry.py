"""The games the application knows, with the game-specific knowledge the AI is given.

The search in ``ai/`` knows no game; everything game-specific it needs (the
evaluation, how a score maps to a win chance, what each strength level may do) is
collected here and injected by the caller.
"""
from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from games.base import Game, KnownMove, Move, State
from games.backgammon import cube as backgammon_cube
from games.backgammon import evaluation as backgammon_evaluation
from games.backgammon import neural as backgammon_neural
from games.backgammon import pubeval
from games.backgammon import screen as backgammon_screen
from games.backgammon.bearoff_layers import BearoffLayers
from games.backgammon.notation import ply_name
from games.backgammon.rules import Backgammon
from games.chess import basic_evaluation as chess_basic_evaluation
from games.chess import evaluation as chess_evaluation
from games.chess.book import book_move
from games.chess.openings import named_opening_along
from games.chess.game import Chess
from games.chess.tablebase import CHESS_TABLES, tablebase_move
from games.external_tables import ExternalTables
from games.level_ratings import LevelRatings, project_path, read_level_ratings
from games.quarto import evaluation as quarto_evaluation
from games.quarto.rules import Quarto
from games.retrograde import RetrogradeBuilder
from games.sum15 import evaluation as sum15_evaluation
from games.sum15.rules import Sum15
from games.tictactoe import evaluation as tictactoe_evaluation
from games.tictactoe.rules import TicTacToe


@dataclass(frozen=True)
class Level:
    """One strength level: the deepest search in plies (``None``: no limit), the size of
    the random error added to each heuristic evaluation (0: none; in the evaluation's
    centi-units, so 120 is 1.20 of the score shown in the engine panel), a short ``name``
    and a ``summary`` in words for people, whether it looks beyond its horizon
    through captures (``quiescence``, in games that have them; off, it misses exchanges),
    whether it plays from the game's opening book (``book``) and the chance that it plays
    a random move instead of the one it found (``random_moves``, 0..1: an oversight of
    something the search sees for certain) and, for games with dice, how many candidate
    moves are searched deeper (``candidates``, 0: all) and how far behind the best a
    candidate may be by the static look (``candidate_margin``, score units, 0: any), how many
    replies below the root (``inner_candidates``, 0: as many) and how many root moves
    iterations beyond 1-ply keep (``deepening_candidates`` within ``deepening_margin``; see
    ``ai.types.SearchOptions``: 1, and 2 within 0.04, make 2-ply in GNU Backgammon's
    manner), searched outcome by outcome when ``deepening_by_outcome``, with their last
    decisions screened to ``leaf_screen`` children (``SearchOptions.leaf_screen``). Errors make weak levels miss things, so students can beat them; exact game ends are never blurred by the evaluation errors.

    How much a level searches does not depend on the computer it runs on, except at the
    strongest level of a game whose tree is too big to solve:

    * ``nodes``: the node budget of one move (positions entered, quiescence included, as
      ``go nodes`` counts them; ``None``: none). A level with a depth cap or a node budget
      stops at whichever comes first and plays the deepest iteration it completed; the
      clock only caps the time (``ai.strength.level_limits``), so a slow computer plays
      the same moves, only slower, as long as the budget fits in the time.
    * ``solves``: a perfect level. A search of it that can reach the end of the game is
      never cut short by the time per move: in a game that does not say when it ends
      (``ShortGame``), every search (only for a game the search exhausts from any
      position, such as tic-tac-toe: at most about 10,000 nodes); in one that does (Quarto),
      once the game ends within ``SearchOptions.solve_within`` plies. Only a game clock
      about to run out (a Fischer control), or a stop, can cut it short.
    * A level with neither a depth cap nor a node budget (chess's and backgammon's
      Maximum; Quarto's Perfect until it can solve) uses its time: it searches as deep as
      the clock allows, so it plays better on a faster computer or with more time.

    ``late_move_pruning``: whether its search leaves the latest quiet moves near the
    horizon unsearched (``SearchOptions.late_move_pruning``; games with captures and
    checks). Off by default, so a level's node budget keeps the meaning it was measured
    with; chess's Maximum has it.

    ``evaluation``: the name of one of the game's ``GameEntry.evaluations`` that this
    level searches with (``None``: the game's own). Chess's levels 1 to 7 keep the basic
    evaluation they were rated with; Maximum has the full one."""

    depth: int | None
    noise: int = 0
    name: str = ""
    summary: str = ""
    quiescence: bool = True
    book: bool = True
    random_moves: float = 0.0
    candidates: int = 0
    candidate_margin: int = 0
    inner_candidates: int = 0
    deepening_candidates: int = 0
    deepening_margin: int = 0
    deepening_by_outcome: bool = False
    leaf_screen: int = 0
    nodes: int | None = None
    solves: bool = False
    late_move_pruning: bool = False
    evaluation: str | None = None

    def technical(self) -> str:
        """The detail behind the words: ``depth 2 plies, up to 1,000 nodes, evaluation errors up to ±0.60``."""
        depth = "no depth limit" if self.depth is None else \
            f"depth {self.depth} {'ply' if self.depth == 1 else 'plies'}"
        details = [depth]
        if self.nodes is not None:
            details.append(f"up to {self.nodes:,} nodes")
        if self.solves:
            details.append("exact once it sees the end of the game, whatever the time")
        elif self.depth is None and self.nodes is None:
            details.append("uses its time")
        if self.noise:
            details.append(f"evaluation errors up to \u00b1{self.noise / 100:.2f}")
        if not self.quiescence:
            details.append("no capture search beyond it")
        if self.random_moves:
            details.append(f"a random move {self.random_moves:.0%} of the time")
        if self.evaluation is not None:
            details.append(f"{self.evaluation} evaluation")
        return ", ".join(details)

    def describe(self) -> str:
        """Words first, detail second: ``Casual: makes a mistake now and then (depth 2 plies, ...)``."""
        words = f"{self.name}: {self.summary}" if self.name else self.summary
        return f"{words} ({self.technical()})" if words else self.technical()


@dataclass(frozen=True)
class NamedEvaluation:
    """One of the evaluations a game can be searched with, for comparing them (the search
    lab's "hand-made vs learned"): ``name`` is for people (made in ``games/``, so it is
    translated where shown, with ``tr_known``); ``evaluate`` and ``evaluate_batch`` keep
    the contracts of ``GameEntry``'s fields of the same names (integer, zero-sum, from
    ``player``'s point of view; the batch, when given, equal to ``evaluate`` on each state),
    ``screen_batch`` that of ``GameEntry.screen_batch`` for this evaluation."""

    name: str
    evaluate: Callable[[State, int], int]
    evaluate_batch: Callable[[Sequence[State], int], Sequence[int]] | None = None
    screen_batch: Callable[[Sequence[State], int], Sequence[int] | None] | None = None


@dataclass(frozen=True)
class GameEntry:
    """One playable game.

    ``evaluate(state, player)`` scores a non-terminal state from ``player``'s point of
    view (integer centi-units, well inside +-10000); ``win_chance(score)`` maps such a
    score to a probability 0..1 for the evaluation bar; ``levels[k - 1]`` is strength
    level ``k`` (the last is the strongest); ``known_moves`` are the game's sources of
    moves known without searching, asked in order at the root (endgame tables, the
    opening book; see ``games.base.KnownMove``); ``position_name(positions)`` names
    the last of a game's positions for people when it can (chess: the opening);
    ``external_engines`` are programs that play the game by the engine protocol and
    may be offered as opponents when installed (chess: Stockfish); ``baseline_players``
    are the game's yardstick players by name, each a function ``state -> move`` for a
    decision node (backgammon: Tesauro's pubeval), playable as ``match`` players (not yet
    offered in the menu); ``evaluation_source(state)`` names what judges a position
    for people and whether that judgement is exact (backgammon: ``("bear-off
    database", True)`` when both sides bear off, else the network's name and
    ``False``), or is ``None`` when the game has one evaluation and nothing exact;
    ``depth_name(depth)`` names a search depth as the game's players do (backgammon:
    depth 1 is "0-ply"), or is ``None`` for "depth N"; ``retrograde`` builds a database
    the game solves by retrograde analysis, for the lab to show layer by layer
    (``games.retrograde``; backgammon: the one-sided bear-off database).

    ``policy_move(state, root)`` is a decision the game makes by a fixed rule from its
    evaluation instead of by search (backgammon's cube actions, by Janowski's formulas):
    a ``KnownMove`` from that rule, or ``None`` at an ordinary decision; ``root`` asks for
    the decision the engine plays at its root, as careful as the game makes it
    (backgammon: two plies ahead), with its ``score`` and ``note`` (slower); without it, the
    quick rule that expectiminimax and rollouts pass through such nodes with, using no depth.
    ``evaluate_batch(states, player)`` is ``evaluate`` of several states at once, when the
    game has a faster way than one at a time (a neural network's batch); it must give
    the same values as ``evaluate`` on each. Both are ``None`` when the game has none.
    ``screen_batch(states, player)`` is a cheap estimate of the values of siblings (the
    children of one decision), good only to **rank** them, or ``None`` for a batch it
    does not judge: a level's ``leaf_screen`` evaluates only the best few it ranks at the
    last decisions of deep searches (backgammon's linear screen, ``games.backgammon.screen``;
    ``None``: the game has none, and every child is evaluated).

    ``evaluations`` names the evaluations a game can be searched with when it has more
    than one (backgammon: "learned", its networks, and "hand-made", the older formula over
    hand-made features), for the search lab to compare; the first is the game's own (the
    same ``evaluate`` and ``evaluate_batch`` as above, so the lab's usual comparison uses
    it), the others are alternatives. Empty for a game with one evaluation.

    ``level_ratings_file`` is the file of the levels' measured ratings (a path from the
    project's root; ``games.level_ratings`` says what it holds; chess: Elo against
    Stockfish, written by ``bench/chess_elo.py``), or ``None`` for a game whose levels
    are not rated; ``level_ratings()`` reads it.
    ``external_tables`` declares tables the game can read from folders the user names
    (``games.external_tables``; chess: Gaviota endgame tables), or is ``None``: the
    window offers a setting for their folder, the engine protocol an option
    (``ExternalTables.option_name``), and an engine built with
    ``SearchOptions.table_folders`` makes its process use them.
    ``with_evaluation(name)`` is the entry searched with another of them (its own screen,
    or none, replacing the entry's: a screen ranks for one evaluation); everything else
    (fixed-rule decisions such as backgammon's cube, the win chance, the levels) stays the
    game's own. The contract tests check every declared evaluation as they check
    ``evaluate``.
    """

    game: Game
    evaluate: Callable[[State, int], int]
    win_chance: Callable[[int], float]
    levels: tuple[Level, ...]
    known_moves: tuple[Callable[[State, random.Random], KnownMove | None], ...] = ()
    position_name: Callable[[Sequence[State]], str] | None = None
    external_engines: tuple[str, ...] = ()
    baseline_players: tuple[tuple[str, Callable[[State], Move]], ...] = ()
    evaluation_source: Callable[[State], tuple[str, bool]] | None = None
    depth_name: Callable[[int], str] | None = None
    retrograde: RetrogradeBuilder | None = None
    policy_move: Callable[[State, bool], KnownMove | None] | None = None
    evaluate_batch: Callable[[Sequence[State], int], Sequence[int]] | None = None
    screen_batch: Callable[[Sequence[State], int], Sequence[int] | None] | None = None
    evaluations: tuple[NamedEvaluation, ...] = ()
    level_ratings_file: str | None = None
    external_tables: ExternalTables | None = None

    @property
    def id(self) -> str:
        """The game's command-line name."""
        return self.game.id

    @property
    def max_level(self) -> int:
        """The strongest level (levels are numbered from 1)."""
        return len(self.levels)

    def level(self, number: int) -> Level:
        """Level ``number`` (1..max_level); ``ValueError`` naming the valid range otherwise."""
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= self.max_level:
            raise ValueError(f"level {number!r} is not one of 1..{self.max_level} for {self.game.title}")
        return self.levels[number - 1]

    def level_ratings(self) -> LevelRatings:
        """The levels' measured ratings, read from ``level_ratings_file`` now (none for a
        game without one); a file that cannot be used gives none and a ``problem``."""
        if self.level_ratings_file is None:
            return LevelRatings()
        return read_level_ratings(project_path(self.level_ratings_file), self.max_level)

    def with_evaluation(self, name: str) -> GameEntry:
        """This entry with the evaluation called ``name`` (one of ``evaluations``) in
        place of its own ``evaluate`` and ``evaluate_batch``, nothing else changed;
        ``ValueError`` naming the game's evaluations otherwise."""
        for evaluation in self.evaluations:
            if evaluation.name == name:
                return dataclasses.replace(self, evaluate=evaluation.evaluate,
                                           evaluate_batch=evaluation.evaluate_batch,
                                           screen_batch=evaluation.screen_batch)
        known = ", ".join(repr(evaluation.name) for evaluation in self.evaluations) or "none to choose from"
        raise ValueError(f"{self.game.title} has no evaluation {name!r} (its evaluations: {known})")


TIC_TAC_TOE_LEVELS = (
    Level(1, 120, "Beginner", "makes mistakes often"),
    Level(2, 60, "Casual", "makes a mistake now and then"),
    Level(3, 30, "Good", "rarely makes a mistake"),
    Level(5, 0, "Strong", "no deliberate mistakes, but looks only 5 turns ahead"),
    Level(None, 0, "Perfect", "never loses", solves=True),
)
"""The levels of tic-tac-toe and of Sum-15 (the same game on the magic square). Their
depth caps alone bound their effort (a few thousand nodes at most), and the perfect
level searches to the end of the game whatever the time. The start costs the most:
with PVS, iterative deepening and the table 7,630 nodes, 9,563 with the root moves in a
fresh random order each iteration as the window plays them (the most over five seeds;
alpha-beta 6,643, negamax 8,655; minimax 1,290,114, a few seconds), so a busy computer
makes it slower, never weaker."""

CHESS_BASIC = "basic"
"""The name of chess's basic evaluation (``games.chess.basic_evaluation``), which levels 1
to 7 search with."""

CHESS_LEVELS = (
    Level(1, 50, "Beginner", "grabs material without looking at your reply", quiescence=False, book=False,
          evaluation=CHESS_BASIC),
    Level(2, 50, "Novice", "sees your reply, but misses exchanges", quiescence=False, book=False, nodes=500,
          evaluation=CHESS_BASIC),
    Level(2, 30, "Casual", "sees exchanges, errs now and then", nodes=300, evaluation=CHESS_BASIC),
    Level(3, 20, "Club", "solid, but short-sighted", nodes=600, evaluation=CHESS_BASIC),
    Level(4, 10, "Good", "rarely errs, looks up to 4 turns ahead", nodes=1_200, evaluation=CHESS_BASIC),
    Level(5, 0, "Strong", "no deliberate mistakes, looks up to 5 turns ahead", nodes=2_500, evaluation=CHESS_BASIC),
    Level(6, 0, "Expert", "looks up to 6 turns ahead", nodes=5_000, evaluation=CHESS_BASIC),
    Level(None, 0, "Maximum", "as deep as its time allows, and judges mobility and king safety",
          late_move_pruning=True),
)
"""Chess's levels. Below Maximum each is its search effort (a depth cap and a node
budget, whichever comes first) and its errors, so it plays the same moves on any
computer; the budgets are small enough to finish well within a second a move on a
computer whose every core is taken. Measured through ``main.py engine`` on 44 positions
(``bench/chess_speed.py``'s and every 12th of Win At Chess), 2026-11-26: ``go nodes N``
takes at worst 0.16 s for 1,000 nodes, 0.35 s for 2,000, 0.50 s for 3,000 and 0.77 s
for 5,000 with two busy processes beside it on our two cores (and a training run at low
priority: the engine got about a third of a core, 5,400-10,000 nodes a second); idle it
does about 20,000 nodes a second (measured before the copy-make of commit 466c85b, which
made a node about a third cheaper). The nodes each depth cap needs on those positions
(median / 90th percentile): depth 1 without captures 44 / 60, depth 2 without 317 /
561, depth 2 with 1,388 / 3,448, depth 3 2,986 / 8,242, depth 4 6,561 / 24,201, depth
5 17,052 / 78,728, depth 6 41,256 / 199,671: from level 3 up, the budget usually
decides first (level 3's often right after its first ply and captures), and each budget
is about twice the one below. Levels 1 to 7 search with the basic evaluation they were
rated with (``games.chess.basic_evaluation``: material, placement, pawns, the bishop pair,
rooks on files); Maximum with the full one (mobility and king safety as well: over 40
games against Stockfish at ``UCI_Elo`` 1800 it scored 58.8% where the basic one scored
42.5%, ``bench/RESULTS.md``). The
ladder with these budgets and no clock that binds (``bench/chess_levels.py 20 2.0 2 7``
and ``bench/chess_levels.py 100 2.0 5 6``, 2026-11-26): each level beat the one below,
19.5/20, 17.5/20, 14.5/20, 73.5/100 and 17/20 from level 3 up (level 2 beat level 1
20/20 before). Maximum uses the clock."""

QUARTO_LEVELS = (
    Level(1, 300, "Beginner", "gives away winning pieces now and then", random_moves=0.2),
    Level(1, 150, "Casual", "never hands over a win it can see, but looks one turn ahead"),
    Level(2, 40, "Good", "looks two turns ahead, errs a little", nodes=10_000),
    Level(3, 0, "Strong", "no deliberate mistakes, looks three turns ahead", nodes=10_000),
    Level(None, 0, "Perfect", "perfect from 9 empty squares on (searches to the end); before, uses its time",
          solves=True),
)
"""Quarto's levels. One turn ahead is a few hundred nodes at most; two and three turns
ahead took at most 4,983 and 1,869 nodes on 40 positions from greedy play (16 to 8 empty
squares), so their budgets of 10,000 only guard the time. Perfect searches as deep as its time allows
until the game ends within ``SearchOptions.solve_within`` (9) plies, then to the end
whatever the time (from 9 empty squares: a median of 9,329 nodes, about a second, at
worst about 4 s idle, ``bench/RESULTS.md``)."""

GAMES: dict[str, GameEntry] = {
    "tictactoe": GameEntry(
        game=TicTacToe(),
        evaluate=tictactoe_evaluation.evaluate,
        win_chance=tictactoe_evaluation.win_chance,
        levels=TIC_TAC_TOE_LEVELS,
    ),
    "chess": GameEntry(
        game=Chess(),
        evaluate=chess_evaluation.evaluate,
        win_chance=chess_evaluation.win_chance,
        levels=CHESS_LEVELS,
        known_moves=(tablebase_move, book_move),
        position_name=lambda positions: " ".join(named_opening_along(positions) or ()),
        external_engines=("stockfish",),
        evaluations=(
            NamedEvaluation("full", chess_evaluation.evaluate),
            NamedEvaluation(CHESS_BASIC, chess_basic_evaluation.evaluate),
        ),
        level_ratings_file="games/chess/level_ratings.json",
        external_tables=CHESS_TABLES,
    ),
    "quarto": GameEntry(
        game=Quarto(),
        evaluate=quarto_evaluation.evaluate,
        win_chance=quarto_evaluation.win_chance,
        levels=QUARTO_LEVELS,
    ),
    "backgammon": GameEntry(
        game=Backgammon(),
        evaluate=backgammon_cube.evaluate,
        win_chance=backgammon_evaluation.win_chance,
        levels=(
            Level(1, 300, "Beginner", "misjudges positions often (errors up to 0.3 points)"),
            Level(1, 100, "Casual", "judges each of its moves, sometimes wrongly"),
            Level(1, 0, "Good", "picks the move its evaluation likes best (0-ply)"),
            Level(2, 0, "Strong", "also averages over every roll of your reply (1-ply)", candidates=8,
                  candidate_margin=160),
            Level(None, 0, "Maximum", "as Strong, then 2-ply on its best two moves as far as its time allows",
                  candidates=8, candidate_margin=160, inner_candidates=1, deepening_candidates=2,
                  deepening_margin=40, deepening_by_outcome=True, leaf_screen=8),
        ),
        baseline_players=(("pubeval", pubeval.best_move),),
        evaluation_source=backgammon_neural.evaluation_source,
        depth_name=ply_name,
        retrograde=BearoffLayers,
        policy_move=backgammon_cube.policy_move,
        evaluate_batch=backgammon_cube.evaluate_batch,
        screen_batch=backgammon_screen.screen_batch,
        evaluations=(
            NamedEvaluation("learned", backgammon_cube.evaluate, backgammon_cube.evaluate_batch,
                            backgammon_screen.screen_batch),
            NamedEvaluation("hand-made", partial(backgammon_cube.evaluate, probabilities=backgammon_cube.HAND_MADE),
                            partial(backgammon_cube.evaluate_batch, probabilities=backgammon_cube.HAND_MADE)),
        ),
    ),
    "sum15": GameEntry(
        game=Sum15(),
        evaluate=sum15_evaluation.evaluate,
        win_chance=sum15_evaluation.win_chance,
        levels=TIC_TAC_TOE_LEVELS,  # Sum-15 is tic-tac-toe on the magic square: the same levels fit
    ),
}
"""Every game by id, in menu order."""


def get_game(game_id: str) -> GameEntry:
    """The entry for ``game_id``; ``KeyError`` with the known ids if there is none."""
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(GAMES)
        raise KeyError(f"unknown game {game_id!r}; known games: {known}") from None
