"""Why a hint's move: what its search found, as facts that the interface puts in words.

``explain`` reads a finished search (``SearchResult``) of a position and returns an
``Explanation``: one verdict and what backs it, never more than the search showed.

=============  ==============================================================================
verdict        when
=============  ==============================================================================
``forced``     the move is the only legal one
``book``       the move comes from the opening book (no search)
``rule``       the game decided it by a fixed rule (backgammon's cube; its ``note`` says why)
``win``        the move wins by force: the search proved it (a score of "win in N plies"), an
               endgame table says so, or the move ends the game with a win; ``moves`` counts
               the mover's own moves to the end (1: this one); ``only`` when the runner-up
               (``SearchResult.runner_up``) is proven not to win (it loses by force, or its
               search reached the end of every line)
``draw``       a proven draw (the whole tree searched, or a table), in a game without chance;
               ``only`` when the runner-up loses by force: the only move that keeps the draw
``loss``       every move loses by force; this one lasts longest, ``moves`` being the
               opponent's moves to the end
``saves``      the score is the evaluation's, but the runner-up loses by force: the only move
               that does not lose
``best``       the best by the evaluation (``score``), with the expected ``line``
``unsearched`` no iteration completed: the search's fallback move, nothing proven
=============  ==============================================================================

Besides the verdict: the expected line (the principal variation from the move, cut
before the first chance node), the runner-up and its score when the search has them
(``SearchOptions.runner_up``; the candidate list in a game with chance), and the game's
own words when its state class offers ``games.capabilities.Explanations``: phrases for
what the line brings ("wins the queen", "makes the 5 point") and its way of saying a
forced win ("mates in 2"). No pygame, no language: ``ui.hint_texts`` words it.
"""
from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from ai.types import MATE_BOUND, Score, SearchInfo, SearchResult
from games.base import CHANCE, Phrase, State
from games.capabilities import Explanations, capabilities_of

FORCED, BOOK, RULE, WIN, DRAW, LOSS, SAVES, BEST, UNSEARCHED = (
    "forced", "book", "rule", "win", "draw", "loss", "saves", "best", "unsearched")
VERDICTS = (FORCED, BOOK, RULE, WIN, DRAW, LOSS, SAVES, BEST, UNSEARCHED)
"""Every verdict, in the order of the module docstring's table."""


@dataclass(frozen=True)
class Explanation:
    """Why ``move`` (see the module docstring): ``verdict`` (one of ``VERDICTS``);
    ``source`` is "search" or where a move known without searching came from ("book",
    "tablebase", a rule's name such as "cube"); ``moves`` the moves to the end of a
    ``win`` (the mover's) or ``loss`` (the opponent's), else 0; ``only`` as the table
    says; ``score`` the move's score from the mover's point of view (``None`` for a
    book move or an unsearched one); ``depth`` the plies searched (0 without a search);
    ``line`` the expected line, ``move`` first; ``runner_up`` the best other move and
    ``runner_up_score`` its score (mover's point of view), when known; ``phrases`` the
    game's words for what the line brings and ``win_phrase`` its words for the forced
    win (``None``: the shared words); ``note`` a fixed-rule decision's reason."""

    move: Hashable
    verdict: str
    source: str = "search"
    moves: int = 0
    only: bool = False
    score: Score | None = None
    depth: int = 0
    line: tuple[Hashable, ...] = ()
    runner_up: Hashable | None = None
    runner_up_score: Score | None = None
    phrases: tuple[Phrase, ...] = ()
    win_phrase: Phrase | None = None
    note: str = ""


def explain(state: State, result: SearchResult, has_chance: bool = False) -> Explanation:
    """The explanation of ``result``, a finished search of ``state`` (a position with a
    player to move) whose move is legal there; ``has_chance``: the game has chance nodes
    (no draw is proven there, and its scores are equities). Asks the game for its words
    when it offers ``Explanations``; a game's phrase that fails is left out, never
    fatal. Does not search."""
    move = result.move
    info = result.info
    principal = info.pv if info is not None and info.best_move == move else (move,)
    line = expected_line(state, principal)
    second = result.runner_up
    runner_up = second.best_move if second is not None else None
    runner_up_score = second.score if second is not None else None
    common = {"line": line, "runner_up": runner_up, "runner_up_score": runner_up_score,
              "phrases": _phrases(state, line), "depth": info.depth if info is not None else 0,
              "source": info.source if info is not None else "search"}
    if len(state.legal_moves()) == 1:
        return Explanation(move, FORCED, score=info.score if info is not None else None, **common)
    mover = state.to_move()
    ending = state.apply(move).outcome()
    if ending is not None and ending.winner == mover:
        return Explanation(move, WIN, moves=1, only=_alone_in_winning(second),
                           score=info.score if info is not None else None, win_phrase=_win_phrase(state, 1), **common)
    if info is None:
        return Explanation(move, UNSEARCHED, **common)
    if info.source == "book":
        return Explanation(move, BOOK, **common)
    score = info.score
    plies = score.plies_to_end
    proven = plies is not None or (info.exact and not has_chance)
    if info.source != "search" and not proven:
        return Explanation(move, RULE, score=score, note=info.note, **common)
    if plies is not None and plies > 0:
        moves = abs(score.mate_moves or 1)
        return Explanation(move, WIN, moves=moves, only=_alone_in_winning(second), score=score,
                           win_phrase=_win_phrase(state, moves), **common)
    if plies is not None:
        return Explanation(move, LOSS, moves=abs(score.mate_moves or 1), score=score, **common)
    loses = runner_up_score is not None and runner_up_score.value <= -MATE_BOUND
    if proven and score.value == 0:
        return Explanation(move, DRAW, only=loses, score=score, **common)
    return Explanation(move, SAVES if loses else BEST, score=score, **common)


def expected_line(state: State, moves: tuple[Hashable, ...]) -> tuple[Hashable, ...]:
    """``moves`` played from ``state`` as far as each is legal and before the first chance
    node or the end of the game (a line the game's phrases can follow)."""
    line = []
    position = state
    for move in moves:
        if position.is_terminal() or position.to_move() == CHANCE or move not in position.legal_moves():
            break
        line.append(move)
        position = position.apply(move)
    return tuple(line)


def _alone_in_winning(second: SearchInfo | None) -> bool:
    """Whether the runner-up ``second`` (``None``: unknown) shows the move to be the only
    winning one: it loses by force, or its search met no horizon (``exact``) and found no
    win. (A runner-up searched only as deep as a quick win needs may win later.)"""
    if second is None:
        return False
    return second.score.value <= -MATE_BOUND or (second.exact and second.score.value < MATE_BOUND)


def _phrases(state: State, line: tuple[Hashable, ...]) -> tuple[Phrase, ...]:
    """The game's phrases for ``line`` (none when it does not offer them, or fails)."""
    if not line or Explanations not in capabilities_of(state):
        return ()
    try:
        return tuple(state.line_phrases(line))
    except Exception:  # a game's words are a nicety: never worth a failed hint
        return ()


def _win_phrase(state: State, moves: int) -> Phrase | None:
    """The game's words for a forced win with the mover's ``moves``-th move, if it has its own."""
    if Explanations not in capabilities_of(state):
        return None
    try:
        return state.win_phrase(moves)
    except Exception:  # as above
        return None
