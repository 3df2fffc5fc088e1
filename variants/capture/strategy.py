"""What computer players know of Capture Pai Sho's goal: keep more tiles than the opponent.

The evaluation counts tiles, and weighs each tile standing where an opposing tile could capture
it next turn (and that no tile of its owner's could take back) as half lost; playout weights
favour captures, most of all a capture of a tile that threatens one of the mover's, then moves
of a threatened tile (issue 40: the cheap level ``quick`` tries the most likely few answers, and
with takes alone first it tried the first quiet moves in the list).
"""
from __future__ import annotations

from paisho_core.hookspecs import hookimpl
from paisho_core.tiles import other

from paisho_variants.capture.rules import MOVE, cfg, targets


def threats(state, c, player: str) -> tuple[int, int]:
    """The points of ``player``'s tiles that an opposing tile could capture on its next move, and
    the points of the opposing tiles that could make those captures."""
    mine = state.owned[player]
    hit = attackers = 0
    for src, _tile in state.tiles(other(player)):
        t = targets(state, c, src) & mine
        if t:
            hit |= t
            attackers |= 1 << src
    return hit, attackers


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
    score -= (6.0 if to_move == foe else 3.0) * threats(st, c, player)[0].bit_count()
    score += (6.0 if to_move == player else 3.0) * threats(st, c, foe)[0].bit_count()
    return score


TAKE = 8.0
"""How much likelier a capture is tried than a quiet move."""
ATTACKER = 2.0
"""How much likelier a capture is tried when the captured tile could capture one of the mover's."""
THREATENED = 4.0
"""How much likelier a move of a tile that an opposing tile could capture next turn is tried."""


@hookimpl
def paisho_playout_weights(game, moves):
    """A capture TAKE times as likely as a quiet move, ATTACKER times that when the captured tile
    threatens one of the mover's; a move of a threatened tile (away, or to strike first)
    THREATENED times: the moves that change the count of tiles, now or next turn, come first.
    One reading of the opponent's reach per list (:func:`threats`)."""
    st = game.state
    if st.phase != MOVE:
        return None
    hit, attackers = threats(st, cfg(game), st.to_move)
    board = st.board
    out = []
    for m in moves:
        w = 1.0
        if m.dst >= 0 and board[m.dst] is not None:
            w = TAKE * ATTACKER if (attackers >> m.dst) & 1 else TAKE
        if m.src >= 0 and (hit >> m.src) & 1:
            w *= THREATENED
        out.append(w)
    return out
