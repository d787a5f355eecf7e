"""Small games defined for the search tests: one where a player may move twice in a row,
and one with dice (chance nodes)."""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from games.base import CHANCE, FIRST, SECOND, Game, InvalidPosition, Outcome, State, opponent


class NimState(tuple, State):
    """Extra-turn Nim: take 1, 2 or 3 stones; taking exactly 2 (and not the last) moves again.

    Whoever takes the last stone wins. State: (pile, mover, winner or -2 for none).
    """

    __slots__ = ()

    def __new__(cls, pile: int, mover: int, winner: int = -2) -> NimState:
        return tuple.__new__(cls, (pile, mover, winner))

    def to_move(self) -> int:
        return self[1]

    def legal_moves(self) -> list[int]:
        if self[0] == 0:
            return []
        return [take for take in (1, 2, 3) if take <= self[0]]

    def apply(self, move: int) -> NimState:
        pile, mover, _ = self
        pile -= move
        if pile == 0:
            return NimState(0, opponent(mover), mover)
        return NimState(pile, mover if move == 2 else opponent(mover))

    def outcome(self) -> Outcome | None:
        if self[0] == 0:
            return Outcome(self[2], "took the last stone")
        return None

    def move_to_text(self, move: int) -> str:
        return f"take{move}"

    def to_text(self) -> str:
        return f"{self[0]} {self[1]}"


class ExtraTurnNim(Game):
    """Extra-turn Nim from a pile of ``pile`` stones."""

    id = "extra-turn-nim"
    title = "Extra-turn Nim"
    player_names = ("A", "B")

    def __init__(self, pile: int = 12) -> None:
        self.pile = pile

    def initial_state(self) -> NimState:
        return NimState(self.pile, FIRST)

    def parse_position(self, text: str) -> NimState:
        try:
            pile, mover = (int(word) for word in text.split())
        except ValueError:
            raise InvalidPosition(text) from None
        return NimState(pile, mover)


def nim_evaluate(state: NimState, player: int) -> int:
    """A poor heuristic (piles that are multiples of 4 are bad for the mover in plain Nim)."""
    value = -30 if state[0] % 4 == 0 else 30
    return value if state.to_move() == player else -value


def nim_solve(state: NimState) -> int:
    """Exact engine-convention score of ``state`` for its mover, by brute force (max/min form)."""
    from ai.types import MATE

    @lru_cache(maxsize=None)
    def value(pile: int, mover: int, winner: int, ply: int, root: int) -> int:
        node = NimState(pile, mover, winner)
        if node.is_terminal():
            return MATE - ply if node.outcome().winner == root else ply - MATE
        children = [value(*node.apply(move), ply + 1, root) for move in node.legal_moves()]
        return max(children) if mover == root else min(children)

    return value(*state, 0, state.to_move())


# -- a dice game --------------------------------------------------------------------
ROLL, CHOOSE, GAMBLE = "roll", "choose", "gamble"


class DuelState(tuple, State):
    """Dice duel. Each turn: a die shows 1-3 (chance); the mover then banks the roll, or
    gambles (a fair coin: twice the roll, or nothing). A roll of 3 earns another turn.
    After ``turns`` turns in all, the higher score wins (equal: draw).

    Fields: (turns_left, mover, phase, roll, first_score, second_score).
    """

    __slots__ = ()

    def __new__(cls, turns_left: int, mover: int, phase: str, roll: int, first: int, second: int) -> DuelState:
        return tuple.__new__(cls, (turns_left, mover, phase, roll, first, second))

    def to_move(self) -> int:
        if self[0] == 0:
            return self[1]
        return self[1] if self[2] == CHOOSE else CHANCE

    def legal_moves(self) -> list[str]:
        if self[0] == 0:
            return []
        if self[2] == CHOOSE:
            return ["bank", "gamble"]
        return [outcome for outcome, _ in self.chance_outcomes()]

    def chance_outcomes(self) -> list[tuple[object, float]]:
        if self[2] == ROLL:
            return [(1, 1 / 3), (2, 1 / 3), (3, 1 / 3)]
        if self[2] == GAMBLE:
            return [("win", 0.5), ("lose", 0.5)]
        raise ValueError("not a chance node")

    def apply(self, move: object) -> DuelState:
        turns_left, mover, phase, roll, first, second = self
        if phase == ROLL:
            return DuelState(turns_left, mover, CHOOSE, move, first, second)
        if phase == CHOOSE and move == "gamble":
            return DuelState(turns_left, mover, GAMBLE, roll, first, second)
        gain = roll if move == "bank" else (2 * roll if move == "win" else 0)
        if mover == FIRST:
            first += gain
        else:
            second += gain
        next_mover = mover if roll == 3 else opponent(mover)
        return DuelState(turns_left - 1, next_mover, ROLL, 0, first, second)

    def outcome(self) -> Outcome | None:
        if self[0] > 0:
            return None
        first, second = self[4], self[5]
        if first == second:
            return Outcome(None, "equal scores")
        return Outcome(FIRST if first > second else SECOND, "higher score")

    def move_to_text(self, move: object) -> str:
        return str(move)

    def to_text(self) -> str:
        return " ".join(str(field) for field in self)


class DiceDuel(Game):
    """The dice duel of ``DuelState`` lasting ``turns`` turns."""

    id = "dice-duel"
    title = "Dice duel"
    player_names = ("A", "B")
    has_chance = True

    def __init__(self, turns: int = 4) -> None:
        self.turns = turns

    def initial_state(self) -> DuelState:
        return DuelState(self.turns, FIRST, ROLL, 0, 0, 0)

    def parse_position(self, text: str) -> DuelState:
        words = text.split()
        return DuelState(int(words[0]), int(words[1]), words[2], int(words[3]), int(words[4]), int(words[5]))


def duel_evaluate(state: DuelState, player: int) -> int:
    """Score lead in units of 100 from ``player``'s view."""
    lead = (state[4] - state[5]) * 100
    return lead if player == FIRST else -lead


def duel_value(state: DuelState, player: int) -> Fraction:
    """Exact expected utility of ``state`` for ``player`` under optimal play, with fractions."""

    @lru_cache(maxsize=None)
    def value(node: DuelState) -> Fraction:
        if node.is_terminal():
            return Fraction(node.utility(player)).limit_denominator()
        mover = node.to_move()
        if mover == CHANCE:
            total = Fraction(0)
            for outcome, probability in node.chance_outcomes():
                total += Fraction(probability).limit_denominator(100) * value(node.apply(outcome))
            return total
        children = [value(node.apply(move)) for move in node.legal_moves()]
        return max(children) if mover == player else min(children)

    return value(state)
