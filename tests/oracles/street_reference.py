"""FROZEN pre-speed legal-move generators of 3-Piece, Modern and Basic Pai Sho (test oracle).

This is the generator code of ``variants/three_piece``, ``variants/modern``, ``variants/basic``
and the hop/ring helpers of ``paisho_core/steps.py`` as it stood before issue 14's speed work
(commit b462149; since then: Basic's option boat_convoy_distance, ruling B13), kept deliberately slow and simple: one-step shifts per direction, a re-scan
of every Iris per candidate, ring contents as lists of tiles, a full state copy per candidate.
``tests/test_street_differential.py`` compares the legal-move sets of the fast generators with
these on thousands of random positions.  Do not optimise this file; change it only when a
ruling changes which moves are legal (and say so in the commit).

Each ``*_texts(game)`` returns the set of notation strings of the moves legal in the game's
current position (the game is read, never changed).  Only static data read from the YAML
(Basic's :class:`variants.basic.rules.Info`) is shared with the code under test.
"""
from __future__ import annotations

from paisho_core import board
from paisho_core.board import AROUND, LABEL, ORTHO, PLAYABLE, bits, coords, index, nearest, on_board, transpose
from paisho_core.sight import reach, step4, transpose_mask
from paisho_core.steps import shift  # one point-set shift by one direction (the slow primitive)

OTHER = {"host": "guest", "guest": "host"}

# -- geometry (paisho_core/steps.py, pre-speed) -----------------------------------------------

DIRS = {
    4: ((1, 0), (-1, 0), (0, 1), (0, -1)),
    8: ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)),
}
NB = {4: ORTHO, 8: AROUND}
RING_OFFSETS = ((-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0))


def step(mask, empty, adjacency=4):
    out = 0
    for dx, dy in DIRS[adjacency]:
        out |= shift(mask, dx, dy)
    return out & empty


def hop_closure(start, over, empty, adjacency=4):
    reached = 0
    frontier = start
    while frontier:
        nxt = 0
        for dx, dy in DIRS[adjacency]:
            nxt |= shift(shift(frontier, dx, dy) & over, dx, dy)
        nxt &= empty & ~reached
        reached |= nxt
        frontier = nxt
    return reached


def step_hop_destinations(src, over, occupied, adjacency=4, combo="either_side", can_hop=True):
    here = 1 << src
    empty = (PLAYABLE & ~occupied) | here
    steps = step(here, empty, adjacency)
    if not can_hop:
        return steps & ~here
    over &= ~here
    chain = hop_closure(here, over, empty, adjacency)
    if combo == "step_or_chain":
        out = steps | chain
    elif combo == "both_sides":
        stepped = step(chain | here, empty, adjacency)
        out = chain | stepped | hop_closure(stepped, over, empty, adjacency)
    else:
        out = steps | chain | hop_closure(steps, over, empty, adjacency) | step(chain, empty, adjacency)
    return out & ~here


def ring(centre):
    x, y = coords(centre)
    return tuple(index(x + dx, y + dy) if on_board(x + dx, y + dy) else -1 for dx, dy in RING_OFFSETS)


def rotated_cells(cells, points, k, rim):
    n = len(points)
    out = [None] * n
    if rim == "onboard_points":
        live = [j for j in range(n) if points[j] >= 0]
        m = len(live)
        for a, j in enumerate(live):
            out[live[(a + k) % m]] = cells[j]
        return out
    for j in range(n):
        c = cells[j]
        if c is None:
            continue
        t = (j + k) % n
        if points[t] < 0:
            return None
        out[t] = c
    return out


def rotation_steps(points, rim):
    if rim == "onboard_points":
        return sum(1 for p in points if p >= 0)
    return len(points)


def _tagged(game, tag):
    return frozenset(k.code for k in game.tileset.kinds if tag in k.tags)


# -- 3-Piece ----------------------------------------------------------------------------------

_RED = {
    "any_red": board.AREA["red"],
    "not_white": board.AREA["red"] & ~board.AREA["white"],
    "pure": board.AREA["red"] & ~board.AREA["white"] & ~board.AREA["neutral"],
}


def _3p_captured(irises, foe_bisons, nb, red):
    out = 0
    for i in bits(irises & red):
        others = irises & ~(1 << i)
        for b in bits(nb[i] & foe_bisons):
            if not nb[b] & others:
                out |= 1 << i
                break
    return out


