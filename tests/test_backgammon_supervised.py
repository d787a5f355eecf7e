"""The supervised passes' labels (one ply of look-ahead, rollouts) against hand-checked
values, and a labelling and fitting round trip."""
from __future__ import annotations

import random

import numpy as np
import pytest

from games.backgammon import network, neural
from games.backgammon.notation import OFF
from games.backgammon.rules import START
from training import backgammon_supervised, backgammon_td


def _weights(hidden: int, seed: int) -> dict[str, dict[str, np.ndarray]]:
    generator = np.random.default_rng(seed)
    return {name: backgammon_td.new_weights(name, hidden, generator) for name in ("contact", "race")}


def test_a_position_won_with_every_roll_is_labelled_a_backgammon_win():
    on_roll = [0] * 26
    on_roll[1], on_roll[OFF] = 1, 14  # one checker left, on the 1-point: every roll bears it off
    player = backgammon_td.Player(_weights(4, 1))
    # The other side has borne off nothing and has two checkers in the winner's home board.
    label = backgammon_supervised.one_ply(player, tuple(on_roll), START)
    assert np.allclose(label, [1.0, 1.0, 1.0, 0.0, 0.0])


def test_the_label_averages_the_replies_over_the_21_rolls_with_their_chances():
    weights = _weights(4, 2)
    for arrays in weights.values():  # a network that says the same of every position
        arrays["w2"][:] = 0.0
        arrays["b2"][:] = [0.5, -1.0, -3.0, 0.2, -2.0]
    constant = backgammon_td.sigmoid(weights["contact"]["b2"])
    label = backgammon_supervised.one_ply(backgammon_td.Player(weights), START, START)
    # Whatever is played, the reply's position is worth ``constant`` to the other side.
    assert np.allclose(label, backgammon_td.flip(constant))


class _ScriptedDice:
    """A stand-in for ``random.Random`` whose ``randint`` returns the given dice in order."""

    def __init__(self, dice: list[int]) -> None:
        self.dice = list(dice)

    def randint(self, low: int, high: int) -> int:
        return self.dice.pop(0)


def _constant_weights(seed: int) -> tuple[dict, np.ndarray]:
    """Networks that say the same of every position: (weights, the race network's outputs)."""
    weights = _weights(4, seed)
    weights["contact"]["w2"][:] = 0.0
    weights["contact"]["b2"][:] = [0.3, -1.0, -3.0, 0.1, -2.5]
    weights["race"]["w2"][:] = 0.0
    weights["race"]["b2"][:] = [-0.4, -2.0, -4.0, -1.5, -3.5]
    return weights, backgammon_td.sigmoid(weights["race"]["b2"])


def _one_back(point: int) -> tuple[int, ...]:
    board = [0] * 26
    board[point], board[OFF] = 1, 14
    return tuple(board)


def test_a_rollout_of_a_position_won_with_every_roll_is_a_backgammon_win():
    on_roll = [0] * 26
    on_roll[1], on_roll[OFF] = 1, 14
    player = backgammon_td.Player(_weights(4, 1))
    label = backgammon_supervised.rollout(player, tuple(on_roll), START, 5, random.Random(1))
    assert np.allclose(label, [1.0, 1.0, 1.0, 0.0, 0.0])


def test_a_rollout_stops_at_the_first_race_with_the_race_network_seen_from_the_side_to_label():
    weights, race = _constant_weights(4)
    player = backgammon_td.Player(weights)
    # In contact (our checker on our 24-point, theirs on their 6-point, each 14 off). We
    # roll 21 (24/21, still in contact), they roll 21 (6/3): a race, judged by the race
    # network from their side after their play, that is from ours: ``race`` itself.
    label = backgammon_supervised.rollout(player, _one_back(24), _one_back(6), 1, _ScriptedDice([2, 1, 2, 1]))
    assert np.allclose(label, race)
    # We roll 21, they roll 65 and bear their last checker off: a single loss for us.
    label = backgammon_supervised.rollout(player, _one_back(24), _one_back(6), 1, _ScriptedDice([2, 1, 6, 5]))
    assert np.allclose(label, [0.0, 0.0, 0.0, 0.0, 0.0])
    # Our own play makes the race (their checker on their 3-point; our 24/21 passes it):
    # the race network's view from theirs, flipped to ours.
    label = backgammon_supervised.rollout(player, _one_back(24), _one_back(3), 1, _ScriptedDice([2, 1]))
    assert np.allclose(label, backgammon_td.flip(race))


