"""Measured level ratings: the Elo fit of ``bench/chess_elo.py`` (known results give known
ratings and honest intervals), the ratings file the menu reads (a broken one gives a clear
message and no ratings, never an error), and the menu's label with and without a rating."""
from __future__ import annotations

import dataclasses
import json
import math
import shutil
import sys

import pytest

from conftest import HANG_TIMEOUT, ROOT
from games.level_ratings import LevelRating, LevelRatings, parse_level_ratings, read_level_ratings
from games.registry import GAMES, get_game
from ui import i18n
from ui.game_texts import level_choice, rating_text
from ui.player_settings import PlayerSettings
from ui.scenes.menu import SideControls

sys.path.insert(0, str(ROOT / "bench"))
from elo_fit import CHI_SQUARED_95, Result, expected_score, fit_ratings  # noqa: E402


# -- the fit ------------------------------------------------------------------------------
def test_a_score_against_one_anchor_gives_the_elo_formula():
    fit = fit_ratings([Result("a", "sf", 10, 7.5)], {"sf": 1500})["a"]
    assert fit.estimate == pytest.approx(1500 + 400 * math.log10(3), abs=0.1)  # 75% is +191
    assert fit.low < fit.estimate < fit.high and (fit.games, fit.score) == (10, 7.5)
    even = fit_ratings([Result("a", "sf", 10, 5)], {"sf": 1500})["a"]
    assert even.estimate == pytest.approx(1500, abs=0.1)
    assert even.estimate - even.low == pytest.approx(even.high - even.estimate, abs=0.5)  # symmetric at 50%


def test_the_interval_is_where_the_likelihood_drops_by_the_chi_squared_point():
    fit = fit_ratings([Result("a", "sf", 20, 13)], {"sf": 1500})["a"]

    def log_likelihood(rating):
        expected = expected_score(rating, 1500)
        return 13 * math.log(expected) + 7 * math.log(1 - expected)

    for bound in (fit.low, fit.high):
        assert 2 * (log_likelihood(fit.estimate) - log_likelihood(bound)) == pytest.approx(CHI_SQUARED_95, abs=0.01)
    more = fit_ratings([Result("a", "sf", 80, 52)], {"sf": 1500})["a"]  # the same share, four times the games
    assert more.estimate == pytest.approx(fit.estimate, abs=0.1)
    assert more.high - more.low < 0.6 * (fit.high - fit.low)


def test_games_against_several_anchors_are_fitted_together():
    fit = fit_ratings([Result("a", "low", 10, 7), Result("a", "high", 10, 3)], {"low": 1300, "high": 1700})["a"]
    assert fit.estimate == pytest.approx(1500, abs=0.1)  # symmetric results around 1500
    assert (fit.games, fit.score) == (20, 10)


def test_a_level_rated_through_another_level_inherits_its_uncertainty():
    fits = fit_ratings([Result("strong", "sf", 20, 15), Result("weak", "strong", 20, 10)], {"sf": 1500})
    assert fits["weak"].estimate == pytest.approx(fits["strong"].estimate, abs=0.5)
    assert fits["weak"].high - fits["weak"].low > fits["strong"].high - fits["strong"].low
    assert (fits["strong"].games, fits["strong"].score) == (40, 25)  # its games against the weak level count


def test_a_clean_sweep_gives_only_a_bound():
    losses = fit_ratings([Result("a", "sf", 20, 0)], {"sf": 1350})["a"]
    assert losses.estimate is None and losses.low is None
    expected = 1 - math.exp(-CHI_SQUARED_95 / 2 / 20)  # 20 * ln(1 - E) = -1.92 at the bound
    assert losses.high == pytest.approx(1350 - 400 * math.log10(1 / expected - 1), abs=1)
    wins = fit_ratings([Result("a", "sf", 20, 20)], {"sf": 1350})["a"]
    assert wins.estimate is None and wins.high is None
    assert wins.low == pytest.approx(1350 + (1350 - losses.high), abs=1)


def test_a_level_that_only_beat_a_level_that_lost_everything_gets_only_a_bound():
    # b lost every game to c and won every game against a: the games say b is below c,
    # not by how much (a can lie as low as it likes), so b's estimate is not measured
    fits = fit_ratings([Result("c", "sf", 20, 10), Result("b", "c", 10, 0), Result("a", "b", 10, 0)], {"sf": 1500})
    assert fits["c"].estimate == pytest.approx(1500, abs=1)
    assert fits["b"].estimate is None and fits["b"].low is None and fits["b"].high < fits["c"].estimate
    assert fits["a"].estimate is None and fits["a"].low is None and fits["a"].high < fits["b"].high


