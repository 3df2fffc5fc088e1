"""Moves built once and shared by every position and game: placements and point-to-point moves.

A :class:`~paisho_core.game.Move` is a value (nothing changes one once built), so the move of a
tile kind from one point to another is the same object wherever it is legal.  A generator that
knows a tile's end points as a bitset asks :func:`table` for the kind's table and
:meth:`MoveTable.to` for the moves: each is built (with its notation) the first time and
looked up afterwards.  Notation: ``CODE(x,y)`` for a placement (``src`` -1), ``(x1,y1)-(x2,y2)``
for a move.
"""
from __future__ import annotations

from .board import LABEL, NCELLS
from .game import Move


class MoveTable:
    """The moves of one action by one tile kind, keyed by ``src << 9 | dst``."""

    __slots__ = ("action", "code", "moves", "lists")

    PER_SOURCE = 64
    """How many answers of :meth:`to` one source point keeps before it starts its own again (a
    bound on memory that never empties the whole table at once)."""

    def __init__(self, action: str, code: str) -> None:
        self.action = action
        self.code = code
        self.moves: dict[int, Move] = {}
        self.lists: list[dict[int, tuple[Move, ...]] | None] = [None] * (NCELLS + 1)
        """Per ``src + 1``: the answers of :meth:`to` by end-point bitset."""

    def one(self, src: int, dst: int) -> Move:
        """The move from ``src`` (-1: a placement) to ``dst``."""
        move = self.moves.get(src << 9 | dst)
        if move is None:
            text = self.code + LABEL[dst] if src < 0 else LABEL[src] + "-" + LABEL[dst]
            move = self.moves[src << 9 | dst] = Move(self.action, text, self.code, src, dst)
        return move

    def to(self, src: int, ends: int) -> tuple[Move, ...]:
        """The moves from ``src`` (-1: placements) to every point of the bitset ``ends``, in
        grid order.  A tile that stays put usually keeps its end points from one position to
        the next, so the answer is kept per (src, ends)."""
        kept = self.lists[src + 1]
        if kept is None:
            kept = self.lists[src + 1] = {}
        else:
            found = kept.get(ends)
            if found is not None:
                return found
        moves = self.moves
        base = src << 9
        out = []
        e = ends
        while e:
            low = e & -e
            e ^= low
            dst = low.bit_length() - 1
            out.append(moves.get(base | dst) or self.one(src, dst))
        if len(kept) >= self.PER_SOURCE:
            kept.clear()
        found = kept[ends] = tuple(out)
        return found


_TABLES: dict[tuple[str, str], MoveTable] = {}


def table(action: str, code: str) -> MoveTable:
    """The shared table of ``action`` moves by tiles of kind ``code``."""
    found = _TABLES.get((action, code))
    if found is None:
        found = _TABLES[(action, code)] = MoveTable(action, code)
    return found
