"""How far each player of Adevar is from each Hidden Tile's objective, as the computer players
read it, in one measure for every objective: the turns still needed (:func:`turns`).  Their own
objective's, and the opponent's as they can know it (its Hidden Tile's once face up; before
that, the nearest of the objectives it may be pursuing, :func:`opponent_turns`).  Never reads
the opponent's hidden choice."""
from __future__ import annotations

import math

from paisho_core.board import bits
from paisho_core.tiles import PLAYERS, other

from paisho_variants.adevar import geometry as geo
from paisho_variants.adevar import rules


_DISTANCE: dict = {}


def distance_to(mask: int) -> dict:
    """Per point, how far a Basic tile there is from the points of ``mask``: 0 beside one,
    else the least taxicab distance to one."""
    got = _DISTANCE.get(mask)
    if got is None:
        points = [geo.POINT[i] for i in geo.POINT if mask >> i & 1]
        got = _DISTANCE[mask] = {
            i: 0 if geo.NEIGHBOUR_MASK[i] & mask else min(abs(x - a) + abs(y - b) for a, b in points)
            for i, (x, y) in geo.POINT.items()}
    return got


ORCHID_PLOTS = geo.RED + geo.WHITE + ("east_open", "west_open")
"""The six Plots of the Black Orchid's objective."""
_KEPT = 1 << 12
"""How many point sets the turns are kept for."""


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


# -- turns to go ---------------------------------------------------------------------------------

REACH = 4
"""The points a Basic tile is counted to cover in a turn when turns are estimated (a Lilac moves
3, a Zinnia 4, a Foxglove 5)."""


def turns(game, st, player: str, goal: str | None) -> float:
    """About how many of its turns ``player`` still needs to complete ``goal``'s objective, were
    the opponent not to hinder it: the common measure of every objective (a race is won by the
    fewer turns, whatever the objective), read from the board and the hands only.  A tile still
    to be brought costs a turn to call it beside a Gate and a turn per :data:`REACH` points from
    there (:func:`_call_costs`).

    - Iris, Bird of Paradise, Black Orchid: the whole tiles missing from each of their Plots, each
      at the cost of bringing one to the nearest point of that Plot;
    - Oriental Lily: the cheapest Garden's points still without a Basic tile of the player, each
      at the cost of bringing one;
    - White Rose: the turns for the nearest Basic tile (or one called beside a Gate) to come
      beside the target Plot, and one to call the Away Gate there (two more if the Away Gate is
      not in hand);
    - Echeveria: the captures missing, one and a half turns each;
    - White Lotus: two turns a harmony missing from eight, and two to close the ring."""
    if goal is None:
        return 0.0
    if goal in _POINT_GOALS:
        m, gates, extra, gate_in_hand = _standing(game, st, player)
        t = _turns_of_points(game, player, m, gates, extra)[goal]
        return t if goal != "WhiteRose" or gate_in_hand else t + 2
    if goal == "BlackOrchid":
        _m, gates, extra, _g = _standing(game, st, player)
        return _orchid_turns(game, st, player, gates, extra)
    if goal == "Echeveria":
        cap = st.piles.get("captured", {})
        mine, theirs = cap.get(player, {}), cap.get(other(player), {})
        return 1.5 * sum(max(0, 1 - mine.get(k, 0)) + max(0, 2 - theirs.get(k, 0)) for k in rules.BASIC)
    if goal == "WhiteLotus":
        return 2.0 + 2 * (8 - min(harmony_count(game, st, player), 8))
    return 0.0


