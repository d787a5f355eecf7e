"""The supervised passes' labels (one ply of look-ahead) against hand-checked values,
and a labelling and fitting round trip."""
from __future__ import annotations

import numpy as np

from games.backgammon import network
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
