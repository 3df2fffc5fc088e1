"""What the Iroh hooks need to know about the tile kinds, read once per variant from YAML tags.

The tags are listed at the top of ``iroh.yaml``; the hooks only ever ask about tags, so a house
rule that renames, recounts or re-tags tiles keeps working.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import count

from paisho_core import board

from .geometry import RAYS

_SERIALS = count()

TAGS = ("harmonizer", "double_harmony", "lotus", "through_rocks", "rock", "knotweed", "unfrozen",
        "burns_knotweed", "captures", "capturable", "bends", "leaps", "placed_anywhere")


class Roles:
    """Tile codes per tag, movement and areas, and the home points, for one variant."""

    def __init__(self, variant) -> None:
        self.serial = next(_SERIALS)
        """A number no other Roles has (memo keys of plain numbers and strings are not tracked
        by the garbage collector, unlike keys holding the Roles)."""
        kinds = variant.tileset.kinds
        self.order = [k.code for k in kinds]
        self.tagged: dict[str, frozenset[str]] = {
            tag: frozenset(k.code for k in kinds if tag in k.tags) for tag in TAGS}
        t = self.tagged
        self.harmonizer = t["harmonizer"]
        self.double = t["double_harmony"]
        self.lotus = t["lotus"]
        self.earth = t["through_rocks"]
        self.rock = t["rock"]
        self.knotweed = t["knotweed"]
        self.unfrozen = t["unfrozen"]
        self.burner = t["burns_knotweed"]
        self.captures = t["captures"]
        self.capturable = t["capturable"]
        self.bends = t["bends"]
        self.leaps = t["leaps"]
        self.anywhere = t["placed_anywhere"]
        self.move = {k.code: k.move for k in kinds}
        self.moving_harmonizer = frozenset(c for c in self.harmonizer if self.move.get(c))
        self.moving_order = tuple(c for c in self.order if c in self.moving_harmonizer)
        """The codes of ``moving_harmonizer`` in the tile set's order."""
        self.area = {k.code: k.stops for k in kinds}
        self.freezable = frozenset(c for c in self.order if c not in self.unfrozen and self.move.get(c))
        """The kinds a Knotweed holds still (those that move, less the unfrozen ones)."""
        self.lanes = {code: _lanes(self.area[code], self.move[code])
                      for code in self.order if self.move[code] and code not in self.bends}
        homes = (variant.rules_config or {}).get("home") or {"host": [0, 8], "guest": [0, -8]}
        self.home = {p: board.index(*xy) for p, xy in homes.items()}
        self.reserves: dict = {}
        """:func:`reserve_reading`'s memo."""
        self.packed: dict = {}
        """The approach's packed line costs per tile (:func:`.approach._pack`)."""
        self.homes = 0
        for i in self.home.values():
            self.homes |= 1 << i


def _lanes(area: int, distance: int) -> list[tuple[tuple[int, ...], ...]]:
    """For every point, the four straight paths a tile of this area and reach may take: each
    ray cut at ``distance`` points or at the first point outside ``area``."""
    out: list[tuple[tuple[int, ...], ...]] = [()] * board.NCELLS
    for i in board.POINTS:
        lanes = []
        for ray in RAYS[i]:
            lane = []
            for j in ray[:distance]:
                if not area >> j & 1:
                    break
                lane.append(j)
            lanes.append(tuple(lane))
        out[i] = tuple(lanes)
    return out


def role_mask(game, name: str) -> int:
    """:func:`mask_of` the codes of the role ``name`` (an attribute of :class:`Roles`), read
    once per position, from the points of each kind (:func:`kind_masks`): the roles the
    evaluation asks about (:data:`ROLE_NAMES`) all at once, any other on first use."""
    found = game.cache.get("role masks")
    if found is None:
        found = game.cache["role masks"] = _role_masks(game, ROLE_NAMES)
    m = found.get(name)
    if m is None:
        m = found[name] = _role_masks(game, (name,))[name]
    return m


ROLE_NAMES = ("harmonizer", "moving_harmonizer", "double", "lotus", "rock", "knotweed", "freezable")
"""The roles whose points :func:`role_mask` reads together at a position."""


def _role_masks(game, names) -> dict:
    kinds = kind_masks(game)
    r = roles(game.variant)
    out = {}
    for name in names:
        m = 0
        for code in getattr(r, name):
            m |= kinds.get(code, 0)
        out[name] = m
    return out


def kind_masks(game) -> dict:
    """The points holding each kind of tile (code -> bitset, either owner), read off the
    state's tile masks once per position (the roles' masks are then a few unions)."""
    found = game.cache.get("kind masks")
    if found is None:
        found = game.cache["kind masks"] = {}
        for tile, points in game.state.tile_masks.items():
            if points:
                code = tile.kind.code
                found[code] = found.get(code, 0) | points
    return found


_NO_PILE: dict = {}


def reserve_of(state, player: str) -> dict:
    """``player``'s reserve (code -> count), to read only: unlike ``state.pile`` it never copies
    a pile the game's history still shares (the evaluation reads the reserves at every position
    it scores)."""
    return state.piles.get("reserve", _NO_PILE).get(player, _NO_PILE)


def reserve_reading(game, player: str) -> tuple[int, tuple, int]:
    """``(harmonizers, entering, rocks)`` of ``player``'s reserve: how many harmonizers it
    holds, ``(code, min(n, 2))`` for each kind of harmonizer that moves it holds ``n`` of (in
    the reserve's order), and how many Rocks: what the evaluation reads of it at every position
    (once per position).  A reserve changes only when its owner places a tile, so the readings
    are remembered by its contents."""
    key = _RESERVE_KEY[player]
    found = game.cache.get(key)
    if found is None:
        r = roles(game.variant)
        pile = reserve_of(game.state, player)
        items = tuple(pile.items())
        found = r.reserves.get(items)
        if found is None:
            if len(r.reserves) >= _RESERVES_KEPT:
                r.reserves.clear()
            harmonizer, move = r.harmonizer, r.move
            found = r.reserves[items] = (
                sum(n for code, n in items if code in harmonizer),
                tuple((code, min(n, 2)) for code, n in items if n and code in harmonizer and move.get(code)),
                sum(n for code, n in items if code in r.rock))
        game.cache[key] = found
    return found


_RESERVE_KEY = {"host": "reserve host", "guest": "reserve guest"}
"""The cache keys of :func:`reserve_reading` per player."""
_RESERVES_KEPT = 4096
"""At most this many reserves' readings are remembered per variant (then the memo starts afresh)."""


def masks_of(state, codes, others) -> tuple[int, int]:
    """:func:`mask_of` ``codes`` and ``others`` in one pass over the tile masks."""
    m = n = 0
    for tile, points in state.tile_masks.items():
        if points:
            code = tile.kind.code
            if code in codes:
                m |= points
            if code in others:
                n |= points
    return m, n


def mask_of(state, codes) -> int:
    """The points holding a tile whose code is in ``codes``, read off the state's tile masks
    (one entry per kind and owner, kept by the core) instead of a pass over the board."""
    m = 0
    for tile, points in state.tile_masks.items():
        if points and tile.kind.code in codes:
            m |= points
    return m


@lru_cache(maxsize=None)
def roles(variant) -> Roles:
    return Roles(variant)
