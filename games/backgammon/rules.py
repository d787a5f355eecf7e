"""Backgammon rules: money games, cubeless or with the doubling cube.

Fifteen checkers a side on 24 points. Each side counts the points from its own side:
it moves from its 24-point towards its 1-point, enters from the bar on the opponent's
home board (the entering point for a die ``d`` is the ``25 - d`` point) and bears off
from its home board (points 1-6). The first player is ``FIRST`` (White, X in gnubg),
the second ``SECOND``.

* The game starts with a chance node: each side rolls one die, ties are rolled again,
  and the higher die moves first with both numbers. Its outcomes are
  ``(high, low, player)`` for the 15 pairs of different numbers and either player,
  each with probability 1/30, written ``31-first`` or ``31-second``.
* After every turn a chance node rolls the next mover's dice: 21 outcomes ``(d1, d2)``
  with ``d1 >= d2``, doubles 1/36, the others 2/36.
* A turn (one move) plays the dice: both when possible, the larger when only one can be
  played, a double four times; checkers on the bar enter first; a single checker (a
  blot) landed on is hit and goes to the bar; bearing off needs every checker home, with
  the exact number or a higher one when no checker stands on a higher point. Turns are
  distinct by the position they lead to. When no die can be played the only move is the
  empty turn ``()``, written ``pass``.
* The game ends when one side has borne off all fifteen: 1 point, a gammon (2) if the
  loser has borne off none, a backgammon (3) if the loser also has a checker on the bar or
  in the winner's home board.

* With the doubling cube (``Cube``; the rule option ``cube``), a side whose turn starts
  and who owns the cube, or while it is centred, first chooses ``roll`` or ``double``;
  the opponent answers a double with ``take`` (the cube's value doubles and the taker
  owns it) or ``drop`` (the doubler wins the cube's value before the double). A game won
  scores its 1, 2 or 3 points times the cube's value; with the Jacoby rule (the rule
  option ``jacoby``) gammons and backgammons count one point while the cube has not been
  turned. No beavers, no Crawford rule (money games only).

A turn is a tuple of steps ``(from, to)`` in the mover's own point numbers, 25 being the
bar and 0 off: ``((8, 5), (6, 5))``. Its text for people is gnubg's: ``8/5 6/5``,
``bar/22``, ``6/off``, ``13/7(2)``, ``24/21*`` (a hit); in the engine protocol and saved
games the steps are joined by commas into one word (``8/5,6/5``). Input may use either,
may join a checker's steps (``24/16`` for 24/21/16) and may omit or add the ``*``.

Position text: gnubg's Position ID (14 characters: the side not on roll first, then the
side on roll), then the side on roll (``first``/``second``, or ``opening`` before the
opening roll) and the dice (``31``, or ``-`` when they are still to be rolled):
``4HPwATDgc/ABMA opening -`` is the start. With the cube, the words ``cube <value>
<centre|first|second>`` follow, then ``jacoby`` when that rule is on and the stage of
the turn's cube action when it is not the turn's start (``rolling``: no double, dice to
roll; ``offered``; ``dropped``): ``4HPwATDgc/ABMA opening - cube 1 centre``.
``PositionID:MatchID`` pasted from gnubg is read by ``Backgammon.parse_position`` too
(the side on roll, the dice and the cube from the Match ID).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from games.backgammon import explanation
from games.backgammon.cube_state import (DOUBLE, DROP, DROPPED, OFFERED, ROLL, ROLLING, STAGE_WORDS, TAKE,
                                         TURN_START, Cube)
from games.backgammon.notation import (BAR, CHECKERS, OFF, START, Board, boards_from_position_id, joined_steps,
                                       parse_segments, position_id)
from games.backgammon.position_text import read_position
from games.base import CHANCE, FIRST, SECOND, Game, IllegalMove, Move, Outcome, Phrase, RuleOption, State
from games.capabilities import ChanceBounds, Explanations

if TYPE_CHECKING:
    from games.setup import PositionEditor

__all__ = ["BAR", "CHECKERS", "DOUBLE", "DROP", "DROPPED", "OFF", "OFFERED", "ROLL", "ROLLING", "START", "TAKE",
           "TURN_START", "Backgammon", "BackgammonState", "Cube", "boards_from_position_id",
           "generate_turns", "in_contact", "next_steps", "position_id", "remaining_dice"]
NEXT_ROLLS = tuple(((high, low), (1 if high == low else 2) / 36) for high in range(1, 7) for low in range(1, high + 1))
"""The 21 distinct rolls with their probabilities."""
OPENING_ROLLS = tuple(((high, low, player), 1 / 30) for high in range(2, 7) for low in range(1, high)
                      for player in (FIRST, SECOND))
"""The opening roll: who moves first and with which two numbers."""


def in_contact(own: Board, opponent: Board) -> bool:
    """Whether some checker of one side still has to pass a checker of the other (each
    side in its own numbering); a race when not."""
    # Own point p faces the opponent's point 25 - p: contact if own_back + opponent_back > 25.
    return rearmost(own) + rearmost(opponent) > 25


def rearmost(board: Board) -> int:
    """The highest point (own numbering, 25 the bar) with a checker of ``board``; 0 if none."""
    for point in range(25, 0, -1):
        if board[point]:
            return point
    return 0


def _steps_of(own: list[int], opponent: list[int], die: int) -> list[int]:
    """The points (own numbering) a checker may leave with ``die``; see the module rules."""
    if own[BAR]:
        target = BAR - die
        return [BAR] if opponent[BAR - target] < 2 else []
    sources = []
    home_only = sum(own[7:26]) == 0
    highest = 0
    if home_only:
        for point in range(6, 0, -1):
            if own[point]:
                highest = point
                break
    for point in range(24, 0, -1):
        if not own[point]:
            continue
        target = point - die
        if target >= 1:
            if opponent[25 - target] < 2:
                sources.append(point)
        elif home_only and (target == 0 or point == highest):
            sources.append(point)
    return sources


def _play_step(own: list[int], opponent: list[int], point: int, die: int) -> tuple[int, bool]:
    """Move a checker from ``point`` by ``die`` (in place); the target and whether it hit."""
    own[point] -= 1
    target = point - die
    if target <= 0:
        own[OFF] += 1
        return OFF, False
    own[target] += 1
    if opponent[25 - target] == 1:
        opponent[25 - target] = 0
        opponent[BAR] += 1
        return target, True
    return target, False


def generate_turns(own: Board, opponent: Board, dice: tuple[int, int]) -> dict[tuple[Board, Board], tuple]:
    """Every legal turn for the side with checkers ``own`` (its own numbering) against
    ``opponent`` (the opponent's own numbering) with ``dice``: resulting ``(own,
    opponent)`` -> the steps of one turn that reaches it. Both dice when possible, the
    larger when only one can be played, four moves of a double; ``{(own, opponent): ()}``
    when nothing can be played."""
    high, low = max(dice), min(dice)
    orders = [(high,) * 4] if high == low else [(high, low), (low, high)]
    found: list[tuple[tuple[Board, Board], tuple, tuple[int, ...]]] = []

    def search(own_now: list[int], opponent_now: list[int], remaining: tuple[int, ...], steps: tuple,
               used: tuple[int, ...], ceiling: int) -> None:
        moved = False
        if remaining:
            die = remaining[0]
            for point in _steps_of(own_now, opponent_now, die):
                if point > ceiling:
                    continue
                own_next, opponent_next = list(own_now), list(opponent_now)
                target, _ = _play_step(own_next, opponent_next, point, die)
                moved = True
                search(own_next, opponent_next, remaining[1:], steps + ((point, target),), used + (die,),
                       point if high == low else BAR)
        if not moved:
            found.append(((tuple(own_now), tuple(opponent_now)), steps, used))

    # With a double, the steps of one turn can always be played from the highest point
    # down (the same steps in any order reach the same position, and an earlier step from
    # higher up never blocks a later one), so each step starts no higher than the last:
    # every result is still found, first by the same steps, with far fewer orders tried.
    for order in orders:
        search(list(own), list(opponent), order, (), (), BAR)
    most = max(len(used) for _, _, used in found)
    kept = [entry for entry in found if len(entry[2]) == most]
    if most == 1 and high != low and any(entry[2][0] == high for entry in kept):
        kept = [entry for entry in kept if entry[2][0] == high]
    results: dict[tuple[Board, Board], tuple] = {}
    for key, steps, _ in kept:
        results.setdefault(key, steps)
    return results


def _most_steps(own: list[int], opponent: list[int], remaining: tuple[int, ...]) -> int:
    """How many of the ``remaining`` dice (played in the order given) can still be used."""
    if not remaining:
        return 0
    best = 0
    for point in _steps_of(own, opponent, remaining[0]):
        own_next, opponent_next = list(own), list(opponent)
        _play_step(own_next, opponent_next, point, remaining[0])
        best = max(best, 1 + _most_steps(own_next, opponent_next, remaining[1:]))
        if best == len(remaining):
            break
    return best


def remaining_dice(state: BackgammonState, played: tuple) -> tuple[list[int], list[int], list[int]]:
    """After the steps ``played`` of the turn in progress: the dice still to play (a
    double counts four), and the mover's and the opponent's checkers (own numbering)."""
    mover = state.player
    own, opponent = list(state.checkers(mover)), list(state.checkers(1 - mover))
    dice = list(state.dice) * (2 if state.dice[0] == state.dice[1] else 1)
    for point, target in played:
        die = point - target if target != OFF else None
        if die is None or die not in dice:  # a bear-off with a higher die: the smallest that fits
            die = min(value for value in dice if value >= point)
        dice.remove(die)
        _play_step(own, opponent, point, die)
    return dice, own, opponent


def next_steps(state: BackgammonState, played: tuple) -> dict[tuple[int, int], int]:
    """For a turn being played step by step (a board view): the steps that may follow the
    steps ``played`` so far, ``(from, to) -> die``, so that the whole turn stays legal
    (as many dice as possible, the larger when only one can be played). Empty when the
    turn is complete or nothing can follow."""
    dice, own, opponent = remaining_dice(state, played)
    required = len(next(iter(state.turns().values())))
    if len(played) >= required:
        return {}
    high, low = max(state.dice), min(state.dice)
    options: dict[tuple[int, int], int] = {}
    for die in sorted(set(dice), reverse=True):
        rest = list(dice)
        rest.remove(die)
        for point in _steps_of(own, opponent, die):
            own_next, opponent_next = list(own), list(opponent)
            target, _ = _play_step(own_next, opponent_next, point, die)
            orders = [tuple(rest)] if len(set(rest)) <= 1 else [tuple(rest), tuple(reversed(rest))]
            can = max(_most_steps(own_next, opponent_next, order) for order in orders) if rest else 0
            if len(played) + 1 + can < required:
                continue
            if required == 1 and high != low and die != high and any(
                    _steps_of(own, opponent, high) for _ in (0,)):
                continue  # only one die can be played: the larger one when it can be
            options.setdefault((point, target), die)
    return options


class BackgammonState(tuple, State, ChanceBounds, Explanations):
    """A backgammon position: ``(first, second, player, dice, cube)``: each side's
    checkers in its own numbering (26 counts: 0 off, 1-24 points, 25 bar), the side on
    roll (``None`` before the opening roll), the dice (``()`` while they are to be
    rolled) and the ``Cube`` (``None`` in a cubeless game). Construct through
    ``Backgammon``; the constructor does not validate. Capabilities
    (``games.capabilities``): ``ChanceBounds``, for Star1/Star2 pruning, and
    ``Explanations`` for the hint (hits, points made, the bear-off database's chance,
    ``games.backgammon.explanation``)."""

    __slots__ = ()

    def __new__(cls, first: Board, second: Board, player: int | None, dice: tuple[int, ...],
                cube: Cube | None = None) -> BackgammonState:
        return tuple.__new__(cls, (first, second, player, dice, cube))

    def __reduce__(self) -> tuple:
        """Pickled as its fields (a helper process receives states: ``ai.outcome_helper``)."""
        return BackgammonState, tuple(self)

    @property
    def cube(self) -> Cube | None:
        """The doubling cube; ``None`` in a cubeless game."""
        return self[4]

    def value_bound(self, decisions: int) -> float:
        """3 points (a backgammon) without a cube; with one, 3 times its value doubled
        once for each turn that may start within ``decisions`` (a double offered is worth
        up to twice the cube to the side that must answer it)."""
        cube = self[4]
        if cube is None:
            return 3.0
        return 3.0 * cube.value * 2 ** (max(decisions, 0) + 1)

    def line_phrases(self, line: Sequence[Move]) -> list[Phrase]:
        """What the turn ``line[0]`` does (``games.backgammon.explanation``)."""
        return explanation.line_phrases(self, line)

    def win_phrase(self, moves: int) -> None:
        """The words every game shares."""
        return None

    def phrase_texts(self) -> tuple[str, ...]:
        """Every text ``line_phrases`` can give."""
        return explanation.PHRASE_TEXTS

    def awaits_cube_action(self) -> bool:
        """Whether a side must choose a cube action now: ``roll`` or ``double`` at the
        start of a turn it may double in, ``take`` or ``drop`` after a double."""
        return self[4] is not None and not self[3] and self.outcome() is None and self.to_move() != CHANCE

    def may_double(self) -> bool:
        """Whether the side on roll may double now: its turn starts, the dice are not
        rolled, the cube is in play and centred or its own."""
        cube = self[4]
        return (cube is not None and cube.stage == TURN_START and not self[3] and self[2] is not None
                and cube.owner in (None, self[2]) and self.outcome() is None)

    @property
    def player(self) -> int | None:
        """The side on roll (``None`` before the opening roll)."""
        return self[2]

    @property
    def dice(self) -> tuple[int, ...]:
        """The dice to play, high first; ``()`` when they are to be rolled."""
        return self[3]

    def checkers(self, player: int) -> Board:
        """``player``'s checkers in its own numbering (0 off, 1-24, 25 bar)."""
        return self[player]

    def pip_count(self, player: int) -> int:
        """The pips ``player`` still has to move (the bar counts 25)."""
        return sum(point * count for point, count in enumerate(self[player]))

    def to_move(self) -> int:
        """``CHANCE`` while the dice are to be rolled; else the side on roll, or the side
        answering a double. At the end: the loser (who would be next)."""
        result = self.outcome()
        if result is not None:
            return 1 - result.winner
        if self[3]:
            return self[2]
        cube = self[4]
        if cube is not None and self[2] is not None:
            if cube.stage == OFFERED:
                return 1 - self[2]
            if cube.stage == TURN_START and cube.owner in (None, self[2]):
                return self[2]
        return CHANCE

    def outcome(self) -> Outcome | None:
        """One side has borne off all its checkers: 1, 2 (gammon) or 3 (backgammon)
        points, times the cube's value (gammons count 1 under the Jacoby rule while the
        cube is unturned); or a double was dropped: the doubler wins the cube's value."""
        cube = self[4]
        if cube is not None and cube.stage == DROPPED:
            return Outcome(self[2], "double dropped", cube.value)
        if self[0][OFF] != CHECKERS and self[1][OFF] != CHECKERS:
            return None
        winner = FIRST if self[0][OFF] == CHECKERS else SECOND
        loser = self[1 - winner]
        if loser[OFF]:
            reason, points = "all checkers borne off", 1
        elif loser[BAR] or any(loser[point] for point in range(19, 25)):
            reason, points = "backgammon", 3
        else:
            reason, points = "gammon", 2
        if cube is not None:
            if cube.jacoby and cube.value == 1 and points > 1:
                reason, points = f"{reason}, counted single (Jacoby rule: the cube was not turned)", 1
            if cube.value > 1:
                reason, points = f"{reason}, cube at {cube.value}", points * cube.value
        return Outcome(winner, reason, points)

    def chance_outcomes(self) -> list[tuple[Move, float]]:
        """The opening roll's 30 outcomes before the game starts, else the 21 rolls."""
        if self.to_move() != CHANCE:
            raise ValueError("not a chance node")
        return list(OPENING_ROLLS if self[2] is None else NEXT_ROLLS)

    def turns(self) -> dict[tuple[Board, Board], tuple]:
        """The distinct legal turns: resulting (mover's, opponent's) checkers -> steps."""
        mover = self[2]
        return generate_turns(self[mover], self[1 - mover], self[3])

    def legal_moves(self) -> list:
        """The rolls at a chance node; ``[ROLL, DOUBLE]`` or ``[TAKE, DROP]`` at a cube
        action; else one turn (a tuple of steps) per distinct resulting position; ``[()]``
        when no die can be played; none at the end."""
        if self.outcome() is not None:
            return []
        if not self[3]:
            mover = self.to_move()
            if mover != CHANCE:
                return [TAKE, DROP] if self[4].stage == OFFERED else [ROLL, DOUBLE]
            return [outcome for outcome, _ in self.chance_outcomes()]
        return list(self.turns().values())

    def apply(self, move: Move) -> BackgammonState:
        """The position after a roll, a cube action or a turn. Does not check legality."""
        first, second, player, dice, cube = self
        if not dice:
            if isinstance(move, str):
                if move == ROLL:
                    return BackgammonState(first, second, player, (), cube._replace(stage=ROLLING))
                if move == DOUBLE:
                    return BackgammonState(first, second, player, (), cube._replace(stage=OFFERED))
                if move == TAKE:
                    return BackgammonState(first, second, player, (),
                                           Cube(cube.value * 2, 1 - player, ROLLING, cube.jacoby))
                return BackgammonState(first, second, player, (), cube._replace(stage=DROPPED))
            if len(move) == 3:
                return BackgammonState(first, second, move[2], (move[0], move[1]), cube)
            return BackgammonState(first, second, player, (max(move), min(move)), cube)
        own, opponent = list(self[player]), list(self[1 - player])
        for point, target in move:
            _play_step(own, opponent, point, point - target if target != OFF else point)
        boards = (tuple(own), tuple(opponent)) if player == FIRST else (tuple(opponent), tuple(own))
        if cube is not None and cube.stage != TURN_START:
            cube = cube._replace(stage=TURN_START)
        return BackgammonState(boards[0], boards[1], 1 - player, (), cube)

    def is_capture(self, move: Move) -> bool:
        """Whether the turn ``move`` hits: one of its steps lands on a single opposing
        checker (a blot), which goes to the bar. Rolls and cube actions never hit."""
        if not self[3] or isinstance(move, str) or not move:
            return False
        player = self[2]
        own, opponent = list(self[player]), list(self[1 - player])
        for point, target in move:
            if _play_step(own, opponent, point, point - target if target != OFF else point)[1]:
                return True
        return False

    # -- notation ----------------------------------------------------------------------------
    def move_to_text(self, move: Move) -> str:
        """The move as one word, for the engine protocol and saved games: a turn's steps
        joined by commas (``8/5,6/5``); see ``display_move``."""
        return self.display_move(move).replace(" ", ",")

    def display_move(self, move: Move) -> str:
        """A roll as ``31`` (the opening roll as ``31-first`` or ``31-second``: who starts);
        a turn in gnubg's notation, ``8/5 6/5``; a cube action as its word (``double``)."""
        if isinstance(move, str):
            return move
        if not self[3]:
            return f"{move[0]}{move[1]}" + (f"-{('first', 'second')[move[2]]}" if len(move) == 3 else "")
        if not move:
            return "pass"
        opponent = list(self[1 - self[2]])
        parts = []
        for point, target in move:
            hit = target != OFF and opponent[25 - target] == 1
            if hit:
                opponent[25 - target] = 0
            parts.append(f"{'bar' if point == BAR else point}/{'off' if target == OFF else target}{'*' if hit else ''}")
        counted: list[list] = []
        for part in parts:
            if counted and counted[-1][0] == part:
                counted[-1][1] += 1
            else:
                counted.append([part, 1])
        return " ".join(part if count == 1 else f"{part}({count})" for part, count in counted)

    def parse_move(self, text: str) -> Move:
        """A roll (``31``) at a chance node, else a turn in gnubg's notation; the steps may
        be in any order, a checker's steps may be joined (``24/16``), ``*`` is optional.
        ``IllegalMove`` saying why when the text is malformed or no legal turn matches."""
        written = text.strip().lower()
        if self.outcome() is not None:
            raise IllegalMove(f"the game is over; no move is legal ({text.strip()!r})")
        if not self[3] and self.to_move() != CHANCE:
            choices = self.legal_moves()
            word = {"pass": DROP, "no double": ROLL, "nodouble": ROLL, "accept": TAKE}.get(written, written)
            if word in choices:
                return word
            raise IllegalMove(f"{text.strip()!r}: the choice here is {choices[0]} or {choices[1]}")
        if not self[3]:
            compact = written.replace(" ", "").replace("-", "")
            for move in self.legal_moves():
                if self.move_to_text(move).replace("-", "") == compact:
                    return move
            if self[2] is None:
                raise IllegalMove(f"{text.strip()!r} is not an opening roll: two different digits, high first, "
                                  "and who starts, like 31-first")
            raise IllegalMove(f"{text.strip()!r} is not a roll here; a roll is two digits like 31")
        segments = parse_segments(written)
        moves = self.legal_moves()
        for move in moves:
            if sorted(move) == sorted(segments):
                return move
        joined = {self.apply(move): move for move in moves if joined_steps(move) == joined_steps(segments)}
        if len(joined) == 1:
            return next(iter(joined.values()))
        if len(joined) > 1:
            raise IllegalMove(f"{text.strip()!r} could be played more than one way: write each step "
                              "(like 24/21* 21/16)")
        if segments == [] and self.legal_moves() != [()]:
            raise IllegalMove("you must play your dice: 'pass' only when no die can be played")
        raise IllegalMove(f"{text.strip()!r} is not a legal way to play {self[3][0]}{self[3][1]} here")

    def board_text(self) -> str:
        """The position in words for a terminal: every occupied point in the first
        player's numbering (``6:B5`` = five Black checkers on White's 6-point), the bar,
        checkers off, pip counts, who is on roll and the dice."""
        first, second = self[0], self[1]
        cells = []
        for point in range(24, 0, -1):
            if first[point]:
                cells.append(f"{point}:W{first[point]}")
            elif second[25 - point]:
                cells.append(f"{point}:B{second[25 - point]}")
        lines = [
            "points (White's numbering): " + " ".join(cells),
            f"bar: W{first[BAR]} B{second[BAR]}   off: W{first[OFF]} B{second[OFF]}   "
            f"pips: W{self.pip_count(FIRST)} B{self.pip_count(SECOND)}",
        ]
        if self[4] is not None:
            owner = "centred" if self[4].owner is None else f"owned by {('White', 'Black')[self[4].owner]}"
            lines.append(f"cube: {self[4].value}, {owner}")
        if self[2] is None:
            lines.append("before the opening roll")
        elif self.outcome() is None:
            mover = ("White", "Black")[self[2]]
            if self[3]:
                lines.append(f"{mover} to play {self[3][0]}{self[3][1]}")
            elif self.to_move() == CHANCE:
                lines.append(f"{mover} to roll")
            elif self[4].stage == OFFERED:
                lines.append(f"{mover} doubles: {('White', 'Black')[1 - self[2]]} to take or drop")
            else:
                lines.append(f"{mover} to roll or double")
        return "\n".join(lines)

    def to_text(self) -> str:
        """Position ID, side on roll, dice: ``4HPwATDgc/ABMA opening -``."""
        player = self[2]
        on_roll = FIRST if player is None else player
        ident = position_id(self[1 - on_roll], self[on_roll])
        side = "opening" if player is None else ("first", "second")[player]
        dice = f"{self[3][0]}{self[3][1]}" if self[3] else "-"
        text = f"{ident} {side} {dice}"
        cube = self[4]
        if cube is not None:
            owner = "centre" if cube.owner is None else ("first", "second")[cube.owner]
            text += f" cube {cube.value} {owner}" + (" jacoby" if cube.jacoby else "")
            if cube.stage in STAGE_WORDS:
                text += " " + STAGE_WORDS[cube.stage]
        return text

    def __repr__(self) -> str:
        return f"BackgammonState({self.to_text()!r})"


