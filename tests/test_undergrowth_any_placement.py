"""Undergrowth's early-exit test for a second placement (issue 40: players score many moves,
and each asked it) answers as the whole list of legal points does, on random games."""
from __future__ import annotations

import random

import paisho_core as paisho

from paisho_variants.undergrowth import rules


def test_any_placement_agrees_with_the_legal_points():
    rng = random.Random(7)
    checked = 0
    for seed in range(4):
        game = paisho.new_game("undergrowth", seed=seed)
        while game.outcome is None and game.legal_moves():
            st = game.state
            for warm in (False, True):
                game.cache.clear()
                a = rules.analysis(game)
                if warm:
                    a.seen()
                expected = any(rules.legal_points(game, code, st.to_move, a)
                               for code, n in st.pile("reserve", st.to_move).items() if n)
                assert rules._any_placement(game) == expected
                checked += 1
            game.play(rng.choice(game.legal_moves()))
    assert checked > 100
