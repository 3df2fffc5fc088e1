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
    """The race (the opponent's turns less the player's own, once the opponent has chosen) and the
    material summed over the occupied points in grid order, as over the board list."""
    from paisho_core.tiles import other
    from paisho_variants.adevar import objectives, rules, strategy

    for game in random_positions("adevar", games=2, plies=150, step=3):
        st = game.state
        for player in ("host", "guest"):
            opp, mine = other(player), rules.secret(st, player)
            plain = -strategy.RACE * objectives.turns(game, st, player, mine)
            if st.phase != "choose" or opp in st.extra.get("revealed", ()):
                plain += strategy.RACE * objectives.opponent_turns(game, st, opp)
            for _i, tile in st.tiles():
                v = strategy._VALUE.get(tile.kind.code, 0.0)
                plain += v if tile.owner == player else -v
            assert strategy.paisho_evaluate(game, player) == plain


def plain_turns(game, st, player, goal):
    """:func:`objectives.turns` read the plain way: plot counts from the board list, every
    distance worked out again, the Gardens and the White Rose's target from the rules' config
    (the rules page: Iris two Basic tiles in each Red and White Plot, Bird of Paradise one in each
    Plot, Black Orchid as many as the opponent and at least half a tile in six Plots, Oriental
    Lily a whole Garden, White Rose a Gate on the target Plot, Echeveria its captures, White Lotus
    a ring of harmonies)."""
    import math

    from paisho_core.tiles import other
    from paisho_variants.adevar import objectives, rules

    counts = rules.plot_counts(st)
    mine, theirs = counts[player], counts[other(player)]
    hand = st.piles.get("reserve", {}).get(player, {})
    extra = 0 if any(hand.get(k) for k in rules.BASIC) else 2
    gates = [i for i, t in st.tiles(player) if t.kind.code in rules.GATES]
    basics = {i for i, t in st.tiles(player) if t.kind.code in rules.BASIC}
    calls = [j for i in gates for j in geo.NEIGHBOURS[i]]

    def dist(i, j):
        (x, y), (a, b) = geo.POINT[i], geo.POINT[j]
        return abs(x - a) + abs(y - b)

    def bring(i):
        return 1 + extra + math.ceil(min((dist(i, j) for j in calls), default=30) / objectives.REACH)

    def plot_cost(name):
        return min(bring(i) for i in geo.POINT if geo.PLOT_MASK[name] >> i & 1)

    def tiles(have, need):
        return math.ceil(max(0, need - have) / 2)

    cfg = rules.config(game)
    if goal == "Iris":
        return sum(tiles(mine[p], 4) * plot_cost(p) for p in geo.RED + geo.WHITE)
    if goal == "BirdOfParadise":
        return sum(tiles(mine[p], 2) * plot_cost(p) for p in geo.PLOTS)
    if goal == "BlackOrchid":
        six = geo.RED + geo.WHITE + ("east_open", "west_open")
        return sum(tiles(mine[p], max(theirs[p], 1)) * plot_cost(p) for p in six)
    if goal == "OrientalLily":
        return min(sum(bring(i) for i in garden if i not in basics) for garden in cfg.gardens[player])
    if goal == "WhiteRose":
        target = [i for i in geo.POINT if cfg.rose_target[player] >> i & 1]

        def steps(i):
            if any(j in target for j in geo.NEIGHBOURS[i]):
                return 1
            return math.ceil((min(dist(i, j) for j in target) - 1) / objectives.REACH) + 1

        best = min((steps(i) for i in basics), default=30)
        for j in calls:
            best = min(best, bring(j) - 1 + steps(j))
        return best + (0 if hand.get("GateAway") else 2)
    if goal == "Echeveria":
        cap = st.piles.get("captured", {})
        m, t = cap.get(player, {}), cap.get(other(player), {})
        return 1.5 * sum(max(0, 1 - m.get(k, 0)) + max(0, 2 - t.get(k, 0)) for k in rules.BASIC)
    assert goal == "WhiteLotus"
    return 2 + 2 * (8 - min(len(rules.harmony_pairs(st, player)), 8))


def test_turns_are_the_plain_reading(monkeypatch):
    """Every objective's turns, read the cheaper way (kept per point set and per Gates, counts
    from masks, harmonies counted from masks), equal the plain reading, on the game's state and
    on a copy; the memos start over when full."""
    from paisho_variants.adevar import objectives, rules

    monkeypatch.setattr(objectives, "_KEPT", 3)
    seen = set()
    for game in random_positions("adevar", games=3, plies=200, step=2, seed=17):
        st = game.state
        for player in ("host", "guest"):
            for goal in rules.HIDDEN:
                got = objectives.turns(game, st, player, goal)
                assert got == plain_turns(game, st, player, goal), (goal, player, game.ply)
                assert objectives.turns(game, st.copy(), player, goal) == got
                seen.add((goal, got))
    assert len(seen) > 40 and len(objectives._TURNS) <= 3


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


