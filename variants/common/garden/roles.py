"""What the garden hooks know about a variant's tiles: roles, groups, clash and harmony partners."""
from __future__ import annotations

from functools import lru_cache

from .movetable import MoveTable

ROLES = ("lotus", "orchid", "rock", "wheel", "knotweed", "boat", "pond", "bamboo", "lion_turtle")


class Roles:
    """What the hooks need to know about a variant's tiles, computed once per variant."""

    def __init__(self, variant) -> None:
        ts = variant.tileset
        self.variant = variant
        self.basic = frozenset(k.code for k in ts.kinds if k.group == "basic")
        self.special = frozenset(k.code for k in ts.kinds if k.group == "special")
        self.accent = frozenset(k.code for k in ts.kinds if k.group == "accent")
        self.flower = self.basic | self.special
        self.role: dict[str, str] = {}
        self.code: dict[str, str] = {}
        """The first tile code carrying each role."""
        self.codes: dict[str, tuple[str, ...]] = {}
        """Every tile code carrying each role (a house rule may add a second Rock-like tile)."""
        for k in ts.kinds:
            for tag in k.tags:
                if tag in ROLES:
                    self.role[k.code] = tag
                    self.code.setdefault(tag, k.code)
                    self.codes[tag] = self.codes.get(tag, ()) + (k.code,)
        self.stops = {k.code: k.stops for k in ts.kinds}
        self.basic_or_wild = self.basic | frozenset(variant.wild)
        self.orchid_codes = frozenset(self.codes.get("orchid", ()))
        self.basic_or_orchid = self.basic | self.orchid_codes
        self.move = {k.code: k.move for k in ts.kinds}
        self.still = frozenset(code for code, dist in self.move.items() if not dist)
        """Codes whose tiles never move."""
        self.clash_partners = {k.code: frozenset(variant.clash.partners(k.code)) for k in ts.kinds}
        self.clashable = frozenset(c for c, p in self.clash_partners.items() if p)
        self.harmony = variant.harmony
        self.harmonises = {k.code: frozenset(variant.harmony.partners(k.code)) for k in ts.kinds}
        """Codes each code harmonises with (``self.harmony(a, b)`` as a lookup)."""
        self.wild = variant.wild
        self.basic_order = [k.code for k in ts.kinds if k.group == "basic"]
        self.accent_order = [k.code for k in ts.kinds if k.group == "accent"]
        self.moves = MoveTable()
        groups = {"basic": self.basic, "special": self.special, "accent": self.accent,
                  "flower": self.flower, "basic_or_wild": self.basic_or_wild,
                  "basic_or_orchid": self.basic_or_orchid,
                  "drainable": self.basic | frozenset(self.codes.get("lotus", ())),
                  "still": self.still}
        for role, codes in self.codes.items():
            groups[role] = frozenset(codes)
        for code, partners in self.clash_partners.items():
            groups[("clashes", code)] = partners
        self.groups_of: dict[str, tuple] = {
            k.code: tuple(name for name, codes in groups.items() if k.code in codes) for k in ts.kinds}
        """The groups (:func:`group_masks`) each tile code belongs to."""
        self.own_code = {k.code: (k.code,) for k in ts.kinds}
        """Each code as its only name (:func:`board_masks` updated like the groups)."""

    def is_(self, code: str, role: str) -> bool:
        return self.role.get(code) == role


@lru_cache(maxsize=None)
def roles(variant) -> Roles:
    return Roles(variant)
