"""Adevar Pai Sho as a paisho variant plugin, exact against The Garden Gate's engine.

Decisions (``state.phase``): ``choose`` (each player's secret Hidden Tile, the Host first:
``cHT:Iris``; it also sets up the player's tiles) and ``turn`` (move a tile ``(x1,y1)-(x2,y2)``
or call one from the hand ``HLilac(x,y)``).  The rules are in :mod:`.rules`, the board in
:mod:`.geometry`, TGG notation in :mod:`.notation`, positions and each player's view in
:mod:`.positions`, the computer players' knowledge of the goals in :mod:`.strategy`.
"""
from __future__ import annotations

from pathlib import Path

from paisho_core import board
from paisho_core.game import Harmony, Outcome
from paisho_core.hookspecs import hookimpl
from paisho_core.tiles import PLAYERS

from . import rules
from .rules import paisho_apply, paisho_has_legal_move, paisho_legal_moves
from .geometry import POINT
from .notation import paisho_parse_turn, paisho_public_turn
from .positions import paisho_load_position, paisho_observation, paisho_position_extra
from ..common.setup import begin
from .events import paisho_game_events  # noqa: F401  (a hook of this plugin)
from ..common.plugin import variant_info

YAML = Path(__file__).with_name("adevar.yaml")

__all__ = ["paisho_parse_turn", "paisho_public_turn", "paisho_load_position", "paisho_observation",
           "paisho_position_extra", "paisho_legal_moves", "paisho_has_legal_move", "paisho_apply"]


paisho_variant_info = variant_info("adevar", YAML, "Adevăr Pai Sho")


@hookimpl
def paisho_validate_options(variant, options):
    for name in ("LiteGame", "AdevarOneVanguard"):
        if not isinstance(options.get(name), bool):
            return f"option {name} must be true or false"
    if isinstance(options.get("turn_limit"), bool) or not isinstance(options.get("turn_limit", 0), int) \
            or options.get("turn_limit", 0) < 0:
        return "option turn_limit must be a whole number, 0 for none"
    return None


@hookimpl
def paisho_setup(game):
    st = game.state
    if game.options.get("LiteGame"):
        for p in PLAYERS:
            pile = st.pile("reserve", p)
            for sf in rules.MATCH:
                pile.pop(sf, None)
    st.extra.update(revealed=frozenset(), ruled_out=frozenset(), sf_played=frozenset(), won=None)
    begin(st, "choose", 0, piles=("captured", "secret"))


@hookimpl
def paisho_tile_budget(game):
    """Per player: the whole set (every tile kind once per copy of it the setup hands out),
    plus the face-down Hidden Tile on the board and its code kept in the secret pile."""
    out = {}
    for p in PLAYERS:
        for k in game.tileset.kinds:
            out[(p, k.code)] = max(k.count, 1) * 2
    return out


@hookimpl
def paisho_check_end(game):
    st = game.state
    won = st.extra.get("won")
    if won:
        return Outcome(won[0], won[1])
    limit = game.options.get("turn_limit", 0)
    if limit and st.turn > limit:
        return Outcome(None, f"turn limit {limit}")
    if st.phase == "turn" and not game.has_legal_move():
        winner = "guest" if st.to_move == "host" else "host"
        return Outcome(winner, f"{st.to_move} has no legal turn")
    return None


@hookimpl
def paisho_harmonies(game):
    out = []
    for a, b, owner in rules.harmony_pairs(game.state):
        pa, pb = POINT[a], POINT[b]
        out.append(Harmony(board.coords(a), board.coords(b), owner,
                           (pa[0] <= 0) != (pb[0] <= 0) or (pa[1] >= 0) != (pb[1] >= 0)))
    return out


@hookimpl
def paisho_status(game):
    st = game.state
    counts = rules.plot_counts(st)
    lines = []
    for p in PLAYERS:
        known = rules.secret(st, p) if p in st.extra.get("revealed", ()) else None
        lines.append((f"{p.title()} Hidden Tile", known or "face down"))
        lines.append((f"{p.title()} Basic tiles by plot",
                      ", ".join(f"{k.replace('_', ' ')} {v / 2:g}" for k, v in counts[p].items() if v)))
    return lines
