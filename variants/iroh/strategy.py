"""What computer players know of Iroh Pai Sho's goal (rules: docs/variants/iroh/rules.md): a set
of harmonies crossing all four midline arms, kept through the opponent's one turn, wins.  The
rules module's evaluation scores the arms a set can cover, the set and its running window, and
tiles brought out; this module adds, for each arm not yet crossed, how near the player's tiles
are to a harmony across it (both flanking quadrants held, two tiles facing each other), and
the playout weights."""
from __future__ import annotations

from paisho_core.board import coords
from paisho_core.hookspecs import hookimpl
from paisho_core.tiles import other

from paisho_variants import iroh as rules_module
from paisho_variants.common.strategy import ARMS, action_weights, arm_potential, arms_of


def _potential(game, player: str) -> float:
    points = [coords(i) for i, t in game.state.tiles(player) if "harmonizer" in t.kind.tags]
    return arm_potential(points, [a for a in ARMS if a not in arms_of(game, player)])


@hookimpl
def paisho_evaluate(game, player):
    """The rules module's prospects difference plus the arm potential difference."""
    base = rules_module.paisho_evaluate(game, player)
    if base is None:  # a finished game: the players score the outcome themselves
        return None
    return base + 1.5 * (_potential(game, player) - _potential(game, other(player)))


@hookimpl
def paisho_playout_weights(game, moves):
    """Bringing tiles out (placing) twice as often as moving; a take four times."""
    return action_weights(game, moves, {"place": 2.0, "move": 1.0})
