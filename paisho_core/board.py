"""Board geometry shared by every variant (spec section 1).

Points are stored as grid indices ``i = (y + 8) * 17 + (x + 8)`` on a 17 x 17 grid, so a set of
points is one Python int with bit ``i`` set (a *bitset*).  A row of the grid is 17 consecutive
bits; a second, transposed layout (``(x + 8) * 17 + (y + 8)``) gives columns the same shape, which
is what makes "nearest tile along a line" a couple of bit operations.

Everything here is pure geometry: area types come from the board's colouring, never from a
variant.  Variants name extra point sets (ports, portals, starting layouts) in their YAML.
"""
from __future__ import annotations

from typing import Iterable, Iterator

SIZE = 17
HALF = 8
NCELLS = SIZE * SIZE

AREA_TYPES = ("gate", "red", "white", "neutral")


def index(x: int, y: int) -> int:
    """Grid index of point (x, y) (the point need not be playable)."""
    return (y + HALF) * SIZE + (x + HALF)


def coords(i: int) -> tuple[int, int]:
    """The (x, y) notation coordinates of grid index ``i``."""
    row, col = divmod(i, SIZE)
    return col - HALF, row - HALF


def transpose(i: int) -> int:
    """Index of the same point in the column-major layout."""
    row, col = divmod(i, SIZE)
    return col * SIZE + row


def on_board(x: int, y: int) -> bool:
    return abs(x) <= HALF and abs(y) <= HALF and x * x + y * y <= 80


def _types_of(x: int, y: int) -> frozenset[str]:
    if (x, y) in ((0, 8), (0, -8), (8, 0), (-8, 0)):
        return frozenset({"gate"})
    d = abs(x) + abs(y)
    types: set[str] = set()
    if d <= 7:
        if x == 0 or y == 0:
            types |= {"red", "white"}
        elif (x > 0) == (y > 0):
            types.add("red")
        else:
            types.add("white")
    if d >= 7:
        types.add("neutral")
    return frozenset(types)


def bits(mask: int) -> Iterator[int]:
    """Iterate the set bit indices of ``mask`` in increasing order (an empty or one-point mask,
    the most frequent, is answered without starting a generator)."""
    if not mask & (mask - 1):
        return iter((mask.bit_length() - 1,) if mask else ())
    return _bits(mask)


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


POINTS: tuple[int, ...] = tuple(
    index(x, y) for y in range(HALF, -HALF - 1, -1) for x in range(-HALF, HALF + 1) if on_board(x, y)
)
"""Every playable point, top row first, left to right (the reference engine's scan order)."""

PLAYABLE = 0
for _i in POINTS:
    PLAYABLE |= 1 << _i

TYPES: list[frozenset[str]] = [frozenset()] * NCELLS
AREA: dict[str, int] = {t: 0 for t in AREA_TYPES}
for _i in POINTS:
    TYPES[_i] = _types_of(*coords(_i))
    for _t in TYPES[_i]:
        AREA[_t] |= 1 << _i
GATES = AREA["gate"]

LABEL: list[str] = [""] * NCELLS
for _i in range(NCELLS):
    LABEL[_i] = "(%d,%d)" % coords(_i)
LABEL_INDEX = {LABEL[i]: i for i in POINTS}

_COL_FIRST = sum(1 << (r * SIZE) for r in range(SIZE))
_COL_LAST = _COL_FIRST << (SIZE - 1)
ROW_MASK = (1 << SIZE) - 1


def step4(mask: int) -> int:
    """Points one orthogonal step from any point of ``mask`` (playable only)."""
    return (
        ((mask << 1) & ~_COL_FIRST)
        | ((mask >> 1) & ~_COL_LAST)
        | (mask << SIZE)
        | (mask >> SIZE)
    ) & PLAYABLE


def step_diagonal(mask: int) -> int:
    """Points one diagonal step from any point of ``mask`` (playable only)."""
    return (
        ((mask << (SIZE + 1)) & ~_COL_FIRST)
        | ((mask << (SIZE - 1)) & ~_COL_LAST)
        | ((mask >> (SIZE - 1)) & ~_COL_FIRST)
        | ((mask >> (SIZE + 1)) & ~_COL_LAST)
    ) & PLAYABLE


