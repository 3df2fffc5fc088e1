"""What computer players know of Iroh Pai Sho's goal (rules: docs/variants/iroh/rules.md): a set
of harmonies crossing all four midline arms, kept through the opponent's one turn, wins (book
chapter 2, L473-483).  The rules module's ``prospects`` score the arms a set can cover, the set
and its running window, and tiles brought out; this module adds how many turns away the nearest
arm not yet covered is (:mod:`.approach`), and a bonus when a set is one move off.  The
opponent's standing counts at DEFENCE of one's own: greedy play builds rather than blocks
everything, while a set the opponent holds is always answered (a move that leaves it standing
loses at once, which one ply sees).  Also the playout weights."""
from __future__ import annotations

from paisho_core.hookspecs import hookimpl
from paisho_core.tiles import other

from paisho_variants import iroh as rules_module
from paisho_variants.common.strategy import action_weights

from paisho_variants.iroh.approach import arm_costs
from paisho_variants.iroh.entry import walling_rocks
from paisho_variants.iroh.geometry import ARMS
from paisho_variants.iroh.roles import roles
from paisho_variants.iroh.window import set_makers

REACH = 2.4
"""What an arm one turn from being crossed is worth is REACH - STEP (a crossed arm: 3)."""
STEP = 0.3
"""What each further turn away from a harmony across a missing arm costs."""
THREAT = 2.0
"""A set one move away: the opponent must stop it now, or answer it in their one turn."""
DEFENCE = 0.6
"""How much the opponent's progress weighs against one's own."""
URGENT = 50.0
"""How much likelier a move that may make a set is tried than another of its kind."""


def approach(game, player: str) -> float:
    """How near ``player``'s next arm is: REACH - STEP * turns for the nearest arm not covered by
    the largest set of their harmonies the tile limits allow (L412, L442-443), plus a tenth of
    that for each other such arm, plus THREAT when three arms are covered and the fourth is one
    turn away (the set is then one move off, L473).  Each estimate assumes the same free tiles,
    so only the nearest counts in full: crossing an arm (worth 3 in the rules module's
    prospects) then always gains more than the estimates it gives up."""
    crossed, busy = set(), 0
    for a, q, arm in rules_module.covering(game, player):
        crossed.add(arm)
        busy |= (1 << a) | (1 << q)
    missing = [arm for arm in ARMS if arm not in crossed]
    if not missing:
        return 0.0
    frozen = rules_module.paisho_tile_flags(game)["frozen"]
    costs = sorted(arm_costs(game, roles(game.variant), player, missing, busy, frozen).values())
    values = [max(0.0, REACH - STEP * c) for c in costs]
    value = values[0] + 0.1 * sum(values[1:])
    if len(missing) == 1 and costs[0] <= 1:
        value += THREAT
    return value


@hookimpl
def paisho_evaluate(game, player):
    """The rules module's prospects difference plus the approach difference."""
    if game.state.outcome is not None:  # a finished game: the players score the outcome themselves
        return None
    opp = other(player)
    mine = rules_module.prospects(game, player) + approach(game, player)
    theirs = rules_module.prospects(game, opp) + approach(game, opp)
    return mine - DEFENCE * theirs


@hookimpl
def paisho_playout_weights(game, moves):
    """Bringing tiles out (placing) twice as often as moving; a take four times; a move that may
    make a set (:func:`.window.set_makers`) or a Rock that shuts the opponent's home point for
    good (:func:`.entry.walling_rocks`) URGENT times, so that a search scoring only some of a
    position's moves always scores the ones that open the window (L475) or end the opponent's
    placements (L462)."""
    weights = action_weights(game, moves, {"place": 2.0, "move": 1.0})
    urgent = set_makers(game, moves) | walling_rocks(game, moves)
    if urgent:
        weights = [w * URGENT if m.text in urgent else w for w, m in zip(weights, moves)]
    return weights


LOOK_AHEAD = {"replies": 5, "follow_ups": 5}
"""``quick`` tries 5 answers and 5 follow-ups here, not 8: an Iroh evaluation (both players'
arms, sets and approach) is dear, and with 8 of each a decision cost about 11 ms of CPU against
the level's 10.  Issue 40, 40 games against greedy on each of the design seeds 8001 and 9001:
8 and 8 scored 79% and 81%, 5 and 5 scored 78% and 89%, at about four fifths of the time."""


@hookimpl
def paisho_look_ahead_widths(game):
    """Fewer answers and follow-ups for ``quick`` (:data:`LOOK_AHEAD`)."""
    return LOOK_AHEAD
