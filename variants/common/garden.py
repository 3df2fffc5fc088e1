"""Mechanics shared by the garden games (Skud and Fire): tile roles, clashes, derived flags,
harmonies, rings, midline counts, accent effects and notation.

Each variant's YAML tags its tiles with roles (``lotus``, ``orchid``, ``rock``, ``wheel``,
``knotweed``, ``boat``, ``pond``, ``bamboo``, ``lion_turtle``); the code here acts on roles and
groups, so a house rule that renames or recounts tiles keeps working.
"""
from __future__ import annotations

from functools import lru_cache

from paisho_core import board
from paisho_core.board import AROUND, GATES, LABEL, NCELLS, PLAYABLE, SIZE, TRANSPOSE, bits, nearest
from paisho_core.game import Harmony, Move, Outcome
from paisho_core.notation import check_points as check_point_text
from paisho_core.sight import encloses, reach, rotate_clockwise, step4, transpose_mask
from paisho_core.tiles import PLAYERS, other

ROLES = ("lotus", "orchid", "rock", "wheel", "knotweed", "boat", "pond", "bamboo", "lion_turtle")


class Roles:
    """What the hooks need to know about a variant's tiles, computed once per variant."""

    def __init__(self, variant) -> None:
        ts = variant.tileset
        self.variant = variant
        self.basic = frozenset(k.code for k in ts.kinds if k.group == "basic")
        self.special = frozenset(k.code for k in ts.kinds if k.group == "special")
        self.accent = frozenset(k.code for k in ts.kinds if k.group == "accent")
        self.flower = self.basic | self.special
        self.role: dict[str, str] = {}
        self.code: dict[str, str] = {}
        """The first tile code carrying each role."""
        self.codes: dict[str, tuple[str, ...]] = {}
        """Every tile code carrying each role (a house rule may add a second Rock-like tile)."""
        for k in ts.kinds:
            for tag in k.tags:
                if tag in ROLES:
                    self.role[k.code] = tag
                    self.code.setdefault(tag, k.code)
                    self.codes[tag] = self.codes.get(tag, ()) + (k.code,)
        self.stops = {k.code: k.stops for k in ts.kinds}
        self.basic_or_wild = self.basic | frozenset(variant.wild)
        self.orchid_codes = frozenset(self.codes.get("orchid", ()))
        self.basic_or_orchid = self.basic | self.orchid_codes
        self.move = {k.code: k.move for k in ts.kinds}
        self.clash_partners = {k.code: frozenset(variant.clash.partners(k.code)) for k in ts.kinds}
        self.clashable = frozenset(c for c, p in self.clash_partners.items() if p)
        self.harmony = variant.harmony
        self.harmonises = {k.code: frozenset(variant.harmony.partners(k.code)) for k in ts.kinds}
        """Codes each code harmonises with (``self.harmony(a, b)`` as a lookup)."""
        self.wild = variant.wild
        self.basic_order = [k.code for k in ts.kinds if k.group == "basic"]
        self.accent_order = [k.code for k in ts.kinds if k.group == "accent"]
        self.moves = MoveTable()
        groups = {"basic": self.basic, "special": self.special, "accent": self.accent,
                  "flower": self.flower, "basic_or_wild": self.basic_or_wild,
                  "basic_or_orchid": self.basic_or_orchid,
                  "drainable": self.basic | frozenset(self.codes.get("lotus", ()))}
        for role, codes in self.codes.items():
            groups[role] = frozenset(codes)
        for code, partners in self.clash_partners.items():
            groups[("clashes", code)] = partners
        self.groups_of: dict[str, tuple] = {
            k.code: tuple(name for name, codes in groups.items() if k.code in codes) for k in ts.kinds}
        """The groups (:func:`group_masks`) each tile code belongs to."""

    def is_(self, code: str, role: str) -> bool:
        return self.role.get(code) == role


