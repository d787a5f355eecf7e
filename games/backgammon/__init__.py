"""Backgammon: rules, notation and gnubg Position IDs (``rules``)."""
