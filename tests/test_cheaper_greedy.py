"""Greedy's decisions made cheaper (issue 40) without changing a value or a choice: each
speed-up checked against a plain reading of the same rule or score (a test of equality over
positions of random games, never of time; the figures come from benchmarks/greedy_games.py)."""
from __future__ import annotations

import random

import paisho_core as paisho
from paisho_core.board import GATES, PLAYABLE, bits, index

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


def off_board_too(game, seed: int):
    """A copy of ``game`` with a few tiles put on grid points off the board (a position may
    hold them): a speed-up must read them as the plain code did."""
    from paisho_core.board import NCELLS

    rng = random.Random(seed)
    twin = fresh(game)
    st = twin.state
    off = [i for i in range(NCELLS) if not PLAYABLE >> i & 1]
    kinds = [k.code for k in twin.tileset.kinds]
    for i in rng.sample(off, 6):
        st.put(i, twin.tileset.tile(rng.choice(kinds), rng.choice(("host", "guest"))))
    twin._changed()
    return twin


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
        for k, played in enumerate(random_positions("undergrowth", games=4, plies=80, options=options)):
            game = off_board_too(played, k) if k % 3 == 0 else played
            c = rules.Cfg(game)
            a = rules.Analysis(game.state, c)
            assert (a.harmonies, a.clash_count, a.between, a.seen()) == slow_undergrowth_analysis(
                game.state.board, c)
            st = game.state
            for code in {k.code for k in game.tileset.kinds}:
                want = [i for i, tiles in a.seen().items() if rules.can_hold(c, code, i) and any(
                    rules.harmonizes(c, code, st.to_move, *t) for t in tiles)]
                assert rules.legal_points(game, code, st.to_move, a) == want or (GATES & ~st.occupied)
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
    for k, played in enumerate(random_positions("street-tgg", games=4, plies=150)):
        game = off_board_too(played, k) if k % 3 == 0 else played
        c = rules.cfg(game)
        rules._HARMONIES.clear()
        fast = rules.harmonies(game.state, c)
        assert fast == slow_street_harmonies(game.state, c)
        assert rules.harmonies(game.state, c) == fast  # remembered
        assert fresh(game).has_legal_move() == bool(game.rules.legal_moves(game))
        checked += 1
    assert checked > 300


# -- modern and nick: the standing read off bitsets ---------------------------------------------

def _slow_modern_lotus(game, player):
    from paisho_core.board import coords

    for i, tile in game.state.tiles(player):
        if "lotus" in tile.kind.tags:
            return coords(i)
    return None


def _slow_near(a, b, adjacency):
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    return (dx + dy == 1) if adjacency == 4 else (max(dx, dy) == 1)


def slow_modern_standing(game, player, adjacency):
    """Modern's standing as first written, tile by tile with coordinates."""
    from paisho_core.board import coords
    from paisho_core.tiles import other

    st = game.state
    value = float(st.owned[player].bit_count()) + 0.5 * sum(st.pile("reserve", player).values())
    value += 0.5 * min(3, sum(1 for i, t in st.tiles(player)
                              if "lotus" not in t.kind.tags and 1 <= abs(coords(i)[0]) + abs(coords(i)[1]) <= 2))
    lotus = _slow_modern_lotus(game, player)
    if lotus is None:
        return value
    d = abs(lotus[0]) + abs(lotus[1])
    value += 6.0 / (d + 1)
    enemies = [coords(i) for i, t in st.tiles(other(player)) if "lotus" not in t.kind.tags]
    if any(_slow_near(lotus, e, adjacency) for e in enemies):
        value -= 6.0
    elif d == 0:
        value += 10.0
    value -= 0.7 * sum(1 for e in enemies if abs(e[0] - lotus[0]) + abs(e[1] - lotus[1]) == 2)
    return value


def slow_modern_weights(game, moves):
    from paisho_core.board import bits, coords
    from paisho_core.tiles import other

    me = game.state.to_move
    adjacency = int(game.options.get("adjacency", 4))
    enemy_lotus = _slow_modern_lotus(game, other(me))
    enemy = {coords(i) for i in bits(game.state.owned[other(me)])}
    out = []
    for m in moves:
        w = 1.0
        if m.src is not None and m.src >= 0 and m.dst is not None and m.dst >= 0:
            a, b = coords(m.src), coords(m.dst)
            tile = game.tile_at(a)
            if tile is not None and "lotus" in tile.kind.tags:
                if abs(b[0]) + abs(b[1]) < abs(a[0]) + abs(a[1]):
                    w *= 3.0
            else:
                if enemy_lotus is not None and _slow_near(b, enemy_lotus, adjacency):
                    w *= 6.0
                elif any(_slow_near(b, e, adjacency) for e in enemy):
                    w *= 1.5
        out.append(w)
    return out


