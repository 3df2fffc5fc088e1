"""3-Piece Pai Sho (Street Pai Sho) as a paisho variant plugin.

Printed source: ``official-rules-book-basic-iroh-3piece-modern-skud-ancient.txt``, chapter 3
(L490-578).  Every tile starts on the board (the printed layout, Figure 3.2, is missing: the
YAML carries an invented one); a turn is one step, a chain of hops over your own tiles, or a
Wheel turn; a Bison next to an enemy Iris in a red area captures it, and an Iris not freed
within one turn, or next to two enemy Bisons, is dead.  Rulings: docs/variants/three-piece/rulings.md.
"""
from __future__ import annotations

import re
from pathlib import Path

from paisho_core import board
from paisho_core.board import LABEL, bits
from paisho_core.errors import NotationError, PositionError
from paisho_core.game import Move, Outcome, settings
from paisho_core.hookspecs import hookimpl
from paisho_core.tiles import other

from paisho_core import steps as geometry
from paisho_core.notation import check_points
from paisho_core.steps import NEIGHBOURS, position_key, ring, rotated_cells, rotation_steps, step, step_hop_destinations

YAML = Path(__file__).with_name("three_piece.yaml")
NAME = "3-piece"

RED_AREAS = {
    "any_red": board.AREA["red"],
    "not_white": board.AREA["red"] & ~board.AREA["white"],
    "pure": board.AREA["red"] & ~board.AREA["white"] & ~board.AREA["neutral"],
}

POINT = r"\(-?\d+,-?\d+\)"
TURN_RE = re.compile(rf"^(?:{POINT}-{POINT}|{POINT}(?:-{POINT})?~-?\d+)$")


@hookimpl
def paisho_variant_info():
    return {"name": NAME, "yaml": str(YAML), "title": "3-Piece Pai Sho (Street Pai Sho)"}


# -- rules read once per game -----------------------------------------------------------------

class Cfg:
    """The options and tile roles of one game, read once (options never change during a game)."""

    __slots__ = ("adjacency", "nb", "combo", "rim", "red", "dead_zone", "iris_may_move",
                 "self_harm", "repetition", "max_turns", "no_move", "bison", "iris", "wheel")

    def __init__(self, game) -> None:
        o = game.options
        self.adjacency = int(o["adjacency"])
        self.nb = NEIGHBOURS[self.adjacency]
        self.combo = o["jump_combo"]
        self.rim = o["wheel_rim"]
        self.red = RED_AREAS[o["red_area"]]
        self.dead_zone = board.PLAYABLE if o["two_bison_anywhere"] else self.red
        self.iris_may_move = o["captured_iris_may_move"]
        self.self_harm = o["self_harm"]
        self.repetition = o["repetition"]
        self.max_turns = o["max_turns"]
        self.no_move = o["no_move"]
        ts = game.tileset
        self.bison = frozenset(k.code for k in ts.kinds if "bison" in k.tags)
        self.iris = frozenset(k.code for k in ts.kinds if "iris" in k.tags)
        self.wheel = frozenset(k.code for k in ts.kinds if "wheel" in k.tags)


def cfg(game) -> Cfg:
    """The game's Cfg, shared by every game (and copy) of the same variant and options."""
    return settings(game, Cfg)


class Roles:
    """Bitsets of each player's Bisons, Irises and Wheels in one position."""

    __slots__ = ("bison", "iris", "wheel")

    def __init__(self, state, c: Cfg) -> None:
        b = state.board
        self.bison = {"host": 0, "guest": 0}
        self.iris = {"host": 0, "guest": 0}
        self.wheel = {"host": 0, "guest": 0}
        for i in bits(state.occupied):
            t = b[i]
            code = t.kind.code
            bit = 1 << i
            if code in c.bison:
                self.bison[t.owner] |= bit
            elif code in c.iris:
                self.iris[t.owner] |= bit
            elif code in c.wheel:
                self.wheel[t.owner] |= bit


def roles(game) -> Roles:
    r = game.cache.get("3p_roles")
    if r is None:
        r = game.cache["3p_roles"] = Roles(game.state, cfg(game))
    return r


# -- captured and dead Irises (L567-578) ------------------------------------------------------

