"""What computer players know of Fire's goal: a ring of harmonies around the centre, or more
midline-crossing harmonies when a reserve runs out (see variants/common/strategy.py).  Registered
through the variant YAML's ``plugins``, so a house-rules variant extending it inherits it."""
from __future__ import annotations

from paisho_core.hookspecs import hookimpl

from paisho_variants.common.garden_play import (  # noqa: F401  (hooks of this plugin)
    paisho_playout_weights, paisho_quick_winning_moves, paisho_winning_moves)
from paisho_variants.common.strategy import garden_evaluate


@hookimpl
def paisho_evaluate(game, player):
    """Ring progress (half-midlines crossed), midline-crossing harmonies, harmonies and tiles on
    the board, own minus the opponent's; the player ahead on the count is drawn toward emptying
    their reserve, which ends the game."""
    return garden_evaluate(game, player, lambda g, p: sum(g.state.pile("reserve", p).values()))
