"""How many turns a player is from a harmony across each midline arm: the gradient computer
players follow towards a four-midline set (the goal, book chapter 2 L473; rules.md "Winning").

A harmony across an arm needs two of the player's harmonizers on one line across it, one in each
of the two quadrants the arm divides (rows for N and S, columns for E and W; L408-412).  For each
tile kind and start point the fewest moves to stand on each such line in each quadrant are found
once, on an empty board (Water on white, Fire on red, Earth on neutral, Air bending, the Lotus
straight: L437-454, L464-465; no tile stops on a home point, ruling I15), and cached.  A position
is then scored by table look-ups: for each arm, the cheapest line's cost for its two ends, where a
tile in the reserve costs one turn to enter on its home point first (L462).
"""
from __future__ import annotations

from functools import lru_cache

from paisho_core.board import PLAYABLE, bits, index, on_board, step4
from paisho_core.sight import reach

from .entry import home_shut, home_walls
from .geometry import X, Y
from .roles import Roles, kind_masks, reserve_reading, role_mask

FAR = 30
"""The cost of a line a tile can never reach."""

LINES = 8
"""Lines per quadrant: rows (or columns) 1..8 away from the centre line."""

SIDES = {"N": ((-1, 1), (1, 1)), "S": ((-1, -1), (1, -1)), "E": ((1, 1), (1, -1)),
         "W": ((-1, 1), (-1, -1))}
"""The two quadrants (signs of x and y) each arm's harmonies join."""


@lru_cache(maxsize=None)
def _next_points(r: Roles, code: str, s: int) -> int:
    """Points a tile of ``code`` on ``s`` can move to on an empty board."""
    area = r.area[code] or PLAYABLE
    if code in r.bends:
        landing, _ = reach(s, r.move[code], PLAYABLE & area, step4)
    else:
        landing = 0
        for lane in r.lanes[code][s]:
            for j in lane:
                landing |= 1 << j
    return landing & ~r.homes


@lru_cache(maxsize=None)
def _costs(r: Roles, code: str, s: int, extra: int, stuck: bool = False) -> dict:
    """For a tile of ``code`` on ``s``: ``{arm: (costs to each line in the first quadrant,
    costs to each line in the second)}``, each a tuple of LINES move counts (FAR if never), each
    plus ``extra`` (the turns before the tile is on ``s``).  A ``stuck`` tile (frozen by a
    Knotweed, L456) reaches only the lines it stands on."""
    base = _moves_to_lines(r, code, s, stuck)
    if not extra:
        return base
    return {arm: tuple(tuple(min(c + extra, FAR) for c in side) for side in sides)
            for arm, sides in base.items()}


@lru_cache(maxsize=None)
def _moves_to_lines(r: Roles, code: str, s: int, stuck: bool) -> dict:
    """:func:`_costs` with no turns before the tile is on ``s``: a breadth-first search over
    the tile's moves on an empty board, read off per line."""
    dist = {s: 0}
    frontier, seen, d = ([] if stuck else [s]), 1 << s, 0
    while frontier:
        d += 1
        nxt = []
        for p in frontier:
            for q in bits(_next_points(r, code, p) & ~seen):
                seen |= 1 << q
                dist[q] = d
                nxt.append(q)
        frontier = nxt
    lines = {arm: ([FAR] * LINES, [FAR] * LINES) for arm in SIDES}
    for p, d in dist.items():
        for arm, side, k in POINT_LINES.get(p, ()):
            line = lines[arm][side]
            if d < line[k]:
                line[k] = d
    return {arm: (tuple(first), tuple(second)) for arm, (first, second) in lines.items()}


def _point_lines() -> dict:
    """For each playable point: the ``(arm, side, line)`` it lies on, side 0 or 1 the arm's
    quadrant (:data:`SIDES`), line 0..LINES-1 counted from the centre line outwards (rows for
    N and S, columns for E and W)."""
    out = {p: [] for p in bits(PLAYABLE)}
    for arm, quadrants in SIDES.items():
        across_row = arm in ("N", "S")
        for side, (sx, sy) in enumerate(quadrants):
            for p in out:
                x, y = X[p], Y[p]
                if x * sx > 0 and y * sy > 0:
                    k = abs(y if across_row else x) - 1
                    if k < LINES:
                        out[p].append((arm, side, k))
    return {p: tuple(v) for p, v in out.items()}


