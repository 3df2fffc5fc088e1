"""Variant definitions, discovery through entry points, and hook resolution."""
from __future__ import annotations

import importlib
import importlib.util
import sys
from functools import lru_cache
from importlib.metadata import entry_points
from pathlib import Path
from types import ModuleType

import pluggy

from . import board, hookspecs
from .errors import VariantError
from .schema import DocumentError, load_yaml, validate
from .tiles import Relation, TileKind, TileSet, stops_mask

ENTRY_POINT_GROUP = "paisho.variants"

_HOOKS = [name for name in dir(hookspecs) if name.startswith("paisho_")]


class Rules:
    """The hooks of one variant, resolved once: attribute ``legal_moves`` calls
    ``paisho_legal_moves`` and so on, bound straight to the implementing function when exactly
    one plain implementation exists."""

    def __init__(self, pm: pluggy.PluginManager) -> None:
        for name in _HOOKS:
            caller = getattr(pm.hook, name)
            spec_args = list(caller.spec.argnames) if caller.spec else []
            impls = caller.get_hookimpls()
            short = name[len("paisho_"):]
            firstresult = bool(caller.spec and caller.spec.opts.get("firstresult"))
            if (len(impls) == 1 and not (impls[0].hookwrapper or impls[0].wrapper)
                    and list(impls[0].argnames) == spec_args and firstresult):
                setattr(self, short, impls[0].function)
            elif not impls:
                setattr(self, short, _none)
            else:
                setattr(self, short, _bind(caller, spec_args))


def _none(*args, **kwargs):
    return None


def _bind(caller, argnames):
    def call(*args):
        return caller(**dict(zip(argnames, args)))

    return call


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
                pm.register(plugin)
        self.pm = pm
        self.rules = Rules(pm)

    def options(self, given: dict | None) -> dict:
        """Complete an options dict with defaults; unknown names or wrong types are errors."""
        given = dict(given or {})
        out = {}
        for name, spec in self.option_specs.items():
            value = given.pop(name, spec["default"])
            default = spec["default"]
            if isinstance(default, bool) and not isinstance(value, bool):
                raise VariantError(f"option {name} of {self.name} must be true or false, got {value!r}")
            if "choices" in spec and value not in spec["choices"]:
                raise VariantError(f"option {name} of {self.name} must be one of {spec['choices']}, got {value!r}")
            out[name] = value
        if given:
            known = ", ".join(sorted(self.option_specs)) or "none"
            raise VariantError(f"unknown option(s) {', '.join(sorted(given))} for {self.name} (known: {known})")
        problem = self.rules.validate_options(self, out)
        if problem:
            raise VariantError(f"{self.name}: {problem}")
        return out


def read_definition(path: str | Path) -> dict:
    """Read and schema-validate a variant YAML file; errors name the file, line and field."""
    path = Path(path)
    try:
        text = path.read_text("utf-8")
    except OSError as exc:
        raise VariantError(f"{path}: cannot read: {exc.strerror}") from None
    data, lines = load_yaml(text, str(path))
    if not isinstance(data, dict):
        raise DocumentError(str(path), [("$", 1, "a variant definition must be a mapping")])
    validate(data, "variant", str(path), lines)
    return data


def _plugin_from_path(spec: str, base_dir: Path) -> ModuleType:
    if spec.endswith(".py"):
        file = (base_dir / spec).resolve()
        if not file.exists():
            raise VariantError(f"plugin file {file} not found")
        name = f"paisho_house_{file.stem}_{abs(hash(str(file)))}"
        if name in sys.modules:
            return sys.modules[name]
        mod_spec = importlib.util.spec_from_file_location(name, file)
        module = importlib.util.module_from_spec(mod_spec)
        sys.modules[name] = module
        mod_spec.loader.exec_module(module)
        return module
    try:
        return importlib.import_module(spec)
    except ImportError as exc:
        raise VariantError(f"cannot import plugin {spec!r}: {exc}") from None


@lru_cache(maxsize=None)
def _entry_point_modules() -> dict[str, object]:
    found = {}
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        found[ep.name] = ep
    return found


_registry: dict[str, Variant] = {}


def variants() -> list[str]:
    """Names of every registered variant (entry points plus variants registered at run time).

    An entry point whose module does not (yet) describe a variant is left out."""
    names = set(_registry)
    for name, ep in _entry_point_modules().items():
        if name in names:
            continue
        try:
            module = ep.load()
        except Exception:  # a broken plugin must not hide the others; get_variant reports it
            names.add(name)
            continue
        if hasattr(module, "paisho_variant_info"):
            names.add(name)
    return sorted(names)


def get_variant(name: str) -> Variant:
    if name in _registry:
        return _registry[name]
    ep = _entry_point_modules().get(name)
    if ep is None:
        raise VariantError(f"unknown variant {name!r} (known: {', '.join(variants())})")
    module = ep.load()
    variant = variant_from_plugin(module)
    _registry[name] = variant
    return variant


def variant_from_plugin(module: ModuleType, extra_plugins=()) -> Variant:
    pm = pluggy.PluginManager("paisho")
    pm.add_hookspecs(hookspecs)
    pm.register(module)
    infos = [i for i in pm.hook.paisho_variant_info() if i]
    if not infos:
        raise VariantError(f"plugin {module.__name__} does not describe a variant (paisho_variant_info)")
    info = infos[-1]
    yaml_path = Path(info["yaml"])
    definition = read_definition(yaml_path)
    plugins = [module]
    for spec in definition.get("plugins", []):
        plugins.append(_plugin_from_path(spec, yaml_path.parent))
    plugins.extend(extra_plugins)
    return Variant(info.get("name", definition["name"]), definition, plugins, str(yaml_path))


def load_variant_file(path: str | Path) -> Variant:
    """A variant defined by a YAML file: either a full variant with ``plugins``, or a house rule
    with ``base: <variant>`` reusing that variant's hooks, with its own tiles/options/plugins.
    Registers it under its ``name`` so records and positions can refer to it."""
    path = Path(path)
    definition = read_definition(path)
    plugins: list[ModuleType] = []
    base = definition.get("base")
    if base:
        plugins.extend(get_variant(base).plugins[:1])
    for spec in definition.get("plugins", []):
        plugins.append(_plugin_from_path(spec, path.parent))
    if not plugins:
        raise VariantError(f"{path}: a variant needs 'base' or 'plugins' to supply its rules")
    variant = Variant(definition["name"], definition, plugins, str(path))
    _registry[variant.name] = variant
    return variant


def register(variant: Variant) -> None:
    _registry[variant.name] = variant
