"""Hooks the garden games (Skud, Fire) share for their computer players: playout weights and
the ring-closing moves as won turns (see :mod:`.strategy`).  Each variant's ``strategy.py``
imports them, so they are registered as its own hooks."""
from __future__ import annotations

from paisho_core.hookspecs import hookimpl

from paisho_variants.common.strategy import garden_weights, garden_winning_moves


@hookimpl
def paisho_playout_weights(game, moves):
    """Planting first, captures four times, moves toward the centre a little more."""
    return garden_weights(game, moves)


@hookimpl
def paisho_winning_moves(game):
    """The moves that close the mover's harmony ring (see ``garden_winning_moves`` for what it
    leaves out)."""
    return garden_winning_moves(game)


@hookimpl
def paisho_quick_winning_moves(game):
    """The same: a reading of the lines from each move's end point, cheap enough for greedy."""
    return garden_winning_moves(game)
