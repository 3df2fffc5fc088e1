"""Adevar positions: the variant's own fields and each player's view (observation).

The secret is the pile ``secret``: one tile, the code of the owner's Hidden Tile, while the board
shows a face-down ``HiddenTile``.  A player's observation empties the opponent's ``secret`` pile
until the rules reveal it (the Water's Reflection captured, the game over, or Adevar Lite), and
says so the way the framework's dealer reads it: ``hidden`` names the pile and its size, and
``unseen`` the Hidden Tiles it may still be (the seven, less those a failed Second Face ruled out).
"""
from __future__ import annotations

from paisho_core.errors import PositionError
from paisho_core.hookspecs import hookimpl
from paisho_core.tiles import PLAYERS, other

from .rules import HIDDEN, secret

PHASES = ("choose", "turn")


def _secret_hidden(st, viewer: str) -> bool:
    opp = other(viewer)
    return secret(st, opp) is not None and opp not in st.extra.get("revealed", ())


@hookimpl
def paisho_observation(game, player):
    st = game.state
    if game.options.get("LiteGame"):
        return None
    view = game.position()
    opp = other(player)
    if not _secret_hidden(st, player):
        return view
    piles = dict(view.get("piles") or {})
    sec = dict(piles.get("secret") or {})
    sec[opp] = {}
    piles["secret"] = sec
    view["piles"] = piles
    out = set(c for p, c in st.extra.get("ruled_out", ()) if p == opp)
    view["hidden"] = {f"piles.secret.{opp}": 1}
    view["unseen"] = {c: 1 for c in HIDDEN if c not in out}
    view["viewer"] = player
    return view


@hookimpl
def paisho_position_extra(game):
    ex = game.state.extra
    return {
        "revealed": sorted(ex.get("revealed", ())),
        "ruled_out": sorted([p, c] for p, c in ex.get("ruled_out", ())),
        "second_faces_played": sorted([p, c] for p, c in ex.get("sf_played", ())),
        "won": list(ex["won"]) if ex.get("won") else None,
    }


def _pairs(value, path, problems):
    if not isinstance(value, list) or not all(
            isinstance(v, list) and len(v) == 2 and v[0] in PLAYERS and isinstance(v[1], str)
            for v in value):
        problems.append((path, "expected a list of [player, tile code] pairs"))
        return frozenset()
    return frozenset((p, c) for p, c in value)


@hookimpl
def paisho_load_position(game, data):
    st = game.state
    ex = st.extra
    problems: list = []
    phase = data.get("phase", "turn")
    if phase not in PHASES:
        problems.append(("$.phase", f"Adevar has no phase {phase!r} ({', '.join(PHASES)})"))
    for name in ("reserve", "captured", "secret"):
        st.piles.setdefault(name, {})
        for p in PLAYERS:
            st.piles[name].setdefault(p, {})
    rev = data.get("revealed", [])
    if not isinstance(rev, list) or not all(p in PLAYERS for p in rev):
        problems.append(("$.revealed", "expected a list of players"))
        rev = []
    ex["revealed"] = frozenset(rev)
    ex["ruled_out"] = _pairs(data.get("ruled_out", []), "$.ruled_out", problems)
    ex["sf_played"] = _pairs(data.get("second_faces_played", []), "$.second_faces_played", problems)
    won = data.get("won")
    if won is not None:
        if not (isinstance(won, list) and len(won) == 2 and won[0] in PLAYERS and isinstance(won[1], str)):
            problems.append(("$.won", "expected [player, reason] or null"))
        else:
            ex["won"] = (won[0], won[1])
    for p in PLAYERS:
        pile = st.piles["secret"].get(p) or {}
        if sum(pile.values()) > 1 or any(c not in HIDDEN for c in pile):
            problems.append((f"$.piles.secret.{p}", "at most one Hidden Tile code"))
    if problems:
        raise PositionError(problems)
