"""FROZEN: the Skud and Fire legal-move generators, harmonies and flags as they were before the
speed work of issue 14 (main at b462149), kept as the slow test oracle.  Do not optimise or
"fix" this file: tests/test_garden_speed_oracle.py compares the engine's generators with it.

It reads only the game's state, options, tile set and variant (never ``game.cache``), so it
shares no memo with the engine.  Every function is the pre-speed code with its per-state memo
replaced by plain recomputation.

Helpers the speed work left as they were (tile roles, the clash test of one changed point,
Wheel turns, Boat destinations, the accent choice, the opening, Fire's draw) are imported from
the engine rather than copied.
"""
from __future__ import annotations

from paisho_core import board
from paisho_core.board import AROUND, GATES, LABEL, PLAYABLE, TRANSPOSE, bits, nearest, rays
from paisho_core.board import nearest_east_north
from paisho_core.game import Move
from paisho_core.sight import between, reach, step4, step_diagonal, transpose_mask
from paisho_core.tiles import PLAYERS, other
from variants import fire as fire_engine
from variants import skud as skud_engine
from variants.common.garden import (boat_flower_destinations, clash_at, clash_between, code_masks,
                                    line_cancelled, roles, rotate, wheel_rotation, Roles)

GATES_T = transpose_mask(GATES)


# -- shared garden mechanics -------------------------------------------------------------------

def role_mask(state, r: Roles, role: str, player: str | None = None) -> int:
    masks = code_masks(state)
    out = 0
    for code in r.codes.get(role, ()):
        out |= masks.get(code, 0)
    return out if player is None else out & state.owned[player]


def group_mask(state, codes) -> int:
    b = state.board
    return sum(1 << i for i in bits(state.occupied) if b[i].kind.code in codes)


def arrangements(state, r: Roles, player: str, immobile: int = 0, capture=None, protected: int = 0,
                 check_clash: bool = True, step=step4) -> list[Move]:
    b = state.board
    occ, occ_t = state.occupied, state.occupied_t
    empty = PLAYABLE & ~occ
    partners_of = r.clash_partners
    placed: dict[str, list[int]] = {}
    if check_clash:
        for q in bits(occ & ~GATES):
            c = b[q].kind.code
            if c in r.clashable:
                placed.setdefault(c, []).append(q)
    out = []
    for s in bits(state.owned[player] & ~immobile):
        tile = b[s]
        code = tile.kind.code
        dist = r.move.get(code, 0)
        if not dist:
            continue
        landing, touched = reach(s, dist, empty, step)
        stops = r.stops[code]
        landing &= stops
        touched = touched & stops & ~GATES & ~protected if capture is not None else 0
        if not (landing | touched):
            continue
        blockers = (occ & ~(1 << s)) | GATES
        blockers_t = (occ_t & ~(1 << TRANSPOSE[s])) | GATES_T
        bad_h = bad_v = 0
        if check_clash:
            if not (GATES >> s) & 1:
                e, w, n, so = nearest(blockers, blockers_t, s)
                if clash_between(state, r, e, w):
                    keep = between(w, e, True) | (1 << w) | (1 << e)
                    landing &= keep
                    touched &= keep
                if clash_between(state, r, n, so):
                    keep = between(so, n, False) | (1 << so) | (1 << n)
                    landing &= keep
                    touched &= keep
            for c in partners_of[code]:
                for q in placed.get(c, ()):
                    h, v = rays(blockers, blockers_t, q)
                    bad_h |= h
                    bad_v |= v
        src = LABEL[s] + "-"
        cand = (landing | touched) & ~bad_h
        for e in bits(cand):
            if (bad_v >> TRANSPOSE[e]) & 1:
                continue
            target = b[e]
            if target is not None and not capture(tile, target):
                continue
            out.append(Move("arrange", src + LABEL[e], code, s, e))
    return out


def placement_mask(state, r: Roles, code: str, points: int) -> int:
    partners = r.clash_partners.get(code)
    if not partners:
        return points
    blockers = state.occupied | GATES
    blockers_t = state.occupied_t | GATES_T
    bad_h = bad_v = 0
    b = state.board
    for q in bits(state.occupied & ~GATES):
        if b[q].kind.code in partners:
            h, v = rays(blockers, blockers_t, q)
            bad_h |= h
            bad_v |= v
    out = points & ~bad_h
    for p in bits(out):
        if (bad_v >> TRANSPOSE[p]) & 1:
            out &= ~(1 << p)
    return out


