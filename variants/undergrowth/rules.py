"""Undergrowth Pai Sho's rules: where a tile may go, harmony and disharmony, removals, the end.

Sources: The Garden Gate's rules summary and the behaviour of its engine and page (the points the
page opens for a tile), checked against TGG's own self-play records in
``tests/data/tgg/undergrowth/``.  Rulings: docs/variants/undergrowth/rulings.md.

Lines: from a point, the nearest point along each of the four lines that holds a tile or is a
Gate ("the stop").  Two tiles relate (harmony, disharmony) only through such a stop; a Gate cuts a
line, a tile in a Gate is never in disharmony, and two tiles both in Gates never harmonize.
"""
from __future__ import annotations

from functools import lru_cache

from paisho_core.board import AREA, BIT_T, GATES, LABEL, PLAYABLE, bits, coords, index, nearest, on_board
from paisho_core.game import Harmony, Move, Outcome, settings
from paisho_core.hookspecs import hookimpl

PLACE = "place"
"""Phase of a turn's first tile (or a pass)."""
SECOND = "second"
"""Phase of a turn's second tile."""
PASS = "-"

DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def _rays() -> list[tuple[tuple[int, ...], ...]]:
    out: list[tuple[tuple[int, ...], ...]] = [()] * (17 * 17)
    for i in bits(PLAYABLE):
        x, y = coords(i)
        rays = []
        for dx, dy in DIRECTIONS:
            ray = []
            k = 1
            while on_board(x + k * dx, y + k * dy):
                ray.append(index(x + k * dx, y + k * dy))
                k += 1
            rays.append(tuple(ray))
        out[i] = tuple(rays)
    return out


RAYS = _rays()
"""The points along each of the four lines from every point, nearest first."""
RAY_MASKS = [tuple(sum(1 << p for p in ray) for ray in rays) for rays in RAYS]
"""``RAYS`` as bitsets."""


class Cfg:
    __slots__ = ("simple", "score")

    def __init__(self, game) -> None:
        self.simple = bool(game.options["UndergrowthSimple"])
        areas = game.variant.rules_config.get("score_areas", ["red", "white"])
        self.score = 0
        for a in areas:
            self.score |= AREA[a]


def cfg(game) -> Cfg:
    return settings(game, Cfg)


def _basic(code: str) -> bool:
    return len(code) == 2


def harmonizes(c: Cfg, code: str, owner: str, code2: str, owner2: str) -> bool:
    """Does a tile (``code``, ``owner``) form a harmony with the tile it sees (``code2``,
    ``owner2``)?  Not symmetric: a basic flower does not harmonize with an Orchid, an Orchid
    does with its owner's basic flowers (TGG's engine)."""
    if c.simple:
        return owner == owner2
    if {code, code2} == {"L", "O"}:
        return True
    if not (_basic(code2) or code2 == "L" or code == "O"):
        return False
    if (code == "L" and not _basic(code2)) or (code2 == "L" and not _basic(code)):
        return False
    if code == "L" or code2 == "L":
        return True
    if owner != owner2:
        return False
    if code == "O" or code2 == "O":
        return True
    diff = abs(int(code[1]) - int(code2[1]))
    return diff == 1 if code[0] == code2[0] else diff == 2


def clashes(c: Cfg, code: str, owner: str, code2: str, owner2: str) -> bool:
    """Disharmony: an Orchid with anything, two basic flowers of the same number (any owners)."""
    if c.simple:
        return owner != owner2
    if code == "O" or code2 == "O":
        return True
    return _basic(code) and _basic(code2) and code[1] == code2[1]


def stops(board, i: int) -> list[int]:
    """The stop of each line from ``i``: the nearest point holding a tile or being a Gate (-1
    when the line runs off the board first)."""
    out = []
    for ray in RAYS[i]:
        s = -1
        for p in ray:
            if board[p] is not None or GATES >> p & 1:
                s = p
                break
        out.append(s)
    return out


GATES_T = sum(BIT_T[i] for i in bits(GATES))
"""The Gates in column-major layout (:func:`paisho_core.board.nearest`)."""
PLAYABLE_T = sum(BIT_T[i] for i in bits(PLAYABLE))


def line_stops(st) -> tuple[int, int]:
    """What stops a line, in both layouts: the tiles on the board's points and the Gates (a
    line never reaches a tile off the board, which a position may hold)."""
    return st.occupied & PLAYABLE | GATES, st.occupied_t & PLAYABLE_T | GATES_T


def stops_of(st, i: int) -> tuple[int, int, int, int]:
    """:func:`stops` read off the state's occupancy bitsets (the same four points, the same
    order: east, west, north, south), for the position's many questions."""
    return nearest(*line_stops(st), i)


_RELATION: dict = {}


