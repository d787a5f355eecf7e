"""Game rules: one sub-package per game. No pygame, no search (see ``games.base``)."""
