"""Nick Pai Sho, The Garden Gate's reading of Modern Pai Sho, as a paisho variant plugin.

An overlay of ``modern`` (``nick.yaml``: ``extends: modern``): every rule is Modern's, and the
overlay only changes option defaults to TGG's readings (layout, eight-point adjacency, a step or a
chain of jumps, the Lotus in check, the Avatar's return, the centre win).  TGG's notation in and
out: :mod:`.notation`.  Each difference: docs/variants/modern/rulings.md.
"""
from __future__ import annotations

from pathlib import Path

from ..common.plugin import variant_info

YAML = Path(__file__).with_name("nick.yaml")
NAME = "nick"


paisho_variant_info = variant_info(NAME, YAML, "Nick Pai Sho (The Garden Gate's Modern)")
