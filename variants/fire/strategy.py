"""What computer players know of Fire's goal: a ring of harmonies around the centre, or more
midline-crossing harmonies when a reserve runs out (see variants/common/strategy.py).  Registered
through the variant YAML's ``plugins``, so a house-rules variant extending it inherits it."""
from __future__ import annotations

from paisho_core.hookspecs import hookimpl

from paisho_variants.common.strategy import garden_evaluate, garden_weights, garden_winning_moves


@hookimpl
def paisho_evaluate(game, player):
    """Ring progress (half-midlines crossed), midline-crossing harmonies, harmonies and tiles on
    the board, own minus the opponent's; the player ahead on the count is drawn toward emptying
    their reserve, which ends the game."""
    return garden_evaluate(game, player, lambda g, p: sum(g.state.pile("reserve", p).values()))


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
