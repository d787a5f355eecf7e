"""Game-agnostic adversarial search. Imports no pygame and no particular game."""
