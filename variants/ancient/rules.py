"""Ancient Pai Sho mechanics: options, the seeded deal, harmonies, placement and movement.

Pure functions of a :class:`paisho_core.game.State` and an :class:`Opts`; the hook module
(``__init__``) strings them into decisions.  Source lines are cited as ``wiki:N`` for
``ancient-wiki-and-skud-comprehensive.txt`` and ``book:N`` for
``official-rules-book-basic-iroh-3piece-modern-skud-ancient.txt``; rulings are numbered as on
``docs/variants/ancient/rulings.md``.
"""
from __future__ import annotations

from paisho_core import board
from paisho_core.board import PLAYABLE, bits, coords, index, on_board

FLOWERS = ("W3", "W4", "W5", "R3", "R4", "R5")
SPECIALS = ("B", "R", "K", "W", "L", "D")
CANONICAL = FLOWERS + SPECIALS
"""Tile-set order: the order the pool is laid out in before the shuffle, and hands are written in."""
ORDER = {c: n for n, c in enumerate(CANONICAL)}
FLOWER_SET = frozenset(FLOWERS)
WHITE = frozenset(("W3", "W4", "W5"))
RED = frozenset(("R3", "R4", "R5"))
SHIP, COIN, KNOTWEED, WHEEL, LOTUS, DRAGON = SPECIALS
CENTRE = index(0, 0)

# harmony (+1) and disharmony (-1) between basic flowers (wiki:35-40, book:1011-1037)
_CIRCLE = ("R3", "R4", "R5", "W3", "W4", "W5")
RELATION: dict[tuple[str, str], int] = {}
for _k, _c in enumerate(_CIRCLE):
    _n = _CIRCLE[(_k + 1) % 6]
    RELATION[(_c, _n)] = RELATION[(_n, _c)] = 1
for _a, _b in (("R3", "W3"), ("R4", "W4"), ("R5", "W5")):
    RELATION[(_a, _b)] = RELATION[(_b, _a)] = -1

BOOK = {"tile_pool": "per_player", "draw_rule": "refill", "gates_are_red": False,
        "knotweed_drains": "all", "drain_lasts": "while_knotweed", "boat_immune": True,
        "wheel_moves": True, "dragon_capture": "remove", "dragon_capturable": True}
"""The book's reading of every point where it contradicts the wiki (preset ``book``)."""

DIRS = ((1, 0), (-1, 0), (0, 1), (0, -1))
RING8 = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
"""The ring around a point, clockwise from north (y grows northward)."""
RING4 = ((0, 1), (1, 0), (0, -1), (-1, 0))


def point(x: int, y: int) -> int:
    """Grid index of (x, y), or -1 if it is not a point of the board."""
    return index(x, y) if on_board(x, y) else -1


def next_prime(n: int) -> int:
    k = n + 1
    while any(k % d == 0 for d in range(2, int(k ** 0.5) + 1)) or k < 2:
        k += 1
    return k


def hand_size_for(target: int) -> int:
    """The wiki's pairing by increasing primes (wiki:24): 3->5, 5->7, 7->11, and 11->17 because
    the author found 11/13 too tight; any other target takes the next prime above it."""
    return 17 if target == 11 else next_prime(target)


