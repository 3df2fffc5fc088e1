"""Arrangements: every move of one player's tiles on the board, with the clash rule, captures and
each tile's memo of its last reach and moves."""
from __future__ import annotations

from paisho_core.board import BIT, GATES, NCELLS, PLAYABLE, SIZE
from paisho_core.game import Move
from paisho_core.sight import reach, step4

from .clash import IS_GATE, NO_PARTS, NOT_GATES, ClashMap, lifted_parts
from .movetable import repicked
from .roles import Roles
from .sightlines import COLUMN

_NOT_FIRST_COLUMN = ~COLUMN
_NOT_LAST_COLUMN = ~(COLUMN << (SIZE - 1))


def reach4(s: int, dist: int, empty: int) -> int:
    """Every point a path of up to ``dist`` orthogonal steps from ``s`` through ``empty`` points
    reaches, ``s`` excluded: its empty points are landings, its occupied ones captures (the
    same sets as :func:`paisho_core.sight.reach`, one bitset, the step written out)."""
    if dist <= 0:
        return 0
    seen = _STEP4[s]  # the first step read from a table
    frontier = seen & empty
    for _ in range(dist - 1):
        if not frontier:
            break
        # every empty point reached so far steps on (those met before again: the same set,
        # fewer operations than keeping them apart); off-board points are dropped at the end
        f = frontier
        nxt = (((f << 1) & _NOT_FIRST_COLUMN) | ((f >> 1) & _NOT_LAST_COLUMN)
               | (f << SIZE) | (f >> SIZE))
        seen |= nxt
        frontier = nxt & empty
    return seen & _NOT_SELF[s]


_STEP4 = [step4(1 << p) for p in range(NCELLS)]
"""The playable points one orthogonal step from each point."""
_NOT_SELF = [PLAYABLE & ~(1 << p) for p in range(NCELLS)]


class MoverMemo:
    """A game's memory of each tile's last moves, one entry per point (so it stays small; a
    list by point, None where there is none):
    ``tiles[s] = (tile, entry, local, targets, bad, parts, seen, free, ends, moves)``: the tile
    and its move-table entry, the occupied points within its distance, the points there it may
    capture, the points there where it would see a clashing tile, its :meth:`ClashMap.parts`;
    then the points it reaches, the empty ones it may stand on, its end points and moves (None:
    no end point).  The first six are everything the rest depends on: when they are the same, so
    are the tile's moves, whatever happened in between; most tiles see nothing change around
    them from one turn of their owner to the next.  The reach is also reused when no point
    changed where the tile's paths pass (points it reached within one step less than its
    distance): changes elsewhere change what it may end on, not where it gets."""

    __slots__ = ("tiles",)

    def __init__(self) -> None:
        self.tiles: list[tuple | None] = [None] * NCELLS


def mover_memo(game) -> MoverMemo:
    memo = game.__dict__.get("_garden_movers")
    if memo is None:
        memo = game.__dict__["_garden_movers"] = MoverMemo()
    return memo


class Arranging:
    """The rules of one position's arrangements: ``lines``, the position's
    :func:`line_neighbours`; ``clash``, its clash map (None: no clash rule); ``immobile``,
    points whose tiles may not move (trapped, or never moving); ``capture(mover)``, the points whose tiles
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
    moves while nothing they depend on changes."""
    b = state.board
    occ = state.occupied
    empty = PLAYABLE & ~occ
    move_of, stops_of = r.move, r.stops
    clash, capture, step = how.clash, how.capture, how.step
    memo = how.memo
    tiles = memo.tiles if memo is not None else [None] * NCELLS
    table = r.moves
    movers = table.movers(step)
    capturable = ~(GATES | how.protected) if how.protected else NOT_GATES
    if clash is None:
        parts_memo, partners, lines_, bad_of = None, None, None, None
    else:  # a fresh memo when the lines are not the map's own
        bad_of = clash.bad_of
        parts_memo = clash.parts_memo if how.lines is clash.lines else {}
        partners, lines_ = clash.partners, how.lines
    out: list[Move] = []
    per_tile: dict = {}  # tile -> (points it may capture, points where it would clash)
    todo = state.owned[player] & ~how.immobile
    points = []
    while todo:  # the tiles' points, highest first (one operation on the mask per point)
        s = todo.bit_length() - 1
        points.append(s)
        todo ^= BIT[s]
    for s in reversed(points):  # in point order
        tile = b[s]
        hit = tiles[s]
        if hit is not None and hit[0] is tile:  # the same tile code on s: the same entry
            found = hit[1]
        else:
            hit = None
            code = tile.kind.code
            at = movers.get(code)
            if at is None:
                at = movers[code] = [None] * NCELLS
            found = at[s]
            if found is None:
                found = table.mover(movers, code, s, move_of.get(code, 0), stops_of[code], step)
            if not found[0]:
                continue
        region = found[2]
        local = occ & region
        known = per_tile.get(tile)
        if known is None:  # every tile here has the same owner: the code decides both
            if clash is None:
                bad = 0
            else:
                bad = bad_of.get(tile.kind.code)
                if bad is None:
                    bad = clash.bad(tile.kind.code)
            known = per_tile[tile] = (0 if capture is None else capture(tile) & capturable, bad)
        targets = known[0] & local
        bad = known[1] & region
        if parts_memo is None or IS_GATE[s]:
            parts = NO_PARTS
        else:
            parts = parts_memo.get(s)
            if parts is None:
                parts = parts_memo[s] = lifted_parts(b, partners, s, tile.kind.code, lines_)
        if hit is not None and hit[2] == local:
            if hit[3] == targets and hit[4] == bad and hit[5] == parts:
                if hit[8]:
                    if first:
                        return True
                    out += hit[9]
                continue
            seen, free = hit[6], hit[7]
        elif hit is not None and not (local ^ hit[2]) & found[5] & hit[6]:
            # no change where its paths pass (within dist - 1 steps, on points it reached):
            # it reaches the same points
            seen = hit[6]
            free = seen & empty & found[1]
        else:
            dist, stops = found[0], found[1]
            if step is step4:
                seen = reach4(s, dist, empty)
            else:
                landing, touched = reach(s, dist, empty, step)
                seen = landing | touched
            free = seen & empty & stops
        cand = free
        if targets:
            cand |= seen & targets & found[1]
        if cand:  # gates block lines whether or not they hold a tile (parts: NO_PARTS)
            keep, extra = parts
            if extra:
                cand &= ~(bad | extra)
            elif bad:
                cand &= ~bad
            if keep != -1:
                cand &= keep
        if first:
            if cand:
                return True
            continue
        if not cand:
            moves = None
        elif hit is not None and hit[8]:
            # the memo's own list, patched where few end points differ (``out`` copies items)
            moves = hit[9] if hit[8] == cand else repicked(found[3], found[4], hit[8], hit[9], cand)
            out += moves
        else:
            moves = [m for bit, m in found[3] if cand & bit]
            out += moves
        tiles[s] = (tile, found, local, targets, bad, parts, seen, free, cand, moves)
    return False if first else out


def arrangements(state, r: Roles, player: str, how: Arranging) -> list[Move]:
    """Every move of one of ``player``'s tiles (see :func:`_arrange`)."""
    return _arrange(state, r, player, how)


def can_arrange(state, r: Roles, player: str, how: Arranging) -> bool:
    """Has ``player`` at least one arrangement?  (Stops at the first tile that can move.)"""
    return _arrange(state, r, player, how, True)
