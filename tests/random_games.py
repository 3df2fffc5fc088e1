"""Helpers for property tests over random games (of every variant, or of one)."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

import paisho_core as paisho
from paisho_core.errors import IllegalMoveError

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


def legal_texts(game) -> set:
    return {str(m) for m in game.legal_moves()}


def play_checked(game, rng, max_turns: int, each_ply=None, bad_move: str = "(0,0)-(9,9)") -> None:
    """Play ``game`` (a turn limit of ``max_turns``) to its end with random moves, checking at
    every ply: the game ends within the limit, every legal move is listed once, undo restores
    the position exactly, a position saved and loaded has the same legal moves, and ``bad_move``
    is refused.  ``each_ply(game)`` adds a variant's own checks after every move."""
    bound = 2 * max_turns + 2
    plies = 0
    while game.outcome is None:
        assert plies <= bound
        moves = game.legal_moves()
        assert moves
        assert len({str(m) for m in moves}) == len(moves)
        before = game.position()
        move = rng.choice(moves)
        game.play(move)
        plies += 1
        if each_ply is not None:
            each_ply(game)
        if rng.random() < 0.3:
            game.undo()
            assert game.position() == before
            game.play(move)
        if rng.random() < 0.2:
            again = paisho.from_position(game.position())
            assert again.position() == game.position()
            assert legal_texts(again) == legal_texts(game)
        if rng.random() < 0.1 and game.outcome is None:
            with pytest.raises(IllegalMoveError):
                game.play(bad_move)


def assert_record_round_trip(game) -> None:
    """The game's record replays to the same position (but the seed: a game without chance
    keeps none), outcome and record."""
    replay = paisho.load_record(game.record())
    assert dict(replay.position(), seed=None) == dict(game.position(), seed=None)
    assert replay.outcome == game.outcome
    assert replay.record() == game.record()
