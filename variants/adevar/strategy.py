"""What Adevar's computer players know of the goal: their own Hidden Tile's objective, the
opponent's (its Hidden Tile's once face up, before that the objectives it may be pursuing,
weighed by how far it has gone toward each), the capture of the opponent's Hidden Tile,
material.  Reads only the mover's own secret."""
from __future__ import annotations

import math

from paisho_core.board import bits
from paisho_core.hookspecs import hookimpl
from paisho_core.tiles import PLAYERS, other

from paisho_variants.adevar import geometry as geo
from paisho_variants.adevar import rules

_VALUE = {"Lilac": 1.0, "Zinnia": 1.2, "Foxglove": 1.5, "WatersReflection": 1.0, "Vanguard": 1.5}


def progress(game, st, player: str, goal: str | None) -> float:
    """How far ``player`` is toward the objective ``goal`` (0 to about 1)."""
    if goal is None:
        return 0.0
    c = rules.position_counts(game) if st is game.state else rules.counts_of(game, st)
    mine = c[player]
    if goal == "Iris":
        return sum(min(mine[p], 4) for p in geo.RED + geo.WHITE) / 16
    if goal == "BirdOfParadise":
        return sum(min(mine[p], 2) for p in geo.PLOTS) / 16
    if goal == "BlackOrchid":
        theirs = c[other(player)]
        six = geo.RED + geo.WHITE + ("east_open", "west_open")
        return sum(1 for p in six if mine[p] >= theirs[p] and mine[p] >= 1) / 6
    if goal == "OrientalLily":
        best = 0.0
        for garden in rules.config(game).gardens[player]:
            have = sum(1 for i in garden if (t := st.board[i]) is not None and t.owner == player
                       and t.kind.code in rules.BASIC)
            best = max(best, have / len(garden))
        return best
    if goal == "Echeveria":
        cap = st.piles.get("captured", {})
        m, t = cap.get(player, {}), cap.get(other(player), {})
        return sum(min(m.get(k, 0), 1) + min(t.get(k, 0), 2) for k in rules.BASIC) / 9
    if goal == "WhiteRose":
        away = _away(rules.config(game).rose_target[player])
        best = 30
        for i in bits(rules.basic_masks(game, st)[PLAYERS.index(player)]):
            best = min(best, away[i])
        return 1 - best / 30
    if goal == "WhiteLotus":
        return min(len(rules.harmony_pairs(st, player)), 8) / 8
    return 0.0


_AWAY: dict = {}


def _away(mask: int) -> dict:
    """Per point, how far a Basic tile there is from the points of ``mask``: 0 beside one,
    else the least taxicab distance to one."""
    got = _AWAY.get(mask)
    if got is None:
        points = [geo.POINT[i] for i in geo.POINT if mask >> i & 1]
        got = _AWAY[mask] = {
            i: 0 if geo.NEIGHBOUR_MASK[i] & mask else min(abs(x - a) + abs(y - b) for a, b in points)
            for i, (x, y) in geo.POINT.items()}
    return got


_BASE: dict = {}


def baseline(game, player: str, goal: str | None) -> float:
    """The progress the starting set-up already gives toward ``goal``, so that the choice of a
    Hidden Tile is not steered by how far its objective starts."""
    if goal is None:
        return 0.0
    key = (id(game.variant), player, goal)
    got = _BASE.get(key)
    if got is None:
        from paisho_core import new_game

        fresh = new_game(game.variant, options=game.options, seed=0)
        fresh.play("cHT:" + (goal if player == "host" else "Iris"))
        fresh.play("cHT:" + (goal if player == "guest" else "Iris"))
        got = _BASE[key] = progress(fresh, fresh.state, player, goal)
    return got


INFER = 4.0
"""How sharply the Hidden Tiles an opponent may hold are weighed by its progress toward each:
a tile's weight is ``exp(INFER * gain)``, its gain the progress above the set-up's (a player
works toward its own objective, so the objective it has gone furthest toward is the likeliest)."""


def opponent_progress(game, st, opp: str) -> float:
    """How far ``opp`` has gone toward its objective (above the set-up's progress), as its
    opponent can know it: its Hidden Tile's once face up; before that, over the Hidden Tiles it
    may hold (every one a failed Second Face has not ruled out), each weighed by how far the
    opponent has gone toward its objective (:data:`INFER`).  Never reads the hidden choice.
    Reads the same as :func:`progress` less :func:`baseline`, the cheaper way (:func:`gains`)."""
    ex = st.extra
    if opp in ex.get("revealed", ()):
        theirs = rules.secret(st, opp)
        return progress(game, st, opp, theirs) - baseline(game, opp, theirs)
    out = ex.get("ruled_out", ())
    total = weight = 0.0
    every = gains(game, st, opp)
    for goal in rules.HIDDEN:
        if out and (opp, goal) in out:
            continue
        gain = every[goal]
        w = math.exp(INFER * gain)
        total += w * gain
        weight += w
    return total / weight if weight else 0.0


