"""Adevar's board: an 18 x 18 grid of points centred between four points, its eight plots and
the way tiles step, read from The Garden Gate's (TGG) board (facts, not code).

Points are written in TGG's coordinates ``(x, y)``, x from -8 to 9 and y from -9 to 8; the board
is symmetric under ``(x, y) -> (1 - x, -1 - y)``, its centre is ``(0.5, -0.5)``.  Adjacency in TGG
stops one point short of the east and south edges, so the four points with ``x == 9`` or
``y == -9`` can never be reached (a ruling, see the rulings page): the reachable points all lie in
the core's 17 x 17 grid.  Four of them -- ``(5,-8)``, ``(6,-7)``, ``(7,-6)``, ``(8,-5)`` -- lie
outside the core's round Pai Sho board, so they are stored on four spare grid points that are
walls here (``SPARE``); notation, records and the rules always use the real coordinates, and
only a display drawing the core's round board shows those four points elsewhere.
"""
from __future__ import annotations

from paisho_core import board

# Playable points of each row (y), as x ranges: the board's outline (TGG's board).
ROWS = {
    8: ((-2, -2), (3, 3)), 7: ((-4, -1), (2, 5)), 6: ((-5, 6),), 5: ((-6, 7),), 4: ((-7, 8),),
    3: ((-7, 8),), 2: ((-8, 9),), 1: ((-7, 8),), 0: ((-6, 7),), -1: ((-6, 7),), -2: ((-7, 8),),
    -3: ((-8, 9),), -4: ((-7, 8),), -5: ((-7, 8),), -6: ((-6, 7),), -7: ((-5, 6),),
    -8: ((-4, -1), (2, 5)), -9: ((-2, -2), (3, 3)),
}

PLOTS = ("north_open", "east_open", "south_open", "west_open",
         "north_red", "south_red", "east_white", "west_white")
OPEN = ("north_open", "east_open", "south_open", "west_open")
RED = ("north_red", "south_red")
WHITE = ("east_white", "west_white")
LIMIT = {p: (2 if p in RED else 3 if p in WHITE else None) for p in PLOTS}
PLOT_NAMES = {"north_open": "Northern Open Plot", "east_open": "Eastern Open Plot",
              "south_open": "Southern Open Plot", "west_open": "Western Open Plot",
              "north_red": "Northern Red Plot", "south_red": "Southern Red Plot",
              "east_white": "Eastern White Plot", "west_white": "Western White Plot"}

# quadrant (sign of x - 0.5, sign of y + 0.5) -> (inner plot, outer open plot)
_QUADRANT = {(-1, 1): ("east_white", "east_open"), (1, 1): ("south_red", "south_open"),
             (-1, -1): ("north_red", "north_open"), (1, -1): ("west_white", "west_open")}


def playable(x: int, y: int) -> bool:
    return any(a <= x <= b for a, b in ROWS.get(y, ()))


def reachable(x: int, y: int) -> bool:
    """On the board and reachable: TGG's adjacency never steps onto x == 9 or y == -9."""
    return playable(x, y) and x <= 8 and y >= -8


def plots_of(x: int, y: int) -> tuple[str, ...]:
    """The plots a point belongs to: one, or two on the diagonal border (half a tile each)."""
    u, v = 2 * x - 1, 2 * y + 1  # doubled offsets from the centre (0.5, -0.5)
    inner, outer = _QUADRANT[(1 if u > 0 else -1, 1 if v > 0 else -1)]
    d = abs(u) + abs(v)  # twice the taxicab distance to the centre
    if d < 14:
        return (inner,)
    if d == 14:
        return (inner, outer)
    return (outer,)


POINTS: tuple[tuple[int, int], ...] = tuple(
    (x, y) for y in range(8, -10, -1) for x in range(-8, 10) if reachable(x, y))
"""Every reachable point, top row first, left to right."""

SPARE = {(5, -8): (1, -8), (6, -7): (0, -8), (7, -6): (8, 0), (8, -5): (8, -1)}
"""Points off the core's round board and the grid point (a wall here) each is stored on."""

INDEX: dict[tuple[int, int], int] = {}
POINT: dict[int, tuple[int, int]] = {}
for _p in POINTS:
    _q = SPARE.get(_p, _p)
    INDEX[_p] = board.index(*_q)
    POINT[INDEX[_p]] = _p
assert len(POINT) == len(POINTS)

LABEL: dict[int, str] = {i: "%d,%d" % p for i, p in POINT.items()}
"""Grid index -> ``x,y`` in TGG's coordinates (without parentheses)."""
LABEL_INDEX = {v: k for k, v in LABEL.items()}

