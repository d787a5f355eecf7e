"""The backgammon networks: the encoding, the pure-Python evaluation against numpy, the
weights file, and the training script's reproducibility and resumption."""
from __future__ import annotations

import random

import numpy as np
import pytest

from games.backgammon import net_inputs, network
from games.backgammon.rules import START, Backgammon
from games.base import CHANCE, draw_chance_outcome
from training import backgammon_td


def _random_positions(count: int, seed: int = 3) -> list[tuple[tuple, tuple]]:
    """(on roll, other) boards met in random games."""
    game, rng = Backgammon(), random.Random(seed)
    found = []
    while len(found) < count:
        state = game.initial_state()
        while state.outcome() is None and len(found) < count:
            if state.to_move() == CHANCE:
                state = state.apply(draw_chance_outcome(state, rng))
            else:
                found.append((state.checkers(state.player), state.checkers(1 - state.player)))
                state = state.apply(rng.choice(state.legal_moves()))
    return found


def test_slots_stay_within_their_ranges():
    for on_roll, other in _random_positions(400):
        for name, slots in (("contact", net_inputs.contact_slots(on_roll, other)),
                            ("race", net_inputs.race_slots(on_roll, other))):
            units = backgammon_td.SLOT_UNITS[name]
            assert len(slots) == len(units)
            assert all(0 <= value < len(units[slot]) for slot, value in enumerate(slots))


def test_features_of_the_start_are_symmetric_and_hand_checked():
    slots = net_inputs.contact_slots(START, START)
    mine, theirs = slots[52:59], slots[59:66]
    assert mine == theirs
    hit_rolls, loss, escapes, containment, closed, prime, behind = mine
    assert (hit_rolls, loss, closed) == (0, 0, 0)  # no blots, nobody on the bar
    assert prime == 1  # made points 6, 8, 13 and 24: no two in a row (24 has nothing behind it)
    # The other side's rearmost checkers stand on our 1-point; every checker of ours above
    # it must still pass it: 24 (2 x 23 pips), 13 (5 x 12), 8 (3 x 7), 6 (5 x 5).
    assert behind == 2 * 23 + 5 * 12 + 3 * 7 + 5 * 5
    assert 0 < escapes < 36 and 0 <= containment <= 36


def test_escape_table_hand_checked():
    assert net_inputs.ESCAPES[0] == 36
    six_prime = 0b111111  # the six points right in front made: no roll gets out
    assert net_inputs.ESCAPES[six_prime] == 0
    # Only the point 1 pip ahead made: 1s are blocked unless played with the other die
    # first; doubles 1-1 fail, 21 (2 then 1 lands 3: open) plays, so only 1-1 fails.
    assert net_inputs.ESCAPES[0b1] == 35


def _weights(name: str, hidden: int, seed: int) -> dict[str, np.ndarray]:
    return backgammon_td.new_weights(name, hidden, np.random.default_rng(seed))


@pytest.mark.parametrize("name", ["contact", "race"])
def test_pure_python_network_equals_numpy(name):
    weights = _weights(name, 16, 5)
    weights["b2"] = np.array([0.3, -1.0, -2.0, -1.5, -3.0])
    pure = network.Network(backgammon_td.SLOT_UNITS[name], weights["w1"].tolist(), weights["b1"].tolist(),
                           weights["w2"].tolist(), weights["b2"].tolist())
    player = backgammon_td.Player({"contact": _weights("contact", 8, 1), "race": _weights("race", 8, 2),
                                   name: weights})
    positions = _random_positions(120)
    slots = [backgammon_td.SLOTS[name](on_roll, other) for on_roll, other in positions]
    expected = player.outputs(name, slots)
    one_by_one = [pure.outputs(position) for position in slots]
    assert np.allclose(one_by_one, expected, atol=1e-12)
    # The children of one position, from the differences to the first child.
    assert np.allclose(pure.outputs_many(slots), expected, atol=1e-9)
    assert pure.outputs_many([]) == []


def test_dense_and_lookup_forward_passes_agree():
    weights = _weights("contact", 12, 7)
    slots = np.array([net_inputs.contact_slots(a, b) for a, b in _random_positions(50)])
    table = backgammon_td.TABLES["contact"]
    dense = backgammon_td.sigmoid(table.dense(slots) @ weights["w1"] + weights["b1"])
    dense = backgammon_td.sigmoid(dense @ weights["w2"].T + weights["b2"])
    player = backgammon_td.Player({"contact": weights, "race": _weights("race", 4, 1)})
    assert np.allclose(player.outputs("contact", slots.tolist()), dense, atol=1e-12)


