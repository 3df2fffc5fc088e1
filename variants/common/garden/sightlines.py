"""Lines of sight on the board: the nearest blocker each way of every blocker, kept up to date
as blockers come and go, and the points a tile sees up to them."""
from __future__ import annotations

from paisho_core.board import BIT, BIT_T, GATES, NCELLS, SIZE, bits, nearest
from paisho_core.sight import transpose_mask

GATES_T = transpose_mask(GATES)
COLUMN = sum(1 << (k * SIZE) for k in range(SIZE))
"""The points of the first column."""


# -- lines of sight, once per position ---------------------------------------------------------

def _segments(i: int, step: int, n: int) -> tuple[int, ...]:
    """``out[k]``: the k points beyond ``i`` in steps of ``step`` (``out[-1]``: up to the edge)."""
    out, m = [0], 0
    for k in range(1, n + 1):
        m |= 1 << (i + k * step)
        out.append(m)
    return tuple(out)


EAST: list[tuple[int, ...]] = []
WEST: list[tuple[int, ...]] = []
NORTH: list[tuple[int, ...]] = []
SOUTH: list[tuple[int, ...]] = []
for _i in range(NCELLS):
    _row, _col = divmod(_i, SIZE)
    EAST.append(_segments(_i, 1, SIZE - 1 - _col))
    WEST.append(_segments(_i, -1, _col))
    NORTH.append(_segments(_i, SIZE, SIZE - 1 - _row))
    SOUTH.append(_segments(_i, -SIZE, _row))


def line_neighbours(blockers: int, blockers_t: int) -> dict[int, list[int]]:
    """``[east, west, north, south]``: the nearest blocker each way (-1: none) of every
    blocker, from one pass over the rows and one over the columns (``blockers``,
    ``blockers_t``: the blockers in both layouts)."""
    out: dict[int, list[int]] = {}
    m, prev, prev_row = blockers, -1, -1
    while m:
        low = m & -m
        m ^= low
        p = low.bit_length() - 1
        row = p // SIZE
        if row == prev_row:
            out[prev][0] = p
            out[p] = [-1, prev, -1, -1]
        else:
            out[p] = [-1, -1, -1, -1]
        prev, prev_row = p, row
    m, prev, prev_col = blockers_t, -1, -1
    while m:
        low = m & -m
        m ^= low
        col, row = divmod(low.bit_length() - 1, SIZE)
        p = row * SIZE + col
        if col == prev_col:
            out[prev][2] = p
            out[p][3] = prev
        prev, prev_col = p, col
    return out


def sight(i: int, e: int, w: int, n: int, s: int) -> int:
    """The points seen from ``i`` along its row and column, up to and including its nearest
    blockers ``e``, ``w``, ``n``, ``s`` (-1: none, the line runs to the edge)."""
    return (EAST[i][e - i if e >= 0 else -1] | WEST[i][i - w if w >= 0 else -1]
            | NORTH[i][(n - i) // SIZE if n >= 0 else -1]
            | SOUTH[i][(i - s) // SIZE if s >= 0 else -1])


def _link(out: dict, e: int, w: int, n: int, s: int, we: int, ew: int, sn: int, ns: int) -> int:
    """Set the west neighbour of ``e`` to ``we``, the east one of ``w`` to ``ew``, the south one
    of ``n`` to ``sn`` and the north one of ``s`` to ``ns`` (-1 points skipped) in the
    ``line_neighbours`` dict ``out`` (its entries changed in place); returns the points
    changed."""
    touched = 0
    if e >= 0:
        out[e][1] = we
        touched |= BIT[e]
    if w >= 0:
        out[w][0] = ew
        touched |= BIT[w]
    if n >= 0:
        out[n][3] = sn
        touched |= BIT[n]
    if s >= 0:
        out[s][2] = ns
        touched |= BIT[s]
    return touched


def relinked(out: dict, blockers: int, blockers_t: int, flipped: int) -> tuple[dict, int, int]:
    """``line_neighbours`` of ``blockers`` from ``out``, those of a blocker set that differs at
    the points ``flipped`` (updated in place); the blockers whose entry changed; and those whose
    east or north neighbour changed (or that are new).  A removed blocker is spliced out (its
    neighbours east and west, north and south now see each other); an added one is spliced in
    between its nearest blockers, found among the blockers so far."""
    touched = 0
    ahead = 0
    added = 0
    m = flipped
    while m:  # highest point first (the splices do not depend on their order)
        p = m.bit_length() - 1
        m ^= BIT[p]
        around = out.pop(p, None)
        if around is None:
            added |= BIT[p]
            continue
        e, w, n, s = around
        touched |= _link(out, e, w, n, s, w, e, s, n)
        if w >= 0:
            ahead |= BIT[w]
        if s >= 0:
            ahead |= BIT[s]
    if added:
        now, now_t = blockers & ~added, blockers_t
        for p in bits(added):
            now_t &= ~BIT_T[p]
        for p in bits(added):
            now |= BIT[p]
            now_t |= BIT_T[p]
            e, w, n, s = nearest(now, now_t, p)
            out[p] = [e, w, n, s]
            touched |= BIT[p] | _link(out, e, w, n, s, p, p, p, p)
            ahead |= BIT[p]
            if w >= 0:
                ahead |= BIT[w]
            if s >= 0:
                ahead |= BIT[s]
    return out, touched & blockers, ahead & blockers
