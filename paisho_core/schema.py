"""Loading YAML and JSON documents and validating them against the project's JSON Schemas.

Problems are reported with the document's file name, the line (for YAML) and the JSON path of
the offending field, all at once rather than one per run.
"""
from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any

import jsonschema
import yaml

from .errors import PaishoError


class DocumentError(PaishoError):
    """A YAML/JSON document that cannot be parsed or fails its schema."""

    def __init__(self, source: str, problems: list[tuple[str, int | None, str]]) -> None:
        self.source = source
        self.problems = problems
        lines = []
        for path, line, msg in problems:
            where = f"line {line}, " if line else ""
            lines.append(f"{source}: {where}{path}: {msg}")
        super().__init__("\n".join(lines))


@lru_cache(maxsize=None)
def schema(name: str) -> dict:
    """The JSON Schema ``schemas/<name>.schema.json`` shipped with the project."""
    text = resources.files("paisho_schemas").joinpath(f"{name}.schema.json").read_text("utf-8")
    return json.loads(text)


def json_path(path) -> str:
    out = "$"
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def _line_map(node, path=(), out=None) -> dict:
    """Map every JSON path of a composed YAML node tree to its 1-based line number."""
    if out is None:
        out = {}
    out[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            k = key.value
            out[path + (k,)] = key.start_mark.line + 1
            _line_map(value, path + (k,), out)
            out[path + (k,)] = key.start_mark.line + 1
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _line_map(item, path + (i,), out)
    return out


def load_yaml(text: str, source: str) -> tuple[Any, dict]:
    """Parse YAML text; returns (data, line map). Raises DocumentError naming the line."""
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else None
        problem = getattr(exc, "problem", None) or str(exc)
        raise DocumentError(source, [("$", line, f"not valid YAML: {problem}")]) from None
    return data, (_line_map(node) if node is not None else {})


def validate(data: Any, schema_name: str, source: str, lines: dict | None = None) -> None:
    """Validate ``data`` against a project schema; DocumentError lists every problem."""
    validator = jsonschema.Draft202012Validator(schema(schema_name))
    problems = []
    for err in sorted(validator.iter_errors(data), key=lambda e: list(map(str, e.absolute_path))):
        path = tuple(err.absolute_path)
        line = None
        if lines:
            probe = path
            while probe not in lines and probe:
                probe = probe[:-1]
            line = lines.get(probe)
        problems.append((json_path(path), line, err.message))
    if problems:
        raise DocumentError(source, problems)