def captured_irises(irises: int, foe_bisons: int, c: Cfg) -> int:
    """Irises on a red point next to an enemy Bison that no other Iris of theirs stands next to
    (a Defense, L574-575)."""
    nb = c.nb
    out = 0
    for i in bits(irises & c.red):
        others = irises & ~(1 << i)
        for b in bits(nb[i] & foe_bisons):
            if not nb[b] & others:
                out |= 1 << i
                break
    return out


def dead_irises(irises: int, foe_bisons: int, c: Cfg) -> int:
    """Irises next to two or more enemy Bisons (in a red area unless ``two_bison_anywhere``)."""
    nb = c.nb
    out = 0
    for i in bits(irises & c.dead_zone):
        if (nb[i] & foe_bisons).bit_count() >= 2:
            out |= 1 << i
    return out


def status(game):
    """{player: (captured, dead)} bitsets of the current position."""
    s = game.cache.get("3p_status")
    if s is None:
        c = cfg(game)
        r = roles(game)
        s = {p: (captured_irises(r.iris[p], r.bison[other(p)], c),
                 dead_irises(r.iris[p], r.bison[other(p)], c)) for p in ("host", "guest")}
        game.cache["3p_status"] = s
    return s


# -- legal moves ------------------------------------------------------------------------------

def _wheel_turns(game, c: Cfg, player: str):
    """Every Wheel action of ``player``: optional step of one of their Wheels, then a turn of the
    ring around it by k positions clockwise.  Yields (wheel_src, wheel_dst, k, ring, new_cells,
    relevant), ``relevant`` telling whether the ring holds the mover's Irises or enemy Bisons."""
    st = game.state
    b = st.board
    occ = st.occupied
    empty = board.PLAYABLE & ~occ
    for w in bits(roles(game).wheel[player]):
        dests = [w] + list(bits(step(1 << w, empty | (1 << w), c.adjacency) & ~(1 << w)))
        for centre in dests:
            pts = ring(centre)
            # the Wheel's old point is empty once it has stepped
            cells = [None if p < 0 or p == w else b[p] for p in pts]
            if not any(cells):
                continue
            # only a ring holding the mover's Irises or enemy Bisons can change their fate
            relevant = any(t is not None and (
                (t.owner == player and t.kind.code in c.iris)
                or (t.owner != player and t.kind.code in c.bison)) for t in cells)
            seen = {tuple(cells)}
            for k in range(1, rotation_steps(pts, c.rim)):
                new = rotated_cells(cells, pts, k, c.rim)
                if new is None:
                    continue
                key = tuple(new)
                if key in seen:
                    continue
                seen.add(key)
                yield w, centre, k, pts, new, relevant


def _after_rotation(r: Roles, player: str, pts, new) -> tuple[int, int]:
    """(the mover's Irises, the enemy Bisons) after a Wheel turn gives ring ``pts`` the
    contents ``new``."""
    ring_mask = 0
    for p in pts:
        if p >= 0:
            ring_mask |= 1 << p
    own_i = r.iris[player] & ~ring_mask
    foe_b = r.bison[other(player)] & ~ring_mask
    for p, t in zip(pts, new):
        if t is None:
            continue
        if t.owner == player:
            if "iris" in t.kind.tags:
                own_i |= 1 << p
        elif "bison" in t.kind.tags:
            foe_b |= 1 << p
    return own_i, foe_b


def _all_moves(game, player: str, check: bool) -> list[Move]:
    """The moves of ``player``; with ``check`` only those that free every captured Iris and
    leave none of the mover's Irises dead (ruling T10/T11)."""
    st = game.state
    c = cfg(game)
    r = roles(game)
    b = st.board
    foe = other(player)
    own = st.owned[player]
    occ = st.occupied
    captured = status(game)[player][0]
    frozen = 0 if c.iris_may_move else captured
    out: list[Move] = []
    foe_b = r.bison[foe]
    irises = r.iris[player]
    for s in bits(own & ~frozen):
        is_iris = (irises >> s) & 1
        if check and captured and not is_iris:
            continue  # a Bison or Wheel step never frees an Iris (only Defenses and Wheel turns do)
        dests = step_hop_destinations(s, own, occ, c.adjacency, c.combo)
        src = LABEL[s] + "-"
        for d in bits(dests):
            if check and is_iris:
                after = (irises & ~(1 << s)) | (1 << d)
                if dead_irises(after, foe_b, c):
                    continue
                if captured:
                    tracked = captured if not (captured >> s) & 1 else (captured & ~(1 << s)) | (1 << d)
                    if captured_irises(after, foe_b, c) & tracked:
                        continue
            out.append(Move("move", src + LABEL[d], tile=b[s].kind.code, src=s, dst=d))
    for w, centre, k, pts, new, relevant in _wheel_turns(game, c, player):
        if check and not relevant:
            if captured:
                continue  # nothing that decides a capture moves
        elif check:
            own_i, f_b = _after_rotation(r, player, pts, new)
            if dead_irises(own_i, f_b, c):
                continue
            if captured:
                tracked = _track(captured, pts, k, c.rim)
                if captured_irises(own_i, f_b, c) & tracked:
                    continue
        text = (LABEL[w] if centre == w else f"{LABEL[w]}-{LABEL[centre]}") + f"~{k}"
        out.append(Move("wheel", text, tile=b[w].kind.code, src=w, dst=centre, aux=k))
    return out


