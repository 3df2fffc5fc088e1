"""Greedy's decisions made cheaper (issue 40) without changing a value or a choice: each
speed-up checked against a plain reading of the same rule or score (a test of equality over
positions of random games, never of time; the figures come from benchmarks/greedy_games.py)."""
from __future__ import annotations

import random

import paisho_core as paisho
from paisho_core.board import PLAYABLE, bits, index

from .random_games import play_random


def random_positions(variant: str, games: int = 3, plies: int = 120, step: int = 1, seed: int = 40,
                     options: dict | None = None):
    """Positions of a few seeded random games, every ``step`` decisions."""
    rng = random.Random(seed)
    for k in range(games):
        game = paisho.new_game(variant, options=options, seed=seed + k)
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


# -- undergrowth: one position's harmonies and disharmonies read off bitsets --------------------

def slow_undergrowth_analysis(board, c):
    """Undergrowth's analysis as first written: every playable point's tile looks point by
    point along its four lines (``rules.stops``), and each pair asks ``harmonizes`` and
    ``clashes``.  ``(harmonies, clash_count, between, seen)``."""
    from paisho_core.board import GATES
    from paisho_variants.undergrowth import rules

    harmonies, clash_count, between = [], {}, 0
    occupied = [i for i in bits(PLAYABLE) if board[i] is not None]
    for i in occupied:
        t = board[i]
        gate = GATES >> i & 1
        n = 0
        for s in rules.stops(board, i):
            u = board[s] if s >= 0 else None
            if u is None:
                continue
            s_gate = GATES >> s & 1
            if not (gate and s_gate) and rules.harmonizes(c, t.kind.code, t.owner, u.kind.code, u.owner):
                harmonies.append((i, s))
                between |= rules._between(i, s)
            if not gate and not s_gate and rules.clashes(c, t.kind.code, t.owner, u.kind.code, u.owner):
                n += 1
                between |= rules._between(i, s)
        if n:
            clash_count[i] = n
    seen = {}
    for i in bits(PLAYABLE & ~sum(1 << k for k in occupied) & ~between):
        seen[i] = [(board[s].kind.code, board[s].owner) for s in rules.stops(board, i)
                   if s >= 0 and board[s] is not None]
    return harmonies, clash_count, between, seen


def test_undergrowth_analysis_equals_the_point_by_point_reading():
    from paisho_variants.undergrowth import rules

    checked = 0
    for options in ({}, {"UndergrowthSimple": True}):
        for game in random_positions("undergrowth", games=4, plies=80, options=options):
            c = rules.Cfg(game)
            a = rules.Analysis(game.state, c)
            assert (a.harmonies, a.clash_count, a.between, a.seen()) == slow_undergrowth_analysis(
                game.state.board, c)
            for i in bits(PLAYABLE):
                assert rules.stops_of(game.state, i) == tuple(rules.stops(game.state.board, i))
            checked += 1
    assert checked > 100


def test_undergrowth_relation_is_harmonizes_and_clashes():
    from paisho_variants.undergrowth import rules

    game = paisho.new_game("undergrowth", seed=1)
    codes = [k.code for k in game.tileset.kinds]
    for simple in (False, True):
        c = rules.Cfg(game)
        c.simple = simple
        for a in codes:
            for b in codes:
                for o1 in ("host", "guest"):
                    for o2 in ("host", "guest"):
                        assert rules.relation(c, a, o1, b, o2) == (
                            rules.harmonizes(c, a, o1, b, o2), rules.clashes(c, a, o1, b, o2))


# -- street-tgg: harmonies from the nearest tile east and north, remembered by the board --------

def slow_street_harmonies(state, c):
    """Street's harmonies as first written: each tile steps point by point east and north."""
    from paisho_core.board import coords, on_board
    from paisho_variants.street_tgg import rules

    b = state.board
    out = []
    for a in bits(state.occupied):
        if rules._on_midline(a) or (c.gates >> a) & 1:
            continue
        ax, ay = coords(a)
        for dx, dy in ((1, 0), (0, 1)):
            x, y = ax + dx, ay + dy
            while on_board(x, y) and b[index(x, y)] is None:
                x, y = x + dx, y + dy
            if not on_board(x, y):
                continue
            o = index(x, y)
            if rules._on_midline(o) or (c.gates >> o) & 1 or b[o].owner != b[a].owner:
                continue
            if dx:
                if (ax < 0) != (x < 0):
                    out.append((a, o, "north" if ay > 0 else "south"))
            elif (ay < 0) != (y < 0):
                out.append((a, o, "east" if ax > 0 else "west"))
    return out


def test_street_harmonies_equal_the_point_by_point_reading():
    from paisho_variants.street_tgg import rules

    checked = 0
    for game in random_positions("street-tgg", games=4, plies=150):
        c = rules.cfg(game)
        rules._HARMONIES.clear()
        fast = rules.harmonies(game.state, c)
        assert fast == slow_street_harmonies(game.state, c)
        assert rules.harmonies(game.state, c) == fast  # remembered
        assert fresh(game).has_legal_move() == bool(game.rules.legal_moves(game))
        checked += 1
    assert checked > 300
