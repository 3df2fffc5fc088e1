"""Vagabond turns in TGG's notation: ``CODE(x,y)`` deploys a tile, ``(x1,y1)-(x2,y2)`` moves one.

A turn is one decision, so a turn's body is one decision text.  TGG's draw offer (a trailing
``~~``) and draw acceptance (``==``) are not part of paisho's Vagabond: a record holding one is
refused with a message saying so (rulings page, "Draws").
"""
from __future__ import annotations

import re

from paisho_core.board import LABEL_INDEX, PLAYABLE
from paisho_core.errors import NotationError
from paisho_core.hookspecs import hookimpl
from paisho_core.notation import check_points

from . import rules

POINT = r"\(-?\d+,-?\d+\)"
TURN_RE = re.compile(rf"^(?:[A-Z]{POINT}|{POINT}-{POINT})$")
NAMES = {"L": "White Lotus", "C": "Chrysanthemum", "F": "Fire Lily", "B": "Badgermole",
         "S": "Sky Bison", "Y": "Flying Lemur", "W": "Wheel", "D": "White Dragon"}


@hookimpl
def paisho_parse_turn(game, body):
    body = body.replace(" ", "")
    if body.endswith("~~") or body == "==":
        raise NotationError(f"{body!r}: draw offers and acceptances (TGG's ~~ and ==) are not "
                            "part of paisho's Vagabond; see the rulings page")
    if not TURN_RE.match(body):
        raise NotationError(f"{body!r} is not a Vagabond turn: expected CODE(x,y) to deploy a tile "
                            "(codes L C F B S Y W D) or (x1,y1)-(x2,y2) to move one")
    check_points(body)
    return [body]


@hookimpl
def paisho_explain_illegal(game, text):
    """Why a well-formed turn is refused, in one sentence (None for text not shaped like a turn:
    the core then says which shapes are expected)."""
    if not TURN_RE.match(text):
        return None
    st = game.state
    player = st.to_move
    v = rules.view(game)
    if text[0] != "(":
        code = text[0]
        if code not in NAMES:
            return f"there is no Vagabond tile {code!r}"
        if not st.piles.get("reserve", {}).get(player, {}).get(code):
            return f"{player} has no {NAMES[code]} left to deploy"
        i = LABEL_INDEX[text[1:]]
        if st.board[i] is not None:
            return f"{text[1:]} is taken"
        if code in rules.FLIERS:
            return f"a {NAMES[code]} is deployed on an open gate"
        if code == "D":
            return "a White Dragon is deployed within 5 steps of its owner's Fire Lily, off the gates"
        return "tiles other than the Sky Bison and Flying Lemur are deployed off the gates"
    src_text, dst_text = text.split("-", 1)
    src, dst = LABEL_INDEX[src_text], LABEL_INDEX[dst_text]
    t = st.board[src]
    if t is None:
        return f"there is no tile on {src_text}"
    if t.owner != player:
        return f"the tile on {src_text} is not {player}'s"
    code = t.kind.code
    if code in ("C", "F"):
        return f"a {NAMES[code]} never moves"
    if code in rules.FLIERS and v.blocked >> src & 1:
        return f"the {NAMES[code]} on {src_text} is stopped by an opposing Chrysanthemum next to it"
    target = st.board[dst]
    if target is not None:
        if target.owner == player:
            return f"{dst_text} holds {player}'s own tile"
        if code not in rules.CAPTURERS:
            return f"a {NAMES[code]} cannot capture"
        if v.protected >> dst & 1:
            return f"the tile on {dst_text} is protected by a Badgermole next to it"
        if not rules.capturable(v, player, code, dst):
            return ("flower tiles can be captured once the capturer's White Lotus is deployed, "
                    "other tiles once both White Lotuses are")
    elif PLAYABLE >> dst & 1 and dst_text in ("(0,8)", "(0,-8)", "(8,0)", "(-8,0)"):
        return "no tile moves onto an open gate"
    return f"the {NAMES[code]} on {src_text} cannot reach {dst_text}"
