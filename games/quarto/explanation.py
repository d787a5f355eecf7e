"""Quarto's own words for a hint (``games.capabilities.Explanations``): the gifts a turn
avoids.

A Quarto turn places the piece in hand and gives the opponent a piece. A gift that
completes a line after the placement lets the opponent win at once; the rules tell
which gifts do (``QuartoState.loses_at_once``), so a hint can say that every other
piece, or how many others, would have lost at once. A win on the board and every
longer threat are the search's to say ("wins at once", "the only move that does not
lose").
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from games.base import Phrase
from games.quarto.board import NONE

if TYPE_CHECKING:
    from games.quarto.rules import QuartoState

EVERY_OTHER_GIFT_LOSES = "every other piece gives the opponent a win"
AVOIDS_LOSING_GIFTS = ("avoids the one piece that gives the opponent a win",
                       "avoids {count} pieces that give the opponent a win")
PHRASE_TEXTS = (EVERY_OTHER_GIFT_LOSES, *AVOIDS_LOSING_GIFTS)
"""Every text a Quarto phrase can have (``Explanations.phrase_texts``)."""


def line_phrases(state: QuartoState, line: Sequence[int]) -> list[Phrase]:
    """What the gift of ``line[0]`` (a legal move of ``state``) avoids: "every other piece
    gives the opponent a win" (at once: placed, it completes a line) when each other
    piece of the pool would after this placement, else how many would; nothing for a gift that loses at once itself,
    a turn that gives nothing (it ends the game) or the first turn (nothing is on the
    board)."""
    if not line:
        return []
    move = line[0]
    square, gift = move >> 5, move & 31
    if square == NONE or gift == NONE or state.loses_at_once(move):
        return []
    others = [piece for piece in state.pool() if piece != gift]
    losing = sum(state.loses_at_once(square << 5 | piece) for piece in others)
    if not losing:
        return []
    if losing == len(others):
        return [Phrase(EVERY_OTHER_GIFT_LOSES)]
    return [Phrase(AVOIDS_LOSING_GIFTS[0], AVOIDS_LOSING_GIFTS[1], count=losing)]