def _3p_dead(irises, foe_bisons, nb, zone):
    out = 0
    for i in bits(irises & zone):
        if (nb[i] & foe_bisons).bit_count() >= 2:
            out |= 1 << i
    return out


def _3p_track(points_mask, pts, k, rim):
    out = points_mask
    order = [p for p in pts if p >= 0] if rim == "onboard_points" else list(pts)
    m = len(order)
    for p in order:
        if p >= 0 and (points_mask >> p) & 1:
            out &= ~(1 << p)
    for j, p in enumerate(order):
        if p >= 0 and (points_mask >> p) & 1:
            out |= 1 << order[(j + k) % m]
    return out


def three_piece_texts(game):
    """The legal moves of a 3-Piece position, as notation strings."""
    st = game.state
    o = game.options
    adjacency = int(o["adjacency"])
    nb = NB[adjacency]
    red = _RED[o["red_area"]]
    zone = PLAYABLE if o["two_bison_anywhere"] else red
    rim = o["wheel_rim"]
    check = o["self_harm"] == "illegal"
    bison_c, iris_c, wheel_c = _tagged(game, "bison"), _tagged(game, "iris"), _tagged(game, "wheel")
    b = st.board
    roles = {name: {"host": 0, "guest": 0} for name in ("bison", "iris", "wheel")}
    for i in bits(st.occupied):
        t = b[i]
        for name, codes in (("bison", bison_c), ("iris", iris_c), ("wheel", wheel_c)):
            if t.kind.code in codes:
                roles[name][t.owner] |= 1 << i
    player = st.to_move
    foe = OTHER[player]
    own = st.owned[player]
    occ = st.occupied
    foe_b = roles["bison"][foe]
    irises = roles["iris"][player]
    captured = _3p_captured(irises, foe_b, nb, red)
    frozen = 0 if o["captured_iris_may_move"] else captured
    out = set()
    for s in bits(own & ~frozen):
        is_iris = (irises >> s) & 1
        if check and captured and not is_iris:
            continue
        dests = step_hop_destinations(s, own, occ, adjacency, o["jump_combo"])
        for d in bits(dests):
            if check and is_iris:
                after = (irises & ~(1 << s)) | (1 << d)
                if _3p_dead(after, foe_b, nb, zone):
                    continue
                if captured:
                    tracked = captured if not (captured >> s) & 1 else (captured & ~(1 << s)) | (1 << d)
                    if _3p_captured(after, foe_b, nb, red) & tracked:
                        continue
            out.add(LABEL[s] + "-" + LABEL[d])
    empty = PLAYABLE & ~occ
    for w in bits(roles["wheel"][player]):
        dests = [w] + list(bits(step(1 << w, empty | (1 << w), adjacency) & ~(1 << w)))
        for centre in dests:
            pts = ring(centre)
            cells = [None if p < 0 or p == w else b[p] for p in pts]
            if not any(cells):
                continue
            relevant = any(t is not None and ((t.owner == player and t.kind.code in iris_c)
                                              or (t.owner != player and t.kind.code in bison_c))
                           for t in cells)
            seen = {tuple(cells)}
            for k in range(1, rotation_steps(pts, rim)):
                new = rotated_cells(cells, pts, k, rim)
                if new is None or tuple(new) in seen:
                    continue
                seen.add(tuple(new))
                if check and not relevant:
                    if captured:
                        continue
                elif check:
                    ring_mask = sum(1 << p for p in pts if p >= 0)
                    own_i = irises & ~ring_mask
                    f_b = foe_b & ~ring_mask
                    for p, t in zip(pts, new):
                        if t is None:
                            continue
                        if t.owner == player:
                            if "iris" in t.kind.tags:
                                own_i |= 1 << p
                        elif "bison" in t.kind.tags:
                            f_b |= 1 << p
                    if _3p_dead(own_i, f_b, nb, zone):
                        continue
                    if captured and _3p_captured(own_i, f_b, nb, red) & _3p_track(captured, pts, k, rim):
                        continue
                    if captured and o["captured_iris_rescue"] == "book" and any(
                            not nb[i] & f_b for i in bits(captured & ~ring_mask)):
                        continue  # the book frees an Iris by carrying it or by a Defense (issue 20)
                out.add((LABEL[w] if centre == w else f"{LABEL[w]}-{LABEL[centre]}") + f"~{k}")
    return out


# -- Modern -----------------------------------------------------------------------------------

