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
from paisho_core.errors import NotationError
from paisho_core.game import Move, Outcome, settings
from paisho_core.hookspecs import hookimpl
from paisho_core.movetable import table
from paisho_core.tiles import other

from paisho_core import steps as geometry
from paisho_core.notation import check_points
from paisho_core.steps import NEIGHBOURS, Hops, neighbour_shifts, ring

from ..common import board_start as start
from ..common.board_start import paisho_validate_options  # noqa: F401  (a hook of this plugin)
from ..common.hooks import paisho_position_extra  # noqa: F401  (a hook of this plugin)
from ..common.strategy import outcome_score
from .events import paisho_game_events  # noqa: F401  (a hook of this plugin)
from ..common.plugin import variant_info

YAML = Path(__file__).with_name("three_piece.yaml")
NAME = "3-piece"

RED_AREAS = {
    "any_red": board.AREA["red"],
    "not_white": board.AREA["red"] & ~board.AREA["white"],
    "pure": board.AREA["red"] & ~board.AREA["white"] & ~board.AREA["neutral"],
}

POINT = r"\(-?[0-9]{1,6},-?[0-9]{1,6}\)"
TURN_RE = re.compile(rf"^(?:{POINT}-{POINT}|{POINT}(?:-{POINT})?~-?[0-9]{{1,6}})$")


paisho_variant_info = variant_info(NAME, YAML, "3-Piece Pai Sho (Street Pai Sho)")


# -- rules read once per game -----------------------------------------------------------------

class Cfg:
    """The options and tile roles of one game, read once (options never change during a game)."""

    __slots__ = ("adjacency", "nb", "combo", "rim", "red", "dead_zone", "iris_may_move",
                 "book_rescue", "self_harm", "repetition", "max_turns", "no_move", "bison", "iris", "wheel",
                 "tile_class", "cycles", "tables")

    def __init__(self, game) -> None:
        o = game.options
        self.adjacency = int(o["adjacency"])
        self.nb = NEIGHBOURS[self.adjacency]
        self.combo = o["jump_combo"]
        self.rim = o["wheel_rim"]
        self.red = RED_AREAS[o["red_area"]]
        self.dead_zone = board.PLAYABLE if o["two_bison_anywhere"] else self.red
        self.iris_may_move = o["captured_iris_may_move"]
        self.book_rescue = o["captured_iris_rescue"] == "book"
        self.self_harm = o["self_harm"]
        self.repetition = o["repetition"]
        self.max_turns = o["max_turns"]
        self.no_move = o["no_move"]
        ts = game.tileset
        self.bison = frozenset(k.code for k in ts.kinds if "bison" in k.tags)
        self.iris = frozenset(k.code for k in ts.kinds if "iris" in k.tags)
        self.wheel = frozenset(k.code for k in ts.kinds if "wheel" in k.tags)
        # a small number per tile (kind and owner): Wheel turns with equal results are equal
        self.tile_class = {ts.tile(k.code, p): 1 + 2 * n + (p == "host")
                           for n, k in enumerate(ts.kinds) for p in ("host", "guest")}
        self.cycles = _CYCLES[self.rim]
        self.tables = {k.code: table("move", k.code) for k in ts.kinds}
        """The shared move table of each code (:mod:`paisho_core.movetable`)."""


def cfg(game) -> Cfg:
    """The game's Cfg, shared by every game (and copy) of the same variant and options."""
    return settings(game, Cfg)


class Roles:
    """Bitsets of each player's Bisons, Irises and Wheels in one position."""

    __slots__ = ("bison", "iris", "wheel")

    def __init__(self, state, c: Cfg) -> None:
        self.bison = {"host": 0, "guest": 0}
        self.iris = {"host": 0, "guest": 0}
        self.wheel = {"host": 0, "guest": 0}
        for t, m in state.tile_masks.items():
            if m:
                code = t.kind.code
                if code in c.bison:
                    self.bison[t.owner] |= m
                elif code in c.iris:
                    self.iris[t.owner] |= m
                elif code in c.wheel:
                    self.wheel[t.owner] |= m


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

class Cycle:
    """The ring of points around one centre as the cycle a Wheel turns (option wheel_rim):
    ``order`` lists its points clockwise (-1 for a position off the board, where no tile may
    be carried), ``pos`` gives each on-board point its position, ``off`` is the bitset of
    off-board positions, ``mask`` the board points, and ``points_of(m)`` turns a bitset of
    positions into a bitset of board points."""

    __slots__ = ("order", "n", "pos", "off", "mask", "_lo", "_hi")

    def __init__(self, centre: int, rim: str) -> None:
        pts = ring(centre)
        order = tuple(p for p in pts if p >= 0) if rim == "onboard_points" else pts
        self.order = order
        self.n = n = len(order)
        self.pos = {p: j for j, p in enumerate(order) if p >= 0}
        self.off = sum(1 << j for j, p in enumerate(order) if p < 0)
        self.mask = sum(1 << p for p in order if p >= 0)

        def table(first: int, count: int) -> list[int]:
            return [sum(1 << order[first + j] for j in range(count) if (m >> j) & 1 and order[first + j] >= 0)
                    for m in range(1 << count)]

        self._lo = table(0, min(n, 4))
        self._hi = table(4, max(n - 4, 0))

    def points_of(self, m: int) -> int:
        return self._lo[m & 15] | self._hi[m >> 4]


