"""Hook binding and the hook-module contract.

:class:`Rules` binds a variant's pluggy hooks once; :func:`check_hooks` holds a hook module to
:mod:`paisho_core.hookspecs` and wraps a designer's implementations so that a bug in them ends in
one message naming the file, the line and the hook.  Nothing here reads a file.
"""
from __future__ import annotations

import difflib
import functools
import inspect
from collections.abc import Callable
from types import ModuleType, TracebackType
from typing import Any

import pluggy

from .. import hookspecs
from ..errors import PaishoError, VariantError

#: Every hook a variant may implement (the names in :mod:`paisho_core.hookspecs`).
HOOKS = [name for name in dir(hookspecs) if name.startswith("paisho_")]


class Rules:
    """The hooks of one variant, resolved once: attribute ``legal_moves`` calls
    ``paisho_legal_moves`` and so on, bound straight to the implementing function when exactly
    one plain implementation exists."""

    def __init__(self, pm: pluggy.PluginManager) -> None:
        for name in HOOKS:
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


def implemented(hook: Callable[..., Any]) -> bool:
    """Whether a :class:`Rules` attribute calls a variant's hook (not the stand-in that answers
    None): read once per decision, so a hot loop skips hooks no variant gave."""
    return hook is not _none


def _bind(caller, argnames):
    def call(*args):
        return caller(**dict(zip(argnames, args)))

    return call

def _def_line(fn) -> int | None:
    code = getattr(inspect.unwrap(fn), "__code__", None)
    return code.co_firstlineno if code else None


def frame_line(tb: TracebackType | None, file: str) -> int | None:
    """The last line of ``file`` in a traceback (where a designer's code went wrong)."""
    line = None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == file:
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


def where(exc: BaseException) -> str:
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
    line = frame_line(exc.__traceback__, file) or _def_line(fn)
    inner = where(exc)
    also = "" if not inner or inner.startswith(f" at {file}:") else f" (raised{inner})"
    return VariantError(f"{file}: line {line}: hook {attr} failed: "
                        f"{type(exc).__name__}: {exc}{also}")


def guard_hook(fn: Callable[..., Any], attr: str, file: str) -> Callable[..., Any]:
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


def check_hooks(module: ModuleType, file: object, guard: bool = False) -> None:
    """Check a hook module against the contract: every function marked ``@hookimpl`` must name a
    hook of :mod:`paisho_core.hookspecs` and take only that hook's arguments; a function named
    like a hook but not marked is a forgotten decorator.  Errors name the file, the line and the
    hook.  With ``guard``, every implementation is wrapped by :func:`guard_hook`."""
    file = str(file)
    for attr, fn in list(vars(module).items()):
        if not callable(fn) or isinstance(fn, type):
            continue
        opts = getattr(fn, "paisho_impl", None)
        own = getattr(fn, "__module__", None) == module.__name__
        if opts is None:
            if own and attr in HOOKS:
                raise VariantError(f"{file}: line {_def_line(fn)}: {attr} is not marked "
                                   f"@paisho_core.hookimpl, so it would never be called")
            continue
        if not isinstance(opts, dict):
            continue
        line = _def_line(fn)
        spec = getattr(hookspecs, attr, None) if attr in HOOKS else None
        if spec is None:
            close = difflib.get_close_matches(attr, HOOKS, 1)
            hint = f"did you mean {close[0]}?" if close else f"the hooks are {', '.join(HOOKS)}"
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
            setattr(module, attr, guard_hook(fn, attr, file))

