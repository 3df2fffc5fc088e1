"""The mechanics of Basic Pai Sho: what a tile may do, what stands in harmony, what scores.

Line numbers (``Lnnn``) refer to chapter 1 of
``shared/rules/official-rules-book-basic-iroh-3piece-modern-skud-ancient.txt``; the rulings the
code makes where the book is silent (``B1``...) are explained on docs/variants/basic/rulings.md.

Everything here works on bitsets of grid indices (see :mod:`paisho_core.board`) and is computed
once per decision: :class:`Scan` holds the derived data of one state.
"""
from __future__ import annotations

from functools import lru_cache

from paisho_core import board
from paisho_core.board import AROUND, LABEL, ORTHO, PLAYABLE, bits, coords, index, nearest, on_board, transpose
from paisho_core.sight import encloses, reach, step4, transpose_mask
from paisho_core.tiles import PLAYERS, other

# The four orthogonal directions, in the order the notation names them.
DIRECTIONS = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
# The eight points around a point, clockwise from the north-west corner (Wheel ring, B11).
RING = ((-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0))

SIDE = {"guest": 0, "host": 0}
for _i in board.POINTS:
    _y = coords(_i)[1]
    if _y < 0:
        SIDE["guest"] |= 1 << _i
    elif _y > 0:
        SIDE["host"] |= 1 << _i

NEAR3: list[int] = [0] * board.NCELLS
"""Points at Chebyshev distance <= 3 of each point (protection by a White Lotus, B24)."""
NEAR3_STEPS: list[int] = [0] * board.NCELLS
"""Points at most 3 steps along lines from each point (Manhattan distance, B24 option)."""
for _i in board.POINTS:
    _x, _y = coords(_i)
    _m = _s = 0
    for _dx in range(-3, 4):
        for _dy in range(-3, 4):
            if on_board(_x + _dx, _y + _dy):
                _m |= 1 << index(_x + _dx, _y + _dy)
                if abs(_dx) + abs(_dy) <= 3:
                    _s |= 1 << index(_x + _dx, _y + _dy)
    NEAR3[_i] = _m
    NEAR3_STEPS[_i] = _s


class Info:
    """What the rules need to know about the variant's tiles and areas, computed once."""

    def __init__(self, variant) -> None:
        ts = variant.tileset
        cfg = variant.rules_config
        sets = variant.point_sets
        self.ports = 0
        for name in cfg["ports"]:
            self.ports |= sets[name]
        self.home = {p: sets[cfg["home"][p]] for p in PLAYERS}
        self.flowers = frozenset(k.code for k in ts.kinds if k.group == "flower")
        self.non_flowers = frozenset(k.code for k in ts.kinds if k.group == "non_flower")
        self.specials = frozenset(k.code for k in ts.kinds if k.group == "special")
        self.colour = {k.code: k.colour for k in ts.kinds}
        self.move = {k.code: k.move for k in ts.kinds}
        self.tags = {k.code: k.tags for k in ts.kinds}
        self.role: dict[str, str] = {}
        for k in ts.kinds:
            for tag in ("knotweed", "wheel", "boat", "rock", "dragon", "lotus"):
                if tag in k.tags:
                    self.role[k.code] = tag
        self.codes_of = {r: frozenset(c for c, rr in self.role.items() if rr == r)
                         for r in ("knotweed", "wheel", "boat", "rock", "dragon", "lotus")}
        self.motion = {}
        for k in ts.kinds:
            kind = next((t for t in ("straight", "l_move", "path", "leap") if t in k.tags), None)
            self.motion[k.code] = kind if k.move else None
        self.boat_immune = frozenset(k.code for k in ts.kinds if "boat_immune" in k.tags)
        # Where a tile may end a move: its garden colour (L225-227), never a port (L223).
        self.stops = {k.code: k.stops & ~self.ports for k in ts.kinds}
        self.harmony_partners = {k.code: frozenset(variant.harmony.partners(k.code)) & self.flowers
                                 for k in ts.kinds}
        self.clash_partners = {k.code: frozenset(variant.clash.partners(k.code)) for k in ts.kinds}
        self.tile_role = _TileRoles(self.role)
        """Per tile (kind and owner): its kind's role, None for a flower."""
        self.may_pair = _MayPair(self)
        """Per pair of tiles (kinds and owners): False when :func:`pair_value` is None for them
        wherever they stand."""
        either = {c: set(p) for c, p in self.clash_partners.items()}
        for c, partners in self.clash_partners.items():
            for q in partners:
                either.setdefault(q, set()).add(c)
        groups: list[set] = []
        for c, partners in either.items():
            if partners:
                joined = [g for g in groups if g & (partners | {c})]
                merged = set(partners) | {c}
                for g in joined:
                    merged |= g
                    groups.remove(g)
                groups.append(merged)
        self.clash_group = {c: k for k, g in enumerate(groups) for c in g}
        """The codes that clash, numbered by group: codes clash only within their group (for
        :func:`clash_links`)."""
        self.clash_groups = len(groups)
        self.tile_clash_group = _TileGroups(self.clash_group)
        # Garden of each colour: a point carrying that colour (midline and d=7 points count, B20).
        self.garden = {"red": board.AREA["red"] & ~self.ports, "white": board.AREA["white"] & ~self.ports}
        # Only points of one colour, not on a midline or the diamond's rim (B20 option).
        pure = ~board.AREA["neutral"] & ~(board.AREA["red"] & board.AREA["white"])
        self.pure_garden = {c: m & pure for c, m in self.garden.items()}
        near_ports = self.ports
        for p in bits(self.ports):
            near_ports |= AROUND[p]
        self.entry: dict[tuple[str, str], int] = {}
        for code, rule in cfg["entry"].items():
            for p in PLAYERS:
                self.entry[(code, p)] = self._entry_mask(rule, p, sets, near_ports)
        self.spring_flowers = cfg.get("spring_flowers", 3)
        self.first_turn_for = cfg.get("first_turn_for", {})
        self.order = [k.code for k in ts.kinds]
        codes = self.order
        self.may_land = {c: frozenset(t for t in codes if can_land_on(self, c, t)) for c in codes}
        """Per code: the codes of the opponent tiles it may land on (:func:`can_land_on`)."""

    def _entry_mask(self, rule, player, sets, near_ports) -> int:
        if rule == "home":
            return self.home[player]
        if rule == "foreign":
            return self.home[other(player)]
        if rule == "away_from_ports":
            return PLAYABLE & ~near_ports
        if rule == "own_side":
            return SIDE[player] & ~self.ports
        if rule == "opponent_side":
            return SIDE[other(player)] & ~self.ports
        mask = 0
        for name in rule:
            if name == "any":
                mask |= PLAYABLE
            elif name in board.AREA:
                mask |= board.AREA[name]
            else:
                mask |= sets[name]
        if not any(name in sets for name in rule):
            mask &= ~self.ports
        return mask

    def first_turn(self, code: str) -> int:
        if code in self.non_flowers:
            return self.first_turn_for.get("non_flower", 2)
        if code in self.specials:
            return self.first_turn_for.get("special", 4)
        return 1


