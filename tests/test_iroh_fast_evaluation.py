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
        iroh._PAIRS.clear()
        entry._WALLED.clear()
        settings(next(positions()), entry._walls_memo).clear()
    again = []
    for g in positions():
        g.cache.clear()
        again.append((evaluate(g, "host"), evaluate(g, "guest")))
    assert again == first
