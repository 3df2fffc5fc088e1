"""The computer levels the page offers, made by the project's one player factory."""
from __future__ import annotations

from ..players import LEVELS, make_player

__all__ = ["HINT_LEVEL", "LEVELS", "make_level"]

HINT_LEVEL = "greedy"
"""The level that gives hints: `greedy`, a one-ply choice that is quick to give, the move whose
resulting position it likes best (with the variant's one-ply value, so Ancient's hint sets tiles out)."""


def make_level(kind: str, seed=None):
    """A computer player of the named level (one of :data:`LEVELS`)."""
    return make_player(kind, seed=seed)
