"""The evaluation bar's words and numbers: win chance for people, proven results, no jumps."""
from __future__ import annotations

from ai.types import MATE, Score
from games.base import Outcome
from fake_clocks import StillClock
from games.registry import get_game
from session_driver import run_until
from ui.game_record import Evaluation
from ui.player_settings import PlayerSettings
from ui.session import GameSession
from ui.widgets.eval_bar import verdict

NAMES = ("X", "O")
ENTRY = get_game("tictactoe")


def test_words_for_a_heuristic_score_never_claim_certainty():
    assert verdict(None, Evaluation(Score(90)), 0, 0.73, NAMES) == ("X 73%", 0)
    assert verdict(None, Evaluation(Score(-90)), 0, 0.27, NAMES) == ("O 73%", 1)
    assert verdict(None, Evaluation(Score(3000)), 0, 0.99999, NAMES) == ("X 99%", 0)
    assert verdict(None, Evaluation(Score(0)), 0, 0.5, NAMES) == ("even, 50%", None)


def test_words_for_proven_results():
    win_in_three = Evaluation(Score(MATE - 3), proven=True)
    assert verdict(None, win_in_three, 0, 1.0, NAMES) == ("X wins in 2 moves", 0)
    assert verdict(None, win_in_three, 2, 1.0, NAMES) == ("X wins in 1 move", 0)
    assert verdict(None, Evaluation(Score(-(MATE - 4)), proven=True), 0, 0.0, NAMES) == ("O wins in 2 moves", 1)
    assert verdict(None, Evaluation(Score(0), proven=True), 0, 0.5, NAMES) == ("draw, proven", None)


def test_words_at_the_end_and_before_any_search():
    assert verdict(Outcome(1, "three in a row"), None, 0, 0.0, NAMES) == ("O won", 1)
    assert verdict(Outcome(None, "board full"), None, 0, 0.5, NAMES) == ("Draw", None)
    assert verdict(None, None, 0, None, NAMES) == ("no estimate", None)


def test_a_resumed_game_shows_its_evaluation_at_once():
    session = GameSession(ENTRY, (PlayerSettings("human", 5), PlayerSettings("ai", 5)))
    session.play_text("a1")
    run_until(session, session.human_to_move)
    chance = session.win_chance_first()
    assert chance is not None
    restored = GameSession.from_dict(session.to_dict())
    assert restored.win_chance_first() == chance
    evaluation, since = restored.shown_evaluation()
    assert evaluation is not None and evaluation.proven and since == 1


def test_an_evaluation_off_the_expected_line_is_not_carried_forward():
    session = GameSession(ENTRY, (PlayerSettings("human", 5), PlayerSettings("human", 5)))
    session.record.evaluations[0] = Evaluation(Score(MATE - 9), proven=True, line=(4, 0))  # b2 a1 expected
    session.play_text("b2")
    assert session.shown_evaluation()[0] is not None
    session.play_text("c3")  # not the expected reply
    assert session.shown_evaluation() == (None, 0)


def test_a_weak_levels_errors_stay_off_the_bar_but_its_blunders_show():
    # O at the weakest level, many games: on the person's turn the bar always has a
    # noise-free estimate, and when O blunders (X can win at once) the bar says so.
    from ai.types import Algorithm

    blunders = 0
    for game in range(12):
        session = GameSession(ENTRY, (PlayerSettings("human", 5), PlayerSettings("ai", 1, Algorithm.PVS)))
        # The noise-free search may take only a little longer than the noisy one; on a
        # clock that stands still a busy machine cannot cut it short.
        for engine in session.searches.engines.values():
            engine.clock = StillClock()
        for square in ("a1", "c1", "a3", "c3", "b2", "b1", "b3", "a2", "c2"):
            if session.record.result is not None:
                break
            if square not in [session.record.state.move_to_text(move) for move in session.record.state.legal_moves()]:
                continue
            session.play_text(square)
            run_until(session, lambda: session.human_to_move() or session.record.result is not None)
            if session.record.result is not None:
                break
            evaluation, since = session.shown_evaluation()
            assert evaluation is not None and since == 1, "no noise-free estimate on the person's turn"
            x_wins_now = any((session.record.state.apply(move).outcome() or Outcome(None, "")).winner == 0
                             for move in session.record.state.legal_moves())
            if x_wins_now:
                blunders += 1
                assert evaluation.score.plies_to_end is not None and evaluation.score.plies_to_end > 0
    assert blunders > 0


def test_in_a_game_with_dice_the_estimate_holds_over_the_roll_after_its_line():
    # The computer's line ends at the dice (its value averages over them): after its
    # move and the roll, the person still sees that estimate; after another move, not.
    from games.base import CHANCE
    entry = get_game("backgammon")
    session = GameSession(entry, (PlayerSettings("human", 5), PlayerSettings("human", 5)), rules={"cube": False})
    session.update()  # the opening roll
    state = session.record.state
    move = state.legal_moves()[0]
    session.record.evaluations[1] = Evaluation(Score(120), line=(move,))
    session.play_human(move)
    session.update()  # the next roll
    assert session.record.movers[-1] == CHANCE
    assert session.shown_evaluation() == (session.record.evaluations[1], 2)
    session.play_human(session.record.state.legal_moves()[0])
    assert session.shown_evaluation() == (None, 0)
