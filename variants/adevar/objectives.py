"""How far each player of Adevar is toward each Hidden Tile's objective, as the computer players
read it: their own objective's progress, and the opponent's as they can know it (its Hidden
Tile's once face up; before that, the objectives it may be pursuing, weighed by how far it has
gone toward each).  Never reads the opponent's hidden choice."""
from __future__ import annotations

import math

from paisho_core.board import bits
from paisho_core.tiles import PLAYERS, other

from paisho_variants.adevar import geometry as geo
from paisho_variants.adevar import rules


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


def own_gain(game, st, player: str, goal: str | None) -> float:
    """``player``'s progress toward ``goal`` above the set-up's (:func:`progress` less
    :func:`baseline`), kept per Basic-tile point set where the objective reads nothing else."""
    if goal is None:
        return 0.0
    if goal in _OWN_GOALS:
        return _own_points(game, player, rules.basic_masks(game, st)[PLAYERS.index(player)])[goal]
    return progress(game, st, player, goal) - baseline(game, player, goal)


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
    out["BlackOrchid"] = sum(1 for p in ORCHID_PLOTS if mine[p] >= theirs[p] and mine[p] >= 1) / 6 - base["BlackOrchid"]
    out["WhiteLotus"] = min(harmony_count(game, st, player), 8) / 8 - base["WhiteLotus"]
    out["Echeveria"] = progress(game, st, player, "Echeveria") - base["Echeveria"]
    return out


ORCHID_PLOTS = geo.RED + geo.WHITE + ("east_open", "west_open")
"""The six Plots of the Black Orchid's objective."""
_OWN_GOALS = frozenset({"Iris", "BirdOfParadise", "OrientalLily", "WhiteRose"})
_OWN: dict = {}
_OWN_KEPT = 1 << 12


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
        mine = rules.mask_counts(m)
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


def harmony_count(game, st, player: str) -> int:
    """How many harmonies ``player`` has: ``len(rules.harmony_pairs(st, player))``, from the
    points' masks (a line's nearest tile is a bit of its mask, found at once)."""
    get = st.tile_masks.get
    kinds = [get(t, 0) for t in rules.basic_tiles(game)[PLAYERS.index(player)]]
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
