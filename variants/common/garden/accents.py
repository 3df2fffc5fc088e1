"""Accent tiles shared by the garden games: Rock, Knotweed, Pond, Lion Turtle, Wheel and Boat."""
from __future__ import annotations

from paisho_core import board
from paisho_core.board import AROUND, GATES, LABEL, NCELLS, PLAYABLE, TRANSPOSE, bits
from paisho_core.game import Move
from paisho_core.sight import rotate_clockwise

from .clash import IS_GATE, ClashMap, clash_at
from .memo import clash_map, lines
from .roles import Roles


def wheel_rotation(state, r: Roles, centre: int):
    """The moves ``[(src, dst)]`` a Wheel on ``centre`` makes, or None if it may not go there.

    Refused when a surrounding point is an occupied gate or holds a Rock, or when a surrounding
    tile would rotate off the board, onto a gate or onto a point it may not stand on.
    """
    moves = []
    b = state.board
    rocks = r.codes.get("rock", ())
    basic, stops = r.basic, r.stops
    for q, dst in TURNS[centre]:
        tile = b[q]
        if IS_GATE[q]:
            if tile is not None:
                return None
            continue
        if tile is None:
            continue
        code = tile.kind.code
        if code in rocks:
            return None
        if dst < 0 or IS_GATE[dst]:
            return None
        if code in basic and not (stops[code] >> dst) & 1:
            return None
        moves.append((q, dst))
    return moves


TURNS: list[tuple[tuple[int, int], ...]] = [
    tuple((q, rotate_clockwise(c, q)) for q in bits(AROUND[c])) if (PLAYABLE >> c) & 1 else ()
    for c in range(NCELLS)]
"""``(q, where q goes)`` for each point q around each point (-1: off the board), point order."""


def placement_mask(clash: ClashMap, code: str, points: int) -> int:
    """The points of ``points`` where a new tile ``code`` would see no clashing tile."""
    return points & ~clash.bad(code)


def accent_moves(game, state, r: Roles, player: str, code: str, check: bool, boat_sep: str = "-"):
    """Placements of the accent ``code`` shared by the garden games, as Moves written
    ``+CODE(x,y)`` (Boat on a flower: ``+B(x1,y1)<sep>(x2,y2)``).  None for a role handled
    elsewhere."""
    role = r.role.get(code)
    occ = state.occupied
    free = PLAYABLE & ~GATES & ~occ
    table = r.moves
    if role in ("rock", "knotweed", "pond", "lion_turtle"):
        return table.place_pick("accent", "+", code, PLAYABLE & ~GATES, free)
    if role == "wheel":
        tile = game.tileset.tile(code, player)
        ok = free & ~board.step8(occ)  # nothing around: nothing turns
        for p in bits(free & ~ok):
            moves = wheel_rotation(state, r, p)
            if moves is None or (check and moves and _wheel_clashes(state, r, p, tile, moves)):
                continue
            ok |= 1 << p
        return table.place_pick("accent", "+", code, PLAYABLE & ~GATES, ok)
    if role == "boat":
        return _boat_moves(game, state, r, player, code, check, boat_sep)
    return None


class Overlay:
    """A copy of a position's board and occupancy masks (what :func:`clash_at` reads) to try a
    change on, leaving the game, its position key and its undo log untouched."""

    __slots__ = ("board", "occupied", "occupied_t")

    def __init__(self, state) -> None:
        self.board = state.board.copy()
        self.occupied = state.occupied
        self.occupied_t = state.occupied_t

    def set(self, i: int, tile) -> None:
        """Put ``tile`` (None: nothing) on point ``i``."""
        self.board[i] = tile
        if tile is None:
            self.occupied &= ~(1 << i)
            self.occupied_t &= ~(1 << TRANSPOSE[i])
        else:
            self.occupied |= 1 << i
            self.occupied_t |= 1 << TRANSPOSE[i]


def _wheel_clashes(state, r: Roles, p: int, tile, moves) -> bool:
    """Would a Wheel put on ``p``, turning ``moves``, leave a clash?  (Tried on an
    :class:`Overlay`.)"""
    view = Overlay(state)
    b = state.board
    for src, _dst in moves:
        view.set(src, None)
    for src, dst in moves:
        view.set(dst, b[src])
    view.set(p, tile)
    # each point once: a turned tile's destination is mostly another's point
    return clash_at(view, r, dict.fromkeys([p] + [m for mv in moves for m in mv]))


def _boat_moves(game, state, r: Roles, player: str, code: str, check: bool, sep: str) -> list[Move]:
    """A Boat on an accent (both leave the game) or on a flower, which moves to a surrounding
    point."""
    b = state.board
    occ = state.occupied
    table = r.moves
    clash = clash_map(game) if check else None
    lines_ = lines(game)
    partners = r.clash_partners
    out = []
    for p in bits(occ & ~GATES):
        target = b[p]
        tc = target.kind.code
        if tc in r.accent:
            if clash is not None and clash.opened(b, p, lines_):
                continue
            out.append(table.get(("accent", code, p), lambda: Move(
                "accent", f"+{code}{LABEL[p]}", tile=code, dst=p)))
            continue
        if clash is None or not (partners[code] or tc in partners[tc]):
            # the flower on its new point sees a clashing tile iff it sees one from there now
            allowed = r.stops[tc] if tc in r.basic else PLAYABLE & ~GATES
            dests = AROUND[p] & ~occ & ~GATES & allowed
            if clash is not None:
                dests &= ~clash.bad(tc)
            dests = bits(dests)
        else:
            dests = boat_flower_destinations(state, r, p, game.tileset.tile(code, player), True)
        for q in dests:
            out.append(table.get(("boat", code, p, q, sep), lambda: Move(
                "accent", f"+{code}{LABEL[p]}{sep}{LABEL[q]}", tile=code, dst=p, aux=q)))
    return out


def apply_accent(game, state, r: Roles, move, player: str) -> bool:
    """Put an accent placed by ``accent_moves`` on the board; False for other roles."""
    tile = game.tileset.tile(move.tile, player)
    role = r.role.get(move.tile)
    p = move.dst
    if role == "wheel":
        moves = wheel_rotation(state, r, p)
        state.put(p, tile)
        rotate(state, moves)
    elif role == "boat":
        if move.aux is None:
            state.lift(p)  # the accent and the Boat both leave the game
        else:
            state.relocate(p, move.aux)
            state.put(p, tile)
    elif role in ("rock", "knotweed", "pond", "lion_turtle"):
        state.put(p, tile)
    else:
        return False
    return True


def rotate(state, moves) -> None:
    """Move every (src, dst) at once, keeping tile identities."""
    lifted = [(dst, state.ident[src], state.lift(src)) for src, dst in moves]
    for dst, ident, tile in lifted:
        state.put(dst, tile, ident)


def boat_flower_destinations(state, r: Roles, target: int, boat_tile, check_clash: bool) -> list[int]:
    """Points the flower on ``target`` may be moved to when a Boat lands on it."""
    flower = state.board[target]
    allowed = r.stops[flower.kind.code] if flower.kind.code in r.basic else PLAYABLE & ~GATES
    out = []
    ident = state.ident[target]
    for q in bits(AROUND[target] & ~state.occupied & ~GATES & allowed):
        state.lift(target)
        state.put(q, flower, ident)
        state.put(target, boat_tile, -1)  # scratch placement: no new identity
        bad = check_clash and clash_at(state, r, (target, q))
        state.lift(target)
        state.lift(q)
        state.put(target, flower, ident)
        if not bad:
            out.append(q)
    return out
