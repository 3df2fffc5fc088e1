"""The computer levels the page offers, made by the one player factory of the project."""
from __future__ import annotations

try:  # the players package (levels random..hard)
    from ..players import LEVELS, make_player
except ImportError:  # an older tree: the factory still lives in paisho_core.ai
    from ..ai import PLAYER_KINDS as LEVELS, make_player  # type: ignore[no-redef]

HINT_LEVEL = "greedy"
"""The level that gives hints: quick, and explains itself by the position it aims for."""


def make_level(kind: str, seed=None):
    """A computer player of the named level (one of :data:`LEVELS`)."""
    return make_player(kind, seed=seed)
