"""Undergrowth Pai Sho as a paisho variant plugin, exact against The Garden Gate.

The board starts empty; each turn a player places two tiles from their reserve (the Host's first
turn one), first into the Gates, then only where the tile forms a harmony with the tile it sees
along a line and does not stand between two related tiles.  Tiles in disharmony with two or more
others are removed.  When every tile is placed, or both players pass in turn, more tiles in or
touching the Central Gardens wins.  Rules: :mod:`.rules`; rulings:
docs/variants/undergrowth/rulings.md.
"""
from __future__ import annotations

from pathlib import Path

from paisho_core.errors import PositionError
from paisho_core.hookspecs import hookimpl

from . import rules
from .rules import paisho_apply, paisho_check_end, paisho_harmonies, paisho_legal_moves
from .notation import paisho_format_turn, paisho_parse_turn
from ..common.setup import begin
from .events import paisho_game_events  # noqa: F401  (a hook of this plugin)
from ..common.plugin import variant_info

YAML = Path(__file__).with_name("undergrowth.yaml")

__all__ = ["paisho_format_turn", "paisho_parse_turn", "paisho_legal_moves", "paisho_apply", "paisho_check_end",
           "paisho_harmonies"]


paisho_variant_info = variant_info("undergrowth", YAML, "Undergrowth Pai Sho")


@hookimpl
def paisho_setup(game):
    begin(game.state, rules.PLACE, 1, piles=("captured",))
    game.state.extra["passes"] = 0


@hookimpl
def paisho_position_extra(game):
    return {"passes": game.state.extra.get("passes", 0)}


@hookimpl
def paisho_load_position(game, data):
    st = game.state
    passes = data.get("passes", 0)
    if isinstance(passes, bool) or not isinstance(passes, int) or not 0 <= passes <= 1:
        raise PositionError([("passes", f"must be 0 or 1 (passes in succession), got {passes!r}")])
    if st.phase not in (rules.PLACE, rules.SECOND):
        raise PositionError([("phase", f"must be {rules.PLACE} or {rules.SECOND}, got {st.phase!r}")])
    st.extra["passes"] = passes


@hookimpl
def paisho_status(game):
    out = []
    for p in ("host", "guest"):
        out.append((p, f"{rules.central(game, p)} tiles in or touching the Central Gardens, "
                       f"{sum(game.state.pile('reserve', p).values())} to place"))
    if game.state.extra.get("passes"):
        out.append(("passes", "the last turn was a pass: another pass ends the game"))
    return out
