"""Steps, hops, rings, starting layouts and repetition: helpers for capture games.

Nothing here knows a tile name: neighbourhoods (4 or 8 points), hops over tiles along a line,
chains of hops combined with one step, the rotation of the ring of 8 points around a centre, a
starting layout read from a variant's YAML (``rules.layouts.<name>``), and a repetition key.
"""
from __future__ import annotations

from . import board
from .board import AROUND, ORTHO, PLAYABLE, SIZE, bits, index, on_board
from .errors import VariantError
from .game import Outcome
from .zobrist import board_key

_COL_FIRST = sum(1 << (r * SIZE) for r in range(SIZE))
_COL_LAST = _COL_FIRST << (SIZE - 1)

DIRECTIONS = {
    4: ((1, 0), (-1, 0), (0, 1), (0, -1)),
    8: ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)),
}
"""Unit steps of each neighbourhood: 4 = along the grid lines, 8 = king steps."""

NEIGHBOURS = {4: ORTHO, 8: AROUND}
"""Per-point neighbour bitsets of each neighbourhood."""

RING_OFFSETS = ((-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0))
"""The 8 points around a centre in clockwise order (y grows north), starting north-west."""


def shift(mask: int, dx: int, dy: int) -> int:
    """Every point of ``mask`` moved by (dx, dy), each in -1..1; points leaving the board drop."""
    if dx == 1:
        mask = (mask << 1) & ~_COL_FIRST
    elif dx == -1:
        mask = (mask >> 1) & ~_COL_LAST
    if dy == 1:
        mask <<= SIZE
    elif dy == -1:
        mask >>= SIZE
    return mask & PLAYABLE


_EAST = PLAYABLE & ~_COL_FIRST  # where a one-point move east (x + 1) may land
_WEST = PLAYABLE & ~_COL_LAST


def _around(m: int, adjacency: int) -> int:
    """Every point one step from a point of ``m`` (as :func:`shift` over the directions)."""
    out = (((m << 1) & _EAST) | ((m >> 1) & _WEST) | ((m << SIZE) & PLAYABLE)
           | ((m >> SIZE) & PLAYABLE))
    if adjacency == 8:
        out |= (((m << (SIZE + 1)) | (m >> (SIZE - 1))) & _EAST) | (
            ((m << (SIZE - 1)) | (m >> (SIZE + 1))) & _WEST)
    return out


def step(mask: int, empty: int, adjacency: int = 4) -> int:
    """Empty points one step from any point of ``mask``."""
    return _around(mask, adjacency) & empty


def neighbour_shifts(mask: int, adjacency: int = 4) -> tuple[int, ...]:
    """``mask`` moved one step in each direction of the neighbourhood (one copy per direction;
    points leaving the board drop).  A point is next to k points of ``mask`` when it is in k
    of the copies."""
    e: tuple[int, ...] = ((mask << 1) & _EAST, (mask >> 1) & _WEST, (mask << SIZE) & PLAYABLE,
                          (mask >> SIZE) & PLAYABLE)
    if adjacency == 8:
        e += ((mask << (SIZE + 1)) & _EAST, (mask >> (SIZE - 1)) & _EAST,
              (mask << (SIZE - 1)) & _WEST, (mask >> (SIZE + 1)) & _WEST)
    return e


_COLS_TO_14 = sum(1 << (r * SIZE + c) for r in range(SIZE) for c in range(SIZE - 2))
_COLS_FROM_2 = _COLS_TO_14 << 2


