"""What computer players know of Undergrowth's goal: more tiles in or touching the Central
Gardens than the opponent when the tiles run out.

The evaluation is that difference, plus a smaller weight for tiles on the board at all (a tile
placed can reach the gardens' edge later only through harmonies); playout weights favour
placements in the gardens and leave a pass for when nothing else is left.
"""
from __future__ import annotations

from paisho_core.hookspecs import hookimpl
from paisho_core.tiles import other

from paisho_variants.undergrowth.rules import central, cfg


@hookimpl
def paisho_evaluate(game, player):
    st = game.state
    if st.outcome is not None:
        w = st.outcome.winner
        return 0.0 if w is None else (1000.0 if w == player else -1000.0)
    foe = other(player)
    score = 10.0 * (central(game, player) - central(game, foe))
    score += 2.0 * (st.owned[player].bit_count() - st.owned[foe].bit_count())
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