def test_modern_evaluation_and_weights_equal_the_tile_by_tile_reading():
    from paisho_core.players.evaluation import evaluate

    checked = 0
    for variant, options in (("modern", {}), ("modern", {"adjacency": 8}), ("nick", {})):
        for k, played in enumerate(random_positions(variant, games=3, plies=100, options=options)):
            game = off_board_too(played, k) if k % 3 == 0 else played
            adjacency = int(game.options.get("adjacency", 4))
            for player in ("host", "guest"):
                other_player = "guest" if player == "host" else "host"
                want = slow_modern_standing(game, player, adjacency) - slow_modern_standing(
                    game, other_player, adjacency)
                assert evaluate(game, player) == want
            if game is played:  # (the first weights could not read a tile off the board)
                moves = game.legal_moves()
                assert game.rules.playout_weights(game, moves) == slow_modern_weights(game, moves)
            checked += 1
    assert checked > 200


# -- the core: undo brings the legal list's notation index back with the list --------------------

def test_the_index_undo_brings_back_is_the_index_of_the_list():
    rng = random.Random(3)
    for variant in ("adevar", "skud", "iroh"):
        game = paisho.new_game(variant, seed=3)
        for _ in range(30):
            moves = game.legal_moves()
            if game.outcome is not None or not moves:
                break
            for move in rng.sample(moves, min(4, len(moves))):
                game.play(move.text)
                game.undo()
                assert game._index() == {m.text: m for m in game.rules.legal_moves(game)}
            twin = game.copy()
            assert twin._index() == game._index()
            game.play(rng.choice(moves).text)
        game.undo()  # a list the index was never built for
        assert game._index() == {m.text: m for m in game.rules.legal_moves(game)}


# -- adevar: the plot counts read once per position --------------------------------------------

def test_adevar_counts_read_once_are_the_position_counts():
    from paisho_variants.adevar import rules

    checked = 0
    for game in random_positions("adevar", games=3, plies=120):
        for move in game.legal_moves()[:3]:
            game.play(move)
            game.has_legal_move()  # the end check's counts stay in the position's memo
            assert rules.position_counts(game) == rules.plot_counts(game.state)
            game.undo()
            assert rules.position_counts(game) == rules.plot_counts(game.state)
        checked += 1
    assert checked > 100


# -- basic: the chain and the flowers left read once per position ------------------------------

def slow_arm_potential(points, missing):
    """``arm_potential`` as first written: both quadrants' points listed per arm, every pair
    compared."""
    from paisho_variants.common.strategy import FLANKS

    value = 0.0
    for arm in missing:
        (sx1, sy1), (sx2, sy2) = FLANKS[arm]
        one = [(x, y) for x, y in points if x * sx1 > 0 and y * sy1 > 0]
        two = [(x, y) for x, y in points if x * sx2 > 0 and y * sy2 > 0]
        if one and two:
            value += 0.5
            across_row = arm in ("N", "S")
            if any((a[1] == b[1]) if across_row else (a[0] == b[0]) for a in one for b in two):
                value += 0.5
    return value


def test_arm_potential_equals_the_pairwise_reading():
    from paisho_variants.common.strategy import ARMS, arm_potential

    rng = random.Random(5)
    for _ in range(3000):
        points = [(rng.randint(-3, 3), rng.randint(-3, 3)) for _ in range(rng.randint(0, 8))]
        missing = [a for a in ARMS if rng.random() < 0.6]
        assert arm_potential(points, missing) == slow_arm_potential(points, missing)


def slow_basic_terms(game, p):
    """Basic's chain and flowers-left terms as first written: the player's arms from
    ``game.harmonies()``, the flowers from the tile list."""
    from paisho_core.board import coords
    from paisho_variants.common.strategy import ARMS, arms_of

    st = game.state
    arms = arms_of(game, p)
    flowers = [coords(i) for i, t in st.tiles(p) if t.kind.group == "flower"]
    chain = 5.0 * len(arms) + 2.0 * slow_arm_potential(flowers, [a for a in ARMS if a not in arms])
    left = sum(1 for _i, t in st.tiles(p) if t.kind.group == "flower") + sum(
        n for code, n in st.pile("reserve", p).items() if game.tileset.by_code[code].group == "flower")
    return chain, left


def test_basic_evaluation_equals_the_tile_list_reading():
    from paisho_variants.basic import strategy

    checked = 0
    for game in random_positions("basic", games=3, plies=150, step=2):
        reading = strategy._reading(game)
        for player in ("host", "guest"):
            want = slow_basic_terms(game, player)
            if checked % 2:
                strategy._CHAINS.clear()
            assert (strategy._chain(game, player, reading),
                    strategy._flowers_left(game, player, reading)) == want
            assert strategy._chain(game, player, reading) == want[0]  # remembered
        checked += 1
    assert checked > 100


# -- iroh: tiles by kind from the tile masks, the approach's plans remembered per set of tiles ---

