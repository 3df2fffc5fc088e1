"""What computer players know of Ancient Pai Sho's goal (rules: docs/variants/ancient/rules.md):
reach the exact target count of harmonies, with the hand in mind.  The evaluation is the rules
module's; this module adds the playout weights."""
from __future__ import annotations

from paisho_core.hookspecs import hookimpl

from paisho_variants.common.strategy import action_weights


@hookimpl
def paisho_playout_weights(game, moves):
    """Placing from the hand twice as often as moving (the hand empties toward the end)."""
    return action_weights(game, moves, {"place": 2.0}, capture=1.0)