def test_weights_file_round_trip_and_damage(tmp_path):
    arrays = {name: {key: value.tolist() for key, value in _weights(name, 6, 3).items()}
              for name in ("contact", "race")}
    path = tmp_path / "nets.bin"
    network.save_networks(path, arrays, {"games": 12})
    header, read = network.read_networks(path)
    assert header["about"] == {"games": 12}
    for name in arrays:
        for key in ("w1", "b1", "w2", "b2"):
            assert np.allclose(np.array(read[name][key]), np.array(arrays[name][key]), atol=1e-6)
    data = path.read_bytes()
    (tmp_path / "short.bin").write_bytes(data[:-8])
    (tmp_path / "other.bin").write_bytes(b"PNG" + data)
    (tmp_path / "version.bin").write_bytes(data.replace(net_inputs.INPUTS_VERSION.encode(), b"slots-0"))
    for damaged, words in (("short.bin", "cut short"), ("other.bin", "not a network"),
                           ("version.bin", "trained on inputs")):
        with pytest.raises(network.WeightsError, match=words):
            network.read_networks(tmp_path / damaged)


def test_lambda_returns_end_in_the_result():
    weights = {"contact": _weights("contact", 8, 1), "race": _weights("race", 8, 2)}
    packed, moves = backgammon_td.self_play(weights, 2, (1, 0, 0), 0.0)
    assert moves > 20
    targets = np.concatenate([packed[name][1] for name in packed])
    assert np.all((targets >= 0.0) & (targets <= 1.0))
    # With lambda = 1 every target is the game's result: win or loss only (0 or 1 each).
    packed, _ = backgammon_td.self_play(weights, 1, (1, 0, 1), 1.0)
    targets = np.concatenate([packed[name][1] for name in packed])
    assert set(np.unique(targets)) <= {0.0, 1.0}
    assert set(np.unique(targets[:, 0])) == {0.0, 1.0}  # positions seen by the winner and by the loser


def _train(run, games: int, *extra: str) -> None:
    backgammon_td.main(["--run", str(run), "--games", str(games), "--workers", "1", "--task-games", "2",
                        "--hidden", "6", "--race-hidden", "4", "--eval-every", "1000000", "--eval-games", "2",
                        "--checkpoint-every", "2", *extra])


def test_training_resumes_where_it_stopped(tmp_path):
    _train(tmp_path / "straight", 4)
    _train(tmp_path / "interrupted", 2)
    _train(tmp_path / "interrupted", 4)  # the same command again: resumes from the checkpoint
    straight = backgammon_td.load_checkpoint(tmp_path / "straight" / "checkpoint.npz")
    resumed = backgammon_td.load_checkpoint(tmp_path / "interrupted" / "checkpoint.npz")
    assert straight["games"] == resumed["games"] == 4
    for name in ("contact", "race"):
        for key in ("w1", "b1", "w2", "b2"):
            assert np.array_equal(straight["weights"][name][key], resumed["weights"][name][key])
    assert (tmp_path / "straight" / "curve.csv").read_text().count("\n") == 2  # header, the first evaluation
    _train(tmp_path / "straight", 4, "--export", str(tmp_path / "nets.bin"))
    header, read = network.read_networks(tmp_path / "nets.bin")
    assert header["about"]["games"] == 4 and set(read) == {"contact", "race"}


def test_variants_for_measuring_the_features_and_the_split(tmp_path):
    try:
        _train(tmp_path / "raw", 2, "--variant", "raw")
        raw = backgammon_td.load_checkpoint(tmp_path / "raw" / "checkpoint.npz")
        assert raw["variant"] == "raw"
        assert raw["weights"]["contact"]["w1"].shape[0] == net_inputs.input_count(net_inputs.RACE_SLOT_UNITS)
        with pytest.raises(SystemExit, match="variant"):
            _train(tmp_path / "raw", 4, "--variant", "single")  # a run keeps its variant
    finally:
        backgammon_td.set_variant("split")
    assert backgammon_td.TABLES["contact"].inputs == net_inputs.input_count(net_inputs.CONTACT_SLOT_UNITS)


