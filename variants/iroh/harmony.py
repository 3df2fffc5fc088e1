"""Iroh harmonies: two tiles facing each other across a midline arm, and the four-arm win test.

Source: the book's chapter 2, L408-412 (harmony), L442-447 (Water, Earth), L453-457 (Lotus,
Knotweed), L460 (Rocks), L473 (the win).  Rulings I3-I7 and I16 of the digest, as adopted on
docs/variants/iroh/rulings.md.
"""
from __future__ import annotations

from dataclasses import dataclass

from paisho_core.board import GATES, NCELLS, SIZE, TRANSPOSE, bits, nearest

from .geometry import ARMS, DIRECTIONS, ON_MIDLINE, RAYS, TOWARD_MIDLINES, X, Y, crossed_arm
from .roles import masks_of

BOTH = ("host", "guest")
VERTICAL = DIRECTIONS.index((0, 1))
"""Directions from this index on run along a column (:data:`.geometry.DIRECTIONS`)."""
assert all(dy == 0 for _dx, dy in DIRECTIONS[:VERTICAL]) and all(dx == 0 for dx, _dy in DIRECTIONS[VERTICAL:])


@dataclass(frozen=True)
class LineRules:
    """The options that change what a line of sight is and who owns a harmony."""

    knotweed_blocks: bool = False
    gates_block: bool = False
    earth_any_rock: bool = False
    lotus_pair: bool = True

    @classmethod
    def of(cls, options: dict) -> "LineRules":
        return cls(bool(options.get("knotweed_blocks_lines")), bool(options.get("gates_block_lines")),
                   options.get("earth_rock_owner") == "any", options.get("lotus_pair_counts", "both") == "both")


def _owners(ta, tq, r, lotus_pair: bool):
    """Who owns a harmony between two harmonizer tiles (None: nobody)."""
    la, lq = ta.kind.code in r.lotus, tq.kind.code in r.lotus
    if la and lq:
        return BOTH if lotus_pair else None
    if la:
        return (tq.owner,)
    if lq:
        return (ta.owner,)
    return (ta.owner,) if ta.owner == tq.owner else None


def candidate_pairs(state, r, rules: LineRules) -> tuple[tuple[int, int, str, tuple[str, ...]], ...]:
    """Every harmony on the board as ``(a, b, arm, owners)`` with ``a < b``, in that order (a
    tuple of tuples of numbers and strings, which the garbage collector stops tracking: the
    harmonies of thousands of boards are remembered).

    A tile may appear in several; the one-harmony-per-tile limit (L412) applies only when a
    four-midline set is chosen (:func:`four_arm_set`).  Each harmonizer off the centre lines looks
    along its row and its column towards the centre lines; empty points and Knotweeds are
    transparent, Rocks are transparent only when one end is an Earth (which may also pair with a
    Rock), and the first other tile ends the look.
    """
    return tuple([(a, q, arm, owners) for (a, q), (arm, owners) in sorted(_looks(state, r, rules).items())])


def pairs_after(before: tuple, state, r, rules: LineRules, changed: int) -> tuple:
    """:func:`candidate_pairs` of ``state``, given ``before``, those of a board that differs
    from it on the points of ``changed`` alone (a move changes its source and destination, a
    take or a burn the point it empties).  A harmony joins two tiles on one row or column and
    depends on nothing off that line, so only the rows and columns through a changed point are
    looked along again; every other harmony of ``before`` stands."""
    rows = cols = 0
    for c in bits(changed):
        rows |= ROW_POINTS[c]
        cols |= COL_POINTS[c]
    out = [(a, q, arm, owners) for (a, q), (arm, owners) in _looks(state, r, rules, rows, cols).items()]
    for p in before:
        a = p[0]
        if not (rows if Y[a] == Y[p[1]] else cols) >> a & 1:
            out.append(p)
    out.sort()
    return tuple(out)