def test_a_player_with_no_chain_to_an_anchor_is_not_rated():
    fits = fit_ratings([Result("a", "sf", 4, 2), Result("b", "c", 4, 3)], {"sf": 1500})
    assert fits["a"].estimate == pytest.approx(1500, abs=0.1)
    assert (fits["b"].estimate, fits["b"].low, fits["b"].high) == (None, None, None)
    assert fit_ratings([], {"sf": 1500}) == {}


@pytest.mark.parametrize("result", [Result("a", "sf", 0, 0), Result("a", "sf", 4, 5), Result("a", "sf", 4, -1),
                                    Result("a", "a", 4, 2)])
def test_an_impossible_result_is_refused(result):
    with pytest.raises(ValueError):
        fit_ratings([result], {"sf": 1500})


# -- the file -----------------------------------------------------------------------------
GOOD = {"format": 1, "movetime": 0.5, "levels": {"4": {"elo": 1400, "low": 1330, "high": 1470, "games": 40},
                                                  "1": {"elo": None, "low": None, "high": 940, "games": 20}}}


def test_a_good_file_gives_each_measured_level_its_rating():
    ratings = parse_level_ratings(json.dumps(GOOD), 8)
    assert ratings.problem == "" and ratings.movetime == 0.5
    assert ratings.rating(4) == LevelRating(1400, 1330, 1470, 40)
    assert ratings.rating(1) == LevelRating(None, None, 940, 20)
    assert ratings.rating(2) is None  # not measured: no rating


def broken(change) -> str:
    data = json.loads(json.dumps(GOOD))
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize("text, words", [
    ("{not json", "not valid JSON (line 1)"),
    ("[1, 2]", "one JSON object"),
    (broken(lambda data: data.update(format=2)), "format is 2"),
    (broken(lambda data: data.update(levels=[])), "'levels' must be an object"),
    (broken(lambda data: data["levels"].update({"9": {"elo": 1, "games": 1}})), "level '9' is not one of 1..8"),
    (broken(lambda data: data["levels"].update({"x": {"elo": 1, "games": 1}})), "level 'x'"),
    (broken(lambda data: data["levels"]["4"].update(elo="1400")), "level 4's elo must be a whole number"),
    (broken(lambda data: data["levels"]["4"].update(elo=True)), "level 4's elo must be a whole number"),
    (broken(lambda data: data["levels"]["4"].update(elo=99999)), "from 0 to 4000"),
    (broken(lambda data: data["levels"]["4"].update(games=0)), "level 4's games"),
    (broken(lambda data: data["levels"]["4"].update(low=1500)), "not in order"),
    (broken(lambda data: data["levels"]["1"].update(high=None)), "exactly one bound"),
    (broken(lambda data: data["levels"].update({"2": 1400})), "level 2 must be an object"),
    (broken(lambda data: data.update(movetime=-1)), "movetime must be a number of seconds"),
])
def test_a_broken_file_gives_no_ratings_and_says_what_is_wrong(text, words):
    ratings = parse_level_ratings(text, 8, "ratings.json")
    assert ratings.ratings == {}
    assert words in ratings.problem and "ratings.json" in ratings.problem and "no ratings are shown" in ratings.problem


def test_a_missing_or_unreadable_file_gives_no_ratings_and_a_message(tmp_path):
    missing = read_level_ratings(tmp_path / "none.json", 8)
    assert missing.ratings == {} and "does not exist" in missing.problem
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    unreadable = read_level_ratings(binary, 8)
    assert unreadable.ratings == {} and str(binary) in unreadable.problem


def test_the_shipped_chess_ratings_are_valid_and_other_games_have_none():
    chess_ratings = get_game("chess").level_ratings()
    assert chess_ratings.problem == ""
    assert set(chess_ratings.ratings) <= set(range(1, get_game("chess").max_level + 1))
    for game_id in ("tictactoe", "quarto", "backgammon", "sum15"):
        assert get_game(game_id).level_ratings() == LevelRatings()