class _TileGroups(dict):
    """Tile -> its kind's clash group (-1 for none), worked out for a tile the first time."""

    def __init__(self, group: dict) -> None:
        super().__init__()
        self.group = group

    def __missing__(self, tile) -> int:
        found = self[tile] = self.group.get(tile.kind.code, -1)
        return found


class _TileRoles(dict):
    """Tile -> its kind's role (or None), worked out for a tile the first time it is asked."""

    def __init__(self, role: dict) -> None:
        super().__init__()
        self.role = role

    def __missing__(self, tile) -> str | None:
        found = self[tile] = self.role.get(tile.kind.code)
        return found


class _MayPair(dict):
    """``(tile, tile)`` -> whether two tiles in line may harmonize (:func:`pair_value`), as far
    as their kinds and owners tell: a Lotus with a flower, a Rock with a flower of its owner
    (what the Rock takes on depends on where it stands), two flowers of one owner that are
    harmony partners.  Worked out for a pair the first time it is asked."""

    def __init__(self, inf) -> None:
        super().__init__()
        self.inf = inf

    def __missing__(self, pair) -> bool:
        inf = self.inf
        ta, tq = pair
        ca, cq = ta.kind.code, tq.kind.code
        ra, rq = inf.role.get(ca), inf.role.get(cq)
        if ra == "lotus" or rq == "lotus":
            found = (ra == "lotus" and cq in inf.flowers) or (rq == "lotus" and ca in inf.flowers)
        elif ta.owner != tq.owner:
            found = False
        elif ra == "rock" or rq == "rock":
            found = (ra == "rock" and rq is None) or (rq == "rock" and ra is None)
        else:
            found = cq in inf.harmony_partners[ca]
        self[pair] = found
        return found


@lru_cache(maxsize=None)
def info(variant) -> Info:
    return Info(variant)


# -- derived data of one state ----------------------------------------------------------------

_EMPTY: dict = {}
ROLES = ("knotweed", "wheel", "boat", "rock", "dragon", "lotus")


