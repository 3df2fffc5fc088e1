"""The garden games' derived data is carried from one board to the next (issue 14): code masks,
lines of sight, the clash map (with each tile's lifted parts), flags and harmony pairs are
updated from the points a decision changed instead of rebuilt, and each tile's moves are
remembered while what they depend on stays the same.  Differential test: over random Skud and Fire games (options
included), after every play and every undo, the carried data equals a rebuild from scratch on a
fresh copy of the game (which has no memo to carry from).
"""
from __future__ import annotations

import random

import paisho_core as paisho
from paisho_core.board import GATES, bits
from paisho_variants.common import garden
from paisho_variants.fire import _arranging as fire_arranging, boosted, pairs as fire_pairs
from paisho_variants.skud import _arranging as skud_arranging, flags as skud_flags, pairs as skud_pairs

from tests.test_garden_speed_oracle import FIRE_OPTIONS, SKUD_OPTIONS, choose


def survey(game) -> dict:
    """Everything the garden memo carries, in comparable form."""
    clash = garden.clash_map(game)
    out = {
        "masks": garden.board_masks(game),
        "lines": {p: tuple(v) for p, v in garden.lines(game).items()},
        "sights": clash.sights,
        "seen": {c: m for c, m in clash.seen.items() if m},
        "bad": {code: clash.bad(code) for code in game.tileset.by_code},
    }
    b, lines = game.state.board, garden.lines(game)
    out["lifted"] = {s: clash.lifted(b, s, b[s].kind.code, lines)
                     for s in bits(game.state.occupied & ~GATES)}
    out["parts"] = {s: clash.parts(b, s) for s in bits(game.state.occupied & ~GATES)}
    # each tile's remembered moves (the game's MoverMemo, kept across decisions and undos)
    # against a fresh copy's, which has no memory; only the player to move, so the other
    # player's memory spans several changes as in play
    st = game.state
    how = (skud_arranging if game.name == "skud" else fire_arranging)(game)
    out["arrangements"] = [str(m) for m in garden.arrangements(
        st, garden.roles(game.variant), st.to_move, how)]
    if game.name == "skud":
        out["flags"] = skud_flags(game)
        out["pairs"] = list(skud_pairs(game))
    else:
        out["boosted"] = boosted(game)
        out["pairs"] = list(fire_pairs(game))
    return out


def same_as_rebuilt(game) -> None:
    fresh = game.copy()
    assert "_garden_memo" not in fresh.__dict__
    got, want = survey(game), survey(fresh)
    for key in want:
        assert got[key] == want[key], (key, game.position())


def play_and_undo(variant: str, names, games: int, plies: int, seed0: int, check=None) -> int:
    """Random games of ``variant`` (each option in ``names`` on at random), with undos now and
    then: ``check(game)`` (by default :func:`same_as_rebuilt`) after every play and undo."""
    check = check or same_as_rebuilt
    checked = 0
    for k in range(games):
        rng = random.Random(seed0 + k)
        options = {n: rng.random() < 0.3 for n in names}
        game = paisho.new_game(variant, options=options, seed=seed0 + k)
        while game.outcome is None and game.ply < plies:
            check(game)
            game.play(choose(game, rng))
            checked += 1
            if game.ply > 2 and rng.random() < 0.2:
                check(game)
                for _ in range(rng.randint(1, 3)):
                    if game.ply:
                        game.undo()
                        check(game)
                        checked += 1
        if game.outcome is not None:
            check(game)
    return checked


def test_skud_carried_data_equals_a_rebuild():
    assert play_and_undo("skud", SKUD_OPTIONS, games=10, plies=220, seed0=5100) > 1000


def test_fire_carried_data_equals_a_rebuild():
    assert play_and_undo("fire", FIRE_OPTIONS, games=14, plies=160, seed0=6100) > 800


def test_changes_sees_a_same_owner_swap():
    """A tile replaced by another of the same owner (occupancy and owners unchanged) is a
    change too."""
    game = paisho.new_game("skud", options={"InformalStart": True}, seed=1)
    rng = random.Random(4)
    while game.ply < 60 and game.outcome is None:
        game.play(choose(game, rng))
    st = game.state
    garden.clash_map(game)
    swap = [p for p in bits(st.occupied & ~GATES)
            if any(st.board[q] is not None and st.board[q].owner == st.board[p].owner
                   and st.board[q] is not st.board[p] for q in bits(st.occupied))]
    assert swap
    p = swap[0]
    q = next(q for q in bits(st.occupied) if st.board[q].owner == st.board[p].owner
             and st.board[q] is not st.board[p])
    st.board[p], st.board[q] = st.board[q], st.board[p]
    game.cache.clear()
    memo = garden.derived(game)
    assert garden.changes(memo) == (1 << p) | (1 << q)
    same_as_rebuilt(game)
