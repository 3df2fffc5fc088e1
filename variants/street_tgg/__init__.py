"""Street Pai Sho as The Garden Gate plays it (``street-tgg``), as a paisho variant plugin.

A different game from the book's 3-Piece, which paisho registers as ``3-piece`` with the alias
``street``: TGG's Street has one kind of tile, captures by landing on a tile and is won by
harmonies across the four midlines.  The hooks are in :mod:`.rules`, TGG's notation in and out in
:mod:`.notation`, the computer players' knowledge in ``strategy.py``.  Rulings:
docs/variants/street-tgg/rulings.md; how it differs from 3-Piece:
docs/variants/three-piece/rulings.md.
"""
from __future__ import annotations

from pathlib import Path

from .rules import (  # noqa: F401 - the hooks this plugin registers
    paisho_apply, paisho_check_end, paisho_harmonies, paisho_has_legal_move, paisho_legal_moves,
    paisho_load_position, paisho_parse_turn, paisho_position_extra, paisho_setup, paisho_status,
    paisho_tile_flags, paisho_validate_options,
)
from .events import paisho_game_events  # noqa: F401  (a hook of this plugin)
from ..common.plugin import variant_info

YAML = Path(__file__).with_name("street_tgg.yaml")
NAME = "street-tgg"


paisho_variant_info = variant_info(NAME, YAML, "Street Pai Sho (The Garden Gate)")
