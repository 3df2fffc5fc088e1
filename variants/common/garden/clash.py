"""Clashes: tiles of clashing codes may not see each other along a row or column."""
from __future__ import annotations

from paisho_core.board import GATES, SIZE, bits, nearest

from .roles import Roles
from .sightlines import EAST, GATES_T, NORTH, SOUTH, WEST, sight


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
        e, w, n, s = nearest(blockers, blockers_t, p)
        tile = board_[p]
        if tile is not None:
            if (GATES >> p) & 1:
                continue
            mine = partners[tile.kind.code]
            if not mine:
                continue
            for q in (e, w, n, s):
                if q >= 0 and not (GATES >> q) & 1 and board_[q] is not None and board_[q].kind.code in mine:
                    return True
        elif not (GATES >> p) & 1:  # a gate blocks lines even when empty
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
    if a < 0 or c < 0 or (GATES >> a) & 1 or (GATES >> c) & 1:
        return False
    return b[c].kind.code in partners[b[a].kind.code]


class ClashMap:
    """Where a tile would see a clashing tile, for one position: the sight lines of every
    blooming clashable tile are traced once, then every candidate (a plant of any code, any
    arrangement) is a mask test.  Gate tiles never clash; gates block sight even when empty."""

    __slots__ = ("seen", "sights", "partners", "lines", "_bad", "parts_memo")

    def __init__(self, r: Roles, masks: dict[str, int], lines: dict[int, list[int]],
                 sights: dict[int, int] | None = None, seen: dict[str, int] | None = None,
                 parts: dict[int, tuple[int, int]] | None = None) -> None:
        if sights is None or seen is None:
            sights, seen = {}, {}
            for code, m in masks.items():
                if code in r.clashable:
                    acc = 0
                    for q in bits(m & ~GATES):
                        acc |= sights.setdefault(q, sight(q, *lines[q]))
                    seen[code] = acc
        self.sights = sights
        """Points seen by each blooming tile of a clashable code."""
        self.seen = seen
        """Points seen by the blooming tiles of each clashable code."""
        self.partners = r.clash_partners
        self.lines = lines
        """The board's :func:`line_neighbours` (what :meth:`parts` reads)."""
        self._bad: dict[str, int] = {}
        self.parts_memo = {} if parts is None else parts
        """:meth:`parts` per point, carried from map to map by :meth:`updated`."""

    def updated(self, r: Roles, masks: dict[str, int], lines: dict[int, list[int]], board_,
                before: dict, changed: int, relinked: int) -> "ClashMap":
        """The map of ``board_`` (``masks``, ``lines`` its data), which differs from this map's
        board only in the tiles on ``changed`` (their old tiles: ``before[p]``, the same tile
        where ``p`` is not a key) and in the line neighbours of the tiles on ``relinked``.  The
        new map takes over this map's dicts and updates them in place: this map is not to be
        used again."""
        sights = self.sights
        parts = self.parts_memo  # a tile's parts change with its tile, its lines or a neighbour's tile
        clashable = r.clashable
        codes = set()
        m = changed | relinked
        while m:  # bits() written out, here and below: no generator per board
            low = m & -m
            m ^= low
            p = low.bit_length() - 1
            parts.pop(p, None)
            if p in sights:
                del sights[p]
                codes.add(before.get(p, board_[p]).kind.code)
            tile = board_[p]
            if tile is not None and not (GATES >> p) & 1:
                code = tile.kind.code
                if code in clashable:
                    sights[p] = sight(p, *lines[p])
                    codes.add(code)
        seen = self.seen
        for code in codes:
            m = masks.get(code)
            if m is None:
                seen.pop(code, None)
                continue
            acc = 0
            m &= ~GATES
            while m:
                low = m & -m
                m ^= low
                acc |= sights[low.bit_length() - 1]
            seen[code] = acc
        m = changed
        while m:  # a new tile in the same place: its line neighbours see it
            low = m & -m
            m ^= low
            around = lines.get(low.bit_length() - 1)
            if around is not None:
                for q in around:
                    parts.pop(q, None)
        return ClashMap(r, masks, lines, sights, seen, parts)

    def bad(self, code: str) -> int:
        """Points where a tile ``code`` would see a clashing tile (the board as it is)."""
        got = self._bad.get(code)
        if got is None:
            got = 0
            seen = self.seen
            for c in self.partners[code]:
                got |= seen.get(c, 0)
            self._bad[code] = got
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
    ce = b[e].kind.code if e >= 0 and not (GATES >> e) & 1 else None
    cw = b[w].kind.code if w >= 0 and not (GATES >> w) & 1 else None
    cn = b[n].kind.code if n >= 0 and not (GATES >> n) & 1 else None
    cs = b[so].kind.code if so >= 0 and not (GATES >> so) & 1 else None
    keep = -1
    if ce is not None and cw is not None and cw in partners[ce]:
        keep = EAST[w][e - w] | (1 << w)
    if cn is not None and cs is not None and cs in partners[cn]:
        keep &= NORTH[so][(n - so) // SIZE] | (1 << so)
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
