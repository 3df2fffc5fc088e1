"""Variant definitions, discovery through entry points, and hook resolution."""
from __future__ import annotations

import difflib
import functools
import importlib
import importlib.util
import inspect
import math
import re
import sys
from collections.abc import Callable, Iterable
from functools import lru_cache
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from types import ModuleType
from typing import Any

import jsonschema
import pluggy

from . import board, hookspecs
from .errors import PaishoError, VariantError
from .schema import DocumentError, json_path, load_yaml, schema
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

    def __getattr__(self, name: str) -> Callable[..., Any]:
        # every hook is set in __init__; this only tells type checkers the attributes exist
        raise AttributeError(f"no hook {name!r} (see paisho_core.hookspecs)")


def _none(*args, **kwargs):
    return None


def _bind(caller, argnames):
    def call(*args):
        return caller(**dict(zip(argnames, args)))

    return call


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
        """(name, YAML path): what :func:`variant_from_spec` rebuilds this variant from in
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
            kind = spec.get("type") or _type_name(default)
            if not _fits(value, kind):
                raise VariantError(f"option {name} of {self.name} takes {_TYPE_WORDS[kind]}, got {value!r}")
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


def _read_document(path: Path) -> tuple[dict, dict]:
    """Parse and schema-validate a variant YAML file; returns (data, line map).

    Every problem names the file, the line and the field (JSON path)."""
    try:
        text = path.read_text("utf-8")
    except FileNotFoundError:
        raise VariantError(f"{path}: no such file") from None
    except UnicodeDecodeError as exc:
        raise VariantError(f"{path}: line 1: not UTF-8 text (byte {exc.start})") from None
    except OSError as exc:
        raise VariantError(f"{path}: cannot read: {exc.strerror}") from None
    try:
        data, lines = load_yaml(text, str(path))
        if not isinstance(data, dict):
            raise DocumentError(str(path), [("$", 1, "a variant definition must be a mapping of "
                                                    "fields such as 'name:' and 'extends:'")])
        _validate(data, path, lines)
    except DocumentError as exc:
        raise VariantError(str(exc)) from None
    return data, lines


def _schema_problems(data: dict) -> list[tuple[tuple, str]]:
    """(JSON path, message) of every schema error; an unknown field is reported at its own
    path (so at its own line), not at the mapping that holds it."""
    validator = jsonschema.Draft202012Validator(schema("variant"))
    out = []
    for err in sorted(validator.iter_errors(data), key=lambda e: list(map(str, e.absolute_path))):
        key = tuple(err.absolute_path)
        if err.validator == "additionalProperties" and isinstance(err.instance, dict):
            known = set(err.schema.get("properties", {}))
            extra = [k for k in err.instance if k not in known]
            if extra:
                key = key + (extra[0],)
                allowed = ", ".join(sorted(known))
                out.append((key, f"unknown field {extra[0]!r} (allowed here: {allowed})"))
                continue
        out.append((key, err.message))
    return out


def _validate(data: dict, path: Path, lines: dict) -> None:
    problems = []
    for key, message in _schema_problems(data):
        probe = key
        while probe and probe not in lines:
            probe = probe[:-1]
        problems.append((json_path(key), lines.get(probe), message))
    if problems:
        raise DocumentError(str(path), problems)


def read_definition(path: str | Path) -> dict:
    """Read and schema-validate a variant YAML file; errors name the file, line and field."""
    return _read_document(Path(path))[0]


def _problem(path, lines: dict, key: tuple, message: str) -> VariantError:
    """A VariantError naming the file, the line of ``key`` (or of its nearest parent) and the
    field's JSON path."""
    probe = tuple(key)
    while probe and probe not in lines:
        probe = probe[:-1]
    line = lines.get(probe) if lines else None
    where = f"line {line}, " if line else ""
    return VariantError(f"{path}: {where}{json_path(key)}: {message}")


# -- hook modules -----------------------------------------------------------------------------

def _def_line(fn) -> int | None:
    code = getattr(inspect.unwrap(fn), "__code__", None)
    return code.co_firstlineno if code else None


def _frame_line(tb, file: str) -> int | None:
    """The last line of ``file`` in a traceback (where a designer's code went wrong)."""
    line = None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == file:
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


