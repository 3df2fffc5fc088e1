"""Tile kinds and tiles, read from a variant's YAML ``tiles`` list.

A :class:`TileKind` is what the YAML says about one code; a :class:`Tile` is a kind with an owner.
Tiles are interned per tile set, so identity comparison and use as dict keys are cheap.
"""
from __future__ import annotations

from collections.abc import Iterable
import weakref
from dataclasses import dataclass, field

from . import board

PLAYERS = ("host", "guest")
PLAYER_CODE = {"host": "H", "guest": "G"}
CODE_PLAYER = {"H": "host", "G": "guest"}


def other(player: str) -> str:
    return "guest" if player == "host" else "host"


@dataclass(frozen=True, eq=False)
class TileKind:
    code: str
    name: str
    group: str
    count: int
    move: int = 0
    colour: str | None = None
    number: int | None = None
    stops: int = 0
    """Bitset of the points where a tile of this kind may end a move."""
    pile: str = "reserve"
    piles: tuple = ()
    """(pile name, count) pairs when the starting tiles are split over several piles."""
    tags: frozenset = field(default_factory=frozenset)
    symbol: str = ""
    ordinal: int = 0

    def __repr__(self) -> str:
        return f"TileKind({self.code})"

    def __reduce__(self):
        spec = _VARIANT_OF.get(self)
        if spec is None:
            return super().__reduce__()
        return _kind_of, (spec, self.code)


@dataclass(frozen=True, eq=False)
class Tile:
    kind: TileKind
    owner: str

    @property
    def code(self) -> str:
        return self.kind.code

    def __repr__(self) -> str:
        return f"{PLAYER_CODE[self.owner]}{self.kind.code}"

    def __reduce__(self):
        spec = _VARIANT_OF.get(self.kind)
        if spec is None:
            return Tile, (self.kind, self.owner)
        return _tile_of, (spec, self.kind.code, self.owner)


_VARIANT_OF: "weakref.WeakKeyDictionary[TileKind, tuple]" = weakref.WeakKeyDictionary()
"""The variant (its pickle spec) each bound tile kind belongs to: a pickled tile is unpickled
as the interned tile of the same variant, so identity comparisons keep working."""


def _tileset_of(spec: tuple) -> "TileSet":
    from .variant import variant_from_spec

    return variant_from_spec(*spec).tileset


def _tile_of(spec: tuple, code: str, owner: str) -> "Tile":
    return _tileset_of(spec).tile(code, owner)


def _kind_of(spec: tuple, code: str) -> TileKind:
    return _tileset_of(spec).by_code[code]


def stops_mask(names: list[str], point_sets: dict[str, int]) -> int:
    """Bitset of the points whose types (or named sets) include any of ``names``.

    ``any`` means every playable point.  Gates are included only when ``gate`` is named.
    """
    mask = 0
    for name in names:
        if name == "any":
            mask |= board.PLAYABLE & ~board.GATES
        elif name in board.AREA:
            mask |= board.AREA[name]
        elif name in point_sets:
            mask |= point_sets[name]
        else:
            raise KeyError(name)
    if "gate" not in names:
        mask &= ~board.GATES
    return mask


class TileSet:
    """All tile kinds of a variant plus interned tiles for both players."""

    def __init__(self, kinds: list[TileKind]) -> None:
        self.kinds = kinds
        self.by_code = {k.code: k for k in kinds}
        self._tiles = {(k.code, p): Tile(k, p) for k in kinds for p in PLAYERS}

    def bind(self, spec: tuple) -> None:
        """Name the variant these tiles belong to (``variant.spec``), for pickling."""
        for kind in self.kinds:
            _VARIANT_OF[kind] = spec

    def tile(self, code: str, owner: str) -> Tile:
        return self._tiles[(code, owner)]

    def __contains__(self, code: str) -> bool:
        return code in self.by_code

    def group(self, name: str) -> list[TileKind]:
        return [k for k in self.kinds if k.group == name]

    def codes(self, group: str | None = None) -> list[str]:
        return [k.code for k in self.kinds if group is None or k.group == group]


class Relation:
    """A symmetric relation between tile codes (harmony or clash), as a set of frozensets."""

    def __init__(self, pairs: Iterable[tuple[str, str]] = ()) -> None:
        self.pairs: set[frozenset] = set()
        for a, b in pairs:
            self.add(a, b)

    def add(self, a: str, b: str) -> None:
        self.pairs.add(frozenset((a, b)))

    def __call__(self, a: str, b: str) -> bool:
        return frozenset((a, b)) in self.pairs

    def partners(self, code: str) -> set[str]:
        out = set()
        for p in self.pairs:
            if code in p:
                rest = set(p) - {code}
                out |= rest or {code}
        return out

    @classmethod
    def circle(cls, codes: list[str]) -> "Relation":
        """Neighbours on a circle harmonize (the last code closes to the first)."""
        rel = cls()
        n = len(codes)
        for i, code in enumerate(codes):
            if n > 1:
                rel.add(code, codes[(i + 1) % n])
        return rel