_CYCLES: dict[str, list[Cycle | None]] = {"forbid": [None] * board.NCELLS,
                                          "onboard_points": [None] * board.NCELLS}
"""Per option wheel_rim, the Cycle of each centre (made when a Wheel first reaches it)."""


def cycle(centre: int, rim: str) -> Cycle:
    found = _CYCLES[rim][centre]
    if found is None:
        found = _CYCLES[rim][centre] = Cycle(centre, rim)
    return found


def _turned(m: int, k: int, n: int) -> int:
    """Bitset ``m`` of the positions of an ``n``-cycle, turned ``k`` positions on."""
    return ((m << k) | (m >> (n - k))) & ((1 << n) - 1)


def pressed(foes: int, adjacency: int) -> int:
    """Points next to two or more points of ``foes`` (shifted copies of the whole set, no loop
    over points)."""
    once = twice = 0
    for m in neighbour_shifts(foes, adjacency):
        twice |= once & m
        once |= m
    return twice


_WHEEL_MOVES: dict[str, dict[int, list]] = {}
"""Wheel actions are values, built once: per Wheel code and ``wheel << 9 | centre``, the turn
by ``k`` places at index ``k`` (index 0 unused)."""


def _wheel_row(code: str, w: int, centre: int) -> list:
    """The Wheel actions from ``w`` around ``centre`` by 1 to 7 places (see ``_WHEEL_MOVES``)."""
    made = _WHEEL_MOVES.setdefault(code, {})
    row = made.get(w << 9 | centre)
    if row is None:
        head = LABEL[w] if centre == w else f"{LABEL[w]}-{LABEL[centre]}"
        row = made[w << 9 | centre] = [None] + [
            Move("wheel", f"{head}~{k}", code, w, centre, k) for k in range(1, 8)]
    return row


class _Sides:
    """What the moves of one player in one position are judged by (see ``_all_moves``)."""

    __slots__ = ("c", "b", "own", "occ", "irises", "foe_b", "captured", "frozen", "deadly",
                 "wheels", "check")

    def __init__(self, game, player: str, check: bool) -> None:
        st = game.state
        c = self.c = cfg(game)
        r = roles(game)
        self.b = st.board
        self.own = st.owned[player]
        self.occ = st.occupied
        self.captured = status(game)[player][0]
        self.frozen = 0 if c.iris_may_move else self.captured
        self.foe_b = r.bison[other(player)]
        self.irises = r.iris[player]
        self.deadly = pressed(self.foe_b, c.adjacency) & c.dead_zone
        self.wheels = r.wheel[player]
        self.check = check


def _step_ends(p: _Sides):
    """``(point, end points)`` of each tile of the player that may step or hop, after the
    checks on Irises (ruling T10/T11)."""
    c = p.c
    own, irises, captured, deadly, check = p.own, p.irises, p.captured, p.deadly, p.check
    hops = Hops(own, p.occ, c.adjacency)
    m = own & ~p.frozen
    while m:
        low = m & -m
        m ^= low
        s = low.bit_length() - 1
        is_iris = irises & low
        if check and captured and not is_iris:
            continue  # a Bison or Wheel step never frees an Iris (only Defenses and Wheel turns do)
        dests = hops.destinations(s, c.combo)
        if check and is_iris:
            rest = irises & ~low
            if rest & deadly:
                continue  # another Iris is dead whatever this one does
            dests &= ~deadly
            if captured:
                for d in bits(dests):
                    tracked = captured if not captured & low else (captured & ~low) | (1 << d)
                    if captured_irises(rest | (1 << d), p.foe_b, c) & tracked:
                        dests &= ~(1 << d)
        yield s, dests


def _all_moves(game, player: str, check: bool) -> list[Move]:
    """The moves of ``player``; with ``check`` only those that free every captured Iris and
    leave none of the mover's Irises dead (ruling T10/T11).

    Once per position: ``deadly``, the points where an Iris of the mover would be dead; a step
    or hops of an Iris is then legal unless it ends there.  A Wheel turn is read as bitsets of
    cycle positions (which hold a tile, the mover's Irises, the enemy Bisons) and a 3-bit class
    per position that tells turns with the same result apart; only a turn that carries Irises
    or Bisons is checked, with one shifted-copies pass when it carries Bisons.
    """
    p = _Sides(game, player, check)
    out: list[Move] = []
    b = p.b
    tables = p.c.tables
    for s, dests in _step_ends(p):
        out += tables[b[s].kind.code].to(s, dests)
    if p.wheels:
        _wheel_moves(p, out)
    return out


