"""The bitset step and hop helpers against a slow, direction-by-direction version (one
``shift`` per direction and per hop, the helpers' first implementation), on random boards."""
from __future__ import annotations

import random

import pytest

from paisho_core import board
from paisho_core.steps import hop_closure, step, step_hop_destinations
from tests.oracles.street_reference import hop_closure as slow_hops
from tests.oracles.street_reference import step as slow_step
from tests.oracles.street_reference import step_hop_destinations as slow_destinations


def random_mask(rng, density):
    return sum(1 << i for i in board.POINTS if rng.random() < density)


@pytest.mark.parametrize("adjacency", [4, 8])
def test_steps_and_hops_agree_with_the_slow_version(adjacency):
    rng = random.Random(adjacency)
    for _ in range(400):
        occupied = random_mask(rng, rng.choice((0.1, 0.3, 0.6)))
        stray = sum(1 << i for i in range(board.NCELLS + 20) if rng.random() < 0.05)  # off the board too
        over = occupied & random_mask(rng, 0.7) | stray
        empty = board.PLAYABLE & ~occupied
        start = random_mask(rng, 0.03)
        assert step(start, empty, adjacency) == slow_step(start, empty, adjacency)
        assert hop_closure(start, over, empty, adjacency) == slow_hops(start, over, empty, adjacency)
        src = rng.choice(board.POINTS)
        cases = [(src, over, occupied | 1 << src, adjacency, combo, can_hop)
                 for combo in ("step_or_chain", "either_side", "both_sides") for can_hop in (True, False)]
        assert [step_hop_destinations(*case) for case in cases] == [slow_destinations(*case) for case in cases]
