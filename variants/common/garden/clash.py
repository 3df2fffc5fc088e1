"""Clashes: tiles of clashing codes may not see each other along a row or column."""
from __future__ import annotations

from functools import reduce
from operator import or_

from paisho_core.board import BIT, GATES, NCELLS, SIZE, bits, nearest

from .roles import Roles
from .sightlines import EAST, GATES_T, NORTH, SOUTH, WEST, sight


IS_GATE = [bool((GATES >> p) & 1) for p in range(NCELLS)]
"""Is each point a gate?  (A list lookup, cheaper than a test of the gates' bitset.)"""
NOT_GATES = ~GATES
"""Every point but the gates (made once: ``~GATES`` makes a new integer every time)."""

# -- clashes ----------------------------------------------------------------------------------

def clash_between(state, r: Roles, a: int, b: int) -> bool:
    """Do the tiles on a and b (seen along a line) clash?  Gate tiles never clash."""
    return clash_across(state.board, r.clash_partners, a, b)


def clash_at(state, r: Roles, points) -> bool:
    """True if a clash runs through any of ``points`` on the current board.

    Valid when the board had no clash before a change confined to ``points``: every new pair of
    line neighbours then has a member on one of them or spans one of them.
    """
    blockers = state.occupied | GATES
    blockers_t = state.occupied_t | GATES_T
    board_ = state.board
    partners = r.clash_partners
    for p in points:
        if IS_GATE[p]:  # a gate tile never clashes; a gate blocks lines even when empty
            continue
        tile = board_[p]
        if tile is not None:
            mine = partners[tile.kind.code]
            if not mine:
                continue
            for q in nearest(blockers, blockers_t, p):
                if q >= 0 and not IS_GATE[q] and board_[q] is not None and board_[q].kind.code in mine:
                    return True
        else:
            e, w, n, s = nearest(blockers, blockers_t, p)
            if clash_between(state, r, e, w) or clash_between(state, r, n, s):
                return True
    return False


def any_clash(state, r: Roles) -> bool:
    """Full-board clash scan (used to validate loaded positions)."""
    blockers = state.occupied | GATES
    blockers_t = state.occupied_t | GATES_T
    for p in bits(state.occupied & ~GATES):
        e, _w, n, _s = nearest(blockers, blockers_t, p)
        if clash_between(state, r, p, e) or clash_between(state, r, p, n):
            return True
    return False


def clash_across(b, partners, a: int, c: int) -> bool:
    """Do the tiles on ``a`` and ``c`` (-1: none) clash, gate tiles never clashing?"""
    if a < 0 or c < 0 or IS_GATE[a] or IS_GATE[c]:
        return False
    return b[c].kind.code in partners[b[a].kind.code]


