"""The hooks of Street Pai Sho as The Garden Gate plays it (``street-tgg``).

Learnt from TGG's help text and by running its engine (never copied): each player has 22 tiles of
one kind, 8 of them on the board at the start; a turn moves a tile up to 4 points along the lines
(through its owner's tiles, never through an enemy's) or plants a tile on the player's own empty
gate; a tile that ends on an enemy tile captures it and carries it (and the captives under it)
underneath; two of a player's tiles facing each other across a midline, neither on a midline, are
in harmony, and a player with a harmony across each of the four half-midlines wins.
Rulings: docs/variants/street-tgg/rulings.md.

The captives under a tile are kept in ``state.extra["stacks"]``: a tuple of ``(point, owners)``
pairs, ``owners`` the initials (``"h"``/``"g"``) of the captives from the top one down.
"""
from __future__ import annotations

import re
import zlib
from collections import deque

from paisho_core import board
from paisho_core.board import LABEL, NCELLS, PLAYABLE, TRANSPOSE, bits, coords, index, nearest_east_north
from paisho_core.errors import NotationError, PositionError
from paisho_core.game import Harmony, Outcome, settings
from paisho_core.hookspecs import hookimpl
from paisho_core.movetable import table
from paisho_core.notation import single_decision
from paisho_core.steps import NEIGHBOURS, check_draw_options, draw_by_repetition_or_limit, draw_rules_status
from paisho_core.tiles import PLAYERS, other
from paisho_core.zobrist import board_key

CODE = "L"
RESERVE = "reserve"
BASE_REACH = 4
MAX_ON_BOARD = 16
"""A player may plant only with fewer than this many tiles (not counting captives) on the board."""

POINT = r"\(-?\d+,-?\d+\)"
TURN_RE = re.compile(rf"^(?:{POINT}-{POINT}|L{POINT})$")

# The four half-midlines a winning player needs a harmony across (TGG's check: a harmony along a
# column on the west or east half, or along a row on the south or north half).
ARMS = ("north", "east", "south", "west")


class Cfg:
    """The options and point sets of one game."""

    def __init__(self, game) -> None:
        o = game.options
        v = game.variant
        self.layout = o["layout"]
        self.formal = bool(o["formal_win"])
        self.release = bool(o["release_captives"])
        self.bonus = o["captive_bonus"]
        self.repetition = o["repetition"]
        self.max_turns = o["max_turns"]
        self.gate = {"host": v.point_sets["host_gate"], "guest": v.point_sets["guest_gate"]}
        self.gates = v.point_sets["gates"]
        self.plant = table("plant", CODE)
        self.move = table("move", CODE)


def cfg(game) -> Cfg:
    return settings(game, Cfg)


# -- stacks ---------------------------------------------------------------------------------------

def stacks(state) -> dict[int, str]:
    """The captives under each tile: point -> owners' initials, top captive first."""
    return dict(state.extra.get("stacks", ()))


def _store(state, st: dict[int, str]) -> None:
    state.extra["stacks"] = tuple(sorted((p, s) for p, s in st.items() if s))


def reach_of(c: Cfg, captives: str) -> int:
    """How far a tile carrying ``captives`` moves (options captive_bonus)."""
    if captives:
        if c.bonus == "per_captive":
            return BASE_REACH + len(captives)
        if c.bonus == "five":
            return 5
    return BASE_REACH


# -- moves ----------------------------------------------------------------------------------------

def destinations(state, c: Cfg, src: int, captives: str) -> int:
    """End points of the tile on ``src``: every point at most ``reach`` steps away along the lines
    by a path whose points on the way are free of enemy tiles (its owner's tiles do not block),
    ending on an empty point, or on an enemy tile it may capture."""
    owner = state.board[src].owner
    foes = state.owned[other(owner)]
    limit = reach_of(c, captives)
    may_capture = not captives or c.release
    nb = NEIGHBOURS[4]
    dist = {src: 0}
    todo = deque([src])
    ends = 0
    while todo:
        p = todo.popleft()
        d = dist[p]
        if d == limit:
            continue
        for q in bits(nb[p]):
            if (foes >> q) & 1:
                if may_capture:
                    ends |= 1 << q
                continue
            if q not in dist:
                dist[q] = d + 1
                todo.append(q)
    for q in dist:
        if q != src and state.board[q] is None:
            ends |= 1 << q
    return ends