def gains(game, st, player: str) -> dict:
    """``player``'s progress above the set-up's toward every objective, as :func:`progress` and
    :func:`baseline` read it: those that follow from ``player``'s Basic tiles' points alone
    kept per set of those points (:func:`_own_points`: the opponent's move in a search mostly
    leaves them), the Black Orchid from both players' Plot counts, the White Lotus from a count
    of harmonies (:func:`harmony_count`), the Echeveria from the captured tiles."""
    masks = rules.basic_masks(game, st)
    out = dict(_own_points(game, player, masks[PLAYERS.index(player)]))
    counts = rules.position_counts(game) if st is game.state else rules.counts_of(game, st)
    mine, theirs = counts[player], counts[other(player)]
    base = _reader(game, player)[2]
    out["BlackOrchid"] = sum(1 for p in _SIX if mine[p] >= theirs[p] and mine[p] >= 1) / 6 - base["BlackOrchid"]
    out["WhiteLotus"] = min(harmony_count(game, st, player), 8) / 8 - base["WhiteLotus"]
    out["Echeveria"] = progress(game, st, player, "Echeveria") - base["Echeveria"]
    return out


_SIX = geo.RED + geo.WHITE + ("east_open", "west_open")
"""The six Plots of the Black Orchid's objective."""
_OWN_GOALS = frozenset({"Iris", "BirdOfParadise", "OrientalLily", "WhiteRose"})
_OWN: dict = {}
_OWN_KEPT = 1 << 12
_SHARED_PLOTS = tuple((name, geo.PLOT_MASK[name], geo.SINGLE_MASK[name]) for name in geo.PLOTS)


def _own_points(game, player: str, m: int) -> dict:
    """The gains toward the Iris, the Bird of Paradise, the Oriental Lily and the White Rose,
    which read only the points ``m`` of ``player``'s Basic tiles; kept per point set.  Shared:
    read only."""
    key = (id(game.variant), player, m)
    got = _OWN.get(key)
    if got is None:
        if len(_OWN) >= _OWN_KEPT:
            _OWN.clear()
        gardens, rings, base = _reader(game, player)
        mine = {name: (m & mask).bit_count() + (m & single).bit_count() for name, mask, single in _SHARED_PLOTS}
        best = 0.0
        for gmask, size in gardens:
            best = max(best, (m & gmask).bit_count() / size)
        away = 30
        for d, ring in rings:
            if m & ring:
                away = min(d, 30)
                break
        got = _OWN[key] = {
            "Iris": sum(min(mine[p], 4) for p in geo.RED + geo.WHITE) / 16 - base["Iris"],
            "BirdOfParadise": sum(min(mine[p], 2) for p in geo.PLOTS) / 16 - base["BirdOfParadise"],
            "OrientalLily": best - base["OrientalLily"],
            "WhiteRose": 1 - away / 30 - base["WhiteRose"]}
    return got


_READERS: dict = {}


def _reader(game, player: str) -> tuple:
    """Per variant and player: the gardens as (point mask, size), the points by their distance
    to the White Rose's target (nearest first, as :func:`_away` measures it) and the set-up's
    progress toward each objective."""
    key = (id(game.variant), player)
    got = _READERS.get(key)
    if got is None:
        cfg = rules.config(game)
        gardens = tuple((sum(1 << i for i in g), len(g)) for g in cfg.gardens[player])
        away = _away(cfg.rose_target[player])
        rings = tuple((d, sum(1 << i for i, a in away.items() if a == d)) for d in sorted(set(away.values())))
        base = {goal: baseline(game, player, goal) for goal in rules.HIDDEN}
        got = _READERS[key] = (gardens, rings, base)
    return got


def _ray(i: int, line: tuple) -> tuple:
    """A line outward from ``i`` as (its points' mask, 1 when its nearest point is its lowest
    index, -1 its highest, 0 neither, the points in order)."""
    seq = (i, *line)
    order = 1 if all(a < b for a, b in zip(seq, seq[1:])) else -1 if all(a > b for a, b in zip(seq, seq[1:])) else 0
    return sum(1 << j for j in line), order, line


_RAYS = {i: tuple(_ray(i, line) for line in lines[1::2] if line) for i, lines in geo.LINES.items()}
"""Per point, its lines down and right (as rules.py ``harmony_pairs`` looks: each pair once)."""
_KINDS: dict = {}


