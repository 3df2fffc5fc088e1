"""TGG's Adevar notation in and out: ``0H.cHT:Iris`` (choosing the Hidden Tile),
``3G.GLilac(-2,-4)`` (calling a tile: owner letter, tile code, point), ``4H.(5,2)-(4,0)``
(moving).  TGG's older spelling ``HGate(x,y)`` is read as the Away Gate."""
from __future__ import annotations

import re

from paisho_core.errors import NotationError
from paisho_core.hookspecs import hookimpl

from .geometry import INDEX

_CHOOSE = re.compile(r"cHT:([A-Za-z]+)")
_CALL = re.compile(r"([HG])([A-Za-z]+)\((-?\d+),(-?\d+)\)")
_MOVE = re.compile(r"\((-?\d+),(-?\d+)\)-\((-?\d+),(-?\d+)\)")


def _check(x: str, y: str, text: str) -> None:
    if (int(x), int(y)) not in INDEX:
        raise NotationError(f"{text!r}: ({x},{y}) is not a point of the Adevar board")


@hookimpl
def paisho_parse_turn(game, body):
    text = body.replace(" ", "")
    if _CHOOSE.fullmatch(text):
        return [text]
    m = _CALL.fullmatch(text)
    if m:
        _check(m.group(3), m.group(4), body)
        if m.group(2) == "Gate":
            text = f"{m.group(1)}GateAway({m.group(3)},{m.group(4)})"
        return [text]
    m = _MOVE.fullmatch(text)
    if m:
        _check(m.group(1), m.group(2), body)
        _check(m.group(3), m.group(4), body)
        return [text]
    raise NotationError(f"{body!r} is not an Adevar turn (expected cHT:TILE, "
                        "<H|G>TILE(x,y) or (x1,y1)-(x2,y2))")


@hookimpl
def paisho_public_turn(game, moves):
    """A Hidden Tile chosen is written ``cHT:HiddenTile`` for everyone (as TGG's page shows it
    to the opponent) while the game goes on; other turns are public."""
    if game.is_over():
        return None
    if len(moves) == 1 and moves[0].action == "choose" and not game.options.get("LiteGame"):
        return "cHT:HiddenTile"
    return None
