"""Setting up a new game: the piles a variant keeps besides the reserve, and its first decision."""
from __future__ import annotations

from paisho_core.tiles import PLAYERS


def begin(state, phase: str, turn: int, first: str = "host", piles: tuple[str, ...] = ()) -> None:
    """Open each player's empty pile of every name in ``piles`` (the reserve is dealt by the
    core) and set the first decision: phase ``phase``, turn number ``turn``, ``first`` to move."""
    for name in piles:
        for player in PLAYERS:
            state.pile(name, player)
    state.phase, state.turn, state.to_move = phase, turn, first
