"""Adevar's rules: legal turns, applying them, the objectives (see the rules page).

The state: ``piles["reserve"]`` is each player's hand (tiles that may be called),
``piles["captured"]`` the tiles taken out of the game by owner, ``piles["secret"]`` the owner's
chosen Hidden Tile (its code; the board shows a face-down ``HiddenTile``).  ``extra`` holds
``revealed`` (players whose Hidden Tile is face up), ``ruled_out`` ((owner, code) pairs a failed
Second Face has shown a Hidden Tile is not), ``sf_played`` ((player, code) of the Second Faces
called so far: two at most may ever be used), ``won`` ((player, reason) once decided).
"""
from __future__ import annotations

from paisho_core.board import bits
from paisho_core.game import Move
from paisho_core.hookspecs import hookimpl
from paisho_core.tiles import PLAYER_CODE, PLAYERS, other

from . import geometry as geo
from .geometry import INDEX, LABEL, NEIGHBOURS, PLOTS_AT

BASIC = ("Lilac", "Zinnia", "Foxglove")
HIDDEN = ("Iris", "OrientalLily", "Echeveria", "WhiteRose", "WhiteLotus", "BirdOfParadise",
          "BlackOrchid")
SECOND = {h: h + "SecondFace" for h in HIDDEN}
MATCH = {v: k for k, v in SECOND.items()}
FACE_DOWN = "HiddenTile"
GATES = ("GateHome", "GateAway")
REFLECTION = "WatersReflection"
VANGUARD = "Vanguard"
MOVES = {"Lilac": 3, "Zinnia": 4, "Foxglove": 5, REFLECTION: 5}
MOVES.update({sf: 7 for sf in MATCH})
RETURNS = frozenset(MATCH) | {REFLECTION, "GateHome", "GateAway"}
"""Captured tiles of these kinds go back to their owner's hand."""


def group(code: str) -> str:
    if code in BASIC:
        return "basic"
    if code in MATCH:
        return "second_face"
    if code in GATES:
        return "gate"
    if code == REFLECTION:
        return "reflection"
    if code == VANGUARD:
        return "vanguard"
    return "hidden"


# -- configuration (the YAML's rules block) ---------------------------------------------------

class Config:
    def __init__(self, cfg: dict) -> None:
        def pt(p):
            return INDEX[tuple(p)]
        self.setup = {}
        for player in PLAYERS:
            s = cfg["setup"][player]
            self.setup[player] = {
                "hidden": pt(s["hidden"]), "vanguard": tuple(pt(p) for p in s["vanguard"]),
                "gate": pt(s["gate"]),
                "basic": tuple((code, pt(p)) for code, key in (("Lilac", "lilac"), ("Zinnia", "zinnia"),
                                                               ("Foxglove", "foxglove"))
                               for p in s[key]),
                "reflection": pt(s["reflection"])}
        self.gardens = {p: tuple(tuple(pt(q) for q in g) for g in cfg["gardens"][p]) for p in PLAYERS}
        self.rose_target = {p: geo.PLOT_MASK[cfg["white_rose_target"][p]] for p in PLAYERS}


_CONFIGS: dict = {}


def config(game) -> Config:
    v = game.variant
    c = _CONFIGS.get(id(v))
    if c is None:
        c = _CONFIGS[id(v)] = Config(v.rules_config)
    return c


# -- moves -------------------------------------------------------------------------------------

_MOVES: dict = {}


def choose_move(code: str) -> Move:
    key = ("choose", code)
    m = _MOVES.get(key)
    if m is None:
        m = _MOVES[key] = Move("choose", "cHT:" + code, tile=code)
    return m


def call_move(player: str, code: str, dst: int) -> Move:
    key = ("call", player, code, dst)
    m = _MOVES.get(key)
    if m is None:
        m = _MOVES[key] = Move("call", f"{PLAYER_CODE[player]}{code}({LABEL[dst]})", tile=code, dst=dst)
    return m


def move_move(code: str, src: int, dst: int) -> Move:
    key = ("move", code, src, dst)
    m = _MOVES.get(key)
    if m is None:
        m = _MOVES[key] = Move("move", f"({LABEL[src]})-({LABEL[dst]})", tile=code, src=src, dst=dst)
    return m


# -- plot counts (in half tiles) ---------------------------------------------------------------

