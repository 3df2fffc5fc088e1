"""A variant definition as a document: YAML text parsed, held to the input limits and validated
against ``schemas/variant.schema.json``, every problem naming the source, the line and the field.

The text comes from the caller: reading files is :mod:`paisho_core.variant.files`' concern.
"""
from __future__ import annotations

from .. import boundary
from ..errors import VariantError
from ..schema import DocumentError, json_path, load_yaml, validator


def parse_document(text: str, source: str) -> tuple[dict, dict]:
    """Parse and schema-validate the text of a variant definition; returns (data, line map)."""
    try:
        data, lines = load_yaml(text, source)
        if not isinstance(data, dict):
            raise DocumentError(source, [("$", 1, "a variant definition must be a mapping of "
                                                  "fields such as 'name:' and 'extends:'")])
        boundary.check_document(data, source, lines)
        validate(data, source, lines)
    except DocumentError as exc:
        raise VariantError(str(exc)) from None
    return data, lines


def schema_problems(data: dict) -> list[tuple[tuple, str]]:
    """(JSON path, message) of every schema error; an unknown field is reported at its own
    path (so at its own line), not at the mapping that holds it."""
    out = []
    for err in sorted(validator("variant").iter_errors(data), key=lambda e: list(map(str, e.absolute_path))):
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


def validate(data: dict, source: str, lines: dict) -> None:
    problems = []
    for key, message in schema_problems(data):
        probe = key
        while probe and probe not in lines:
            probe = probe[:-1]
        problems.append((json_path(key), lines.get(probe), message))
    if problems:
        raise DocumentError(source, problems)


def data_key(message: str, source: object) -> tuple[tuple, str] | None:
    """The field of ``source`` a check's message names as ``<source>: rules.a.b[2]: what`` (the
    way the starting-layout checks name the YAML path they refuse), as a key tuple for
    :func:`problem`, and what is wrong; None when the message names no such field."""
    import re

    found = re.search(re.escape(str(source)) + r": ([A-Za-z_][\w-]*(?:\.[\w-]+|\[\d+\])*): (.*)", message,
                      re.S)
    if not found:
        return None
    parts = re.findall(r"[^.\[\]]+|\[\d+\]", found.group(1))
    key = tuple(int(p[1:-1]) if p.startswith("[") else p for p in parts)
    return key, found.group(2)


def problem(path: object, lines: dict, key: tuple, message: str) -> VariantError:
    """A VariantError naming the file, the line of ``key`` (or of its nearest parent) and the
    field's JSON path."""
    probe = tuple(key)
    while probe and probe not in lines:
        probe = probe[:-1]
    line = lines.get(probe) if lines else None
    where = f"line {line}, " if line else ""
    return VariantError(f"{path}: {where}{json_path(key)}: {message}")