def slow_iroh_arm_costs(game, r, player, arms, busy=0, frozen=0):
    """Iroh's ``arm_costs`` as first written (every tile's costs gathered and the lines
    compared afresh at each position), the cheapest two different tiles of a line found by
    sorting every pair instead of a running two-smallest."""
    from paisho_variants.iroh import approach as A
    from paisho_variants.iroh.entry import home_shut, walled_kinds

    st = game.state
    b = st.board
    candidates = []
    for i in bits(st.owned[player]):
        code = b[i].kind.code
        if code in r.harmonizer and r.move.get(code):
            if busy >> i & 1 and code not in r.double:
                continue
            candidates.append(A._costs(r, code, i, 0, bool(frozen >> i & 1)))
    home = r.home[player]
    entry = 1 + (b[home] is not None)
    shut, walled = home_shut(game, player), walled_kinds(game, player)
    for code, n in st.pile("reserve", player).items():
        if n and not shut and code in r.harmonizer and r.move.get(code) and code not in walled:
            candidates.extend([A._costs(r, code, home, entry)] * min(n, 2))
    out = {}
    for arm in arms:
        if not candidates:
            out[arm] = A.FAR
            continue
        sides = [c[arm] for c in candidates]
        first = list(map(min, zip(*[s[0] for s in sides])))
        second = list(map(min, zip(*[s[1] for s in sides])))
        lines = A.LINE_POINTS[arm]
        bound = sorted((first[k] + second[k], k) for k in range(A.LINES) if lines[k][0] is not None)
        best = A.FAR
        for low, k in bound:
            if low >= best:
                break
            # the cheapest two different tiles, one on each side, by sorting every pair
            pairs = sorted((a[k] + c[k], n != m, a[k], c[k]) for n, (a, _) in enumerate(sides)
                           for m, (_, c) in enumerate(sides))
            distinct = [(x, y) for total, differ, x, y in pairs if differ]
            a1, c1 = min(distinct, key=lambda t: t[0] + t[1]) if distinct else (A.FAR, A.FAR)
            mid, side1, side2 = lines[k]
            cost = A._blocking(b, r, player, mid)
            cost += A._view(b, r, player, side1, busy) if a1 == 0 else a1
            cost += A._view(b, r, player, side2, busy) if c1 == 0 else c1
            best = min(best, cost)
        out[arm] = best
    return out


def iroh_positions():
    """Positions of random Iroh games and of a greedy one (where harmonies stand more often)."""
    from paisho_core.players import make_player

    yield from random_positions("iroh", games=2, plies=120, step=2)
    game = paisho.new_game("iroh", seed=4)
    players = {"host": make_player("greedy", seed=1), "guest": make_player("greedy", seed=2)}
    while game.outcome is None and game.ply < 120:
        yield game
        game.play(players[game.to_move].choose(game))


def test_iroh_tiles_by_kind_and_pairs_equal_a_board_scan():
    from paisho_variants import iroh
    from paisho_variants.iroh import entry, harmony, moves
    from paisho_variants.iroh.geometry import X, Y
    from paisho_variants.iroh.roles import mask_of, masks_of, reserve_reading, role_mask, roles

    for game in iroh_positions():
        st = game.state
        r = roles(game.variant)
        for codes in (r.rock, r.knotweed, r.harmonizer, r.moving_harmonizer):
            assert mask_of(st, codes) == sum(1 << i for i in bits(st.occupied) if st.board[i].kind.code in codes)
        assert masks_of(st, r.harmonizer, r.knotweed) == (mask_of(st, r.harmonizer), mask_of(st, r.knotweed))
        twin = fresh(game)
        for name in ("rock", "knotweed", "harmonizer", "moving_harmonizer", "double", "lotus", "unfrozen"):
            codes = getattr(r, name)
            assert role_mask(twin, name) == sum(1 << i for i in bits(st.occupied) if st.board[i].kind.code in codes)
        for player in ("host", "guest"):
            home = r.home[player]
            want = {code for code, n in st.pile("reserve", player).items()
                    if n and code in r.harmonizer and entry.walled(game, code, home)}
            assert entry.walled_kinds(fresh(game), player) == want
            t = st.board[home]
            want = t is not None and t.owner == player and entry.walled(game, t.kind.code, home)
            assert entry.home_shut(fresh(game), player) == want
            assert entry.home_walls(game, player) == {k.code for k in game.tileset.kinds
                                                      if entry.walled(game, k.code, home)}
        for player in ("host", "guest"):
            # the reserve read as it was before its readings were remembered
            reserve = st.pile("reserve", player)
            assert reserve_reading(fresh(game), player) == (
                sum(n for code, n in reserve.items() if code in r.harmonizer),
                tuple((code, min(n, 2)) for code, n in reserve.items()
                      if n and code in r.harmonizer and r.move.get(code)),
                sum(n for code, n in reserve.items() if code in r.rock))
            # the lasting harmonies as first read
            theirs = mask_of(st, r.lotus) & st.owned["guest" if player == "host" else "host"]
            want = [p for p in iroh.pairs(game) if player in p[3] and not (theirs >> p[0] & 1 or theirs >> p[1] & 1)]
            home = r.home[player]
            if X[home] == 0 and any(n and code in r.harmonizer for code, n in reserve.items()):
                want = [p for p in want if not Y[p[0]] == Y[p[1]] == Y[home]]
            assert iroh.lasting_pairs(fresh(game), player) == want
            want = harmony.best_cover(iroh.lasting_pairs(game, player), player, harmony.capacity_of(st, r))
            iroh._COVERS.clear()
            assert iroh.covering(fresh(game), player) == want
            assert iroh.covering(fresh(game), player) == want  # remembered
        iroh._forget_pairs()
        assert iroh.pairs(fresh(game)) == harmony.candidate_pairs(st, r, moves.config(game).lines)
        assert iroh.pairs(fresh(game)) == iroh.pairs(game)  # remembered by the board