POINT_LINES = _point_lines()


def arm_costs(game, r: Roles, player: str, arms, busy: int = 0, frozen: int = 0) -> dict:
    """``{arm: turns}`` for each arm in ``arms``: about how many turns (moves and placements) before
    two of ``player``'s harmonizers face each other across the arm, one in each quadrant.

    A tile already on a line costs nothing there, plus what clears its view of the centre line:
    one turn per own tile in the way (it moves off), two per opponent's tile (taken or waited
    out), three per Rock (Rocks never move); the point on the centre line counts the same way.
    Another tile costs its moves to the line (on an empty board); a tile in the reserve one turn
    more to enter on its home point (L462), two if that point is taken; none while a tile that
    can never leave stands there, and none of a kind that would itself be walled in there
    (:mod:`.entry`).  Tiles in ``busy`` (in a harmony already) are left out, except those that
    may count twice (Water, L442-443): using one would give up the arm it crosses, so the
    estimate follows fresh tiles, and the value of bringing them nearer is never hidden behind a
    shortcut that costs an arm.  Tiles in ``frozen`` (held by a Knotweed) count only where they
    stand."""
    st = game.state
    b = st.board
    mine = st.owned[player] & role_mask(game, "moving_harmonizer")
    if busy:
        mine &= ~(busy & ~role_mask(game, "double"))
    home = r.home[player]
    entry = 1 + (b[home] is not None)
    walls = home_walls(game, player)
    reserve = () if home_shut(game, player, walls) else reserve_reading(game, player)[1]
    if walls and reserve:
        reserve = tuple([(code, n) for code, n in reserve if code not in walls])
    if not (mine or reserve):
        return {arm: FAR for arm in arms}
    # the plans depend on the tiles alone (:class:`_Plan`), read here off the kinds' points: the
    # points of each kind of the player's tiles counted (in the order of ``moving_order``), those
    # of them frozen, and the reserve's (codes and integers only: a key holding the tiles or the
    # roles would stay tracked by the garbage collector for as long as it is remembered, which
    # makes every full collection dear)
    kinds = kind_masks(game)
    key = (r.serial, home, entry, reserve, frozen & mine,
           tuple([kinds.get(code, 0) & mine for code in r.moving_order]))
    plan = _PLANS.get(key)
    if plan is None:
        keys = [(b[i].kind.code, i, 0, (frozen >> i) & 1 == 1) for i in bits(mine)]
        for code, n in reserve:
            keys.extend([(code, home, entry, False)] * n)
        plan = _plans(key, _Plan(r, keys))
    out = {}
    for arm in arms:
        bound = getattr(plan, arm)
        if bound is None:
            bound = plan.bound(arm)
        lines = LINE_POINTS[arm]
        best = FAR
        # the most promising lines, until no other can beat the best found
        for low in bound:
            if low >> 3 >= best:
                break
            k = low & 7
            a1, c1 = plan.pair(arm, k)
            mid, side1, side2 = lines[k]
            cost = _blocking(b, r, player, mid)
            cost += _view(b, r, player, side1, busy) if a1 == 0 else a1
            cost += _view(b, r, player, side2, busy) if c1 == 0 else c1
            if cost < best:
                best = cost
        out[arm] = best
    return out