def _orchid_turns(game, st, player: str, gates: int, extra: int) -> float:
    """:func:`turns` to the Black Orchid: the whole tiles ``player`` lacks to match the opponent
    (and hold half a tile) in each of its six Plots, each at the cost of bringing one there."""
    counts = rules.position_counts(game) if st is game.state else rules.counts_of(game, st)
    mine, theirs = counts[player], counts[other(player)]
    plot = _call_costs(player, gates, extra)[1]
    return float(sum(-(-max(0, max(theirs[p], 1) - mine[p]) // 2) * plot[p] for p in ORCHID_PLOTS))


_POINT_GOALS = frozenset({"Iris", "BirdOfParadise", "OrientalLily", "WhiteRose"})
_TURNS: dict = {}
_COSTS: dict = {}
_GATE_TILES: dict = {}


def _standing(game, st, player: str) -> tuple:
    """What the turns read of ``player`` besides the Plot counts: the points of its Basic tiles
    and of its Gates, the turns a tile costs more when none is in hand (two: one must be freed
    first), and whether the Away Gate is in hand."""
    m = rules.basic_masks(game, st)[PLAYERS.index(player)]
    tiles = _GATE_TILES.get(id(game.tileset))
    if tiles is None or tiles[0] is not game.tileset:
        tiles = _GATE_TILES[id(game.tileset)] = (game.tileset, {
            p: tuple(game.tileset.tile(code, p) for code in rules.GATES) for p in PLAYERS})
    get = st.tile_masks.get
    gates = 0
    for tile in tiles[1][player]:
        gates |= get(tile, 0)
    hand = st.piles.get("reserve", {}).get(player, {})
    extra = 0 if any(hand.get(k) for k in rules.BASIC) else 2
    return m, gates, extra, bool(hand.get("GateAway"))


def _call_costs(player: str, gates: int, extra: int) -> tuple:
    """Per point, the turns to bring a Basic tile of ``player`` there from its hand (one to call
    it beside one of its Gates, on the points ``gates``, one per :data:`REACH` points from there
    by taxicab distance, ``extra`` more), and per Plot the least of its points'; kept per Gates.
    Shared: read only."""
    key = (player, gates, extra)
    got = _COSTS.get(key)
    if got is None:
        if len(_COSTS) >= 256:
            _COSTS.clear()
        starts = [geo.POINT[j] for i in bits(gates) for j in geo.NEIGHBOURS[i]]
        per = {}
        for i, (x, y) in geo.POINT.items():
            d = min((abs(x - a) + abs(y - b) for a, b in starts), default=30)
            per[i] = 1 + extra + -(-d // REACH)
        plot = {name: min(per[i] for i in bits(geo.PLOT_MASK[name])) for name in geo.PLOTS}
        got = _COSTS[key] = (per, plot)
    return got


def _turns_of_points(game, player: str, m: int, gates: int, extra: int) -> dict:
    """The turns toward the objectives that read only the points ``m`` of ``player``'s Basic
    tiles and ``gates`` of its Gates (the White Rose's as if the Away Gate were in hand); kept per
    point sets.  Shared: read only."""
    key = (id(game.variant), player, m, gates, extra)
    got = _TURNS.get(key)
    if got is None:
        if len(_TURNS) >= _KEPT:
            _TURNS.clear()
        per, plot = _call_costs(player, gates, extra)
        c = rules.mask_counts(m)
        cfg = rules.config(game)
        lily = min(sum(per[i] for i in garden if not m >> i & 1) for garden in cfg.gardens[player])
        away = distance_to(cfg.rose_target[player])
        rose = min((_rose_steps(away[i]) for i in bits(m)), default=30)
        for i in bits(gates):
            for j in geo.NEIGHBOURS[i]:
                rose = min(rose, per[j] - 1 + _rose_steps(away[j]))
        got = _TURNS[key] = {
            "Iris": float(sum(-(-max(0, 4 - c[p]) // 2) * plot[p] for p in geo.RED + geo.WHITE)),
            "BirdOfParadise": float(sum(-(-max(0, 2 - c[p]) // 2) * plot[p] for p in geo.PLOTS)),
            "OrientalLily": float(lily),
            "WhiteRose": float(rose)}
    return got


def _rose_steps(away: int) -> int:
    """Turns for a Basic tile ``away`` points from the White Rose's target (0: beside it) to
    come beside it, and one to call the Away Gate onto it."""
    return -(-max(0, away - 1) // REACH) + 1 if away else 1


SOFT = 1.0
"""How sharply the opponent's turns are taken as its nearest objective's: its turns to go are
``-log(sum(exp(-SOFT * t)))/SOFT`` over the Hidden Tiles it may hold (a player works toward
its own objective, and the nearest is the one to fear)."""


def opponent_turns(game, st, opp: str) -> float:
    """The turns ``opp`` still needs, as its opponent can know it: its Hidden Tile's once face up;
    before that, a soft minimum (:data:`SOFT`) over the Hidden Tiles it may hold (every one a
    failed Second Face has not ruled out).  Never reads the hidden choice."""
    ex = st.extra
    if opp in ex.get("revealed", ()):
        return turns(game, st, opp, rules.secret(st, opp))
    ts = list(candidate_turns(game, st, opp).values())
    if not ts:
        return 0.0
    low = min(ts)
    return low - math.log(sum(math.exp(-SOFT * (t - low)) for t in ts)) / SOFT


def candidate_turns(game, st, opp: str) -> dict:
    """Per Hidden Tile ``opp`` may hold (every one a failed Second Face has not ruled out), the
    turns it would still need: what its opponent can read of it without knowing the choice."""
    out = st.extra.get("ruled_out", ())
    m, gates, extra, gate_in_hand = _standing(game, st, opp)
    points = _turns_of_points(game, opp, m, gates, extra)
    ts = {}
    for goal in rules.HIDDEN:
        if out and (opp, goal) in out:
            continue
        if goal in _POINT_GOALS:
            ts[goal] = points[goal] + (2 if goal == "WhiteRose" and not gate_in_hand else 0)
        elif goal == "BlackOrchid":
            ts[goal] = _orchid_turns(game, st, opp, gates, extra)
        else:
            ts[goal] = turns(game, st, opp, goal)
    return ts


def belief(game, st, opp: str) -> dict:
    """How likely its opponent takes each Hidden Tile ``opp`` may hold to be the one it holds:
    each tile's term of the soft minimum of :func:`opponent_turns` (``exp(-SOFT * turns)``,
    relative to the nearest), so the objective it is nearest reads as the likeliest, as a player
    watching it race toward it would judge.  Never reads the hidden choice."""
    ts = candidate_turns(game, st, opp)
    if not ts:
        return {}
    low = min(ts.values())
    return {goal: math.exp(-SOFT * (t - low)) for goal, t in ts.items()}
