"""Lines of sight, movement reach and rings: the board mechanics several variants share.

All functions take bitsets (see :mod:`paisho_core.board`) and return bitsets or index pairs.
"""
from __future__ import annotations

from . import board
from .board import SIZE, ROW_MASK, bits, coords, index, step4, transpose


def step_diagonal(mask: int) -> int:
    """Points one diagonal step from any point of ``mask`` (playable only)."""
    return board.step_diagonal(mask)


def reach(src: int, distance: int, empty: int, step=step4) -> tuple[int, int]:
    """Points a tile on ``src`` reaches in up to ``distance`` steps (orthogonal by default).

    Paths may bend and pass only through points of ``empty``.  Returns ``(landing, touched)``:
    ``landing`` are the empty points reached, ``touched`` the non-empty points one step beyond a
    reached point (or ``src``), i.e. the occupied points a move could end on.
    """
    seen = 1 << src
    frontier = seen
    landing = touched = 0
    for _ in range(distance):
        nxt = step(frontier) & ~seen
        if not nxt:
            break
        seen |= nxt
        touched |= nxt & ~empty
        frontier = nxt & empty
        landing |= frontier
    return landing, touched


def transpose_mask(mask: int) -> int:
    """The same points in the column-major layout."""
    out = 0
    for i in bits(mask):
        out |= 1 << transpose(i)
    return out


def between(a: int, b: int, horizontal: bool) -> int:
    """Bitset of the points strictly between a and b on their shared line."""
    lo, hi = (a, b) if a < b else (b, a)
    if horizontal:
        return ((1 << hi) - 1) & ~((1 << (lo + 1)) - 1)
    m = 0
    for k in range(lo + SIZE, hi, SIZE):
        m |= 1 << k
    return m


CENTRE = index(0, 0)


def _crossing(a: int, b: int, cx: int, cy: int) -> int:
    """Signed crossing of the directed segment a->b with the ray from (cx, cy) towards +x.

    The same half-open rule as the usual winding-number test, so summing it around a closed
    polygon gives the polygon's winding number about (cx, cy).
    """
    ax, ay = coords(a)
    bx, by = coords(b)
    ay -= cy
    by -= cy
    ax -= cx
    bx -= cx
    cross = (bx - ax) * (0 - ay) - (0 - ax) * (by - ay)
    if ay <= 0 < by and cross > 0:
        return 1
    if by <= 0 < ay and cross < 0:
        return -1
    return 0


def encloses(edges, centre: int = CENTRE) -> bool:
    """True if some cycle of the graph ``edges`` (pairs of points) winds around ``centre``.

    Edges touching ``centre`` or running straight through it are ignored, so a qualifying cycle
    never touches the centre.  Works by giving every point a potential (its winding offset) by
    search; a cycle with non-zero winding exists iff some edge disagrees with the potentials.
    Any closed trail with non-zero winding contains a simple cycle with non-zero winding, so this
    is also the answer for trails.
    """
    cx, cy = coords(centre)
    adj: dict[int, list[tuple[int, int]]] = {}
    for a, b in edges:
        if a == centre or b == centre:
            continue
        ax, ay = coords(a)
        bx, by = coords(b)
        if (ax == bx == cx and (ay - cy) * (by - cy) < 0) or (ay == by == cy and (ax - cx) * (bx - cx) < 0):
            continue
        w = _crossing(a, b, cx, cy)
        adj.setdefault(a, []).append((b, w))
        adj.setdefault(b, []).append((a, -w))
    potential: dict[int, int] = {}
    for start in adj:
        if start in potential:
            continue
        potential[start] = 0
        stack = [start]
        while stack:
            u = stack.pop()
            pu = potential[u]
            for v, w in adj[u]:
                pv = potential.get(v)
                if pv is None:
                    potential[v] = pu + w
                    stack.append(v)
                elif pv != pu + w:
                    return True
    return False


def rotate_clockwise(centre: int, i: int) -> int:
    """Where a point surrounding ``centre`` goes when rotated one step clockwise (-1 off grid)."""
    cx, cy = coords(centre)
    x, y = coords(i)
    if y == cy + 1 and x <= cx:
        x += 1
    elif x == cx + 1 and y >= cy:
        y -= 1
    elif y == cy - 1 and x >= cx:
        x -= 1
    elif x == cx - 1 and y <= cy:
        y += 1
    if not board.on_board(x, y):
        return -1
    return index(x, y)


__all__ = ["reach", "between", "encloses", "rotate_clockwise", "transpose_mask", "step_diagonal",
           "CENTRE", "ROW_MASK"]
