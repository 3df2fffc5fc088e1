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
        try:
            mod_spec.loader.exec_module(module)
        except Exception as exc:  # a designer's file: report it, never a traceback
            del sys.modules[name]
            line = ""
            tb = exc.__traceback__
            while tb is not None:
                if tb.tb_frame.f_code.co_filename == str(file):
                    line = f", line {tb.tb_lineno}"
                tb = tb.tb_next
            if isinstance(exc, SyntaxError) and exc.lineno:
                line = f", line {exc.lineno}"
            raise VariantError(f"hooks file {file}{line}: {type(exc).__name__}: {exc}") from None
        _check_hooks(module, file)
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


def _check_hooks(module: ModuleType, file) -> None:
    """Every ``paisho_*`` function marked as a hookimpl must name a hook of the contract and take
    only that hook's arguments."""
    for attr in dir(module):
        fn = getattr(module, attr)
        if not attr.startswith("paisho_") or not callable(fn):
            continue
        if not hasattr(fn, "paisho_impl"):
            continue
        spec = getattr(hookspecs, attr, None)
        if spec is None:
            raise VariantError(f"hooks file {file}: {attr} is not a paisho hook "
                               f"(known: {', '.join(_HOOKS)})")
        import inspect

        allowed = set(inspect.signature(spec).parameters)
        extra = set(inspect.signature(fn).parameters) - allowed
        if extra:
            raise VariantError(f"hooks file {file}: {attr} takes unknown argument(s) "
                               f"{', '.join(sorted(extra))} (the hook passes {', '.join(sorted(allowed))})")


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
    """A registered variant by name (or alias), or the variant a YAML file defines."""
    if name in _registry:
        return _registry[name]
    if name.endswith((".yaml", ".yml")):
        return load_variant_file(name)
    ep = _entry_point_modules().get(name)
    if ep is None:
        raise VariantError(f"unknown variant {name!r} (known: {', '.join(variants())})")
    try:
        module = ep.load()
    except Exception as exc:  # a broken installed plugin: name it, never a traceback
        raise VariantError(f"variant {name!r} (entry point {ep.value}) failed to load: "
                           f"{type(exc).__name__}: {exc}") from None
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
    for spec in _hook_specs(definition):
        plugins.append(_plugin_from_path(spec, yaml_path.parent))
    plugins.extend(extra_plugins)
    return Variant(info.get("name", definition["name"]), definition, plugins, str(yaml_path))


def merge_overlay(parent: dict, overlay: dict) -> dict:
    """The definition an overlay describes: the parent's, with the overlay's changes.

    Tiles merge by code (fields given replace the parent's; a new code adds a tile kind; count 0
    takes a tile out of play), ``harmony``/``clash`` given replace the parent's, options merge by
    name (a new default, or a new option), ``rules`` and ``point_sets`` merge key by key.
    """
    merged = {k: v for k, v in parent.items() if k not in ("plugins", "hooks")}
    merged["name"] = overlay["name"]
    merged["title"] = overlay.get("title") or f"{parent.get('title', parent['name'])} ({overlay['name']})"
    for key in ("description", "first_player", "sources"):
        if key in overlay:
            merged[key] = overlay[key]
    tiles = [dict(t) for t in parent.get("tiles", [])]
    index = {t["code"]: t for t in tiles}
    for t in overlay.get("tiles", []):
        if t["code"] in index:
            index[t["code"]].update(t)
        else:
            tiles.append(dict(t))
            index[t["code"]] = tiles[-1]
    merged["tiles"] = tiles
    for key in ("harmony", "clash"):
        if key in overlay:
            merged[key] = overlay[key]
    options = [dict(o) for o in parent.get("options", [])]
    by_name = {o["name"]: o for o in options}
    for o in overlay.get("options", []):
        if o["name"] in by_name:
            by_name[o["name"]].update(o)
        else:
            options.append(dict(o))
    merged["options"] = options
    for key in ("rules", "point_sets"):
        if key in overlay:
            merged[key] = {**parent.get(key, {}), **overlay[key]}
    return merged