class Scan:
    """Derived data of one state: tiles by role, drained tiles, line blockers, blooming Lotuses."""

    __slots__ = ("by_role", "drained", "lines", "lines_t", "blooming", "spring", "flowers",
                 "harmony_pairs", "disharmonies", "options", "garden", "clash", "_neighbours",
                 "points", "_clash_links")

    def __init__(self, inf: Info, st, options=None) -> None:
        self.options = options or {}
        self.garden = inf.pure_garden if self.options.get("natural_requires_pure_garden") else inf.garden
        by_role = dict.fromkeys(ROLES, 0)
        flowers = 0
        tile_role = inf.tile_role
        for tile, m in st.tile_masks.items():
            if m:
                r = tile_role[tile]
                if r is not None:
                    by_role[r] |= m
                else:
                    flowers |= m
        self.by_role = by_role
        self.flowers = flowers
        # Knotweed drains every tile around it except other Knotweeds, while it stands (B9).
        drained = 0
        links = st.extra.get("drain")
        if self.options.get("knotweed_drain") == "snapshot":
            # option: only the tiles that stood around a Knotweed when it was placed (B9)
            if links:
                where = {st.ident[i]: i for i in bits(st.occupied)}
                for kid, tid in links:
                    k, t = where.get(kid, -1), where.get(tid, -1)
                    if k >= 0 and t >= 0 and (by_role["knotweed"] >> k) & 1:
                        drained |= 1 << t
        else:
            for k in bits(by_role["knotweed"]):
                drained |= AROUND[k]
        self.drained = drained & st.occupied & ~by_role["knotweed"]
        # Every tile blocks a line except a Boat (L194, B14).
        boats = by_role["boat"]
        self.lines = st.occupied & ~boats
        self.lines_t = st.occupied_t & ~transpose_mask(boats) if boats else st.occupied_t
        pot = st.piles.get("pot", _EMPTY)
        host = sum(pot.get("host", _EMPTY).values())
        guest = sum(pot.get("guest", _EMPTY).values())
        # Blooming: the Lotuses of the player with fewer tiles in the Pot; a tie blooms both (B25).
        self.blooming = {"host": host <= guest, "guest": guest <= host}
        spring = 0
        unmoved = st.extra.get("spring", frozenset())
        if unmoved:
            for i in bits(flowers):
                if st.ident[i] in unmoved:
                    spring |= 1 << i
        self.spring = spring
        self.harmony_pairs = None
        self.disharmonies = None
        self.clash: dict[str, dict[str, int]] = {}  # clash_masks, per player
        self._neighbours: tuple | None = None
        self.points: dict[str, int] | None = None  # turn_points of each player, made on first use
        self._clash_links: tuple[int, int] | None = None

    def neighbours(self) -> tuple[dict, dict, dict, dict]:
        """The nearest line blocker east, west, north and south of every line blocker
        (:func:`paisho_core.board.line_neighbours`), made on first use."""
        found = self._neighbours
        if found is None:
            found = self._neighbours = board.line_neighbours(self.lines, self.lines_t)
        return found


def rock_traits(inf: Info, st, rock: int) -> frozenset:
    """Codes a Rock harmonizes with: those of the flowers around it (L200-202, B15)."""
    out: set[str] = set()
    b = st.board
    for q in bits(AROUND[rock] & st.occupied):
        code = b[q].kind.code
        if code in inf.flowers:
            out |= inf.harmony_partners[code]
    return frozenset(out)


def eligible_mask(inf: Info, st, scan: Scan) -> int:
    """Tiles that may be part of a harmony (L254-257, B19): flowers, Rocks and blooming Lotuses,
    not on a port, not drained, not a Spring Flower that has never moved."""
    mask = scan.flowers | scan.by_role["rock"]
    for p in PLAYERS:
        if scan.blooming[p]:
            mask |= scan.by_role["lotus"] & st.owned[p]
    return mask & ~inf.ports & ~scan.drained & ~scan.spring


def pair_value(inf: Info, st, a: int, q: int, traits: dict, garden=None):
    """``(owner, points)`` if the tiles on a and q would harmonize when in line, else None.

    Both must be eligible (see :func:`eligible_mask`).  Natural Harmony (L247-249) is worth 2.
    """
    b = st.board
    ta, tq = b[a], b[q]
    ca, cq = ta.kind.code, tq.kind.code
    ra, rq = inf.role.get(ca), inf.role.get(cq)
    if ra == "lotus" or rq == "lotus":
        # A blooming Lotus harmonizes with any red or white flower, either owner's; only the
        # Lotus owner scores (L216-218).
        if ra == "lotus" and cq in inf.flowers:
            return ta.owner, 1
        if rq == "lotus" and ca in inf.flowers:
            return tq.owner, 1
        return None
    if ta.owner != tq.owner:
        return None
    if ra == "rock" or rq == "rock":
        if ra == "rock" and rq is None and cq in traits[a]:
            return ta.owner, 1
        if rq == "rock" and ra is None and ca in traits[q]:
            return ta.owner, 1
        return None
    if cq not in inf.harmony_partners[ca]:
        return None
    garden = garden or inf.garden
    red, white = (a, q) if inf.colour[ca] == "red" else (q, a)
    if (inf.colour[ca] != inf.colour[cq] and (garden["red"] >> red) & 1
            and (garden["white"] >> white) & 1):
        return ta.owner, 2
    return ta.owner, 1


