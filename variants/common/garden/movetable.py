"""The garden games' moves as values, shared by every position of a variant, and the picks
(legal-move lists) made from their rows."""
from __future__ import annotations

from typing import Any

from paisho_core.board import BIT, LABEL, PLAYABLE, bits
from paisho_core.game import Move
from paisho_core.sight import reach


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
        :meth:`mover` makes it) being ``(dist, stops, region, row, at, inner)``: the tile's
        distance and the points it may stand on; ``region``, every point within that distance of
        ``s`` on an empty board; ``row``, the moves of a tile ``code`` from ``s`` to a point of
        the region it may stand on; ``inner``, the points of the region a path may pass through
        (within one step less)."""
        key = ("movers", step)
        found = self._rows.get(key)
        if found is None:
            found = self._rows[key] = {}
        return found

    def mover(self, movers: dict, code: str, s: int, dist: int, stops: int, step) -> tuple:
        """The ``movers`` entry ``(dist, stops, region, row, at, inner)`` of a tile ``code`` on ``s``
        moving up to ``dist`` steps onto points of ``stops``, made the first time (``at``: the
        row as a dict, bit -> move)."""
        region = self.region(s, dist, step) if dist else 0
        src = LABEL[s] + "-"
        row = [(1 << e, Move("arrange", src + LABEL[e], code, s, e)) for e in bits(region & stops)]
        inner = self.region(s, dist - 1, step) if dist > 1 else 0
        found = movers[code][s] = (dist, stops, region, row, dict(row), inner)
        return found

    def get(self, key, make) -> Any:
        """The value (a move, or any other value kept per variant) stored under ``key``, made
        by ``make()`` the first time."""
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

    def few_picks(self, action: str, prefix: str, codes: tuple, region: int, mask: int) -> list[Move]:
        """``pick(place_row(action, prefix, code, region), mask)`` for each of ``codes`` in turn,
        joined (a new list), remembered per mask: for a region of a few points (the gates),
        whose masks are few."""
        key = ("few", action, prefix, codes, region, mask)
        got = self._picked.get(key)
        if got is None:
            got = []
            for code in codes:
                got += pick(self.place_row(action, prefix, code, region), mask)
            self._picked[key] = got
        return list(got)

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
    while diff:  # highest point first: a change leaves the indices below it as they were
        p = diff.bit_length() - 1
        low = BIT[p]
        diff ^= low
        k = (was & BELOW[p]).bit_count()
        if was & low:
            del moves[k]
        else:
            moves.insert(k, at[low])
    return moves


BELOW = [bit - 1 for bit in BIT]
"""The points below each point."""


PATCH_RATIO = 4
"""A pick is patched when at most one point in this many of its row differs (an insert or a
delete costs about as much as testing this many row entries)."""