def _moves(game):
    st = game.state
    c = cfg(game)
    player = st.to_move
    under = stacks(st)
    out = []
    for s in bits(st.owned[player]):
        out += c.move.to(s, destinations(st, c, s, under.get(s, "")))
    if can_plant(st, c, player):
        out.append(c.plant.one(-1, c.gate[player].bit_length() - 1))
    return out


def can_plant(state, c: Cfg, player: str) -> bool:
    """A tile left off the board, the player's gate empty, fewer than 16 of their tiles on the board."""
    return (state.pile(RESERVE, player).get(CODE, 0) > 0 and not state.occupied & c.gate[player]
            and state.owned[player].bit_count() < MAX_ON_BOARD)


@hookimpl
def paisho_legal_moves(game):
    return _moves(game)


@hookimpl
def paisho_has_legal_move(game):
    """For the end check: a plant, or else the first tile with an end point (the whole list is
    not built)."""
    st = game.state
    c = cfg(game)
    player = st.to_move
    if can_plant(st, c, player):
        return True
    mine = st.owned[player]
    free = PLAYABLE & ~st.occupied
    nb = NEIGHBOURS[4]
    # a tile next to an empty point can always step there (every reach is at least one point)
    if any(nb[s] & free for s in bits(mine)):
        return True
    under = stacks(st)
    return any(destinations(st, c, s, under.get(s, "")) for s in bits(mine))


# -- harmonies ------------------------------------------------------------------------------------

def _on_midline(i: int) -> bool:
    x, y = coords(i)
    return x == 0 or y == 0


def harmonies(state, c: Cfg) -> list[tuple[int, int, str]]:
    """Every harmony ``(a, b, arm)``: two tiles of one owner on a row or column with nothing
    between them, on opposite sides of a midline, neither on a midline or a gate.

    Each tile looks east and north to the nearest tile (the board's occupancy bitsets answer in
    a few bit operations).  Every tile is of one kind, so the harmonies depend on which points
    hold a tile and whose it is alone: they are remembered by that (a move is scored just after
    its own apply asked for them)."""
    host = state.owned["host"]
    occupied = state.occupied
    key = (c.gates, occupied, host)
    found = _HARMONIES.get(key)
    if found is not None:
        return found
    skip = MIDLINES | c.gates
    # a look runs over the board's points only: a tile off them (a position may hold one) is
    # never seen, and looks point by point
    on_board = occupied & PLAYABLE
    on_board_t = state.occupied_t & PLAYABLE_T
    out = []
    for a in bits(occupied & ~skip):
        if not PLAYABLE >> a & 1:
            out += _looks_off_board(state, c, a)
            continue
        ax, ay = _XY[a]
        mine = host if host >> a & 1 else occupied & ~host
        east, north = nearest_east_north(on_board, on_board_t, a)
        if east >= 0 and not skip >> east & 1 and mine >> east & 1 and ax < 0 < _XY[east][0]:
            out.append((a, east, "north" if ay > 0 else "south"))
        if north >= 0 and not skip >> north & 1 and mine >> north & 1 and ay < 0 < _XY[north][1]:
            out.append((a, north, "east" if ax > 0 else "west"))
    if len(_HARMONIES) >= _HARMONIES_KEPT:
        _HARMONIES.clear()
    _HARMONIES[key] = out
    return out


def _looks_off_board(state, c: Cfg, a: int) -> list:
    """The harmonies a tile off the board's points forms looking east and north, point by point
    while the points are the board's and empty."""
    b = state.board
    ax, ay = _XY[a]
    out = []
    for dx, dy in ((1, 0), (0, 1)):
        x, y = ax + dx, ay + dy
        while board.on_board(x, y) and b[index(x, y)] is None:
            x, y = x + dx, y + dy
        if not board.on_board(x, y):
            continue
        o = index(x, y)
        if _on_midline(o) or (c.gates >> o) & 1 or b[o].owner != b[a].owner:
            continue
        if dx and (ax < 0) != (x < 0):
            out.append((a, o, "north" if ay > 0 else "south"))
        elif dy and (ay < 0) != (y < 0):
            out.append((a, o, "east" if ax > 0 else "west"))
    return out


