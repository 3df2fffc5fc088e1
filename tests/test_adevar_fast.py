"""Adevar's play path made cheaper (issue 40) without changing a legal list, an outcome or a
value: each speed-up checked against the plain code it replaced, kept here as the reference
(equality over random positions and seeded games, never time; the figures come from
benchmarks/greedy_games.py and the quick level's timings)."""
from __future__ import annotations

import random

import paisho_core as paisho
from paisho_core.board import bits
from paisho_variants.adevar import geometry as geo

from .test_cheaper_greedy import random_positions


# -- the references: the code as first written ---------------------------------------------------

def plain_reach(src: int, distance: int, occupied: int) -> tuple[int, int]:
    """``geometry.reach`` as first written: a breadth-first search point by point."""
    seen = 1 << src
    frontier = [src]
    empty_reached = 0
    touched = 0
    for _step in range(distance):
        nxt = []
        for i in frontier:
            for j in geo.NEIGHBOURS[i]:
                bit = 1 << j
                if seen & bit:
                    continue
                seen |= bit
                if occupied & bit:
                    touched |= bit
                else:
                    empty_reached |= bit
                    nxt.append(j)
        frontier = nxt
        if not frontier:
            break
    return empty_reached, touched


def fits_plots(counts: dict, player: str, dst: int, src: int = -1) -> bool:
    """``rules.fits_plots`` as first written: may one more Basic tile of ``player`` stand on
    ``dst`` (moved from ``src``, if any) within the Red and White Plot limits?"""
    ps = geo.PLOTS_AT[dst]
    need = 2 // len(ps)
    mine = counts[player]
    for name in ps:
        limit = geo.LIMIT[name]
        if limit is None:
            continue
        have = mine[name]
        if src >= 0 and name in geo.PLOTS_AT[src]:
            have -= 2 // len(geo.PLOTS_AT[src])
        if 2 * limit - have < need:
            return False
    return True


def plain_legal_moves(game) -> list[str]:
    """The list of legal turns as first written (the tiles read from the board list, each end
    point checked against the plot limits on its own), as texts."""
    from paisho_core.tiles import other
    from paisho_variants.adevar import rules as r

    st = game.state
    if st.outcome is not None:
        return []
    player = st.to_move
    pile = st.piles.get("reserve", {}).get(player, {})
    if st.phase == "choose":
        return [r.choose_move(c).text for c in r.HIDDEN if pile.get(c)]
    counts = r.plot_counts(st)
    out = []
    for i, tile in st.tiles(player):
        code = tile.kind.code
        if not r.MOVES.get(code):
            continue
        ends, touched = plain_reach(i, r.MOVES[code], st.occupied)
        for j in bits(touched):
            if r.may_land(game, st, code, player, j):
                ends |= 1 << j
        out += [r.move_move(code, i, j).text for j in bits(ends)
                if code not in r.BASIC or fits_plots(counts, player, j, i)]
    areas = {"gate": 0, "home": 0, "basic": 0}
    for i, tile in st.tiles(player):
        c = tile.kind.code
        for name, kinds in (("gate", r.GATES), ("home", ("GateHome",)), ("basic", r.BASIC)):
            if c in kinds:
                areas[name] |= geo.NEIGHBOUR_MASK[i]
    area_of = {"second_face": "gate", "basic": "gate", "reflection": "home", "gate": "basic"}
    for code in sorted(pile, key=r._ORDER.get):
        g = r.group(code)
        if not pile[code] or g not in area_of:
            continue
        opp = other(player)
        if g == "second_face" and r.revealed(st, opp) and r.secret(st, opp) != r.MATCH[code]:
            continue
        for j in bits(areas[area_of[g]]):
            target = st.board[j]
            if target is not None and not r.may_call_onto(st, code, player, target):
                continue
            if g == "basic" and not fits_plots(counts, player, j):
                continue
            out.append(r.call_move(player, code, j).text)
    return out


# -- reach on bitsets ---------------------------------------------------------------------------

def test_reach_on_bitsets_is_the_plain_search():
    rng = random.Random(40)
    points = list(geo.POINT)
    odd = [i for i in points if geo._ODD >> i & 1]
    for k in range(3000):
        occupied = 0
        for i in rng.sample(points, rng.randint(0, 90)):
            occupied |= 1 << i
        src = rng.choice(odd if k % 4 == 0 else points)  # the spare points and their neighbours too
        distance = rng.randint(1, 8)
        assert geo.reach(src, distance, occupied) == plain_reach(src, distance, occupied), (src, distance)