def test_iroh_frozen_tiles_equal_the_tile_by_tile_reading():
    """The tiles a Knotweed holds still, read off the kinds' points, equal the tiles around each
    Knotweed looked at one by one (as first written), with either neighbourhood and with tiles
    off the board too; the legal moves leave them where they are."""
    from paisho_variants import iroh
    from paisho_variants.iroh import moves
    from paisho_variants.iroh.roles import roles

    checked = 0
    for options in ({}, {"neighbourhood": "orthogonal"}):
        for n, game in enumerate(random_positions("iroh", games=3, plies=160, step=3, options=options)):
            for twin in (game, off_board_too(game, n)):
                st = twin.state
                r, cfg = roles(twin.variant), moves.config(twin)
                zone = 0
                for k in bits(st.occupied):
                    if st.board[k].kind.code in r.knotweed:
                        zone |= cfg.near[k]
                want = sum(1 << i for i in bits(zone & st.occupied)
                           if st.board[i].kind.code not in r.unfrozen and r.move.get(st.board[i].kind.code))
                assert iroh.paisho_tile_flags(fresh(twin))["frozen"] == want
                assert moves.frozen(st, r, cfg) == want
                assert not any(m.src >= 0 and want >> m.src & 1 for m in fresh(twin).legal_moves())
                checked += bool(want)
    assert checked > 50, checked


def test_iroh_arm_costs_equal_every_pair_of_tiles_compared():
    """The approach's costs (plans remembered per set of tiles, the cheapest two tiles per
    line) equal every pair of different tiles compared on every line, at every position, for
    both players, whether the plans are made afresh or remembered (from this position or from
    earlier ones)."""
    from paisho_variants import iroh
    from paisho_variants.iroh import approach
    from paisho_variants.iroh.geometry import ARMS
    from paisho_variants.iroh.roles import roles

    checked = 0
    for game in iroh_positions():
        r = roles(game.variant)
        frozen = iroh.paisho_tile_flags(game)["frozen"]
        for player in ("host", "guest"):
            busy = 0
            for a, q, _arm in iroh.covering(game, player):
                busy |= (1 << a) | (1 << q)
            want = slow_iroh_arm_costs(game, r, player, ARMS, busy, frozen)
            # the memo holding plans of earlier positions' tiles, of both players, then emptied
            assert approach.arm_costs(game, r, player, ARMS, busy, frozen) == want
            approach._PLANS.clear()
            assert approach.arm_costs(game, r, player, ARMS, busy, frozen) == want
            assert approach.arm_costs(game, r, player, ARMS, busy, frozen) == want
            checked += 1
    assert checked > 200


# -- the garden games: a ring read once per set of harmonies ------------------------------------

def test_has_ring_equals_encloses_remembered_or_not():
    from paisho_core.sight import encloses
    from paisho_variants.common.garden import harmony
    from paisho_variants.common.strategy import has_ring

    for variant in ("fire", "skud"):
        for game in random_positions(variant, games=2, plies=120, step=3):
            for h_edges in ([(index(*h.a), index(*h.b)) for h in game.harmonies() if p in (h.owners or (h.owner,))]
                            for p in ("host", "guest")):
                want = len(h_edges) >= 4 and encloses(h_edges)
                harmony._RINGS.clear()
                assert has_ring(h_edges) == want
                assert has_ring(h_edges) == want  # remembered
    rng = random.Random(9)
    ring = [(index(-1, 1), index(1, 1)), (index(1, 1), index(1, -1)), (index(1, -1), index(-1, -1)),
            (index(-1, -1), index(-1, 1))]
    assert has_ring(ring) and not has_ring(ring[:3] + [(index(-1, -1), index(-3, -1))])
    for _ in range(200):
        edges = [tuple(rng.sample(ring, 1)[0]) for _ in range(rng.randint(3, 6))]
        assert has_ring(edges) == (len(edges) >= 4 and encloses(edges))


# -- basic: clashes found by one addition per line, the turn's points counted once per scan -----

