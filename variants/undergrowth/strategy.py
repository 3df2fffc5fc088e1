"""What computer players know of Undergrowth's goal: more tiles in or touching the Central
Gardens than the opponent when the tiles run out.

The evaluation is that difference, plus a smaller weight for tiles on the board at all (a tile
placed can reach the gardens' edge later only through harmonies); playout weights favour
placements in the gardens and leave a pass for when nothing else is left.
"""
from __future__ import annotations

from paisho_core.hookspecs import hookimpl
from paisho_core.tiles import other

from paisho_variants.common.strategy import outcome_score
from paisho_variants.undergrowth.rules import central, cfg


@hookimpl
def paisho_evaluate(game, player):
    score = outcome_score(game, player)
    if score is None:
        owned, foe = game.state.owned, other(player)
        score = 10.0 * (central(game, player) - central(game, foe))
        score += 2.0 * (owned[player].bit_count() - owned[foe].bit_count())
    return score


@hookimpl
def paisho_playout_weights(game, moves):
    score = cfg(game).score
    out = []
    for m in moves:
        if m.action == "pass":
            out.append(0.05)
        else:
            out.append(4.0 if score >> m.dst & 1 else 1.0)
    return out