class _Traits(dict):
    """The codes each Rock harmonizes with (see :func:`rock_traits`), worked out for a Rock
    the first time a pair asks for it."""

    __slots__ = ("inf", "st")

    def __init__(self, inf: Info, st) -> None:
        super().__init__()
        self.inf = inf
        self.st = st

    def __missing__(self, rock: int) -> frozenset:
        found = self[rock] = rock_traits(self.inf, self.st, rock)
        return found


def _traits(inf, st, scan):
    return _Traits(inf, st)


# -- lines read as bitsets: each tile's nearest line blocker east and north of a set at once ----

_SIZE = board.SIZE
_FULL = (1 << board.NCELLS) - 1
_LINE_START = sum(1 << j for j in range(0, board.NCELLS, _SIZE))
_CARRY = _FULL & ~_LINE_START
_WEST_OF = [((1 << i) - 1) for i in range(board.NCELLS)]
"""Every point before ``i`` in row-major order (its row's points west of it, and lower rows)."""
_SOUTH_OF = [sum(1 << j for j in range(i % _SIZE, i, _SIZE)) for i in range(board.NCELLS)]
"""The points of ``i``'s column south of it."""
_COL_NORTH = [sum(1 << j for j in range(i + _SIZE, board.NCELLS, _SIZE)) for i in range(board.NCELLS)]
"""The points of ``i``'s column north of it."""
_ROW_WEST = [sum(1 << j for j in range(i - i % _SIZE, i)) for i in range(board.NCELLS)]
"""The points of ``i``'s row west of it."""
_ROW_EAST = [sum(1 << j for j in range(i + 1, i - i % _SIZE + _SIZE)) for i in range(board.NCELLS)]
"""The points of ``i``'s row east of it."""


def _east_of(lines: int, a: int) -> int:
    """The points of ``lines`` whose nearest point of ``lines`` west of them on their row is in
    ``a`` (a subset of ``lines``): one addition carries each point of ``a`` over the empty points
    east of it to the next one; a row's first point stops the carry."""
    return ((_CARRY & ~lines) + (a << 1)) & lines & ~_LINE_START


def _north_of(lines: int, a: int) -> int:
    """The points of ``lines`` whose nearest point of ``lines`` south of them in their column is
    in ``a`` (a subset of ``lines``): ``a`` filled northwards over the empty points (in four
    doubling steps, enough for the fifteen points a column can hold between two), one row on."""
    p = _FULL & ~lines
    g = a | p & (a << _SIZE)
    p &= p << _SIZE
    g |= p & (g << 2 * _SIZE)
    p &= p << 2 * _SIZE
    g |= p & (g << 4 * _SIZE)
    p &= p << 4 * _SIZE
    g |= p & (g << 8 * _SIZE)
    return (g << _SIZE) & lines


def _west(lines: int, q: int) -> int:
    """The nearest point of ``lines`` before ``q`` in row-major order (for ``q`` from
    :func:`_east_of`, its west neighbour on its row)."""
    return (lines & _WEST_OF[q]).bit_length() - 1


def _south(lines: int, q: int) -> int:
    """The nearest point of ``lines`` south of ``q`` in its column, or -1."""
    return (lines & _SOUTH_OF[q]).bit_length() - 1


def harmony_pairs(inf: Info, st, scan: Scan):
    """Harmonies as ``(a, b, owner, points)``, b east of or north of a (L246-257)."""
    if scan.harmony_pairs is not None:
        return scan.harmony_pairs
    elig = eligible_mask(inf, st, scan)
    traits = _traits(inf, st, scan)
    lines = scan.lines  # eligible tiles all block lines
    # (:func:`_west` and :func:`_south` written out)
    found = [((lines & _WEST_OF[q]).bit_length() - 1, 0, q) for q in bits(_east_of(lines, elig) & elig)]
    found += [((lines & _SOUTH_OF[q]).bit_length() - 1, 1, q) for q in bits(_north_of(lines, elig) & elig)]
    found.sort()  # by the west or south tile, east before north
    out = []
    b, may_pair = st.board, inf.may_pair
    for a, _north, q in found:
        if may_pair[b[a], b[q]]:
            v = pair_value(inf, st, a, q, traits, scan.garden)
            if v is not None:
                out.append((a, q, v[0], v[1]))
    scan.harmony_pairs = out
    return out