def slow_basic_own_clashes(inf, st, scan):
    """Basic's ``own_clashes`` as first written: every flower looks at its east and north
    neighbour."""
    b = st.board
    out = 0
    east, _west, north, _south = scan.neighbours()
    for a in bits(scan.flowers):
        for q in (east.get(a, -1), north.get(a, -1)):
            if q >= 0 and (scan.flowers >> q) & 1 and b[q].owner == b[a].owner and \
                    b[q].kind.code in inf.clash_partners[b[a].kind.code]:
                out |= (1 << a) | (1 << q)
    return out


def slow_basic_harmony_pairs(inf, st, scan):
    """Basic's ``harmony_pairs`` as first written: every eligible tile looks at its east and
    north neighbour (dicts of the line neighbours)."""
    from paisho_variants.basic import rules

    elig = rules.eligible_mask(inf, st, scan)
    traits = rules._Traits(inf, st)
    east, _west, north, _south = scan.neighbours()
    out = []
    for a in bits(elig):
        for q in (east.get(a, -1), north.get(a, -1)):
            if q >= 0 and (elig >> q) & 1:
                v = rules.pair_value(inf, st, a, q, traits, scan.garden)
                if v is not None:
                    out.append((a, q, v[0], v[1]))
    return out


def slow_basic_disharmonies(inf, st, scan):
    """Basic's ``disharmonies`` as first written: every flower between two eligible tiles."""
    from paisho_variants.basic import rules

    elig = rules.eligible_mask(inf, st, scan)
    traits = rules._Traits(inf, st)
    b = st.board
    out = []
    east, west, north, south = scan.neighbours()
    for c in bits(scan.flowers):
        for lo, hi in ((west.get(c, -1), east.get(c, -1)), (south.get(c, -1), north.get(c, -1))):
            if lo < 0 or hi < 0 or not (elig >> lo) & 1 or not (elig >> hi) & 1:
                continue
            partners = inf.clash_partners[b[c].kind.code]
            if b[lo].kind.code not in partners and b[hi].kind.code not in partners:
                continue
            v = rules.pair_value(inf, st, lo, hi, traits, scan.garden)
            if v is not None and v[0] != b[c].owner:
                out.append((lo, hi, c, v[0], v[1]))
    return out


def crowded(game, seed: int, extra: int = 20):
    """A copy of ``game`` with ``extra`` more tiles of random kinds (flowers three times as
    often) and owners on random empty points (own clashes and disharmonies stand far more often
    than in played games)."""
    rng = random.Random(seed)
    twin = fresh(game)
    st = twin.state
    empty = [i for i in bits(PLAYABLE & ~st.occupied)]
    kinds = [k.code for k in twin.tileset.kinds for _ in range(3 if k.group == "flower" else 1)]
    for i in rng.sample(empty, min(extra, len(empty))):
        st.put(i, twin.tileset.tile(rng.choice(kinds), rng.choice(("host", "guest"))))
    twin._changed()
    return twin


def basic_positions():
    """Positions of random Basic games (one with Knotweed's snapshot drain), of a greedy game,
    and crowded or off-board copies of them."""
    from paisho_core.players import make_player

    played = list(random_positions("basic", games=2, plies=150, step=3))
    played += random_positions("basic", games=1, plies=150, step=3, options={"knotweed_drain": "snapshot"})
    game = paisho.new_game("basic", seed=5)
    players = {"host": make_player("greedy", seed=1), "guest": make_player("greedy", seed=2)}
    while game.outcome is None and game.ply < 150:
        if game.ply % 3 == 0:
            played.append(fresh(game))
        game.play(players[game.to_move].choose(game))
    from .test_basic import RING, game_at

    ring = game_at(RING)
    ring.play("(4,-7)-(4,-4)")  # BE17: the guest's chain around the Mid Port
    played.append(ring)
    for k, game in enumerate(played):
        yield game
        yield crowded(game, k)
        if k % 4 == 0:
            yield off_board_too(game, k)


def test_basic_harmonies_clashes_and_points_equal_the_tile_by_tile_reading():
    from paisho_variants.basic import rules

    from paisho_core.sight import encloses

    counts = {"own": 0, "dis": 0, "pairs": 0, "chains": 0, "spring": 0}
    for game in basic_positions():
        inf, st = rules.info(game.variant), game.state
        scan = rules.Scan(inf, st, game.options)
        want_own = slow_basic_own_clashes(inf, st, scan)
        want_dis = slow_basic_disharmonies(inf, st, scan)
        want_pairs = slow_basic_harmony_pairs(inf, st, scan)
        want_points = {p: sum(v for _a, _b, o, v in want_pairs if o == p)
                       - sum(v for *_abc, o, v in want_dis if o == p) for p in ("host", "guest")}
        scan = rules.Scan(inf, st, game.options)
        unmoved = st.extra.get("spring", ())
        assert scan.spring == sum(1 << i for i in bits(scan.flowers) if st.ident[i] in unmoved)
        counts["spring"] += bool(scan.spring)
        assert rules.own_clashes(inf, st, scan) == want_own
        assert rules.harmony_pairs(inf, st, scan) == want_pairs
        assert rules.disharmonies(inf, st, scan) == want_dis
        assert {p: rules.turn_points(inf, st, scan, p) for p in ("host", "guest")} == want_points
        want_chain = [p for p in ("host", "guest") if len([1 for *_ab, o, _v in want_pairs if o == p]) >= 4
                      and encloses([(a, q) for a, q, o, _v in want_pairs if o == p], index(0, 0))]
        if counts["pairs"] % 2:
            rules._CHAINED.clear()
        assert rules.chain_players(inf, st, scan) == want_chain
        assert rules.chain_players(inf, st, scan) == want_chain  # remembered
        counts["chains"] += bool(want_chain)
        counts["own"] += bool(want_own)
        counts["dis"] += bool(want_dis)
        counts["pairs"] += len(want_pairs)
    assert counts["own"] > 40 and counts["dis"] > 10 and counts["pairs"] > 500 and counts["chains"] >= 1 and counts["spring"] > 20, counts