_XY = [coords(i) for i in range(NCELLS)]
MIDLINES = sum(1 << i for i in bits(PLAYABLE) if _on_midline(i))
PLAYABLE_T = sum(1 << TRANSPOSE[i] for i in bits(PLAYABLE))
"""The points on either midline."""
_HARMONIES: dict = {}
_HARMONIES_KEPT = 20000
"""At most this many boards' harmonies are remembered (then the memo starts afresh)."""


def harmony_list(game):
    h = game.cache.get("street_harmonies")
    if h is None:
        h = game.cache["street_harmonies"] = harmonies(game.state, cfg(game))
    return h


def arms_crossed(game) -> dict[str, set[str]]:
    """Each player's half-midlines crossed by their harmonies."""
    st = game.state
    arms: dict[str, set[str]] = {p: set() for p in PLAYERS}
    for a, _b, arm in harmony_list(game):
        arms[st.board[a].owner].add(arm)
    return arms


def winners(game) -> list[str]:
    """Players with a harmony across each of the four half-midlines."""
    arms = arms_crossed(game)
    return [p for p in ("host", "guest") if len(arms[p]) == 4]


@hookimpl
def paisho_harmonies(game):
    st = game.state
    return [Harmony(coords(a), coords(b), st.board[a].owner, True) for a, b, _arm in harmony_list(game)]


# -- applying a turn ------------------------------------------------------------------------------

@hookimpl
def paisho_apply(game, move):
    st = game.state
    c = cfg(game)
    player = st.to_move
    under = stacks(st)
    if move.action == "plant":
        st.take(RESERVE, player, CODE)
        st.put(move.dst, game.tileset.tile(CODE, player))
    elif move.action == "move":
        s, d = move.src, move.dst
        carried = under.pop(s, "")
        ident = st.ident[s]
        tile = st.lift(s)
        if c.release and carried:  # the top captive stays behind, free, with those under it
            st.put(s, game.tileset.tile(CODE, _owner(carried[0])))
            if carried[1:]:
                under[s] = carried[1:]
            carried = ""
        if st.board[d] is None:
            st.put(d, tile, ident)
            if carried:
                under[d] = carried
        else:
            _capture(st, under, d, tile, ident, carried)
    else:
        raise NotationError(f"unknown Street action {move.action!r}")
    _store(st, under)
    st.next_turn(first="host")
    game.cache.clear()
    st.extra["seen"] = st.extra.get("seen", ()) + (position_key(st),)
    if not c.formal:
        w = winners(game)
        if len(w) == 2:
            st.outcome = Outcome(None, "both harmony sets", {"winners": w})
        elif w:
            st.outcome = Outcome(w[0], "harmony across all midlines")


def _capture(st, under, d, tile, ident, carried) -> None:
    """``tile`` (with ``carried`` under it) lands on the enemy tile on ``d``: that tile and its own
    captives go underneath."""
    victim = st.board[d]
    below = under.pop(d, "")
    st.lift(d)
    st.put(d, tile, ident)
    under[d] = carried + victim.owner[0] + below


def _owner(initial: str) -> str:
    return "host" if initial == "h" else "guest"


def position_key(state) -> int:
    """Board, stacks, piles and player to move (stacks and piles change what may happen)."""
    piles = tuple(state.pile(RESERVE, p).get(CODE, 0) for p in PLAYERS)
    extra = zlib.crc32(repr((state.extra.get("stacks", ()), piles)).encode())
    return board_key(state) ^ (extra << 32)


# -- end of game ----------------------------------------------------------------------------------