def plot_counts(st) -> dict:
    """Per player, per plot: Basic tiles there, in halves (a border point counts half in each)."""
    out = {p: dict.fromkeys(geo.PLOTS, 0) for p in PLAYERS}
    for i, tile in st.tiles():
        if tile.kind.code in BASIC:
            ps = PLOTS_AT[i]
            share = 2 // len(ps)
            c = out[tile.owner]
            for name in ps:
                c[name] += share
    return out


_BASIC_TILES: dict = {}
_PLOT_BITS = tuple((name, geo.PLOT_MASK[name], geo.SINGLE_MASK[name]) for name in geo.PLOTS)
_COUNTS: dict = {}
_COUNTS_KEPT = 1 << 12


def basic_tiles(game) -> tuple:
    """Per player (in ``PLAYERS`` order), the tiles of its Basic kinds (in ``BASIC`` order)."""
    tiles = _BASIC_TILES.get(id(game.tileset))
    if tiles is None or tiles[0] is not game.tileset:
        tiles = _BASIC_TILES[id(game.tileset)] = (game.tileset, tuple(
            tuple(game.tileset.tile(code, p) for code in BASIC) for p in PLAYERS))
    return tiles[1]


def basic_masks(game, st) -> tuple[int, int]:
    """Per player (in ``PLAYERS`` order), the points their Basic tiles stand on."""
    (h1, h2, h3), (g1, g2, g3) = basic_tiles(game)
    get = st.tile_masks.get
    return get(h1, 0) | get(h2, 0) | get(h3, 0), get(g1, 0) | get(g2, 0) | get(g3, 0)


def mask_counts(m: int) -> dict:
    """:func:`plot_counts` of one player whose Basic tiles stand on the points ``m`` (a point
    counts whole in a plot it alone belongs to, half in each of two)."""
    return {name: (m & mask).bit_count() + (m & single).bit_count() for name, mask, single in _PLOT_BITS}


def counts_of(game, st) -> dict:
    """:func:`plot_counts` of ``st`` from the Basic tiles' point sets (:func:`mask_counts`), kept
    per set of those points: the same position comes back move after move in a search.  The
    dicts are shared: read only."""
    key = basic_masks(game, st)
    counts = _COUNTS.get(key)
    if counts is None:
        if len(_COUNTS) >= _COUNTS_KEPT:
            _COUNTS.clear()
        counts = _COUNTS[key] = {p: mask_counts(m) for p, m in zip(PLAYERS, key)}
    return counts


def position_counts(game) -> dict:
    """:func:`plot_counts` of the game's position, read once per position (the end check, the
    list of legal turns and the players' evaluation all ask)."""
    counts = game.cache.get("plot counts")
    if counts is None:
        counts = game.cache["plot counts"] = counts_of(game, game.state)
    return counts


# -- captures ----------------------------------------------------------------------------------

def can_capture(st, code: str, owner: str, target) -> bool:
    """Does a tile ``code`` of ``owner`` capture the tile ``target`` (the engine's rule)?"""
    tcode = target.kind.code
    if owner != target.owner:
        if code in BASIC and tcode in BASIC:
            return tcode != code
        if code == "Foxglove" and tcode == REFLECTION:
            return True
        if code == REFLECTION and tcode in MATCH:
            return True
        if code in MATCH and tcode == VANGUARD:
            return True
        if code in MATCH and tcode == FACE_DOWN:
            return secret(st, target.owner) == MATCH[code]
        return False
    return code == REFLECTION and tcode == "GateAway"


def secret(st, player: str) -> str | None:
    pile = st.piles.get("secret", {}).get(player) or {}
    for code, n in pile.items():
        if n:
            return code
    return None


def guarded(game, st, i: int) -> bool:
    """Is the Hidden Tile on ``i`` guarded by Vanguards (one beside it; both with the
    AdevarOneVanguard option)?"""
    n = 0
    for j in NEIGHBOURS[i]:
        t = st.board[j]
        if t is not None and t.kind.code == VANGUARD:
            n += 1
    return n >= (2 if game.options.get("AdevarOneVanguard") else 1)


def may_land(game, st, code: str, owner: str, j: int) -> bool:
    """May a moving tile end on the occupied point ``j``?  Any Second Face may try any
    unguarded Hidden Tile (whatever it is: the attempt may fail)."""
    target = st.board[j]
    if target.kind.code == FACE_DOWN:
        return code in MATCH and not guarded(game, st, j)
    return can_capture(st, code, owner, target)


