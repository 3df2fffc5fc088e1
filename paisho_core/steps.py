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


def hop_closure(start: int, over: int, empty: int, adjacency: int = 4) -> int:
    """Points reached from ``start`` by one or more hops.

    A hop goes from a point over a neighbouring point of ``over`` to the ``empty`` point directly
    beyond it on the same line; hops chain and may change direction.  ``start`` itself is part of
    the result only if some chain returns to it.
    """
    reached = 0
    frontier = start
    over &= PLAYABLE
    empty &= PLAYABLE
    n = SIZE
    e, w = _EAST, _WEST
    diagonal = adjacency == 8
    while frontier:
        f = frontier
        # a hop east: over the point east of f (x + 1) to the one beyond, both on the board
        nxt = ((((f << 1) & e & over) << 1) & e) | ((((f >> 1) & w & over) >> 1) & w) | (
            (((f << n) & over) << n) | (((f >> n) & over) >> n))
        if diagonal:
            nxt |= (((((f << (n + 1)) & e & over) << (n + 1)) & e)
                    | ((((f >> (n - 1)) & e & over) >> (n - 1)) & e)
                    | ((((f << (n - 1)) & w & over) << (n - 1)) & w)
                    | ((((f >> (n + 1)) & w & over) >> (n + 1)) & w))
        nxt &= empty & ~reached
        reached |= nxt
        frontier = nxt
    return reached


def step_hop_destinations(src: int, over: int, occupied: int, adjacency: int = 4,
                          combo: str = "either_side", can_hop: bool = True) -> int:
    """End points of one move of the tile on ``src``: one step and/or chains of hops.

    ``over``: the points the tile may hop over (the tile's own point is ignored).  ``combo``:
    ``"step_or_chain"`` (a single step, or a hop chain alone), ``"either_side"`` (also a step
    followed by a chain, or a chain followed by a step) or ``"both_sides"`` (chain, step, chain).
    Destinations are empty points other than ``src``.
    """
    here = 1 << src
    empty = (PLAYABLE & ~occupied) | here
    steps = step(here, empty, adjacency)
    if not can_hop:
        return steps & ~here
    over &= ~here
    chain = hop_closure(here, over, empty, adjacency)
    if combo == "step_or_chain":
        out = steps | chain
    elif combo == "both_sides":
        stepped = step(chain | here, empty, adjacency)
        out = chain | stepped | hop_closure(stepped, over, empty, adjacency)
    else:
        out = steps | chain | hop_closure(steps, over, empty, adjacency) | step(chain, empty, adjacency)
    return out & ~here


def ring(centre: int) -> tuple[int, ...]:
    """Grid indices of the 8 points around ``centre`` in clockwise order; -1 where off the board."""
    return _RINGS[centre]


_RINGS: list[tuple[int, ...]] = [()] * board.NCELLS
for _c in board.POINTS:
    _x, _y = board.coords(_c)
    _RINGS[_c] = tuple(index(_x + dx, _y + dy) if on_board(_x + dx, _y + dy) else -1
                       for dx, dy in RING_OFFSETS)


def rotated_cells(cells: list, points: tuple[int, ...], k: int, rim: str = "forbid"):
    """The contents of a ring after turning it ``k`` positions clockwise, or None if illegal.

    ``cells[j]`` is what stands on ``points[j]`` (None = empty; -1 points are off the board).
    ``rim="forbid"``: a tile carried to an off-board position makes the rotation illegal;
    ``rim="onboard_points"``: the on-board points alone form the cycle that turns.
    """
    n = len(points)
    out = [None] * n
    if rim == "onboard_points":
        live = [j for j in range(n) if points[j] >= 0]
        m = len(live)
        for a, j in enumerate(live):
            out[live[(a + k) % m]] = cells[j]
        return out
    for j in range(n):
        c = cells[j]
        if c is None:
            continue
        t = (j + k) % n
        if points[t] < 0:
            return None
        out[t] = c
    return out


def rotation_steps(points: tuple[int, ...], rim: str = "forbid") -> int:
    """How many distinct turns (1..n-1) a ring offers."""
    if rim == "onboard_points":
        return sum(1 for p in points if p >= 0)
    return len(points)


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


def check_layout_and_draw_options(variant, options) -> str | None:
    """Problems with the options ``repetition`` and ``max_turns`` (whole numbers, 0 = off) and
    ``layout`` (a layout of the YAML), as one message; None when they are fine."""
    for name in ("repetition", "max_turns"):
        v = options.get(name)
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            return f"option {name} must be a whole number >= 0 (0 = off), got {v!r}"
    if options.get("repetition") == 1:
        return "option repetition must be 0 (off) or at least 2"
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