def harmony_count(game, st, player: str) -> int:
    """How many harmonies ``player`` has: ``len(rules.harmony_pairs(st, player))``, from the
    points' masks (a line's nearest tile is a bit of its mask, found at once)."""
    tiles = _KINDS.get(id(game.tileset))
    if tiles is None or tiles[0] is not game.tileset:
        tiles = _KINDS[id(game.tileset)] = (game.tileset, {
            p: tuple(game.tileset.tile(code, p) for code in rules.BASIC) for p in PLAYERS})
    get = st.tile_masks.get
    kinds = [get(t, 0) for t in tiles[1][player]]
    basic = kinds[0] | kinds[1] | kinds[2]
    occupied = st.occupied
    n = 0
    for kind in kinds:
        others = basic & ~kind
        if not others:
            continue
        while kind:
            low = kind & -kind
            kind ^= low
            for mask, order, line in _RAYS[low.bit_length() - 1]:
                near = mask & occupied
                if not near:
                    continue
                if order == 1:
                    j = (near & -near).bit_length() - 1
                elif order == -1:
                    j = near.bit_length() - 1
                else:
                    j = next(j for j in line if occupied >> j & 1)
                n += others >> j & 1
    return n


@hookimpl
def paisho_evaluate(game, player):
    st = game.state
    if st.outcome is not None:
        w = st.outcome.winner
        return 0.0 if w is None else (100.0 if w == player else -100.0)
    opp = other(player)
    mine = rules.secret(st, player)
    if mine is None:
        score = 0.0
    elif mine in _OWN_GOALS:
        own = _own_points(game, player, rules.basic_masks(game, st)[PLAYERS.index(player)])
        score = 10.0 * own[mine]
    else:
        score = 10.0 * (progress(game, st, player, mine) - baseline(game, player, mine))
    if st.phase != "choose" or opp in st.extra.get("revealed", ()):  # set up once it has chosen
        score -= 10.0 * opponent_progress(game, st, opp)
    signed = _SIGNED[player]
    for tile in filter(None, st.board):  # the tiles in grid order
        v = signed.get(tile)
        if v is None:
            if len(signed) >= 512:
                signed.clear()
            v = _VALUE.get(tile.kind.code, 0.0)
            v = signed[tile] = v if tile.owner == player else -v
        score += v
    return score


_SIGNED: dict = {"host": {}, "guest": {}}
"""Per player, each tile's material for that player (negative for the opponent's)."""


_TAKE = {"Lilac": 3.0, "Zinnia": 3.0, "Foxglove": 3.5, "WatersReflection": 4.0, "Vanguard": 4.0,
         "GateAway": 1.0, "HiddenTile": 3.0}


THREATENED = 3.0
"""How much likelier a move of a tile that an opposing tile could capture next turn is tried."""
ATTACKER = 2.0
"""How much likelier a capture is tried when the captured tile could capture one of the mover's."""


def threats(game, st, player: str) -> tuple[int, int]:
    """The points of ``player``'s tiles that an opposing tile could capture on its next move, and
    the points of the opposing tiles that could make those captures."""
    foe = other(player)
    mine, occupied = st.owned[player], st.occupied
    hit = attackers = 0
    for i, tile in st.tiles(foe):
        code = tile.kind.code
        dist = rules.MOVES.get(code)
        if not dist:
            continue
        t = geo.reach(i, dist, occupied)[1] & mine
        while t:
            low = t & -t
            t ^= low
            if rules.may_land(game, st, code, foe, low.bit_length() - 1):
                hit |= low
                attackers |= 1 << i
    return hit, attackers


ADVANCE = 1.0
"""How much likelier per step (a half tile more in a Plot, or one more Plot held) a Basic tile's
move or call toward the mover's own count-based objective (Iris, Bird of Paradise, Black Orchid)
is tried."""
COMPLETE = 8.0
"""How much likelier a Basic tile's move or call that completes the mover's count-based
objective is tried (issue 40: below the root the search scores the most promising moves only,
and in 7 of 22 positions where the mover could complete its objective none of those did)."""