def accent_moves(game, state, r: Roles, player: str, code: str, check: bool, boat_sep: str = "-"):
    role = r.role.get(code)
    tile = game.tileset.tile(code, player)
    free = PLAYABLE & ~GATES & ~state.occupied
    out = []
    if role in ("rock", "knotweed", "pond", "lion_turtle"):
        return [Move("accent", f"+{code}{LABEL[p]}", tile=code, dst=p) for p in bits(free)]
    if role == "wheel":
        for p in bits(free):
            moves = wheel_rotation(state, r, p)
            if moves is None:
                continue
            if check and moves:
                trial = state.copy()
                trial.put(p, tile, -1)
                rotate(trial, moves)
                if clash_at(trial, r, [p] + [m for mv in moves for m in mv]):
                    continue
            out.append(Move("accent", f"+{code}{LABEL[p]}", tile=code, dst=p))
        return out
    if role == "boat":
        b = state.board
        for p in bits(state.occupied & ~GATES):
            target = b[p]
            if target.kind.code in r.accent:
                if check:
                    tid = state.ident[p]
                    state.lift(p)
                    bad = clash_at(state, r, (p,))
                    state.put(p, target, tid)
                    if bad:
                        continue
                out.append(Move("accent", f"+{code}{LABEL[p]}", tile=code, dst=p))
            else:
                for q in boat_flower_destinations(state, r, p, tile, check):
                    out.append(Move("accent", f"+{code}{LABEL[p]}{boat_sep}{LABEL[q]}", tile=code,
                                    dst=p, aux=q))
        return out
    return None


# -- Skud ---------------------------------------------------------------------------------------

def skud_flags(game, state=None):
    """(trapped, drained)."""
    state = state or game.state
    r = roles(game.variant)
    b = state.board
    trapped = drained = 0
    orchids, knotweeds = r.codes.get("orchid", ()), r.codes.get("knotweed", ())
    lotuses = r.codes.get("lotus", ())
    blooming = state.occupied & ~GATES
    for i in bits(blooming):
        code = b[i].kind.code
        if code in orchids:
            opp = state.owned[other(b[i].owner)] & AROUND[i] & blooming
            for q in bits(opp):
                if b[q].kind.code in r.flower:
                    trapped |= 1 << q
        elif code in knotweeds:
            for q in bits(AROUND[i] & blooming):
                c = b[q].kind.code
                if c in r.basic or c in lotuses:
                    drained |= 1 << q
    return trapped, drained


def skud_pairs(game, state=None):
    state = state or game.state
    drained = skud_flags(game, state)[1]
    r = roles(game.variant)
    b = state.board
    basic, wild = r.basic, r.wild
    blockers = state.occupied | GATES
    blockers_t = state.occupied_t | GATES_T
    rocks = role_mask(state, r, "rock")
    turtles = role_mask(state, r, "lion_turtle")
    turtle_zone = 0
    for t in bits(turtles):
        turtle_zone |= AROUND[t]
    harmony = r.harmony
    out = []
    for a in bits(state.occupied & ~GATES & ~drained):
        ta = b[a]
        ca = ta.kind.code
        if ca not in basic and ca not in wild:
            continue
        e, n = nearest_east_north(blockers, blockers_t, a)
        for q, horizontal in ((e, True), (n, False)):
            if q < 0 or (GATES >> q) & 1 or (drained >> q) & 1:
                continue
            tq = b[q]
            cq = tq.kind.code
            if cq not in basic and cq not in wild:
                continue
            if ca in wild and cq in wild:
                continue
            if rocks and line_cancelled(rocks, a, horizontal):
                continue
            if turtle_zone and ((turtle_zone >> a) & 1 or (turtle_zone >> q) & 1):
                if ta.owner == tq.owner:
                    owners = (ta.owner,)
                else:
                    involved = turtles & (AROUND[a] | AROUND[q])
                    owners = tuple(sorted({b[t].owner for t in bits(involved)}, key=("host", "guest").index))
                out.append((a, q, owners))
                continue
            if ca in wild:
                out.append((a, q, (tq.owner,)))
            elif cq in wild:
                out.append((a, q, (ta.owner,)))
            elif ta.owner == tq.owner and harmony(ca, cq):
                out.append((a, q, (ta.owner,)))
    return out


def _skud_open_plant_points(game, state, player: str, code: str) -> int:
    pts = GATES & ~state.occupied
    r = roles(game.variant)
    if "pond" in r.code:
        ponds = role_mask(state, r, "pond")
        allowed = r.stops[code] if code in r.basic else PLAYABLE
        for p in bits(ponds):
            pts |= AROUND[p] & ~state.occupied & ~GATES & allowed
    return pts