def _modern_captured(state, nb, lotus_c, any_enemy=False):
    lotus = {p: 0 for p in OTHER}
    for i in bits(state.occupied):
        t = state.board[i]
        if t.kind.code in lotus_c:
            lotus[t.owner] |= 1 << i
    # option lotus_threat (issue 39): any_enemy_tile counts the enemy Lotus as a threat too
    attackers = {p: state.owned[p] if any_enemy else state.owned[p] & ~lotus[p] for p in OTHER}
    captured = {p: sum(1 << i for i in bits(lotus[p]) if nb[i] & attackers[OTHER[p]]) for p in OTHER}
    return lotus, attackers, captured


def modern_texts(game):
    """The legal moves of a Modern position, as notation strings."""
    st = game.state
    o = game.options
    adjacency = int(o["adjacency"])
    nb = NB[adjacency]
    combo = "both_sides" if o["hops_both_sides"] else "either_side"
    if not o.get("step_with_hops", True):  # issue 39: TGG's Nick, a step or a chain, never both
        combo = "step_or_chain"
    any_enemy = o.get("lotus_threat") == "any_enemy_tile"
    or_lose = o.get("lotus_escape") == "any_move_or_lose"  # any move legal; the mover may lose
    lotus_c = _tagged(game, "lotus")
    avatar_c = _tagged(game, "avatar")
    defeats = {a: frozenset(bs) for a, bs in (game.variant.rules_config.get("defeats") or {}).items()}
    player = st.to_move
    b = st.board
    occ = st.occupied
    empty = PLAYABLE & ~occ
    own = st.owned[player]
    _lotus, attackers, captured_all = _modern_captured(st, nb, lotus_c, any_enemy)
    unsafe = step(attackers[OTHER[player]], PLAYABLE, adjacency)
    captured = 0 if or_lose else captured_all[player]
    out = []
    if captured and o["lotus_escape"] == "lotus_must_move":
        return {f"{LABEL[s]}-{LABEL[d]}" for s in bits(captured)
                for d in bits(step(1 << s, empty, adjacency) & ~unsafe)}
    for s in bits(own):
        if b[s].kind.code in lotus_c:
            dests = step(1 << s, empty, adjacency)
            if not o["lotus_may_step_into_danger"]:
                dests &= ~unsafe
        else:
            over = occ if o.get("hop_over") == "any_tile" else own  # issue 39: NickJumpOverEnemies
            dests = step_hop_destinations(s, over, occ, adjacency, combo)
        out += [(s, d) for d in bits(dests)]
    if captured:
        kept = []
        for s, d in out:
            trial = st.copy()
            trial.relocate(s, d)
            mover = trial.board[d]
            mc = mover.kind.code
            victims, dies = [], False
            if mc not in lotus_c:
                beats = defeats.get(mc, frozenset())
                for e in bits(nb[d] & trial.owned[OTHER[player]]):
                    ec = trial.board[e].kind.code
                    if ec in lotus_c:
                        continue
                    if mc in avatar_c or ec in avatar_c or ec in beats:
                        victims.append(e)
                    elif mc in defeats.get(ec, ()):
                        dies = True
                if dies and o["resolution"] == "defender_first":
                    victims = []
            for e in victims:
                trial.lift(e)
            if dies:
                trial.lift(d)
            if not _modern_captured(trial, nb, lotus_c, any_enemy)[2][player]:
                kept.append((s, d))
        out = kept
    return {f"{LABEL[s]}-{LABEL[d]}" for s, d in out}


# -- Basic ------------------------------------------------------------------------------------

_STEPS = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}


def _next(i, d):
    if i < 0:
        return -1
    x, y = coords(i)
    return index(x + d[0], y + d[1]) if on_board(x + d[0], y + d[1]) else -1


class _Scan:
    """What the generator reads of one Basic position: roles, drained tiles, line blockers."""

    def __init__(self, inf, st, options):
        self.options = options
        b = st.board
        self.by_role = {r: 0 for r in ("knotweed", "wheel", "boat", "rock", "dragon", "lotus")}
        for i in bits(st.occupied):
            r = inf.role.get(b[i].kind.code)
            if r is not None:
                self.by_role[r] |= 1 << i
        drained = 0
        if options.get("knotweed_drain") == "snapshot":
            links = st.extra.get("drain")
            if links:
                where = {st.ident[i]: i for i in bits(st.occupied)}
                for kid, tid in links:
                    k, t = where.get(kid, -1), where.get(tid, -1)
                    if k >= 0 and t >= 0 and (self.by_role["knotweed"] >> k) & 1:
                        drained |= 1 << t
        else:
            for k in bits(self.by_role["knotweed"]):
                drained |= AROUND[k]
        self.drained = drained & st.occupied & ~self.by_role["knotweed"]
        boats = self.by_role["boat"]
        self.lines = st.occupied & ~boats
        self.lines_t = st.occupied_t & ~transpose_mask(boats) if boats else st.occupied_t