def test_a_rollout_label_is_the_mean_of_its_trials():
    weights, race = _constant_weights(5)
    player = backgammon_td.Player(weights)
    dice = [2, 1, 2, 1] + [2, 1, 6, 5] + [2, 1, 2, 1]  # three trials: race, loss, race
    label = backgammon_supervised.rollout(player, _one_back(24), _one_back(6), 3, _ScriptedDice(dice))
    assert np.allclose(label, 2.0 * race / 3.0)


def test_labels_are_written_per_shard_resumably_and_fitted(tmp_path):
    start = tmp_path / "start.bin"
    network.save_networks(start, {name: {key: value.tolist() for key, value in arrays.items()}
                                  for name, arrays in _weights(6, 3).items()}, {"games": 0})
    data = tmp_path / "data"
    arguments = ["label", "--data", str(data), "--shards", "1", "--games", "1", "--workers", "1", "--siblings", "0",
                 "--weights", str(start)]
    backgammon_supervised.main(arguments)
    first = np.load(data / "shard-0000.npz")
    assert len(first["slots"]) > 10 and first["targets"].shape == (len(first["slots"]), 5)
    assert np.all((first["targets"] >= 0.0) & (first["targets"] <= 1.0))
    written = (data / "shard-0000.npz").stat().st_mtime_ns
    backgammon_supervised.main(arguments)  # nothing left to do: the shards stay as they are
    assert (data / "shard-0000.npz").stat().st_mtime_ns == written
    out = tmp_path / "out.bin"
    backgammon_supervised.main(["fit", "--data", str(data), "--start-from", str(start), "--out", str(out),
                                "--epochs", "2", "--rate", "1e-2", "--holdout", "0"])
    header, fitted = network.read_networks(out)
    _, before = network.read_networks(start)
    assert header["about"]["supervised"]["epochs"] == 2
    assert fitted["race"] == before["race"]  # only the contact network is trained
    assert fitted["contact"]["w2"] != before["contact"]["w2"]
    again = tmp_path / "again.bin"
    backgammon_supervised.main(["fit", "--data", str(data), "--start-from", str(out), "--out", str(again),
                                "--epochs", "1", "--rate", "1e-2", "--holdout", "0"])
    header, _ = network.read_networks(again)
    assert header["about"]["supervised"]["epochs"] == 1
    assert header["about"]["supervised"]["before"]["epochs"] == 2  # the earlier pass stays on record


def test_rollout_labels_are_recorded_and_a_folder_of_mixed_labels_is_refused(tmp_path):
    # The shipped networks label (random ones play games of hundreds of turns).
    data = tmp_path / "data"
    backgammon_supervised.main(["label", "--data", str(data), "--games", "1", "--workers", "1", "--siblings", "0",
                                "--shards", "1", "--labels", "rollout", "--trials", "1"])
    first = np.load(data / "shard-0000.npz")
    assert str(first["labels"]) == "rollout of 1 games, the same dice for a turn's plays"
    assert first["turns"].shape == (len(first["slots"]),)
    assert len(first["slots"]) > 5 and np.all((first["targets"] >= 0.0) & (first["targets"] <= 1.0))
    out = tmp_path / "out.bin"
    fit = ["fit", "--data", str(data), "--out", str(out), "--epochs", "1", "--holdout", "0"]
    backgammon_supervised.main(fit)
    header, _ = network.read_networks(out)
    assert header["about"]["supervised"]["labels"].startswith("rollout of 1 games")
    assert header["about"]["supervised"]["keep"] == 0.0
    with pytest.raises(SystemExit, match="a fraction from 0 to 1"):
        backgammon_supervised.main(fit + ["--keep", "1.5"])
    # A shard written before kinds were recorded holds one-ply labels.
    np.savez(data / "shard-0001.npz", slots=first["slots"], targets=first["targets"])
    assert backgammon_supervised.shard_labels(data / "shard-0001.npz") == "one-ply"
    with pytest.raises(SystemExit, match="different labels"):
        backgammon_supervised.main(fit)
    # Rollouts of the same length, with or without the same dice a turn, fit together
    # from two folders.
    other = tmp_path / "other"
    other.mkdir()
    (data / "shard-0001.npz").rename(other / "shard-0000.npz")
    np.savez(other / "shard-0000.npz", slots=first["slots"], targets=first["targets"],
             labels=np.array("rollout of 1 games"))
    backgammon_supervised.main(["fit", "--data", str(data), str(other), "--out", str(out), "--epochs", "1"])
    header, _ = network.read_networks(out)
    assert header["about"]["supervised"]["labels"].startswith("rollout of 1 games; rollout of 1 games, the same")
    np.savez(other / "shard-0000.npz", slots=first["slots"], targets=first["targets"],
             labels=np.array("rollout of 2 games"))
    with pytest.raises(SystemExit, match="different labels"):
        backgammon_supervised.main(["fit", "--data", str(data), str(other), "--out", str(out)])


