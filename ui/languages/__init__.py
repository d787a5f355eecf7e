"""The interface's translation tables: one module per language, each an English ->
translation dict (``TEXTS`` for the interface's own texts, ``GAME_TEXTS`` for texts
that come from ``games/`` and ``ai/``). English itself needs no table: it is the key."""