@hookimpl
def paisho_check_end(game):
    st = game.state
    c = cfg(game)
    if c.formal:
        to = st.to_move
        if to in winners(game):
            return Outcome(to, "harmony across all midlines")
    draw = draw_by_repetition_or_limit(st, c.repetition, c.max_turns)
    if not game.has_legal_move():
        return Outcome(None, "no legal move", {"stuck": st.to_move})
    return draw


# -- setup, notation, positions -------------------------------------------------------------------

def read_layout(variant, name: str) -> dict[str, list[int]]:
    """``rules.layouts.<name>``: each player's starting points (a partial placement)."""
    layouts = (variant.rules_config or {}).get("layouts") or {}
    data = layouts.get(name)
    if not isinstance(data, dict):
        raise PositionError([("$.options.layout", f"no layout named {name!r} (known: {', '.join(sorted(layouts))})")])
    return {p: [index(x, y) for x, y in data[p]] for p in PLAYERS}


@hookimpl
def paisho_setup(game):
    st = game.state
    for p, points in read_layout(game.variant, game.options["layout"]).items():
        for i in points:
            st.take(RESERVE, p, CODE)
            st.put(i, game.tileset.tile(CODE, p))
    st.turn = 1
    st.to_move = "host"
    st.phase = "turn"
    st.extra["stacks"] = ()
    st.extra["seen"] = (position_key(st),)


@hookimpl
def paisho_validate_options(variant, options):
    return check_draw_options(options)


@hookimpl
def paisho_parse_turn(game, body):
    return single_decision(body, TURN_RE, "(x1,y1)-(x2,y2) to move a tile, or L(x,y) to plant one on your gate")


@hookimpl
def paisho_position_extra(game):
    return {"stacks": {LABEL[p]: s for p, s in game.state.extra.get("stacks", ())}}


@hookimpl
def paisho_load_position(game, data):
    st = game.state
    problems = []
    raw = data.get("stacks", {}) if isinstance(data, dict) else {}
    under: dict[int, str] = {}
    if not isinstance(raw, dict):
        problems.append(("$.stacks", "a mapping of point '(x,y)' to the captives' initials, top first"))
        raw = {}
    for label, s in raw.items():
        i = board.LABEL_INDEX.get(label)
        if i is None or st.board[i] is None:
            problems.append((f"$.stacks.{label}", "no tile on that point to carry captives"))
        elif not isinstance(s, str) or not s or set(s) - {"h", "g"}:
            problems.append((f"$.stacks.{label}", "captives are written as initials h and g, top first"))
        else:
            under[i] = s
    for name in st.piles:
        if name != RESERVE:
            problems.append((f"$.piles.{name}", "Street has only the reserve"))
    if st.phase != "turn":
        problems.append(("$.phase", f"Street has only the phase 'turn', not {st.phase!r}"))
    if st.turn < 1:
        problems.append(("$.turn", "turns are numbered from 1"))
    for p in PLAYERS:
        n = sum(1 for _ in st.tiles(p)) + sum(s.count(p[0]) for s in under.values()) + st.pile(RESERVE, p).get(CODE, 0)
        if n > 22:
            problems.append(("$.board", f"{p} has {n} tiles counting board, captives and reserve; the set has 22"))
    if problems:
        raise PositionError(problems)
    _store(st, under)
    st.extra["seen"] = (position_key(st),)
    game.cache.clear()


@hookimpl
def paisho_tile_flags(game):
    return {"carrying": sum(1 << p for p, _s in game.state.extra.get("stacks", ()))}


@hookimpl
def paisho_status(game):
    st = game.state
    c = cfg(game)
    lines = []
    arms = arms_crossed(game)
    under = stacks(st)
    for p in PLAYERS:
        held = sum(s.count(other(p)[0]) for q, s in under.items() if st.board[q].owner == p)
        lines.append((p.capitalize(), f"midlines crossed: {', '.join(a for a in ARMS if a in arms[p]) or 'none'}; "
                                      f"captives held {held}; tiles to plant {st.pile(RESERVE, p).get(CODE, 0)}"))
    draw_line = draw_rules_status(st, c.repetition, c.max_turns)
    if draw_line:
        lines.append(draw_line)
    return lines