# -- the menu -----------------------------------------------------------------------------
def test_the_label_gives_the_rating_rounded_and_translated():
    club = get_game("chess").level(4)
    assert level_choice(4, club) == f"4 \u00b7 Club: {club.summary}"
    assert level_choice(4, club, LevelRating(1437, 1360, 1510, 40)) == f"4 \u00b7 Club \u00b7 about 1,440: {club.summary}"
    assert rating_text(LevelRating(None, None, 942, 20)) == "below 950"  # a bound rounds outwards
    assert rating_text(LevelRating(None, 2018, None, 20)) == "above 2,010"
    maximum = get_game("chess").level(8)  # it uses its time: rated at the time a move it was measured at
    assert level_choice(8, maximum, LevelRating(1771, 1640, 1960, 30), 0.5) == (
        f"8 \u00b7 Maximum \u00b7 about 1,770 at 0.5 s/move: {maximum.summary}")
    assert level_choice(4, club, LevelRating(1437, 1360, 1510, 40), 0.5).startswith("4 \u00b7 Club \u00b7 about 1,440: ")
    with i18n.speaking("italian"):
        assert "circa 1.770 a 0,5 s/mossa" in level_choice(8, maximum, LevelRating(1771, 1640, 1960, 30), 0.5)
        assert level_choice(4, club, LevelRating(1437, 1360, 1510, 40)) == (
            f"4 \u00b7 {i18n.tr_known('Club')} \u00b7 circa 1.440: {i18n.tr_known(club.summary)}")
        assert rating_text(LevelRating(None, None, 942, 20)) == "sotto 950"


def menu_labels(monkeypatch, tmp_path, text: str | None) -> list[str]:
    """The chess strength choices the menu offers with ``text`` as the ratings file."""
    path = tmp_path / "level_ratings.json"
    if text is not None:
        path.write_text(text, encoding="utf-8")
    monkeypatch.setenv("GAMETREELAB_HOME", str(tmp_path))
    monkeypatch.setitem(GAMES, "chess", dataclasses.replace(GAMES["chess"], level_ratings_file=str(path)))
    side = SideControls(get_game("chess"), PlayerSettings("ai", 4), lambda: None)
    return [label for _, label in side.level.options]


def test_the_menu_shows_a_measured_rating_and_nothing_for_an_unmeasured_level(monkeypatch, tmp_path):
    labels = menu_labels(monkeypatch, tmp_path, json.dumps({**GOOD, "levels": {**GOOD["levels"], "8": {
        "elo": 1800, "low": 1700, "high": 1900, "games": 30}}}))
    assert labels[3].startswith("4 \u00b7 Club \u00b7 about 1,400: ")
    assert labels[7].startswith("8 \u00b7 Maximum \u00b7 about 1,800 at 0.5 s/move: ")
    assert labels[0].startswith("1 \u00b7 Beginner \u00b7 below 940: ")
    assert labels[1].startswith("2 \u00b7 Novice: ") and "about" not in labels[1] and "below" not in labels[1]


def test_the_menu_shows_no_rating_from_a_corrupt_file_and_logs_why(monkeypatch, tmp_path):
    labels = menu_labels(monkeypatch, tmp_path, "{corrupt")
    assert not any("about" in label or "below" in label for label in labels)
    assert labels[3].startswith("4 \u00b7 Club: ")
    assert "not valid JSON" in (tmp_path / "app.log").read_text(encoding="utf-8")


def test_a_game_without_ratings_shows_its_levels_as_before(monkeypatch):
    entry = get_game("tictactoe")
    side = SideControls(entry, PlayerSettings("ai", 1), lambda: None)
    assert [label for _, label in side.level.options] == [
        f"{number} \u00b7 {entry.level(number).name}: {entry.level(number).summary}"
        for number in range(1, entry.max_level + 1)]


@pytest.mark.skipif(not (shutil.which("stockfish") or shutil.which("stockfish", path="/usr/games")),
                    reason="Stockfish is not installed")
def test_stockfish_s_elo_range_is_what_the_script_checks_against():
    import chess.engine

    engine = chess.engine.SimpleEngine.popen_uci(shutil.which("stockfish") or shutil.which("stockfish",
                                                                                          path="/usr/games"))
    try:
        option = engine.options["UCI_Elo"]
    finally:
        engine.quit()
    assert option.min <= 1500 <= option.max


# -- the script's plan and log --------------------------------------------------------------
def test_games_come_in_pairs_with_one_opening_and_colours_swapped():
    import chess_elo

    first, second, third = (chess_elo.game_plan(1, 4, "sf:1500", number) for number in (0, 1, 2))
    assert first[0] and not second[0] and third[0]
    assert first[1] == second[1] and first[2] != second[2]  # same opening, own seeds
    assert chess_elo.game_plan(1, 4, "sf:1500", 1) == second  # the same plan when a run resumes
    assert {chess_elo.game_plan(seed, 4, "sf:1500", 0)[1] for seed in range(40)} - {first[1]}  # openings vary


