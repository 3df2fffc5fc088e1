"""The registry of variant names: installed plugins (entry points) and the variants this process
built, looked up by name or alias.  A name is only ever a name here: nothing in this module opens
a file, so a name taken from a record, a position, an engine request or a web request can never
make paisho read a variant file or run its hooks.  Files are loaded only by
:mod:`paisho_core.variant.files`, when a caller asks for a file by that API.
"""
from __future__ import annotations

import re
from functools import lru_cache
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from typing import Any

from .. import boundary
from ..errors import VariantError
from .document import data_key, problem
from .hooks import where
from .model import TYPE_WORDS, Variant, type_name

ENTRY_POINT_GROUP = "paisho.variants"

#: Longest variant name (or ``NAME:OPTION=VALUE,...`` string) read from outside.
MAX_NAME = 100
#: Longest ``NAME:OPTIONS`` argument.
MAX_ARGUMENT = 2_000

FILE_HINT = ("a variant file (a .yaml whose hooks are Python code) is used only when you give "
             "it explicitly: --variant FILE.yaml on the command line, `paisho serve FILE.yaml`, "
             "or load_variant_file(path) in Python")


@lru_cache(maxsize=None)
def _entry_point_modules() -> dict[str, EntryPoint]:
    found = {}
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        found[ep.name] = ep
    return found


def installed_names() -> frozenset[str]:
    """Names (and aliases) of the installed variant plugins."""
    return frozenset(_entry_point_modules())


_registry: dict[str, Variant] = {}
_loading: list[str] = []  # entry-point variants being built, to report cycles in 'extends'


def variants() -> list[str]:
    """Names of every registered variant (entry points plus variants registered at run time).

    An entry point whose module does not (yet) describe a variant is left out, and so is an
    alias: an entry point whose module names its variant differently (``street`` for
    ``3-piece``); ``get_variant`` accepts aliases."""
    names = {name for name, v in _registry.items() if v.name == name}
    for name, ep in _entry_point_modules().items():
        if name in _registry:
            continue
        try:
            module = ep.load()
            info = module.paisho_variant_info() if hasattr(module, "paisho_variant_info") else None
        except Exception:  # a broken plugin must not hide the others; get_variant reports it
            names.add(name)
            continue
        if info and info.get("name", name) == name:
            names.add(name)
    return sorted(names)


def looks_like_file(name: str) -> bool:
    """Does a variant name look like a file path (which records, positions, the engine and the
    web never resolve)?"""
    return (name.endswith((".yaml", ".yml", ".py")) or "/" in name or "\\" in name
            or name.startswith((".", "~")) or ".yaml:" in name or ".yml:" in name)


def is_registered(name: str) -> bool:
    """Is ``name`` a registered variant name or alias (without loading anything)?"""
    return isinstance(name, str) and (name in _registry or name in _entry_point_modules())


def _unknown(name: str) -> VariantError:
    shown = boundary.shorten(name)
    known = ", ".join(variants())
    if looks_like_file(name):
        return VariantError(f"{shown!r} is a file, not a registered variant (registered: "
                            f"{known}); {FILE_HINT}")
    return VariantError(f"unknown variant {shown!r} (registered: {known}; a house-rule YAML is "
                        f"used only when you give it: {FILE_HINT})")


def get_variant(name: str) -> Variant:
    """A registered variant by name (or alias): an installed plugin, or a variant file this
    process loaded explicitly with :func:`~paisho_core.variant.load_variant_file`.  Never a file
    path: a name taken from a record, a position or a request must not run the code a variant
    file names."""
    if not isinstance(name, str):
        raise VariantError(f"a variant is named by a string, got {boundary.shorten(repr(name))}")
    if name in _registry:
        return _registry[name]
    ep = _entry_point_modules().get(name)
    if ep is None:
        raise _unknown(name)
    if name in _loading:
        chain = " -> ".join(_loading[_loading.index(name):] + [name])
        raise VariantError(f"variant {name!r} extends itself: {chain}")
    try:
        module = ep.load()
    except Exception as exc:  # a broken installed plugin: name it, never a traceback
        raise VariantError(f"variant {name!r} (entry point {ep.value}) failed to load"
                           f"{where(exc)}: {type(exc).__name__}: {exc}") from None
    from .files import variant_from_plugin  # an installed plugin's own YAML, in its package

    _loading.append(name)
    try:
        variant = variant_from_plugin(module)
    finally:
        _loading.remove(name)
    _registry[name] = variant
    return variant


