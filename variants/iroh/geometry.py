"""Board geometry Iroh needs beyond the core: rays along the grid lines and the four midline arms.

Nothing here names a tile; it is the neutral service the core could offer (see the final note in
docs/variants/iroh/rulings.md): *which arm of the two centre lines does a segment cross?*

The two centre lines ``x = 0`` and ``y = 0`` split into four arms at the centre (digest I3):
``N`` (x = 0, y > 0), ``E`` (y = 0, x > 0), ``S`` (x = 0, y < 0) and ``W`` (y = 0, x < 0).
A row ``y = c`` (c != 0) crosses the N or S arm; a column ``x = c`` (c != 0) crosses E or W.
"""
from __future__ import annotations

from paisho_core.board import NCELLS, POINTS, coords, index, on_board

ARMS = ("N", "E", "S", "W")
"""The four midline arms, clockwise from north."""

DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1))
"""East, west, north, south."""

X = [0] * NCELLS
Y = [0] * NCELLS
for _i in POINTS:
    X[_i], Y[_i] = coords(_i)

ON_MIDLINE = 0
"""Bitset of the points on either centre line (gates and the centre included)."""
for _i in POINTS:
    if X[_i] == 0 or Y[_i] == 0:
        ON_MIDLINE |= 1 << _i


def _ray(i: int, dx: int, dy: int) -> tuple[int, ...]:
    x, y = coords(i)
    out = []
    while True:
        x += dx
        y += dy
        if not on_board(x, y):
            return tuple(out)
        out.append(index(x, y))


RAYS: list[tuple[tuple[int, ...], ...]] = [()] * NCELLS
"""``RAYS[i][d]``: the points from ``i`` outwards in direction ``DIRECTIONS[d]``, nearest first."""
for _i in POINTS:
    RAYS[_i] = tuple(_ray(_i, dx, dy) for dx, dy in DIRECTIONS)

TOWARD_MIDLINES: list[tuple[int, ...]] = [()] * NCELLS
"""For a point off both centre lines, the two directions (indices into DIRECTIONS) that lead
across a centre line: horizontally towards ``x = 0`` and vertically towards ``y = 0``."""
for _i in POINTS:
    if X[_i] and Y[_i]:
        TOWARD_MIDLINES[_i] = (0 if X[_i] < 0 else 1, 2 if Y[_i] < 0 else 3)


def crossed_arm(a: int, b: int) -> str | None:
    """The midline arm the segment a-b crosses strictly (both ends off the centre lines, on
    opposite sides of one of them, along a row or a column), or None."""
    ax, ay, bx, by = X[a], Y[a], X[b], Y[b]
    if not (ax and ay and bx and by):
        return None
    if ay == by and (ax < 0) != (bx < 0):
        return "N" if ay > 0 else "S"
    if ax == bx and (ay < 0) != (by < 0):
        return "E" if ax > 0 else "W"
    return None


def between(a: int, b: int) -> list[int]:
    """The points strictly between two points of one row or column (empty list otherwise)."""
    ax, ay, bx, by = X[a], Y[a], X[b], Y[b]
    if ay == by:
        lo, hi = sorted((ax, bx))
        return [index(x, ay) for x in range(lo + 1, hi)]
    if ax == bx:
        lo, hi = sorted((ay, by))
        return [index(ax, y) for y in range(lo + 1, hi)]
    return []