class Opts:
    """The effective options of a game (the ``book`` preset applied), as attributes."""

    def __init__(self, options: dict) -> None:
        eff = dict(options)
        if eff.get("preset") == "book":
            eff.update(BOOK)
        self.raw = eff
        self.target = int(eff["target"])
        self.hand_size = int(eff["hand_size"]) or hand_size_for(self.target)
        self.shared = eff["tile_pool"] == "shared"
        self.refill = eff["draw_rule"] == "refill"
        self.count_disharmony = eff["count_disharmony"]
        self.win_exact = eff["win_exact"]
        self.gates_are_red = eff["gates_are_red"]
        self.l_full = eff["l_move"] == "full"
        self.lotus_bend = eff["lotus_path"] == "bend"
        self.coin_line = eff["coin_scope"] == "line"
        self.lotus_line = eff["lotus_scope"] == "line"
        self.lotus_parity = eff["lotus_stacking"] == "parity"
        self.ring = RING8 if int(eff["neighbourhood"]) == 8 else RING4
        self.drain_all = eff["knotweed_drains"] == "all"
        self.drained_block = eff["drained_block_lines"]
        self.drain_permanent = eff["drain_lasts"] == "permanent"
        self.boat_immune = frozenset(("W5", "R5")) if eff["boat_immune"] else frozenset()
        self.wheel_moves = eff["wheel_moves"]
        self.dragon_to_hand = eff["dragon_capture"] == "to_hand"
        self.dragon_capturable = eff["dragon_capturable"]
        self.dragon_jumps = eff["dragon_jumps"]
        self.first_player = eff["first_player"]
        self.move_required = eff["move_required"]
        self.turn_limit = int(eff["turn_limit"])
        self.no_progress = int(eff["no_progress"])
        self.pool_keys = ("host",) if self.shared else ("host", "guest")

    def pool_key(self, player: str) -> str:
        """The pile key of the pool ``player`` draws from (the shared pool lives under host)."""
        return "host" if self.shared else player


_SHARED_OPTS: list[tuple[dict, Opts]] = []


def opts(game) -> Opts:
    """The game's :class:`Opts`: one object per distinct set of options, shared by every game
    that has them (nothing changes an Opts once built), so a new game holds none of its own."""
    o = getattr(game, "_ancient_opts", None)
    if o is None:
        options = game.options
        for known, o in _SHARED_OPTS:
            if known == options:
                break
        else:
            o = Opts(options)
            _SHARED_OPTS.insert(0, (dict(options), o))
            del _SHARED_OPTS[32:]  # a few option sets are in use at a time
        game._ancient_opts = o
    return o


# -- the seeded deal ---------------------------------------------------------------------------

