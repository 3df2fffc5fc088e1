"""Differential test of the 3-Piece, Modern and Basic legal-move generators (issue 14).

The fast generators must offer exactly the moves the frozen pre-speed generators of
``tests/oracles/street_reference.py`` offer, compared as sets of notation strings at every
decision of random games played under random option combinations (every option that changes
which moves are legal is varied).
"""
from __future__ import annotations

import itertools
import random

import pytest

import paisho_core as paisho
from paisho_core import board
from paisho_core.errors import PositionError
from paisho_core.tiles import other
from tests.oracles.street_reference import basic_texts, modern_texts, three_piece_texts

ORACLES = {"3-piece": three_piece_texts, "modern": modern_texts, "basic": basic_texts}
# (games, decisions per game): a few thousand positions per variant in all
BUDGET = {"3-piece": (20, 80), "modern": (24, 90), "basic": (20, 100)}
CONTACT = {"3-piece": ("I", "B"), "modern": ("L", "F")}
"""A tile of the player to move and an enemy tile next to it, often placed first in scattered
positions (a captured Iris or Lotus must then be freed)."""
SCATTER = {"3-piece": (200, 4), "modern": (160, 6), "basic": (120, 8)}
"""(scattered starting positions, decisions played from each)."""


def random_options(variant, rng: random.Random) -> dict:
    """Every option with choices or a yes/no value drawn at random (others at their default)."""
    out = {}
    for name, spec in variant.option_specs.items():
        if name in ("layout", "first_move"):
            continue
        if "choices" in spec:
            out[name] = rng.choice(spec["choices"])
        elif isinstance(spec["default"], bool):
            out[name] = rng.random() < 0.5
    return out


def pick(moves, rng: random.Random):
    """A random move of a random kind (rare kinds such as Wheel turns or Boat powers get
    their share of the positions)."""
    kinds = sorted({m.action for m in moves})
    kind = rng.choice(kinds)
    return rng.choice([m for m in moves if m.action == kind])


def play_on(game, options: dict, length: int, rng: random.Random):
    """Yield (game, options) before each of up to ``length`` random decisions."""
    for _ in range(length):
        if game.outcome is not None:
            return
        yield game, options
        moves = game.legal_moves()
        if not moves:
            return
        game.play(pick(moves, rng))


def positions(name: str, seed: int):
    """Random games of ``name``: yields (game, options) at every decision."""
    rng = random.Random(seed)
    variant = paisho.get_variant(name)
    games, length = BUDGET[name]
    for g in range(games):
        options = random_options(variant, rng) if g else {}
        game = paisho.new_game(name, options=options, seed=seed * 1000 + g)
        yield from play_on(game, options, length, rng)


def scattered(name: str, seed: int):
    """Positions with a random part of the tile set scattered over a disc around the centre
    (dense contact: captures, Defenses, crowded Wheel rings), then a few random decisions from
    each.  Yields (game, options) at every decision."""
    rng = random.Random(seed)
    variant = paisho.get_variant(name)
    games, length = SCATTER[name]
    points = [i for i in board.POINTS]
    made = 0
    while made < games:
        options = random_options(variant, rng)
        radius = rng.choice((2, 3, 3, 4, 5, 8))
        spots = [i for i in points if sum(v * v for v in board.coords(i)) <= radius * radius]
        rng.shuffle(spots)
        entries, reserves = [], {"host": {}, "guest": {}}
        to_move = rng.choice(("host", "guest"))
        placed = {"host": {}, "guest": {}}
        if name in CONTACT and rng.random() < 0.6:
            i = next((q for q in spots if board.AREA["red"] >> q & 1), spots[-1])  # 3-Piece captures on red
            spots.remove(i)
            j = rng.choice([q for q in board.bits(board.ORTHO[i])])
            for p, owner, code in ((i, to_move, CONTACT[name][0]), (j, other(to_move), CONTACT[name][1])):
                if p in spots or p == i:
                    x, y = board.coords(p)
                    entries.append({"x": x, "y": y, "tile": code, "owner": owner})
                    placed[owner][code] = 1
                    if p in spots:
                        spots.remove(p)
        for kind in variant.tileset.kinds:
            for player in ("host", "guest"):
                for _ in range(kind.count - placed[player].get(kind.code, 0)):
                    if spots and rng.random() < 0.6:
                        x, y = board.coords(spots.pop())
                        entries.append({"x": x, "y": y, "tile": kind.code, "owner": player})
                    else:
                        reserves[player][kind.code] = reserves[player].get(kind.code, 0) + 1
        data = {"variant": name, "options": options, "to_move": to_move,
                "turn": rng.randint(1, 6), "board": entries}
        if name == "basic":
            data["reserves"] = reserves
        try:
            game = paisho.from_position(data)
        except PositionError:
            continue
        made += 1
        yield from play_on(game, options, length, rng)


@pytest.mark.parametrize("name", sorted(ORACLES))
def test_fast_generator_matches_the_frozen_one(name):
    oracle = ORACLES[name]
    checked = 0
    for game, options in itertools.chain(positions(name, seed=14), scattered(name, 20)):
        fast = {str(m) for m in game.legal_moves()}
        slow = oracle(game)
        assert len(fast) == len(game.legal_moves()), f"duplicate moves in {game.position()}"
        assert fast == slow, (f"{name} {options}: only fast {sorted(fast - slow)[:8]}, "
                              f"only frozen {sorted(slow - fast)[:8]} in {game.position()}")
        checked += 1
    assert checked >= 1500
