"""Why a garden game (Skud, Fire) refuses a well-formed move: the reasons its rules can name.

Used by each garden variant's ``explain`` module; reads the position only through the core's
neutral board helpers and the variant's data (tile kinds, stops, clash pairs), so it stays
independent of the move generators (which are rewritten for speed)."""
from __future__ import annotations

import re

from paisho_core import board
from paisho_core.explain import arrangement_points

PLANT_RE = re.compile(r"^\+?([A-Za-z][A-Za-z0-9]*)\((-?[0-9]{1,6}),(-?[0-9]{1,6})\)$")
STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def _name(kind) -> str:
    return kind.name


def plant_reason(game, text: str) -> str | None:
    m = PLANT_RE.match(text)
    if not m:
        return None
    code, x, y = m.group(1), int(m.group(2)), int(m.group(3))
    if code not in game.tileset:
        return f"{code!r} is not a tile code of {game.name}"
    kind = game.tileset.by_code[code]
    st = game.state
    if not st.pile("reserve", st.to_move).get(code):
        return f"{st.to_move} has no {_name(kind)} ({code}) left in the reserve"
    i = board.index(x, y)
    if st.board[i] is not None:
        return f"({x},{y}) is taken by the {_name(st.board[i].kind)}"
    if not (board.GATES >> i) & 1 and kind.group not in ("accent",):
        return f"a {_name(kind)} is planted in an open gate, and ({x},{y}) is not a gate"
    return None


def _ray_blocker(st, x: int, y: int, dx: int, dy: int, skip: int):
    """The first occupied point from (x,y) in one direction (ignoring ``skip``), or a gate."""
    while True:
        x, y = x + dx, y + dy
        if not board.on_board(x, y):
            return None
        i = board.index(x, y)
        if i != skip and st.board[i] is not None:
            return i
        if (board.GATES >> i) & 1:
            return None


def _reachable(st, src: int, dst: int, steps: int) -> bool:
    """Can a tile walk from src to dst in at most ``steps`` orthogonal steps over empty points
    (ending on dst, which may hold a tile to capture)?"""
    frontier, seen = {src}, {src}
    for _ in range(steps):
        nxt = set()
        for i in frontier:
            x, y = board.coords(i)
            for dx, dy in STEPS:
                if not board.on_board(x + dx, y + dy):
                    continue
                j = board.index(x + dx, y + dy)
                if j == dst:
                    return True
                if j in seen or st.board[j] is not None or (board.GATES >> j) & 1:
                    continue
                seen.add(j)
                nxt.add(j)
        frontier = nxt
    return False


def arrangement_reason(game, text: str) -> str | None:
    points = arrangement_points(text)
    if points is None:
        return None
    x1, y1, x2, y2 = points
    st = game.state
    src, dst = board.index(x1, y1), board.index(x2, y2)
    tile = st.board[src]
    if tile is None or tile.owner != st.to_move:
        return None  # the core says so
    kind = tile.kind
    dist = abs(x2 - x1) + abs(y2 - y1)
    if kind.move == 0:
        return f"a {_name(kind)} never moves"
    if kind.stops and not (kind.stops >> dst) & 1:
        area = {"both": "red-and-white"}.get(board.area_name(dst), board.area_name(dst))
        return f"a {_name(kind)} may not end on ({x2},{y2}), a point of the {area} garden"
    if (board.GATES >> dst) & 1:
        return f"a move may not end in a gate, and ({x2},{y2}) is one"
    if dist > kind.move:
        return f"a {_name(kind)} moves at most {kind.move} steps; ({x1},{y1}) to ({x2},{y2}) is {dist}"
    if not _reachable(st, src, dst, kind.move):
        return f"({x2},{y2}) is out of reach: every path of {kind.move} steps is blocked by tiles"
    target = st.board[dst]
    if target is not None and target.owner != tile.owner:
        return f"the {_name(kind)} may not capture the {_name(target.kind)} on ({x2},{y2})"
    clash = game.variant.clash
    for dx, dy in STEPS:
        j = _ray_blocker(st, x2, y2, dx, dy, src)
        if j is not None and not (board.GATES >> j) & 1 and clash(kind.code, st.board[j].kind.code):
            jx, jy = board.coords(j)
            return f"it would clash with the {_name(st.board[j].kind)} on ({jx},{jy})"
    return None


def reason(game, text: str) -> str | None:
    """A plant or an arrangement, checked in that order."""
    return plant_reason(game, text) or arrangement_reason(game, text)