class MoveTable:
    """The garden games' moves are values: a tile code going from S to E, or planted on P, is the
    same :class:`Move` in every position and every game of a variant.  A *row* lists, in point
    order, the ``(bit, Move)`` pairs a decision can choose from (every point a tile can reach on
    an empty board, every point of a planting area); it is made the first time a position asks
    for it and shared from then on.  A legal-move list is then one mask test per point of a row
    (:func:`pick`), not a new Move and notation string per candidate."""

    __slots__ = ("_rows", "_picked")

    def __init__(self) -> None:
        self._rows: dict = {}
        self._picked: dict = {}

    def region(self, s: int, dist: int, step) -> int:
        """Every point within ``dist`` steps of ``s`` on an empty board."""
        key = (s, dist, step)
        found = self._rows.get(key)
        if found is None:
            found = self._rows[key] = reach(s, dist, PLAYABLE, step)[0]
        return found

    def movers(self, step) -> dict:
        """``code -> [entry per point s]`` for tiles moving by ``step``, an entry (None until
        :meth:`mover` makes it) being ``(dist, stops, region, row, at)``: the tile's distance and
        the points it may stand on; ``region``, every point within that distance of ``s`` on an
        empty board; ``row``, the moves of a tile ``code`` from ``s`` to a point of the region
        it may stand on."""
        key = ("movers", step)
        found = self._rows.get(key)
        if found is None:
            found = self._rows[key] = {}
        return found

    def mover(self, movers: dict, code: str, s: int, dist: int, stops: int, step) -> tuple:
        """The ``movers`` entry ``(dist, stops, region, row, at)`` of a tile ``code`` on ``s``
        moving up to ``dist`` steps onto points of ``stops``, made the first time (``at``: the
        row as a dict, bit -> move)."""
        region = self.region(s, dist, step) if dist else 0
        src = LABEL[s] + "-"
        row = [(1 << e, Move("arrange", src + LABEL[e], code, s, e)) for e in bits(region & stops)]
        found = movers[code][s] = (dist, stops, region, row, dict(row))
        return found

    def get(self, key, make) -> Move:
        """The move stored under ``key``, made by ``make()`` the first time."""
        move = self._rows.get(key)
        if move is None:
            move = self._rows[key] = make()
        return move

    def place_row(self, action: str, prefix: str, code: str, region: int) -> list:
        """Moves putting a tile ``code`` on a point of ``region``, written ``prefix+code(x,y)``."""
        key = (action, prefix, code, region)
        row = self._rows.get(key)
        if row is None:
            head = prefix + code
            row = self._rows[key] = [(1 << p, Move(action, head + LABEL[p], tile=code, dst=p))
                                     for p in bits(region)]
        return row

    def place_pick(self, action: str, prefix: str, code: str, region: int, mask: int) -> list[Move]:
        """``pick(place_row(action, prefix, code, region), mask)`` (a new list), made from the
        last pick of the same row: a few points in or out are patched in (a planting area of
        a few hundred points mostly changes at a few points from one decision to the next)."""
        key = (action, prefix, code, region)
        now = mask & region
        last = self._picked.get(key)
        if last is None:
            row = self.place_row(action, prefix, code, region)
            moves = pick(row, now)
            self._picked[key] = (now, moves, row, dict(row))
        else:
            was, moves, row, at = last
            if was != now:
                moves = repicked(row, at, was, moves, now)
                self._picked[key] = (now, moves, row, at)
        return list(moves)

    def place_at(self, action: str, prefix: str, code: str, mask: int) -> list[Move]:
        """The moves of ``place_row(action, prefix, code, PLAYABLE)`` whose point is in
        ``mask``, in point order, found point by point (for a mask of a few points, where a
        scan of the whole row would cost more)."""
        key = ("at", action, prefix, code)
        at = self._rows.get(key)
        if at is None:
            at = self._rows[key] = {m.dst: m for _bit, m in
                                    self.place_row(action, prefix, code, PLAYABLE)}
        return [at[p] for p in bits(mask)]


def pick(row: list, mask: int) -> list[Move]:
    """The moves of ``row`` whose point is in ``mask``, in row order."""
    return [m for bit, m in row if mask & bit]


def repicked(row: list, at: dict, was: int, moves: list[Move], now: int) -> list[Move]:
    """``pick(row, now)`` from ``moves == pick(row, was)`` (``was``, ``now``: points of the row;
    ``at``: the row as a dict, bit -> move).  When few points differ, ``moves`` itself is
    patched, one insert or delete per point (its index: the points kept below it); else the row
    is scanned afresh."""
    diff = was ^ now
    if diff.bit_count() * PATCH_RATIO > len(row):
        return [m for bit, m in row if now & bit]
    while diff:  # in point order
        low = diff & -diff
        diff ^= low
        k = (was & (low - 1)).bit_count()
        if was & low:
            del moves[k]
        else:
            moves.insert(k, at[low])
        was ^= low
    return moves


PATCH_RATIO = 6
"""A pick is patched when at most one point in this many of its row differs (an insert or a
delete costs about as much as testing this many row entries)."""


@lru_cache(maxsize=None)
def roles(variant) -> Roles:
    return Roles(variant)


# -- masks of tiles by role -------------------------------------------------------------------

def code_masks(state) -> dict[str, int]:
    """Bitset of the points holding each tile code, in one pass over the board."""
    out: dict[str, int] = {}
    b = state.board
    m = state.occupied
    while m:
        low = m & -m
        code = b[low.bit_length() - 1].kind.code
        out[code] = out.get(code, 0) | low
        m ^= low
    return out


def mask_of_codes(masks: dict[str, int], codes) -> int:
    """Points holding any of ``codes``, from a ``code_masks`` result."""
    out = 0
    for code in codes:
        out |= masks.get(code, 0)
    return out


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


GATES_T = transpose_mask(GATES)


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


def clash_across(b, partners, a: int, c: int) -> bool:
    """Do the tiles on ``a`` and ``c`` (-1: none) clash, gate tiles never clashing?"""
    if a < 0 or c < 0 or (GATES >> a) & 1 or (GATES >> c) & 1:
        return False
    return b[c].kind.code in partners[b[a].kind.code]