def _line_masks() -> tuple[list[int], list[int]]:
    row, col = {}, {}
    for i in range(NCELLS):  # the whole grid: a position may hold tiles off the board
        row[i // SIZE] = row.get(i // SIZE, 0) | 1 << i
        col[i % SIZE] = col.get(i % SIZE, 0) | 1 << i
    return [row[i // SIZE] for i in range(NCELLS)], [col[i % SIZE] for i in range(NCELLS)]


ROW_POINTS, COL_POINTS = _line_masks()
"""``ROW_POINTS[i]``, ``COL_POINTS[i]``: the grid points of the row and of the column through
``i``."""

_EVERYWHERE = (1 << NCELLS) - 1


def _looks(state, r, rules: LineRules, rows: int = _EVERYWHERE, cols: int = _EVERYWHERE) -> dict:
    """The harmonies seen by the harmonizers looking along the rows of ``rows`` and the columns
    of ``cols`` (point sets): ``{(a, b): (arm, owners)}``."""
    b = state.board
    out: dict[tuple[int, int], tuple[str, tuple[str, ...]]] = {}
    gates = GATES if rules.gates_block else 0
    knot_transparent = not rules.knotweed_blocks
    harmonizer, knotweed, rock, earth = r.harmonizer, r.knotweed, r.rock, r.earth
    # Lines of sight: the nearest "blocker" in each direction by bit tricks; only when it is a
    # Rock does the look continue point by point.
    blockers, blockers_t = state.occupied | gates, state.occupied_t
    for g in bits(gates):
        blockers_t |= 1 << TRANSPOSE[g]
    harmonizers, knots = masks_of(state, harmonizer, knotweed)
    if knot_transparent:
        for k in bits(knots):
            blockers &= ~(1 << k)
            blockers_t &= ~(1 << TRANSPOSE[k])
    for a in bits(harmonizers & ~ON_MIDLINE & (rows | cols)):
        ta = b[a]
        ca = ta.kind.code
        a_earth = ca in earth
        seen = nearest(blockers, blockers_t, a)
        for d in TOWARD_MIDLINES[a]:
            if not (cols if d >= VERTICAL else rows) >> a & 1:
                continue
            rocks = []
            q = seen[d]
            if q < 0 or b[q] is None:
                continue
            if b[q].kind.code in rock:
                q = -1
                for j in RAYS[a][d]:
                    t = b[j]
                    if t is None:
                        if gates >> j & 1:
                            break
                        continue
                    c = t.kind.code
                    if c in knotweed and knot_transparent:
                        continue
                    if c in rock:
                        rocks.append(j)
                        continue
                    q = j
                    break
            if a_earth:
                for k in rocks:
                    arm = crossed_arm(a, k)
                    if arm and (rules.earth_any_rock or b[k].owner == ta.owner):
                        out[(a, k) if a < k else (k, a)] = (arm, (ta.owner,))
            if q < 0:
                continue
            tq = b[q]
            if tq.kind.code not in harmonizer:
                continue
            if rocks and not a_earth and tq.kind.code not in earth:
                continue
            arm = crossed_arm(a, q)
            if arm is None:
                continue
            owners = _owners(ta, tq, r, rules.lotus_pair)
            if owners:
                out[(a, q) if a < q else (q, a)] = (arm, owners)
    return out


def four_arm_set(pairs, player: str, capacity) -> tuple | None:
    """A choice of one of ``player``'s harmonies per midline arm using no tile more often than
    ``capacity(point)`` allows (Water 2, every other tile 1; L412, L442-443), or None.

    Exact: a depth-first search over the arms, fewest candidates first (none where an arm has
    no harmony of the player's, the most frequent answer, found first).
    """
    if len({p[2] for p in pairs if player in p[3]}) < len(ARMS):
        return None
    by_arm: dict[str, list[tuple[int, int]]] = {arm: [] for arm in ARMS}
    for a, q, arm, owners in pairs:
        if player in owners:
            by_arm[arm].append((a, q))
    lists = sorted(by_arm.values(), key=len)
    if not lists[0]:
        return None
    chosen: list[tuple[int, int]] = []
    return tuple(chosen) if _first_set(lists, 0, {}, chosen, capacity) else None


def _first_set(lists: list, k: int, used: dict, chosen: list, capacity) -> bool:
    """:func:`four_arm_set`'s search from the ``k``-th arm on (a function of the module, not a
    closure calling itself: that would leave a reference cycle behind at every call, for the
    garbage collector to find)."""
    if k == len(lists):
        return True
    for a, q in lists[k]:
        ua, uq = used.get(a, 0), used.get(q, 0)
        if ua >= capacity(a) or uq >= capacity(q):
            continue
        used[a], used[q] = ua + 1, uq + 1
        chosen.append((a, q))
        if _first_set(lists, k + 1, used, chosen, capacity):
            return True
        chosen.pop()
        used[a], used[q] = ua, uq
    return False


def arms_coverable(pairs, player: str, capacity) -> int:
    """The largest number of midline arms ``player`` covers at once under the same tile limits
    (4 means a four-midline set); a measure of progress for computer players."""
    return len(best_cover(pairs, player, capacity))


def best_cover(pairs, player: str, capacity) -> tuple:
    """One of ``player``'s harmonies per arm for as many arms as possible at once, under the same
    tile limits as :func:`four_arm_set`: the chosen ``(a, q, arm)``, one per covered arm."""
    by_arm = [[(a, q, arm) for a, q, arm, owners in pairs if arm == x and player in owners] for x in ARMS]
    lists = [lst for lst in by_arm if lst]
    best = [[]]  # the best found so far, in a box the search replaces it in
    _cover(lists, 0, {}, [], best, capacity)
    return tuple(best[0])


def _cover(lists: list, k: int, used: dict, chosen: list, best: list, capacity) -> None:
    """:func:`best_cover`'s search from the ``k``-th arm on: each harmony of the arm in turn,
    then none (a function of the module, as :func:`_first_set`)."""
    if len(chosen) + len(lists) - k <= len(best[0]):
        return
    if k == len(lists):
        best[0] = list(chosen)
        return
    for a, q, arm in lists[k]:
        ua, uq = used.get(a, 0), used.get(q, 0)
        if ua >= capacity(a) or uq >= capacity(q):
            continue
        used[a], used[q] = ua + 1, uq + 1
        chosen.append((a, q, arm))
        _cover(lists, k + 1, used, chosen, best, capacity)
        chosen.pop()
        used[a], used[q] = ua, uq
        if len(best[0]) == len(lists):
            return
    _cover(lists, k + 1, used, chosen, best, capacity)


def capacity_of(state, r):
    """How many harmonies of a set the tile on a point may take part in."""
    b = state.board
    double = r.double

    def capacity(i: int) -> int:
        return 2 if b[i].kind.code in double else 1

    return capacity
