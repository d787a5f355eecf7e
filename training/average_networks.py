"""Average several weights files of one training run (snapshots of the same networks at
different games) into one: every weight the mean of its values in the files.

    .venv/bin/python training/average_networks.py OUT.bin SNAPSHOT.bin [SNAPSHOT.bin ...]

Averaging the snapshots of the last part of a run (Izmailov et al.'s stochastic weight
averaging) cancels much of the noise of the last training steps; the trainer's
``--average-games`` does the same as it goes. The files must hold the same networks with
the same sizes (snapshots of one run); the header of the last file is kept, with the list
of the averaged files added to its ``about``.
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.backgammon import network  # noqa: E402


def average(paths: list[Path]) -> tuple[dict, dict[str, dict[str, list]]]:
    """The last file's header and the mean of the files' networks; ``SystemExit`` saying
    why when the files do not hold networks of the same sizes."""
    read = [network.read_networks(path) for path in paths]
    header, first = read[-1]
    for path, (_, networks) in zip(paths, read):
        if {name: len(arrays["b1"]) for name, arrays in networks.items()} != \
                {name: len(arrays["b1"]) for name, arrays in first.items()}:
            raise SystemExit(f"{path}: its networks are not the same sizes as {paths[-1]}'s")
    count = len(read)

    averaged = {}
    for name in first:
        averaged[name] = {}
        for key in ("w1", "b1", "w2", "b2"):
            stacks = [networks[name][key] for _, networks in read]
            if isinstance(stacks[0][0], list):
                averaged[name][key] = [[sum(row[column] for row in rows) / count for column in range(len(rows[0]))]
                                       for rows in zip(*stacks)]
            else:
                averaged[name][key] = [sum(column) / count for column in zip(*stacks)]
    return header, averaged


def main(argv: list[str] | None = None) -> None:
    arguments = sys.argv[1:] if argv is None else argv
    if len(arguments) < 2:
        raise SystemExit(__doc__)
    out, paths = Path(arguments[0]), [Path(name) for name in arguments[1:]]
    header, averaged = average(paths)
    about = dict(header.get("about", {}))
    about["averaged"] = [path.name for path in paths]
    network.save_networks(out, averaged, about)
    print(f"wrote {out}: the mean of {len(paths)} files")


if __name__ == "__main__":
    main()