def slow_iroh_prospects(game, player):
    """Iroh's ``prospects`` as first written: the harmonizers counted and sorted into quadrants
    one by one."""
    from paisho_core.tiles import other
    from paisho_variants import iroh
    from paisho_variants.iroh import entry
    from paisho_variants.iroh.geometry import X, Y
    from paisho_variants.iroh.roles import role_mask

    st = game.state
    mine = len(iroh.lasting_pairs(game, player))
    cover = len(iroh.covering(game, player))
    value = 3.0 * cover + 0.5 * mine
    if cover == 4:
        value += 6.0 + (4.0 if player in st.extra.get("pending_win", ()) else 0.0)
    value -= 0.5 * st.count("captured", player)
    value -= 0.5 * entry.shut_out(game, player)
    quadrants = [0, 0, 0, 0]
    for i in bits(st.owned[player] & role_mask(game, "harmonizer")):
        value += 0.3
        if X[i] and Y[i]:
            quadrants[(X[i] > 0) * 2 + (Y[i] > 0)] += 1
    value += 0.75 * sum(min(n, 2) for n in quadrants)
    value += 0.3 * (iroh.paisho_tile_flags(game)["frozen"] & st.owned[other(player)]).bit_count()
    return value


def test_iroh_prospects_equal_the_tile_by_tile_count():
    from paisho_variants import iroh

    checked = 0
    for game in iroh_positions():
        for twin in (game, off_board_too(game, checked)):
            for player in ("host", "guest"):
                assert iroh.prospects(twin, player) == slow_iroh_prospects(fresh(twin), player)
                checked += 1
    assert checked > 200



def iroh_tile_sets():
    """Sets of tiles as the approach lists them (``(code, point, turns before it is there,
    stuck)``): each player's at positions of random and greedy games, and random sets, with the
    same tile twice now and then (two reserve tiles of a kind), so that ties are common."""
    from paisho_variants.iroh import approach
    from paisho_variants.iroh.roles import roles

    rng = random.Random(17)
    for game in iroh_positions():
        r = roles(game.variant)
        st = game.state
        for player in ("host", "guest"):
            keys = [(st.board[i].kind.code, i, 0, rng.random() < 0.1)
                    for i in bits(st.owned[player]) if st.board[i].kind.code in r.moving_harmonizer]
            if keys:
                yield r, keys
        codes = sorted(r.moving_harmonizer)
        points = list(bits(PLAYABLE & ~r.homes))
        keys = [(rng.choice(codes), rng.choice(points), rng.choice((0, 0, 1, 2)), rng.random() < 0.1)
                for _ in range(rng.randint(1, 17))]
        yield r, keys + keys[:rng.randint(0, 2)]


FAR_TILE = ((30,) * 8, (30,) * 8)


def iroh_pair_tile_by_tile(sides, k):
    """The approach's cheapest two different tiles on line ``k``, one per side, as it first
    found them: the two smallest costs per side kept over the tiles one by one, and where one
    tile is the cheapest on both sides, the better of it with the other side's second."""
    a1 = a2 = c1 = c2 = 30
    ia = ic = -1
    for n, (a, c) in enumerate(sides):
        if a[k] < a1:
            a1, a2, ia = a[k], a1, n
        elif a[k] < a2:
            a2 = a[k]
        if c[k] < c1:
            c1, c2, ic = c[k], c1, n
        elif c[k] < c2:
            c2 = c[k]
    if ia == ic:
        a1, c1 = (a1, c2) if a1 + c2 <= a2 + c1 else (a2, c1)
    return a1, c1


