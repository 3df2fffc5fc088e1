"""Vagabond Pai Sho's movement, deployment and capture rules (rules: docs/variants/vagabond/rules.md).

Everything here reads a :class:`~paisho_core.game.State` and the game's options; nothing changes
a state.  Points are grid indices (:mod:`paisho_core.board`); sets of points are bitsets.

The tiles, by their code (TGG's notation):

- ``L`` White Lotus, ``C`` Chrysanthemum, ``F`` Fire Lily: the flower tiles.  The Lotus steps one
  point; the other two never move.  A Chrysanthemum stops an opposing Sky Bison or Flying Lemur
  next to it (orthogonally) and keeps Sky Bisons from flying past it; a Fire Lily gives its
  owner's White Dragon the ground it may be deployed on and move within.
- ``B`` Badgermole: steps one point, or slides along a line up to a flower tile (either owner's)
  when nothing stands between; its owner's flowers next to it cannot be captured.
- ``S`` Sky Bison: deployed on a gate, flies up to 6 steps around tiles, never into the
  territory (6 steps) of an opposing Sky Bison that has left its gate.
- ``Y`` Flying Lemur (option SwapBisonWithLemur, instead of the Sky Bison): deployed on a gate,
  moves up to 5 steps over anything.
- ``W`` Wheel: any distance along a diagonal, nothing between.
- ``D`` White Dragon: deployed and moves within 5 steps of its owner's Fire Lily.
"""
from __future__ import annotations

from paisho_core import board
from paisho_core.board import BIT, GATES, ORTHO, PLAYABLE, bits, coords
from paisho_core.game import settings
from paisho_core.tiles import other

FLOWERS = frozenset("LCF")
CAPTURERS = frozenset("DWSY")
FLIERS = frozenset("SY")  # the tiles a Chrysanthemum stops

TERRITORY = 6
"""A Sky Bison's territorial reach, in steps (not doubled by VDoubleMoveDistance in TGG)."""
DRAGON_DEPLOY = 5
"""How near its owner's Fire Lily a White Dragon is deployed (not doubled, as in TGG)."""

_POINTS = tuple(bits(PLAYABLE))
_XY = [coords(i) if PLAYABLE >> i & 1 else (99, 99) for i in range(board.NCELLS)]


def _within(i: int, r: int) -> int:
    x, y = _XY[i]
    m = 0
    for j in _POINTS:
        a, b = _XY[j]
        if abs(a - x) + abs(b - y) <= r:
            m |= BIT[j]
    return m


_BALLS: dict[tuple[int, int], int] = {}


def ball(i: int, r: int) -> int:
    """The playable points at most ``r`` steps (along the lines) from point ``i``, itself included."""
    key = (i, r)
    m = _BALLS.get(key)
    if m is None:
        m = _BALLS[key] = _within(i, r)
    return m


_DIAGONALS = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
_LINES = [(1, 0), (-1, 0), (0, 1), (0, -1)]


def _index(x: int, y: int) -> int:
    return (y + 8) * 17 + (x + 8)


class Cfg:
    """The options of one game, read once."""

    __slots__ = ("double", "reach", "lotus_step", "bison", "badger_step")

    def __init__(self, game) -> None:
        o = game.options
        self.double = bool(o.get("VDoubleMoveDistance"))
        f = 2 if self.double else 1
        self.reach = {"S": 6 * f, "Y": 5 * f, "L": 1 * f, "B": 1 * f, "D": 5 * f}
        self.bison = "Y" if o.get("SwapBisonWithLemur") else "S"


def cfg(game) -> Cfg:
    return settings(game, Cfg)


class View:
    """One position's tiles by role, and the derived flags (built once per position)."""

    __slots__ = ("st", "code", "blocked", "protected", "lotus", "foe_c", "fire", "bisons")

    def __init__(self, st) -> None:
        self.st = st
        b = st.board
        code = {}
        chrys = {"host": 0, "guest": 0}
        badger = {"host": 0, "guest": 0}
        fire = {"host": 0, "guest": 0}
        bisons = {"host": 0, "guest": 0}
        for i in bits(st.occupied):
            t = b[i]
            c = t.kind.code
            code[i] = c
            if c == "C":
                chrys[t.owner] |= BIT[i]
            elif c == "B":
                badger[t.owner] |= BIT[i]
            elif c == "F":
                fire[t.owner] |= BIT[i]
        self.code = code
        blocked = 0
        protected = 0
        for i, c in code.items():
            owner = b[i].owner
            if c in FLIERS and ORTHO[i] & chrys[other(owner)]:
                blocked |= BIT[i]
            elif c in FLOWERS and ORTHO[i] & badger[owner]:
                protected |= BIT[i]
        for i, c in code.items():
            if c == "S" and not (BIT[i] & (GATES | blocked)):
                bisons[b[i].owner] |= BIT[i]
        self.blocked = blocked
        self.protected = protected
        self.foe_c = {p: chrys[other(p)] for p in ("host", "guest")}
        self.fire = fire
        self.bisons = bisons  # Sky Bisons that hold a territory: off the gates and not stopped
        self.lotus = {p: bool(st.extra.get("lotus_" + p)) for p in ("host", "guest")}


