"""Greedy's decisions made cheaper (issue 40) without changing a value or a choice: each
speed-up checked against a plain reading of the same rule or score (a test of equality over
positions of random games, never of time; the figures come from benchmarks/greedy_games.py)."""
from __future__ import annotations

import random

import paisho_core as paisho
from paisho_core.board import index

from .random_games import play_random


def random_positions(variant: str, games: int = 3, plies: int = 120, step: int = 1, seed: int = 40):
    """Positions of a few seeded random games, every ``step`` decisions."""
    rng = random.Random(seed)
    for k in range(games):
        game = paisho.new_game(variant, seed=seed + k)
        for _ in range(plies // step):
            if game.outcome is not None or not game.legal_moves():
                break
            yield game
            play_random(game, rng, step)


def fresh(game):
    """A copy with nothing cached (no move list, no memo of the position)."""
    twin = game.copy()
    twin._changed()
    return twin


# -- vagabond: the end check stops at the first legal move -------------------------------------

def test_vagabond_early_exit_agrees_with_the_list_when_a_player_is_stuck():
    """A player with an empty reserve and only tiles that never move has no legal move; the
    early exit says so, and says yes once one tile can move."""
    game = paisho.new_game("vagabond", seed=1)
    st = game.state
    st.pile("reserve", "host").clear()
    st.put(index(0, 0), game.tileset.tile("C", "host"))
    st.put(index(3, 0), game.tileset.tile("F", "host"))
    game._changed()
    assert fresh(game).has_legal_move() is False and game.legal_moves() == []
    st.put(index(0, 3), game.tileset.tile("B", "host"))
    game._changed()
    assert fresh(game).has_legal_move() is True and game.legal_moves()


def test_vagabond_early_exit_agrees_with_the_list_in_random_games():
    for game in random_positions("vagabond"):
        assert fresh(game).has_legal_move() == bool(game.rules.legal_moves(game))