def test_iroh_line_costs_packed_equal_the_tiles_compared():
    """The approach's plan for a set of tiles, found field by field on packed costs, equals the
    tiles' cost tuples read one by one: the cheapest and second cheapest tile per side and line,
    the cheapest sum of one tile's two costs per line (capped), the lines' lower bounds in order,
    and, on every line the approach looks at (a lower bound below FAR), the cheapest two
    different tiles, one per side, as the tile-by-tile reading chose them (their sum the
    smallest of every pair of tiles compared)."""
    from paisho_variants.iroh import approach as A
    from paisho_variants.iroh.geometry import ARMS

    checked = same = 0
    for r, keys in iroh_tile_sets():
        plan = A._Plan(r, keys)
        costs = [A._costs(r, *k) for k in keys]
        for arm in ARMS:
            sides = [c[arm] for c in costs]
            bound = []
            for k in range(A.LINES):
                a = sorted(s[0][k] for s in sides) + [A.FAR]
                c = sorted(s[1][k] for s in sides) + [A.FAR]
                at = A._ARM_SHIFT[arm] + A._SHIFT[k]
                assert plan.low >> at & A._FIELD_MASK == a[0]
                assert plan.low >> at + A._SIDE_BITS & A._FIELD_MASK == c[0]
                assert plan.second >> at & A._FIELD_MASK == a[1]
                assert plan.second >> at + A._SIDE_BITS & A._FIELD_MASK == c[1]
                assert plan.sums >> at & A._FIELD_MASK == min(min(s[0][k] + s[1][k] for s in sides), A.SUM_CAP)
                if A.LINE_POINTS[arm][k][0] is not None:
                    bound.append((a[0] + c[0], k))
                if a[0] + c[0] < A.FAR:
                    # a tile that reaches no line stands for "no second tile"
                    pairs = [x[0][k] + y[1][k] for n, x in enumerate(sides + [FAR_TILE])
                             for m, y in enumerate(sides + [FAR_TILE]) if n != m]
                    found = plan.pair(arm, k)
                    assert found == iroh_pair_tile_by_tile(sides, k)
                    assert sum(found) == min(pairs)
                    same += sum(found) > a[0] + c[0]
                    checked += 1
            assert [(low >> 3, low & 7) for low in plan.bound(arm)] == sorted(bound)
            assert getattr(plan, arm) == plan.bound(arm)
    assert checked > 2000 and same > 50, (checked, same)


# -- iroh: the harmonies after a move found from those before it --------------------------------

def slow_iroh_candidate_pairs(state, r, rules):
    """Iroh's harmonies read point by point: from each harmonizer off the centre lines, walk
    towards each centre line past empty points (an empty gate stops the walk when gates block),
    Knotweeds (unless they block) and Rocks (remembered: an Earth pairs with them, and only an
    Earth sees through them), to the first other tile (the rules of ``harmony.candidate_pairs``,
    with no bitsets)."""
    from paisho_variants.iroh.geometry import RAYS, TOWARD_MIDLINES, X, Y, crossed_arm
    from paisho_variants.iroh.harmony import _owners

    b = state.board
    found = {}

    def stops(j):
        t = b[j]
        if t is None:
            return rules.gates_block and GATES >> j & 1
        return not (t.kind.code in r.knotweed and not rules.knotweed_blocks)

    for a in bits(state.occupied):
        ta = b[a]
        if ta.kind.code not in r.harmonizer or not (X[a] and Y[a]):
            continue
        earth = ta.kind.code in r.earth
        for d in TOWARD_MIDLINES[a]:
            walk = [j for j in RAYS[a][d] if stops(j)]
            rocks = []
            while walk and b[walk[0]] is not None and b[walk[0]].kind.code in r.rock:
                rocks.append(walk.pop(0))
            if earth:
                found.update({tuple(sorted((a, k))): (crossed_arm(a, k), (ta.owner,)) for k in rocks
                              if crossed_arm(a, k) and (rules.earth_any_rock or b[k].owner == ta.owner)})
            if not walk or b[walk[0]] is None:
                continue
            q, tq = walk[0], b[walk[0]]
            if tq.kind.code in r.harmonizer and crossed_arm(a, q) and (
                    not rocks or earth or tq.kind.code in r.earth) and _owners(ta, tq, r, rules.lotus_pair):
                found[tuple(sorted((a, q)))] = (crossed_arm(a, q), _owners(ta, tq, r, rules.lotus_pair))
    return tuple((a, q, arm, owners) for (a, q), (arm, owners) in sorted(found.items()))


def greedy_positions(variant: str, options: dict | None = None, plies: int = 120, step: int = 1, seed: int = 4):
    """Positions of one greedy game, every ``step`` decisions (the game itself, played on)."""
    from paisho_core.players import make_player

    game = paisho.new_game(variant, options=options, seed=seed)
    players = {"host": make_player("greedy", seed=1), "guest": make_player("greedy", seed=2)}
    while game.outcome is None and game.ply < plies:
        if game.ply % step == 0:
            yield game
        game.play(players[game.to_move].choose(game))


IROH_LINE_OPTIONS = ({}, {"knotweed_blocks_lines": True, "gates_block_lines": True, "earth_rock_owner": "any",
                          "lotus_pair_counts": "none", "fire_burn": "automatic"})