def test_keep_moves_the_targets_toward_the_starting_networks_own_outputs():
    weights = _weights(5, 6)["contact"]
    slots = np.array([backgammon_td.SLOTS["contact"](START, START), backgammon_td.SLOTS["contact"](_one_back(24),
                                                                                                    _one_back(6))])
    labels = np.array([[1.0, 0.5, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 1.0, 0.25]])
    own = backgammon_supervised.contact_outputs(weights, slots)
    assert np.array_equal(backgammon_supervised.blended_targets(weights, slots, labels, 0.0), labels)
    assert np.allclose(backgammon_supervised.blended_targets(weights, slots, labels, 1.0), own)
    assert np.allclose(backgammon_supervised.blended_targets(weights, slots, labels, 0.25), 0.75 * labels + 0.25 * own)
    assert np.isclose(backgammon_supervised.squared_error(weights, slots, own), 0.0)


def test_the_plays_labelled_at_one_turn_are_rolled_out_with_the_same_dice(monkeypatch):
    seen = []  # (the position, the first dice its rollout would throw)

    def fake_rollout(player, on_roll, other, trials, rng):
        seen.append(((on_roll, other), [rng.randint(1, 6) for _ in range(8)]))
        return np.full(5, 0.5)

    monkeypatch.setattr(backgammon_supervised, "rollout", fake_rollout)
    weights = backgammon_td.weights_from_file(backgammon_supervised.NETWORKS_FILE)
    slots, targets, turns = backgammon_supervised.label_shard(weights, 1, (5, 0), 2, 0.0, "rollout", 4)
    assert len(slots) == len(targets) == len(turns) == len(seen) > 20
    # A turn labels up to three plays of one roll: runs of equal dice, each a turn, the
    # next turn with other dice.
    runs = [[seen[0]]]
    for entry in seen[1:]:
        if entry[1] == runs[-1][-1][1]:
            runs[-1].append(entry)
        else:
            runs.append([entry])
    assert all(len(run) <= 3 for run in runs)
    assert sum(len(run) == 3 for run in runs) > len(runs) // 2
    assert len({tuple(run[0][1]) for run in runs}) == len(runs)  # no two turns share their dice
    for run in runs:
        assert len({entry[0] for entry in run}) == len(run)  # different plays, the same dice
    # The turns' numbers: one a run, rising.
    starts = np.flatnonzero(np.diff(turns)) + 1
    assert np.all(np.diff(turns) >= 0) and len(starts) + 1 == len(runs)
    assert [len(run) for run in runs] == np.diff(np.concatenate([[0], starts, [len(turns)]])).tolist()


def test_turn_means_average_the_rows_of_each_turn():
    values = np.array([[1.0, 0.0], [3.0, 2.0], [5.0, 5.0], [0.0, 1.0]])
    means = backgammon_supervised.turn_means(values, np.array([7, 7, 2, 7]))
    assert np.allclose(means, [[4 / 3, 1.0], [4 / 3, 1.0], [5.0, 5.0], [4 / 3, 1.0]])


def test_the_error_within_turns_leaves_out_each_turns_mean_error(monkeypatch):
    outputs = np.array([[0.5, 0.1, 0.0, 0.1, 0.0], [0.7, 0.2, 0.0, 0.1, 0.0], [0.2, 0.0, 0.0, 0.3, 0.1]])
    monkeypatch.setattr(backgammon_supervised, "contact_outputs", lambda weights, slots: outputs)
    # A network off by the same amount on both plays of turn 4 ranks them as the labels do.
    targets = outputs - np.array([[0.1, 0.0, 0.0, 0.0, 0.0], [0.1, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.2, 0.0]])
    assert np.isclose(backgammon_supervised.within_turn_error({}, None, targets, np.array([4, 4, 9])), 0.0)
    targets[1, 0] += 0.2  # now the first play is 0.1 too high and the second 0.1 too low against their mean
    assert np.isclose(backgammon_supervised.within_turn_error({}, None, targets, np.array([4, 4, 9])), 0.02 / 3)