class ClashMap:
    """Where a tile would see a clashing tile, for one position: the sight lines of every
    blooming clashable tile are traced once, then every candidate (a plant of any code, any
    arrangement) is a mask test.  Gate tiles never clash; gates block sight even when empty."""

    __slots__ = ("seen", "sights", "partners", "_bad")

    def __init__(self, r: Roles, masks: dict[str, int], lines: dict[int, list[int]],
                 sights: dict[int, int] | None = None, seen: dict[str, int] | None = None) -> None:
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
        self._bad: dict[str, int] = {}

    def updated(self, r: Roles, masks: dict[str, int], lines: dict[int, list[int]], board_,
                before: dict, points: int) -> "ClashMap":
        """The map of ``board_`` (``masks``, ``lines`` its data), which differs from this map's
        board only in the tiles on ``points`` (their old tiles: ``before[p]``, the same tile
        where ``p`` is not a key) or in their line neighbours.  The new map takes over this
        map's dicts and updates them in place: this map is not to be used again."""
        sights = self.sights
        clashable = r.clashable
        codes = set()
        for p in bits(points):
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
            for q in bits(m & ~GATES):
                acc |= sights[q]
            seen[code] = acc
        return ClashMap(r, masks, lines, sights, seen)

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
        e, w, n, so = lines[s]
        partners = self.partners
        ce = b[e].kind.code if e >= 0 and not (GATES >> e) & 1 else None
        cw = b[w].kind.code if w >= 0 and not (GATES >> w) & 1 else None
        cn = b[n].kind.code if n >= 0 and not (GATES >> n) & 1 else None
        cs = b[so].kind.code if so >= 0 and not (GATES >> so) & 1 else None
        keep = -1
        if ce is not None and cw is not None and cw in partners[ce]:
            keep = EAST[w][e - w] | (1 << w)
        if cn is not None and cs is not None and cs in partners[cn]:
            keep &= NORTH[so][(n - so) // SIZE] | (1 << so)
        if bad is None:
            bad = self.bad(code)
        mine = partners[code]
        if mine:
            if cw in mine:
                bad |= EAST[w][e - w if e >= 0 else -1]
            if ce in mine:
                bad |= WEST[e][e - w if w >= 0 else -1]
            if cs in mine:
                bad |= NORTH[so][(n - so) // SIZE if n >= 0 else -1]
            if cn in mine:
                bad |= SOUTH[n][(n - so) // SIZE if so >= 0 else -1]
        return keep, bad


# -- data derived from a board, memoised and carried forward ----------------------------------

def derived(game) -> dict:
    """A memo of data derived from the current board alone (code masks, flags, harmony pairs,
    the clash map ...), filled by the hooks on demand.

    It lives in ``game.cache`` (cleared by the core on every change) and is also kept as the
    game's last memo, reused when the board is again the same tile for tile: a move's after
    state is surveyed once for its bonus decision and again by the end check.  Options are fixed
    per game, so the board is the whole key.  A new memo keeps the one before it as ``prev``
    (one level only): masks, lines of sight and the clash map are then updated from the points
    that changed (see :func:`changes`) instead of rebuilt, whether the game moved on or undid.

    The update works in place: the new memo takes over the previous memo's copy of the board
    (patched at the changed points, whose old tiles it keeps as ``before``) and, key by key, the
    previous memo's dicts (see :func:`_carried`), so no board or dict is copied per decision."""
    cache = game.cache
    memo = cache.get("garden")
    if memo is None:
        st = game.state
        board_ = st.board
        memo = game.__dict__.get("_garden_memo")
        if memo is None:
            owned = st.owned
            memo = {"board": list(board_), "occupied": st.occupied,
                    "owned": (owned["host"], owned["guest"]), "prev": None, "changes": None}
            game.__dict__["_garden_memo"] = memo
        elif memo["occupied"] != st.occupied or memo["board"] != board_:
            memo = game.__dict__["_garden_memo"] = _moved_on(memo, st)
        cache["garden"] = memo
    return memo


def _moved_on(prev: dict, st) -> dict:
    """The memo of the board of ``st``, which differs from ``prev``'s: it takes over ``prev``'s
    board copy, patched, and records the changed points (:func:`changes`) and their old tiles.

    Points that changed occupancy or owner are read off the masks; a tile replaced by another of
    the same owner (a Wheel turning two neighbours, a Boat taking a flower's place) is caught by
    checking that the board patched at those points is the new one, and else by a comparison of
    every point occupied on both boards."""
    prev["prev"] = None  # one level of history is all an update needs
    board_ = prev.pop("board")
    new = st.board
    owned = st.owned
    now = (owned["host"], owned["guest"])
    (oh, og), (nh, ng) = prev["owned"], now
    found = (prev["occupied"] ^ st.occupied) | (oh ^ nh) | (og ^ ng)
    before = {}
    m = found
    while m:
        low = m & -m
        m ^= low
        p = low.bit_length() - 1
        before[p] = board_[p]
        board_[p] = new[p]
    if board_ != new:
        for p in bits(prev["occupied"] & st.occupied & ~found):
            if board_[p] != new[p]:
                found |= 1 << p
                before[p] = board_[p]
                board_[p] = new[p]
    if found.bit_count() > MAX_CHANGES:
        found = None
    return {"board": board_, "occupied": st.occupied, "owned": now, "prev": prev,
            "changes": found, "before": before}


MAX_CHANGES = 16
"""A board differing from the previous memo's at more points than this is surveyed afresh."""


def changes(memo: dict) -> int | None:
    """The points whose tile differs between ``memo``'s board and its ``prev`` memo's (a
    bitset, found by :func:`_moved_on`), or None when there is no previous memo or too much
    changed."""
    return memo["changes"]


def memoised(game, key: str, compute):
    """``compute(game)`` for the current board, memoised in :func:`derived` under ``key``."""
    memo = derived(game)
    value = memo.get(key)
    if value is None:
        value = memo[key] = compute(game)
    return value


def _carried(memo: dict, key: str):
    """(the previous memo, its value under ``key``, the changed points) when ``key`` can be
    updated rather than rebuilt, else None.  The value is taken out of the previous memo (which
    is never current again): the caller updates it in place."""
    prev = memo["prev"]
    if prev is None:
        return None
    old = prev.pop(key, None)
    if old is None:
        return None
    found = changes(memo)
    if found is None:
        return None
    return prev, old, found


def _own_code(code) -> tuple:
    return (code,)


def _moved_masks(got: dict, found: int, before: dict, after, names_of) -> dict:
    """``got`` (points per name, an empty name dropped) updated in place for the points in
    ``found``: each point leaves the names of the tile it held before (``before[p]``) and joins
    those of the tile it holds on the board ``after``; ``names_of(code)`` gives a tile code's
    names."""
    for p in bits(found):
        tile = before[p]
        if tile is not None:
            keep = ~(1 << p)
            for name in names_of(tile.kind.code):
                m = got[name] & keep
                if m:
                    got[name] = m
                else:
                    del got[name]
        tile = after[p]
        if tile is not None:
            bit = 1 << p
            for name in names_of(tile.kind.code):
                got[name] = got.get(name, 0) | bit
    return got


def board_masks(game) -> dict[str, int]:
    """Points per tile code of the current board (codes with no tile have no entry)."""
    memo = derived(game)
    got = memo.get("masks")
    if got is None:
        carried = _carried(memo, "masks")
        if carried is None:
            got = code_masks(game.state)
        else:
            prev, old, found = carried
            got = _moved_masks(old, found, memo["before"], memo["board"], _own_code)
        memo["masks"] = got
    return got


def group_masks(game) -> dict:
    """Points per group of tile codes on the current board: ``basic``, ``special``,
    ``accent``, ``flower``, each role (``lotus``, ``rock`` ...), ``basic_or_wild``,
    ``basic_or_orchid``, ``drainable`` (basic flowers and Lotus tiles) and ``("clashes", code)``
    (the tiles a tile ``code`` clashes with).  A group with no tile has no entry."""
    memo = derived(game)
    got = memo.get("groups")
    if got is None:
        groups_of = roles(game.variant).groups_of
        carried = _carried(memo, "groups")
        if carried is None:
            got = {}
            for code, m in board_masks(game).items():
                for name in groups_of[code]:
                    got[name] = got.get(name, 0) | m
        else:
            prev, old, found = carried
            got = _moved_masks(old, found, memo["before"], memo["board"], groups_of.__getitem__)
        memo["groups"] = got
    return got


def _link(out: dict, e: int, w: int, n: int, s: int, we: int, ew: int, sn: int, ns: int) -> int:
    """Set the west neighbour of ``e`` to ``we``, the east one of ``w`` to ``ew``, the south one
    of ``n`` to ``sn`` and the north one of ``s`` to ``ns`` (-1 points skipped) in the
    ``line_neighbours`` dict ``out`` (its entries changed in place); returns the points
    changed."""
    touched = 0
    if e >= 0:
        out[e][1] = we
        touched |= 1 << e
    if w >= 0:
        out[w][0] = ew
        touched |= 1 << w
    if n >= 0:
        out[n][3] = sn
        touched |= 1 << n
    if s >= 0:
        out[s][2] = ns
        touched |= 1 << s
    return touched


def relinked(out: dict, blockers: int, blockers_t: int, flipped: int) -> tuple[dict, int]:
    """``line_neighbours`` of ``blockers`` from ``out``, those of a blocker set that differs at
    the points ``flipped`` (updated in place), and the blockers whose entry changed.  A removed
    blocker is spliced out (its neighbours east and west, north and south now see each other);
    an added one is spliced in between its nearest blockers, found among the blockers so far."""
    touched = 0
    added = 0
    for p in bits(flipped):
        around = out.pop(p, None)
        if around is None:
            added |= 1 << p
            continue
        e, w, n, s = around
        touched |= _link(out, e, w, n, s, w, e, s, n)
    if added:
        now, now_t = blockers & ~added, blockers_t
        for p in bits(added):
            now_t &= ~(1 << TRANSPOSE[p])
        for p in bits(added):
            now |= 1 << p
            now_t |= 1 << TRANSPOSE[p]
            e, w, n, s = nearest(now, now_t, p)
            out[p] = [e, w, n, s]
            touched |= (1 << p) | _link(out, e, w, n, s, p, p, p, p)
    return out, touched & blockers


def lines(game) -> dict[int, list[int]]:
    """``line_neighbours`` of the tiles and gates of the current board."""
    memo = derived(game)
    got = memo.get("lines")
    if got is None:
        st = game.state
        blockers, blockers_t = st.occupied | GATES, st.occupied_t | GATES_T
        carried = _carried(memo, "lines")
        if carried is None:
            got = line_neighbours(blockers, blockers_t)
            memo["relinked"] = None
        else:
            prev, old, _found = carried
            got, memo["relinked"] = relinked(old, blockers, blockers_t,
                                             (prev["occupied"] ^ memo["occupied"]) & ~GATES)
        memo["lines"] = got
    return got


def clash_map(game) -> ClashMap:
    """The clash map of the current board, updated from the previous memo's where it can be:
    only tiles that changed or got new line neighbours see anything new."""
    memo = derived(game)
    got = memo.get("clash")
    if got is None:
        r = roles(game.variant)
        masks, lines_ = board_masks(game), lines(game)
        carried = _carried(memo, "clash")
        touched = memo.get("relinked")
        if carried is None or touched is None:
            got = ClashMap(r, masks, lines_)
        else:
            prev, old, found = carried
            got = old.updated(r, masks, lines_, memo["board"], memo["before"], found | touched)
        memo["clash"] = got
    return got


# -- harmonies --------------------------------------------------------------------------------

def line_cancelled(rock_mask: int, a: int, horizontal: bool) -> bool:
    """Is the row (horizontal) or column of point ``a`` holding a tile of ``rock_mask``?"""
    row, col = divmod(a, board.SIZE)
    if horizontal:
        return bool((rock_mask >> (row * board.SIZE)) & board.ROW_MASK)
    return bool(rock_mask & (_COLUMN << col))


_COLUMN = sum(1 << (k * board.SIZE) for k in range(board.SIZE))


def harmony_pairs(game, able: int, status: int, fixed: int, pairs_at) -> list:
    """The harmony pairs ``(a, b, owners)`` of the current board, ``a`` ascending: the pairs
    ``pairs_at(a)`` gives for each tile ``a`` of ``able`` (with its nearest tile east, then
    north), memoised in :func:`derived`.

    Carried from the previous memo's pairs when it can be: a tile's pairs change only if it, its
    line neighbours or its ``status`` changed (``status``: a bitset the variant derives from the
    board, drained or boosted tiles; it must capture every non-local effect but those of
    ``fixed``).  ``fixed``: the tiles whose presence changes pairs far away (Rocks cancelling
    rows and columns, Lion Turtles); when one of them changed, every pair is recomputed."""
    memo = derived(game)
    got = memo.get("pairs")
    if got is not None:
        return got
    lines_ = lines(game)
    carried = _carried(memo, "pair_map")
    touched = memo.get("relinked")
    if carried is not None and touched is not None:
        prev, old, found = carried
        if found & (fixed | prev["pair_fixed"]) or fixed != prev["pair_fixed"]:
            carried = None
    if carried is None or touched is None:
        pair_map = {}
        for a in bits(able):
            got = pairs_at(a)
            if got:
                pair_map[a] = got
    else:
        changed = found | (prev["pair_status"] ^ status)
        again = changed | touched
        for p in bits(changed):
            around = lines_.get(p)
            if around is not None:
                w, so = around[1], around[3]
                if w >= 0:
                    again |= 1 << w
                if so >= 0:
                    again |= 1 << so
        pair_map = old
        for a in bits(again):
            got = pairs_at(a) if (able >> a) & 1 else None
            if got:
                pair_map[a] = got
            else:
                pair_map.pop(a, None)
    memo["pair_map"], memo["pair_status"], memo["pair_fixed"] = pair_map, status, fixed
    out: list = []
    for a in sorted(pair_map):
        out += pair_map[a]
    memo["pairs"] = out
    return out


def harmony_list(state, pairs):
    """Harmony objects from (a, b, owners) triples, each tile pair once."""
    out = []
    for a, b, owners in pairs:
        out.append(Harmony(board.coords(a), board.coords(b), owners[0], board.crosses_midline(a, b),
                           tuple(owners)))
    return out


def ring_winners(pairs) -> list[str]:
    """Players owning a ring: a cycle of their harmonies around the centre (see sight.encloses)."""
    winners = []
    for player in PLAYERS:
        edges = [(a, b) for a, b, owners in pairs if player in owners]
        if len(edges) >= 4 and encloses(edges):
            winners.append(player)
    return winners


def midline_counts(pairs) -> dict[str, int]:
    counts = {p: 0 for p in PLAYERS}
    for a, b, owners in pairs:
        if board.crosses_midline(a, b):
            for o in owners:
                counts[o] += 1
    return counts


def ring_or_count_outcome(pairs, count_ending: bool, count_reason: str):
    """Ring first (one player wins, both: draw); else, if ``count_ending``, most midline-crossing
    harmonies wins."""
    winners = ring_winners(pairs)
    if winners:
        if len(winners) == 2:
            return Outcome(None, "harmony rings for both players", {"rings": winners})
        return Outcome(winners[0], "harmony ring")
    if count_ending:
        counts = midline_counts(pairs)
        detail = {"midline_crossing": counts, "ending": count_reason}
        if counts["host"] == counts["guest"]:
            return Outcome(None, f"{count_reason}; midline-crossing harmonies tied "
                                 f"{counts['host']}-{counts['guest']}", detail)
        winner = "host" if counts["host"] > counts["guest"] else "guest"
        return Outcome(winner, f"{count_reason}; more midline-crossing harmonies "
                               f"({counts[winner]}-{counts[other(winner)]})", detail)
    return None


# -- arranging --------------------------------------------------------------------------------

_NOT_FIRST_COLUMN = ~_COLUMN
_NOT_LAST_COLUMN = ~(_COLUMN << (SIZE - 1))


def reach4(s: int, dist: int, empty: int) -> int:
    """Every point a path of up to ``dist`` orthogonal steps from ``s`` through ``empty`` points
    reaches, ``s`` excluded: its empty points are landings, its occupied ones captures (the
    same sets as :func:`paisho_core.sight.reach`, one bitset, the step written out)."""
    if dist <= 0:
        return 0
    frontier = _STEP4[s] & empty  # the first step read from a table
    unseen = _FIRST_UNSEEN[s]
    for _ in range(dist - 1):
        if not frontier:
            break
        f = frontier
        nxt = (((f << 1) & _NOT_FIRST_COLUMN) | ((f >> 1) & _NOT_LAST_COLUMN)
               | (f << SIZE) | (f >> SIZE)) & unseen
        if not nxt:
            break
        unseen ^= nxt
        frontier = nxt & empty
    return _NOT_SELF[s] & ~unseen


_STEP4 = [step4(1 << p) for p in range(NCELLS)]
"""The playable points one orthogonal step from each point."""
_NOT_SELF = [PLAYABLE & ~(1 << p) for p in range(NCELLS)]
_FIRST_UNSEEN = [PLAYABLE & ~(1 << p) & ~_STEP4[p] for p in range(NCELLS)]
"""The points a reach from each point has not met after its first step."""


class MoverMemo:
    """A game's memory of each tile's last moves, one entry per point (so it stays small):
    ``reach[s] = (occupied points within dist of s, the tile's move-table entry, points
    reached, empty points reached where it may stand)`` and
    ``picks[s] = (end points, code, moves)``.  Both are keyed by everything their value depends
    on, so a hit is exact whatever happened in between; most tiles see nothing change around
    them from one turn of their owner to the next."""

    __slots__ = ("reach", "picks")

    def __init__(self) -> None:
        self.reach: dict[int, tuple] = {}
        self.picks: dict[int, tuple] = {}


def mover_memo(game) -> MoverMemo:
    memo = game.__dict__.get("_garden_movers")
    if memo is None:
        memo = game.__dict__["_garden_movers"] = MoverMemo()
    return memo


class Arranging:
    """The rules of one position's arrangements: ``lines``, the position's
    :func:`line_neighbours`; ``clash``, its clash map (None: no clash rule); ``immobile``,
    points whose tiles may not move (trapped); ``capture(mover)``, the points whose tiles
    ``mover`` may capture (None: a move never ends on an occupied point); ``protected``, points
    that can never be captured; ``step``, the one-step move; ``memo``, the game's
    :class:`MoverMemo` (None: none)."""

    __slots__ = ("lines", "clash", "immobile", "capture", "protected", "step", "memo")

    def __init__(self, lines: dict[int, list[int]], clash: ClashMap | None, immobile: int = 0,
                 capture=None, protected: int = 0, step=step4,
                 memo: MoverMemo | None = None) -> None:
        self.lines = lines
        self.clash = clash
        self.immobile = immobile
        self.capture = capture
        self.protected = protected
        self.step = step
        self.memo = memo


def _arrange(state, r: Roles, player: str, how: Arranging, first: bool = False):
    """Every move of one of ``player``'s tiles, in point order (``first``: True as soon as one
    tile can move, else False).  A tile moves along a clear path up to its distance, to a point
    it may stand on, a capture only where allowed.  The clash test is local: with the mover
    lifted from S, the pair of line neighbours across S must not clash (unless the mover lands
    between them or captures one of them), and the mover on E must not see a clashing tile along
    its row or column (see ClashMap.lifted).  The game's :class:`MoverMemo` keeps each tile's
    reach and moves while nothing they depend on changes."""
    b = state.board
    occ = state.occupied
    empty = PLAYABLE & ~occ
    move_of, stops_of = r.move, r.stops
    clash, capture, step, lines_ = how.clash, how.capture, how.step, how.lines
    memo = how.memo
    reached, picks = (memo.reach, memo.picks) if memo is not None else ({}, {})
    table = r.moves
    movers = table.movers(step)
    capturable = ~(GATES | how.protected)
    out: list[Move] = []
    per_code: dict = {}  # code -> (points its tiles may capture, points where it would clash)
    todo = state.owned[player] & ~how.immobile
    while todo:  # the tiles in point order (bits() written out: no generator per list)
        low = todo & -todo
        todo ^= low
        s = low.bit_length() - 1
        tile = b[s]
        code = tile.kind.code
        at = movers.get(code)
        if at is None:
            at = movers[code] = [None] * NCELLS
        found = at[s]
        if found is None:
            found = table.mover(movers, code, s, move_of.get(code, 0), stops_of[code], step)
        dist, stops, region, row, at_bit = found
        if not dist:
            continue
        local = occ & region
        hit = reached.get(s)
        if hit is not None and hit[0] == local and hit[1] is found:
            seen, cand = hit[2], hit[3]
        else:
            if step is step4:
                seen = reach4(s, dist, empty)
            else:
                landing, touched = reach(s, dist, empty, step)
                seen = landing | touched
            cand = seen & empty & stops
            reached[s] = (local, found, seen, cand)
        known = per_code.get(code)
        if known is None:  # every tile here has the same owner: the code decides both
            known = per_code[code] = (0 if capture is None else capture(tile),
                                      0 if clash is None else clash.bad(code))
        targets, bad = known
        if targets:
            cand |= seen & local & stops & capturable & targets
        if not cand:
            continue
        if clash is not None:
            if (GATES >> s) & 1:  # gates block lines whether or not they hold a tile
                cand &= ~bad
            else:
                keep, bad_here = clash.lifted(b, s, code, lines_, bad)
                cand &= keep & ~bad_here
            if not cand:
                continue
        if first:
            return True
        hit = picks.get(s)
        if hit is not None and hit[1] == code:
            if hit[0] == cand:
                out += hit[2]
                continue
            # the memo's own list, patched where few end points differ (``out`` copies items)
            moves = repicked(row, at_bit, hit[0], hit[2], cand)
        else:
            moves = [m for bit, m in row if cand & bit]
        picks[s] = (cand, code, moves)
        out += moves
    return False if first else out


def arrangements(state, r: Roles, player: str, how: Arranging) -> list[Move]:
    """Every move of one of ``player``'s tiles (see :func:`_arrange`)."""
    return _arrange(state, r, player, how)


def can_arrange(state, r: Roles, player: str, how: Arranging) -> bool:
    """Has ``player`` at least one arrangement?  (Stops at the first tile that can move.)"""
    return _arrange(state, r, player, how, True)


def end_of_turn_outcome(game, pair_list, count_ending: bool, count_reason: str):
    """The garden games' end check at a turn boundary: a ring, else the midline count when
    ``count_ending``, else a draw if the player to move has no legal decision at all."""
    outcome = ring_or_count_outcome(pair_list, count_ending, count_reason)
    if outcome is None and not game.has_legal_move():
        outcome = Outcome(None, "no legal move", {"stuck": game.state.to_move})
    return outcome


# -- accents ----------------------------------------------------------------------------------

def wheel_rotation(state, r: Roles, centre: int):
    """The moves ``[(src, dst)]`` a Wheel on ``centre`` makes, or None if it may not go there.

    Refused when a surrounding point is an occupied gate or holds a Rock, or when a surrounding
    tile would rotate off the board, onto a gate or onto a point it may not stand on.
    """
    moves = []
    b = state.board
    rocks = r.codes.get("rock", ())
    for q in bits(AROUND[centre]):
        tile = b[q]
        if (GATES >> q) & 1:
            if tile is not None:
                return None
            continue
        if tile is None:
            continue
        if tile.kind.code in rocks:
            return None
        dst = rotate_clockwise(centre, q)
        if dst < 0 or (GATES >> dst) & 1:
            return None
        code = tile.kind.code
        if code in r.basic and not (r.stops[code] >> dst) & 1:
            return None
        moves.append((q, dst))
    return moves


def placement_mask(clash: ClashMap, code: str, points: int) -> int:
    """The points of ``points`` where a new tile ``code`` would see no clashing tile."""
    return points & ~clash.bad(code)


def accent_moves(game, state, r: Roles, player: str, code: str, check: bool, boat_sep: str = "-"):
    """Placements of the accent ``code`` shared by the garden games, as Moves written
    ``+CODE(x,y)`` (Boat on a flower: ``+B(x1,y1)<sep>(x2,y2)``).  None for a role handled
    elsewhere."""
    role = r.role.get(code)
    occ = state.occupied
    free = PLAYABLE & ~GATES & ~occ
    table = r.moves
    if role in ("rock", "knotweed", "pond", "lion_turtle"):
        return table.place_pick("accent", "+", code, PLAYABLE & ~GATES, free)
    if role == "wheel":
        tile = game.tileset.tile(code, player)
        ok = free & ~board.step8(occ)  # nothing around: nothing turns
        for p in bits(free & ~ok):
            moves = wheel_rotation(state, r, p)
            if moves is None or (check and moves and _wheel_clashes(state, r, p, tile, moves)):
                continue
            ok |= 1 << p
        return table.place_pick("accent", "+", code, PLAYABLE & ~GATES, ok)
    if role == "boat":
        return _boat_moves(game, state, r, player, code, check, boat_sep)
    return None


class Overlay:
    """A copy of a position's board and occupancy masks (what :func:`clash_at` reads) to try a
    change on, leaving the game, its position key and its undo log untouched."""

    __slots__ = ("board", "occupied", "occupied_t")

    def __init__(self, state) -> None:
        self.board = state.board.copy()
        self.occupied = state.occupied
        self.occupied_t = state.occupied_t

    def set(self, i: int, tile) -> None:
        """Put ``tile`` (None: nothing) on point ``i``."""
        self.board[i] = tile
        if tile is None:
            self.occupied &= ~(1 << i)
            self.occupied_t &= ~(1 << TRANSPOSE[i])
        else:
            self.occupied |= 1 << i
            self.occupied_t |= 1 << TRANSPOSE[i]


def _wheel_clashes(state, r: Roles, p: int, tile, moves) -> bool:
    """Would a Wheel put on ``p``, turning ``moves``, leave a clash?  (Tried on an
    :class:`Overlay`.)"""
    view = Overlay(state)
    b = state.board
    for src, _dst in moves:
        view.set(src, None)
    for src, dst in moves:
        view.set(dst, b[src])
    view.set(p, tile)
    return clash_at(view, r, [p] + [m for mv in moves for m in mv])


def _boat_moves(game, state, r: Roles, player: str, code: str, check: bool, sep: str) -> list[Move]:
    """A Boat on an accent (both leave the game) or on a flower, which moves to a surrounding
    point."""
    b = state.board
    occ = state.occupied
    table = r.moves
    clash = clash_map(game) if check else None
    lines_ = lines(game)
    partners = r.clash_partners
    out = []
    for p in bits(occ & ~GATES):
        target = b[p]
        tc = target.kind.code
        if tc in r.accent:
            if clash is not None and clash.opened(b, p, lines_):
                continue
            out.append(table.get(("accent", code, p), lambda: Move(
                "accent", f"+{code}{LABEL[p]}", tile=code, dst=p)))
            continue
        if clash is None or not (partners[code] or tc in partners[tc]):
            # the flower on its new point sees a clashing tile iff it sees one from there now
            allowed = r.stops[tc] if tc in r.basic else PLAYABLE & ~GATES
            dests = AROUND[p] & ~occ & ~GATES & allowed
            if clash is not None:
                dests &= ~clash.bad(tc)
            dests = bits(dests)
        else:
            dests = boat_flower_destinations(state, r, p, game.tileset.tile(code, player), True)
        for q in dests:
            out.append(table.get(("boat", code, p, q, sep), lambda: Move(
                "accent", f"+{code}{LABEL[p]}{sep}{LABEL[q]}", tile=code, dst=p, aux=q)))
    return out


def apply_accent(game, state, r: Roles, move, player: str) -> bool:
    """Put an accent placed by ``accent_moves`` on the board; False for other roles."""
    tile = game.tileset.tile(move.tile, player)
    role = r.role.get(move.tile)
    p = move.dst
    if role == "wheel":
        moves = wheel_rotation(state, r, p)
        state.put(p, tile)
        rotate(state, moves)
    elif role == "boat":
        if move.aux is None:
            state.lift(p)  # the accent and the Boat both leave the game
        else:
            state.relocate(p, move.aux)
            state.put(p, tile)
    elif role in ("rock", "knotweed", "pond", "lion_turtle"):
        state.put(p, tile)
    else:
        return False
    return True


def new_harmony(state, before_pairs, after_pairs, player: str) -> bool:
    """Does ``player`` own a harmony after a change between two tiles that did not form a
    ``player``-owned harmony before it?  Tiles are told apart by identity, so a tile that moves
    and keeps its partner forms nothing new (reference 2.11)."""
    ident = state.ident
    before = before_pairs
    return any(frozenset((ident[a], ident[q])) not in before
               for a, q, owners in after_pairs if player in owners)


def harmony_idents(state, pair_list, player: str) -> set:
    ident = state.ident
    return {frozenset((ident[a], ident[q])) for a, q, owners in pair_list if player in owners}


def end_turn(state) -> None:
    """Pass the turn: Guest then Host make one turn number."""
    state.phase = "turn"
    state.next_turn("guest")


def rotate(state, moves) -> None:
    """Move every (src, dst) at once, keeping tile identities."""
    lifted = [(dst, state.ident[src], state.lift(src)) for src, dst in moves]
    for dst, ident, tile in lifted:
        state.put(dst, tile, ident)


def boat_flower_destinations(state, r: Roles, target: int, boat_tile, check_clash: bool) -> list[int]:
    """Points the flower on ``target`` may be moved to when a Boat lands on it."""
    flower = state.board[target]
    allowed = r.stops[flower.kind.code] if flower.kind.code in r.basic else PLAYABLE & ~GATES
    out = []
    ident = state.ident[target]
    for q in bits(AROUND[target] & ~state.occupied & ~GATES & allowed):
        state.lift(target)
        state.put(q, flower, ident)
        state.put(target, boat_tile, -1)  # scratch placement: no new identity
        bad = check_clash and clash_at(state, r, (target, q))
        state.lift(target)
        state.lift(q)
        state.put(target, flower, ident)
        if not bad:
            out.append(q)
    return out


# -- notation ---------------------------------------------------------------------------------

def split_bonus(body: str) -> tuple[str, str | None]:
    """Split a turn body at its bonus marker (``+`` or the legacy ``_``)."""
    body = body.replace(" ", "").replace("_", "+")
    if "+" in body:
        head, bonus = body.split("+", 1)
        return head, "+" + bonus
    return body, None





__all__ = ["check_point_text", "Roles", "roles", "clash_at", "any_clash", "harmony_list", "ring_winners",
           "midline_counts", "wheel_rotation", "rotate", "boat_flower_destinations", "LABEL"]