def view(game) -> View:
    v = game.cache.get("vg_view")
    if v is None:
        v = game.cache["vg_view"] = View(game.state)
    return v


def capturable(v: View, mover: str, mcode: str, i: int) -> bool:
    """May ``mover``'s tile of kind ``mcode`` end on the occupied point ``i``?"""
    t = v.st.board[i]
    if t.owner == mover or BIT[i] & v.protected or mcode not in CAPTURERS:
        return False
    if v.code[i] in FLOWERS:
        return v.lotus[mover]
    return v.lotus[mover] and v.lotus[other(mover)]


def _ends_ok(v: View, mover: str, mcode: str, ends: int) -> int:
    """Of the candidate end points ``ends``, those the tile may end on: empty non-gate points and
    tiles it may capture."""
    occ = v.st.occupied
    out = ends & ~occ & ~GATES
    for i in bits(ends & occ):
        if capturable(v, mover, mcode, i):
            out |= BIT[i]
    return out


def _path_reach(v: View, src: int, steps: int, avoid: int) -> int:
    """End points reachable in at most ``steps`` orthogonal steps through empty points, the start
    and every point passed not next to ``avoid`` (the points a flier may not pass)."""
    occ = v.st.occupied
    if ORTHO[src] & avoid:
        return 0
    seen = BIT[src]
    frontier = BIT[src]
    ends = 0
    for k in range(steps):
        nxt = 0
        for i in bits(frontier):
            nxt |= ORTHO[i]
        ends |= nxt
        if k == steps - 1:
            break
        frontier = nxt & ~occ & ~seen
        if avoid:
            frontier = sum(BIT[i] for i in bits(frontier) if not ORTHO[i] & avoid)
        seen |= frontier
        if not frontier:
            break
    return ends & ~BIT[src]


def _walk(src: int, dx: int, dy: int):
    """The grid indices from ``src`` (excluded) along (dx, dy) to the grid's edge, playable or
    not (TGG looks only for tiles between, and no tile stands off the board)."""
    x, y = _XY[src]
    x, y = x + dx, y + dy
    while -8 <= x <= 8 and -8 <= y <= 8:
        yield _index(x, y)
        x, y = x + dx, y + dy


def _wheel_ends(v: View, src: int) -> int:
    b = v.st.board
    out = 0
    for dx, dy in _DIAGONALS:
        for i in _walk(src, dx, dy):
            out |= BIT[i] & PLAYABLE
            if b[i] is not None:
                break
    return out


def _badger_slides(v: View, src: int) -> int:
    """Points next to a flower tile along a line from the Badgermole, nothing between."""
    b = v.st.board
    out = 0
    for dx, dy in _LINES:
        prev = -1
        for i in _walk(src, dx, dy):
            t = b[i]
            if prev >= 0 and t is not None and t.kind.code in FLOWERS:
                out |= BIT[prev] & PLAYABLE
            if t is not None:
                break
            prev = i
    return out


def move_ends(game, v: View, src: int) -> int:
    """Bitset of the points the tile on ``src`` may move to."""
    c = cfg(game)
    st = v.st
    t = st.board[src]
    mover = t.owner
    code = v.code[src]
    if code in FLIERS and BIT[src] & v.blocked:
        return 0
    if code == "W":
        ends = _wheel_ends(v, src)
    elif code == "D":
        r = c.reach["D"]
        ends = 0
        for f in bits(v.fire[mover]):
            if BIT[src] & ball(f, r):
                ends |= ball(f, r)
    elif code == "Y":
        ends = ball(src, c.reach["Y"])
    elif code == "S":
        ends = _path_reach(v, src, c.reach["S"], v.foe_c[mover])
        foes = v.bisons[other(mover)]
        for f in bits(foes):
            ends &= ~ball(f, TERRITORY)
    elif code in ("L", "B"):
        ends = _path_reach(v, src, c.reach[code], 0)
        if code == "B":
            ends |= _badger_slides(v, src)
    else:
        return 0
    return _ends_ok(v, mover, code, ends & ~BIT[src])


def deploy_points(game, v: View, player: str, code: str) -> int:
    empty = PLAYABLE & ~v.st.occupied
    if code in FLIERS:
        return empty & GATES
    empty &= ~GATES
    if code == "D":
        near = 0
        for f in bits(v.fire[player]):
            near |= ball(f, DRAGON_DEPLOY)
        return empty & near
    return empty
