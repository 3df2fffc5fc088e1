"""What computer players know of Basic Pai Sho's goal (rules: docs/variants/basic/rules.md):
points from harmonies turn by turn, the Pot, and the chain.  The evaluation is the rules
module's (running score, next turn's points, the Pot); this module adds the playout weights."""
from __future__ import annotations

from paisho_core.hookspecs import hookimpl

from ..common.strategy import action_weights


@hookimpl
def paisho_playout_weights(game, moves):
    """Placing and spring planting twice as often as moving; a take three times."""
    return action_weights(game, moves, {"place": 2.0, "spring": 2.0}, capture=3.0)
