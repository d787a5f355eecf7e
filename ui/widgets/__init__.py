"""Reusable pieces of the play and menu scenes."""
