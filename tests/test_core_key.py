"""``game.key``: equal positions have equal keys, whatever the move order; different positions
have different keys.  Checked against an independent description of a position (its fields
compared directly) over random games of every variant, with transpositions found by playing
the same three decisions in two orders."""
from __future__ import annotations

import os
import random
import subprocess
import sys

import paisho_core as paisho

from .random_games import every_variant_random_seeds


def freeze(value):
    if isinstance(value, dict):
        return tuple(sorted((k, freeze(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    return value


def description(game):
    """What makes two positions the same, written out field by field (no hashing)."""
    st = game.state
    return (
        tuple((i, t.kind.code, t.owner) for i, t in enumerate(st.board) if t is not None),
        tuple(sorted((name, p, c, n) for name, per in st.piles.items()
                     for p, pile in per.items() for c, n in pile.items() if n)),
        st.to_move, st.phase, tuple(st.pending),
        freeze(game.rules.position_extra(game)),
        tuple(sorted((p, s) for p, s in st.scores.items() if s)),
    )


def try_line(game, texts):
    g = game.copy()
    for t in texts:
        if g.outcome is not None or not g.is_legal(t):
            return None
        g.play(t)
    return g


@every_variant_random_seeds(3)
def test_keys_match_positions(variant, seed):
    rng = random.Random(seed)
    by_key: dict[int, tuple] = {}
    by_description: dict[tuple, int] = {}
    transpositions = 0

    def check(g):
        d, k = description(g), g.key
        assert by_key.setdefault(k, d) == d, "two different positions share a key"
        assert by_description.setdefault(d, k) == k, "one position has two keys"

    game = paisho.new_game(variant, seed=seed)
    for _ in range(80):
        if game.outcome is not None or not game.legal_moves():
            break
        check(game)
        a = try_line(game, [str(rng.choice(game.legal_moves()))])
        if a is not None and a.legal_moves() and a.outcome is None:
            b = try_line(a, [str(rng.choice(a.legal_moves()))])
            if b is not None and b.legal_moves() and b.outcome is None:
                first = a.moves[game.ply:]
                second = b.moves[a.ply:]
                third = str(rng.choice(b.legal_moves()))
                one = try_line(b, [third])
                other = try_line(game, [third] + [str(m) for m in second] + [str(m) for m in first])
                if one is not None and other is not None:
                    check(one)
                    check(other)
                    transpositions += description(one) == description(other)
        game.play(rng.choice(game.legal_moves()))
    assert by_key


def test_a_transposition_has_one_key():
    game = paisho.new_game("skud", seed=1)
    for t in ("0H.R,W,K,B", "0G.R,W,K,B", "W3(0,-8)", "W3(0,8)", "R3(8,0)"):
        game.play(t)
    one, other = game.copy(), game.copy()
    for t in ("R3(-8,0)", "(0,-8)-(-3,-8)", "(0,8)-(0,5)"):
        one.play(t)
    for t in ("(0,8)-(0,5)", "(0,-8)-(-3,-8)", "R3(-8,0)"):
        other.play(t)
    assert one.key == other.key and one == other
    assert one.moves != other.moves and one.key != game.key


def test_keys_do_not_depend_on_the_process():
    code = ("import random, paisho_core as p\nfrom paisho_core import steps\n"
            "g = p.new_game('fire', seed=3); r = random.Random(1)\n"
            "for _ in range(20): g.play(r.choice(g.legal_moves()))\n"
            "print(g.key, steps.position_key(g.state))\n")
    out = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          env={**os.environ, "PYTHONHASHSEED": str(h)}).stdout for h in (1, 2)}
    assert len(out) == 1