def disharmonies(inf: Info, st, scan: Scan):
    """Disharmonies as ``(a, b, c, owner, points)``: the opponent's flower on c stands alone
    between a and b, which would otherwise harmonize for ``owner``, and clashes with one of them
    (L259-261, B21).  ``points`` is what ``owner`` loses."""
    if scan.disharmonies is not None:
        return scan.disharmonies
    east_links, north_links = clash_links(inf, st, scan)
    if not east_links | north_links:
        scan.disharmonies = []
        return scan.disharmonies
    elig = eligible_mask(inf, st, scan)
    traits = None
    b = st.board
    out = []
    lines, flowers = scan.lines, scan.flowers  # flowers all block lines
    # c clashes with the tile before it on a line (west or south: c is linked) or after it
    # (that tile is linked and c is before it): the flower between two tiles, per line
    between = {}
    for axis, links, before, after in ((0, east_links, _ROW_WEST, _ROW_EAST),
                                       (1, north_links, _SOUTH_OF, _COL_NORTH)):
        for q in bits(links):
            p = (lines & before[q]).bit_length() - 1
            if (flowers >> q) & 1:
                x = lines & after[q]
                between[q, axis] = (p, (x & -x).bit_length() - 1)
            if (flowers >> p) & 1:
                between[p, axis] = ((lines & before[p]).bit_length() - 1, q)
    for c, axis in sorted(between):
        lo, hi = between[c, axis]
        if lo < 0 or hi < 0 or not (elig >> lo) & 1 or not (elig >> hi) & 1:
            continue
        tc = b[c]
        partners = inf.clash_partners[tc.kind.code]
        if b[lo].kind.code not in partners and b[hi].kind.code not in partners:
            continue
        if traits is None:
            traits = _traits(inf, st, scan)
        v = pair_value(inf, st, lo, hi, traits, scan.garden)
        if v is not None and v[0] != tc.owner:
            out.append((lo, hi, c, v[0], v[1]))
    scan.disharmonies = out
    return out


def clash_links(inf: Info, st, scan: Scan) -> tuple[int, int]:
    """Bitsets of the tiles whose nearest line blocker west of them (first) or south of them
    (second) is of the same clash group (:attr:`Info.clash_group`), whoever owns them: every
    clashing pair that :func:`own_clashes` and :func:`disharmonies` look for has its east or
    north tile here (with a few more, of one kind), so they look only at these.  Made once per
    Scan."""
    found = scan._clash_links
    if found is None:
        groups = inf.tile_clash_group
        masks = [0] * inf.clash_groups
        for tile, m in st.tile_masks.items():
            if m:
                k = groups[tile]
                if k >= 0:
                    masks[k] |= m
        lines = scan.lines
        east = north = 0
        for u in masks:
            u &= lines
            if u:
                east |= _east_of(lines, u) & u
                north |= _north_of(lines, u) & u
        found = scan._clash_links = (east, north)
    return found


def turn_points(inf: Info, st, scan: Scan, player: str) -> int:
    """What ``player`` scores for the harmonies and disharmonies standing now (L263); both
    players' totals are made once per Scan (the turn's end, the end check and the evaluation
    all ask)."""
    points = scan.points
    if points is None:
        points = dict.fromkeys(PLAYERS, 0)
        for _a, _b, o, v in harmony_pairs(inf, st, scan):
            points[o] += v
        for _a, _b, _c, o, v in disharmonies(inf, st, scan):
            points[o] -= v
        scan.points = points
    return points[player]


def chain_players(inf: Info, st, scan: Scan) -> list[str]:
    """Players whose harmonies form a chain around the Mid Port (L290, B26)."""
    pairs = harmony_pairs(inf, st, scan)
    out = []
    for p in PLAYERS:
        edges = tuple((a, b) for a, b, o, _v in pairs if o == p)
        if len(edges) >= 4:
            found = _CHAINED.get(edges)
            if found is None:
                if len(_CHAINED) >= 20_000:
                    _CHAINED.clear()
                found = _CHAINED[edges] = encloses(edges, _MID_PORT)
            if found:
                out.append(p)
    return out


_MID_PORT = index(0, 0)
_CHAINED: dict = {}
"""Whether a set of harmonies (as edges) encloses the Mid Port, remembered by the edges: a
player's harmonies stay the same over most positions scored."""


