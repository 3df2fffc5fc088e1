"""What Adevar's computer players know of the goal: their own Hidden Tile's objective, the
capture of the opponent's Hidden Tile, material.  Reads only the mover's own secret."""
from __future__ import annotations

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


@hookimpl
def paisho_evaluate(game, player):
    st = game.state
    if st.outcome is not None:
        w = st.outcome.winner
        return 0.0 if w is None else (100.0 if w == player else -100.0)
    opp = other(player)
    mine = rules.secret(st, player)
    score = 10.0 * (progress(game, st, player, mine) - baseline(game, player, mine))
    if opp in st.extra.get("revealed", ()):
        theirs = rules.secret(st, opp)
        score -= 10.0 * (progress(game, st, opp, theirs) - baseline(game, opp, theirs))
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


@hookimpl
def paisho_playout_weights(game, moves):
    """Captures first (a Second Face trying an unguarded Hidden Tile included: the playout does
    not know whether it is the right one), ATTACKER times more when the captured tile threatens
    one of the mover's; a move of a threatened tile THREATENED times what it would weigh
    otherwise; then calls and moves alike.  Reads the board only (:func:`threats`, once a list)."""
    st = game.state
    board = st.board
    hit, attackers = threats(game, st, st.to_move) if st.phase != "choose" else (0, 0)
    out = []
    for m in moves:
        w = 1.0
        if m.dst >= 0:
            t = board[m.dst]
            if t is not None:
                w += _TAKE.get(t.kind.code, 3.5 if t.kind.code in rules.MATCH else 1.0)
                if (attackers >> m.dst) & 1:
                    w *= ATTACKER
        if hit and m.src >= 0 and (hit >> m.src) & 1:
            w *= THREATENED
        out.append(w)
    return out
