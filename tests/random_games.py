"""Helpers for property tests over random games of every variant."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

import paisho_core as paisho

VARIANTS = paisho.variants()


def every_variant_random_seeds(examples: int):
    """Run a test ``(variant, seed)`` for every variant with ``examples`` random seeds each."""
    def decorate(test):
        test = given(seed=hs.integers(0, 10**6))(test)
        test = settings(max_examples=examples, deadline=None,
                        suppress_health_check=[HealthCheck.too_slow])(test)
        return pytest.mark.parametrize("variant", VARIANTS)(test)
    return decorate


def play_random(game, rng, n: int) -> None:
    """Up to ``n`` random decisions (fewer if the game ends or nothing is legal)."""
    for _ in range(n):
        if game.outcome is not None or not game.legal_moves():
            return
        game.play(rng.choice(game.legal_moves()))
