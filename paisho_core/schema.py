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

from . import limits
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


def _strict_integer(checker, value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


#: Draft 2020-12 with "integer" meaning a JSON whole number written without a fraction: the
#: standard also accepts 30.0, which would reach the engine as a float coordinate or turn.
StrictValidator = jsonschema.validators.extend(
    jsonschema.Draft202012Validator,
    type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", _strict_integer))


@lru_cache(maxsize=None)
def validator(name: str):
    """The strict validator of the project schema ``name``, built once."""
    return StrictValidator(schema(name))


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


def _line_map(root) -> dict:
    """Map the JSON paths of a composed YAML node graph to 1-based line numbers.

    Each node is visited once: a node reached again through an alias keeps the paths of its
    first visit (a problem under an alias is reported at the nearest parent with a line), so an
    alias bomb costs no more than its text."""
    out: dict = {}
    seen: set[int] = set()
    stack: list[tuple[yaml.Node, tuple]] = [(root, ())]
    while stack:
        node, path = stack.pop()
        out.setdefault(path, node.start_mark.line + 1)
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                k = key.value
                out[path + (k,)] = key.start_mark.line + 1
                stack.append((value, path + (k,)))
        elif isinstance(node, yaml.SequenceNode):
            for i, item in enumerate(node.value):
                stack.append((item, path + (i,)))
    return out


def _check_nesting(text: str, source: str) -> None:
    """Refuse YAML nested deeper than MAX_DEPTH, before the (recursive) composer sees it."""
    depth = 0
    for event in yaml.parse(text, Loader=yaml.SafeLoader):
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            depth += 1
            if depth > limits.MAX_DEPTH:
                line = event.start_mark.line + 1 if event.start_mark else 0
                raise DocumentError(source, [("$", line, f"nested more than {limits.MAX_DEPTH} "
                                                         f"levels deep")])
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            depth -= 1


def _check_expansion(root, source: str) -> None:
    """Refuse a node graph whose aliases expand past MAX_NODES nodes, or that contains itself.

    Sizes are computed once per node (a DAG walk), so the check never expands an alias."""
    size: dict[int, int] = {}
    on_path: set[int] = set()
    stack = [(root, False)]
    while stack:
        node, done = stack.pop()
        key = id(node)
        children = ([c for pair in node.value for c in pair] if isinstance(node, yaml.MappingNode)
                    else list(node.value) if isinstance(node, yaml.SequenceNode) else [])
        if done:
            on_path.discard(key)
            total = 1 + sum(size[id(c)] for c in children)
            if total > limits.MAX_NODES:
                raise DocumentError(source, [("$", node.start_mark.line + 1,
                                              f"aliases expand this document past "
                                              f"{limits.MAX_NODES} values; write it out or use "
                                              f"fewer aliases")])
            size[key] = total
            continue
        if key in size:
            continue
        if key in on_path:
            raise DocumentError(source, [("$", node.start_mark.line + 1,
                                          "an alias refers to a value that contains it")])
        on_path.add(key)
        stack.append((node, True))
        stack.extend((c, False) for c in children if id(c) not in size)


_PLAIN_TAGS = {f"tag:yaml.org,2002:{t}" for t in ("str", "int", "float", "bool", "null", "map", "seq")}


def _check_scalars(root, source: str) -> None:
    """Refuse, at its line, every value a JSON document could not hold (``!!timestamp``,
    ``!!binary``, ``!!set``...) and every scalar its own tag cannot read (``!!bool maybe``,
    ``!!int 0x``, a number of thousands of digits), before the document is built."""
    seen: set[int] = set()
    stack = [root]
    loader = yaml.SafeLoader("")
    problems: list[tuple[str, int | None, str]] = []
    try:
        while stack and len(problems) < 20:
            node = stack.pop()
            if id(node) in seen:
                continue
            seen.add(id(node))
            line = node.start_mark.line + 1
            if node.tag not in _PLAIN_TAGS:
                short = node.tag.replace("tag:yaml.org,2002:", "!!")
                problems.append(("$", line, f"the tag {short} is not read here (only text, "
                                            f"numbers, true/false, null, lists and mappings)"))
                continue
            if isinstance(node, yaml.MappingNode):
                stack.extend(c for pair in node.value for c in pair)
            elif isinstance(node, yaml.SequenceNode):
                stack.extend(node.value)
            elif node.tag != "tag:yaml.org,2002:str":
                if len(node.value) > 40:
                    problems.append(("$", line, f"a value of {len(node.value)} characters cannot "
                                                f"be a number or true/false"))
                    continue
                try:
                    loader.construct_object(node)
                except Exception:  # the tag's own reader refused the text
                    kind = node.tag.replace("tag:yaml.org,2002:", "")
                    problems.append(("$", line, f"{node.value[:40]!r} cannot be read as {kind}"))
    finally:
        loader.dispose()
    if problems:
        raise DocumentError(source, problems)


def load_yaml(text: str, source: str) -> tuple[Any, dict]:
    """Parse YAML text; returns (data, line map). Raises DocumentError naming the line.

    Untrusted text is held to :mod:`paisho_core.limits`: size, line length, nesting depth and
    the size of the document once aliases are expanded are all checked before the data is
    built."""
    try:
        limits.check_text(text, source)
    except limits.LimitError as exc:
        raise DocumentError(source, [("$", exc.line, exc.detail)]) from None
    try:
        _check_nesting(text, source)
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        if node is None:
            return None, {}
        _check_expansion(node, source)
        _check_scalars(node, source)
        loader = yaml.SafeLoader("")
        try:
            data = loader.construct_document(node)
        finally:
            loader.dispose()
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else None
        problem = getattr(exc, "problem", None) or str(exc)
        raise DocumentError(source, [("$", line, f"not valid YAML: {problem}")]) from None
    return data, _line_map(node)


def validate(data: Any, schema_name: str, source: str, lines: dict | None = None) -> None:
    """Validate ``data`` against a project schema; DocumentError lists every problem."""
    problems = []
    for err in sorted(validator(schema_name).iter_errors(data), key=lambda e: list(map(str, e.absolute_path))):
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
