"""The search lab's demonstrations: saved positions, each showing one idea of the course.

Each demonstration names a game, a position (in the game's position text, see
``docs/protocol.md``), the lab's view to open (``compare``, ``tree``, ``deepening``, or
``retrograde`` for a game that builds a database by retrograde analysis, see
``games.retrograde``), the depth (for ``retrograde``: the database's size), which
searches to run (and, for a game with several evaluations, with which of them) and a
few sentences saying what to look at. The
figures quoted in the sentences are measured by the tests (tests/test_demonstrations.py),
so that the words stay true when the code changes.
"""
from __future__ import annotations

from dataclasses import dataclass

COMPARE, TREE, DEEPENING, RETROGRADE = "compare", "tree", "deepening", "retrograde"
"""The lab's views (the last only for games with a ``GameEntry.retrograde``)."""


@dataclass(frozen=True)
class Demonstration:
    """One demonstration. ``searches`` (for ``COMPARE``) are ``(algorithm, with table
    and ordering, quiescence)`` triples, run in that order (empty: every algorithm, as the
    lab's own comparison); ``evaluations`` (for ``COMPARE``) names evaluations of the
    game's ``GameEntry.evaluations``, each search run once with each (empty: the game's
    own); ``algorithm`` is the tree view's; ``depth`` is the search's depth, or for
    ``RETROGRADE`` the size of the database built (backgammon: checkers);
    ``explanation`` is for people, a few sentences."""

    key: str
    title: str
    game: str
    position: str
    view: str
    depth: int
    explanation: str
    searches: tuple[tuple[str, bool, bool], ...] = ()
    algorithm: str = ""
    evaluations: tuple[str, ...] = ()


