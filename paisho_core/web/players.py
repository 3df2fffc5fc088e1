"""The computer levels the page offers, made by the project's one player factory."""
from __future__ import annotations

from ..players import LEVELS, make_player

__all__ = ["HINT_LEVEL", "LEVELS", "make_level"]

HINT_LEVEL = "greedy"
"""The level that gives hints: quick, and its choice is the move whose position it likes best."""


def make_level(kind: str, seed=None):
    """A computer player of the named level (one of :data:`LEVELS`)."""
    return make_player(kind, seed=seed)
