"""Adevar's play path made cheaper (issue 40) without changing a legal list, an outcome or a
value: each speed-up checked against the plain code it replaced, kept here as the reference
(equality over random positions and seeded games, never time; the figures come from
benchmarks/greedy_games.py and the quick level's timings)."""
from __future__ import annotations

import random

import paisho_core as paisho
from paisho_variants.adevar import geometry as geo

from .test_cheaper_greedy import random_positions


# -- the references: the code as first written ---------------------------------------------------

def plain_reach(src: int, distance: int, occupied: int) -> tuple[int, int]:
    """``geometry.reach`` as first written: a breadth-first search point by point."""
    seen = 1 << src
    frontier = [src]
    empty_reached = 0
    touched = 0
    for _step in range(distance):
        nxt = []
        for i in frontier:
            for j in geo.NEIGHBOURS[i]:
                bit = 1 << j
                if seen & bit:
                    continue
                seen |= bit
                if occupied & bit:
                    touched |= bit
                else:
                    empty_reached |= bit
                    nxt.append(j)
        frontier = nxt
        if not frontier:
            break
    return empty_reached, touched


# -- reach on bitsets ---------------------------------------------------------------------------

def test_reach_on_bitsets_is_the_plain_search():
    rng = random.Random(40)
    points = list(geo.POINT)
    odd = [i for i in points if geo._ODD >> i & 1]
    for k in range(3000):
        occupied = 0
        for i in rng.sample(points, rng.randint(0, 90)):
            occupied |= 1 << i
        src = rng.choice(odd if k % 4 == 0 else points)  # the spare points and their neighbours too
        distance = rng.randint(1, 8)
        assert geo.reach(src, distance, occupied) == plain_reach(src, distance, occupied), (src, distance)


def test_reach_in_game_positions_is_the_plain_search():
    for game in random_positions("adevar", games=2, plies=120, step=3):
        st = game.state
        for i in geo.POINT:
            if st.board[i] is not None:
                for distance in (3, 5, 7):
                    assert geo.reach(i, distance, st.occupied) == plain_reach(i, distance, st.occupied)