def test_opponents_are_stockfish_our_levels_or_a_level_above():
    import chess_elo

    assert chess_elo.parse_opponent("sf:1500", 8).key(4) == "sf:1500"
    assert chess_elo.parse_opponent("level:5", 8).key(4) == "level:5"
    assert chess_elo.parse_opponent("level:4", 8).key(4) is None  # not against itself
    assert chess_elo.parse_opponent("level:+2", 8).key(4) == "level:6"
    assert chess_elo.parse_opponent("level:+2", 8).key(7) is None  # no level 9
    for text in ("level:9", "level:+8", "sf:strong", "sunfish"):
        with pytest.raises(ValueError):
            chess_elo.parse_opponent(text, 8)


def test_the_log_resumes_after_a_cut_line_and_is_fitted_per_time_a_move(tmp_path, capsys):
    import chess_elo

    log = tmp_path / "games.jsonl"
    records = [{"level": 4, "opponent": "sf:1500", "movetime": 0.5, "number": number, "score": score}
               for number, score in enumerate((1.0, 0.5, 1.0, 0.0))]
    for record in records:
        chess_elo.append_log(log, record)
    with log.open("a", encoding="utf-8") as cut:
        cut.write('{"level": 4, "oppon')  # a run stopped while writing
    assert chess_elo.read_log(log) == records
    assert "not a whole record" in capsys.readouterr().err
    other = {**records[0], "movetime": 1.0, "score": 0.0}
    fits, tallies = chess_elo.fit_log(records + [other], 0.5)
    assert tallies == {(4, "sf:1500"): [2, 1, 1]}
    assert fits["level:4"].estimate == pytest.approx(1500 + 400 * math.log10(2.5 / 1.5), abs=0.5)


def test_a_stopped_run_plays_only_the_games_its_log_lacks(tmp_path):
    import subprocess

    log = tmp_path / "games.jsonl"
    command = [sys.executable, str(ROOT / "bench" / "chess_elo.py"), "--levels", "1", "--opponents", "level:+1",
               "--games", "2", "--movetime", "0.2", "--max-plies", "4", "--log", str(log)]
    first = subprocess.run(command, capture_output=True, text=True, timeout=HANG_TIMEOUT)
    assert first.returncode == 0, first.stderr
    assert "playing 2 at 0.2 s a move" in first.stdout
    games = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert [(game["level"], game["opponent"], game["number"], game["ours_white"]) for game in games] == [
        (1, "level:2", 0, True), (1, "level:2", 1, False)]
    assert all(game["forfeit_by"] is None and len(game["moves"].split()) == game["plies"] for game in games)
    again = subprocess.run(command[:command.index("--games") + 1] + ["4"] + command[command.index("--games") + 2:],
                           capture_output=True, text=True, timeout=HANG_TIMEOUT)
    assert again.returncode == 0, again.stderr
    assert "2 of 4 games already" in again.stdout and "playing 2" in again.stdout
    assert [json.loads(line)["number"] for line in log.read_text(encoding="utf-8").splitlines()] == [0, 1, 2, 3]


def test_written_ratings_leave_an_interval_end_off_the_scale_open_and_read_back(tmp_path):
    import chess_elo
    from elo_fit import RatingFit

    fits = {"level:2": RatingFit(445.2, -97.0, 793.4, 60, 21.0), "level:1": RatingFit(None, None, 170.0, 40, 0.0),
            "level:8": RatingFit(1825.0, 1743.0, 1908.0, 80, 40.0), "sf:1500": RatingFit(1500, 1500, 1500, 9, 4.5)}
    path = tmp_path / "level_ratings.json"
    chess_elo.write_ratings(path, fits, [{"movetime": 0.5, "load": 2.0, "date": "2026-11-26T10:00:00"}], 0.5, "test")
    levels = json.loads(path.read_text(encoding="utf-8"))["levels"]
    assert levels["2"] == {"elo": 445, "low": None, "high": 793, "games": 60, "score": 21.0}
    assert set(levels) == {"1", "2", "8"}  # Stockfish's anchors are not levels
    ratings = read_level_ratings(path, get_game("chess").max_level)
    assert ratings.problem == "" and ratings.ratings[2] == LevelRating(445, None, 793, 60)
