"""Loading variant files: the one module of :mod:`paisho_core.variant` that touches the file
system, and the only way a variant file's hooks (Python code) ever run.

A variant file is loaded only when a caller names it through this API
(:func:`load_variant_file`, or :func:`resolve_argument` for what a user typed on a command line).
Its whole ``extends:`` chain is read and checked as data first, every size before reading;
``extends:`` names a registered variant or a YAML file in the overlay's own folder; and only when
every file of the chain has passed do the hook files run, from the base up.
"""
from __future__ import annotations

import importlib
import importlib.util
import os
import re
import stat
import sys
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType
from typing import NamedTuple

import pluggy

from .. import hookspecs, limits
from ..errors import VariantError
from .document import parse_document, problem
from .hooks import check_hooks, frame_line
from .model import Variant
from .overlay import check_overlay, merge_overlay
from .registry import (ENTRY_POINT_GROUP, FILE_HINT, _registry, build, get_variant,
                       installed_names, is_registered, looks_like_file, options_of,
                       split_argument)

#: A file named by ``extends:`` or ``hooks:``: a plain file name in the same folder.
_BESIDE_YAML = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}\.ya?ml")
_BESIDE_PY = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}\.py")
#: Longest path a caller may name.
MAX_PATH = 4_000


def read_text(path: Path, what: str = "variant file") -> str:
    """The UTF-8 text of a regular file, its size checked before it is read (and the read itself
    bounded, for files whose size the system does not know)."""
    shown = str(path)
    try:
        with open(path, "rb") as handle:
            info = os.fstat(handle.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise VariantError(f"{shown}: not a regular file; a {what} is a file of text")
            if info.st_size > limits.MAX_TEXT:
                raise VariantError(f"{shown}: {info.st_size} bytes; paisho reads a {what} of at "
                                   f"most {limits.MAX_TEXT}")
            data = handle.read(limits.MAX_TEXT + 1)
    except FileNotFoundError:
        raise VariantError(f"{shown}: no such file") from None
    except IsADirectoryError:
        raise VariantError(f"{shown}: a folder, not a {what}") from None
    except OSError as exc:
        raise VariantError(f"{shown}: cannot read: {exc.strerror or exc}") from None
    if len(data) > limits.MAX_TEXT:
        raise VariantError(f"{shown}: more than {limits.MAX_TEXT} bytes; paisho reads a {what} "
                           f"of at most {limits.MAX_TEXT}")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise VariantError(f"{shown}: line 1: not UTF-8 text (byte {exc.start})") from None


def _checked_path(path: str | Path) -> Path:
    text = str(path)
    if not text or len(text) > MAX_PATH or "\x00" in text:
        raise VariantError(f"not a usable file path ({len(text)} characters)")
    try:
        return Path(path).expanduser().resolve()
    except (OSError, RuntimeError) as exc:
        raise VariantError(f"{text[:200]}: cannot use this path: {exc}") from None


def read_document(path: Path) -> tuple[dict, dict]:
    """Read, parse and schema-validate a variant file; returns (data, line map)."""
    return parse_document(read_text(path), str(path))


def read_definition(path: str | Path) -> dict:
    """Read and schema-validate a variant YAML file; errors name the file, line and field."""
    return read_document(_checked_path(path))[0]


# -- the extends chain, as data -------------------------------------------------------------

class Link(NamedTuple):
    """One file of an ``extends:`` chain, read and validated but not yet run."""

    path: Path
    definition: dict
    lines: dict


def _hook_entries(definition: dict) -> list[tuple[str, tuple]]:
    """(spec, JSON path) of every ``hooks:`` and ``plugins:`` entry, in order."""
    hooks = definition.get("hooks", [])
    out: list[tuple[str, tuple]] = [(hooks, ("hooks",))] if isinstance(hooks, str) else [
        (h, ("hooks", i)) for i, h in enumerate(hooks)]
    out += [(p, ("plugins", i)) for i, p in enumerate(definition.get("plugins", []))]
    return out


def _beside(spec: str, folder: Path, pattern: re.Pattern, owner: Path, lines: dict,
            key: tuple, kind: str) -> Path:
    """The file ``spec`` names in ``folder``: a plain name whose real path (symlinks followed)
    is inside that folder (``./name`` is the same as ``name``)."""
    spec = spec[2:] if spec.startswith("./") else spec
    if not pattern.fullmatch(spec):
        raise problem(owner, lines, key, f"{spec[:120]!r}: {kind} names a file in the same "
                      f"folder, such as 'my_rules{'.py' if kind == 'hooks' else '.yaml'}' (no "
                      f"folders, no absolute paths); an installed variant is named by its name, "
                      f"and installed code belongs in a plugin package (entry point "
                      f"{ENTRY_POINT_GROUP})")
    try:
        real = (folder / spec).resolve()
    except (OSError, RuntimeError) as exc:
        raise problem(owner, lines, key, f"{spec!r}: cannot use this file: {exc}") from None
    if real.parent != folder.resolve():
        raise problem(owner, lines, key, f"{spec!r} leads outside this file's folder (to "
                      f"{real}); {kind} names files in the same folder only")
    if not real.is_file():
        raise problem(owner, lines, key, f"{kind} file {spec!r} not found: no such file {real}")
    return real


def _chain(path: Path, seen: tuple = ()) -> tuple[Variant | None, list[Link]]:
    """The registered variant a file's ``extends:`` chain ends on (None for a full definition)
    and the chain's files from the base up, each read and schema-checked; nothing runs."""
    definition, lines = read_document(path)
    link = Link(path, definition, lines)
    if "extends" not in definition:
        return None, [link]
    text = definition["extends"]
    if not looks_like_file(text):
        try:
            return get_variant(text), [link]
        except VariantError as exc:
            raise problem(path, lines, ("extends",), f"cannot extend {text[:120]!r}: {exc}") from None
    parent_path = _beside(text, path.parent, _BESIDE_YAML, path, lines, ("extends",), "extends")
    if parent_path in seen + (path,):
        loop = seen + (path,)
        names = " -> ".join(p.name for p in loop[loop.index(parent_path):] + (parent_path,))
        raise problem(path, lines, ("extends",), f"'extends' goes round in a cycle: {names}")
    base, links = _chain(parent_path, seen + (path,))
    return base, links + [link]


def _check_chain(base: Variant | None, links: list[Link], installed: bool = False) -> list[dict]:
    """Every file of a chain checked as data against its parent (names, merged definition,
    hook entries); returns each link's full definition.  No hook file is opened."""
    parent_def = base.definition if base is not None else None
    parent_name = base.name if base is not None else None
    merged_defs = []
    for n, link in enumerate(links):
        own = link.definition
        name = own["name"]
        path, lines = link.path, link.lines
        entries = _hook_entries(own)
        if parent_def is None and not entries:
            raise problem(path, lines, ("name",), "a variant needs 'extends' (the variant it "
                          "changes) or 'hooks' (the Python files with its rules)")
        last = n == len(links) - 1
        if name in installed_names() and not (installed and last) and (
                parent_def is None or name != parent_name):
            raise problem(path, lines, ("name",), f"{name!r} is an installed variant; give this "
                          f"file a name of its own")
        if parent_name is not None and name == parent_name:
            raise problem(path, lines, ("name",), f"an overlay needs a name of its own, not its "
                          f"parent's ({name!r})")
        if parent_def is not None:
            full = merge_overlay(parent_def, own)
            check_overlay(full, own, parent_def, parent_name or "", path, lines)
        else:
            full = own
        if not (installed and last):
            for spec, key in entries:
                _beside(spec, path.parent, _BESIDE_PY, path, lines, key, "hooks")
        merged_defs.append(full)
        parent_def, parent_name = full, name
    return merged_defs


def load_variant_file(path: str | Path) -> Variant:
    """A variant defined by a YAML file, registered under its ``name``.

    Either a full variant with ``hooks`` supplying its rules, or an overlay that ``extends`` a
    registered variant (or a YAML file in its own folder) and changes its data; its own
    ``hooks`` are stacked on the parent's, so a few hookimpls can change one rule.  The whole
    chain is checked before any hook file runs.  Every problem is one VariantError naming the
    file, the line and the field.
    """
    path = _checked_path(path)
    base, links = _chain(path)
    root = links[0]
    if base is None and root.definition["name"] in installed_names():
        installed = get_variant(root.definition["name"])  # an installed variant's own YAML
        if Path(installed.source).resolve() == root.path:
            base, links = installed, links[1:]
            if not links:
                return installed
    merged = _check_chain(base, links)
    variant = base
    for link, full in zip(links, merged):
        own = [load_hook_file(spec, link.path.parent, link.path, link.lines, key)
               for spec, key in _hook_entries(link.definition)]
        overlay = link.definition if variant is not None else None
        variant = build(link.path, full, link.lines, variant, own, link.definition["name"], overlay)
    assert variant is not None
    return variant


def resolve_argument(text: str) -> tuple[Variant, dict]:
    """What a user typed as a variant on a command line: ``NAME[:OPTIONS]`` or a variant file
    ``PATH[:OPTIONS]`` (a path: it ends in .yaml/.yml or names a folder).  Only a caller acting
    for the person at the keyboard uses this; data never reaches it."""
    if not isinstance(text, str) or len(text) > MAX_PATH:
        raise VariantError("a variant argument is a name or a file path of at most "
                           f"{MAX_PATH} characters")
    name, opts = split_argument(text)
    if looks_like_file(name) and not is_registered(name):
        variant = load_variant_file(name)
    else:
        variant = get_variant(name)
    return variant, options_of(variant, opts)


# -- hook files -------------------------------------------------------------------------------

def load_hook_file(spec: str, base_dir: Path, owner: Path, lines: dict, key: tuple) -> ModuleType:
    """Run one ``hooks:`` file of a checked variant file (a ``.py`` beside it) and check its
    hooks against the contract."""
    file = _beside(spec, base_dir, _BESIDE_PY, owner, lines, key, "hooks")
    read_text(file, "hooks file")  # size and encoding, before Python reads it
    stamp = file.stat().st_mtime_ns
    name = f"paisho_house_{re.sub(r'[^0-9A-Za-z_]', '_', file.stem)}_{abs(hash((str(file), stamp)))}"
    if name in sys.modules:
        return sys.modules[name]
    mod_spec = importlib.util.spec_from_file_location(name, file)
    if mod_spec is None or mod_spec.loader is None:
        raise problem(owner, lines, key, f"cannot import hook module {spec!r}: not a Python file")
    module = importlib.util.module_from_spec(mod_spec)
    sys.modules[name] = module
    try:
        mod_spec.loader.exec_module(module)
        check_hooks(module, file, guard=True)
    except VariantError:
        del sys.modules[name]
        raise
    except Exception as exc:  # a designer's file: report it, never a traceback
        del sys.modules[name]
        line = frame_line(exc.__traceback__, str(file))
        if isinstance(exc, SyntaxError) and exc.lineno and exc.filename == str(file):
            line = exc.lineno
            msg = f"SyntaxError: {exc.msg}"
        else:
            msg = f"{type(exc).__name__}: {exc}"
        at = f": line {line}" if line else ""
        raise VariantError(f"{file}{at}: cannot load this hooks file (named in {owner}): "
                           f"{msg}") from None
    return module


def _installed_module(spec: str, owner: Path, lines: dict, key: tuple) -> ModuleType:
    """A ``hooks:``/``plugins:`` entry of an installed plugin's own YAML: a file beside it or
    the import path of an installed module."""
    if spec.endswith(".py"):
        return load_hook_file(spec, owner.parent, owner, lines, key)
    try:
        return importlib.import_module(spec)
    except Exception as exc:
        raise problem(owner, lines, key, f"cannot import hook module {spec!r}: "
                      f"{type(exc).__name__}: {exc}") from None


def variant_from_plugin(module: ModuleType, extra_plugins: Iterable[ModuleType] = ()) -> Variant:
    """The variant an installed plugin module describes (``paisho_variant_info``).  Its YAML
    may be a full definition or an overlay that ``extends`` another variant, like a house-rule
    file: the module's hooks are then stacked on the parent's."""
    pm = pluggy.PluginManager("paisho")
    pm.add_hookspecs(hookspecs)
    try:
        pm.register(module)
    except pluggy.PluginValidationError as exc:
        raise VariantError(f"plugin {module.__name__}: {exc}") from None
    infos = [i for i in pm.hook.paisho_variant_info() if i]
    if not infos:
        raise VariantError(f"plugin {module.__name__} does not describe a variant (paisho_variant_info)")
    info = infos[-1]
    yaml_path = _checked_path(info["yaml"])
    base, links = _chain(yaml_path)
    merged = _check_chain(base, links, installed=True)
    parent = base
    for link, full in list(zip(links, merged))[:-1]:  # files the plugin's YAML extends
        own = [load_hook_file(spec, link.path.parent, link.path, link.lines, key)
               for spec, key in _hook_entries(link.definition)]
        parent = build(link.path, full, link.lines, parent, own, link.definition["name"],
                       link.definition if parent is not None else None)
    link = links[-1]
    if parent is not None:
        check_hooks(module, getattr(module, "__file__", module.__name__), guard=True)
    own = [module]
    for spec, key in _hook_entries(link.definition):
        own.append(_installed_module(spec, link.path, link.lines, key))
    own.extend(extra_plugins)
    name = info.get("name", link.definition["name"])
    return build(link.path, merged[-1], link.lines, parent, own, name,
                 link.definition if parent is not None else None)


def variant_from_spec(name: str, source: str) -> Variant:
    """The variant ``Variant.spec`` names (pickled games and tiles carry it): the registered one
    with that name and YAML file, else the installed variant of that name, else the one the YAML
    file defines (a house rule the parent process loaded explicitly)."""
    found = _registry.get(name)
    if found is not None and found.source == source:
        return found
    if name in installed_names():
        found = get_variant(name)
        if found.source == source:
            return found
    return load_variant_file(source)


__all__ = ["FILE_HINT", "load_variant_file", "read_definition", "resolve_argument",
           "variant_from_plugin", "variant_from_spec"]