def _has_move(game, player: str, check: bool) -> bool:
    """Whether ``player`` has a legal move (stops at the first tile that can step or hop)."""
    p = _Sides(game, player, check)
    if any(dests for _s, dests in _step_ends(p)):
        return True
    out: list[Move] = []
    if p.wheels:
        _wheel_moves(p, out)
    return bool(out)


def _wheel_moves(p: _Sides, out: list) -> None:
    """Append the Wheel actions (see ``_all_moves``) to ``out``."""
    c, b, wheels, occ, check = p.c, p.b, p.wheels, p.occ, p.check
    irises, foe_b, captured, deadly = p.irises, p.foe_b, p.captured, p.deadly
    empty = board.PLAYABLE & ~occ
    cls = c.tile_class
    nb = c.nb
    adjacency, zone = c.adjacency, c.dead_zone
    watched = irises | foe_b
    cycles = c.cycles
    for w in bits(wheels):
        code = b[w].kind.code
        occ_w = occ & ~(1 << w)  # the Wheel's old point is empty once it has stepped
        for centre in (w, *bits(nb[w] & empty)):
            cy = cycles[centre] or cycle(centre, c.rim)
            held = cy.mask & occ_w
            if not held:
                continue
            relevant = held & watched  # only these tiles can change an Iris's fate
            if check and captured and not relevant:
                continue
            pos = cy.pos
            sig = 0
            for p in bits(held):
                sig |= cls[b[p]] << (3 * pos[p])
            n = cy.n
            key = (sig << 12) | (cy.off << 4) | n
            ks = _KS.get(key)
            if ks is None:
                ks = _KS[key] = _turns(n, cy.off, sig)
            if not ks:
                continue
            row = _wheel_row(code, w, centre)
            if not (check and relevant):
                out += map(row.__getitem__, ks)
                continue
            own_i8 = foe_b8 = cap8 = 0
            for p in bits(relevant):
                if (irises >> p) & 1:
                    own_i8 |= 1 << pos[p]
                    if (captured >> p) & 1:
                        cap8 |= 1 << pos[p]
                else:
                    foe_b8 |= 1 << pos[p]
            rest_i = irises & ~cy.mask
            rest_b = foe_b & ~cy.mask
            for k in ks:
                own_i = rest_i | cy.points_of(_turned(own_i8, k, n))
                if foe_b8:
                    f_b = rest_b | cy.points_of(_turned(foe_b8, k, n))
                    if own_i & zone & pressed(f_b, adjacency):
                        continue
                else:
                    f_b = foe_b
                    if own_i & deadly:
                        continue
                if captured:
                    tracked = (captured & ~cy.mask) | cy.points_of(_turned(cap8, k, n))
                    if captured_irises(own_i, f_b, c) & tracked:
                        continue
                    if c.book_rescue and _left_alone(captured & ~cy.mask, f_b, nb):
                        continue
                out.append(row[k])


def _left_alone(unmoved: int, foe_bisons: int, nb) -> bool:
    """Whether a captured Iris the Wheel did not carry has no enemy Bison next to it any more:
    freed by carrying the Bison away, which is not one of the book's two ways (L569-575)."""
    return any(not nb[i] & foe_bisons for i in bits(unmoved))


_KS: dict[int, tuple[int, ...]] = {}
"""The distinct turns of each ring (see ``_turns``), keyed ``sig << 12 | off << 4 | n``."""


def _turns(n: int, off: int, sig: int) -> tuple[int, ...]:
    """The distinct turns (places k clockwise) of a ring of ``n`` positions whose contents are
    ``sig`` (3 bits a position); ``off`` marks the positions off the board: a turn that carries
    a tile there is left out."""
    full = (1 << (3 * n)) - 1
    occ8 = 0
    for j in range(n):
        if (sig >> (3 * j)) & 7:
            occ8 |= 1 << j
    out = []
    for k in range(1, n):
        if ((sig << (3 * k)) | (sig >> (3 * (n - k)))) & full == sig:
            break  # this turn and every further one repeat an earlier result
        if off and _turned(occ8, k, n) & off:
            continue
        out.append(k)
    return tuple(out)


@hookimpl
def paisho_legal_moves(game):
    st = game.state
    return _all_moves(game, st.to_move, cfg(game).self_harm == "illegal")


@hookimpl
def paisho_has_legal_move(game):
    return _has_move(game, game.state.to_move, cfg(game).self_harm == "illegal")


# -- applying moves ---------------------------------------------------------------------------

def turn_ring(state, centre: int, k: int, rim: str) -> None:
    """Turn every tile around ``centre`` by ``k`` positions clockwise, keeping identities."""
    order = cycle(centre, rim).order
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
    st.next_turn()
    game.cache.clear()
    start.remember_position(st)


# -- end of game ------------------------------------------------------------------------------

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
    return start.stuck_or_drawn(game, c, s[to][0], "iris not freed", "captured")


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
    start.accept_position(game, problems)


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
    return start.with_draw_line(lines, game, c)


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
    value = outcome_score(game, player)
    if value is None:
        c, r = cfg(game), roles(game)
        value = _danger(game, c, r, other(player)) - _danger(game, c, r, player)
    return value
