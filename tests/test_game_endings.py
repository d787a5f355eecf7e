"""GameEndings is a part on its own: it ends a game it reads through ``EndedGame`` (a
stand-in here, not a session) with the ``finish`` it is given."""
from __future__ import annotations

from dataclasses import dataclass, field

from ai.clock import TimeControl
from ai.types import Algorithm, Score
from games.base import Outcome
from games.registry import GameEntry, get_game
from ui.game_endings import GameEndings
from ui.game_record import Evaluation, GameRecord
from ui.player_settings import PlayerSettings

PERSON = PlayerSettings("human", 1, Algorithm.ALPHABETA, TimeControl.unlimited())
COMPUTER = PlayerSettings("ai", 1, Algorithm.ALPHABETA, TimeControl.unlimited())
REPEATING = ("Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8")
"""Chess moves that repeat the start a third time."""


@dataclass
class StandInGame:
    """The little ``GameEndings`` reads; ``finished`` collects what it ends the game with."""

    entry: GameEntry
    players: tuple[PlayerSettings, PlayerSettings]
    record: GameRecord
    view_index: int | None = None
    finished: list[Outcome] = field(default_factory=list)

    @property
    def humans(self) -> list[int]:
        return [side for side in (0, 1) if not self.players[side].is_ai]

    def human_to_move(self) -> bool:
        return self.record.result is None and not self.players[self.record.state.to_move()].is_ai

    def finish(self, outcome: Outcome) -> None:
        self.finished.append(outcome)
        self.record.forced_result = outcome


def chess_game(players, sans=()) -> tuple[StandInGame, GameEndings]:
    entry = get_game("chess")
    record = GameRecord(entry.game.initial_state())
    for san in sans:
        record.push(record.state.parse_move(san), record.state.to_move(), (None, None))
    game = StandInGame(entry, players, record)
    return game, GameEndings(game, game.finish)


def test_a_person_resigns_once_and_only_a_person_can():
    game, endings = chess_game((COMPUTER, PERSON))  # White (the computer) is to move: the person still may
    assert endings.resign() is None
    assert game.finished == [Outcome(0, "resignation")]
    assert endings.resign() == "The game is over." and len(game.finished) == 1
    _, computers_only = chess_game((COMPUTER, COMPUTER))
    assert computers_only.resign() == "Only a person can resign."


def test_a_repetition_is_claimed_by_the_person_to_move_at_the_live_position_only():
    game, endings = chess_game((PERSON, PERSON), REPEATING[:6])
    assert endings.draw_claim() == "" and endings.claim_draw() == "There is no draw to claim in this position."
    game, endings = chess_game((PERSON, PERSON), REPEATING)
    game.view_index = 3
    assert endings.draw_claim() == ""
    game.view_index = None
    assert endings.draw_claim() == "threefold repetition"
    assert endings.claim_draw() is None and game.finished == [Outcome(None, "threefold repetition (claimed)", 0)]


def test_the_computer_claims_a_repetition_only_when_it_is_not_winning():
    game, endings = chess_game((COMPUTER, PERSON), REPEATING)
    game.record.evaluations[len(REPEATING)] = Evaluation(Score(150))  # White (the computer) is better
    assert not endings.computer_claims_draw(0) and game.finished == []
    game.record.evaluations[len(REPEATING)] = Evaluation(Score(-20))
    assert endings.computer_claims_draw(0) and game.finished[0].winner is None


def test_a_draw_offer_needs_exactly_one_computer_not_better_than_level():
    _, people_only = chess_game((PERSON, PERSON))
    assert people_only.offer_draw() == (False, "A draw offer is for a game against the computer.")
    game, endings = chess_game((PERSON, COMPUTER))
    game.record.evaluations[0] = Evaluation(Score(-200))  # scores are White's: Black (the computer) is better
    assert endings.offer_draw() == (False, "The computer declines: it thinks it is better (+2.00).")
    game.record.evaluations[0] = Evaluation(Score(30))
    assert endings.offer_draw() == (True, "The computer accepts the draw.")
    assert game.finished == [Outcome(None, "agreement", 0)]