def _track(points_mask: int, pts, k: int, rim: str) -> int:
    """Where the tiles on ``points_mask`` stand after turning ring ``pts`` by ``k``."""
    out = points_mask
    if rim == "onboard_points":
        live = [p for p in pts if p >= 0]
        order = live
    else:
        order = list(pts)
    m = len(order)
    for j, p in enumerate(order):
        if p >= 0 and (points_mask >> p) & 1:
            out &= ~(1 << p)
    for j, p in enumerate(order):
        if p >= 0 and (points_mask >> p) & 1:
            out |= 1 << order[(j + k) % m]
    return out


@hookimpl
def paisho_legal_moves(game):
    st = game.state
    return _all_moves(game, st.to_move, cfg(game).self_harm == "illegal")


# -- applying moves ---------------------------------------------------------------------------

def turn_ring(state, centre: int, k: int, rim: str) -> None:
    """Turn every tile around ``centre`` by ``k`` positions clockwise, keeping identities."""
    pts = ring(centre)
    if rim == "onboard_points":
        order = [p for p in pts if p >= 0]
    else:
        order = list(pts)
    m = len(order)
    lifted = []
    for j, p in enumerate(order):
        if p >= 0 and state.board[p] is not None:
            ident = state.ident[p]
            lifted.append((order[(j + k) % m], state.lift(p), ident))
    for dst, tile, ident in lifted:
        state.put(dst, tile, ident)


def _captured_idents(game, player: str) -> set[int]:
    st = game.state
    return {st.ident[i] for i in bits(status(game)[player][0])}


def end_turn(state) -> None:
    state.next_turn()


@hookimpl
def paisho_apply(game, move):
    st = game.state
    c = cfg(game)
    player = st.to_move
    before = _captured_idents(game, player) if c.self_harm == "loses" else set()
    if move.action == "move":
        st.relocate(move.src, move.dst)
    elif move.action == "wheel":
        if move.dst != move.src:
            st.relocate(move.src, move.dst)
        turn_ring(st, move.dst, move.aux, c.rim)
    else:
        raise NotationError(f"unknown 3-Piece action {move.action!r}")
    game.cache.clear()
    if before and (_captured_idents(game, player) & before) and not status(game)[other(player)][1]:
        # (a move that kills an enemy Iris wins even so: check_end gives it to the mover)
        st.outcome = Outcome(other(player), "iris not freed", {"loser": player})
    end_turn(st)
    game.cache.clear()
    st.extra["seen"] = st.extra.get("seen", ()) + (position_key(st),)


# -- end of game ------------------------------------------------------------------------------

def draw_rules(game, c) -> Outcome | None:
    """Repetition and turn limit (the book has neither; rulings page, 'Games that do not end')."""
    return geometry.draw_by_repetition_or_limit(game.state, c.repetition, c.max_turns)


@hookimpl
def paisho_check_end(game):
    st = game.state
    c = cfg(game)
    to = st.to_move
    mover = other(to)
    s = status(game)
    if s[to][1]:
        return Outcome(mover, "iris killed", {"dead": [LABEL[i] for i in bits(s[to][1])]})
    if s[mover][1]:
        return Outcome(to, "iris killed", {"dead": [LABEL[i] for i in bits(s[mover][1])]})
    draw = draw_rules(game, c)
    # Game caches the list it is given here; a game that ends must not keep a stale list, so
    # when a draw rule applies the moves are generated outside the cache.
    stuck = not (_all_moves(game, to, c.self_harm == "illegal") if draw else game.legal_moves())
    if stuck:
        if s[to][0]:
            return Outcome(mover, "iris not freed", {"captured": [LABEL[i] for i in bits(s[to][0])]})
        if c.no_move == "loses":
            return Outcome(mover, "no legal move", {"stuck": to})
        return Outcome(None, "no legal move", {"stuck": to})
    return draw