def own_clashes(inf: Info, st, scan: Scan) -> int:
    """Flowers standing in line with a clashing flower of their own owner (L229-230, B18)."""
    east_links, north_links = clash_links(inf, st, scan)
    flowers = scan.flowers
    if not (east_links | north_links) & flowers:
        return 0
    b = st.board
    out = 0
    clash = inf.clash_partners
    lines = scan.lines  # flowers all block lines
    for links, before in ((east_links, _west), (north_links, _south)):
        for q in bits(links & flowers):
            a = before(lines, q)
            if (flowers >> a) & 1:
                ta, tq = b[a], b[q]
                if tq.owner == ta.owner and tq.kind.code in clash[ta.kind.code]:
                    out |= (1 << a) | (1 << q)
    return out


# -- movement ---------------------------------------------------------------------------------

_NEXT: dict[tuple[int, int], list[int]] = {}
for _d in DIRECTIONS.values():
    _NEXT[_d] = [-1] * board.NCELLS
    for _i in board.POINTS:
        _x, _y = coords(_i)
        if on_board(_x + _d[0], _y + _d[1]):
            _NEXT[_d][_i] = index(_x + _d[0], _y + _d[1])


def step(i: int, d: tuple[int, int]) -> int:
    """The point one step from ``i`` in orthogonal direction ``d``, or -1 off the board."""
    return _NEXT[d][i] if i >= 0 else -1


def can_land_on(inf: Info, mover: str, target: str) -> bool:
    """May a tile of kind ``mover`` land on an opponent tile of kind ``target`` (L177, L211,
    L215, L235-237, B16-B17)?"""
    if target in inf.non_flowers or target in inf.specials or mover in inf.specials:
        return True
    return mover in inf.flowers and target in inf.clash_partners[mover]


_RUNS: list[list[list[int]]] = []
"""``_RUNS[d][i][k]``: the first k points of the line from ``i`` in direction d (N, E, S, W
order), as a bitset (``k`` up to the board's edge)."""
for _d in DIRECTIONS.values():
    _per = []
    for _i in range(board.NCELLS):
        _run = [0]
        _p = _i if on_board(*coords(_i)) else -1
        while _p >= 0:
            _p = _NEXT[_d][_p]
            if _p >= 0:
                _run.append(_run[-1] | 1 << _p)
        _per.append(_run)
    _RUNS.append(_per)
_UPWARD = tuple(d[0] + d[1] * board.SIZE > 0 for d in DIRECTIONS.values())
"""Whether each direction goes to larger grid indices (its first blocker is the lowest bit)."""
assert _UPWARD == (True, True, False, False)  # what :func:`destinations` unrolls

_L_LEGS = {"exact": ((2, 2),), "up_to": ((1, 1), (1, 2), (2, 1), (2, 2))}
_L_PATHS: dict[str, list] = {k: [None] * board.NCELLS for k in _L_LEGS}


def _l_paths(legs: str, src: int) -> list[tuple[int, int]]:
    """``(end, inner)`` bitsets of every L-shaped path from ``src`` (option l_move): a leg along
    one line then a leg at a right angle; ``inner`` is the points passed before the end."""
    found = _L_PATHS[legs][src]
    if found is None:
        found = []
        for d1 in DIRECTIONS.values():
            for d2 in DIRECTIONS.values():
                if d1[0] * d2[0] + d1[1] * d2[1] != 0:
                    continue
                for n1, n2 in _L_LEGS[legs]:
                    p, inner = src, 0
                    for d in (d1,) * n1 + (d2,) * n2:
                        inner |= 1 << p
                        p = step(p, d)
                        if p < 0:
                            break
                    if p >= 0:
                        found.append((1 << p, inner & ~(1 << src)))
        _L_PATHS[legs][src] = found
    return found


_LIMITS: dict[int, list] = {}
"""``_LIMITS[dist][src]``: the first ``dist`` points of the lines from ``src`` north, east,
south and west (``_RUNS`` cut at the distance, made on first use)."""


def _limits(dist: int, src: int) -> tuple[int, int, int, int]:
    per = _LIMITS.get(dist)
    if per is None:
        per = _LIMITS[dist] = [None] * board.NCELLS
    found = per[src]
    if found is None:
        found = per[src] = tuple(run[dist] if dist < len(run) else run[-1]
                                 for run in (_RUNS[d][src] for d in range(4)))
    return found