def may_call_onto(st, code: str, owner: str, target) -> bool:
    """May a called tile land on ``target``?  Second Faces only on opposing Basic tiles, the
    Water's Reflection also on them, everything else where it captures."""
    opposing_basic = target.owner != owner and target.kind.code in BASIC
    if code in MATCH:
        return opposing_basic
    if code == REFLECTION:
        return opposing_basic or can_capture(st, code, owner, target)
    if target.kind.code == FACE_DOWN:
        return False
    return can_capture(st, code, owner, target)


def revealed(st, player: str) -> bool:
    return player in st.extra.get("revealed", ())


# -- legal turns --------------------------------------------------------------------------------

_LIMITED = tuple((name, 2 * geo.LIMIT[name], geo.PLOT_MASK[name], geo.SINGLE_MASK[name])
                 for name in geo.PLOTS if geo.LIMIT[name] is not None)


def blocked(mine: dict, src: int = -1) -> int:
    """The points where one more Basic tile (moved from ``src``, if any) of a player whose plot
    counts are ``mine`` would pass the Red (2) and White (3) Plot limits: all of a full plot,
    and the points of a plot with half a tile of room that lie in no other plot (a border
    point asks half a tile of each of its two plots)."""
    out = 0
    src_plots = PLOTS_AT[src] if src >= 0 else ()
    for name, cap, mask, single in _LIMITED:
        room = cap - mine[name]
        if name in src_plots:
            room += 2 // len(src_plots)
        if room < 2:
            out |= mask if room < 1 else single
    return out


def _tile_ends(game, st, player: str, counts: dict | None):
    """Per tile of ``player`` on the board that can move, in grid order: (code, point, the
    points it may end on).  ``counts`` (:func:`plot_counts`) is read only for a Basic tile
    (None: the position's, when first needed)."""
    occupied = st.occupied
    board = st.board
    owned = st.owned[player]
    while owned:
        low = owned & -owned
        owned ^= low
        i = low.bit_length() - 1
        code = board[i].kind.code
        dist = MOVES.get(code)
        if not dist:
            continue
        ends, touched = geo.reach(i, dist, occupied)
        while touched:
            low = touched & -touched
            touched ^= low
            if may_land(game, st, code, player, low.bit_length() - 1):
                ends |= low
        if ends and code in BASIC:
            if counts is None:
                counts = position_counts(game)
            ends &= ~blocked(counts[player], i)
        if ends:
            yield code, i, ends


_ROWS: dict = {}
_ROW_KEPT = 64


def tile_moves(game, st, player: str, counts: dict | None) -> list[Move]:
    """The moves of ``player``'s tiles on the board, in the order of the list of legal turns
    (``counts``: :func:`plot_counts`, None for the position's).  The moves of a tile from a
    point to a set of end points are kept (a search sees the same sets again and again)."""
    out: list[Move] = []
    for code, i, ends in _tile_ends(game, st, player, counts):
        row = _ROWS.get((code, i))
        if row is None:
            row = _ROWS[(code, i)] = {}
        moves = row.get(ends)
        if moves is None:
            if len(row) >= _ROW_KEPT:
                row.clear()
            moves = row[ends] = tuple(move_move(code, i, j) for j in bits(ends))
        out += moves
    return out


@hookimpl
def paisho_has_legal_move(game) -> bool | None:
    """For the end check: True as soon as one of the mover's tiles on the board can move, else
    None (the whole list decides: a placement may still be legal)."""
    st = game.state
    if st.outcome is not None or st.phase == "choose":
        return None
    return True if next(_tile_ends(game, st, st.to_move, None), None) is not None else None


@hookimpl
def paisho_legal_moves(game) -> list[Move]:
    st = game.state
    if st.outcome is not None:
        return []
    player = st.to_move
    if st.phase == "choose":
        pile = st.piles.get("reserve", {}).get(player, {})
        return [choose_move(c) for c in HIDDEN if pile.get(c)]
    board = st.board
    out = tile_moves(game, st, player, None)
    pile = st.piles.get("reserve", {}).get(player, {})
    if not pile:
        return out
    opp = other(player)
    home = gates = basics = 0
    for i in bits(st.owned[player]):
        c = board[i].kind.code
        if c in GATES:
            gates |= geo.NEIGHBOUR_MASK[i]
            if c == "GateHome":
                home |= geo.NEIGHBOUR_MASK[i]
        elif c in BASIC:
            basics |= geo.NEIGHBOUR_MASK[i]
    for code in sorted(pile, key=_ORDER.get):
        if not pile[code]:
            continue
        g = group(code)
        if g == "second_face":
            if revealed(st, opp) and secret(st, opp) != MATCH[code]:
                continue
            area = gates
        elif g == "basic":
            area = gates & ~blocked(position_counts(game)[player])
        elif g == "reflection":
            area = home
        elif g == "gate":
            area = basics
        else:
            continue
        a = area
        while a:
            low = a & -a
            a ^= low
            j = low.bit_length() - 1
            target = board[j]
            if target is not None and not may_call_onto(st, code, player, target):
                continue
            out.append(call_move(player, code, j))
    return out