class Hops:
    """The hops of one position: over a point of ``over`` onto the empty point beyond it.

    Made once per position and shared by every tile that moves: per direction, the bitset of
    the points a hop in that direction may start from (``p + d`` in ``over``, ``p + 2d`` empty,
    no wrap round a row).  A chain then moves its whole frontier in one step per direction:
    ``((frontier & hops_d) << 2d)``.  For one tile, the hops over that tile itself are removed
    (:meth:`destinations`); its own point counts as empty, which adds no end point (a chain
    through it continues as a chain from the start).
    """

    __slots__ = ("adjacency", "empty", "e", "w", "n", "s", "ne", "nw", "se", "sw")

    def __init__(self, over: int, occupied: int, adjacency: int = 4) -> None:
        n = SIZE
        empty = PLAYABLE & ~occupied
        over &= PLAYABLE
        self.adjacency = adjacency
        self.empty = empty
        self.e = (over >> 1) & (empty >> 2) & _COLS_TO_14
        self.w = (over << 1) & (empty << 2) & _COLS_FROM_2
        self.n = (over >> n) & (empty >> (2 * n))
        self.s = (over << n) & (empty << (2 * n))
        if adjacency == 8:
            self.ne = (over >> (n + 1)) & (empty >> (2 * n + 2)) & _COLS_TO_14
            self.nw = (over >> (n - 1)) & (empty >> (2 * n - 2)) & _COLS_FROM_2
            self.se = (over << (n - 1)) & (empty << (2 * n - 2)) & _COLS_TO_14
            self.sw = (over << (n + 1)) & (empty << (2 * n + 2)) & _COLS_FROM_2
        else:
            self.ne = self.nw = self.se = self.sw = 0

    def closure(self, start: int, src: int = -1) -> int:
        """Points reached from ``start`` by one or more hops (``start`` itself only if a chain
        returns to it); with ``src``, no hop passes over the point ``src``."""
        return _grow(start, self._without(src) if src >= 0 else self._directions())

    def _directions(self) -> tuple[int, ...]:
        if self.adjacency == 8:
            return (self.e, self.w, self.n, self.s, self.ne, self.nw, self.se, self.sw)
        return (self.e, self.w, self.n, self.s)

    def _without(self, src: int) -> tuple[int, ...]:
        """The hop starts of each direction with the hops over ``src`` removed (made once per
        moving tile and shared by its chains)."""
        bit = 1 << src
        e = self.e & ~(bit >> 1)
        w = self.w & ~(bit << 1)
        n = self.n & ~(bit >> SIZE)
        s = self.s & ~(bit << SIZE)
        if self.adjacency == 8:
            return (e, w, n, s, self.ne & ~(bit >> (SIZE + 1)), self.nw & ~(bit >> (SIZE - 1)),
                    self.se & ~(bit << (SIZE - 1)), self.sw & ~(bit << (SIZE + 1)))
        return (e, w, n, s)

    def destinations(self, src: int, combo: str = "either_side") -> int:
        """End points of one move of the tile on ``src`` (see :func:`step_hop_destinations`)."""
        here = 1 << src
        empty = self.empty
        adjacency = self.adjacency
        steps = NEIGHBOURS[adjacency][src] & empty
        dirs = self._without(src)
        if combo == "either_side" and steps:
            # the chains from the tile and from its steps start in different parity classes:
            # one pass grows both, and the tile's own chains are the part in its class
            both = _grow(here | steps, dirs)
            chain = both & _PARITY[src]
            out = steps | both
            if chain:
                out |= step(chain, empty, adjacency)
            return out & ~here
        chain = _grow(here, dirs)
        if combo == "both_sides":
            stepped = step(chain | here, empty, adjacency)
            out = chain | stepped | _grow(stepped, dirs)
        else:  # step_or_chain, or either_side with no step
            out = steps | chain
            if chain and combo == "either_side":
                out |= step(chain, empty, adjacency)
        return out & ~here