def step8(mask: int) -> int:
    """Points one king step from any point of ``mask`` (playable only)."""
    h = mask | ((mask << 1) & ~_COL_FIRST) | ((mask >> 1) & ~_COL_LAST)
    return (h | (h << SIZE) | (h >> SIZE)) & PLAYABLE & ~mask


ORTHO: list[int] = [0] * NCELLS
"""Bitset of the orthogonal neighbours of each point."""
AROUND: list[int] = [0] * NCELLS
"""Bitset of the up to 8 surrounding points of each point (king moves, playable only)."""
for _i in POINTS:
    ORTHO[_i] = step4(1 << _i)
    _x, _y = coords(_i)
    _m = 0
    for _dx in (-1, 0, 1):
        for _dy in (-1, 0, 1):
            if (_dx or _dy) and on_board(_x + _dx, _y + _dy):
                _m |= 1 << index(_x + _dx, _y + _dy)
    AROUND[_i] = _m


def mask_of(points: Iterable[tuple[int, int] | int]) -> int:
    """Bitset of an iterable of (x, y) pairs or grid indices."""
    m = 0
    for p in points:
        m |= 1 << (index(*p) if isinstance(p, tuple) else p)
    return m


def point_set(mask: int) -> list[tuple[int, int]]:
    return [coords(i) for i in bits(mask)]


def parse_point(text: str) -> int:
    """Grid index of a point written ``(x,y)``; ValueError if malformed or off the board."""
    i = LABEL_INDEX.get(text.replace(" ", ""))
    if i is None:
        raise ValueError(f"{text!r} is not a point of the board")
    return i


class Lines:
    """Row and column occupancy kept in two bitset layouts for nearest-tile queries.

    ``row_major`` has bit ``index(x, y)`` set for every blocker, ``col_major`` bit
    ``transpose(index(x, y))``.  A *blocker* is whatever the caller decides stops a line of sight
    (occupied points, gates).
    """

    __slots__ = ("row_major", "col_major")

    def __init__(self, row_major: int = 0, col_major: int = 0) -> None:
        self.row_major = row_major
        self.col_major = col_major

    @classmethod
    def of(cls, mask: int) -> "Lines":
        col = 0
        for i in bits(mask):
            col |= 1 << transpose(i)
        return cls(mask, col)

    def copy(self) -> "Lines":
        return Lines(self.row_major, self.col_major)

    def add(self, i: int) -> None:
        self.row_major |= 1 << i
        self.col_major |= 1 << transpose(i)

    def remove(self, i: int) -> None:
        self.row_major &= ~(1 << i)
        self.col_major &= ~(1 << transpose(i))


def nearest(row_major: int, col_major: int, i: int) -> tuple[int, int, int, int]:
    """Nearest set point east, west, north, south of ``i`` (-1 where there is none).

    The two masks are the same point set in row- and column-major layout; ``i`` itself is ignored.
    """
    row, col = divmod(i, SIZE)
    base = row * SIZE
    r = (row_major >> base) & ROW_MASK
    m = r >> (col + 1)
    east = base + col + (m & -m).bit_length() if m else -1
    m = r & ((1 << col) - 1)
    west = base + m.bit_length() - 1 if m else -1
    cbase = col * SIZE
    c = (col_major >> cbase) & ROW_MASK
    m = c >> (row + 1)
    north = (row + (m & -m).bit_length()) * SIZE + col if m else -1
    m = c & ((1 << row) - 1)
    south = (m.bit_length() - 1) * SIZE + col if m else -1
    return east, west, north, south


def nearest_east_north(row_major: int, col_major: int, i: int) -> tuple[int, int]:
    """Nearest set point east and north of ``i`` (-1 where there is none)."""
    row, col = divmod(i, SIZE)
    m = (row_major >> (row * SIZE + col + 1)) & ((1 << (SIZE - 1 - col)) - 1)
    east = i + (m & -m).bit_length() if m else -1
    m = (col_major >> (col * SIZE + row + 1)) & ((1 << (SIZE - 1 - row)) - 1)
    north = (row + (m & -m).bit_length()) * SIZE + col if m else -1
    return east, north