_ORDER = {code: n for n, code in enumerate(BASIC + GATES + (REFLECTION, VANGUARD) + HIDDEN
                                           + tuple(SECOND[h] for h in HIDDEN))}


# -- applying a turn ----------------------------------------------------------------------------

def _add(ex, key, item):
    ex[key] = frozenset(ex.get(key, frozenset())) | {item}


def _take_off(game, st, j: int, captor: str, by_call: bool):
    """Remove the tile on ``j`` captured by a tile of ``captor``; where it goes."""
    tile = st.lift(j)
    code = tile.kind.code
    if code == FACE_DOWN:
        st.give("captured", tile.owner, secret(st, tile.owner) or FACE_DOWN)
    elif code in RETURNS or by_call:
        st.give("reserve", tile.owner, code)
    else:
        st.give("captured", tile.owner, code)
    return tile


def regrow(game, st, player: str) -> None:
    """Every captured Vanguard of ``player`` leaves the captured pile; they stand again on
    their starting points, pushing any other tile there back to its owner's hand."""
    n = st.piles.get("captured", {}).get(player, {}).get(VANGUARD, 0)
    if not n:
        return
    st.pile("captured", player).pop(VANGUARD)
    for p in config(game).setup[player]["vanguard"]:
        if not n:
            break
        t = st.board[p]
        if t is not None and t.kind.code == VANGUARD:
            continue
        if t is not None:
            st.lift(p)
            st.give("reserve", t.owner, t.kind.code)
        st.put(p, game.tileset.tile(VANGUARD, player))
        n -= 1


def _reflection_taken(game, st, mover: str, owner: str) -> None:
    """The Water's Reflection of ``owner`` was captured: its Hidden Tile turns face up, and the
    captor's Second Face that cannot take it goes back to the captor's hand."""
    _add(st.extra, "revealed", owner)
    target = secret(st, owner)
    for i, tile in st.tiles(mover):
        code = tile.kind.code
        if code in MATCH and MATCH[code] != target and mover != owner:
            st.lift(i)
            st.give("reserve", mover, code)


@hookimpl
def paisho_apply(game, move: Move) -> None:
    st = game.state
    ex = st.extra
    player = st.to_move
    cfg = config(game)
    ts = game.tileset
    if move.action == "choose":
        code = move.tile
        res = st.pile("reserve", player)
        for h in HIDDEN:
            res.pop(h, None)
        st.give("secret", player, code)
        s = cfg.setup[player]
        st.put(s["hidden"], ts.tile(FACE_DOWN, player))
        for p in s["vanguard"]:
            st.take("reserve", player, VANGUARD)
            st.put(p, ts.tile(VANGUARD, player))
        st.take("reserve", player, "GateHome")
        st.put(s["gate"], ts.tile("GateHome", player))
        for c, p in s["basic"]:
            st.take("reserve", player, c)
            st.put(p, ts.tile(c, player))
        st.take("reserve", player, REFLECTION)
        st.put(s["reflection"], ts.tile(REFLECTION, player))
        if game.options.get("LiteGame"):
            _add(ex, "revealed", player)
        _pass_turn(st, player)
        return
    code = move.tile
    j = move.dst
    captured = None
    ht_captured = False
    if move.action == "call":
        st.take("reserve", player, code)
        if st.board[j] is not None:
            captured = _take_off(game, st, j, player, code in MATCH or code == REFLECTION)
        st.put(j, ts.tile(code, player))
        if code in MATCH:
            played = ex.get("sf_played", frozenset()) | {(player, code)}
            ex["sf_played"] = played
            mine = {c for p, c in played if p == player}
            if len(mine) == 2:
                res = st.pile("reserve", player)
                for c in list(res):
                    if c in MATCH and c not in mine:
                        del res[c]
            for i, tile in st.tiles(player):
                if i != j and tile.kind.code in MATCH:
                    st.lift(i)
                    st.give("reserve", player, tile.kind.code)
    else:
        target = st.board[j]
        if target is not None and target.kind.code == FACE_DOWN and not can_capture(st, code, player, target):
            # a Second Face tried the wrong Hidden Tile: it is lost, the defender's Vanguards regrow
            st.lift(move.src)
            st.give("captured", player, code)
            if target.owner != player:
                _add(ex, "ruled_out", (target.owner, MATCH[code]))
            regrow(game, st, other(player))
            _after(game, st, player, False)
            return
        if target is not None:
            captured = _take_off(game, st, j, player, False)
            ht_captured = target.kind.code == FACE_DOWN
        st.relocate(move.src, j)
    if captured is not None:
        c = captured.kind.code
        if c == REFLECTION:
            _reflection_taken(game, st, player, captured.owner)
        if c in MATCH:
            regrow(game, st, player)
        if ht_captured:
            _add(ex, "revealed", captured.owner)
    _after(game, st, player, ht_captured)