class Backgammon(Game):
    """Backgammon, single games scored 1, 2 or 3 points; the dice are chance nodes."""

    id = "backgammon"
    title = "Backgammon"
    player_names = ("White", "Black")
    has_chance = True
    max_utility = 3.0
    can_draw = False
    result_reasons = ("all checkers borne off", "gammon", "backgammon", "double dropped")
    """The reasons' parts: with the cube ``", cube at N"`` and the Jacoby rule's
    ``", counted single (...)"`` follow them (see ``BackgammonState.outcome``)."""

    rule_options = (
        RuleOption("cube", "Doubling cube", "offer doubles, take or drop; a game scores its points times the cube",
                   default=True),
        RuleOption("jacoby", "Jacoby rule", "gammons count single until the cube has been turned",
                   requires="cube"),
    )

    def initial_state(self) -> BackgammonState:
        """The starting position before the opening roll, cubeless."""
        return BackgammonState(START, START, None, ())

    def _start(self, rules: dict[str, bool]) -> BackgammonState:
        """The starting position, with the cube centred at 1 when ``rules["cube"]``."""
        cube = Cube(jacoby=rules["jacoby"]) if rules["cube"] else None
        return BackgammonState(START, START, None, (), cube)

    def position_editor(self) -> PositionEditor:
        """Checkers on the points and the bar; the side on roll, the dice and the cube."""
        from games.backgammon.setup import BackgammonEditor  # the editor is built on these rules
        return BackgammonEditor()

    def parse_position(self, text: str) -> BackgammonState:
        """``<Position ID> <first|second|opening> <dice|-> [cube <value> <centre|first|
        second> [jacoby] [rolling|offered|dropped]]``, or gnubg's ``PositionID:MatchID``
        (the side on roll, the dice and the cube from the Match ID, see
        ``read_match_id``). ``InvalidPosition`` saying why (``games.backgammon.position_text``)."""
        return BackgammonState(*read_position(text))