def _where(exc: BaseException) -> str:
    """`` at FILE: line N`` of the innermost frame outside the import machinery."""
    if isinstance(exc, SyntaxError) and exc.filename and exc.lineno:
        return f" at {exc.filename}: line {exc.lineno}"
    where = ""
    tb = exc.__traceback__
    while tb is not None:
        file = tb.tb_frame.f_code.co_filename
        if not file.startswith("<frozen"):
            where = f" at {file}: line {tb.tb_lineno}"
        tb = tb.tb_next
    return where


def _hook_failure(exc: Exception, fn, attr: str, file: str) -> VariantError:
    line = _frame_line(exc.__traceback__, file) or _def_line(fn)
    inner = _where(exc)
    also = "" if not inner or inner.startswith(f" at {file}:") else f" (raised{inner})"
    return VariantError(f"{file}: line {line}: hook {attr} failed: "
                        f"{type(exc).__name__}: {exc}{also}")


def _guard_hook(fn, attr: str, file: str):
    """Wrap a hook implementation of a designer's file so that a bug in it ends with one message
    naming the hook, the file and the line, never a traceback.  Errors the rules raise on purpose
    (any PaishoError: an illegal move, bad notation) pass through unchanged.  A wrapper hook
    (a generator) stays a generator, so pluggy still drives it around the other hooks."""
    if inspect.isgeneratorfunction(fn):
        @functools.wraps(fn)
        def guarded_wrapper(*args, **kwargs):
            try:
                return (yield from fn(*args, **kwargs))
            except PaishoError:
                raise
            except Exception as exc:
                raise _hook_failure(exc, fn, attr, file) from exc

        setattr(guarded_wrapper, "paisho_guarded", True)
        return guarded_wrapper

    @functools.wraps(fn)
    def guarded(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except PaishoError:
            raise
        except Exception as exc:
            raise _hook_failure(exc, fn, attr, file) from exc

    setattr(guarded, "paisho_guarded", True)
    return guarded


def _check_hooks(module: ModuleType, file, guard: bool = False) -> None:
    """Check a hook module against the contract: every function marked ``@hookimpl`` must name a
    hook of :mod:`paisho_core.hookspecs` and take only that hook's arguments; a function named
    like a hook but not marked is a forgotten decorator.  Errors name the file, the line and the
    hook.  With ``guard``, every implementation is wrapped by :func:`_guard_hook`."""
    file = str(file)
    for attr, fn in list(vars(module).items()):
        if not callable(fn) or isinstance(fn, type):
            continue
        opts = getattr(fn, "paisho_impl", None)
        own = getattr(fn, "__module__", None) == module.__name__
        if opts is None:
            if own and attr in _HOOKS:
                raise VariantError(f"{file}: line {_def_line(fn)}: {attr} is not marked "
                                   f"@paisho_core.hookimpl, so it would never be called")
            continue
        if not isinstance(opts, dict):
            continue
        line = _def_line(fn)
        spec = getattr(hookspecs, attr, None) if attr in _HOOKS else None
        if spec is None:
            close = difflib.get_close_matches(attr, _HOOKS, 1)
            hint = f"did you mean {close[0]}?" if close else f"the hooks are {', '.join(_HOOKS)}"
            raise VariantError(f"{file}: line {line}: {attr} is not a paisho hook ({hint})")
        allowed = list(inspect.signature(spec).parameters)
        extra = [a for a in inspect.signature(fn).parameters if a not in allowed]
        if extra:
            raise VariantError(f"{file}: line {line}: hook {attr} takes unknown argument(s) "
                               f"{', '.join(extra)} (the hook passes {', '.join(allowed)})")
        is_gen = inspect.isgeneratorfunction(inspect.unwrap(fn))
        if (opts.get("wrapper") or opts.get("hookwrapper")) and not is_gen:
            raise VariantError(f"{file}: line {line}: hook {attr} is marked wrapper=True but "
                               f"does not 'yield' (a wrapper runs around the other implementations)")
        if guard and not getattr(fn, "paisho_guarded", False):
            setattr(module, attr, _guard_hook(fn, attr, file))


_BESIDE_RE = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*\.py")


def _plugin_from_path(spec: str, base_dir: Path, owner: Path | None = None,
                      lines: dict | None = None, key: tuple = ("hooks",),
                      modules: bool = False) -> ModuleType:
    """Load one entry of ``hooks:``/``plugins:``: a ``.py`` file in the YAML's own folder (loaded
    by its path, never searched for).  Only an installed plugin's own YAML (``modules``) may also
    name the import path of an installed module."""
    def problem(message):
        if owner is not None:
            return _problem(owner, lines or {}, key, message)
        return VariantError(message)

    if not modules and not _BESIDE_RE.fullmatch(spec):
        raise problem(f"{spec!r}: a variant file's hooks name a Python file in the same folder, "
                      f"such as 'my_rules.py' (no folders, no absolute paths, no module names); "
                      f"an installed module belongs in a plugin package (entry point "
                      f"{ENTRY_POINT_GROUP})")
    if spec.endswith(".py"):
        file = (base_dir / spec).resolve()
        if not file.is_file():
            raise problem(f"hooks file {spec!r} not found (looked for {file})")
        stamp = file.stat().st_mtime_ns
        name = f"paisho_house_{re.sub(r'[^0-9A-Za-z_]', '_', file.stem)}_{abs(hash((str(file), stamp)))}"
        if name in sys.modules:
            return sys.modules[name]
        mod_spec = importlib.util.spec_from_file_location(name, file)
        if mod_spec is None or mod_spec.loader is None:
            raise problem(f"cannot import hook module {spec!r}: not a Python file")
        module = importlib.util.module_from_spec(mod_spec)
        sys.modules[name] = module
        try:
            mod_spec.loader.exec_module(module)
            _check_hooks(module, file, guard=True)
        except VariantError:
            del sys.modules[name]
            raise
        except Exception as exc:  # a designer's file: report it, never a traceback
            del sys.modules[name]
            line = _frame_line(exc.__traceback__, str(file))
            if isinstance(exc, SyntaxError) and exc.lineno and exc.filename == str(file):
                line = exc.lineno
                msg = f"SyntaxError: {exc.msg}"
            else:
                msg = f"{type(exc).__name__}: {exc}"
            where = f": line {line}" if line else ""
            used = f" (named in {owner})" if owner is not None else ""
            raise VariantError(f"{file}{where}: cannot load this hooks file{used}: {msg}") from None
        return module
    try:
        return importlib.import_module(spec)
    except Exception as exc:
        raise problem(f"cannot import hook module {spec!r}: {type(exc).__name__}: {exc}") from None


def _hook_entries(definition: dict) -> list[tuple[str, tuple]]:
    """(spec, JSON path) of every ``hooks:`` and ``plugins:`` entry, in order."""
    hooks = definition.get("hooks", [])
    out: list[tuple[str, tuple]] = [(hooks, ("hooks",))] if isinstance(hooks, str) else [
        (h, ("hooks", i)) for i, h in enumerate(hooks)]
    out += [(p, ("plugins", i)) for i, p in enumerate(definition.get("plugins", []))]
    return out


def _hook_specs(definition: dict) -> list[str]:
    return [spec for spec, _ in _hook_entries(definition)]


# -- registry ---------------------------------------------------------------------------------

@lru_cache(maxsize=None)
def _entry_point_modules() -> dict[str, EntryPoint]:
    found = {}
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        found[ep.name] = ep
    return found


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


FILE_HINT = ("a variant file (a .yaml whose hooks are Python code) is used only when you give "
             "it explicitly: --variant FILE.yaml on the command line, or "
             "load_variant_file(path) / variant=path in Python")


def looks_like_file(name: str) -> bool:
    """Does a variant name look like a file path (which records, positions and the engine
    never resolve)?"""
    return (name.endswith((".yaml", ".yml", ".py")) or "/" in name or "\\" in name
            or name.startswith((".", "~")))


def get_variant(name: str) -> Variant:
    """A registered variant by name (or alias): an installed plugin, or a variant file this
    process loaded explicitly with :func:`load_variant_file`.  Never a file path: a name taken
    from a record, a position or a request must not run the code a variant file names."""
    if not isinstance(name, str):
        raise VariantError(f"a variant is named by a string, got {name!r}")
    if name in _registry:
        return _registry[name]
    ep = _entry_point_modules().get(name)
    if ep is None:
        if looks_like_file(name):
            raise VariantError(f"{name!r} is a file, not a registered variant: {FILE_HINT}")
        raise VariantError(f"unknown variant {name!r} (known: {', '.join(variants())}; "
                           f"a house-rule YAML is used only when you give it: {FILE_HINT})")
    if name in _loading:
        chain = " -> ".join(_loading[_loading.index(name):] + [name])
        raise VariantError(f"variant {name!r} extends itself: {chain}")
    try:
        module = ep.load()
    except Exception as exc:  # a broken installed plugin: name it, never a traceback
        raise VariantError(f"variant {name!r} (entry point {ep.value}) failed to load"
                           f"{_where(exc)}: {type(exc).__name__}: {exc}") from None
    _loading.append(name)
    try:
        variant = variant_from_plugin(module)
    finally:
        _loading.remove(name)
    _registry[name] = variant
    return variant


def variant_from_plugin(module: ModuleType, extra_plugins: Iterable[ModuleType] = ()) -> Variant:
    """The variant a plugin module describes (``paisho_variant_info``).  Its YAML may be a full
    definition or an overlay that ``extends`` another variant, like a house-rule file: the
    module's hooks are then stacked on the parent's."""
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
    yaml_path = Path(info["yaml"])
    definition, lines = _read_document(yaml_path)
    name = info.get("name", definition["name"])
    parent = None
    if "extends" in definition:
        parent = _parent_of(definition["extends"], yaml_path.resolve(), lines, (yaml_path.resolve(),))
        _check_hooks(module, getattr(module, "__file__", module.__name__), guard=True)
    own = [module]
    for spec, key in _hook_entries(definition):
        own.append(_plugin_from_path(spec, yaml_path.parent, yaml_path, lines, key, modules=True))
    own.extend(extra_plugins)
    return _build(yaml_path, definition, lines, parent, own, name)


def merge_overlay(parent: dict, overlay: dict) -> dict:
    """The definition an overlay describes: the parent's, with the overlay's changes.

    ``change_tiles`` entries change every parent tile their ``where`` matches; then tiles merge
    by code (fields given replace the parent's; a new code adds a tile kind; count 0 takes a
    tile out of play), ``harmony``/``clash`` given replace the parent's, options merge by
    name (a new default, or a new option), ``rules``, ``point_sets`` and ``rules_text`` merge key
    by key.
    """
    merged = {k: v for k, v in parent.items()
              if k not in ("plugins", "hooks", "extends", "untagged_records")}
    merged["name"] = overlay["name"]
    merged["title"] = overlay.get("title") or f"{parent.get('title', parent['name'])} ({overlay['name']})"
    for key in ("description", "first_player", "sources", "untagged_records"):
        if key in overlay:
            merged[key] = overlay[key]
    tiles = [dict(t) for t in parent.get("tiles", [])]
    index = {t["code"]: t for t in tiles}
    for change in overlay.get("change_tiles", []):
        for t in tiles:
            if tile_matches(t, change["where"]):
                t.update(change["set"])
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
    for key in ("rules", "point_sets", "rules_text"):
        if key in overlay:
            merged[key] = {**parent.get(key, {}), **overlay[key]}
    return merged


def tile_matches(tile: dict, where: dict) -> bool:
    """Does a tile definition meet every condition of a ``change_tiles`` ``where`` (a list
    value means any of its values)?"""
    for key, want in where.items():
        wanted = want if isinstance(want, list) else [want]
        if key == "tag":
            if not set(wanted) & set(tile.get("tags", [])):
                return False
        elif tile.get(key) not in wanted:
            return False
    return True


def load_variant_file(path: str | Path, _seen: tuple = ()) -> Variant:
    """A variant defined by a YAML file, registered under its ``name``.

    Either a full variant with ``hooks``/``plugins`` supplying its rules, or an overlay that
    ``extends`` a registered variant (or another overlay file) and changes its data; its own
    ``hooks`` are stacked on the parent's, so a few hookimpls can change one rule.  Every
    problem is one VariantError naming the file, the line and the field.
    """
    path = Path(path).resolve()
    definition, lines = _read_document(path)
    parent = None
    if "extends" in definition:
        parent = _parent_of(definition["extends"], path, lines, _seen + (path,))
    name = definition["name"]
    if parent is None and name in _entry_point_modules():
        installed = get_variant(name)  # the YAML of an installed variant: its module has the rules
        if Path(installed.source).resolve() == path:
            return installed
    own = [_plugin_from_path(spec, path.parent, path, lines, key)
           for spec, key in _hook_entries(definition)]
    if parent is None and not own:
        raise _problem(path, lines, ("name",), "a variant needs 'extends' (the variant it "
                       "changes) or 'hooks' (the Python files with its rules)")
    if name in _entry_point_modules() and (parent is None or name != parent.name):
        raise _problem(path, lines, ("name",), f"{name!r} is an installed variant; give this "
                       f"file a name of its own")
    if parent is not None and name == parent.name:
        raise _problem(path, lines, ("name",), f"an overlay needs a name of its own, not its "
                       f"parent's ({name!r})")
    return _build(path, definition, lines, parent, own, name)


def _parent_of(text: str, path: Path, lines: dict, chain: tuple) -> Variant:
    """The variant ``extends: text`` names: a registered variant, or a YAML file relative to the
    overlay.  ``chain`` holds the files being loaded, to report cycles."""
    key = ("extends",)
    candidate = path.parent / text
    if text.endswith((".yaml", ".yml")) or "/" in text or candidate.is_file():
        candidate = candidate.resolve()
        if candidate in chain:
            loop = " -> ".join(p.name for p in chain[chain.index(candidate):] + (candidate,))
            raise _problem(path, lines, key, f"'extends' goes round in a cycle: {loop}")
        if not candidate.is_file():
            raise _problem(path, lines, key, f"no such file {candidate}")
        return load_variant_file(candidate, chain)
    try:
        return get_variant(text)
    except VariantError as exc:
        raise _problem(path, lines, key, f"cannot extend {text!r}: {exc}") from None


def _build(path: Path, definition: dict, lines: dict, parent: Variant | None,
           own_plugins: list, name: str) -> Variant:
    plugins: list = []
    overlay = definition
    if parent is not None:
        definition = merge_overlay(parent.definition, overlay)
        _check_overlay(definition, overlay, parent, path, lines)
        plugins = list(parent.plugins)
    for plugin in own_plugins:
        if plugin not in plugins:
            plugins.append(plugin)
    variant = Variant(name, definition, plugins, str(path))
    own = overlay if parent is not None else definition
    try:
        variant.options(None)  # the defaults must pass the option checks themselves
    except VariantError as exc:
        key: tuple = ("options",)
        for j, opt in enumerate(own.get("options", [])):
            if isinstance(opt, dict) and f"option {opt.get('name')} " in str(exc):
                key = ("options", j, "default")
        raise _problem(path, lines, key, f"the default options are refused: {exc}") from None
    _registry[variant.name] = variant
    return variant


def _type_name(value) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    return "string"


_TYPE_WORDS = {"boolean": "true or false", "integer": "a whole number", "number": "a number",
               "string": "a text value"}


def _fits(value, kind: str) -> bool:
    if kind == "boolean":
        return isinstance(value, bool)
    if kind == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return isinstance(value, str)


def _check_overlay(merged: dict, overlay: dict, parent: Variant, path: Path, lines: dict) -> None:
    """Problems only the merged definition shows, reported at the overlay's own lines: a typo'd
    tile code that would add an incomplete tile kind, unknown codes in harmony or clash,
    unknown areas, option defaults of the wrong type, and schema errors of the result."""
    parent_codes = [t["code"] for t in parent.definition.get("tiles", [])]
    codes = {t["code"] for t in merged["tiles"]}
    point_sets = set(merged.get("point_sets") or {})
    areas = ["any", *board.AREA_TYPES, *sorted(point_sets)]
    for j, tile in enumerate(overlay.get("tiles", [])):
        if tile["code"] not in parent_codes:
            missing = [f for f in ("name", "group", "count") if f not in tile]
            if missing:
                raise _problem(path, lines, ("tiles", j, "code"),
                               f"{tile['code']!r} is not a tile of {parent.name} "
                               f"({', '.join(parent_codes)}); a new tile kind also needs "
                               f"{', '.join(missing)}")
        for k, stop in enumerate(tile.get("stops", [])):
            if stop not in areas:
                raise _problem(path, lines, ("tiles", j, "stops", k),
                               f"unknown area or point set {stop!r} (known: {', '.join(areas)})")
    for j, change in enumerate(overlay.get("change_tiles", [])):
        if not any(tile_matches(t, change["where"]) for t in parent.definition.get("tiles", [])):
            raise _problem(path, lines, ("change_tiles", j, "where"),
                           f"no tile of {parent.name} matches {change['where']}")
        for k, stop in enumerate(change["set"].get("stops", [])):
            if stop not in areas:
                raise _problem(path, lines, ("change_tiles", j, "set", "stops", k),
                               f"unknown area or point set {stop!r} (known: {', '.join(areas)})")
    for rel in ("harmony", "clash"):
        section = overlay.get(rel)
        if not isinstance(section, dict):
            continue
        for field in ("circle", "wild", "pairs"):
            for i, item in enumerate(section.get(field, [])):
                for k, code in enumerate(item if isinstance(item, list) else [item]):
                    if code not in codes:
                        key = (rel, field, i, k) if isinstance(item, list) else (rel, field, i)
                        raise _problem(path, lines, key, f"unknown tile code {code!r} "
                                       f"(tiles: {', '.join(t['code'] for t in merged['tiles'])})")
    for j, opt in enumerate(overlay.get("options", [])):
        spec = parent.option_specs.get(opt["name"])
        if spec is None:
            continue
        kind = spec.get("type") or _type_name(spec["default"])
        if "default" in opt and not _fits(opt["default"], kind):
            raise _problem(path, lines, ("options", j, "default"),
                           f"option {opt['name']} of {parent.name} takes {_TYPE_WORDS[kind]}, "
                           f"got {opt['default']!r}")
        choices = opt.get("choices", spec.get("choices"))
        if choices is not None and opt.get("default", spec["default"]) not in choices:
            raise _problem(path, lines, ("options", j, "default"),
                           f"option {opt['name']} must be one of {choices}, got {opt.get('default')!r}")
    problems = []
    for found, message in _schema_problems(merged):
        where = _overlay_key(found, merged, overlay)
        probe: tuple = where
        while probe and probe not in lines:
            probe = probe[:-1]
        problems.append((json_path(where), lines.get(probe), message))
    if problems:
        raise VariantError(str(DocumentError(str(path), problems)))


def _overlay_key(key: tuple, merged: dict, overlay: dict) -> tuple:
    """Where in the overlay a problem of the merged definition comes from (``extends`` when the
    overlay did not touch that part)."""
    if len(key) >= 2 and key[0] in ("tiles", "options") and isinstance(key[1], int):
        field = "code" if key[0] == "tiles" else "name"
        ident = merged[key[0]][key[1]][field]
        for j, item in enumerate(overlay.get(key[0], [])):
            if item.get(field) == ident:
                return (key[0], j) + key[2:]
        return ("extends",)
    if key and key[0] in overlay:
        return key
    return ("extends",)


def resolve(text: str, files: bool = True) -> tuple[Variant, dict]:
    """A variant argument as users write it: ``NAME``, ``NAME:OPTION=VALUE,OPTION2=1`` or, with
    ``files`` (an argument a user typed), the path of a YAML file (``./my-rules.yaml`` or
    ``./my-rules.yaml:OPTION=VALUE``).  Returns the variant and the options given with it."""
    m = re.match(r"^(.*\.ya?ml)(?::(.*))?$", text)
    name, opts = (m.group(1), m.group(2) or "") if m else (text.partition(":")[0], text.partition(":")[2])
    if not files:
        variant = get_variant(name)
    elif name.endswith((".yaml", ".yml")) or (Path(name).is_file() and name not in variants()):
        variant = load_variant_file(name)
    else:
        variant = get_variant(name)
    options = parse_option_pairs(variant, [p for p in opts.split(",") if p]) if opts else {}
    return variant, options


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
            raise VariantError(f"unknown option {name!r} for {variant.name} (known: {known})")
        default = spec["default"]
        kind = spec.get("type") or _type_name(default)
        raw = raw.strip() if eq else "true"
        if kind == "boolean":
            low = raw.lower()
            if low not in ("true", "false", "1", "0", "yes", "no", "on", "off"):
                raise VariantError(f"option {name} of {variant.name} takes true or false, got {raw!r}")
            value = low in ("true", "1", "yes", "on")
        elif kind == "integer":
            try:
                value = int(raw)
            except ValueError:
                raise VariantError(f"option {name} of {variant.name} takes a whole number, got {raw!r}") from None
        elif kind == "number":
            try:
                value = float(raw)
            except ValueError:
                raise VariantError(f"option {name} of {variant.name} takes a number, got {raw!r}") from None
        else:
            value = raw
        out[name] = value
    return out


def variant_from_spec(name: str, source: str) -> Variant:
    """The variant ``Variant.spec`` names: the registered one with that name and YAML file, else
    the installed variant of that name, else the one the YAML file defines (house rules)."""
    found = _registry.get(name)
    if found is not None and found.source == source:
        return found
    if name in _entry_point_modules():
        found = get_variant(name)
        if found.source == source:
            return found
    return load_variant_file(source)


def register(variant: Variant) -> None:
    _registry[variant.name] = variant


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