def relation(c: Cfg, code: str, owner: str, code2: str, owner2: str) -> tuple[bool, bool]:
    """``(harmonizes(...), clashes(...))`` of the two tiles, remembered (a handful of kinds and
    two owners: every pair of tiles is one of a few hundred)."""
    key = (c.simple, code, owner, code2, owner2)
    found = _RELATION.get(key)
    if found is None:
        found = _RELATION[key] = (harmonizes(c, code, owner, code2, owner2),
                                  clashes(c, code, owner, code2, owner2))
    return found


@lru_cache(maxsize=None)
def _between(a: int, b: int) -> int:
    """The points strictly between ``a`` and ``b`` on their row or column (geometry alone:
    remembered)."""
    xa, ya = coords(a)
    xb, yb = coords(b)
    m = 0
    if ya == yb:
        for x in range(min(xa, xb) + 1, max(xa, xb)):
            m |= 1 << index(x, ya)
    else:
        for y in range(min(ya, yb) + 1, max(ya, yb)):
            m |= 1 << index(xa, y)
    return m


class Analysis:
    """Harmonies, disharmonies and the points between them in one position; ``seen`` (made on
    first use) the tiles each empty point outside them sees along its lines, and ``visible``
    (made on first use) the points each kind of tile is seen from."""

    __slots__ = ("harmonies", "clash_count", "between", "_seen", "_state", "_occupied", "_visible")

    def __init__(self, st, c: Cfg) -> None:
        self._state = st
        self._seen: dict[int, list] | None = None
        self._visible: dict | None = None
        self.harmonies: list[tuple[int, int]] = []
        self.clash_count: dict[int, int] = {}
        board = st.board
        between = 0
        blockers, blockers_t = line_stops(st)
        known = _RELATION
        simple = c.simple
        for i in bits(st.occupied & PLAYABLE):
            t = board[i]
            code, owner = t.kind.code, t.owner
            gate = GATES >> i & 1
            n = 0
            for s in nearest(blockers, blockers_t, i):  # the stops (:func:`stops`)
                if s < 0:
                    continue
                u = board[s]
                if u is None:
                    continue  # an empty Gate cuts the line
                s_gate = GATES >> s & 1
                found = known.get((simple, code, owner, u.kind.code, u.owner))
                harmony, clash = found or relation(c, code, owner, u.kind.code, u.owner)
                if harmony and not (gate and s_gate):
                    self.harmonies.append((i, s))
                    between |= _between(i, s)
                if clash and not gate and not s_gate:
                    n += 1
                    between |= _between(i, s)
            if n:
                self.clash_count[i] = n
        self.between = between
        self._occupied = st.occupied

    def seen(self) -> dict[int, list]:
        """{empty point not between related tiles: [(code, owner) of each tile it sees]}."""
        if self._seen is None:
            st = self._state
            board = st.board
            out = {}
            for i in bits(PLAYABLE & ~self._occupied & ~self.between):
                tiles = []
                for s in stops_of(st, i):
                    u = board[s] if s >= 0 else None
                    if u is not None:
                        tiles.append((u.kind.code, u.owner))
                out[i] = tiles
            self._seen = out
        return self._seen

    def visible(self) -> dict:
        """{(code, owner): the points from which a tile of that kind and owner is seen along a
        line}, made on first use.  Seeing is mutual: a point sees a tile (the tile is its stop)
        exactly when it lies on one of the tile's lines before the tile's own stop, or is that
        stop when the stop is an empty Gate, or the line runs off the board first."""
        if self._visible is None:
            st = self._state
            board = st.board
            blockers, blockers_t = line_stops(st)
            out: dict = {}
            for i in bits(st.occupied & PLAYABLE):
                t = board[i]
                m = 0
                for d, s in enumerate(nearest(blockers, blockers_t, i)):
                    if s < 0:
                        m |= RAY_MASKS[i][d]
                    else:
                        m |= _between(i, s)
                        if board[s] is None:  # an empty Gate
                            m |= 1 << s
                key = (t.kind.code, t.owner)
                out[key] = out.get(key, 0) | m
            self._visible = out
        return self._visible


def analysis(game) -> Analysis:
    a = game.cache.get("ug")
    if a is None:
        a = game.cache["ug"] = Analysis(game.state, cfg(game))
    return a


def can_hold(c: Cfg, code: str, i: int) -> bool:
    if c.simple or GATES >> i & 1 or not _basic(code):
        return True
    colour = AREA["red"] if code[0] == "R" else AREA["white"]
    return bool((AREA["neutral"] | colour) >> i & 1)


def holding(c: Cfg, code: str) -> int:
    """The points that may hold a tile of ``code`` (:func:`can_hold` as a bitset)."""
    if c.simple or not _basic(code):
        return PLAYABLE
    return GATES | AREA["neutral"] | (AREA["red"] if code[0] == "R" else AREA["white"])


