"""Quarto: rules (``rules``), canonical forms under its symmetries (``symmetry``) and a
midgame evaluation (``evaluation``)."""