def test_reach_in_game_positions_is_the_plain_search():
    for game in random_positions("adevar", games=2, plies=120, step=3):
        st = game.state
        for i in geo.POINT:
            if st.board[i] is not None:
                for distance in (3, 5, 7):
                    assert geo.reach(i, distance, st.occupied) == plain_reach(i, distance, st.occupied)


# -- plot counts from the Basic tiles' point sets ------------------------------------------------

def test_counts_from_point_sets_are_the_plain_counts():
    from paisho_variants.adevar import rules

    checked = 0
    for game in random_positions("adevar", games=3, plies=150):
        st = game.state
        assert rules.counts_of(game, st) == rules.plot_counts(st)
        assert list(rules.counts_of(game, st)["host"]) == list(rules.plot_counts(st)["host"])
        twin = st.copy()  # a state that is not the game's
        assert rules.counts_of(game, twin) == rules.plot_counts(twin)
        for move in game.legal_moves()[:2]:
            game.play(move)
            assert rules.position_counts(game) == rules.plot_counts(game.state)
            game.undo()
        checked += 1
    assert checked > 100


def test_objectives_read_the_counts_of_the_position_being_changed():
    """The objective is checked inside ``apply`` (the game's memo still holds the position
    before the turn): a tile's last step onto a plot must be counted."""
    from paisho_variants.adevar import rules

    for game in random_positions("adevar", games=2, plies=120, step=5):
        for move in game.legal_moves()[:4]:
            game.play(move)
            st = game.state
            for player in ("host", "guest"):
                for goal in ("Iris", "BirdOfParadise", "BlackOrchid"):
                    plain = _plain_objective(st, player, goal)
                    assert rules.objective_met(game, st, player, goal) == plain
            game.undo()


def _plain_objective(st, player, goal):
    from paisho_core.tiles import other
    from paisho_variants.adevar import rules

    counts = rules.plot_counts(st)
    c = counts[player]
    if goal == "Iris":
        return all(c[p] >= 4 for p in geo.RED + geo.WHITE)
    if goal == "BirdOfParadise":
        return all(c[p] >= 2 for p in geo.PLOTS)
    theirs = counts[other(player)]
    return all(c[p] >= theirs[p] and c[p] >= 1 for p in geo.RED + geo.WHITE + ("east_open", "west_open"))


# -- the legal list: plot limits as point sets, tiles read from the owners' point sets -------------

def test_legal_lists_are_the_plain_lists():
    checked = 0
    for game in random_positions("adevar", games=4, plies=200):
        assert [m.text for m in game.legal_moves()] == plain_legal_moves(game)
        checked += 1
    for game in random_positions("adevar", games=2, plies=150, step=7, options={"LiteGame": True}):
        assert [m.text for m in game.legal_moves()] == plain_legal_moves(game)
    assert checked > 200


def test_the_end_check_answers_as_the_plain_list():
    """``paisho_has_legal_move`` (the end check's early exit, reading the counts only for a Basic
    tile) says a tile can move exactly when the plain list holds a tile move."""
    from paisho_variants.adevar import rules

    for game in random_positions("adevar", games=3, plies=200, step=2):
        game._changed()  # no list, no counts kept
        plain = plain_legal_moves(game)
        has = rules.paisho_has_legal_move(game)
        if game.state.phase == "choose":
            assert has is None
        else:
            assert (has is True) == any(text.startswith("(") for text in plain)


def test_blocked_points_are_where_the_plain_limit_check_refuses():
    from paisho_variants.adevar import rules

    rng = random.Random(7)
    points = list(geo.POINT)
    for _ in range(400):
        mine = {name: rng.randint(0, 8) for name in geo.PLOTS}
        counts = {"host": mine}
        src = rng.choice(points + [-1])
        block = rules.blocked(mine, src)
        for j in points:
            assert (not block >> j & 1) == fits_plots(counts, "host", j, src), (src, j)