def crosses_midline(a: int, b: int) -> bool:
    """True if the segment a-b crosses a midline strictly (neither end on it, not along it)."""
    ax, ay = coords(a)
    bx, by = coords(b)
    if ay == by:
        return ay != 0 and ax * bx < 0
    if ax == bx:
        return ax != 0 and ay * by < 0
    return False


TRANSPOSE: list[int] = [transpose(i) for i in range(NCELLS)]
"""``TRANSPOSE[i]`` is the column-major index of grid index ``i``."""

BIT: list[int] = [1 << i for i in range(NCELLS)]
"""``BIT[i] == 1 << i`` (made once: a shift makes a new integer every time)."""
BIT_T: list[int] = [1 << TRANSPOSE[i] for i in range(NCELLS)]
"""``BIT_T[i] == 1 << TRANSPOSE[i]``: point ``i`` in column-major layout."""

_ROW_OF: list[int] = [i // SIZE for i in range(NCELLS)]


_IDENTITY: list[int] = list(range(NCELLS))


def _link_lines(mask: int, to_point: list[int], after: dict, before: dict) -> None:
    """Walk a set in one layout (row- or column-major): each point whose predecessor in the walk
    lies on the same line gets it as ``before``, and the predecessor gets it as ``after``.
    ``to_point`` turns the layout's index back into a grid index."""
    line_of = _ROW_OF  # the row in row-major layout, the column in column-major layout
    prev = line = -1
    while mask:
        low = mask & -mask
        mask ^= low
        j = low.bit_length() - 1
        i = to_point[j]
        r = line_of[j]
        if r == line:
            after[prev] = i
            before[i] = prev
        prev, line = i, r


def line_neighbours(row_major: int, col_major: int) -> tuple[dict, dict, dict, dict]:
    """For every point of a set: its nearest point of the set east, west, north and south, as
    four dicts (a point with none in a direction is missing from that dict).

    The two masks are the same point set in row- and column-major layout.  One pass over the
    set answers what :func:`nearest` answers point by point, for all its points at once."""
    east: dict[int, int] = {}
    west: dict[int, int] = {}
    north: dict[int, int] = {}
    south: dict[int, int] = {}
    _link_lines(row_major, _IDENTITY, east, west)
    _link_lines(col_major, TRANSPOSE, north, south)
    return east, west, north, south


def rays(row_major: int, col_major: int, i: int) -> tuple[int, int]:
    """The points seen from ``i`` along its row and column, up to and including the first
    blocker in each direction.  Returns (row-major mask of the row rays, column-major mask of
    the column rays); ``i`` itself is excluded."""
    row, col = divmod(i, SIZE)
    base = row * SIZE
    r = (row_major >> base) & ROW_MASK
    m = r >> (col + 1)
    east = ((1 << ((m & -m).bit_length())) - 1 if m else (1 << (SIZE - 1 - col)) - 1) << (col + 1)
    m = r & ((1 << col) - 1)
    west = ((1 << col) - 1) & ~((1 << (m.bit_length() - 1)) - 1) if m else (1 << col) - 1
    horizontal = (east | west) << base
    cbase = col * SIZE
    c = (col_major >> cbase) & ROW_MASK
    m = c >> (row + 1)
    north = ((1 << ((m & -m).bit_length())) - 1 if m else (1 << (SIZE - 1 - row)) - 1) << (row + 1)
    m = c & ((1 << row) - 1)
    south = ((1 << row) - 1) & ~((1 << (m.bit_length() - 1)) - 1) if m else (1 << row) - 1
    vertical = (north | south) << cbase
    return horizontal, vertical


def area_name(i: int) -> str:
    """One word for the point's area: ``gate``, ``both`` (red and white), ``red``, ``white`` or
    ``neutral`` (for drawing)."""
    types = TYPES[i]
    if "gate" in types:
        return "gate"
    if "red" in types and "white" in types:
        return "both"
    if "red" in types:
        return "red"
    if "white" in types:
        return "white"
    return "neutral"
