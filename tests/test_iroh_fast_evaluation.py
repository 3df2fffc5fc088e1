"""Iroh's evaluation made cheaper (issue 40) gives the same values as before: a differential
test of each memo and table against a direct computation written the slow way, on positions
from random games (a test of equality, never of time)."""
from __future__ import annotations

import random

import pytest

import paisho_core as paisho
from paisho_core.board import NCELLS, PLAYABLE, bits
from paisho_core.game import settings
from paisho_core.players.evaluation import evaluate

from paisho_variants.iroh import entry, harmony, moves, pairs
from paisho_variants import iroh
from paisho_variants.iroh import approach
from paisho_variants.iroh.geometry import X, Y
from paisho_variants.iroh.roles import roles
from .random_games import play_random


def slow_costs(r, code: str, s: int, extra: int, stuck: bool) -> dict:
    """The breadth-first search read off every playable point per quadrant, as it was first
    written (every point's distance kept, ``extra`` counted from the start)."""
    dist = [approach.FAR] * NCELLS
    dist[s] = extra
    frontier, seen, d = ([] if stuck else [s]), 1 << s, extra
    while frontier:
        d += 1
        nxt = []
        for p in frontier:
            for q in bits(approach._next_points(r, code, p) & ~seen):
                seen |= 1 << q
                dist[q] = d
                nxt.append(q)
        frontier = nxt
    out = {}
    for arm, quadrants in approach.SIDES.items():
        sides = []
        for sx, sy in quadrants:
            line = [approach.FAR] * approach.LINES
            for p in bits(PLAYABLE):
                if X[p] * sx > 0 and Y[p] * sy > 0:
                    k = abs(Y[p] if arm in ("N", "S") else X[p]) - 1
                    if k < approach.LINES and dist[p] < line[k]:
                        line[k] = dist[p]
            sides.append(tuple(line))
        out[arm] = tuple(sides)
    return out


def positions(n_games: int = 3, plies: int = 60):
    rng = random.Random(40)
    for k in range(n_games):
        game = paisho.new_game("iroh", seed=k)
        for _ in range(plies // 6):
            play_random(game, rng, 6)
            if game.outcome is not None:
                break
            yield game


def test_line_costs_match_the_direct_search():
    r = roles(paisho.new_game("iroh").variant)
    rng = random.Random(3)
    points = rng.sample(sorted(bits(PLAYABLE)), 25)
    for code in sorted(r.harmonizer):
        if not r.move.get(code):
            continue
        for s in points:
            for extra in (0, 1, 2):
                for stuck in (False, True):
                    assert approach._costs(r, code, s, extra, stuck) == slow_costs(r, code, s, extra, stuck), \
                        (code, s, extra, stuck)


def test_remembered_harmonies_and_walls_match_a_fresh_computation():
    for game in positions():
        st = game.state
        r = roles(game.variant)
        cfg = moves.config(game)
        assert pairs(game) == harmony.candidate_pairs(st, r, cfg.lines)
        rocks = sum(1 << i for i in bits(st.occupied) if st.board[i].kind.code in r.rock)
        for code in sorted(r.move):
            for s in (r.home["host"], r.home["guest"]):
                assert entry.walled(game, code, s) == entry._walled(r, cfg, code, s, rocks)


@pytest.mark.parametrize("cold", [False, True])
def test_evaluation_is_the_same_with_the_memos_cold_or_warm(cold):
    """The evaluation of each position is the same when the memos start empty as when they
    hold answers from earlier positions."""
    first = [(evaluate(g, "host"), evaluate(g, "guest")) for g in positions()]
    if cold:
        iroh._forget_pairs()
        entry._WALLED.clear()
        settings(next(positions()), entry._walls_memo).clear()
    again = []
    for g in positions():
        g.cache.clear()
        again.append((evaluate(g, "host"), evaluate(g, "guest")))
    assert again == first


def test_the_memo_a_game_holds_follows_its_tiles_and_its_state():
    """A game holds on to the memo of boards with its tiles in their order: it chooses another
    when a tile first appears, when its state is replaced by one with the same number of tiles
    in another order, and after every memo is forgotten; the harmonies stay those of the board."""
    from paisho_variants.iroh import _boards

    def placed(first, second):
        g = paisho.new_game("iroh")
        g.play(first)
        g.play(second)
        return g

    a, b = placed("W(0,-8)", "A(0,8)"), placed("A(0,-8)", "W(0,8)")
    memo_a, memo_b = _boards(a)[0], _boards(b)[0]
    assert memo_a is not memo_b and len(a.state.tile_masks) == len(b.state.tile_masks) == 2
    a.state = b.state.copy()
    assert _boards(a)[0] is memo_b
    held = _boards(a)[0]
    a.play(a.legal_moves()[0])  # a new tile: the order of a's tiles grows
    grown = _boards(a)[0]
    assert grown is not held and grown is _boards(a.copy())[0]
    iroh._forget_pairs()
    assert _boards(a)[0] is not grown
    for g in (a, b):
        assert pairs(g) == harmony.candidate_pairs(g.state, roles(g.variant), moves.config(g).lines)