def legal_points(game, code: str, player: str, a: Analysis | None = None) -> list[int]:
    """The points TGG's page opens for a tile: the empty Gates while any is empty; then every
    empty point not between two related tiles, that may hold the tile, and from which the tile
    forms a harmony with the tile it sees along a line."""
    st = game.state
    open_gates = GATES & ~st.occupied
    if open_gates:
        return list(bits(open_gates))
    c = cfg(game)
    a = a or analysis(game)
    sees = 0  # the points that see a tile the placed one would harmonize with
    for (code2, owner2), points in a.visible().items():
        if relation(c, code, player, code2, owner2)[0]:
            sees |= points
    return list(bits(sees & holding(c, code) & PLAYABLE & ~a._occupied & ~a.between))


def placement_moves(game) -> list[Move]:
    st = game.state
    player = st.to_move
    pile = st.pile("reserve", player)
    a = analysis(game)
    out = []
    for kind in game.tileset.kinds:
        code = kind.code
        if not pile.get(code):
            continue
        for i in legal_points(game, code, player, a):
            out.append(Move("place", f"{code}{LABEL[i]}", tile=code, dst=i))
    return out


def pass_allowed(game) -> bool:
    """The page offers a pass once three turns have been played (from the Guest's second turn)."""
    st = game.state
    return st.phase == PLACE and (st.turn > 2 or (st.turn == 2 and st.to_move == "guest"))


@hookimpl
def paisho_legal_moves(game) -> list[Move]:
    out = placement_moves(game)
    if pass_allowed(game):
        out.append(Move("pass", PASS))
    return out


def remove_disharmonic(game) -> None:
    """Remove every tile in disharmony with two or more tiles, all at once, until none is left."""
    st = game.state
    c = cfg(game)
    while True:
        a = Analysis(st, c)
        doomed = [i for i, n in a.clash_count.items() if n >= 2]
        if not doomed:
            game.cache["ug"] = a
            return
        for i in doomed:
            t = st.lift(i)
            st.give("captured", t.owner, t.kind.code)


@hookimpl
def paisho_apply(game, move: Move) -> None:
    st = game.state
    player = st.to_move
    ex = st.extra
    if move.action == "pass":
        ex["passes"] = ex.get("passes", 0) + 1
        end_turn(game)
        return
    ex["passes"] = 0
    st.take("reserve", player, move.tile)
    st.put(move.dst, game.tileset.tile(move.tile, player))
    game.cache.clear()
    remove_disharmonic(game)
    first_turn = st.turn == 1 and player == "host"
    if st.phase == PLACE and not first_turn and st.pile("reserve", player) and _any_placement(game):
        st.phase = SECOND
        return
    end_turn(game)


def _any_placement(game) -> bool:
    """Whether the player to move may place any tile of their reserve: :func:`legal_points`
    asked point by point, stopping at the first (the lines of every point are not read unless
    no point will do)."""
    st = game.state
    player = st.to_move
    codes = [code for code, n in st.pile("reserve", player).items() if n]
    if not codes:
        return False
    if GATES & ~st.occupied:
        return True
    c = cfg(game)
    a = analysis(game)
    board = st.board
    if a._seen is not None:
        points = ((i, tiles) for i, tiles in a._seen.items())
    else:
        points = ((i, [(u.kind.code, u.owner) for s in stops_of(st, i) if s >= 0 and (u := board[s]) is not None])
                  for i in bits(PLAYABLE & ~a._occupied & ~a.between))
    for i, tiles in points:
        for code in codes:
            if can_hold(c, code, i) and any(relation(c, code, player, *t)[0] for t in tiles):
                return True
    return False


def end_turn(game) -> None:
    st = game.state
    st.phase = PLACE
    st.next_turn("host")


def central(game, player: str) -> int:
    return (game.state.owned[player] & cfg(game).score).bit_count()


@hookimpl
def paisho_check_end(game) -> Outcome | None:
    st = game.state
    if st.phase != PLACE:
        return None
    out_of_tiles = not any(st.pile("reserve", p) for p in ("host", "guest"))
    passes = st.extra.get("passes", 0)
    if not out_of_tiles and passes < 2:
        return None
    h, g = central(game, "host"), central(game, "guest")
    why = "every tile has been placed" if out_of_tiles else "both players passed"
    details = {"central": {"host": h, "guest": g}}
    if h == g:
        return Outcome(None, f"{why}: both players have {h} tiles in or touching the Central Gardens", details)
    w = "host" if h > g else "guest"
    return Outcome(w, f"{why}: {w} has more tiles in or touching the Central Gardens "
                      f"({max(h, g)} to {min(h, g)})", details)


@hookimpl
def paisho_harmonies(game) -> list[Harmony]:
    st = game.state
    seen = set()
    out = []
    for i, s in analysis(game).harmonies:
        key = (min(i, s), max(i, s))
        if key in seen:
            continue
        seen.add(key)
        t = st.board[i]
        out.append(Harmony(coords(i), coords(s), t.owner))
    return out