ALL = 0
for _i in POINT:
    ALL |= 1 << _i

PLOTS_AT: dict[int, tuple[str, ...]] = {i: plots_of(*p) for i, p in POINT.items()}
PLOT_MASK = {name: 0 for name in PLOTS}
for _i, _ps in PLOTS_AT.items():
    for _name in _ps:
        PLOT_MASK[_name] |= 1 << _i

_DIRS = ((0, 1), (0, -1), (-1, 0), (1, 0))
NEIGHBOURS: dict[int, tuple[int, ...]] = {
    i: tuple(INDEX[(x + dx, y + dy)] for dx, dy in _DIRS if (x + dx, y + dy) in INDEX)
    for i, (x, y) in POINT.items()}
NEIGHBOUR_MASK = {i: sum(1 << j for j in n) for i, n in NEIGHBOURS.items()}

LINES: dict[int, tuple[tuple[int, ...], ...]] = {}
"""Per point, the four lines of points outward from it (up, down, left, right), each up to the
first wall or the edge: where a harmony is looked for."""
for _i, (_x, _y) in POINT.items():
    _lines = []
    for _dx, _dy in _DIRS:
        _line = []
        _cx, _cy = _x + _dx, _y + _dy
        while (_cx, _cy) in INDEX:
            _line.append(INDEX[(_cx, _cy)])
            _cx, _cy = _cx + _dx, _cy + _dy
        _lines.append(tuple(_line))
    LINES[_i] = tuple(_lines)


def index_of(x: int, y: int) -> int:
    """Grid index of TGG point (x, y); KeyError if it is not a reachable point."""
    return INDEX[(x, y)]


SINGLE_MASK = {name: 0 for name in PLOTS}
"""Per plot, its points that lie in no other plot (a tile there counts whole)."""
for _i, _ps in PLOTS_AT.items():
    if len(_ps) == 1:
        SINGLE_MASK[_ps[0]] |= 1 << _i

_FIRST_COL = sum(1 << board.index(-board.HALF, y) for y in range(-board.HALF, board.HALF + 1))
_LAST_COL = sum(1 << board.index(board.HALF, y) for y in range(-board.HALF, board.HALF + 1))


_NOT_FIRST, _NOT_LAST = ~_FIRST_COL, ~_LAST_COL
_ROW = board.SIZE


def _grid_step(mask: int) -> int:
    """The grid neighbours of ``mask``'s points (one step along a row or a column)."""
    return (mask << 1) & _NOT_FIRST | (mask >> 1) & _NOT_LAST | mask << _ROW | mask >> _ROW


_ODD = 0
for _i, _n in NEIGHBOUR_MASK.items():
    if _grid_step(1 << _i) & ALL != _n:
        _ODD |= 1 << _i
_PLAIN = ALL & ~_ODD
"""``_ODD``: the points whose neighbours are not their grid neighbours (the four stored on
spare grid points, the points beside them, the edges TGG's adjacency stops short of)."""


def reach(src: int, distance: int, occupied: int) -> tuple[int, int]:
    """Points a tile on ``src`` reaches in at most ``distance`` orthogonal steps, turning as it
    likes, through empty points only: ``(empty points reached, occupied points touched)``.
    A breadth-first search on bitsets: each step takes the whole frontier's neighbours at once
    (a grid step, ``NEIGHBOURS`` for the ``_ODD`` points where a grid step would be wrong)."""
    seen = frontier = 1 << src
    empty_reached = touched = 0
    for _step in range(distance):
        plain = frontier & _PLAIN
        new = ((plain << 1) & _NOT_FIRST | (plain >> 1) & _NOT_LAST | plain << _ROW | plain >> _ROW) & ALL
        odd = frontier & _ODD
        while odd:
            low = odd & -odd
            odd ^= low
            new |= NEIGHBOUR_MASK[low.bit_length() - 1]
        new &= ~seen
        if not new:
            break
        seen |= new
        touched |= new & occupied
        frontier = new & ~occupied
        empty_reached |= frontier
    return empty_reached, touched


def winding_crossing(a: int, b: int) -> int:
    """How the segment from point ``a`` to point ``b`` crosses the ray from the centre
    (0.5, -0.5) toward +x: +1 upward, -1 downward, 0 not at all (segments are along lines)."""
    (x1, y1), (x2, y2) = POINT[a], POINT[b]
    if x1 != x2 or x1 < 1:
        return 0
    if y1 <= -1 and y2 >= 0:
        return 1
    if y2 <= -1 and y1 >= 0:
        return -1
    return 0