def _skud_plants(game, state, player: str, codes, prefix: str, action: str) -> list[Move]:
    r = roles(game.variant)
    out = []
    check = not game.options.get("IgnoreClashing")
    for code in codes:
        pts = _skud_open_plant_points(game, state, player, code)
        for p in bits(pts):
            if check and not (GATES >> p) & 1:
                state.put(p, game.tileset.tile(code, player), -1)
                bad = clash_at(state, r, (p,))
                state.lift(p)
                if bad:
                    continue
            out.append(Move(action, f"{prefix}{code}{LABEL[p]}", tile=code, dst=p))
    return out


def _skud_can_capture(game, r, mover, target, raging: dict) -> bool:
    if game.options.get("EverythingCapture"):
        return True
    if target.owner == mover.owner:
        return False
    tc, mc = target.kind.code, mover.kind.code
    if tc in r.accent:
        return False
    if raging[mover.owner] and r.is_(mc, "orchid"):
        return True
    if r.is_(tc, "lotus"):
        return False
    if tc in r.clash_partners[mc]:
        return True
    return raging[target.owner] and r.is_(tc, "orchid") and mc in r.flower


def _skud_arrangements(game, state, player: str) -> list[Move]:
    r = roles(game.variant)
    opts = game.options
    lotus = role_mask(state, r, "lotus") & ~GATES
    raging = {p: bool(lotus & state.owned[p]) for p in ("host", "guest")}
    bamboo_zone = 0
    for q in bits(role_mask(state, r, "bamboo")):
        bamboo_zone |= AROUND[q]

    def capture(tile, target):
        return _skud_can_capture(game, r, tile, target, raging)

    return arrangements(
        state, r, player, immobile=skud_flags(game, state)[0], capture=capture, protected=bamboo_zone,
        check_clash=not opts.get("IgnoreClashing"),
        step=step_diagonal if opts.get("DiagonalMovement") else step4)


def _skud_bonus_moves(game, state, player: str) -> list[Move]:
    r = roles(game.variant)
    check = not game.options.get("IgnoreClashing")
    pile = state.pile("reserve", player)
    out = [Move("skip", "skip", implicit=True)]
    free = PLAYABLE & ~GATES & ~state.occupied
    for code in r.accent_order:
        if not pile.get(code):
            continue
        moves = accent_moves(game, state, r, player, code, check)
        if moves is not None:
            out += moves
        elif r.role.get(code) == "bamboo":
            tile = game.tileset.tile(code, player)
            for p in bits(free):
                if check:
                    trial = state.copy()
                    skud_engine._place_bamboo(game, trial, p, tile)
                    if clash_at(trial, r, bits(AROUND[p] | (1 << p))):
                        continue
                out.append(Move("accent", f"+{code}{LABEL[p]}", tile=code, dst=p))
    specials = [c for c in r.special if pile.get(c)]
    specials.sort(key=lambda c: game.tileset.by_code[c].ordinal)
    out += _skud_plants(game, state, player, specials, "+", "bonus-plant")
    if not state.owned[player] & GATES:
        basics = [c for c in r.basic_order if pile.get(c)]
        out += _skud_plants(game, state, player, basics, "+", "bonus-plant")
    return out


def _skud_turn_moves(game, state, player: str) -> list[Move]:
    if skud_engine._opening(game, state):
        return skud_engine._turn_moves(game, state, player)
    r = roles(game.variant)
    pile = state.pile("reserve", player)
    basics = [c for c in r.basic_order if pile.get(c)]
    return _skud_plants(game, state, player, basics, "", "plant") + _skud_arrangements(game, state, player)


def _skud_raw_moves(game):
    st = game.state
    if st.phase == "accents":
        return [Move("accents", text, aux=tuple(text.split(","))) for text in skud_engine.accent_choices(game, st.to_move)]
    if st.phase == "bonus":
        return _skud_bonus_moves(game, st, st.to_move)
    return _skud_turn_moves(game, st, st.to_move)


def skud_legal_moves(game) -> list[Move]:
    moves = _skud_raw_moves(game)
    if game.options.get("MustLeaveOpponentAMove"):
        moves = [m for m in moves if not _skud_strands_opponent(game, m)] or moves
    return moves


def _skud_strands_opponent(game, move) -> bool:
    trial = game.copy()
    trial._inner = True
    trial.auto_chance = False
    mover = game.state.to_move
    trial._push(move)
    if trial.state.to_move == mover and trial.outcome is None:
        return all(_skud_strands_opponent(trial, follow) for follow in _skud_raw_moves(trial))
    return trial.outcome is not None and trial.outcome.reason == "no legal move"


# -- Fire ---------------------------------------------------------------------------------------

