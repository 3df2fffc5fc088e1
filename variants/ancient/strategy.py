"""What computer players know of Ancient Pai Sho's goal (rules: docs/variants/ancient/rules.md):
the player whose step brings the board's count (harmonies minus disharmonies) to the target wins,
and the count is shared.  So a count one or two steps from the target is good for the player
about to move and bad for the one who just moved; the rules module's exhaustion tiebreak (own
harmonies) adds the rest.  Only public facts are read (the status line shows the count)."""
from __future__ import annotations

import re

from paisho_core.hookspecs import hookimpl

from paisho_variants import ancient as rules_module
from paisho_variants.common.strategy import action_weights, outcome_score

_COUNT = re.compile(r"(-?\d+) toward target (\d+)")
NEAR = {1: 4.0, 2: 2.0}
"""What a count this far from the target is worth to the player about to move."""


def count_and_target(game):
    """(count, target) from the variant's status line, or None."""
    for label, text in game.status():
        if label == "Count":
            m = _COUNT.search(text)
            if m:
                return int(m.group(1)), int(m.group(2))
    return None


@hookimpl
def paisho_evaluate(game, player):
    """The rules module's tiebreak plus the target race: a near count favours the mover."""
    done = outcome_score(game, player)
    if done is not None:
        return done
    value = float(rules_module.paisho_evaluate(game, player) or 0.0)
    found = count_and_target(game)
    if found is not None:
        count, target = found
        near = NEAR.get(abs(target - count), 0.0)
        value += near if game.state.to_move == player else -near
    return value


@hookimpl
def paisho_playout_weights(game, moves):
    """Placing from the hand twice as often as moving (the hand empties toward the end)."""
    return action_weights(game, moves, {"place": 2.0}, capture=1.0)