def test_evaluation_is_the_plain_sum():
    """The material is summed over the occupied points in grid order, as over the board list."""
    from paisho_core.tiles import other
    from paisho_variants.adevar import objectives, rules, strategy

    for game in random_positions("adevar", games=2, plies=150, step=3):
        st = game.state
        for player in ("host", "guest"):
            opp, mine = other(player), rules.secret(st, player)
            plain = 10.0 * (objectives.progress(game, st, player, mine) - objectives.baseline(game, player, mine))
            if st.phase != "choose" or opp in st.extra.get("revealed", ()):
                plain -= 10.0 * objectives.opponent_progress(game, st, opp)
            for _i, tile in st.tiles():
                v = strategy._VALUE.get(tile.kind.code, 0.0)
                plain += v if tile.owner == player else -v
            assert strategy.paisho_evaluate(game, player) == plain


def test_the_opponents_objectives_kept_per_point_set_are_the_plain_reading(monkeypatch):
    """The opponent's progress toward each objective, read the cheaper way (the ones read from
    the Basic tiles' points kept per set of those points, harmonies counted from masks), equals
    the plain reading; the memo starts over when full."""
    import math

    import pytest

    from paisho_core.tiles import other
    from paisho_variants.adevar import objectives, rules

    monkeypatch.setattr(objectives, "_OWN_KEPT", 3)
    seen = 0
    for game in random_positions("adevar", games=3, plies=150, step=2, seed=17):
        st = game.state
        if st.phase == "choose":
            continue
        for player in ("host", "guest"):
            opp = other(player)
            if opp in st.extra.get("revealed", ()):
                continue
            out = st.extra.get("ruled_out", ())
            every = {h: objectives.progress(game, st, opp, h) - objectives.baseline(game, opp, h)
                     for h in rules.HIDDEN}
            assert objectives.gains(game, st, opp) == pytest.approx(every, abs=1e-12)
            assert objectives.harmony_count(game, st, opp) == len(rules.harmony_pairs(st, opp))
            gains = {h: v for h, v in every.items() if (opp, h) not in out}
            w = {h: math.exp(objectives.INFER * v) for h, v in gains.items()}
            plain = sum(w[h] * gains[h] for h in gains) / sum(w.values())
            assert objectives.opponent_progress(game, st, opp) == pytest.approx(plain, abs=1e-12)
            seen += 1
    assert seen > 50 and len(objectives._OWN) <= 3


def test_the_kept_counts_and_moves_are_dropped_when_full(monkeypatch):
    """The memos of plot counts and of a tile's moves are bounded: once full they start over,
    and the lists stay the plain ones."""
    from paisho_variants.adevar import rules

    monkeypatch.setattr(rules, "_COUNTS_KEPT", 2)
    monkeypatch.setattr(rules, "_ROW_KEPT", 1)
    for game in random_positions("adevar", games=1, plies=80, step=2, seed=9):
        game._changed()
        assert [m.text for m in game.legal_moves()] == plain_legal_moves(game)
        assert rules.counts_of(game, game.state) == rules.plot_counts(game.state)
    assert len(rules._COUNTS) <= 2


# -- the White Rose's progress from a table of distances --------------------------------------

def plain_rose_progress(game, st, player):
    """``progress`` toward the White Rose's objective as first written (every target point's
    distance worked out again for every Basic tile)."""
    from paisho_variants.adevar import rules

    mask = rules.config(game).rose_target[player]
    targets = [geo.POINT[i] for i in geo.POINT if mask >> i & 1]
    best = 30
    for i, tile in st.tiles(player):
        if tile.kind.code in rules.BASIC:
            x, y = geo.POINT[i]
            for j in geo.NEIGHBOURS[i]:
                if mask >> j & 1:
                    best = 0
            best = min(best, min(abs(x - a) + abs(y - b) for a, b in targets))
    return 1 - best / 30


def test_rose_progress_is_the_plain_progress():
    from paisho_variants.adevar import objectives

    seen = set()
    for game in random_positions("adevar", games=3, plies=200, step=2):
        for player in ("host", "guest"):
            got = objectives.progress(game, game.state, player, "WhiteRose")
            assert got == plain_rose_progress(game, game.state, player)
            twin = game.state.copy()
            assert objectives.progress(game, twin, player, "WhiteRose") == got
            seen.add(got)
    assert len(seen) > 3
