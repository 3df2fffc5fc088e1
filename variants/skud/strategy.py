"""What computer players know of Skud's goal: a ring of harmonies around the centre, or more
midline-crossing harmonies when a reserve runs out (see variants/common/strategy.py).  Registered
through the variant YAML's ``plugins``, so a house-rules variant extending it inherits it."""
from __future__ import annotations

from paisho_core.board import GATES
from paisho_core.hookspecs import hookimpl
from paisho_core.tiles import other

from paisho_variants.common.garden_play import (  # noqa: F401  (hooks of this plugin)
    paisho_playout_weights, paisho_quick_winning_moves, paisho_winning_moves)
from paisho_variants.common.strategy import garden_evaluate


TEMPO = 0.8
"""What each basic flower planted is worth to a player not behind on the midline count: the
game ends by the count once a reserve has no basic flower (rules, End of the game), and
competent players who block each other's rings would otherwise rarely plant."""


@hookimpl
def paisho_evaluate(game, player):
    """Ring progress (half-midlines crossed), midline-crossing harmonies, harmonies and tiles on
    the board, own minus the opponent's; the player ahead on the count is drawn toward ending
    the game by planting their last basic flowers, a player level on it too (``TEMPO``), and
    flowers left growing in gates cost their owner (``GROWING``)."""
    value = garden_evaluate(game, player, basics_left, tempo=TEMPO)
    if game.state.outcome is None:
        value -= GROWING * (growing(game, player) - growing(game, other(player)))
    return value


GROWING = 0.5
"""What a flower standing in a gate costs its owner: it forms no harmony and the gate is not
open for planting (rules, A turn: planting needs an open gate), so players move their flowers
out and keep planting."""


def growing(game, player: str) -> int:
    """``player``'s flowers on gates (growing)."""
    return (game.state.owned[player] & GATES).bit_count()


def basics_left(game, player: str) -> int:
    """Basic flowers still in ``player``'s reserve: the game ends by the count when a player
    has none left."""
    by_code = game.tileset.by_code
    return sum(n for code, n in game.state.pile("reserve", player).items() if by_code[code].group == "basic")