MIDLINE_ENDS = board.mask_of([(0, 7), (0, -7), (7, 0), (-7, 0)])
FIRST_POINTS = board.AREA["red"] & board.AREA["white"]


def fire_boosted(game, state=None) -> int:
    st = state or game.state
    r = roles(game.variant)
    out = 0
    b = st.board
    lotus_ok = game.options.get("KnotweedBoostsLotus")
    for k in bits(role_mask(st, r, "knotweed")):
        for q in bits(AROUND[k] & st.occupied & ~GATES):
            code = b[q].kind.code
            if code in r.accent or (r.is_(code, "lotus") and not lotus_ok):
                continue
            out |= 1 << q
    return out


def _harmonizer(r, code: str) -> bool:
    return code in r.basic or r.is_(code, "orchid")


def fire_pairs(game, state=None):
    state = state or game.state
    r = roles(game.variant)
    b = state.board
    accents = group_mask(state, r.accent)
    blockers = state.occupied | GATES
    blockers_t = state.occupied_t | GATES_T
    if game.options.get("EtherealAccentTiles"):
        blockers &= ~accents
        blockers_t &= ~transpose_mask(accents)
    rocks = role_mask(state, r, "rock")
    boost = fire_boosted(game, state)
    same_colour = game.options.get("RockBuffSameColour")
    out = []
    for a in bits(state.occupied & ~GATES & ~accents):
        ta = b[a]
        ca = ta.kind.code
        a_lotus = r.is_(ca, "lotus")
        if not (a_lotus or _harmonizer(r, ca)):
            continue
        e, n = nearest_east_north(blockers, blockers_t, a)
        for q, horizontal in ((e, True), (n, False)):
            if q < 0 or (GATES >> q) & 1:
                continue
            tq = b[q]
            cq = tq.kind.code
            q_lotus = r.is_(cq, "lotus")
            if not (q_lotus or _harmonizer(r, cq)) or (a_lotus and q_lotus):
                continue
            if a_lotus or q_lotus:
                out.append((a, q, (tq.owner if a_lotus else ta.owner,)))
                continue
            if ta.owner != tq.owner:
                continue
            buff = bool((boost >> a) & 1 or (boost >> q) & 1 or
                        (rocks and line_cancelled(rocks, a, horizontal)))
            if buff and same_colour:
                buff = ta.kind.colour is not None and ta.kind.colour == tq.kind.colour
            if buff or r.harmony(ca, cq):
                out.append((a, q, (ta.owner,)))
    return out


def _fire_plant_points(game, state) -> int:
    pts = board.AREA["neutral"] & ~GATES & ~state.occupied
    if game.options.get("NoMidlineEndPlanting"):
        pts &= ~MIDLINE_ENDS
    return pts


def _fire_first_points(game) -> int:
    if game.options.get("StrictMidlineOpener"):
        return FIRST_POINTS & ~MIDLINE_ENDS
    return FIRST_POINTS


def _fire_plants(game, state, player, codes, points, prefix, action):
    r = roles(game.variant)
    out = []
    for code in codes:
        for p in bits(placement_mask(state, r, code, points)):
            out.append(Move(action, f"{prefix}{code}{LABEL[p]}", tile=code, dst=p))
    return out


def _fire_turn_moves(game, state, player):
    r = roles(game.variant)
    pile = state.pile("library", player)
    codes = [k.code for k in game.tileset.kinds if pile.get(k.code)]
    if not state.occupied:
        return _fire_plants(game, state, player, codes, _fire_first_points(game), "", "plant")
    return (_fire_plants(game, state, player, codes, _fire_plant_points(game, state), "", "plant")
            + arrangements(state, r, player))


def _fire_place_moves(game, state, player):
    r = roles(game.variant)
    code = state.extra["drawn"]
    if code in r.accent:
        moves = accent_moves(game, state, r, player, code, True, boat_sep="*") or []
    else:
        moves = _fire_plants(game, state, player, [code], _fire_plant_points(game, state), "+", "bonus-plant")
    return moves or [Move("discard", f"+{code}", tile=code)]


def fire_legal_moves(game) -> list[Move]:
    st = game.state
    if st.phase == "draw":
        return fire_engine._draw_moves(game, st, st.to_move)
    if st.phase == "place":
        return _fire_place_moves(game, st, st.to_move)
    return _fire_turn_moves(game, st, st.to_move)


def legal_moves(game) -> list[Move]:
    return skud_legal_moves(game) if game.name == "skud" else fire_legal_moves(game)


def pairs(game):
    return skud_pairs(game) if game.name == "skud" else fire_pairs(game)


__all__ = ["legal_moves", "pairs", "skud_flags", "fire_boosted", "PLAYERS"]
