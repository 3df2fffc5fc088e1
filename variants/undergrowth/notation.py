"""Undergrowth Pai Sho's turn notation, as The Garden Gate writes it.

A turn is one or two placements joined by ``+`` (``2G.R3(1,1)+W3(-1,-1)``; the Host's first turn
places one tile), or ``-`` for a pass.  Turns are numbered from 1, the Host first.
"""
from __future__ import annotations

import re

from paisho_core.errors import NotationError
from paisho_core.hookspecs import hookimpl

from .rules import PASS

PLACEMENT = re.compile(r"^[A-Z][0-9]?\(-?\d+,-?\d+\)$")


@hookimpl
def paisho_parse_turn(game, body):
    text = body.replace(" ", "")
    if text == PASS:
        return [PASS]
    parts = text.split("+")
    if not text or len(parts) > 2 or not all(PLACEMENT.match(p) for p in parts):
        raise NotationError(f"{body!r} is not an Undergrowth turn (expected CODE(x,y), "
                            "CODE(x,y)+CODE(x,y) or - for a pass)")
    return parts


@hookimpl
def paisho_format_turn(game, moves):
    return "+".join(m.text for m in moves)