def test_batches_of_whole_turns_cover_every_row_once_and_never_split_a_turn():
    turns = np.array([3, 3, 1, 5, 5, 5, 1, 8, 2, 2])
    batches = list(backgammon_supervised.batches(turns, 3, np.random.default_rng(1), whole_turns=True))
    rows = np.concatenate(batches)
    assert sorted(rows.tolist()) == list(range(len(turns)))
    for batch in batches:
        for turn in set(turns[batch].tolist()):
            assert set(np.flatnonzero(turns == turn).tolist()) <= set(batch.tolist())
    assert all(len(batch) >= 3 for batch in batches[:-1])
    plain = list(backgammon_supervised.batches(turns, 3, np.random.default_rng(1), whole_turns=False))
    assert [len(batch) for batch in plain] == [3, 3, 3, 1]


def test_targets_within_turns_keep_the_labels_differences_and_take_the_networks_level(monkeypatch):
    outputs = np.array([[0.5, 0.1, 0.0, 0.1, 0.0], [0.7, 0.2, 0.0, 0.1, 0.0], [0.2, 0.0, 0.0, 0.3, 0.1]])
    monkeypatch.setattr(backgammon_supervised, "contact_outputs", lambda weights, slots: outputs)
    labels = outputs - np.array([[0.1, 0.0, 0.0, 0.0, 0.0], [0.3, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.2, 0.0]])
    turns = np.array([4, 4, 9])
    whole = backgammon_supervised.within_turn_targets({}, None, labels, turns, 1.0)
    # Each turn's targets: the labels' differences, at the network's own mean level.
    assert np.allclose(whole[1] - whole[0], labels[1] - labels[0])
    assert np.allclose(whole[:2].mean(axis=0), outputs[:2].mean(axis=0))
    assert np.allclose(whole[2], outputs[2])  # a turn of one play: nothing to learn
    assert np.allclose(backgammon_supervised.within_turn_targets({}, None, labels, turns, 0.0), labels)
    half = backgammon_supervised.within_turn_targets({}, None, labels, turns, 0.5)
    assert np.allclose(half, (labels + whole) / 2)


def test_shards_are_loaded_with_their_turns_numbered_apart(tmp_path, capsys):
    weights = backgammon_td.weights_from_file(backgammon_supervised.NETWORKS_FILE)
    slots, targets, turns = backgammon_supervised.label_shard(weights, 1, (6, 0), 2, 0.0, "one-ply")
    np.savez(tmp_path / "shard-0000.npz", slots=slots, targets=targets, turns=turns, labels=np.array("one-ply"))
    np.savez(tmp_path / "shard-0001.npz", slots=slots, targets=targets, turns=turns, labels=np.array("one-ply"))
    np.savez(tmp_path / "shard-0002.npz", slots=slots[:5], targets=targets[:5])  # written before turns were
    loaded_slots, loaded_targets, loaded_turns = backgammon_supervised.load_shards(sorted(tmp_path.glob("*.npz")))
    assert len(loaded_slots) == len(loaded_targets) == len(loaded_turns) == 2 * len(slots) + 5
    first, second, old = (loaded_turns[:len(turns)], loaded_turns[len(turns):2 * len(turns)],
                          loaded_turns[2 * len(turns):])
    assert not set(first.tolist()) & set(second.tolist()) and len(set(old.tolist())) == 5
    assert len(set(first.tolist())) == len(set(turns.tolist()))
    assert np.array_equal(np.diff(first) == 0, np.diff(turns) == 0)  # the same plays share a turn
    (tmp_path / "shard-0002.npz").unlink()
    backgammon_supervised.main(["fit", "--data", str(tmp_path), "--out", str(tmp_path / "out.bin"), "--epochs", "1"])
    printed = capsys.readouterr().out
    assert "before: held out" in printed and "(within turns" in printed and "epoch 1:" in printed
    backgammon_supervised.main(["fit", "--data", str(tmp_path), "--out", str(tmp_path / "within.bin"), "--epochs", "1",
                                "--within", "1"])
    header, within = network.read_networks(tmp_path / "within.bin")
    assert header["about"]["supervised"]["within"] == 1.0
    backgammon_supervised.main(["fit", "--data", str(tmp_path), "--out", str(tmp_path / "half.bin"), "--epochs", "1",
                                "--within", "0.5"])
    _, half = network.read_networks(tmp_path / "half.bin")
    assert half["contact"]["w1"] != within["contact"]["w1"]  # the same batches, other targets