def register(variant: Variant) -> None:
    """Register a built variant under its name (what loading a variant file does)."""
    _registry[variant.name] = variant


def build(path: Path, definition: dict, lines: dict, parent: Variant | None,
          own_plugins: list, name: str, overlay: dict | None = None) -> Variant:
    """A :class:`Variant` from a checked definition (the merged one for an overlay, whose own
    text is ``overlay``) and its hook modules, registered under its name once its default
    options pass the option checks."""
    plugins: list = list(parent.plugins) if parent is not None else []
    for plugin in own_plugins:
        if plugin not in plugins:
            plugins.append(plugin)
    variant = Variant(name, definition, plugins, str(path))
    own = overlay if overlay is not None else definition
    try:
        variant.options(None)  # the defaults must pass the option checks themselves
    except VariantError as exc:
        named = data_key(str(exc), path)
        if named is not None and named[0][0] in own:
            # the check names a field of this file (a starting layout): report it there
            raise problem(path, lines, named[0], named[1]) from None
        key: tuple = ("options",)
        for j, opt in enumerate(own.get("options", [])):
            if isinstance(opt, dict) and f"option {opt.get('name')} " in str(exc):
                key = ("options", j, "default")
        raise problem(path, lines, key, f"the default options are refused: {exc}") from None
    _registry[variant.name] = variant
    return variant


def split_argument(text: str) -> tuple[str, str]:
    """``NAME:OPTIONS`` (or ``FILE.yaml:OPTIONS``) into its two parts."""
    m = re.match(r"^(.*\.ya?ml)(?::(.*))?$", text, re.DOTALL)
    if m:
        return m.group(1), m.group(2) or ""
    name, _, opts = text.partition(":")
    return name, opts


def resolve(text: str, files: bool = False) -> tuple[Variant, dict]:
    """A variant argument: ``NAME`` or ``NAME:OPTION=VALUE,OPTION2=1``; returns the registered
    variant and the options given with it.  Never a file: ``files=True`` (what a command line
    the user typed asks for) hands the argument to
    :func:`paisho_core.variant.files.resolve_argument`, the one place a file may be named."""
    if files:
        from .files import resolve_argument

        return resolve_argument(text)
    if not isinstance(text, str):
        raise VariantError(f"a variant is named by a string, got {boundary.shorten(repr(text))}")
    if len(text) > MAX_ARGUMENT:
        raise VariantError(f"a variant argument of {len(text)} characters; at most {MAX_ARGUMENT}")
    name, opts = split_argument(text)
    variant = get_variant(name)
    return variant, options_of(variant, opts)


def options_of(variant: Variant, text: str) -> dict:
    """The options of the ``OPTION=VALUE,...`` part of a variant argument."""
    return parse_option_pairs(variant, [p for p in text.split(",") if p]) if text else {}


def parse_option_pairs(variant: Variant, pairs: list[str]) -> dict:
    """``NAME=VALUE`` strings to an options dict, values typed by each option's default."""
    out: dict[str, Any] = {}
    value: Any
    for pair in pairs:
        name, eq, raw = pair.partition("=")
        name = name.strip()
        spec = variant.option_specs.get(name)
        if spec is None:
            known = ", ".join(sorted(variant.option_specs)) or "none"
            raise VariantError(f"unknown option {boundary.shorten(name)!r} for {variant.name} "
                               f"(known: {known})")
        default = spec["default"]
        kind = spec.get("type") or type_name(default)
        raw = raw.strip() if eq else "true"
        what = f"option {name} of {variant.name}"
        if kind == "boolean":
            low = raw.lower()
            if low not in ("true", "false", "1", "0", "yes", "no", "on", "off"):
                raise VariantError(f"{what} takes {TYPE_WORDS[kind]}, got {boundary.shorten(raw)!r}")
            value = low in ("true", "1", "yes", "on")
        elif kind == "integer":
            value = boundary.parse_int(raw, what, VariantError)
        elif kind == "number":
            value = boundary.parse_number(raw, what, VariantError)
        else:
            value = raw
        out[name] = value
    return out


def variant_string(variant: Variant, options: dict) -> str:
    """The argument :func:`resolve` reads back: ``NAME`` plus ``:OPTION=VALUE,...`` for every
    option that differs from its default (``NAME:Option=true``)."""
    pairs = []
    for name, spec in variant.option_specs.items():
        value = options.get(name, spec["default"])
        if value != spec["default"]:
            text = str(value).lower() if isinstance(value, bool) else str(value)
            pairs.append(f"{name}={text}")
    return variant.name + (":" + ",".join(pairs) if pairs else "")
