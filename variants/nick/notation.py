"""The Garden Gate's notation for Nick Pai Sho, in and out.

TGG keeps a Nick game as a JSON list of moves, ``{"moveNum": 0, "player": "GUEST", "moveType":
"Move", "startPoint": "-6,-6", "endPoint": "-5,-5"}``: ``moveNum`` counts from 0 (paisho's turn 1
is TGG's 0), the Guest moves first, and the points are TGG's notation points, which are paisho's
``(x,y)``.  Its page shows the same moves as lines ``0G.(-6,6)-(-5,5)`` in display coordinates,
the board turned a quarter: display ``(a,b)`` is the point ``(-b,a)``.  Both are read here; a
move-list is written.  Reading never runs anything: the text is parsed as data and every move is
then played through the rules, so an illegal one is refused with the turn it came from.
"""
from __future__ import annotations

import json
import re

from paisho_core.errors import NotationError

DISPLAY_RE = re.compile(r"^\s*(\d+)([GH])\.\((-?\d+),(-?\d+)\)-\((-?\d+),(-?\d+)\)\s*$")
POINT_RE = re.compile(r"^-?\d+,-?\d+$")


def _turn(n: int, player: str, start: str, end: str) -> str:
    return f"{n + 1}{player}.({start})-({end})"


def from_tgg(text: str) -> list[str]:
    """paisho turns (``1G.(x1,y1)-(x2,y2)``) from a TGG Nick game: its JSON move list, or the
    page's display lines (one a line, or joined by ``;``)."""
    text = text.strip()
    if text.startswith("["):
        try:
            moves = json.loads(text)
        except ValueError as exc:
            raise NotationError(f"not a TGG Nick move list: {exc}") from None
        return [_from_move(m, k) for k, m in enumerate(moves)]
    out = []
    for k, line in enumerate(p for p in re.split(r"[;\n]", text) if p.strip()):
        m = DISPLAY_RE.match(line)
        if not m:
            raise NotationError(f"TGG Nick move {k + 1}: {line.strip()!r} is not like 0G.(a,b)-(c,d)")
        n, player, a, b, c, d = m.groups()
        out.append(_turn(int(n), player, f"{-int(b)},{a}", f"{-int(d)},{c}"))
    return out


def _from_move(m, k: int) -> str:
    where = f"TGG Nick move {k + 1}"
    if not isinstance(m, dict):
        raise NotationError(f"{where}: expected an object with moveNum, player, startPoint, endPoint")
    if m.get("moveType", "Move") != "Move":
        raise NotationError(f"{where}: only moves are read (moveType {m.get('moveType')!r})")
    n, player = m.get("moveNum"), m.get("player")
    start, end = m.get("startPoint"), m.get("endPoint")
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise NotationError(f"{where}: moveNum must be a whole number >= 0, got {n!r}")
    if player not in ("GUEST", "HOST"):
        raise NotationError(f"{where}: player must be GUEST or HOST, got {player!r}")
    for name, p in (("startPoint", start), ("endPoint", end)):
        if not isinstance(p, str) or not POINT_RE.match(p):
            raise NotationError(f"{where}: {name} must be 'x,y', got {p!r}")
    return _turn(n, player[0], start, end)


def to_tgg(game, display: bool = False) -> str:
    """The game's turns as TGG writes them: its JSON move list, or with ``display`` the page's
    lines ``0G.(a,b)-(c,d)`` joined by ``;``."""
    out = []
    for number, player, moves in game.turns():
        m = moves[0]
        (x1, y1), (x2, y2) = m.from_point, m.to_point
        who = "GUEST" if player == "guest" else "HOST"
        if display:
            out.append(f"{number - 1}{who[0]}.({y1},{-x1})-({y2},{-x2})")
        else:
            out.append({"moveNum": number - 1, "player": who, "moveType": "Move",
                        "startPoint": f"{x1},{y1}", "endPoint": f"{x2},{y2}"})
    return ";".join(out) if display else json.dumps(out)
