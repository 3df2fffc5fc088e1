"""The :class:`Variant`: a definition (already read and validated), its tile set, relations,
options and bound rules.  Nothing here reads a file or resolves a name."""
from __future__ import annotations

import math
from types import ModuleType

import pluggy

from .. import board, hookspecs
from ..errors import VariantError
from ..tiles import Relation, TileKind, TileSet, stops_mask
from .hooks import Rules

#: Bounds of a numeric option that declares no ``minimum``/``maximum`` of its own, and the
#: longest text option: every option is range-checked before a game does any work with it.
MAX_OPTION_NUMBER = 1_000_000
MAX_OPTION_TEXT = 200


class Variant:
    """A registered variant: its YAML definition, tile set, options and resolved rules."""

    def __init__(self, name: str, definition: dict, plugins: list[ModuleType], source: str) -> None:
        self.name = name
        self.definition = definition
        self.source = source
        self.title = definition.get("title", name)
        self.plugins = plugins
        self.point_sets = {
            key: board.mask_of(tuple(p) for p in pts)
            for key, pts in (definition.get("point_sets") or {}).items()
        }
        kinds = []
        for n, t in enumerate(definition["tiles"]):
            try:
                stops = stops_mask(t.get("stops", []), self.point_sets)
            except KeyError as exc:
                raise VariantError(f"{source}: tiles[{n}].stops: unknown area or point set {exc}") from None
            kinds.append(TileKind(
                code=t["code"], name=t["name"], group=t["group"], count=t["count"],
                move=t.get("move", 0), colour=t.get("colour"), number=t.get("number"),
                stops=stops, pile=t.get("pile", "reserve"),
                piles=tuple((t.get("piles") or {}).items()), tags=frozenset(t.get("tags", [])),
                symbol=t.get("symbol", t["code"]), ordinal=n))
        codes = [k.code for k in kinds]
        dup = {c for c in codes if codes.count(c) > 1}
        if dup:
            raise VariantError(f"{source}: tiles: duplicate codes {sorted(dup)}")
        self.tileset = TileSet(kinds)
        self.tileset.bind(self.spec)
        harmony = definition.get("harmony") or {}
        self.harmony = Relation.circle(harmony.get("circle", []))
        for a, b in harmony.get("pairs", []):
            self.harmony.add(a, b)
        self.wild = frozenset(harmony.get("wild", []))
        self.clash = Relation((definition.get("clash") or {}).get("pairs", []))
        for rel_name, rel in (("harmony", self.harmony), ("clash", self.clash)):
            for pair in rel.pairs:
                for c in pair:
                    if c not in self.tileset:
                        raise VariantError(f"{source}: {rel_name}: unknown tile code {c!r}")
        self.option_specs = {o["name"]: o for o in definition.get("options", [])}
        self.rules_config = definition.get("rules") or {}
        pm = pluggy.PluginManager("paisho")
        pm.add_hookspecs(hookspecs)
        for plugin in plugins:
            if not pm.is_registered(plugin):
                try:
                    pm.register(plugin)
                except (pluggy.PluginValidationError, ValueError) as exc:
                    raise VariantError(f"{source}: hook module {getattr(plugin, '__file__', plugin)}: {exc}") from None
        self.pm = pm
        self.rules = Rules(pm)

    @property
    def spec(self) -> tuple[str, str]:
        """(name, YAML path): what :func:`~paisho_core.variant.variant_from_spec` rebuilds this variant from in
        another process (pickled games and tiles carry it instead of the hooks)."""
        return (self.name, self.source)

    def options(self, given: dict | None) -> dict:
        """Complete an options dict with defaults; unknown names or bad values are errors that
        list what is valid."""
        given = dict(given or {})
        out = {}
        for name, spec in self.option_specs.items():
            default = spec["default"]
            value = given.pop(name, default)
            kind = spec.get("type") or type_name(default)
            if not fits(value, kind):
                raise VariantError(f"option {name} of {self.name} takes {TYPE_WORDS[kind]}, got {value!r}")
            if "choices" in spec and value not in spec["choices"]:
                raise VariantError(f"option {name} of {self.name} must be one of "
                                   f"{', '.join(map(str, spec['choices']))}, got {value!r}")
            if kind in ("integer", "number") and not math.isfinite(value):
                raise VariantError(f"option {name} of {self.name} takes a finite number, got {value!r}")
            if kind == "string" and len(value) > MAX_OPTION_TEXT:
                raise VariantError(f"option {name} of {self.name} is {len(value)} characters "
                                   f"long; at most {MAX_OPTION_TEXT}")
            low, high = spec.get("minimum"), spec.get("maximum")
            if kind in ("integer", "number") and low is None and value < -MAX_OPTION_NUMBER:
                low = -MAX_OPTION_NUMBER  # an option without bounds still gets sane ones
            if kind in ("integer", "number") and high is None and value > MAX_OPTION_NUMBER:
                high = MAX_OPTION_NUMBER
            if (low is not None and value < low) or (high is not None and value > high):
                span = f"from {low} to {high}" if low is not None and high is not None else (
                    f"at least {low}" if low is not None else f"at most {high}")
                raise VariantError(f"option {name} of {self.name} must be {span}, got {value!r}")
            out[name] = value
        if given:
            known = ", ".join(sorted(self.option_specs)) or "none"
            raise VariantError(f"unknown option(s) {', '.join(sorted(given))} for {self.name} (known: {known})")
        problem = self.rules.validate_options(self, out)
        if problem:
            raise VariantError(f"{self.name}: {problem}")
        return out


def type_name(value: object) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    return "string"


TYPE_WORDS = {"boolean": "true or false", "integer": "a whole number", "number": "a number",
               "string": "a text value"}


def fits(value: object, kind: str) -> bool:
    if kind == "boolean":
        return isinstance(value, bool)
    if kind == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return isinstance(value, str)

