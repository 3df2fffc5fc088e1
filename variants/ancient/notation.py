"""Ancient turn notation (``<n><P>.<body>``, documented in docs/variants/ancient/rules.md) and
the ``Deal`` tag that lets a game dealt at a physical table be replayed without a seed."""
from __future__ import annotations

import re

from paisho_core.board import bits
from paisho_core.errors import IllegalMoveError, NotationError
from paisho_core.hookspecs import hookimpl
from paisho_core.notation import point as parse_point
from paisho_core.tiles import PLAYERS

from .derived import hand_codes
from . import rules
from .rules import CENTRE, opts


# -- notation ---------------------------------------------------------------------------------

def _check_point_text(text: str) -> None:
    """NotationError for any ``(x,y)`` in ``text`` that is malformed or off the board."""
    for m in re.finditer(r"\([^()]*\)", text):
        parse_point(m.group(0))


@hookimpl
def paisho_parse_turn(game, body):
    """Split a turn body into decisions.  Forms: ``first``/``second``, ``pass``,
    ``x:DRAWN/DISCARDED`` (exchange), ``PLACEMENT&MOVE`` with PLACEMENT ``CODE(x,y)``,
    ``B(x,y)>(x,y)`` or ``W(x,y)@k``.  The guess and the order choice are ``left``/``right`` and
    ``first``/``second``, joined by ``,`` when one player makes both.  A drawn tile is kept only
    when it is not the game's own chance step (records, hand-dealt games); when the seed fixes
    it, it must match."""
    body = body.replace(" ", "")
    if not body:
        raise NotationError("empty turn body")
    if game.ply == 0 and not game.auto_chance and "Deal" in game.tags:
        install_deal(game, game.tags["Deal"])
    st = game.state
    o = opts(game)
    if body == "pass":
        return [body]
    words = body.split(",")
    if all(w in ("left", "right", "first", "second") for w in words):
        return words
    if body[0] in "xX" and (len(body) == 1 or body[1] in ":/"):
        m = re.fullmatch(r"[xX](?::([A-Z][0-9]?|\?))?(?:/([A-Z][0-9]?))?", body)
        if not m:
            raise NotationError(f"{body!r} is not an exchange (x:DRAWN/DISCARDED)")
        drawn, discarded = m.group(1), m.group(2)
        out = ["x"]
        key = o.pool_key(st.to_move)
        order = st.extra.get("order_" + key)
        top = rules.order_head(game.tileset, order) if order else None
        if drawn not in (None, "?") and order and drawn != top:
            raise IllegalMoveError(
                f"drawn tile {drawn} does not match the draw pile of this game's seed "
                f"(the next tile is {top})")
        if not game.auto_chance or st.extra.get("entered"):
            if drawn in (None, "?"):
                if not order:
                    raise NotationError(f"{body!r}: the drawn tile must be written (x:CODE/...)")
                drawn = top
            out.append(drawn)
        elif drawn not in (None, "?") and not order:
            raise IllegalMoveError("this game draws its tiles itself; write the exchange as x/DISCARDED")
        if discarded:
            out.append(discarded)
        return out
    _check_point_text(body)
    head, _, mv = body.partition("&")
    m = re.fullmatch(r"([A-Z][0-9]?\(-?\d+,-?\d+\))(>\(-?\d+,-?\d+\)|@\d)?", head)
    if not m:
        raise NotationError(f"{head!r} is not a placement (CODE(x,y), B(x,y)>(x,y) or W(x,y)@k)")
    out = [m.group(1)]
    if m.group(2):
        out.append(m.group(2))
    if mv:
        if not re.fullmatch(r"\(-?\d+,-?\d+\)-\(-?\d+,-?\d+\)", mv):
            raise NotationError(f"{mv!r} is not a move (x1,y1)-(x2,y2)")
        out.append(mv)
    return out


@hookimpl
def paisho_format_turn(game, moves):
    parts = []
    for m in moves:
        if m.implicit:
            continue
        if m.action == "order" and parts:
            parts.append("," + m.text)
        elif m.action == "draw":
            parts.append(":" + m.text)
        elif m.action == "discard":
            parts.append("/" + m.text)
        elif m.action == "move":
            parts.append("&" + m.text)
        else:
            parts.append(m.text)
    return "".join(parts)


