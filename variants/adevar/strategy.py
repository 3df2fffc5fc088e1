"""What Adevar's computer players know of the goal: the race between their own Hidden Tile's
objective and the opponent's, counted in turns (:mod:`.objectives`), and material; and which
moves look promising (the playout weights).  Reads only the mover's own secret."""
from __future__ import annotations

from paisho_core.board import bits
from paisho_core.hookspecs import hookimpl
from paisho_core.tiles import other

from paisho_variants.adevar import geometry as geo
from paisho_variants.adevar import rules
from paisho_variants.adevar.objectives import ORCHID_PLOTS, belief, distance_to, opponent_turns, turns

_VALUE = {"Lilac": 1.0, "Zinnia": 1.2, "Foxglove": 1.5, "WatersReflection": 1.0, "Vanguard": 1.5}


RACE = 2.0
"""What a turn of the race is worth: the score counts the opponent's turns to its objective less
the player's own (:func:`.objectives.turns`), this much a turn."""


@hookimpl
def paisho_evaluate(game, player):
    st = game.state
    if st.outcome is not None:
        w = st.outcome.winner
        return 0.0 if w is None else (100.0 if w == player else -100.0)
    opp = other(player)
    score = -RACE * turns(game, st, player, rules.secret(st, player))
    if st.phase != "choose" or opp in st.extra.get("revealed", ()):  # set up once it has chosen
        score += RACE * opponent_turns(game, st, opp)
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


@hookimpl
def paisho_deal_weights(game, player):
    """The opponent's Hidden Tile dealt by :func:`.objectives.belief`: the objective it is nearest
    the likeliest (the players deal the worlds they search from it).  Reads the board and the
    hands only, never the hidden choice."""
    st = game.state
    opp = other(player)
    if opp in st.extra.get("revealed", ()):
        return None
    return belief(game, st, opp)


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
    ADVANCE more per step, COMPLETE times when it completes it; toward the White Rose's target
    ADVANCE more per point nearer (two at most), the Away Gate's call onto it COMPLETE times;
    into an Oriental Lily Garden ADVANCE more; then calls and moves alike.  Reads the board and
    the mover's own Hidden Tile (:func:`threats` and the Plots' counts, once a list)."""
    st = game.state
    board = st.board
    mover = st.to_move
    hit, attackers = threats(game, st, mover) if st.phase != "choose" else (0, 0)
    goal = rules.secret(st, mover) if st.phase != "choose" else None
    step = _STEP.get(goal)
    near = _near(game, mover, goal)
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
            if near is not None and m.tile in near[0]:
                b = near[1].get(m.dst, 0)
                if m.tile in rules.GATES:  # the Away Gate called onto the White Rose's target
                    if b >= near[2]:
                        w *= COMPLETE
                else:
                    a = near[1].get(m.src, 0) if m.src >= 0 else b - 1
                    if b > a:
                        w *= 1.0 + ADVANCE * min(b - a, 2)
        if hit and m.src >= 0 and (hit >> m.src) & 1:
            w *= THREATENED
        out.append(w)
    return out


def _near(game, player: str, goal):
    """For the objectives won at chosen points (White Rose, Oriental Lily): the tiles whose moves
    and calls count, per point how near it is to the objective (higher nearer), and the
    nearness that completes it; None for the others."""
    if goal not in ("WhiteRose", "OrientalLily"):
        return None
    key = (id(game.variant), player, goal)
    got = _NEAR.get(key)
    if got is None:
        cfg = rules.config(game)
        if goal == "WhiteRose":
            away = distance_to(cfg.rose_target[player])
            top = max(away.values())
            got = (rules.GATES + rules.BASIC, {i: top - a for i, a in away.items()}, top + 1)
            got[1].update({i: top + 1 for i in bits(cfg.rose_target[player])})
        else:
            garden = {i: 1 for g in cfg.gardens[player] for i in g}
            got = (rules.BASIC, garden, 2)
        _NEAR[key] = got
    return got


_NEAR: dict = {}


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
_PLOTS_OF = {"Iris": geo.RED + geo.WHITE, "BirdOfParadise": geo.PLOTS, "BlackOrchid": ORCHID_PLOTS}
_SHARE = {i: tuple((name, 2 // len(ps)) for name in ps) for i, ps in geo.PLOTS_AT.items()}
"""Per point, the Plots a tile there counts in and by how many half tiles."""


_SID = {i: 1 + sorted(set(_SHARE.values())).index(share) for i, share in _SHARE.items()}
"""Per point, a number naming the Plots a tile there counts in (and by how much); 0 for none."""


def _advance(step, mine: dict, theirs: dict, unmet: int, src: int, dst: int) -> tuple[int, bool]:
    """The steps a Basic tile's move from ``src`` (a call: ``src`` < 0) to ``dst`` gains toward
    the objective ``step`` reads, and whether it completes it, from the Plots the move changes
    only (``unmet``: the objective's Plots not met before it); a take's effect on the opponent's
    counts is left out."""
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