def destinations(inf: Info, st, src: int, passable: int, player: str, options=None) -> int:
    """Points the tile on ``src`` may reach under its movement rule (L148-215, B1-B4), before
    the checks on what it lands on.  A straight move runs along each line up to its distance,
    to the first point that is not ``passable`` included; a leap ignores what it passes."""
    code = st.board[src].kind.code
    motion = inf.motion[code]
    dist = inf.move[code]
    out = 0
    if motion == "straight":
        n, e, s, w = _limits(dist, src)
        # north and east run to larger indices (the first blocker is the lowest bit), south
        # and west to smaller ones (the highest bit)
        blocked = n & ~passable
        if blocked:
            n &= ((blocked & -blocked) << 1) - 1
        blocked = e & ~passable
        if blocked:
            e &= ((blocked & -blocked) << 1) - 1
        blocked = s & ~passable
        if blocked:
            s &= ~((1 << (blocked.bit_length() - 1)) - 1)
        blocked = w & ~passable
        if blocked:
            w &= ~((1 << (blocked.bit_length() - 1)) - 1)
        out = n | e | s | w
    elif motion == "leap":
        n, e, s, w = _limits(dist, src)
        out = n | e | s | w
    elif motion == "l_move":
        # exactly 2 then 2 at a right angle (B2); option l_move: up_to allows 1 or 2 per leg
        for end, inner in _l_paths((options or {}).get("l_move", "exact"), src):
            if not inner & ~passable:
                out |= end
    elif motion == "path":
        king = code in inf.codes_of["lotus"] and (options or {}).get("lotus_steps") == "king"
        landing, touched = reach(src, dist, passable, board.step8 if king else step4)
        out = landing | touched
    return out


_BEYOND: dict[int, list[int]] = {}
"""``_BEYOND[d][i]``: every grid point of the line from ``i`` in direction d (the index step
+1, -1, +SIZE or -SIZE), ``i`` excluded."""
for _step, (_dx, _dy) in ((1, (1, 0)), (-1, (-1, 0)), (board.SIZE, (0, 1)), (-board.SIZE, (0, -1))):
    _BEYOND[_step] = [0] * board.NCELLS
    for _i in range(board.NCELLS):
        _x, _y = coords(_i)
        _m = 0
        for _k in range(1, board.SIZE):
            if -board.HALF <= _x + _k * _dx <= board.HALF and -board.HALF <= _y + _k * _dy <= board.HALF:
                _m |= 1 << index(_x + _k * _dx, _y + _k * _dy)
        _BEYOND[_step][_i] = _m


def _sight(near: int, beyond: list[int], i: int) -> int:
    """The points from ``i`` along one direction up to the first blocker ``near`` (included;
    -1: to the edge)."""
    return beyond[i] & ~beyond[near] if near >= 0 else beyond[i]


def clash_masks(inf: Info, st, scan: Scan, player: str) -> dict[str, int]:
    """For each code: the points where a tile of that code of ``player`` would stand in line
    with a clashing tile of theirs, nothing between them (L229, L265-266).  Made once per
    position and player from the lines seen by each of the player's clashing tiles."""
    found = scan.clash.get(player)
    if found is not None:
        return found
    out: dict[str, int] = {}
    b = st.board
    clash = inf.clash_partners
    e_, w_, n_, s_ = _BEYOND[1], _BEYOND[-1], _BEYOND[board.SIZE], _BEYOND[-board.SIZE]
    east, west, north, south = scan.neighbours()
    for q in bits(st.owned[player] & scan.lines):
        victims = clash[b[q].kind.code]
        if not victims:
            continue
        e, w, n, s = east.get(q, -1), west.get(q, -1), north.get(q, -1), south.get(q, -1)
        seen = _sight(e, e_, q) | _sight(w, w_, q) | _sight(n, n_, q) | _sight(s, s_, q)
        for code in victims:
            out[code] = out.get(code, 0) | seen
    scan.clash[player] = out
    return out


def clash_mask_moving(inf: Info, st, scan: Scan, code: str, player: str, src: int) -> int:
    """The points where the tile of kind ``code`` moving from ``src`` would stand in line with
    a clashing tile of its owner (see :func:`clash_free`); -1 when only a point-by-point check
    is exact (a kind that clashes with itself)."""
    partners = inf.clash_partners.get(code)
    if not partners:
        return 0
    if code in partners:
        return -1
    mask = clash_masks(inf, st, scan, player).get(code, 0)
    lines = scan.lines
    if (lines >> src) & 1:
        # once the tile has left ``src``, whatever it hid along a line shows beyond its point
        b = st.board
        east, west, north, south = scan.neighbours()
        e, w, n, s = east.get(src, -1), west.get(src, -1), north.get(src, -1), south.get(src, -1)
        for q, near, beyond in ((e, w, _BEYOND[-1]), (w, e, _BEYOND[1]),
                                (n, s, _BEYOND[-board.SIZE]), (s, n, _BEYOND[board.SIZE])):
            if q >= 0 and b[q].owner == player and b[q].kind.code in partners:
                mask |= _sight(near, beyond, src)
    return mask