# -- the Deal tag: games dealt at a physical table --------------------------------------------

def deal_text(game) -> str:
    """The deal of the current game written as a ``Deal`` tag value, e.g.
    ``host:D,D,R5,W3,W3;guest:B,B,R4,R4,R5;centre:R3;hidden:left`` (``hidden``: the host's hand
    holding the tile of the guess ritual, before the guess)."""
    st = game.state
    parts = [f"{p}:" + ",".join(c for c in hand_codes(st, p) for _ in range(st.pile("hand", p)[c]))
             for p in ("host", "guest")]
    centre = st.board[CENTRE]
    parts.append("centre:" + (centre.kind.code if centre else "?"))
    if st.extra.get("hidden"):
        parts.append("hidden:" + st.extra["hidden"])
    return ";".join(parts)


def install_deal(game, text: str) -> None:
    """Replace the seeded deal by the one a record's ``Deal`` tag gives (a game dealt by hand):
    hands, centrepiece and, under the guess ritual, the hand that hid the tile.  The draw order is
    then unknown: every draw is read from the record, and later draws are entered by the
    players (they are decisions, not chance steps).  Only before the first decision."""
    o = opts(game)
    fields = {}
    for part in text.replace(" ", "").split(";"):
        key, sep, value = part.partition(":")
        if not sep or key not in ("host", "guest", "centre", "hidden") or key in fields:
            raise NotationError(f"Deal tag: {part!r} is not host:, guest:, centre: or hidden: (once each)")
        fields[key] = value
    missing = [k for k in ("host", "guest", "centre") if k not in fields]
    if o.first_player == "guess" and "hidden" not in fields:
        missing.append("hidden")
    if missing:
        raise NotationError(f"Deal tag: missing {', '.join(missing)}")
    if fields.get("hidden", "left") not in ("left", "right"):
        raise NotationError("Deal tag: hidden must be left or right")
    codes = {k.code for k in game.tileset.kinds}
    hands = {}
    for p in PLAYERS:
        hand = [c for c in fields[p].split(",") if c]
        bad = [c for c in hand if c not in codes]
        if bad:
            raise NotationError(f"Deal tag: unknown tile code(s) {', '.join(bad)}")
        if len(hand) != o.hand_size:
            raise IllegalMoveError(f"Deal tag: the {p} hand has {len(hand)} tiles, not {o.hand_size}")
        hands[p] = hand
    centre = fields["centre"]
    if centre not in codes:
        raise NotationError(f"Deal tag: unknown centrepiece {centre!r}")
    full = {k.code: k.count for k in game.tileset.kinds}
    pools = {k: dict(full) for k in o.pool_keys}
    for p in PLAYERS:
        for c in hands[p]:
            pools[o.pool_key(p)][c] -= 1
    pools["host"][centre] -= 1
    for key, pool in pools.items():
        short = [c for c, n in pool.items() if n < 0]
        if short:
            raise IllegalMoveError(f"Deal tag deals more {', '.join(short)} than the set holds")
    st = game.state
    for i in list(bits(st.occupied)):
        st.lift(i)
    st.piles = {name: {p: {} for p in PLAYERS} for name in ("pool", "hand", "discard", "captured")}
    for key, pool in pools.items():
        st.piles["pool"][key] = {c: n for c, n in pool.items() if n}
    for p in PLAYERS:
        for c in hands[p]:
            st.give("hand", p, c)
    st.put(CENTRE, game.tileset.tile(centre, "host"))
    ex = st.extra
    ex["centre_id"] = st.ident[CENTRE]
    for key in PLAYERS:
        ex["order_" + key] = None if key in o.pool_keys else ""
    ex["hidden"] = None
    ex["entered"] = True
    if o.first_player == "guess":
        ex["hidden"] = fields["hidden"]
        st.to_move, st.phase, st.turn = "guest", "guess", 0
    game._changed()
