"""Chess: positions and rules (from python-chess) in ``rules``, whole games as PGN in
``pgn``, the game's entry points in ``game`` (rules <- pgn <- game), the evaluation in
``evaluation``."""