def _hook_specs(definition: dict) -> list[str]:
    hooks = definition.get("hooks", [])
    return ([hooks] if isinstance(hooks, str) else list(hooks)) + list(definition.get("plugins", []))


def load_variant_file(path: str | Path, _seen: tuple = ()) -> Variant:
    """A variant defined by a YAML file, registered under its ``name``.

    Either a full variant with ``hooks``/``plugins`` supplying its rules, or an overlay that
    ``extends`` a registered variant (or another overlay file) and changes its data; its own
    ``hooks`` are stacked on the parent's, so a few hookimpls can change one rule.
    """
    path = Path(path).resolve()
    if path in _seen:
        chain = " -> ".join(str(p) for p in _seen + (path,))
        raise VariantError(f"{path}: 'extends' goes round in a cycle: {chain}")
    definition = read_definition(path)
    plugins: list[ModuleType] = []
    parent_name = definition.get("extends")
    if parent_name:
        parent_path = (path.parent / parent_name)
        if parent_name.endswith((".yaml", ".yml")) or parent_path.is_file():
            if not parent_path.is_file():
                raise VariantError(f"{path}: extends: no such file {parent_path}")
            parent = load_variant_file(parent_path, _seen + (path,))
        else:
            try:
                parent = get_variant(parent_name)
            except VariantError as exc:
                raise VariantError(f"{path}: extends: {exc}") from None
        plugins.extend(parent.plugins)
        definition = merge_overlay(parent.definition, definition)
        _validate_merged(definition, path)
    for spec in _hook_specs(read_definition(path)):
        plugins.append(_plugin_from_path(spec, path.parent))
    if not plugins:
        raise VariantError(f"{path}: a variant needs 'extends' or 'hooks' to supply its rules")
    variant = Variant(definition["name"], definition, plugins, str(path))
    _registry[variant.name] = variant
    return variant


def _validate_merged(definition: dict, path: Path) -> None:
    try:
        validate({k: v for k, v in definition.items() if k != "extends"}, "variant", f"{path} (merged)")
    except DocumentError as exc:
        raise VariantError(str(exc)) from None


def resolve(text: str) -> tuple[Variant, dict]:
    """A variant argument as users write it: ``NAME``, ``NAME:OPTION=VALUE,OPTION2=1`` or the
    path of a YAML file.  Returns the variant and the options given with it."""
    name, _, opts = text.partition(":") if not text.endswith((".yaml", ".yml")) else (text, "", "")
    if name.endswith((".yaml", ".yml")) or (Path(name).is_file() and name not in variants()):
        variant = load_variant_file(name)
    else:
        variant = get_variant(name)
    options = parse_option_pairs(variant, [p for p in opts.split(",") if p]) if opts else {}
    return variant, options


def parse_option_pairs(variant: Variant, pairs: list[str]) -> dict:
    """``NAME=VALUE`` strings to an options dict, values typed by each option's default."""
    out = {}
    for pair in pairs:
        name, eq, raw = pair.partition("=")
        name = name.strip()
        spec = variant.option_specs.get(name)
        if spec is None:
            known = ", ".join(sorted(variant.option_specs)) or "none"
            raise VariantError(f"unknown option {name!r} for {variant.name} (known: {known})")
        default = spec["default"]
        raw = raw.strip() if eq else "true"
        if isinstance(default, bool):
            low = raw.lower()
            if low not in ("true", "false", "1", "0", "yes", "no", "on", "off"):
                raise VariantError(f"option {name} of {variant.name} takes true or false, got {raw!r}")
            value = low in ("true", "1", "yes", "on")
        elif isinstance(default, int):
            try:
                value = int(raw)
            except ValueError:
                raise VariantError(f"option {name} of {variant.name} takes a whole number, got {raw!r}") from None
        elif isinstance(default, float):
            try:
                value = float(raw)
            except ValueError:
                raise VariantError(f"option {name} of {variant.name} takes a number, got {raw!r}") from None
        else:
            value = raw
        out[name] = value
    return out


def register(variant: Variant) -> None:
    _registry[variant.name] = variant
