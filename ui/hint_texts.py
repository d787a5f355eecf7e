"""The hint's explanation in words: what its search found (``ai.explanation``), said in
one short sentence in the interface's language, and a few more lines for the engine
panel. No pygame here.

The sentence puts the search's verdict in the words every game shares ("forced: the
only legal move", "wins in 3 moves", "the only move that does not lose", "the only move
that keeps the draw", "best by the evaluation (+0.35), expecting e4 e5 Nf3") and adds the game's
own phrases ("wins the queen", "makes the 5 point", "the database says 83% to bear off
first"; a game's way of saying a forced win, "mates in 2", replaces the shared words).
Nothing is said that the explanation does not hold: no runner-up, no "only".
"""
from __future__ import annotations

from ai.explanation import BEST, BOOK, DRAW, FORCED, LOSS, RULE, SAVES, UNSEARCHED, WIN, Explanation
from games.base import Phrase, State
from ui.game_texts import score_text
from ui.i18n import format_number, mark, tr, tr_known, tr_plural
from ui.search_control import display_line

SHOWN_PHRASES = 2
"""At most this many of the game's phrases go into the sentence (the most important first)."""
SHORT_LINE = 4
"""The moves of the expected line the sentence quotes (the engine panel shows all of it)."""
SOURCE_NAMES = {"tablebase": mark("from the endgame tables")}
"""Where a move known without searching came from, for people (another source: "from"
and its name)."""


def phrase_text(phrase: Phrase) -> str:
    """A game's ``phrase`` in the current language (its English text if the table has no
    entry, or one whose fields do not match): ``{count}`` and int fields with the
    language's separators, float fields as percentages, text fields translated when the
    table knows them (a piece's name) and else as they are (a point's number)."""
    values: dict[str, str] = {}
    if phrase.count is not None:
        values["count"] = format_number(phrase.count, ",")
    for name, value in phrase.fields:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            values[name] = tr_known(str(value))
        elif isinstance(value, int):
            values[name] = format_number(value, ",")
        else:
            values[name] = format_number(value, ".0%")
    english = phrase.template
    try:
        return tr_known(english).format(**values)
    except (KeyError, IndexError, ValueError):
        try:
            return english.format(**values)
        except (KeyError, IndexError, ValueError):
            return english


def hint_sentence(explanation: Explanation, state: State, unit: int = 100) -> str:
    """What the status line shows when a hint arrives: ``Hint: Qxf7+ — mates in 2``.
    ``state`` is the searched position (moves are written as its players write them),
    ``unit`` what a score of 1.00 is (``ui.game_texts.score_unit``)."""
    return hint_sentences(explanation, state, unit)[0]


def hint_sentences(explanation: Explanation, state: State, unit: int = 100) -> list[str]:
    """``hint_sentence`` and its shorter forms, longest first, for a status line too
    narrow for it: without the expected line, with one of the game's phrases, that
    phrase alone (for a verdict of the evaluation: what the move does says more), the
    verdict alone. The engine panel says all of it."""
    move = state.display_move(explanation.move)
    forms = [explanation_text(explanation, state, unit, with_line, phrases)
             for with_line, phrases in ((True, SHOWN_PHRASES), (False, SHOWN_PHRASES), (False, 1))]
    if explanation.verdict == BEST and explanation.phrases:  # what the move does says more than "best"
        forms.append(explanation_text(explanation, state, unit, False, 1, with_verdict=False))
    forms.append(explanation_text(explanation, state, unit, False, 0))
    return [tr("Hint: {move} \u2014 {explanation}", move=move, explanation=form) for form in dict.fromkeys(forms)]


def explanation_text(explanation: Explanation, state: State, unit: int = 100, with_line: bool = True,
                     phrases: int = SHOWN_PHRASES, with_verdict: bool = True) -> str:
    """The explanation as one sentence without the move: the verdict and (at most
    ``phrases`` of) the game's phrases, joined by semicolons (see the module docstring);
    ``with_line``: a verdict of the evaluation quotes the start of the expected line;
    without ``with_verdict``, the phrases alone (a short form when there are some)."""
    verdict = explanation.verdict
    clauses = [_verdict_text(explanation, state, unit, with_line)] if with_verdict else []
    if verdict not in (LOSS, BOOK, UNSEARCHED) and not (verdict == WIN and explanation.moves == 1):
        # (a loss needs no more words, a book move has no line, a move that wins at once is all there is)
        said = [phrase_text(phrase) for phrase in explanation.phrases[:phrases]]
        clauses = [*said, *clauses] if verdict == BEST else [*clauses, *said]
    if verdict == WIN and explanation.only:
        clauses.append(tr("the only winning move"))
    source = explanation.source
    if source not in ("search", "book") and verdict != RULE:
        clauses.append(tr(SOURCE_NAMES[source]) if source in SOURCE_NAMES else tr("from {source}", source=source))
    return "; ".join(clause for clause in clauses if clause)


def _verdict_text(explanation: Explanation, state: State, unit: int, with_line: bool) -> str:
    """The verdict in the words every game shares (or the game's own for a forced win)."""
    verdict = explanation.verdict
    if verdict == FORCED:
        return tr("forced: the only legal move")
    if verdict == BOOK:
        return tr("a move of the opening book")
    if verdict == RULE:
        return tr_known(explanation.note) if explanation.note else \
            tr("decided by the game's {rule} rule", rule=explanation.source)
    if verdict == WIN:
        if explanation.win_phrase is not None:
            return phrase_text(explanation.win_phrase)
        return tr_plural(explanation.moves, "wins at once", "wins in {count} moves")
    if verdict == LOSS:
        return tr_plural(explanation.moves, "every move loses; this one lasts longest (lost at the next move)",
                         "every move loses; this one lasts longest (lost in {count} moves)")
    if verdict == DRAW:
        return tr("the only move that keeps the draw") if explanation.only else tr("draws with best play")
    if verdict == SAVES:
        return tr("the only move that does not lose")
    if verdict == UNSEARCHED:
        return tr("a first guess: the search had no time to finish a depth")
    score = score_text(explanation.score, unit) if explanation.score is not None else "?"
    line = display_line(state, explanation.line) if with_line else []
    if len(line) > 1:
        shown = " ".join(line[:SHORT_LINE]) + (" \u2026" if len(line) > SHORT_LINE else "")
        return tr("best by the evaluation ({score}), expecting {line}", score=score, line=shown)
    return tr("best by the evaluation ({score})", score=score)


def hint_details(explanation: Explanation, state: State, unit: int = 100) -> list[str]:
    """The engine panel's lines about a finished hint: the sentence, then the whole
    expected line and the runner-up with its score when the search has them."""
    lines = [tr("Why {move}: {explanation}", move=state.display_move(explanation.move),
                explanation=explanation_text(explanation, state, unit, with_line=False))]
    line = display_line(state, explanation.line)
    if len(line) > 1:
        lines.append(tr("Expected line: {line}", line=" ".join(line)))
    if explanation.runner_up is not None and explanation.runner_up_score is not None and \
            explanation.runner_up in state.legal_moves():
        lines.append(tr("Next best: {move} ({score})", move=state.display_move(explanation.runner_up),
                        score=score_text(explanation.runner_up_score, unit)))
    return lines
