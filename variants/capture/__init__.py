"""Capture Pai Sho (designed by Tom Ford) as a paisho variant plugin, exact against The Garden Gate.

Every tile starts on the board: each player's first turn deals their twelve tiles, in an order
shuffled from the game's seed, onto the starting points (``0H.<codes>``: a record fixes the deal).
Then a turn moves one tile up to three points or jumps it over a tile of its owner's; moving onto
an opposing tile captures it if it is one of the next three in the Capture Cycle.  Rules:
:mod:`.rules`; notation: :mod:`.notation`; rulings: docs/variants/capture/rulings.md.
"""
from __future__ import annotations

from pathlib import Path

from paisho_core.errors import PositionError
from paisho_core.hookspecs import hookimpl
from paisho_core.steps import check_count_option

from . import rules
from .rules import (paisho_apply, paisho_chance_outcomes, paisho_check_end, paisho_has_legal_move,
                    paisho_legal_moves)
from .notation import paisho_parse_turn
from ..common.setup import begin
from .events import paisho_game_events  # noqa: F401  (a hook of this plugin)
from ..common.plugin import variant_info

YAML = Path(__file__).with_name("capture.yaml")

__all__ = ["paisho_parse_turn", "paisho_legal_moves", "paisho_has_legal_move", "paisho_chance_outcomes",
           "paisho_apply", "paisho_check_end"]


paisho_variant_info = variant_info("capture", YAML, "Capture Pai Sho")


@hookimpl
def paisho_validate_options(variant, options):
    return check_count_option(options, "max_turns")


@hookimpl
def paisho_setup(game):
    """The tiles wait in each player's reserve; Host's deal is the first decision (turn 0)."""
    begin(game.state, rules.DEAL, 0, piles=("captured",))


@hookimpl
def paisho_load_position(game, data):
    st = game.state
    if st.phase not in (rules.DEAL, rules.MOVE):
        raise PositionError([("phase", f"must be {rules.DEAL} or {rules.MOVE}, got {st.phase!r}")])


@hookimpl
def paisho_status(game):
    st = game.state
    out = []
    for p in ("host", "guest"):
        taken = st.pile("captured", p)
        lost = ",".join(sorted(c for c, n in taken.items() for _ in range(n))) or "none"
        out.append((p, f"{len(st.tiles(p))} tiles on the board; captured from them: {lost}"))
    return out