def clash_free(inf: Info, st, scan: Scan, code: str, player: str, dst: int, src: int = -1) -> bool:
    """Would a flower of kind ``code`` on ``dst`` (coming from ``src``) stand clear of every
    clashing flower of its owner (L229, L265-266)?"""
    partners = inf.clash_partners.get(code)
    if not partners:
        return True
    lines, lines_t = scan.lines, scan.lines_t
    if src >= 0 and (lines >> src) & 1:
        lines &= ~(1 << src)
        lines_t &= ~(1 << transpose(src))
    b = st.board
    for q in nearest(lines, lines_t, dst):
        if q >= 0 and q != src:
            t = b[q]
            if t.owner == player and t.kind.code in partners:
                return False
    return True


# -- powers -----------------------------------------------------------------------------------

def ring_points(centre: int) -> list[int]:
    """The eight points around ``centre`` clockwise from the north-west (-1 off the board)."""
    x, y = coords(centre)
    return [index(x + dx, y + dy) if on_board(x + dx, y + dy) else -1 for dx, dy in RING]


def wheel_turns(inf: Info, st, scan: Scan, centre: int, wrong_garden_legal: bool,
                first: bool = False) -> dict[int, list]:
    """``{k: [(src, dst), ...]}`` for each legal clockwise turn by k steps of the Wheel on
    ``centre`` (L188-190, B11): no Rock or drained tile in the ring, nothing onto a port or off
    the board.  With ``first``, only the first legal turn (enough to know there is one)."""
    ring = ring_points(centre)
    b = st.board
    held = []
    for j, p in enumerate(ring):
        if p >= 0 and b[p] is not None:
            if (scan.by_role["rock"] >> p) & 1 or (scan.drained >> p) & 1:
                return {}
            held.append(j)
    if not held:
        return {}
    out = {}
    for k in range(1, 8):
        moves = []
        for j in held:
            dst = ring[(j + k) % 8]
            if dst < 0 or (inf.ports >> dst) & 1:
                moves = None
                break
            if not wrong_garden_legal:
                code = b[ring[j]].kind.code
                if code in inf.flowers and not (inf.stops[code] >> dst) & 1:
                    moves = None
                    break
            moves.append((ring[j], dst))
        if moves and any(b[d] is None or b[d].kind is not b[s].kind or b[d].owner != b[s].owner
                         for s, d in moves):
            out[k] = moves
            if first:
                break
    return out


def boat_pushes(inf: Info, st, scan: Scan, boat: int) -> dict[int, int]:
    """``{target: destination}`` for each tile the Boat on ``boat`` may push one point straight
    away (L194-195, B12): not a Rock, White Jade, Rhododendron or drained tile."""
    out = {}
    b = st.board
    bx, by = coords(boat)
    for q in bits(ORTHO[boat] & st.occupied):
        t = b[q]
        code = t.kind.code
        if code in inf.boat_immune or (scan.by_role["rock"] >> q) & 1 or (scan.drained >> q) & 1:
            continue
        qx, qy = coords(q)
        dst = step(q, (qx - bx, qy - by))
        if dst < 0 or b[dst] is not None or (inf.ports >> dst) & 1:
            continue
        out[q] = dst
    return out


def carriable(inf: Info, st, scan: Scan, boat: int, player: str, scope: str, done) -> int:
    """Tiles of ``player`` an unmoved Boat may carry (L196-197, B13)."""
    if scope == "off":
        return 0
    mask = st.owned[player] & ~(1 << boat)
    if scope == "adjacent":
        mask &= AROUND[boat]
    mask &= ~scan.drained & ~scan.by_role["rock"]
    b = st.board
    for q in bits(mask):
        t = b[q]
        if t.kind.code in inf.boat_immune or st.ident[q] in done:
            mask &= ~(1 << q)
    return mask


def carry_targets(inf: Info, st, scan: Scan, src: int, d, own_block: bool, exact: bool = True) -> int:
    """Empty points 5 steps (``exact``) or up to 5 steps from ``src`` in direction ``d`` where a
    carried tile may stop (L196-197: "five (5) spaces in one direction", no "up to")."""
    tile = st.board[src]
    code = tile.kind.code
    player = tile.owner
    out = 0
    p = src
    for k in range(5):
        p = step(p, d)
        if p < 0:
            break
        t = st.board[p]
        if t is not None:
            if t.owner != player or own_block:
                break
            continue
        if exact and k < 4:
            continue
        if (inf.stops[code] >> p) & 1 and (code not in inf.flowers
                                           or clash_free(inf, st, scan, code, player, p, src)):
            out |= 1 << p
    return out


__all__ = ["Info", "info", "Scan", "harmony_pairs", "disharmonies", "turn_points", "chain_players",
           "own_clashes", "destinations", "clash_free", "clash_masks", "clash_mask_moving", "wheel_turns", "boat_pushes", "carriable",
           "carry_targets", "DIRECTIONS", "NEAR3", "SIDE", "LABEL"]
