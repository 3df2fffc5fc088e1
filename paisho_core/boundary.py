"""The input boundary: every number, string and document that comes from outside (records,
positions, variant files, engine requests, web requests, command-line values) passes these
checks before any work is done with it, and everything paisho writes out is valid JSON.

- numbers: ASCII digits only (``"²".isdigit()`` is true in Python, but it is no number a user
  means), at most :data:`MAX_DIGITS` digits, finite, within :data:`MAX_INT`;
- documents: only JSON's kinds of value (no dates, bytes or sets from YAML tags, no NaN or
  infinity), strings and nesting bounded;
- texts quoted back in a message are shortened, so an error never echoes a megabyte.

Size limits of whole texts are in :mod:`paisho_core.limits`.
"""
from __future__ import annotations

import json
import math
import re
from typing import Any

from .errors import PaishoError

#: Largest whole number read from outside (a seed, an option, a coordinate, a turn number).
MAX_INT = 10**15
#: Largest magnitude of a decimal number read from outside.
MAX_NUMBER = 1e15
#: Most digits of a number read from text.
MAX_DIGITS = 16
#: Longest text a seed may be (a non-numeric seed is hashed as text).
MAX_SEED_TEXT = 100

_INT_RE = re.compile(r"[+-]?[0-9]{1,%d}" % MAX_DIGITS)
_NUMBER_RE = re.compile(r"[+-]?(?:[0-9]{1,%d}(?:\.[0-9]{0,20})?|\.[0-9]{1,20})(?:[eE][+-]?[0-9]{1,3})?"
                        % MAX_DIGITS)


class InputError(PaishoError):
    """A value from outside that paisho does not read (the message names what and where)."""


def shorten(text: Any, n: int = 60) -> str:
    """``text`` as a string of at most about ``n`` characters, for quoting in a message."""
    s = text if isinstance(text, str) else repr(text)
    return s if len(s) <= n else s[:n] + f"... ({len(s)} characters)"


def parse_int(text: str, what: str, error: type[PaishoError] = InputError,
              low: int = -MAX_INT, high: int = MAX_INT) -> int:
    """A whole number written in ASCII digits, within [low, high]."""
    raw = text.strip() if isinstance(text, str) else text
    if not isinstance(raw, str) or not _INT_RE.fullmatch(raw):
        raise error(f"{what} takes a whole number (digits 0-9, at most {MAX_DIGITS}), got "
                    f"{shorten(raw)!r}")
    value = int(raw)
    if not low <= value <= high:
        raise error(f"{what} must be from {low} to {high}, got {shorten(raw)}")
    return value


def parse_number(text: str, what: str, error: type[PaishoError] = InputError,
                 low: float = -MAX_NUMBER, high: float = MAX_NUMBER) -> float:
    """A finite decimal number written in ASCII, within [low, high]."""
    raw = text.strip() if isinstance(text, str) else text
    if not isinstance(raw, str) or not _NUMBER_RE.fullmatch(raw):
        raise error(f"{what} takes a number such as 0.5, got {shorten(raw)!r}")
    value = float(raw)
    if not (math.isfinite(value) and low <= value <= high):
        raise error(f"{what} must be a finite number from {low:g} to {high:g}, got {shorten(raw)}")
    return value


