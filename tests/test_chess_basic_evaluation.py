"""Chess's basic evaluation (levels 1 to 7) against scores computed with the earlier code,
and which evaluation each chess level searches with."""
from __future__ import annotations

import chess
import pytest

from ai.engine import Engine
from ai.strength import level_options
from ai.types import SearchOptions
from games.base import FIRST, SECOND
from games.chess import basic_evaluation, evaluation
from games.chess.rules import ChessState
from games.registry import CHESS_BASIC, get_game

EARLIER_SCORES = [
    # White's view, computed with the evaluation of main at 197a1ae (games/chess/evaluation.py there),
    # which levels 1-7 were rated with; positions: Win At Chess and random games (seed 5).
    ('2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1', -165),
    ('r3k2r/pb1q1p2/8/2p1pP2/4p1p1/B1P1Q1P1/P1P3K1/R4R2 b kq - 0 1', -236),
    ('4k3/4r3/8/1PK5/5qP1/8/8/8 w - - 1 37', -1197),
    ('4K3/2P3k1/8/8/7P/7P/8/8 b - - 4 52', 529),
    ('1r1q1bnr/pp2k2p/8/2p1P3/1P3pP1/P2b4/2P2P1P/R2K1B1R b - - 0 18', -1353),
    ('1Qbq1bnr/r2pk3/2p3pp/4pp2/4P3/2P2P2/PP1PN1PP/RNB1KB1R b KQ - 0 9', 482),
    ('r1k5/7R/2n5/2p2P2/3r3N/6PP/8/2K5 w - - 1 33', -271),
    ('rQbk4/p7/8/3p1p2/P2r4/3n1P2/P1P5/R4K2 b - - 2 30', -119),
    ('rn2kB1r/ppp2p1p/3pp3/8/3P3q/8/PP2KPBP/RN1Q3R w kq - 1 10', 502),
    ('rnb3nr/pppp4/3kpq1p/6p1/2B1P3/5PP1/P1PP3P/b1B1K1NR b K - 0 11', -1735),
    ('6n1/8/1P3p2/4k3/4n3/6P1/5p2/1N1R1K2 w - - 2 37', 143),
    ('r1b4r/1pp2pkp/p7/2n5/2P2P1P/P7/P2BP3/RN3K2 b - - 0 17', -470),
    ('r3kb2/p3ppp1/n1N1b3/2pn4/8/PP4P1/2PPKPR1/RNB5 b q - 0 16', 247),
    ('8/5R2/1P5k/P7/8/8/8/3K4 b - - 10 48', 987),
    ('1r1q1b1r/1p1kppp1/B1p4p/p7/5pP1/5N2/PPP4P/R1BK3R b - g3 0 14', -647),
    ('3Q2K1/8/2P5/6k1/8/8/8/8 b - - 0 53', 1154),
    ('2bq4/3kp3/1p1p3n/2p1P2r/1PP5/N3K1P1/2RP4/2B5 b - - 0 28', -859),
    ('2r1kb2/p2ppp2/6p1/2p5/2P3P1/NP6/3PP3/2B2K2 w - - 1 16', -339),
    ('2rqkb1r/p1ppn1pp/5p2/8/pP6/B2P1P1P/3PN1P1/2R2KNR b k - 1 14', -815),
    ('5Bnk/8/6bp/8/K5p1/8/8/n7 b - - 1 46', -897),
    ('r1bqkbnr/1ppppppp/B1n5/8/8/3PP3/PPP2PPP/RNBQK1NR b KQkq - 0 3', 32),
    ('2kr4/p7/N6r/2bpn3/3N2Pp/7R/PPP2K2/R2Q4 w - - 2 21', 1001),
    ('rnbqkbn1/1pp1ppp1/3p4/p7/4P3/7N/PBPPKPPP/RN3B1R b q - 0 7', -466),
    ('4k3/3b4/3B4/8/n2P4/5RK1/4P3/5BN1 b - - 0 35', 1166),
    ('r1b2b2/p1k2p1p/2p5/2nn2r1/4p3/1PPPP1P1/P4P1P/R1B2K1R w - - 0 17', -674),
    ('4r3/4n1k1/5n1p/7P/8/r1R2P2/4b3/2K5 w - - 0 33', -1358),
    ('r7/8/1pbk1n2/2p3q1/1P6/P7/1K5P/5B2 w - - 0 30', -1715),
    ('rnbqkbnr/p1ppp1p1/1p3p1p/8/P7/6P1/RPPPPPBP/1NBQK1NR b Kkq - 1 4', 2),
    ('3k2n1/8/p4p2/4p3/7p/PP6/R2N4/2B3K1 w - - 0 32', 555),
    ('8/8/k3p3/1p6/4P3/1p3R2/8/3K4 w - - 1 43', 214),
]


@pytest.mark.parametrize("fen, score", EARLIER_SCORES)
def test_the_basic_evaluation_gives_the_earlier_scores(fen: str, score: int) -> None:
    state = ChessState(chess.Board(fen))
    assert basic_evaluation.evaluate(state, FIRST) == score
    assert basic_evaluation.evaluate(state, SECOND) == -score


def test_the_full_evaluation_differs_from_the_basic_one_where_mobility_counts() -> None:
    # a developed position: the full evaluation adds mobility and king safety
    state = ChessState(chess.Board("r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 1"))
    assert evaluation.evaluate(state, FIRST) != basic_evaluation.evaluate(state, FIRST)


def test_chess_levels_below_maximum_search_with_the_basic_evaluation_and_maximum_with_the_full_one() -> None:
    entry = get_game("chess")
    assert [level.evaluation for level in entry.levels] == [CHESS_BASIC] * 7 + [None]
    for number, expected in ((1, basic_evaluation.evaluate), (7, basic_evaluation.evaluate),
                             (8, evaluation.evaluate)):
        engine = Engine.for_entry(entry, level_options(SearchOptions(), entry.level(number)))
        assert engine.evaluate is expected