def test_the_siblings_can_be_the_networks_next_best_plays(monkeypatch):
    rankings, labelled = [], []

    class RecordingPlayer(backgammon_td.Player):
        def ranked(self, own, opponent, dice):
            result = super().ranked(own, opponent, dice)
            rankings.append(result)
            return result

    def fake_rollout(player, on_roll, other, trials, rng):
        labelled.append((len(rankings), (other, on_roll)))  # the mover's board first, as a play
        return np.full(5, 0.5)

    monkeypatch.setattr(backgammon_supervised.td, "Player", RecordingPlayer)
    monkeypatch.setattr(backgammon_supervised, "rollout", fake_rollout)
    weights = backgammon_td.weights_from_file(backgammon_supervised.NETWORKS_FILE)
    backgammon_supervised.label_shard(weights, 1, (7, 0), 2, 0.0, "rollout", 1, siblings_by="best")
    assert len(labelled) > 20
    for turn, ranking in enumerate(rankings, start=1):
        expected = [entry[1] for entry in ranking[:3]
                    if entry[2] is not None and backgammon_supervised.in_contact(entry[1][1], entry[1][0])]
        assert [play for number, play in labelled if number == turn] == expected
        assert all(first[0] >= second[0] for first, second in zip(ranking, ranking[1:]))


def test_a_roll_that_wins_is_ranked_alone_and_chosen():
    player = backgammon_td.Player(_weights(4, 8))
    # One checker left, on the 1-point: every play of 2-1 bears it off and wins.
    ranking = player.ranked(_one_back(1), START, (2, 1))
    assert len(ranking) == 1 and ranking[0][0] == float("inf") and ranking[0][2:] == (None, None, None)
    assert ranking[0][1][0][OFF] == 15
    assert player.choose(_one_back(1), START, (2, 1)) == (ranking[0][1], None, None, None)


def test_a_fit_with_nothing_held_out_says_so(tmp_path, capsys):
    weights = backgammon_td.weights_from_file(backgammon_supervised.NETWORKS_FILE)
    slots, targets, turns = backgammon_supervised.label_shard(weights, 1, (6, 0), 0, 0.0, "one-ply")
    np.savez(tmp_path / "shard-0000.npz", slots=slots[:20], targets=targets[:20], turns=turns[:20],
             labels=np.array("one-ply"))
    backgammon_supervised.main(["fit", "--data", str(tmp_path), "--out", str(tmp_path / "out.bin"), "--epochs", "1",
                                "--holdout", "0"])
    printed = capsys.readouterr().out
    assert "before: nothing held out" in printed and "epoch 1: training error" in printed
    assert "held out 0" not in printed


def test_a_minimum_equity_labels_only_the_positions_whose_side_on_roll_has_that_much(monkeypatch):
    labelled = []

    def fake_rollout(player, on_roll, other, trials, rng):
        labelled.append((on_roll, other))
        return np.full(5, 0.5)

    monkeypatch.setattr(backgammon_supervised, "rollout", fake_rollout)
    weights = backgammon_td.weights_from_file(backgammon_supervised.NETWORKS_FILE)
    everything = backgammon_supervised.label_shard(weights, 1, (9, 0), 0, 0.0, "rollout", 1)
    every_position, labelled[:] = list(labelled), []
    slots, targets, turns = backgammon_supervised.label_shard(weights, 1, (9, 0), 0, 0.0, "rollout", 1,
                                                              minimum_equity=0.2)
    player = backgammon_td.Player(weights)

    def equity(on_roll, other):
        return neural.equity(player.outputs("contact", [backgammon_td.SLOTS["contact"](on_roll, other)])[0])

    expected = [position for position in every_position if equity(*position) >= 0.2]
    assert 0 < len(expected) < len(every_position) == len(everything[0])
    assert labelled == expected and len(slots) == len(targets) == len(turns) == len(expected)
