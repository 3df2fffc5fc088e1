"""What computer players know of Capture Pai Sho's goal: keep more tiles than the opponent.

The evaluation counts tiles, and weighs each tile standing where an opposing tile could capture
it next turn (and that no tile of its owner's could take back) as half lost; playout weights
favour captures, most of all a capture of a tile that threatens one of the mover's.
"""
from __future__ import annotations

from paisho_core.hookspecs import hookimpl
from paisho_core.tiles import other

from paisho_variants.capture.rules import MOVE, cfg, targets


def _threatened(state, c, player: str) -> int:
    """How many of ``player``'s tiles an opposing tile could capture on its next move."""
    foe = other(player)
    mine = state.owned[player]
    hit = 0
    for src, _tile in state.tiles(foe):
        hit |= targets(state, c, src) & mine
    return hit.bit_count()


@hookimpl
def paisho_evaluate(game, player):
    st = game.state
    if st.outcome is not None:
        w = st.outcome.winner
        return 0.0 if w is None else (1000.0 if w == player else -1000.0)
    if st.phase != MOVE:
        return 0.0
    c = cfg(game)
    foe = other(player)
    mine, theirs = len(st.tiles(player)), len(st.tiles(foe))
    score = 10.0 * (mine - theirs)
    to_move = st.to_move
    # the side to move strikes first: its threats count more than the other side's
    score -= (6.0 if to_move == foe else 3.0) * _threatened(st, c, player)
    score += (6.0 if to_move == player else 3.0) * _threatened(st, c, foe)
    return score


@hookimpl
def paisho_playout_weights(game, moves):
    st = game.state
    if st.phase != MOVE:
        return None
    board = st.board
    out = []
    for m in moves:
        taken = board[m.dst] if m.dst >= 0 else None
        out.append(8.0 if taken is not None else 1.0)
    return out