# -- notation, positions, displays -----------------------------------------------------------

@hookimpl
def paisho_parse_turn(game, body):
    body = body.replace(" ", "")
    if not TURN_RE.match(body):
        raise NotationError(
            f"{body!r} is not a 3-Piece turn: expected (x1,y1)-(x2,y2) for a step or hops, "
            f"(x,y)~k to turn the ring around the Wheel on (x,y) k places clockwise, or "
            f"(x1,y1)-(x2,y2)~k for a Wheel step then a turn")
    if "~" in body:
        head, k = body.split("~")
        n = int(k)
        if n < 0:
            n %= 8
        if not 1 <= n <= 7:
            raise NotationError(f"a Wheel turn is 1 to 7 places clockwise, not {k}")
        body = f"{head}~{n}"
    check_points(body)
    return [body]


@hookimpl
def paisho_setup(game):
    geometry.start_from_layout(game, game.options["layout"])


@hookimpl
def paisho_validate_options(variant, options):
    return geometry.check_layout_and_draw_options(variant, options)


@hookimpl
def paisho_position_extra(game):
    return {}


@hookimpl
def paisho_load_position(game, data):
    st = game.state
    problems = []
    if st.phase != "turn":
        problems.append(("$.phase", f"3-Piece has only the phase 'turn', not {st.phase!r}"))
    for name, per in st.piles.items():
        for player, counts in per.items():
            if any(counts.values()):
                where = "$.reserves" if name == "reserve" else f"$.piles.{name}"
                problems.append((f"{where}.{player}", "3-Piece keeps every tile on the board (no reserve)"))
    counts: dict[tuple[str, str], int] = {}
    for _i, t in st.tiles():
        key = (t.owner, t.kind.code)
        counts[key] = counts.get(key, 0) + 1
    for (owner, code), n in counts.items():
        if n > game.tileset.by_code[code].count:
            problems.append(("$.board", f"{owner} has {n} {code} tiles, the set has {game.tileset.by_code[code].count}"))
    if st.turn < 1:
        problems.append(("$.turn", "turns are numbered from 1"))
    if problems:
        raise PositionError(problems)
    st.extra["seen"] = (position_key(st),)
    game.cache.clear()


@hookimpl
def paisho_tile_flags(game):
    s = status(game)
    return {"captured": s["host"][0] | s["guest"][0], "dead": s["host"][1] | s["guest"][1]}


@hookimpl
def paisho_status(game):
    st = game.state
    c = cfg(game)
    s = status(game)
    lines = []
    for p in ("host", "guest"):
        cap = " ".join(LABEL[i] for i in bits(s[p][0])) or "none"
        text = f"captured Irises {cap}"
        if s[p][0] and st.to_move == p and st.outcome is None:
            text += " (must be freed this turn)"
        lines.append((p.capitalize(), text))
    draw_line = geometry.draw_rules_status(st, c.repetition, c.max_turns)
    if draw_line:
        lines.append(draw_line)
    return lines


# -- computer players -------------------------------------------------------------------------

def _danger(game, c: Cfg, r: Roles, p: str) -> float:
    """How exposed ``p``'s Irises are: each in a red area counts 1, plus 3 per enemy Bison next
    to it, plus 4 if it is captured."""
    captured = status(game)[p][0]
    foe_b = r.bison[other(p)]
    value = 0.0
    for i in bits(r.iris[p] & c.red):
        value += 1 + 3 * (c.nb[i] & foe_b).bit_count() + (4 if (captured >> i) & 1 else 0)
    return value


@hookimpl
def paisho_evaluate(game, player):
    """The opponent's Iris danger minus one's own (see ``_danger``); outcomes dominate."""
    st = game.state
    if st.outcome is not None:
        return 0 if st.outcome.winner is None else (1000 if st.outcome.winner == player else -1000)
    c = cfg(game)
    r = roles(game)
    return _danger(game, c, r, other(player)) - _danger(game, c, r, player)