def _clash_free(inf, st, s, code, player, dst, src=-1):
    partners = inf.clash_partners.get(code)
    if not partners:
        return True
    lines, lines_t = s.lines, s.lines_t
    if src >= 0 and (lines >> src) & 1:
        lines &= ~(1 << src)
        lines_t &= ~(1 << transpose(src))
    for q in nearest(lines, lines_t, dst):
        if q >= 0 and q != src:
            t = st.board[q]
            if t.owner == player and t.kind.code in partners:
                return False
    return True


def _destinations(inf, st, src, passable, options):
    code = st.board[src].kind.code
    motion = inf.motion[code]
    dist = inf.move[code]
    out = 0
    if motion in ("straight", "leap"):
        for d in _STEPS.values():
            p = src
            for _ in range(dist):
                p = _next(p, d)
                if p < 0:
                    break
                out |= 1 << p
                if motion != "leap" and not (passable >> p) & 1:
                    break
    elif motion == "l_move":
        legs = ((2, 2),) if options.get("l_move", "exact") == "exact" else ((1, 1), (1, 2), (2, 1), (2, 2))
        for d1 in _STEPS.values():
            for d2 in _STEPS.values():
                if d1[0] * d2[0] + d1[1] * d2[1] != 0:
                    continue
                for n1, n2 in legs:
                    p = src
                    path = []
                    for d in (d1,) * n1 + (d2,) * n2:
                        p = _next(p, d)
                        if p < 0:
                            break
                        path.append(p)
                    if p >= 0 and all((passable >> q) & 1 for q in path[:-1]):
                        out |= 1 << p
    elif motion == "path":
        king = code in inf.codes_of["lotus"] and options.get("lotus_steps") == "king"
        landing, touched = reach(src, dist, passable, board.step8 if king else step4)
        out = landing | touched
    return out


def _can_land_on(inf, mover, target):
    if target in inf.non_flowers or target in inf.specials or mover in inf.specials:
        return True
    return mover in inf.flowers and target in inf.clash_partners[mover]


def _move_targets(inf, st, s, src, own_block):
    tile = st.board[src]
    player = tile.owner
    code = tile.kind.code
    empty = PLAYABLE & ~st.occupied
    passable = empty if own_block else empty | st.owned[player]
    ends = _destinations(inf, st, src, passable, s.options) & inf.stops[code] & ~st.owned[player]
    for q in bits(ends & st.owned[OTHER[player]]):
        if not _can_land_on(inf, code, st.board[q].kind.code):
            ends &= ~(1 << q)
    return ends


def _wheel_turn_ks(inf, st, s, centre, wrong_garden_legal):
    pts = ring(centre)
    b = st.board
    held = []
    for j, p in enumerate(pts):
        if p >= 0 and b[p] is not None:
            if (s.by_role["rock"] >> p) & 1 or (s.drained >> p) & 1:
                return []
            held.append(j)
    if not held:
        return []
    out = []
    for k in range(1, 8):
        moves = []
        for j in held:
            dst = pts[(j + k) % 8]
            if dst < 0 or (inf.ports >> dst) & 1:
                moves = None
                break
            code = b[pts[j]].kind.code
            if not wrong_garden_legal and code in inf.flowers and not (inf.stops[code] >> dst) & 1:
                moves = None
                break
            moves.append((pts[j], dst))
        if moves and any(b[d] is None or b[d].kind is not b[q].kind or b[d].owner != b[q].owner
                         for q, d in moves):
            out.append(k)
    return out


def _boat_pushes(inf, st, s, boat):
    out = []
    bx, by = coords(boat)
    for q in bits(ORTHO[boat] & st.occupied):
        code = st.board[q].kind.code
        if code in inf.boat_immune or (s.by_role["rock"] >> q) & 1 or (s.drained >> q) & 1:
            continue
        qx, qy = coords(q)
        dst = _next(q, (qx - bx, qy - by))
        if dst < 0 or st.board[dst] is not None or (inf.ports >> dst) & 1:
            continue
        out.append(q)
    return out