class _Plan:
    """For one set of a player's tiles (as :func:`arm_costs` lists them: ``(code, point, turns
    before it is there, stuck)`` each), what the arms' lines cost them, found for every arm,
    side and line at once on integers packed a field a line (:func:`_costs_packed`): ``low``
    and ``second``, the smallest and the second smallest cost over the tiles (the same value
    twice when two tiles tie), and ``sums``, the smallest of one tile's costs to both sides of a
    line (at most SUM_CAP).  Then per arm (the attribute of its name, made on first use: most
    positions miss one or two arms) the lower bound of each of the arm's lines, cheapest first.
    They depend on those tiles alone (the rest of the board is read per position), and most of
    a player's tiles stay where they are from one position greedy scores to the next, so they
    are remembered by the set.  One object the garbage collector tracks a set (the integers and
    tuples of integers are not tracked)."""

    __slots__ = ("low", "second", "sums", "N", "E", "S", "W")

    def __init__(self, r: Roles, keys: list) -> None:
        packed = r.packed
        tiles = [packed.get(k) or _pack(r, k) for k in keys]
        low, sums = tiles[0]
        second = _ALL_FAR
        top = _FIELD_BITS - 1
        for x, xs in tiles[1:]:
            # field by field at once: the guard bits where low >= x, then the fields' low bits
            # under them, and low ^ x there: swapping low and x there leaves the smaller in low,
            # the larger in x
            d = ((low | _GUARDS) - x) & _GUARDS
            swap = (low ^ x) & (d - (d >> top))
            low ^= swap
            high = x ^ swap
            # the second smallest is the smaller of itself and the larger of low and x
            d = ((second | _GUARDS) - high) & _GUARDS
            second ^= (second ^ high) & (d - (d >> top))
            d = ((sums | _GUARDS) - xs) & _GUARDS
            sums ^= (sums ^ xs) & (d - (d >> top))
        self.low, self.second, self.sums = low, second, sums
        self.N = self.E = self.S = self.W = None

    def bound(self, arm: str) -> tuple:
        """The arm's lines with a point on the arm, each as ``low << 3 | line`` (``low``: the
        cheapest tile on each side added, possibly the same tile twice), smallest first."""
        low = self.low >> _ARM_SHIFT[arm] & _ARM_MASK
        # both sides' costs added field by field at once (each sum is at most 2 * FAR, which
        # fits a field), then read per line
        low = (low & _SIDE_MASK) + (low >> _SIDE_BITS)
        found = tuple(sorted([(low >> shift & _FIELD_MASK) << 3 | k for shift, k in _ON_ARM[arm]]))
        setattr(self, arm, found)
        return found

    def pair(self, arm: str, k: int) -> tuple[int, int]:
        """The costs of the cheapest two different tiles on line ``k`` of ``arm``, one for each
        side (the same tile cannot stand on both), for a line whose lower bound is below FAR
        (the only lines :func:`arm_costs` looks at).  When no tile is cheapest on both sides at
        once (the smallest sum of one tile's two costs is above the two cheapest added), those
        two; else the better of the cheapest on one side with the second cheapest on the other."""
        at = _ARM_SHIFT[arm] + _SHIFT[k]
        a1 = self.low >> at & _FIELD_MASK
        c1 = self.low >> at + _SIDE_BITS & _FIELD_MASK
        if (self.sums >> at & _FIELD_MASK) > a1 + c1:
            return a1, c1
        a2 = self.second >> at & _FIELD_MASK
        c2 = self.second >> at + _SIDE_BITS & _FIELD_MASK
        return (a1, c2) if a1 + c2 <= a2 + c1 else (a2, c1)


_FIELD_BITS = 6
"""Bits per cost in :func:`_costs_packed`: costs are at most FAR (30), below the field's top bit."""
_FIELD_MASK = (1 << _FIELD_BITS) - 1
_SHIFT = [_FIELD_BITS * k for k in range(2 * LINES)]
_ARM_SHIFT = {arm: 2 * LINES * _FIELD_BITS * n for n, arm in enumerate(SIDES)}
"""Where each arm's fields start: its first side's lines, then its second's."""
_ARM_MASK = (1 << 2 * LINES * _FIELD_BITS) - 1
_GUARDS = sum(1 << (a + s + _FIELD_BITS - 1) for a in _ARM_SHIFT.values() for s in _SHIFT)
_ALL_FAR = sum(FAR << (a + s) for a in _ARM_SHIFT.values() for s in _SHIFT)
SUM_CAP = (1 << _FIELD_BITS - 1) - 1
"""A tile's two costs to a line added are kept up to this (31): a line is looked at only while
its lower bound is below FAR (30), so a larger sum is larger all the same."""
assert FAR < SUM_CAP < 1 << (_FIELD_BITS - 1)
_SIDE_BITS = LINES * _FIELD_BITS
_SIDE_MASK = (1 << _SIDE_BITS) - 1


