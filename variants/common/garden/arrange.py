"""Arrangements: every move of one player's tiles on the board, with the clash rule, captures and
each tile's memo of its last reach and moves."""
from __future__ import annotations

from paisho_core.board import GATES, NCELLS, PLAYABLE, SIZE
from paisho_core.game import Move
from paisho_core.sight import reach, step4

from .clash import ClashMap
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
