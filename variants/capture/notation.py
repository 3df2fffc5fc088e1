"""Capture Pai Sho's turn notation, as The Garden Gate writes it.

A deal turn is the player's twelve tile codes in the order they were placed, ``0H.DLPUFAOBMTVK``
(one decision per tile); a move is ``(x1,y1)-(x2,y2)``, a capture included.  Turns are numbered
0 (the deals, Host first) then 1H, 1G, 2H...: what TGG's records read, so a game copied from TGG
replays here and one written here replays there.
"""
from __future__ import annotations

import re

from paisho_core.errors import NotationError
from paisho_core.hookspecs import hookimpl

from .rules import cfg

MOVE_RE = re.compile(r"^\(-?\d+,-?\d+\)-\(-?\d+,-?\d+\)$")


@hookimpl
def paisho_parse_turn(game, body):
    text = body.replace(" ", "")
    if not text:
        raise NotationError("empty turn body")
    if text.startswith("("):
        if not MOVE_RE.match(text):
            raise NotationError(f"{body!r} is not a move (expected (x1,y1)-(x2,y2))")
        return [text]
    codes = cfg(game).codes
    bad = sorted({ch for ch in text if ch not in codes})
    if bad:
        raise NotationError(f"{body!r}: {', '.join(bad)} is not a tile code "
                            f"(a deal lists the codes {''.join(cfg(game).cycle)} in a shuffled order)")
    return list(text)
