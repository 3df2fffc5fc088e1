"""What the Iroh hooks need to know about the tile kinds, read once per variant from YAML tags.

The tags are listed at the top of ``iroh.yaml``; the hooks only ever ask about tags, so a house
rule that renames, recounts or re-tags tiles keeps working.
"""
from __future__ import annotations

from functools import lru_cache

from paisho_core import board

TAGS = ("harmonizer", "double_harmony", "lotus", "through_rocks", "rock", "knotweed", "unfrozen",
        "burns_knotweed", "captures", "capturable", "bends", "leaps", "placed_anywhere")


class Roles:
    """Tile codes per tag, movement and areas, and the home points, for one variant."""

    def __init__(self, variant) -> None:
        kinds = variant.tileset.kinds
        self.order = [k.code for k in kinds]
        self.tagged: dict[str, frozenset[str]] = {
            tag: frozenset(k.code for k in kinds if tag in k.tags) for tag in TAGS}
        t = self.tagged
        self.harmonizer = t["harmonizer"]
        self.double = t["double_harmony"]
        self.lotus = t["lotus"]
        self.earth = t["through_rocks"]
        self.rock = t["rock"]
        self.knotweed = t["knotweed"]
        self.unfrozen = t["unfrozen"]
        self.burner = t["burns_knotweed"]
        self.captures = t["captures"]
        self.capturable = t["capturable"]
        self.bends = t["bends"]
        self.leaps = t["leaps"]
        self.anywhere = t["placed_anywhere"]
        self.move = {k.code: k.move for k in kinds}
        self.area = {k.code: k.stops for k in kinds}
        homes = (variant.rules_config or {}).get("home") or {"host": [0, 8], "guest": [0, -8]}
        self.home = {p: board.index(*xy) for p, xy in homes.items()}
        self.homes = 0
        for i in self.home.values():
            self.homes |= 1 << i


@lru_cache(maxsize=None)
def roles(variant) -> Roles:
    return Roles(variant)