_TWO = 2 * SIZE
_CLASSES = {(r, c): sum(1 << j for j in range(board.NCELLS) if (j // SIZE % 2, j % SIZE % 2) == (r, c))
            for r in (0, 1) for c in (0, 1)}
_PARITY = [_CLASSES[(i // SIZE % 2, i % SIZE % 2)] for i in range(board.NCELLS)]
"""The points whose row and column have the parities of point i's: a hop (two points along a
line or a diagonal) never leaves them, so chains from different classes never meet."""


def _grow(f: int, dirs: tuple[int, ...]) -> int:
    """Points reached from the frontier ``f`` by one or more hops, given the hop starts of each
    direction (east, west, north, south, then the diagonals): the whole frontier moves one hop
    per direction in one bitset expression a level."""
    reached = 0
    if len(dirs) == 8:
        e, w, n, s, ne, nw, se, sw = dirs
        while f:
            f = (((f & e) << 2) | ((f & w) >> 2) | ((f & n) << _TWO) | ((f & s) >> _TWO)
                 | ((f & ne) << (_TWO + 2)) | ((f & nw) << (_TWO - 2))
                 | ((f & se) >> (_TWO - 2)) | ((f & sw) >> (_TWO + 2))) & ~reached
            reached |= f
        return reached
    e, w, n, s = dirs
    while f:
        f = (((f & e) << 2) | ((f & w) >> 2) | ((f & n) << _TWO) | ((f & s) >> _TWO)) & ~reached
        reached |= f
    return reached


def hop_closure(start: int, over: int, empty: int, adjacency: int = 4) -> int:
    """Points reached from ``start`` by one or more hops.

    A hop goes from a point over a neighbouring point of ``over`` to the ``empty`` point directly
    beyond it on the same line; hops chain and may change direction.  ``start`` itself is part of
    the result only if some chain returns to it.
    """
    return Hops(over, PLAYABLE & ~empty, adjacency).closure(start)


def step_hop_destinations(src: int, over: int, occupied: int, adjacency: int = 4,
                          combo: str = "either_side", can_hop: bool = True) -> int:
    """End points of one move of the tile on ``src``: one step and/or chains of hops.

    ``over``: the points the tile may hop over (the tile's own point is ignored).  ``combo``:
    ``"step_or_chain"`` (a single step, or a hop chain alone), ``"either_side"`` (also a step
    followed by a chain, or a chain followed by a step) or ``"both_sides"`` (chain, step, chain).
    Destinations are empty points other than ``src``.  A generator moving many tiles of one
    position makes one :class:`Hops` and asks it for each tile.
    """
    if not can_hop:
        return NEIGHBOURS[adjacency][src] & ~occupied
    return Hops(over, occupied, adjacency).destinations(src, combo)


def ring(centre: int) -> tuple[int, ...]:
    """Grid indices of the 8 points around ``centre`` in clockwise order; -1 where off the board."""
    return _RINGS[centre]


_RINGS: list[tuple[int, ...]] = [()] * board.NCELLS
for _c in board.POINTS:
    _x, _y = board.coords(_c)
    _RINGS[_c] = tuple(index(_x + dx, _y + dy) if on_board(_x + dx, _y + dy) else -1
                       for dx, dy in RING_OFFSETS)


# -- starting layouts -------------------------------------------------------------------------

def read_layout(variant, name: str) -> list[tuple[int, str, str]]:
    """The starting layout ``rules.layouts.<name>`` of a variant's YAML as (point, code, owner).

    The YAML gives, for each player, a mapping of tile code to a list of [x, y] points.  Every
    tile of the set must be placed exactly once and no point twice; errors name the YAML path.
    """
    layouts = (variant.rules_config or {}).get("layouts") or {}
    where = f"{variant.source}: rules.layouts"
    if name not in layouts:
        known = ", ".join(sorted(layouts)) or "none"
        raise VariantError(f"{where}: no layout named {name!r} (known: {known})")
    data = layouts[name]
    where = f"{where}.{name}"
    if not isinstance(data, dict):
        raise VariantError(f"{where}: a layout maps each player to its tiles")
    out = []
    seen: dict[int, str] = {}
    ts = variant.tileset
    for player in ("host", "guest"):
        tiles = data.get(player)
        if not isinstance(tiles, dict):
            raise VariantError(f"{where}.{player}: missing (a mapping of tile code to points)")
        for code, points in tiles.items():
            path = f"{where}.{player}.{code}"
            if code not in ts:
                raise VariantError(f"{path}: unknown tile code {code!r}")
            if not isinstance(points, list):
                raise VariantError(f"{path}: expected a list of [x, y] points")
            if len(points) != ts.by_code[code].count:
                raise VariantError(f"{path}: {len(points)} points for {ts.by_code[code].count} tiles")
            for k, p in enumerate(points):
                if (not isinstance(p, (list, tuple)) or len(p) != 2
                        or not all(isinstance(v, int) for v in p) or not on_board(*p)):
                    raise VariantError(f"{path}[{k}]: {p!r} is not a point of the board")
                i = index(*p)
                if i in seen:
                    raise VariantError(f"{path}[{k}]: ({p[0]},{p[1]}) already holds {seen[i]}")
                seen[i] = f"{player} {code}"
                out.append((i, code, player))
        missing = [k.code for k in ts.kinds if k.count and k.code not in tiles]
        if missing:
            raise VariantError(f"{where}.{player}: no points for {', '.join(missing)}")
    return out


def place_layout(game, layout) -> None:
    """Move every tile of ``layout`` from its owner's reserve onto the board."""
    st = game.state
    for i, code, owner in layout:
        st.take("reserve", owner, code)
        st.put(i, game.tileset.tile(code, owner))


def start_from_layout(game, name: str) -> None:
    """Set up a game that starts with every tile on the board: the layout ``rules.layouts.<name>``
    placed, turn 1, the variant's first player to move, the start remembered for repetition."""
    place_layout(game, read_layout(game.variant, name))
    st = game.state
    st.turn = 1
    st.to_move = game.variant.definition.get("first_player", "guest")
    st.phase = "turn"
    st.extra["seen"] = (position_key(st),)


def check_count_option(options, name: str) -> str | None:
    """The problem with option ``name``, a whole number >= 0 where 0 turns a rule off (a turn
    limit, a repetition count), as one message; None when it is fine."""
    v = options.get(name)
    if not isinstance(v, int) or isinstance(v, bool) or v < 0:
        return f"option {name} must be a whole number >= 0 (0 = off), got {v!r}"
    return None


def check_draw_options(options) -> str | None:
    """Problems with the options ``repetition`` and ``max_turns`` (whole numbers, 0 = off), as
    one message; None when they are fine."""
    for name in ("repetition", "max_turns"):
        problem = check_count_option(options, name)
        if problem:
            return problem
    if options.get("repetition") == 1:
        return "option repetition must be 0 (off) or at least 2"
    return None


def check_layout_and_draw_options(variant, options) -> str | None:
    """Problems with the options ``repetition`` and ``max_turns`` (whole numbers, 0 = off) and
    ``layout`` (a layout of the YAML), as one message; None when they are fine."""
    problem = check_draw_options(options)
    if problem:
        return problem
    try:
        read_layout(variant, options.get("layout"))
    except VariantError as exc:
        return str(exc)
    return None


# -- repetition -------------------------------------------------------------------------------

def draw_by_repetition_or_limit(state, repetition: int, max_turns: int):
    """A drawn Outcome when the latest position (``extra["seen"]``, one key per position) has
    occurred ``repetition`` times, or the turn number passed ``max_turns``; else None."""
    seen = state.extra.get("seen", ())
    if repetition and seen and seen.count(seen[-1]) >= repetition:
        return Outcome(None, "repetition", {"times": repetition})
    if max_turns and state.turn > max_turns:
        return Outcome(None, "turn limit", {"max_turns": max_turns})
    return None


def position_key(state) -> int:
    """The key repetition compares: a 64-bit Zobrist hash of the board and the player to move
    (:func:`paisho_core.zobrist.board_key`, the same in every process)."""
    return board_key(state)


def kinds_mask(state, codes, player: str) -> int:
    """Points of ``player``'s tiles whose code is in ``codes``."""
    b = state.board
    m = 0
    for i in bits(state.owned[player]):
        if b[i].kind.code in codes:
            m |= 1 << i
    return m


def draw_rules_status(state, repetition: int, max_turns: int):
    """A ``("Draw rules", text)`` status line for the repetition and turn-limit options, or None."""
    seen = state.extra.get("seen", ())
    parts = []
    if repetition:
        parts.append(f"position seen {seen.count(seen[-1]) if seen else 1}/{repetition} times")
    if max_turns:
        parts.append(f"turn {state.turn} of {max_turns}")
    return ("Draw rules", ", ".join(parts)) if parts else None