def test_iroh_harmonies_after_a_move_equal_a_fresh_look_along_every_line():
    """The harmonies the apply hook finds from those before the move (only the lines through
    the points the move changed looked along again) equal every line looked along afresh, after
    every move tried from positions of random and greedy games, with the line options off and
    on (a Knotweed or a gate that blocks, automatic burns that empty more points), and on
    boards with tiles off the board too."""
    from paisho_variants import iroh
    from paisho_variants.iroh import harmony, moves
    from paisho_variants.iroh.roles import roles

    rng = random.Random(7)
    checked = 0
    for options in IROH_LINE_OPTIONS:
        positions = list(random_positions("iroh", games=2, plies=100, step=4, options=options))
        positions += [g.copy() for g in greedy_positions("iroh", options, plies=100, step=3)]
        for n, game in enumerate(positions + [off_board_too(g, k) for k, g in enumerate(positions[::6])]):
            r, lines = roles(game.variant), moves.config(game).lines
            twin = fresh(game)
            legal = twin.legal_moves()
            for move in rng.sample(legal, min(12, len(legal))):
                iroh._forget_pairs()
                assert iroh.pairs(twin) == slow_iroh_candidate_pairs(twin.state, r, lines)
                twin.play(move)
                after = iroh.pairs(twin)
                assert after == slow_iroh_candidate_pairs(twin.state, r, lines), (n, move.text)
                assert after == harmony.candidate_pairs(twin.state, r, lines)
                twin.undo()
                checked += 1
    assert checked > 400


def test_iroh_harmonies_after_a_move_in_a_greedy_game():
    """The same along a greedy game (harmonies stand and sets form more often than at random),
    every move the greedy player tried scored with the harmonies found move by move."""
    from paisho_variants import iroh
    from paisho_variants.iroh import moves
    from paisho_variants.iroh.roles import roles

    checked = 0
    for game in iroh_positions():
        r, lines = roles(game.variant), moves.config(game).lines
        twin = fresh(game)
        for move in twin.legal_moves()[::5]:
            iroh._forget_pairs()
            iroh.pairs(twin)  # the harmonies before the move, which the apply hook starts from
            twin.play(move)
            assert iroh.pairs(twin) == slow_iroh_candidate_pairs(twin.state, r, lines), move.text
            twin.undo()
            checked += 1
    assert checked > 300


# -- iroh: the set and cover searches as functions of the module (no reference cycle a call) ---

def product_order_set(pairs, player, capacity):
    """Iroh's ``four_arm_set`` read off every choice of one harmony per arm: the arms with the
    fewest harmonies first, the first choice in that order within the tile limits."""
    import itertools

    from paisho_variants.iroh.geometry import ARMS

    lists = sorted([[(a, q) for a, q, arm, owners in pairs if arm == x and player in owners] for x in ARMS], key=len)
    for choice in itertools.product(*lists):
        use: dict = {}
        for i in (i for e in choice for i in e):
            use[i] = use.get(i, 0) + 1
        if all(n <= capacity(i) for i, n in use.items()):
            return tuple(choice)
    return None


def product_order_cover(pairs, player, capacity):
    """Iroh's ``best_cover`` read off every choice of a harmony or none per arm (each arm's
    harmonies in turn, then none): the first of the most arms within the tile limits."""
    import itertools

    from paisho_variants.iroh.geometry import ARMS

    lists = [lst + [None] for lst in ([(a, q, arm) for a, q, arm, owners in pairs if arm == x and player in owners]
                                      for x in ARMS) if lst]
    best: tuple = ()
    for choice in itertools.product(*lists):
        chosen = tuple(c for c in choice if c is not None)
        use: dict = {}
        for i in (i for c in chosen for i in c[:2]):
            use[i] = use.get(i, 0) + 1
        if len(chosen) > len(best) and all(n <= capacity(i) for i, n in use.items()):
            best = chosen
    return best


def test_iroh_set_and_cover_searches_choose_the_first_in_order():
    """The four-midline set and the cover the evaluation counts (which harmonies, not only how
    many: the approach leaves their tiles out) equal the first choice in the searches' order,
    over the harmonies of random and greedy games' positions and of random boards (where sets
    stand), with Water's limit of two."""
    import itertools

    from paisho_variants import iroh
    from paisho_variants.iroh import harmony
    from paisho_variants.iroh.roles import roles

    from .test_iroh import random_position

    rng = random.Random(40)
    sets = checked = 0
    for game in itertools.chain(iroh_positions(), (random_position(rng, {}) for _ in range(300))):
        capacity = harmony.capacity_of(game.state, roles(game.variant))
        for player in ("host", "guest"):
            for pairs in (iroh.pairs(game), iroh.lasting_pairs(game, player)):
                want = product_order_set(pairs, player, capacity)
                assert harmony.four_arm_set(pairs, player, capacity) == want
                assert harmony.best_cover(pairs, player, capacity) == product_order_cover(pairs, player, capacity)
                sets += want is not None
                checked += 1
    assert checked > 1000 and sets > 20, (checked, sets)