def shuffle(items: list, rng) -> list:
    """Fisher-Yates shuffle driven only by ``rng.random()``, the one generator method whose
    output Python promises to keep across versions: for i = n-1 down to 1, swap item i with
    item floor(random() * (i + 1)).  Returns a new list."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        out[i], out[j] = out[j], out[i]
    return out


def pack_order(tileset, codes) -> str:
    """A draw order as text, one character per tile (its kind's ordinal in the tile set): a
    dealt game keeps two orders of some forty tiles, and text takes an eighth of a tuple's room."""
    kinds = tileset.by_code
    return "".join([chr(kinds[c].ordinal + 48) for c in codes])


def order_codes(tileset, order: str) -> list[str]:
    """The tile codes of a packed draw order (:func:`pack_order`), top first."""
    kinds = tileset.kinds
    return [kinds[ord(ch) - 48].code for ch in order]


def order_head(tileset, order: str) -> str:
    """The code of the top tile of a non-empty packed draw order."""
    return tileset.kinds[ord(order[0]) - 48].code


def canonical_pool(counts: dict[str, int]) -> list[str]:
    return [c for c in CANONICAL for _ in range(counts.get(c, 0))]


def deal(rng, counts: dict[str, int], hand: int, shared: bool):
    """The canonical deal.  Returns ``(hands, centrepiece, orders, hidden)``.

    Shared pool: one shuffle; host hand = pile[0:H], guest hand = pile[H:2H], centrepiece
    pile[2H], the rest is the draw pile, top first.  Per player: the host's reserve is
    shuffled, then the guest's; each hand is the top H of its own reserve and the centrepiece the
    next tile of the host's (book:974-976).  Then ``random() < 0.5`` puts the hidden tile in the
    host's left hand, else the right (book:976-978); the guest then guesses.
    """
    if shared:
        pile = shuffle(canonical_pool(counts), rng)
        hands = {"host": pile[:hand], "guest": pile[hand:2 * hand]}
        centre = pile[2 * hand]
        orders = {"host": tuple(pile[2 * hand + 1:])}
    else:
        host = shuffle(canonical_pool(counts), rng)
        guest = shuffle(canonical_pool(counts), rng)
        hands = {"host": host[:hand], "guest": guest[:hand]}
        centre = host[hand]
        orders = {"host": tuple(host[hand + 1:]), "guest": tuple(guest[hand:])}
    hidden = "left" if rng.random() < 0.5 else "right"
    return hands, centre, orders, hidden


# -- harmonies ---------------------------------------------------------------------------------

def drained_mask(state, o: Opts) -> int:
    """Points of the tiles that are drained now.

    ``state.extra['drain']`` holds (tile ident, knotweed ident) pairs made when a Knotweed was
    placed; a tile is drained while it is on the board and, under ``while_knotweed``, while one
    of the Knotweeds that drained it is still on the board (book:1044-1045)."""
    pairs = state.extra.get("drain", ())
    if not pairs:
        return 0
    where = {state.ident[i]: i for i in bits(state.occupied)}
    mask = 0
    for tile_id, knot_id in pairs:
        i = where.get(tile_id)
        if i is not None and (o.drain_permanent or knot_id in where):
            mask |= 1 << i
    return mask


def analyse(state, o: Opts, drained: int):
    """Every effective (dis)harmony: a list of ``(a, b, sign)`` with sign +1 or -1.

    On each row and column the active flowers (basic flowers not drained) face their neighbours
    along the line, whatever lies between except another flower (wiki:41, book:1077-1080).  A
    Coin on the line cancels the pair (wiki:46); each Lotus on the line flips it (wiki:52), the
    Coin first.
    """
    b = state.board
    rows: dict[int, list] = {}
    cols: dict[int, list] = {}
    for i in bits(state.occupied):
        code = b[i].kind.code
        row, col = divmod(i, board.SIZE)
        if code in FLOWER_SET:
            if drained >> i & 1:
                if not o.drained_block:
                    continue
                kind = 0
            else:
                kind = 1
        elif code == COIN:
            kind = 2
        elif code == LOTUS:
            kind = 3
        else:
            continue
        entry = (i, kind, code)
        rows.setdefault(row, []).append((col, entry))
        cols.setdefault(col, []).append((row, entry))
    out = []
    for lines in (rows, cols):
        for items in lines.values():
            if len(items) < 2:
                continue
            items.sort()
            flowers = [(pos, e) for pos, e in items if e[1] <= 1]
            if len(flowers) < 2:
                continue
            coins = [pos for pos, e in items if e[1] == 2]
            lotuses = [pos for pos, e in items if e[1] == 3]
            for (p, ea), (q, eb) in zip(flowers, flowers[1:]):
                if not ea[1] or not eb[1]:
                    continue
                sign = pair_sign(p, q, ea[2], eb[2], coins, lotuses, o)
                if sign:
                    out.append((ea[0], eb[0], sign))
    return out


def pair_sign(p: int, q: int, a, c, coins: list, lotuses: list, o) -> int:
    """What two neighbouring flowers ``a`` at ``p`` and ``c`` at ``q`` on one line form: +1 a
    harmony, -1 a disharmony, 0 nothing (no relation, or a Coin between them, or on the line
    with ``coin_line``); a Lotus between them (any on the line with ``lotus_line``) turns the
    relation over, an odd number of them with ``lotus_parity`` (rules page, Coin and Lotus)."""
    sign = RELATION.get((a, c))
    if not sign:
        return 0
    if coins and (o.coin_line or any(p < k < q for k in coins)):
        return 0
    if lotuses:
        n = len(lotuses) if o.lotus_line else sum(1 for k in lotuses if p < k < q)
        if (n % 2 if o.lotus_parity else n > 0):
            sign = -sign
    return sign



def count(pairs, o: Opts) -> int:
    """The count toward the target: harmonies minus disharmonies (book:1072-1075), or
    harmonies only without ``count_disharmony``."""
    h = sum(1 for _a, _b, s in pairs if s > 0)
    if not o.count_disharmony:
        return h
    return h - (len(pairs) - h)


def own_harmonies(state, pairs, centre_id: int) -> dict[str, int]:
    """Harmonies whose two flowers were both placed by one player, centrepiece excluded: the
    tiebreak of exhaustion (book:1099-1101)."""
    out = {"host": 0, "guest": 0}
    b = state.board
    for a, q, s in pairs:
        if s <= 0 or state.ident[a] == centre_id or state.ident[q] == centre_id:
            continue
        if b[a].owner == b[q].owner:
            out[b[a].owner] += 1
    return out


# -- placement ---------------------------------------------------------------------------------

def flower_points(o: Opts) -> dict[str, int]:
    """Where each colour of flower may be placed (wiki:32, book:1000-1003): white flowers on
    points that carry red (and the gates unless ``gates_are_red`` is off), red on white."""
    red = board.AREA["red"] | (board.GATES if o.gates_are_red else 0)
    white = board.AREA["white"]
    return {"white": red, "red": white}


# -- movement ----------------------------------------------------------------------------------

_RAYS: dict[int, tuple] = {}
"""Per point, its four rays (:data:`DIRS` order): the points of the board in a line from it,
nearest first, up to the edge (built on first use)."""


def _rays(src: int) -> tuple:
    rays = _RAYS.get(src)
    if rays is None:
        x, y = coords(src)
        rays = _RAYS[src] = tuple(
            tuple(index(x + k * dx, y + k * dy)
                  for k in range(1, 2 * board.SIZE) if on_board(x + k * dx, y + k * dy)
                  and all(on_board(x + j * dx, y + j * dy) for j in range(1, k)))
            for dx, dy in DIRS)
    return rays


def _straight(state, x, y, n, capture_dragon):
    b = state.board
    out = []
    for ray in _rays(index(x, y)):
        for p in ray[:n]:
            t = b[p]
            if t is not None:
                if capture_dragon and t.kind.code == DRAGON:
                    out.append(p)
                break
            out.append(p)
    return out


_LS: dict[tuple[int, bool], list] = {}
"""Per point and L rule, each L's ``(destination, path, path)``: the two ways there (the x leg
first, or the y leg first) as bitsets of the points passed over, or None where a way leaves
the board; in the order :func:`_l_moves` tries them (built on first use)."""


def _l_table(src: int, full: bool) -> list:
    table = _LS.get((src, full))
    if table is not None:
        return table
    x, y = coords(src)
    legs = (2,) if full else (1, 2)
    table = []
    for sx in (1, -1):
        for sy in (1, -1):
            for a in legs:
                for c in legs:
                    dest = point(x + sx * a, y + sy * c)
                    if dest < 0:
                        continue
                    ways = (
                        [(x + sx * k, y) for k in range(1, a + 1)] + [(x + sx * a, y + sy * k) for k in range(1, c)],
                        [(x, y + sy * k) for k in range(1, c + 1)] + [(x + sx * k, y + sy * c) for k in range(1, a)],
                    )
                    masks = tuple(sum(1 << point(px, py) for px, py in way)
                                  if all(point(px, py) >= 0 for px, py in way) else None
                                  for way in ways)
                    table.append((dest,) + masks)
    _LS[(src, full)] = table
    return table


def _l_moves(state, x, y, full, capture_dragon):
    """The L (wiki:32, book:1005-1007, 1015-1016): a steps along one axis, then b along the
    other, a and b in {1, 2} (only 2 and 2 when ``full``); every point on the way must exist
    and be empty; either leg order may be used."""
    b = state.board
    occ = state.occupied
    out = []
    for dest, first, second in _l_table(index(x, y), full):
        td = b[dest]
        if td is not None and not (capture_dragon and td.kind.code == DRAGON):
            continue
        if (first is not None and not occ & first) or (second is not None and not occ & second):
            out.append(dest)
    return out


def _bend(state, src, n, capture_dragon):
    from paisho_core.sight import reach

    empty = PLAYABLE & ~state.occupied
    landing, touched = reach(src, n, empty)
    out = list(bits(landing))
    if capture_dragon:
        out += [p for p in bits(touched) if state.board[p].kind.code == DRAGON]
    return out


def destinations(state, o: Opts, src: int) -> list[int]:
    """Where the tile on ``src`` may move by itself (wiki:32, 52, 54; book:1011-1067)."""
    tile = state.board[src]
    code = tile.kind.code
    x, y = coords(src)
    cap = o.dragon_capturable
    if code in ("W3", "R3"):
        return _straight(state, x, y, 3, cap)
    if code in ("W5", "R5"):
        return _straight(state, x, y, 5, cap)
    if code in ("W4", "R4"):
        return _l_moves(state, x, y, o.l_full, cap)
    if code == LOTUS:
        return _bend(state, src, 2, cap) if o.lotus_bend else _straight(state, x, y, 2, cap)
    if code == DRAGON:
        return dragon_destinations(state, o, x, y)
    if code == WHEEL and o.wheel_moves:
        return _straight(state, x, y, 16, cap)
    return []


_DRAGON: dict[int, list[int]] = {}
"""Per point, where a Dragon flying over tiles may move from it (:func:`dragon_destinations`)."""


def dragon_destinations(state, o: Opts, x: int, y: int) -> list[int]:
    """Where a Dragon on (x, y) may move: 1, or exactly 6 (over tiles unless ``dragon_jumps``
    is off) in a straight line (wiki:54, book:1061)."""
    if o.dragon_jumps:  # the board alone decides: one list per point, built on first use
        src = index(x, y)
        out = _DRAGON.get(src)
        if out is None:
            out = _DRAGON[src] = [p for dx, dy in DIRS
                                  for p in (point(x + dx, y + dy), point(x + 6 * dx, y + 6 * dy))
                                  if p >= 0]
        return list(out)
    out = []
    for dx, dy in DIRS:
        p = point(x + dx, y + dy)
        if p >= 0:
            out.append(p)
        p = point(x + 6 * dx, y + 6 * dy)
        if p >= 0 and all(state.board[point(x + k * dx, y + k * dy)] is None for k in range(1, 6)):
            out.append(p)
    return out


def all_moves(state, o: Opts, drained: int) -> list[tuple[int, int]]:
    """Every (src, dst) move of any tile on the board (tiles belong to no one, wiki:29)."""
    out = []
    for s in bits(state.occupied & ~drained):
        for d in destinations(state, o, s):
            out.append((s, d))
    return out


def any_move(state, o: Opts, drained: int) -> bool:
    """True if some tile can move (stops at the first one found)."""
    for s in bits(state.occupied & ~drained):
        if destinations(state, o, s):
            return True
    return False


# -- the Wheel ---------------------------------------------------------------------------------

def wheel_rotations(state, o: Opts, centre: int) -> list[tuple[int, list[tuple[int, int]]]]:
    """Distinct rotations of the ring around ``centre``: ``[(k, [(src, dst), ...])]`` for k
    places clockwise (wiki:50, book:1048-1049).  A rotation that would put a tile off the board
    is illegal; rotations with the same result are listed once, by their smallest k."""
    cx, cy = coords(centre)
    ring = o.ring
    n = len(ring)
    held = [(k, point(cx + dx, cy + dy)) for k, (dx, dy) in enumerate(ring)]
    tiles = [(k, p) for k, p in held if p >= 0 and state.board[p] is not None]
    out = []
    seen = set()
    for step in range(n):
        moves = []
        ok = True
        for k, p in tiles:
            dx, dy = ring[(k + step) % n]
            q = point(cx + dx, cy + dy)
            if q < 0:
                ok = False
                break
            moves.append((p, q))
        if not ok:
            continue
        result = frozenset((q, state.ident[p]) for p, q in moves)
        if result in seen:
            continue
        seen.add(result)
        out.append((step, moves))
    return out


def rotate(state, moves) -> None:
    """Move the tiles of a ring rotation simultaneously, keeping their identities."""
    lifted = [(q, state.ident[p], state.lift(p)) for p, q in moves]
    for q, ident, tile in lifted:
        state.put(q, tile, ident)


def neighbours(o: Opts, centre: int) -> list[int]:
    cx, cy = coords(centre)
    return [p for p in (point(cx + dx, cy + dy) for dx, dy in o.ring) if p >= 0]
