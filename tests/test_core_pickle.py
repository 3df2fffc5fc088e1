"""Pickled games: ``pickle.loads(pickle.dumps(game))`` plays on, undoes and records exactly as
the original -- every variant, games with a seed and chance steps, hidden hands, house rules."""
from __future__ import annotations

import pickle
import random
import subprocess
import sys
from pathlib import Path

import pytest

import paisho_core as paisho

from .random_games import VARIANTS, play_random


def assert_same(a, b):
    assert a.state.same_as(b.state)
    assert a.key == b.key
    assert [str(m) for m in a.legal_moves()] == [str(m) for m in b.legal_moves()]
    assert a.record() == b.record()


def check_round_trip(game, rng_seed=5, more=40):
    twin = pickle.loads(pickle.dumps(game))
    assert twin.variant is game.variant and twin.options == game.options
    assert_same(game, twin)
    # tiles come back as the variant's own interned tiles
    for i, tile in game.state.tiles():
        assert twin.state.board[i] is tile
    # both play on with the same choices (chance steps drawn from the same seed)
    r1, r2 = random.Random(rng_seed), random.Random(rng_seed)
    play_random(game, r1, more)
    play_random(twin, r2, more)
    assert_same(game, twin)
    while game.ply:
        game.undo()
        twin.undo()
        assert game.state.same_as(twin.state)
    assert_same(game, twin)


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_pickled_game_plays_undoes_and_records_as_the_original(variant):
    for seed in (1, 2):
        game = paisho.new_game(variant, seed=seed)
        play_random(game, random.Random(seed), 30 * seed)
        check_round_trip(game)


def test_fresh_and_finished_games_pickle():
    game = paisho.new_game("iroh", seed=4)
    check_round_trip(game)
    play_random(game, random.Random(1), 1000)
    twin = pickle.loads(pickle.dumps(game))
    assert twin.outcome == game.outcome
    assert_same(game, twin)


def test_a_game_with_options_pickles():
    game = paisho.new_game("3-piece", options={"repetition": 2}, seed=3)
    play_random(game, random.Random(3), 25)
    check_round_trip(game)


@pytest.mark.parametrize("path", ["beginner-garden.yaml", "five-harmonies"])
def test_a_house_rule_game_pickles(path):
    where = Path(__file__).parent.parent / "examples" / "house-rules" / path
    if where.is_dir():
        where = next(where.glob("*.yaml"))
    game = paisho.new_game(paisho.load_variant_file(where), seed=2)
    play_random(game, random.Random(2), 20)
    check_round_trip(game, more=10)


def test_a_pickled_game_loads_in_a_fresh_process(tmp_path):
    where = Path(__file__).parent.parent / "examples" / "house-rules" / "five-harmonies"
    for variant in ("fire", paisho.load_variant_file(next(where.glob("*.yaml")))):
        game = paisho.new_game(variant, seed=9)
        play_random(game, random.Random(9), 25)
        (tmp_path / "g.pickle").write_bytes(pickle.dumps(game))
        code = ("import pickle, random, sys\n"
                "g = pickle.loads(open(sys.argv[1], 'rb').read()); r = random.Random(4)\n"
                "for _ in range(15):\n"
                "    if g.outcome is None and g.legal_moves(): g.play(r.choice(g.legal_moves()))\n"
                "print(g.key); print(g.record())\n")
        out = subprocess.run([sys.executable, "-c", code, str(tmp_path / "g.pickle")],
                             capture_output=True, text=True, check=True).stdout
        play_random(game, random.Random(4), 15)
        assert out == f"{game.key}\n{game.record()}\n"