class ClashMap:
    """Where a tile would see a clashing tile, for one position: the sight lines of every
    blooming clashable tile are traced once, then every candidate (a plant of any code, any
    arrangement) is a mask test.  Gate tiles never clash; gates block sight even when empty."""

    __slots__ = ("seen", "sights_of", "partners", "lines", "bad_of", "parts_memo")

    def __init__(self, r: Roles, masks: dict[str, int], lines: dict[int, list[int]],
                 sights_of: dict[str, dict[int, int]] | None = None,
                 seen: dict[str, int] | None = None,
                 parts: dict[int, tuple[int, int]] | None = None,
                 bad: dict[str, int] | None = None) -> None:
        if sights_of is None or seen is None:
            sights_of, seen = {}, {}
            for code, m in masks.items():
                if code in r.clashable:
                    mine = sights_of[code] = {q: sight(q, *lines[q]) for q in bits(m & ~GATES)}
                    seen[code] = reduce(or_, mine.values(), 0)
        self.sights_of = sights_of
        """Points seen by each blooming tile of a clashable code, per code and point."""
        self.seen = seen
        """Points seen by the blooming tiles of each clashable code."""
        self.partners = r.clash_partners
        self.lines = lines
        """The board's :func:`line_neighbours` (what :meth:`parts` reads)."""
        self.bad_of: dict[str, int] = {} if bad is None else bad
        """:meth:`bad` per code as far as it was asked for, carried by :meth:`updated` (dropped
        where it changes)."""
        self.parts_memo = {} if parts is None else parts
        """:meth:`parts` per point, carried from map to map by :meth:`updated`."""

    @property
    def sights(self) -> dict[int, int]:
        """Points seen by each blooming tile of a clashable code, per point."""
        return {p: m for mine in self.sights_of.values() for p, m in mine.items()}

    def updated(self, r: Roles, masks: dict[str, int], lines: dict[int, list[int]], board_,
                before: dict, changed: int, relinked: int) -> "ClashMap":
        """The map of ``board_`` (``masks``, ``lines`` its data), which differs from this map's
        board only in the tiles on ``changed`` (their old tiles: ``before[p]``, every point of
        ``changed`` a key) and in the line neighbours of the tiles on ``relinked``.  The
        new map takes over this map's dicts and updates them in place: this map is not to be
        used again."""
        sights_of = self.sights_of
        parts = self.parts_memo  # a tile's parts change with its tile, its lines or a neighbour's tile
        clashable = r.clashable
        codes = set()
        for p, tile in before.items():  # the changed points' old tiles leave
            if tile is not None:
                code = tile.kind.code
                mine = sights_of.get(code)
                if mine is not None and mine.pop(p, None) is not None:
                    codes.add(code)
        m = changed | relinked
        while m:  # highest point first (order does not matter here): one operation per point
            p = m.bit_length() - 1
            m ^= BIT[p]
            parts.pop(p, None)
            tile = board_[p]
            if tile is not None and not IS_GATE[p]:
                code = tile.kind.code
                if code in clashable:
                    mine = sights_of.get(code)
                    if mine is None:
                        mine = sights_of[code] = {}
                    mine[p] = sight(p, *lines[p])
                    codes.add(code)
        seen = self.seen
        bad = self.bad_of
        partners = self.partners
        for code in codes:
            for other in partners[code]:  # what a tile clashing with ``code`` would see
                bad.pop(other, None)
            if code in masks:
                seen[code] = reduce(or_, sights_of[code].values(), 0)
            else:
                seen.pop(code, None)
        m = changed
        while m:  # a new tile in the same place: its line neighbours see it
            p = m.bit_length() - 1
            m ^= BIT[p]
            around = lines.get(p)
            if around is not None:
                for q in around:
                    parts.pop(q, None)
        return ClashMap(r, masks, lines, sights_of, seen, parts, bad)

    def bad(self, code: str) -> int:
        """Points where a tile ``code`` would see a clashing tile (the board as it is)."""
        got = self.bad_of.get(code)
        if got is None:
            got = 0
            seen = self.seen
            for c in self.partners[code]:
                got |= seen.get(c, 0)
            self.bad_of[code] = got
        return got

    def opened(self, b, p: int, lines: dict[int, list[int]]) -> bool:
        """Would emptying the non-gate point ``p`` let two tiles see each other and clash?"""
        e, w, n, so = lines[p]
        return clash_across(b, self.partners, e, w) or clash_across(b, self.partners, n, so)

    def lifted(self, b, s: int, code: str, lines: dict[int, list[int]],
               bad: int | None = None) -> tuple[int, int]:
        """With the tile ``code`` lifted from the non-gate point ``s``: (points it may still end
        on as far as the line across ``s`` is concerned, points where it would see a clashing
        tile).  Lifting ``s`` joins its nearest neighbours east-west and north-south: if they
        clash, the tile must end between them (or on one); a clashing partner among them now
        sees through ``s`` to the neighbour on the far side."""
        keep, extra = lifted_parts(b, self.partners, s, code, lines)
        return keep, (self.bad(code) if bad is None else bad) | extra

    def parts(self, b, s: int) -> tuple[int, int]:
        """``lifted_parts`` of the tile on the non-gate point ``s`` of this map's board ``b``
        with this map's lines, memoised per point and carried by :meth:`updated`."""
        got = self.parts_memo.get(s)
        if got is None:
            got = self.parts_memo[s] = lifted_parts(b, self.partners, s, b[s].kind.code, self.lines)
        return got


def lifted_parts(b, partners, s: int, code: str, lines: dict[int, list[int]]) -> tuple[int, int]:
    """What lifting the tile ``code`` from the non-gate point ``s`` changes, apart from the
    clashing tiles the board already shows it (see :meth:`ClashMap.lifted`): (points it may still
    end on, points it would see a clashing partner through ``s``).  It depends on ``s``'s tile,
    its line neighbours and their tiles only."""
    e, w, n, so = lines[s]
    ce = b[e].kind.code if e >= 0 and not IS_GATE[e] else None
    cw = b[w].kind.code if w >= 0 and not IS_GATE[w] else None
    cn = b[n].kind.code if n >= 0 and not IS_GATE[n] else None
    cs = b[so].kind.code if so >= 0 and not IS_GATE[so] else None
    keep = -1
    if ce is not None and cw is not None and cw in partners[ce]:
        keep = EAST[w][e - w] | BIT[w]
    if cn is not None and cs is not None and cs in partners[cn]:
        keep &= NORTH[so][(n - so) // SIZE] | BIT[so]
    extra = 0
    mine = partners[code]
    if mine:
        if cw in mine:
            extra |= EAST[w][e - w if e >= 0 else -1]
        if ce in mine:
            extra |= WEST[e][e - w if w >= 0 else -1]
        if cs in mine:
            extra |= NORTH[so][(n - so) // SIZE if n >= 0 else -1]
        if cn in mine:
            extra |= SOUTH[n][(n - so) // SIZE if so >= 0 else -1]
    return keep, extra


NO_PARTS = (-1, 0)
"""``lifted_parts`` where lifting changes nothing (a gate, or no clash rule)."""