def test_a_run_started_from_a_weights_file_is_widened_without_changing_its_outputs(tmp_path):
    arrays = {name: {key: value.tolist() for key, value in _weights(name, 6, 4).items()}
              for name in ("contact", "race")}
    arrays["contact"]["w2"] = (np.array(arrays["contact"]["w2"]) * 3.0).tolist()
    start = tmp_path / "start.bin"
    network.save_networks(start, arrays, {"games": 1})
    widened = backgammon_td.weights_from_file(start, {"contact": 10, "race": 4}, np.random.default_rng(1))
    assert widened["contact"]["w1"].shape == (backgammon_td.TABLES["contact"].inputs, 10)
    assert widened["race"]["b1"].shape == (6,)  # never narrowed
    assert np.any(widened["contact"]["w1"][:, 6:] != 0.0)  # the new units see the inputs
    _, original = network.read_networks(start)
    slots = [net_inputs.contact_slots(a, b) for a, b in _random_positions(40)]
    race = {key: np.array(value) for key, value in original["race"].items()}
    before = backgammon_td.Player({"contact": {key: np.array(value) for key, value in original["contact"].items()},
                                   "race": race})
    after = backgammon_td.Player(widened)
    assert np.allclose(before.outputs("contact", slots), after.outputs("contact", slots), atol=1e-12)
    # The trainer starts such a run from it and exports the widened networks.
    backgammon_td.main(["--run", str(tmp_path / "run"), "--start-from", str(start), "--hidden", "10",
                        "--race-hidden", "4", "--export", str(tmp_path / "out.bin")])
    header, exported = network.read_networks(tmp_path / "out.bin")
    assert header["networks"]["contact"]["hidden"] == 10 and header["networks"]["race"]["hidden"] == 6


def test_the_running_average_of_the_weights_is_kept_and_exported(tmp_path):
    _train(tmp_path / "plain", 4)
    _train(tmp_path / "slow", 4, "--average-games", "1000000")  # the average hardly moves from its start
    _train(tmp_path / "fast", 4, "--average-games", "1")  # the average follows the weights closely
    plain = backgammon_td.load_checkpoint(tmp_path / "plain" / "checkpoint.npz")
    slow = backgammon_td.load_checkpoint(tmp_path / "slow" / "checkpoint.npz")
    fast = backgammon_td.load_checkpoint(tmp_path / "fast" / "checkpoint.npz")
    assert "average" not in plain
    for name in ("contact", "race"):
        # Averaging does not change the training itself.
        assert np.array_equal(slow["weights"][name]["w1"], plain["weights"][name]["w1"])
        fast_gap = np.abs(fast["average"][name]["w1"] - fast["weights"][name]["w1"]).max()
        slow_gap = np.abs(slow["average"][name]["w1"] - slow["weights"][name]["w1"]).max()
        assert 0.0 < fast_gap < slow_gap / 3
    backgammon_td.main(["--run", str(tmp_path / "slow"), "--export", str(tmp_path / "slow.bin")])
    _, exported = network.read_networks(tmp_path / "slow.bin")
    assert np.allclose(np.array(exported["contact"]["w1"]), slow["average"]["contact"]["w1"], atol=1e-6)


def test_the_games_can_be_played_by_the_running_average(tmp_path):
    _train(tmp_path / "slow", 6, "--average-games", "1000000")
    _train(tmp_path / "teacher", 6, "--average-games", "1000000", "--play-average")
    slow = backgammon_td.load_checkpoint(tmp_path / "slow" / "checkpoint.npz")
    teacher = backgammon_td.load_checkpoint(tmp_path / "teacher" / "checkpoint.npz")
    # The average starts as a copy of the weights after the first round, so the first two
    # rounds are played alike; the third by the trained weights in one run and by the
    # average (still about those of the first round) in the other.
    assert not np.array_equal(slow["weights"]["contact"]["w1"], teacher["weights"]["contact"]["w1"])
    with pytest.raises(SystemExit):
        _train(tmp_path / "no_average", 2, "--play-average")
    assert not (tmp_path / "no_average" / "checkpoint.npz").exists()


def test_averaging_snapshots_gives_the_mean_of_every_weight(tmp_path):
    from training import average_networks
    paths = []
    for seed in (1, 2, 3):
        path = tmp_path / f"snapshot{seed}.bin"
        network.save_networks(path, {name: {key: value.tolist() for key, value in _weights(name, 5, seed).items()}
                                     for name in ("contact", "race")}, {"games": seed})
        paths.append(path)
    average_networks.main([str(tmp_path / "mean.bin"), *map(str, paths)])
    header, averaged = network.read_networks(tmp_path / "mean.bin")
    assert header["about"]["averaged"] == [path.name for path in paths]
    for name in ("contact", "race"):
        for key in ("w1", "b1", "w2", "b2"):
            expected = np.mean([np.array(network.read_networks(path)[1][name][key]) for path in paths], axis=0)
            assert np.allclose(np.array(averaged[name][key]), expected, atol=1e-6)
    wider = tmp_path / "wider.bin"
    network.save_networks(wider, {name: {key: value.tolist() for key, value in _weights(name, 6, 4).items()}
                                  for name in ("contact", "race")}, {})
    with pytest.raises(SystemExit, match="not the same sizes"):
        average_networks.main([str(tmp_path / "bad.bin"), str(paths[0]), str(wider)])