def _carriable(inf, st, s, boat, player, scope, done):
    if scope == "off":
        return 0
    mask = st.owned[player] & ~(1 << boat)
    if scope == "adjacent":
        mask &= AROUND[boat]
    mask &= ~s.drained & ~s.by_role["rock"]
    for q in bits(mask):
        if st.board[q].kind.code in inf.boat_immune or st.ident[q] in done:
            mask &= ~(1 << q)
    return mask


def _carry_targets(inf, st, s, src, d, own_block, exact):
    tile = st.board[src]
    code = tile.kind.code
    out = 0
    p = src
    for k in range(5):
        p = _next(p, d)
        if p < 0:
            break
        t = st.board[p]
        if t is not None:
            if t.owner != tile.owner or own_block:
                break
            continue
        if exact and k < 4:
            continue  # ruling B13 (issue 20): option boat_convoy_distance
        if (inf.stops[code] >> p) & 1 and (code not in inf.flowers
                                           or _clash_free(inf, st, s, code, tile.owner, p, src)):
            out |= 1 << p
    return out


def _carries(game, inf, st, s, boat, d, done):
    o = game.options
    player = st.board[boat].owner
    return [LABEL[q] + "-" + LABEL[e]
            for q in bits(_carriable(inf, st, s, boat, player, o["boat_convoy"], done))
            for e in bits(_carry_targets(inf, st, s, q, d, o["own_tiles_block"],
                                         o["boat_convoy_distance"] == "exact"))]


def _powers(game, inf, st, s, at, moved):
    role = inf.role.get(st.board[at].kind.code)
    out = []
    if (s.drained >> at) & 1:
        return out
    if role == "wheel":
        legal = game.options["wheel_wrong_garden"] != "illegal"
        out += [f"cw{k}" for k in _wheel_turn_ks(inf, st, s, at, legal)]
    elif role == "boat":
        out += [f"push{LABEL[q]}" for q in _boat_pushes(inf, st, s, at)]
        ident = st.ident[at]
        if not moved and ident not in st.extra.get("boat_moved", ()) and ident not in st.extra.get("anchored", ()):
            out += [f"ferry{name}" for name, d in _STEPS.items() if _carries(game, inf, st, s, at, d, ())]
    return out


def basic_texts(game):
    """The legal decisions of a Basic Pai Sho position, as notation strings."""
    from variants.basic.rules import SIDE, info

    st = game.state
    o = game.options
    inf = info(game.variant)
    s = _Scan(inf, st, o)
    player = st.to_move
    b = st.board
    if st.phase == "spring":
        pile = st.pile("reserve", player)
        free = SIDE[player] & ~st.occupied & ~inf.ports
        return {code + LABEL[p] for code in inf.order if code in inf.flowers and pile.get(code)
                for p in bits(free & inf.stops[code]) if _clash_free(inf, st, s, code, player, p)}
    if st.phase == "power":
        at, moved = st.extra["power"]
        return set(_powers(game, inf, st, s, at, moved)) | ({"stop"} if moved else set())
    if st.phase == "convoy":
        boat, name, done = st.extra["convoy"]
        return set(_carries(game, inf, st, s, boat, _STEPS[name], done)) | ({"stop"} if done else set())
    out = set()
    pile = st.pile("reserve", player)
    empty = PLAYABLE & ~st.occupied
    for code in inf.order:
        if not pile.get(code) or st.turn < inf.first_turn(code):
            continue
        for p in bits(inf.entry.get((code, player), 0) & empty):
            if code not in inf.flowers or _clash_free(inf, st, s, code, player, p):
                out.add(code + LABEL[p])
    anchored = st.extra.get("anchored", ())
    for src in bits(st.owned[player] & ~s.drained):
        code = b[src].kind.code
        role = inf.role.get(code)
        if role in ("wheel", "boat") and _powers(game, inf, st, s, src, False):
            out.add(LABEL[src])
        if inf.motion[code] is None or (role == "boat" and st.ident[src] in anchored):
            continue
        for e in bits(_move_targets(inf, st, s, src, o["own_tiles_block"])):
            target = b[e]
            if (code in inf.flowers and (target is None or target.kind.code not in inf.non_flowers)
                    and not _clash_free(inf, st, s, code, player, e, src)):
                continue
            out.add(LABEL[src] + "-" + LABEL[e])
    return out or {"pass"}
