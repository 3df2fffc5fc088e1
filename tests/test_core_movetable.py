"""The shared move tables: the lists kept per (source, end points) are the moves built one by
one, in grid order, before and after a point starts its lists again."""
from __future__ import annotations

import random

from paisho_core import board
from paisho_core.movetable import MoveTable


class SmallTable(MoveTable):
    __slots__ = ()
    PER_SOURCE = 3  # starts a point's lists again often


def test_kept_lists_are_the_moves_one_by_one():
    table = SmallTable("move", "Z9")
    rng = random.Random(5)
    asked = []
    for _ in range(400):
        src = rng.choice((-1,) + board.POINTS)
        ends = sum(1 << p for p in rng.sample(board.POINTS, rng.randint(0, 12)))
        if asked and rng.random() < 0.4:
            src, ends = rng.choice(asked)  # asked again: the kept answer
        asked.append((src, ends))
        got = table.to(src, ends)
        assert got == tuple(table.one(src, d) for d in board.bits(ends))
        assert all(a is table.one(src, d) for a, d in zip(got, board.bits(ends)))
        if src < 0:
            assert [str(m) for m in got] == ["Z9" + board.LABEL[d] for d in board.bits(ends)]
        else:
            assert [str(m) for m in got] == [board.LABEL[src] + "-" + board.LABEL[d]
                                             for d in board.bits(ends)]