def _costs_packed(r: Roles, code: str, s: int, extra: int, stuck: bool = False) -> tuple[int, int]:
    """:func:`_costs` packed in one integer, a field of ``_FIELD_BITS`` bits per line: each
    arm's (:data:`_ARM_SHIFT`) first side's lines, then its second's; and the tile's two costs
    to each line added (at most SUM_CAP), in the first side's fields."""
    costs = _costs(r, code, s, extra, stuck)
    packed = sums = 0
    for arm, (first, second) in costs.items():
        packed |= sum(c << _SHIFT[k] for k, c in enumerate(first + second)) << _ARM_SHIFT[arm]
        sums |= sum(min(a + c, SUM_CAP) << _SHIFT[k] for k, (a, c) in enumerate(zip(first, second))) << _ARM_SHIFT[arm]
    return packed, sums


def _pack(r: Roles, key: tuple) -> tuple[int, int]:
    """:func:`_costs_packed` of a tile listed as ``(code, point, turns before it is there,
    stuck)``, remembered in ``r.packed`` by that tuple."""
    found = r.packed[key] = _costs_packed(r, *key)
    return found


def _plans(key: tuple, found: _Plan) -> _Plan:
    if len(_PLANS) >= _PLANS_KEPT:
        _PLANS.clear()
    _PLANS[key] = found
    return found


_PLANS: dict = {}
_PLANS_KEPT = 1024
"""At most this many sets of tiles' plans are remembered (then the memo starts afresh): over two
quick v greedy games 1024 made 11,336 plans where 4096 made 11,075 (when each plan was a dozen
objects the garbage collector tracked, the larger memo made the full collections dearer)."""


def _blocking(b, r: Roles, player: str, i: int) -> int:
    """What clearing the point ``i`` off a line costs (0 when empty or a Knotweed)."""
    t = b[i]
    if t is None:
        return 0
    code = t.kind.code
    if code in r.knotweed:
        return 0
    if code in r.rock:
        return 3
    return 1 if t.owner == player else 2


def _view(b, r: Roles, player: str, points, busy: int) -> int:
    """For ``player``'s harmonizer on a line (``points``: the line's points in one quadrant,
    from the centre line outwards): what clears the points between it and the centre line."""
    cost = 0
    for i in points:
        t = b[i]
        if t is None:
            continue
        if t.owner == player and t.kind.code in r.harmonizer and not (
                busy >> i & 1 and t.kind.code not in r.double):
            return cost
        cost += _blocking(b, r, player, i)
    return cost


def _line_points():
    out = {}
    for arm, ((sx1, sy1), (sx2, sy2)) in SIDES.items():
        rows = arm in ("N", "S")
        lines = []
        for k in range(1, LINES + 1):
            if rows:
                y = k * sy1
                mid = (0, y)
                s1 = [(sx1 * d, y) for d in range(1, 9)]
                s2 = [(sx2 * d, y) for d in range(1, 9)]
            else:
                x = k * sx1
                mid = (x, 0)
                s1 = [(x, sy1 * d) for d in range(1, 9)]
                s2 = [(x, sy2 * d) for d in range(1, 9)]
            lines.append((index(*mid) if on_board(*mid) else None,
                          tuple(index(*p) for p in s1 if on_board(*p)),
                          tuple(index(*p) for p in s2 if on_board(*p))))
        out[arm] = lines
    return out


LINE_POINTS = _line_points()
"""For each arm and line 1..8: the line's point on the arm, and its points in each of the two
quadrants from the centre line outwards."""
_ON_ARM = {arm: [(_SHIFT[k], k) for k in range(LINES) if LINE_POINTS[arm][k][0] is not None] for arm in SIDES}
"""The lines with a point on each arm (where their fields start, and their number)."""
