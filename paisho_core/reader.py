"""The one entry point for a game that arrives as text from outside: an upload, a paste, a
request.  It applies every rule for untrusted data, so a web app or a bot calls only this.

- The text is data: a record or position names a *registered* variant (an installed plugin or a
  variant file the process loaded explicitly), never a file, so opening it never runs code.
- Size, line length and nesting are held to :mod:`paisho_core.limits`.
- Every problem is a :class:`~paisho_core.errors.PaishoError` naming where it is.
"""
from __future__ import annotations

import json

from .boundary import bounded_int, refuse_constant
from .errors import PositionError
from .limits import MAX_DEPTH, LimitError, check_text


def parse_json(text: str, source: str | None = None):
    """JSON text to data; PositionError naming the line and column when it is not JSON, and
    LimitError when it is too large or nested deeper than MAX_DEPTH."""
    check_text(text, source, lines=False)
    try:
        data = json.loads(text, parse_constant=refuse_constant, parse_int=bounded_int)
    except json.JSONDecodeError as exc:
        raise PositionError([("$", f"line {exc.lineno}, column {exc.colno}: not JSON: "
                                   f"{exc.msg}")], source) from None
    except RecursionError:
        raise LimitError(f"nested more than {MAX_DEPTH} levels deep", source) from None
    except ValueError as exc:
        raise PositionError([("$", f"not usable JSON: {exc}")], source) from None
    if _depth(data) > MAX_DEPTH:
        raise LimitError(f"nested more than {MAX_DEPTH} levels deep", source)
    return data


def _depth(data) -> int:
    deepest = 0
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            value = list(value.values())
        if isinstance(value, list):
            deepest = max(deepest, depth)
            if depth <= MAX_DEPTH:
                stack.extend((v, depth + 1) for v in value)
    return deepest


def read_game(text: str, source: str | None = None, variant=None, strict: bool = False,
              options: dict | None = None):
    """A Game from the text of a record or a position (a JSON object).

    ``variant`` (a registered name or a :class:`~paisho_core.variant.Variant`) reads a record
    with no Variant tag and must agree with a tag that is there.  ``strict`` refuses the turns
    the tolerant reader would repair (see :func:`paisho_core.record.load_record`)."""
    from .position import from_position
    from .record import load_record

    if not isinstance(text, str):
        raise LimitError(f"a game is text, got {type(text).__name__}", source)
    check_text(text, source)
    if text.lstrip().startswith("{"):
        return from_position(parse_json(text, source), source=source)
    return load_record(text, source=source, variant=variant, strict=strict, options=options)