def _pass_turn(st, player: str) -> None:
    st.next_turn(first="host")
    if st.phase == "choose" and player == "guest":
        st.phase = "turn"


def _after(game, st, player: str, ht_captured: bool) -> None:
    ex = st.extra
    if ht_captured:
        ex["won"] = (player, "captured the opponent's Hidden Tile")
    else:
        goal = secret(st, player)
        if goal and objective_met(game, st, player, goal):
            ex["won"] = (player, "completed the objective of their Hidden Tile (%s)" % goal)
    if ex.get("won"):
        ex["revealed"] = frozenset(PLAYERS)
    _pass_turn(st, player)


# -- objectives ----------------------------------------------------------------------------------

def objective_met(game, st, player: str, goal: str) -> bool:
    if goal == "Iris":
        c = counts_of(game, st)[player]
        return all(c[p] >= 4 for p in geo.RED + geo.WHITE)
    if goal == "BirdOfParadise":
        c = counts_of(game, st)[player]
        return all(c[p] >= 2 for p in geo.PLOTS)
    if goal == "BlackOrchid":
        counts = counts_of(game, st)
        mine, theirs = counts[player], counts[other(player)]
        return all(mine[p] >= theirs[p] and mine[p] >= 1
                   for p in geo.RED + geo.WHITE + ("east_open", "west_open"))
    if goal == "OrientalLily":
        cfg = config(game)
        for garden in cfg.gardens[player]:
            if all((t := st.board[i]) is not None and t.owner == player and t.kind.code in BASIC
                   for i in garden):
                return True
        return False
    if goal == "WhiteRose":
        mask = config(game).rose_target[player]
        for i, tile in st.tiles(player):
            if tile.kind.code in GATES and mask >> i & 1:
                return True
        return False
    if goal == "Echeveria":
        mine = st.piles.get("captured", {}).get(player, {})
        theirs = st.piles.get("captured", {}).get(other(player), {})
        return all(mine.get(c, 0) >= 1 and theirs.get(c, 0) >= 2 for c in BASIC)
    if goal == "WhiteLotus":
        return ring(harmony_pairs(st, player))
    return False


def harmony_pairs(st, player: str | None = None) -> list[tuple[int, int, str]]:
    """Harmonies: two Basic tiles of one owner and different kinds on a line with nothing
    between them (a wall cuts the line).  Each pair once, as (point, point, owner)."""
    out = []
    board = st.board
    for i, tile in st.tiles(player):
        code = tile.kind.code
        if code not in BASIC:
            continue
        for line in geo.LINES[i][1::2]:  # down and right: each pair found once
            for j in line:
                t = board[j]
                if t is None:
                    continue
                if t.owner == tile.owner and t.kind.code in BASIC and t.kind.code != code:
                    out.append((i, j, tile.owner))
                break
    return out


def ring(pairs) -> bool:
    """Does some cycle of these harmonies wind around the centre?  Potentials along the
    harmony graph: a cycle winds around the centre exactly when going round it crosses the
    ray from the centre a non-zero net number of times, i.e. when the crossings are not the
    differences of a potential."""
    adj: dict = {}
    for a, b, _o in pairs:
        w = geo.winding_crossing(a, b)
        adj.setdefault(a, []).append((b, w))
        adj.setdefault(b, []).append((a, -w))
    pot: dict = {}
    for start in adj:
        if start in pot:
            continue
        pot[start] = 0
        stack = [start]
        while stack:
            u = stack.pop()
            for v, w in adj[u]:
                if v not in pot:
                    pot[v] = pot[u] + w
                    stack.append(v)
                elif pot[v] != pot[u] + w:
                    return True
    return False