DEMONSTRATIONS: tuple[Demonstration, ...] = (
    Demonstration(
        key="pruning",
        title="Why alpha-beta visits fewer nodes",
        game="tictactoe",
        position="X../.O./...",
        view=COMPARE,
        depth=7,
        explanation="The same position searched to the end of the game by every algorithm. Minimax looks at every "
                    "node; alpha-beta skips branches that cannot change the result and finds the same value with "
                    "a small fraction of the nodes; a table and good move ordering save more again.",
    ),
    Demonstration(
        key="tree",
        title="An alpha-beta tree, node by node",
        game="tictactoe",
        position="XO./.X./..O",
        view=TREE,
        depth=5,
        algorithm="alpha-beta",
        explanation="Step through the search with the arrows or Play. Grey stubs are moves alpha-beta never "
                    "searched: a cut-off proved they cannot matter. Hover a node for its window (alpha, beta); "
                    "the thick line is the principal variation.",
    ),
    Demonstration(
        key="quarto",
        title="A Quarto endgame, searched to the end",
        game="quarto",
        position=".04e/6dbc/8..f/..32 7",
        view=TREE,
        depth=5,
        algorithm="alpha-beta",
        explanation="Five squares are left: each move places the piece you were given, then gives one away. The "
                    "tree is the whole rest of the game. Eight of the 20 moves give away a piece that wins at once "
                    "(L2); three moves win, a1 giving 9 the fastest (W3). Alpha-beta proves it in 66 nodes; choose "
                    "minimax and run it again for the full 214.",
    ),
    Demonstration(
        key="sum15",
        title="Sum-15 is tic-tac-toe in disguise",
        game="sum15",
        position="5/-",
        view=COMPARE,
        depth=8,
        explanation="The first player has taken 5. In the magic square 2 7 6 / 9 5 1 / 4 3 8 every row, column "
                    "and diagonal adds up to 15, and no other three numbers do: taking a number is marking its "
                    "square, and this is tic-tac-toe after X took the centre (in a game, the Magic square button "
                    "shows it). The two game trees are the same size: minimax visits 55,505 nodes here, exactly "
                    "as many as from that tic-tac-toe position, and finds the same value, a draw. The pruning "
                    "algorithms' counts differ a little: they try the numbers in another order than the squares.",
    ),
    Demonstration(
        key="horizon",
        title="The horizon effect, and quiescence search",
        game="chess",
        position="6k1/ppp2ppp/4p3/3p4/8/8/PPP2PPP/3Q2K1 w - - 0 1",
        view=COMPARE,
        depth=1,
        searches=(("alpha-beta", False, False), ("alpha-beta", False, True)),
        explanation="Searched one ply deep without quiescence, the queen takes the pawn on d5: the search stops "
                    "right after Qxd5 and counts a pawn won, blind to ...exd5 one ply beyond its horizon. "
                    "Quiescence search goes on through the captures until the position is quiet, sees that Qxd5 "
                    "loses the queen, and plays a quiet move instead: the status line names each search's move.",
    ),
    Demonstration(
        key="table",
        title="Where the transposition table saves most",
        game="chess",
        position="8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1",
        view=COMPARE,
        depth=12,
        searches=(("alpha-beta", False, True), ("alpha-beta", True, True), ("PVS", True, True)),
        explanation="Lasker and Reichhelm's king-and-pawn ending (1901): the kings reach the same squares by many "
                    "move orders, so the same positions come up again and again. With a table each is searched "
                    "once; look at the nodes and the table hits. (The plain search, run first, takes by far the "
                    "longest: the status line counts its seconds.)",
    ),
    Demonstration(
        key="deepening",
        title="Iterative deepening re-uses the last line",
        game="chess",
        position="r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        view=DEEPENING,
        depth=5,
        explanation="The engine searches depth 1, then 2, then 3... Each iteration searches the previous "
                    "iteration's best line first, and the table remembers the rest, so a new depth costs only a "
                    "few times the last. The chart shows nodes (log scale) and time per depth.",
    ),
    Demonstration(
        key="chance",
        title="A chance node: what the dice average",
        game="backgammon",
        position="EwAAUAQAAAAAAA first -",
        view=TREE,
        depth=1,
        algorithm="expectiminimax",
        explanation="White is to roll, with three checkers left to bear off. The root is a chance node: its value "
                    "is the average of White's best play after each of the 21 rolls, a double weighing 1/36 and "
                    "any other roll 2/36. Hover a roll to see its probability and its value.",
    ),
    Demonstration(
        key="retrograde",
        title="Retrograde analysis: the bear-off database, built backwards",
        game="backgammon",
        position="d3cHAABJAQAAAA first -",
        view=RETROGRADE,
        depth=4,
        explanation="Retrograde analysis solves from the end backwards: with all its checkers off a side needs 0 "
                    "rolls, and every play lowers the pip count, so the layers are solved from 0 pips up. With up "
                    "to 4 checkers: 210 positions in 25 layers. For White's 6 5 3 1, each roll's best play leads "
                    "to a solved position; its mean rolls are 1 plus their average.",
    ),
    Demonstration(
        key="evaluations",
        title="Hand-made vs learned evaluation",
        game="backgammon",
        position="2N3AgAUbzsERQA first 33",
        view=COMPARE,
        depth=1,
        searches=(("expectiminimax", False, True),),
        evaluations=("learned", "hand-made"),
        explanation="White enters with 3-3, judged at 0-ply. The hand-made evaluation, a formula over features a "
                    "person chose, hits: bar/22 13/10 10/7 7/4*, leaving 3 blots. The learned one, networks trained "
                    "by self-play, makes the 10 point: bar/22 16/13 13/10(2). At depth 2 the hand-made one agrees. "
                    "In the benchmarks the learned one is far stronger.",
    ),
)
"""Every demonstration, in the order the lab lists them."""


def demonstration(key: str) -> Demonstration:
    """The demonstration called ``key``; ``KeyError`` naming the known keys otherwise."""
    for item in DEMONSTRATIONS:
        if item.key == key:
            return item
    raise KeyError(f"no demonstration {key!r}: one of {', '.join(item.key for item in DEMONSTRATIONS)}")