@hookimpl
def paisho_playout_weights(game, moves):
    """Captures first (a Second Face trying an unguarded Hidden Tile included: the playout does
    not know whether it is the right one), ATTACKER times more when the captured tile threatens
    one of the mover's; a move of a threatened tile THREATENED times what it would weigh
    otherwise; a Basic tile's move or call toward the mover's own count-based objective
    ADVANCE more per step, COMPLETE times when it completes it; then calls and moves alike.
    Reads the board and the mover's own Hidden Tile (:func:`threats` and the Plots' counts, once
    a list)."""
    st = game.state
    board = st.board
    mover = st.to_move
    hit, attackers = threats(game, st, mover) if st.phase != "choose" else (0, 0)
    goal = rules.secret(st, mover) if st.phase != "choose" else None
    step = _STEP.get(goal)
    if step is not None:
        counts = rules.position_counts(game) if st is game.state else rules.counts_of(game, st)
        mine, theirs = counts[mover], counts[other(mover)]
        unmet = sum(1 for p in _PLOTS_OF[goal] if not step(mine[p], theirs[p])[1])
        factor: dict = {}  # per Plots left and Plots entered
        basic = rules.BASIC
    out = []
    for m in moves:
        w = 1.0
        if m.dst >= 0:
            t = board[m.dst]
            if t is not None:
                w += _TAKE.get(t.kind.code, 3.5 if t.kind.code in rules.MATCH else 1.0)
                if (attackers >> m.dst) & 1:
                    w *= ATTACKER
            if step is not None and m.tile in basic:
                key = _SID.get(m.src, 0) << 6 | _SID[m.dst]
                f = factor.get(key)
                if f is None:  # the same Plots left and entered weigh the same
                    gain, done = _advance(step, mine, theirs, unmet, m.src, m.dst)
                    f = factor[key] = COMPLETE if done else 1.0 + ADVANCE * gain if gain > 0 else 1.0
                w *= f
        if hit and m.src >= 0 and (hit >> m.src) & 1:
            w *= THREATENED
        out.append(w)
    return out


def _iris(c: int, _theirs: int) -> tuple[int, bool]:
    return (c if c < 4 else 4), c >= 4


def _bird(c: int, _theirs: int) -> tuple[int, bool]:
    return (c if c < 2 else 2), c >= 2


def _orchid(c: int, theirs: int) -> tuple[int, bool]:
    held = c >= theirs and c >= 1
    return int(held), held


_STEP = {"Iris": _iris, "BirdOfParadise": _bird, "BlackOrchid": _orchid}
"""Per count-based objective, a Plot's steps and whether it is met, from the mover's count there
(in half tiles) and the opponent's."""
_PLOTS_OF = {"Iris": geo.RED + geo.WHITE, "BirdOfParadise": geo.PLOTS,
             "BlackOrchid": geo.RED + geo.WHITE + ("east_open", "west_open")}
_SHARE = {i: tuple((name, 2 // len(ps)) for name in ps) for i, ps in geo.PLOTS_AT.items()}
"""Per point, the Plots a tile there counts in and by how many half tiles."""


_SID = {i: 1 + sorted(set(_SHARE.values())).index(share) for i, share in _SHARE.items()}
"""Per point, a number naming the Plots a tile there counts in (and by how much); 0 for none."""


def _advance(step, mine: dict, theirs: dict, unmet: int, src: int, dst: int) -> tuple[int, bool]:
    """:func:`advance` from the Plots a move changes only (``unmet``: the objective's Plots not
    met before it)."""
    change: dict = {}
    if src >= 0:
        for name, n in _SHARE[src]:
            change[name] = -n
    for name, n in _SHARE[dst]:
        change[name] = change.get(name, 0) + n
    gain = 0
    relevant = _RELEVANT[step]
    for name, d in change.items():
        if d and name in relevant:
            c, t = mine[name], theirs[name]
            s0, m0 = step(c, t)
            s1, m1 = step(c + d, t)
            gain += s1 - s0
            unmet += m0 - m1
    return gain, unmet == 0


_RELEVANT = {f: frozenset(_PLOTS_OF[g]) for g, f in _STEP.items()}


def standing(goal: str, mine: dict, theirs: dict) -> tuple[int, bool]:
    """(The plain reading that :func:`_advance` is tested against.)  How many steps of the count-based objective ``goal`` the Plot counts ``mine`` (in half
    tiles, against the opponent's ``theirs``) stand at, and whether it is met (the rules'
    objective checks, rules.py ``objective_met``)."""
    if goal == "Iris":
        return sum(min(mine[p], 4) for p in geo.RED + geo.WHITE), all(mine[p] >= 4 for p in geo.RED + geo.WHITE)
    if goal == "BirdOfParadise":
        return sum(min(mine[p], 2) for p in geo.PLOTS), all(mine[p] >= 2 for p in geo.PLOTS)
    held = sum(1 for p in _SIX if mine[p] >= theirs[p] and mine[p] >= 1)
    return held, held == len(_SIX)


def advance(goal: str, mine: dict, theirs: dict, src: int, dst: int) -> tuple[int, bool]:
    """The steps a Basic tile's move from ``src`` (a call: ``src`` < 0) to ``dst`` gains toward
    ``goal`` (:func:`standing`), and whether it completes it; a take's effect on the opponent's
    counts is left out."""
    after = dict(mine)
    for point, sign in ((src, -1), (dst, 1)):
        if point >= 0:
            plots = geo.PLOTS_AT.get(point, ())
            for name in plots:
                after[name] += sign * (2 // len(plots))
    before, _ = standing(goal, mine, theirs)
    now, done = standing(goal, after, theirs)
    return now - before, done
