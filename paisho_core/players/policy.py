"""How promising each legal move looks before it is played: the variant's
``paisho_playout_weights`` hook (uniform without it), used to draw playout moves, to order the
moves a search widens into, and to preselect the moves greedy looks at on very long lists."""
from __future__ import annotations

import random


def move_weights(game, moves: list) -> list[float] | None:
    """One non-negative weight per move (the hook's answer), or None for uniform."""
    if not moves:
        return None
    weights = game.rules.playout_weights(game, moves)
    if weights is None:
        return None
    weights = [float(w) for w in weights]
    if len(weights) != len(moves) or any(not w >= 0 for w in weights):
        return None  # a hook answering the wrong shape: ignored rather than trusted
    return weights


def ranked(game, moves: list, rng: random.Random) -> list:
    """``moves`` most promising first (ties in a seeded random order)."""
    weights = move_weights(game, moves)
    keyed = [(-(weights[i] if weights else 0.0), rng.random(), i) for i in range(len(moves))]
    keyed.sort()
    return [moves[i] for _w, _r, i in keyed]


def playout_move(game, moves: list, rng: random.Random):
    """One move drawn in proportion to its weight (uniformly without weights)."""
    weights = move_weights(game, moves)
    if not weights or not sum(weights):
        return rng.choice(moves)
    return rng.choices(moves, weights)[0]