def check_number(value: Any, what: str, error: type[PaishoError] = InputError,
                 low: float = -MAX_NUMBER, high: float = MAX_NUMBER,
                 integer: bool = False) -> int | float:
    """A number given as a value (JSON, YAML, Python): finite, within bounds, whole if asked.
    ``True``/``False`` are not numbers here."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise error(f"{what} takes a {'whole ' if integer else ''}number, got {shorten(value)}")
    if isinstance(value, float) and not math.isfinite(value):
        raise error(f"{what} takes a finite number, got {value}")
    if integer and not isinstance(value, int):
        raise error(f"{what} takes a whole number, got {shorten(value)}")
    if not low <= value <= high:
        raise error(f"{what} must be from {low:g} to {high:g}, got {shorten(value)}")
    return value


def parse_seed(text: str, what: str = "the seed", error: type[PaishoError] = InputError) -> int | str:
    """A seed as written in a record or typed: ASCII digits read as a number, any other short
    text kept as text (Python's random hashes it)."""
    raw = text.strip() if isinstance(text, str) else text
    if not isinstance(raw, str):
        raise error(f"{what} is a number or a short text, got {shorten(raw)}")
    if _INT_RE.fullmatch(raw):
        return int(raw)
    if raw.lstrip("+-").isdigit() or raw.lstrip("+-").isdecimal():
        raise error(f"{what} {shorten(raw)!r}: a number of ASCII digits 0-9, at most "
                    f"{MAX_DIGITS} of them")
    if len(raw) > MAX_SEED_TEXT or not raw.isprintable():
        raise error(f"{what} is a number or a printable text of at most {MAX_SEED_TEXT} "
                    f"characters, got {shorten(raw)!r}")
    return raw


def check_seed(value: Any, what: str = "the seed", error: type[PaishoError] = InputError) -> int | str | None:
    """A seed given as a value (JSON): None, a whole number within bounds, or a short text."""
    if value is None:
        return None
    if isinstance(value, str):
        return parse_seed(value, what, error)
    return int(check_number(value, what, error, low=-MAX_INT, high=MAX_INT, integer=True))


def _kind(value: Any) -> str:
    return type(value).__name__


def problems_of(value: Any, path: tuple = (), max_string: int = 2_000_000) -> list[tuple[tuple, str]]:
    """(path, message) for every part of ``value`` that is not plain, finite, bounded JSON data.
    Iterative, so a deep document costs no recursion."""
    out: list[tuple[tuple, str]] = []
    stack = [(value, path)]
    while stack and len(out) < 20:
        item, where = stack.pop()
        if item is None or isinstance(item, bool):
            continue
        if isinstance(item, int):
            if not -MAX_INT <= item <= MAX_INT:
                digits = int(item.bit_length() * 0.30103) + 1  # str() of a huge int raises
                out.append((where, f"a number of about {digits} digits; paisho reads whole "
                                   f"numbers up to {MAX_INT}"))
        elif isinstance(item, float):
            if not math.isfinite(item):
                out.append((where, f"{item} is not a finite number"))
            elif abs(item) > MAX_NUMBER:
                out.append((where, f"{item:g} is too large; at most {MAX_NUMBER:g}"))
        elif isinstance(item, str):
            if len(item) > max_string:
                out.append((where, f"a text of {len(item)} characters; at most {max_string}"))
        elif isinstance(item, list):
            stack.extend((v, where + (i,)) for i, v in enumerate(item))
        elif isinstance(item, dict):
            for k, v in item.items():
                if not isinstance(k, str):
                    out.append((where, f"a key {shorten(k, 30)} that is not text (a "
                                       f"{_kind(k)}); keys are names"))
                    continue
                stack.append((v, where + (k,)))
        else:
            out.append((where, f"a {_kind(item)} value ({shorten(item, 30)}); only text, "
                               f"numbers, true/false, null, lists and mappings are read"))
    return out


def check_document(data: Any, source: str, lines: dict | None = None) -> None:
    """DocumentError naming the line and field of every value that is not plain bounded data
    (a YAML ``!!timestamp``, ``!!binary`` or ``!!set``, ``.nan``, a 5,000-digit number...)."""
    problems = problems_of(data)
    if not problems:
        return
    from .schema import DocumentError, json_path

    rows = []
    for key, message in problems:
        probe = key
        while lines and probe and probe not in lines:
            probe = probe[:-1]
        rows.append((json_path(key), (lines or {}).get(probe), message))
    raise DocumentError(source, rows)


def refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


#: Most digits a JSON reader converts at all (below Python's own 4,300); larger values are then
#: refused by :func:`problems_of`, which names their field.
_JSON_DIGITS = 4000


def bounded_int(text: str) -> int:
    """``parse_int`` for json.loads: never reaches Python's int limit."""
    if len(text.lstrip("-")) > _JSON_DIGITS:
        raise ValueError(f"a number of {len(text.lstrip('-'))} digits; at most {MAX_DIGITS}")
    return int(text)


def loads_json(text: str, what: str, error: type[PaishoError] = InputError) -> Any:
    """Parse JSON from outside: no NaN or Infinity, no number past the bounds, plain data only.
    Errors name ``what`` and, for syntax errors, the line and column."""
    try:
        value = json.loads(text, parse_constant=refuse_constant, parse_int=bounded_int)
    except json.JSONDecodeError as exc:
        raise error(f"{what} is not JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") from None
    except (ValueError, RecursionError) as exc:
        msg = str(exc) if not isinstance(exc, RecursionError) else "nested too deeply"
        raise error(f"{what} is not usable JSON: {shorten(msg, 120)}") from None
    problems = problems_of(value)
    if problems:
        from .schema import json_path

        key, message = problems[0]
        raise error(f"{what}: {json_path(key)}: {message}")
    return value


def dumps_json(value: Any, **kwargs: Any) -> str:
    """JSON text that any JSON reader accepts (never NaN or Infinity)."""
    return json.dumps(value, allow_nan=False, **kwargs)
