"""What computer players know of Iroh Pai Sho's goal (rules: docs/variants/iroh/rules.md): a set
of harmonies crossing all four midline arms, kept for one turn, wins.  The evaluation is the
rules module's (arm coverage, the one-turn window, tiles brought out and spread over the
quadrants); this module adds the playout weights."""
from __future__ import annotations

from paisho_core.hookspecs import hookimpl

from ..common.strategy import action_weights


@hookimpl
def paisho_playout_weights(game, moves):
    """Bringing tiles out (placing) half as often again as moving; a take four times."""
    return action_weights(game, moves, {"place": 1.5, "move": 1.0})
